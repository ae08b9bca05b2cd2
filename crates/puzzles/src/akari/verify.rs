//! The verifier, independent of the solvers: it walks out from every bulb along its row and its
//! column to the walls, and counts the bulbs beside every numbered wall, from the answer's cells
//! alone.

use std::fmt;

use crate::akari::model::{name, names};
use crate::akari::{Akari, Bulbs, Cell, Verdict};

/// A rule an answer breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The answer's size is not the board's.
    Size {
        /// The answer's width and height.
        found: (usize, usize),
        /// The board's.
        expected: (usize, usize),
    },
    /// A bulb on a wall.
    OnWall {
        /// The wall's cell (row by row from 0).
        cell: usize,
        /// The board's width, to name it.
        width: usize,
    },
    /// Two bulbs light each other (one row or column, no wall between them).
    SeeEachOther {
        /// The first bulb.
        a: usize,
        /// The second.
        b: usize,
        /// The board's width.
        width: usize,
    },
    /// White cells no bulb lights.
    Unlit {
        /// Every one of them.
        cells: Vec<usize>,
        /// The board's width.
        width: usize,
    },
    /// A numbered wall with another number of bulbs beside it.
    WallCount {
        /// The wall.
        cell: usize,
        /// Its number.
        expected: u8,
        /// The bulbs beside it.
        found: u8,
        /// The board's width.
        width: usize,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size { found, expected } => {
                write!(f, "the answer is {}x{}, the puzzle {}x{}", found.0, found.1, expected.0, expected.1)
            }
            Violation::OnWall { cell, width } => write!(f, "a bulb on the wall at {}", name(*cell, *width)),
            Violation::SeeEachOther { a, b, width } => {
                write!(f, "the bulbs at {} and {} light each other", name(*a, *width), name(*b, *width))
            }
            Violation::Unlit { cells, width } => {
                let s = if cells.len() == 1 { "" } else { "s" };
                write!(f, "no bulb lights the cell{s} {}", names(cells, *width))
            }
            Violation::WallCount { cell, expected, found, width } => write!(
                f,
                "the wall {expected} at {} has {found} bulb{} beside it",
                name(*cell, *width),
                if *found == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Every rule `answer` breaks on `board`.
pub fn verify(board: &Akari, answer: &Bulbs) -> Verdict {
    let (w, h) = (board.width(), board.height());
    if (answer.width(), answer.height()) != (w, h) {
        return Verdict::new(vec![Violation::Size {
            found: (answer.width(), answer.height()),
            expected: (w, h),
        }]);
    }
    let bulbs = answer.cells();
    let mut violations = Vec::new();
    let mut lit = vec![false; w * h];
    for i in (0..w * h).filter(|&i| bulbs[i]) {
        if !board.is_white(i) {
            violations.push(Violation::OnWall { cell: i, width: w });
            continue;
        }
        lit[i] = true;
        let (r, c) = ((i / w) as isize, (i % w) as isize);
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (mut rr, mut cc) = (r + dr, c + dc);
            while rr >= 0 && cc >= 0 && (rr as usize) < h && (cc as usize) < w {
                let j = rr as usize * w + cc as usize;
                if !board.is_white(j) {
                    break;
                }
                lit[j] = true;
                // Each pair once: named from the earlier bulb.
                if bulbs[j] && j > i {
                    violations.push(Violation::SeeEachOther { a: i, b: j, width: w });
                }
                rr += dr;
                cc += dc;
            }
        }
    }
    let dark: Vec<usize> = (0..w * h).filter(|&i| board.is_white(i) && !lit[i]).collect();
    if !dark.is_empty() {
        violations.push(Violation::Unlit { cells: dark, width: w });
    }
    for (i, cell) in board.cells().iter().enumerate() {
        if let Cell::Wall(Some(expected)) = *cell {
            let found =
                board.neighbours(i).into_iter().filter(|&j| bulbs[j] && board.is_white(j)).count() as u8;
            if found != expected {
                violations.push(Violation::WallCount { cell: i, expected, found, width: w });
            }
        }
    }
    Verdict::new(violations)
}
