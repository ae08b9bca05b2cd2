//! The Boolean encoding of a [`Variant`] under CaDiCaL: the independent route that cross-checks
//! the propagating search, and `auto`'s learner once that search stalls.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::variant::model::Variant;

/// Hands each solution (digits row by row) to `visit`, up to `limit`, never one of `exclude`.
pub(crate) fn visit(
    _puzzle: &Variant,
    _limit: u64,
    _budget: &Budget,
    _exclude: &[Vec<u8>],
    _visit: &(dyn Fn(Vec<u8>) + Sync),
) -> Count {
    // Placeholder until the encoding lands (issue 37): refuses rather than answers.
    Count { solutions: 0, outcome: Outcome::GaveUp(GaveUp::NodeLimit), stats: Stats::default() }
}
