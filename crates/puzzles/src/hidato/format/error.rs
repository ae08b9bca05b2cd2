//! [`ReadError`]: what the Hidato reader finds wrong in a file, told apart kind by kind. It
//! travels in [`ParseErrorKind::Reader`](crate::ParseErrorKind::Reader), whose
//! [`ParseError`](crate::ParseError) says where.

use crate::hidato::MAX_SIDE;
use crate::{ParseErrorKind, ReaderError};

/// What is wrong in a Hidato file (text or JSON).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The text holds nothing but whitespace.
    #[error("no puzzle; expected the number of puzzles, then `W H` and the rows")]
    NoPuzzle,
    /// A field that should be an integer.
    #[error("{found:?} is not {expected}")]
    NotAnInteger {
        /// The field as written.
        found: String,
        /// What was expected there, e.g. "the width (an integer from 1 to 1000)".
        expected: String,
    },
    /// A line that should be a puzzle's `W H`.
    #[error("expected a puzzle's width and height `W H`, found {found} fields")]
    BadHeader {
        /// Fields on the line.
        found: usize,
    },
    /// A width or height of zero.
    #[error("a board of {width}x{height} has no cells; width and height are at least 1")]
    ZeroSize {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A width or height above [`MAX_SIDE`].
    #[error("a board of {width}x{height} is too large; width and height are at most {max}", max = MAX_SIDE)]
    TooBig {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A row with too few or too many numbers.
    #[error("row {row} has {found} numbers; the puzzle is {expected} wide")]
    RowLength {
        /// 1-based row of the puzzle.
        row: usize,
        /// The width.
        expected: usize,
        /// Numbers on the line.
        found: usize,
    },
    /// The puzzle ends before its last row.
    #[error("the puzzle of line {header} has {}; its header says {expected}", rows(*found))]
    TooFewRows {
        /// The line of the puzzle's `W H`.
        header: usize,
        /// The height.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A row after the puzzle's last one.
    #[error("one row too many: the puzzle of line {header} is {height} high")]
    TooManyRows {
        /// The line of the puzzle's `W H`.
        header: usize,
        /// The height.
        height: usize,
    },
    /// The count line disagrees with the puzzles that follow.
    #[error("the first line says {declared} puzzles, but {found} follow")]
    CountMismatch {
        /// The count line's number.
        declared: usize,
        /// Puzzles found (or "more").
        found: String,
    },
    /// A value below -1.
    #[error("{value} is not a cell; expected -1 (hole), 0 (empty) or a number from 1")]
    BelowHole {
        /// The value.
        value: i64,
    },
    /// A number above the count of cells.
    #[error("{value} is too large: the board has {cells} cells, so numbers go up to {cells}")]
    TooLarge {
        /// The value.
        value: i64,
        /// Cells that are not holes.
        cells: usize,
    },
    /// A number given twice; the error is at the second place.
    #[error("{value} is given twice: at ({first_column},{first_row}) (line {first_line}, column {first_text_column}) and ({column},{row})")]
    Twice {
        /// The number.
        value: i32,
        /// Board column of its first place (1-based).
        first_column: usize,
        /// Board row of its first place (1-based).
        first_row: usize,
        /// Text line of its first place.
        first_line: usize,
        /// Text column of its first place.
        first_text_column: usize,
        /// Board column of the second place.
        column: usize,
        /// Board row of the second place.
        row: usize,
    },
    /// Every cell is a hole.
    #[error("the board has no cells, only holes (-1)")]
    NoCells,
    /// The cells do not make a board (a check of [`Hidato::new`](crate::hidato::Hidato::new) that the reader did not make).
    #[error("{0}")]
    Board(crate::ShapeError),
    /// Bad JSON, or a JSON puzzle that is not a board (the message names the path).
    #[error("{message}")]
    Json {
        /// serde_json's message or ours.
        message: String,
    },
}

impl From<ReadError> for ParseErrorKind {
    fn from(err: ReadError) -> Self {
        ParseErrorKind::Reader(ReaderError::new(err))
    }
}

/// "1 row", "2 rows".
fn rows(n: usize) -> String {
    if n == 1 {
        "1 row".to_string()
    } else {
        format!("{n} rows")
    }
}
