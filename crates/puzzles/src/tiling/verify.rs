//! The tiling verifier, independent of the solvers: it checks a tiling cell by cell.

use std::fmt;

use crate::tiling::{Puzzle, Tiling, Verdict};

/// What is wrong with a tiling.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// A placement index that is not one of the puzzle's.
    UnknownPlacement {
        /// The index.
        index: usize,
    },
    /// A cell covered twice.
    Overlap {
        /// 0-based row and column of the board.
        cell: (i32, i32),
    },
    /// A cell left uncovered.
    Uncovered {
        /// 0-based row and column of the board.
        cell: (i32, i32),
    },
    /// A piece used more times than it has copies, or (when the pieces cover the board exactly)
    /// fewer.
    Copies {
        /// The piece's name.
        piece: String,
        /// Times used.
        used: u32,
        /// Its copies.
        copies: u32,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::UnknownPlacement { index } => {
                write!(f, "placement {index} is not one of the puzzle's")
            }
            Violation::Overlap { cell: (r, c) } => {
                write!(f, "the cell at row {}, column {} is covered twice", r + 1, c + 1)
            }
            Violation::Uncovered { cell: (r, c) } => {
                write!(f, "the cell at row {}, column {} is not covered", r + 1, c + 1)
            }
            Violation::Copies { piece, used, copies } => {
                write!(f, "piece {piece} is used {used} times; it has {copies} copies")
            }
        }
    }
}

/// Checks a tiling of `puzzle` independently of the solvers: placements of this puzzle, every
/// cell covered exactly once, no piece used more than its copies (and every copy, when the
/// pieces' area equals the board's, [`Puzzle::uses_every_piece`]).
pub fn verify(puzzle: &Puzzle, tiling: &Tiling) -> Verdict {
    let mut violations = Vec::new();
    let mut covered = vec![false; puzzle.cells().len()];
    let mut used = vec![0u32; puzzle.pieces().len()];
    for &index in &tiling.placements {
        let Some(placement) = puzzle.placements().get(index) else {
            violations.push(Violation::UnknownPlacement { index });
            continue;
        };
        used[placement.piece] += 1;
        for &c in &placement.cells {
            if std::mem::replace(&mut covered[c as usize], true) {
                violations.push(Violation::Overlap { cell: puzzle.cells()[c as usize] });
            }
        }
    }
    for (piece, &n) in puzzle.pieces().iter().zip(&used) {
        let copies = piece.copies();
        if n > copies || (puzzle.uses_every_piece() && n != copies) {
            violations.push(Violation::Copies { piece: piece.name().to_string(), used: n, copies });
        }
    }
    for (i, &c) in covered.iter().enumerate() {
        if !c {
            violations.push(Violation::Uncovered { cell: puzzle.cells()[i] });
        }
    }
    Verdict::new(violations)
}
