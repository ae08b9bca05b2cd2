//! Region-sum line: the line, cut where it crosses from one region to another, has segments of
//! equal sums (a segment is a maximal run of the line's cells in one region, as setters count
//! them). Compiled as linear equations between consecutive segments.

use super::{names, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::Builder;

fn segments(puzzle: &Variant, cells: &[Cell]) -> Vec<Vec<usize>> {
    let mut segments: Vec<Vec<usize>> = Vec::new();
    let mut last = None;
    for cell in cells {
        let i = puzzle.index(*cell);
        let region = puzzle.regions[i];
        if segments.is_empty() || region != last || region.is_none() {
            segments.push(Vec::new());
        }
        last = region;
        segments.last_mut().expect("pushed").push(i);
    }
    segments
}

pub(super) fn check(puzzle: &Variant, cells: &[Cell], digits: &[u8]) -> Broken {
    let sums: Vec<u32> =
        segments(puzzle, cells).iter().map(|s| s.iter().map(|&i| u32::from(digits[i])).sum()).collect();
    if sums.windows(2).all(|w| w[0] == w[1]) {
        return Vec::new();
    }
    vec![(cells.to_vec(), format!("the region-sum line {} has segment sums {sums:?}", names(cells)))]
}

pub(super) fn compile(puzzle: &Variant, cells: &[Cell], builder: &mut Builder) {
    let segments = segments(puzzle, cells);
    for pair in segments.windows(2) {
        let mut terms: Vec<(usize, i32)> = pair[0].iter().map(|&c| (c, 1)).collect();
        terms.extend(pair[1].iter().map(|&c| (c, -1)));
        builder.linear(terms, 0);
    }
}
