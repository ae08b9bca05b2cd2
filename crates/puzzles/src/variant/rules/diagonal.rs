//! The diagonals of X-Sudoku: the positive one (bottom left to top right) and the negative one
//! (top left to bottom right) each hold different digits.

use super::{repeats_broken, Broken};
use crate::variant::model::Variant;

/// The diagonal's cells, top row first.
pub(crate) fn cells(n: usize, positive: bool) -> Vec<usize> {
    (0..n).map(|r| if positive { r * n + (n - 1 - r) } else { r * n + r }).collect()
}

pub(super) fn check(puzzle: &Variant, positive: bool, digits: &[u8]) -> Broken {
    let name = if positive { "the positive diagonal" } else { "the negative diagonal" };
    repeats_broken(puzzle, digits, &cells(puzzle.size, positive), name)
}
