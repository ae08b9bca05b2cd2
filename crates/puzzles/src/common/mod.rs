//! What every puzzle shares: the shape of a question ([`Query`]) and of its answers ([`Count`],
//! [`Solutions`], [`Verdict`]), the exact-cover reduction trait ([`Reduction`]), and the small
//! helpers of the searches (seeds, budget checks, bitsets).
//!
//! Every puzzle module (`sudoku`, `hidato`, `tiling`, `queens`) offers the same calls, with the same
//! argument order and result types (see docs/ARCHITECTURE.md):
//!
//! | call | result |
//! |---|---|
//! | `solve(&puzzle, &query)` | `Result<Option<Solution>, GaveUp>` |
//! | `count(&puzzle, &query)` | [`Count`]: solutions, and whether that is exact, a limit or a lower bound |
//! | `solutions(&puzzle, &query)` | [`Solutions`]: up to `query.limit` solutions, and their [`Count`] |
//! | `verify(&puzzle, &answer)` | [`Verdict`] of the puzzle's violations |
//!
//! where `query` is the puzzle's `Query` (a [`Query`] over that puzzle's `Engine`).

pub(crate) mod bits;
pub(crate) mod budget;
mod query;
mod reduction;
pub(crate) mod seed;
mod verdict;

pub use query::{Query, Solutions};
pub(crate) use reduction::first;
pub use reduction::{CoverQuery, Reduction};
pub use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};
pub use verdict::Verdict;

/// The value of `all` whose `name` is `text` (ignoring case and surrounding spaces), or an
/// [`Error::UnknownName`](crate::Error::UnknownName) that lists `expected`: the `FromStr` of every
/// puzzle's `Engine` and `Difficulty`.
pub(crate) fn from_name<T: Copy>(
    what: &'static str,
    text: &str,
    all: &[T],
    name: fn(T) -> &'static str,
    expected: &'static str,
) -> Result<T, crate::Error> {
    let wanted = text.trim().to_ascii_lowercase();
    all.iter().copied().find(|&value| name(value) == wanted).ok_or_else(|| crate::Error::UnknownName {
        what,
        found: text.to_string(),
        expected,
    })
}
