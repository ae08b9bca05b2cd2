//! The verifier, independent of the solvers: it reads the runs of every row and column of the
//! answer straight from its cells and compares them with the clues.

use std::fmt;

use crate::nonogram::model::{runs_of, runs_text};
use crate::nonogram::{Nonogram, Shading, Verdict};

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
    /// A row whose runs are not its clue.
    Row {
        /// 0-based row.
        row: usize,
        /// Its runs in the answer.
        found: Vec<u32>,
        /// Its clue.
        expected: Vec<u32>,
    },
    /// A column whose runs are not its clue.
    Column {
        /// 0-based column.
        column: usize,
        /// Its runs in the answer.
        found: Vec<u32>,
        /// Its clue.
        expected: Vec<u32>,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size { found, expected } => {
                write!(f, "the answer is {}x{}, the puzzle {}x{}", found.0, found.1, expected.0, expected.1)
            }
            Violation::Row { row, found, expected } => write!(
                f,
                "row {} has the runs {}, its clue is {}",
                row + 1,
                runs_text(found),
                runs_text(expected)
            ),
            Violation::Column { column, found, expected } => write!(
                f,
                "column {} has the runs {}, its clue is {}",
                column + 1,
                runs_text(found),
                runs_text(expected)
            ),
        }
    }
}

/// Every rule `answer` breaks on `board`.
pub fn verify(board: &Nonogram, answer: &Shading) -> Verdict {
    let (w, h) = (board.width(), board.height());
    if (answer.width(), answer.height()) != (w, h) {
        return Verdict::new(vec![Violation::Size {
            found: (answer.width(), answer.height()),
            expected: (w, h),
        }]);
    }
    let cells = answer.cells();
    let mut violations = Vec::new();
    for (row, expected) in board.rows().iter().enumerate() {
        let found = runs_of((0..w).map(|c| cells[row * w + c]));
        if &found != expected {
            violations.push(Violation::Row { row, found, expected: expected.clone() });
        }
    }
    for (column, expected) in board.columns().iter().enumerate() {
        let found = runs_of((0..h).map(|r| cells[r * w + column]));
        if &found != expected {
            violations.push(Violation::Column { column, found, expected: expected.clone() });
        }
    }
    Verdict::new(violations)
}
