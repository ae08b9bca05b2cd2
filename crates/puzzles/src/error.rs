//! [`Error`]: everything that can go wrong in this crate, for every puzzle, with the place of
//! every mistake in a text.

/// Everything that can go wrong in this crate: text that cannot be read, a grid or board that
/// breaks its puzzle's rules, a number out of range, an unknown name. Searches that run out of
/// budget are not errors: they answer [`GaveUp`](tessera_xc::GaveUp).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Text that could not be read: where, and what.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A grid, board, layout or piece set that breaks its puzzle's rules.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A number outside the range the puzzle supports (a size, a count).
    #[error("{what} is {value}; it must be from {min} to {max}")]
    OutOfRange {
        /// What the number is, e.g. "the board's side".
        what: &'static str,
        /// The number given.
        value: u64,
        /// The least accepted.
        min: u64,
        /// The greatest accepted.
        max: u64,
    },
    /// A name that is none of the accepted ones (an engine, a level, a symmetry).
    #[error("unknown {what} {found:?}; expected one of {expected}")]
    UnknownName {
        /// What the name stands for, e.g. "engine".
        what: &'static str,
        /// The name given.
        found: String,
        /// The accepted names, comma-separated.
        expected: &'static str,
    },
}

impl Error {
    /// A parse error at a place (1-based line and column, in characters), said in words.
    pub(crate) fn parse(line: usize, column: usize, message: impl Into<String>) -> Self {
        Error::Parse(ParseError::new(line, column, ParseErrorKind::Message(message.into())))
    }

    /// A broken rule of shape, said in words.
    pub(crate) fn shape(message: impl Into<String>) -> Self {
        Error::Shape(ShapeError::Message(message.into()))
    }

    /// Where a parse error is (1-based line and column), if it is one.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            Error::Parse(err) => Some((err.line, err.column)),
            _ => None,
        }
    }
}

/// A mistake in a text: where it is (1-based line and column, in characters; a tab counts one)
/// and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        ParseError { line, column, kind }
    }
}

/// What is wrong in a puzzle file; [`ParseError`] says where. Hidato's reader tells every kind
/// apart; the other readers say what is wrong in words ([`ParseErrorKind::Message`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
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
    /// A width or height above [`MAX_SIDE`](crate::hidato::MAX_SIDE).
    #[error("a board of {width}x{height} is too large; width and height are at most {max}", max = crate::hidato::MAX_SIDE)]
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
    Board(ShapeError),
    /// Bad JSON, or a JSON puzzle that is not a board (the message names the path).
    #[error("{message}")]
    Json {
        /// serde_json's message or ours.
        message: String,
    },
    /// Any other mistake, in words: what was found and what was expected.
    #[error("{0}")]
    Message(String),
}

/// Why cells do not make a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// Width or height is zero, or the cell count does not match them.
    #[error("a {width}x{height} board needs {expected} cells, not {found}")]
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// `width * height`.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// Every cell is a hole.
    #[error("the board has no cells, only holes")]
    NoCells,
    /// A value below -1.
    #[error("cell ({column},{row}) holds {value}: a cell is -1 (hole), 0 (empty) or a number from 1")]
    BadValue {
        /// 1-based column.
        column: usize,
        /// 1-based row.
        row: usize,
        /// The value.
        value: i32,
    },
    /// A number above the count of cells.
    #[error("cell ({column},{row}) holds {value}, but the board has only {cells} cells")]
    TooLarge {
        /// 1-based column.
        column: usize,
        /// 1-based row.
        row: usize,
        /// The value.
        value: i32,
        /// Non-hole cells.
        cells: usize,
    },
    /// A number given in two cells.
    #[error("{value} is given twice: at ({first_column},{first_row}) and ({column},{row})")]
    Twice {
        /// The number.
        value: i32,
        /// 1-based column of its first place.
        first_column: usize,
        /// 1-based row of its first place.
        first_row: usize,
        /// 1-based column of its second place.
        column: usize,
        /// 1-based row of its second place.
        row: usize,
    },
    /// Any other broken rule of shape, in words (a Sudoku layout, a tiling board or piece set).
    #[error("{0}")]
    Message(String),
}

/// "1 row", "2 rows".
fn rows(n: usize) -> String {
    if n == 1 {
        "1 row".to_string()
    } else {
        format!("{n} rows")
    }
}
