//! Disjoint groups: the cells in the same position of each region-box hold different digits.
//! Defined for grids with default boxes only.

use super::{repeats_broken, Broken};
use crate::variant::model::{box_shape, Variant};
use crate::variant::solve::Builder;

/// The groups: for each position inside a box, the cells at that position of every box.
pub(super) fn groups(n: usize) -> Vec<Vec<usize>> {
    let Some((h, w)) = box_shape(n) else { return Vec::new() };
    (0..h * w)
        .map(|pos| {
            let (pr, pc) = (pos / w, pos % w);
            (0..n).map(|b| ((b / (n / w)) * h + pr) * n + (b % (n / w)) * w + pc).collect()
        })
        .collect()
}

pub(super) fn validate(puzzle: &Variant) -> Result<(), String> {
    match box_shape(puzzle.size) {
        Some(_) => Ok(()),
        None => Err(format!("a {0}x{0} grid has no boxes to take groups from", puzzle.size)),
    }
}

pub(super) fn check(puzzle: &Variant, digits: &[u8]) -> Broken {
    groups(puzzle.size)
        .iter()
        .enumerate()
        .flat_map(|(i, cells)| repeats_broken(puzzle, digits, cells, &format!("disjoint group {}", i + 1)))
        .collect()
}

pub(super) fn compile(puzzle: &Variant, builder: &mut Builder) {
    for group in groups(puzzle.size) {
        builder.all_different(group);
    }
}
