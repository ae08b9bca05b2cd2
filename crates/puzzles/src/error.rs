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
    /// A registry file ([`crate::common::registry`]) that cannot be read, written or trusted.
    #[error("{path}: {}{message}", line.map(|line| format!("line {line}: ")).unwrap_or_default())]
    Registry {
        /// The file.
        path: String,
        /// The line at fault, from 1, when one is.
        line: Option<usize>,
        /// What is wrong.
        message: String,
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
    pub(crate) fn new(line: usize, column: usize, kind: impl Into<ParseErrorKind>) -> Self {
        ParseError { line, column, kind: kind.into() }
    }
}

/// What is wrong in a puzzle file; [`ParseError`] says where. A reader says it in words
/// ([`ParseErrorKind::Message`]) or in its own typed error ([`ParseErrorKind::Reader`], e.g.
/// Hidato's `hidato::ReadError`), so that every puzzle's mistakes belong to it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// What was found and what was expected, in words.
    #[error("{0}")]
    Message(String),
    /// A puzzle reader's own kind of mistake.
    #[error(transparent)]
    Reader(ReaderError),
}

impl ParseErrorKind {
    /// The reader's own error, if it is one of type `T`.
    ///
    /// ```
    /// use tessera::hidato::{parse_puzzles, Adjacency, ReadError};
    /// let err = parse_puzzles("1\n2 1\n1 1\n", Adjacency::King).unwrap_err();
    /// let tessera::Error::Parse(err) = err else { panic!("a parse error") };
    /// assert!(matches!(err.kind.downcast_ref::<ReadError>(), Some(ReadError::Twice { .. })));
    /// ```
    pub fn downcast_ref<T: std::error::Error + 'static>(&self) -> Option<&T> {
        match self {
            ParseErrorKind::Reader(err) => err.0.downcast_ref::<T>(),
            ParseErrorKind::Message(_) => None,
        }
    }
}

/// A puzzle reader's own error type, kept whole (see [`ParseErrorKind::downcast_ref`]). Two are
/// equal when they say the same.
#[derive(Debug, Clone, thiserror::Error)]
#[error(transparent)]
pub struct ReaderError(std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl ReaderError {
    /// Wraps a reader's error.
    pub fn new(err: impl std::error::Error + Send + Sync + 'static) -> Self {
        ReaderError(std::sync::Arc::new(err))
    }
}

impl PartialEq for ReaderError {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for ReaderError {}

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
