//! The picture of a variant puzzle, which the web game and the books draw.

use crate::common::Picture;
use crate::variant::model::{Constraint, Grid, Variant};

/// The puzzle (or with `answer` its solution) as a [`Picture`]: digits, regions, killer cages.
pub(crate) fn picture(puzzle: &Variant, answer: Option<&Grid>) -> Picture {
    let n = puzzle.size;
    let mut picture = Picture::new(n, n);
    for (cell, drawn) in picture.cells.iter_mut().enumerate() {
        let given = puzzle.givens[cell];
        let digit = answer.map_or(given, |a| a.digits().get(cell).copied().unwrap_or(0));
        drawn.text = if digit == 0 { String::new() } else { digit.to_string() };
        drawn.given = given != 0;
        picture.regions[cell] = puzzle.regions[cell].map(u32::from);
    }
    let mut cages = vec![u32::MAX; n * n];
    for (k, constraint) in puzzle.constraints.iter().enumerate() {
        if let Constraint::Cage { cells, sum } = constraint {
            for c in cells {
                cages[puzzle.index(*c)] = k as u32;
            }
            if let (Some(sum), Some(first)) = (sum, cells.iter().min()) {
                picture.cells[puzzle.index(*first)].corner = Some(sum.to_string());
            }
        }
    }
    if cages.iter().any(|&c| c != u32::MAX) {
        picture.cages = cages;
    }
    picture
}
