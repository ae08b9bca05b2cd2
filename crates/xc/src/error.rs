//! The crate's one error type.

use crate::format::ParseError;

/// Everything that can go wrong while building a problem or reading one.
///
/// "No solution" is not an error: it is a count of zero or `None`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Two items were given the same name.
    #[error("item {name:?} is declared twice")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An item name is empty or holds a character that Knuth's format reserves.
    #[error("item name {name:?} is not valid: {reason}")]
    BadItemName {
        /// The offending name.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An option with no items at all.
    #[error("an option must name at least one item")]
    EmptyOption,
    /// An option that names only secondary items: it could never be chosen.
    #[error("an option must name at least one primary item")]
    NoPrimaryItem,
    /// The same item appears twice in one option.
    #[error("item {name:?} appears twice in one option")]
    RepeatedItem {
        /// The repeated item's name.
        name: String,
    },
    /// A colour was given to a primary item; only secondary items can carry colours.
    #[error("primary item {name:?} cannot have a colour")]
    ColorOnPrimary {
        /// The primary item's name.
        name: String,
    },
    /// Bounds `min:max` that no item can carry: `max` is 0 or `min > max`.
    #[error("item {name:?} cannot have bounds {min}:{max}: {reason}")]
    BadBounds {
        /// The item's name.
        name: String,
        /// The lower bound given.
        min: u32,
        /// The upper bound given.
        max: u32,
        /// What is wrong with them.
        reason: &'static str,
    },
    /// An [`ItemId`](crate::ItemId) or [`Color`](crate::Color) that this builder did not hand out.
    #[error("unknown {what} id {id}")]
    UnknownId {
        /// "item" or "colour".
        what: &'static str,
        /// The raw id.
        id: u32,
    },
    /// More items, options or nodes than 32-bit links can address.
    #[error("the problem is too large: more than {limit} {what}")]
    TooLarge {
        /// "items", "options" or "nodes".
        what: &'static str,
        /// The limit that was passed.
        limit: u64,
    },
    /// Something this crate does not do, e.g. [`Solver::trace`](crate::Solver::trace) on a
    /// problem with multiplicities.
    #[error("{what} is not supported")]
    Unsupported {
        /// What was asked.
        what: &'static str,
    },
    /// Text in Knuth's format that could not be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
}
