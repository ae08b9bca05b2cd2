//! The N-queens verifier, independent of the solvers: it checks a placement square by square.

use std::fmt;

use crate::queens::{Board, Verdict};

/// What is wrong with a placement.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// Not one queen per row: the answer has `found` rows for a board of `n`.
    Rows {
        /// Rows in the answer.
        found: usize,
        /// The board's side.
        n: usize,
    },
    /// A queen off the board.
    OffBoard {
        /// 0-based row.
        row: usize,
        /// Its column, `n` or more.
        column: usize,
    },
    /// Two queens in one column.
    Column {
        /// 0-based rows of the two queens.
        rows: (usize, usize),
    },
    /// Two queens on one diagonal.
    Diagonal {
        /// 0-based rows of the two queens.
        rows: (usize, usize),
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Rows { found, n } => write!(f, "{found} rows for a board of {n}"),
            Violation::OffBoard { row, column } => {
                write!(f, "row {}: column {} is off the board", row + 1, column + 1)
            }
            Violation::Column { rows: (a, b) } => write!(f, "rows {} and {} share a column", a + 1, b + 1),
            Violation::Diagonal { rows: (a, b) } => {
                write!(f, "rows {} and {} share a diagonal", a + 1, b + 1)
            }
        }
    }
}

/// Checks a placement (the queen's column in each row) on `board`: one queen per row, columns on
/// the board and all different, no two queens on a diagonal.
///
/// ```
/// use tessera::queens::{verify, Board};
/// let board = Board::new(4)?;
/// assert!(verify(&board, &[1, 3, 0, 2]).is_valid());
/// assert_eq!(verify(&board, &[0, 1, 3, 2]).to_string(), "rows 1 and 2 share a diagonal\nrows 3 and 4 share a diagonal");
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn verify(board: &Board, columns: &[usize]) -> Verdict {
    let n = board.n();
    let mut violations = Vec::new();
    if columns.len() != n {
        violations.push(Violation::Rows { found: columns.len(), n });
    }
    for (row, &column) in columns.iter().enumerate() {
        if column >= n {
            violations.push(Violation::OffBoard { row, column });
            continue;
        }
        for (above, &other) in columns[..row].iter().enumerate() {
            if other == column {
                violations.push(Violation::Column { rows: (above, row) });
            } else if row - above == column.abs_diff(other) {
                violations.push(Violation::Diagonal { rows: (above, row) });
            }
        }
    }
    Verdict::new(violations)
}
