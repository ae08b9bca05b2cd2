//! The negative constraint: every dot (or every X and V) is given, so no unmarked pair of
//! neighbours differs by 1 (white), is in ratio 2 (black), or sums to 5 or 10 (XV). A pair that
//! carries any kropki dot is exempt from both kropki negatives (a black dot's pair may be
//! consecutive: 1-2).

use std::collections::HashSet;

use super::{adjacent_pairs, Broken};
use crate::variant::model::{Cell, Constraint, Negative, Variant};
use crate::variant::solve::Builder;

/// The neighbouring pairs `(a, b)`, `a < b`, carrying a constraint that `which` picks.
pub(crate) fn marked(puzzle: &Variant, which: impl Fn(&Constraint) -> bool) -> HashSet<(usize, usize)> {
    puzzle
        .constraints
        .iter()
        .filter(|c| which(c))
        .filter_map(|c| match c {
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. } => {
                let (a, b) = (puzzle.index(cells[0]), puzzle.index(cells[1]));
                Some((a.min(b), a.max(b)))
            }
            _ => None,
        })
        .collect()
}

/// What each negative forbids of an unmarked pair, and the pairs it applies to.
fn rules(puzzle: &Variant, of: &[Negative]) -> Vec<(Negative, Vec<(usize, usize)>)> {
    let n = puzzle.size;
    let dots = marked(puzzle, |c| matches!(c, Constraint::Difference { .. } | Constraint::Ratio { .. }));
    let xv = marked(puzzle, |c| matches!(c, Constraint::Xv { .. }));
    of.iter()
        .map(|&kind| {
            let skip = if kind == Negative::Xv { &xv } else { &dots };
            (kind, adjacent_pairs(n).filter(|p| !skip.contains(p)).collect())
        })
        .collect()
}

fn allowed(kind: Negative, a: u32, b: u32) -> bool {
    match kind {
        Negative::Difference => a.abs_diff(b) != 1,
        Negative::Ratio => a != 2 * b && b != 2 * a,
        Negative::Xv => a + b != 5 && a + b != 10,
    }
}

pub(super) fn check(puzzle: &Variant, of: &[Negative], digits: &[u8]) -> Broken {
    let n = puzzle.size;
    let mut broken = Vec::new();
    for (kind, pairs) in rules(puzzle, of) {
        for (a, b) in pairs {
            let (x, y) = (u32::from(digits[a]), u32::from(digits[b]));
            if !allowed(kind, x, y) {
                let (ca, cb) = (Cell::at(a, n), Cell::at(b, n));
                let what = match kind {
                    Negative::Difference => "consecutive without a white dot",
                    Negative::Ratio => "in ratio 2 without a black dot",
                    Negative::Xv => "summing to 5 or 10 without an X or V",
                };
                broken.push((vec![ca, cb], format!("{ca} and {cb} hold {x} and {y}, {what}")));
            }
        }
    }
    broken
}

pub(super) fn compile(puzzle: &Variant, of: &[Negative], builder: &mut Builder) {
    for (kind, pairs) in rules(puzzle, of) {
        for (a, b) in pairs {
            builder.relation(a, b, move |x, y| allowed(kind, x, y));
        }
    }
}
