//! The verifier, independent of the solvers: it walks every run of the board in the answer's
//! cells and checks the digits there, their differences and their sum.

use std::fmt;

use crate::kakuro::model::name;
use crate::kakuro::{Digits, Kakuro, Verdict};

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
    /// A white cell without a digit.
    Empty {
        /// The cell (row by row from 0).
        cell: usize,
        /// Its name, r1c1-style.
        name: String,
    },
    /// A digit written in a block.
    InBlock {
        /// The cell.
        cell: usize,
        /// Its name, r1c1-style.
        name: String,
    },
    /// A run holding a digit twice.
    Repeat {
        /// Its cells.
        cells: Vec<usize>,
        /// The digit.
        digit: u8,
        /// Its first cell's name, r1c1-style.
        from: String,
    },
    /// A full run whose digits do not add up to its clue.
    Sum {
        /// Its cells.
        cells: Vec<usize>,
        /// Their sum.
        found: u32,
        /// The clue.
        expected: u32,
        /// Its first cell's name, r1c1-style.
        from: String,
    },
}

impl Violation {
    /// The cells the violation names.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Violation::Size { .. } => Vec::new(),
            Violation::Empty { cell, .. } | Violation::InBlock { cell, .. } => vec![*cell],
            Violation::Repeat { cells, .. } | Violation::Sum { cells, .. } => cells.clone(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size { found, expected } => {
                write!(f, "the answer is {}x{}, the puzzle {}x{}", found.0, found.1, expected.0, expected.1)
            }
            Violation::Empty { name, .. } => write!(f, "{name} has no digit"),
            Violation::InBlock { name, .. } => write!(f, "{name} is a block and holds a digit"),
            Violation::Repeat { from, digit, .. } => write!(f, "the run from {from} holds {digit} twice"),
            Violation::Sum { from, found, expected, .. } => {
                write!(f, "the run from {from} adds up to {found}, its clue is {expected}")
            }
        }
    }
}

/// Every rule `answer` breaks on `board`.
pub fn verify(board: &Kakuro, answer: &Digits) -> Verdict {
    let (w, h) = (board.width(), board.height());
    if (answer.width(), answer.height()) != (w, h) {
        return Verdict::new(vec![Violation::Size {
            found: (answer.width(), answer.height()),
            expected: (w, h),
        }]);
    }
    let digits = answer.cells();
    let mut violations = Vec::new();
    for (cell, kind) in board.cells().iter().enumerate() {
        match (kind.is_white(), digits[cell]) {
            (true, 0) => violations.push(Violation::Empty { cell, name: name(cell, w) }),
            (false, d) if d != 0 => violations.push(Violation::InBlock { cell, name: name(cell, w) }),
            _ => {}
        }
    }
    // The runs, read again from the grid rather than taken from the board's list.
    for down in [false, true] {
        let (lines, length) = if down { (w, h) } else { (h, w) };
        for line in 0..lines {
            let at = |k: usize| if down { k * w + line } else { line * w + k };
            let mut k = 0;
            while k < length {
                if !board.cells()[at(k)].is_white() {
                    k += 1;
                    continue;
                }
                let start = k;
                while k < length && board.cells()[at(k)].is_white() {
                    k += 1;
                }
                let cells: Vec<usize> = (start..k).map(at).collect();
                let mut seen = [false; 10];
                for &cell in &cells {
                    let d = digits[cell];
                    if d != 0 && std::mem::replace(&mut seen[usize::from(d)], true) {
                        violations.push(Violation::Repeat {
                            cells: cells.clone(),
                            digit: d,
                            from: name(cells[0], w),
                        });
                    }
                }
                let clue = (start > 0).then(|| board.cells()[at(start - 1)]).and_then(|block| match block {
                    crate::kakuro::Cell::Block { down: d, right: r } => {
                        if down {
                            d
                        } else {
                            r
                        }
                    }
                    crate::kakuro::Cell::White => None,
                });
                if let Some(expected) = clue {
                    if cells.iter().all(|&c| digits[c] != 0) {
                        let found: u32 = cells.iter().map(|&c| u32::from(digits[c])).sum();
                        if found != expected {
                            violations.push(Violation::Sum {
                                from: name(cells[0], w),
                                cells,
                                found,
                                expected,
                            });
                        }
                    }
                }
            }
        }
    }
    Verdict::new(violations)
}
