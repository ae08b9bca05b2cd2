//! The errors of a read: which rule of the format was broken ([`ParseErrorKind`]) and where
//! ([`ParseError`]), including the problem builder's errors placed at a position of the text.

use crate::Error;

/// Which rule of the format a text broke: a [`ParseError`]'s kind, for callers that want to react
/// to particular errors without reading messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The bytes given to [`parse_bytes`](super::parse_bytes) are not UTF-8 (outside comment lines).
    InvalidUtf8,
    /// The input ended before any line that is neither blank nor a comment: there is no items line.
    MissingItems,
    /// An item name holds a character no name may hold (`:`, `|`, a control character, U+FEFF),
    /// or a token of an option has no name before its `:`.
    BadItemName,
    /// An item of the items line carries a colour (`x:A`); colours belong on options.
    ColorInItemsLine,
    /// The items line declares the same name twice.
    DuplicateItem,
    /// The items line holds a second lone `|`.
    SecondSeparator,
    /// An option line holds a lone `|`, which only the items line may contain.
    SeparatorInOption,
    /// An option names an item the items line did not declare.
    UnknownItem,
    /// An option names the same item twice.
    RepeatedItem,
    /// A colour is empty (`x:`) or holds a character no colour may hold (`x:A:B`).
    BadColor,
    /// A colour is given to a primary item.
    ColorOnPrimary,
    /// Bounds `u:v|name` (Knuth's DLX3) that are not numbers, or that no item can carry: `v` is
    /// 0 or `u > v`.
    BadBounds,
    /// Bounds given to a secondary item (after the `|` of the items line): only primary items
    /// take them.
    BoundsOnSecondary,
    /// An option names only secondary items, so it could never be chosen.
    NoPrimaryItem,
    /// More items, options or nodes than the links can address.
    TooLarge,
    /// Any other error the problem builder reported.
    Other,
}

/// An error in text of Knuth's format: where it is, which rule it broke, and a message.
///
/// Displays as `line L, column C: message`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
#[non_exhaustive]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters, of the offending token's first character.
    pub column: usize,
    /// Which rule was broken.
    pub kind: ParseErrorKind,
    /// What was wrong and what was expected.
    pub message: String,
}

impl ParseError {
    pub(super) fn new(kind: ParseErrorKind, line: usize, column: usize, message: String) -> Self {
        Self { line, column, kind, message }
    }

    /// Places an error of the problem builder at a position of the text.
    pub(super) fn from_builder(err: Error, line: usize, column: usize) -> Self {
        let kind = match &err {
            Error::BadItemName { .. } => ParseErrorKind::BadItemName,
            Error::DuplicateItem { .. } => ParseErrorKind::DuplicateItem,
            Error::RepeatedItem { .. } => ParseErrorKind::RepeatedItem,
            Error::ColorOnPrimary { .. } => ParseErrorKind::ColorOnPrimary,
            Error::BadBounds { .. } => ParseErrorKind::BadBounds,
            Error::NoPrimaryItem => ParseErrorKind::NoPrimaryItem,
            Error::TooLarge { .. } => ParseErrorKind::TooLarge,
            _ => ParseErrorKind::Other,
        };
        Self::new(kind, line, column, err.to_string())
    }
}
