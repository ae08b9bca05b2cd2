//! Non-consecutive: no two orthogonal neighbours hold consecutive digits, except across a white
//! kropki dot (a pair that carries a difference dot is governed by the dot alone).

use super::{adjacent_pairs, Broken};
use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::solve::Builder;

/// Neighbouring pairs not marked by a white dot.
pub(super) fn pairs(puzzle: &Variant) -> Vec<(usize, usize)> {
    let n = puzzle.size;
    let marked = super::negative::marked(puzzle, |c| matches!(c, Constraint::Difference { .. }));
    adjacent_pairs(n).filter(|p| !marked.contains(p)).collect()
}

pub(super) fn check(puzzle: &Variant, digits: &[u8]) -> Broken {
    let n = puzzle.size;
    pairs(puzzle)
        .into_iter()
        .filter(|&(a, b)| digits[a].abs_diff(digits[b]) == 1)
        .map(|(a, b)| {
            let (ca, cb) = (Cell::at(a, n), Cell::at(b, n));
            (vec![ca, cb], format!("{ca} and {cb} hold consecutive digits {} and {}", digits[a], digits[b]))
        })
        .collect()
}

pub(super) fn compile(puzzle: &Variant, builder: &mut Builder) {
    for (a, b) in pairs(puzzle) {
        builder.relation(a, b, |x, y| x.abs_diff(y) != 1);
    }
}
