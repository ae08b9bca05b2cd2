//! Minimum and maximum cells: less (greater) than each orthogonal neighbour that is not in the
//! same list. Each is a pair relation with each such neighbour.

use super::{neighbours, Broken};
use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::solve::Builder;

fn others(puzzle: &Variant, cell: Cell, minimum: bool) -> Vec<usize> {
    let same: Vec<usize> = puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Minimum { cell } if minimum => Some(puzzle.index(*cell)),
            Constraint::Maximum { cell } if !minimum => Some(puzzle.index(*cell)),
            _ => None,
        })
        .collect();
    neighbours(puzzle.index(cell), puzzle.size).filter(|b| !same.contains(b)).collect()
}

pub(super) fn check(puzzle: &Variant, cell: Cell, minimum: bool, digits: &[u8]) -> Broken {
    let a = digits[puzzle.index(cell)];
    others(puzzle, cell, minimum)
        .into_iter()
        .filter(|&b| if minimum { a >= digits[b] } else { a <= digits[b] })
        .map(|b| {
            let other = Cell::at(b, puzzle.size);
            let (what, cmp) = if minimum { ("minimum", "less") } else { ("maximum", "greater") };
            (
                vec![cell, other],
                format!("the {what} {cell} holds {a}, not {cmp} than {} at {other}", digits[b]),
            )
        })
        .collect()
}

pub(super) fn compile(puzzle: &Variant, cell: Cell, minimum: bool, builder: &mut Builder) {
    let a = puzzle.index(cell);
    for b in others(puzzle, cell, minimum) {
        if minimum {
            builder.relation(a, b, |x, y| x < y);
        } else {
            builder.relation(a, b, |x, y| x > y);
        }
    }
}
