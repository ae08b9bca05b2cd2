//! Thermometer: digits rise from the bulb along the line (a slow thermometer's may stay level).
//! Compiled as a chain of pair relations: arc consistency along a chain of `<` is complete for
//! the bounds (a bulb of a 4-cell thermo on 9x9 is at most 6), so nothing more is needed.

use super::{names, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::Builder;

pub(super) fn validate(puzzle: &Variant, cells: &[Cell], slow: bool) -> Result<(), String> {
    super::line(puzzle, cells, 1)?;
    if !slow && cells.len() > puzzle.size {
        return Err(format!("{} cells cannot rise through digits 1 to {}", cells.len(), puzzle.size));
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, cells: &[Cell], slow: bool, digits: &[u8]) -> Broken {
    let at = |c: &Cell| digits[puzzle.index(*c)];
    cells
        .windows(2)
        .filter(|w| if slow { at(&w[0]) > at(&w[1]) } else { at(&w[0]) >= at(&w[1]) })
        .map(|w| {
            let kind = if slow { "slow thermometer" } else { "thermometer" };
            (
                w.to_vec(),
                format!(
                    "the {kind} {} falls from {} to {} at {}",
                    names(&cells[..1]),
                    at(&w[0]),
                    at(&w[1]),
                    w[1]
                ),
            )
        })
        .collect()
}

pub(super) fn compile(cells: Vec<usize>, slow: bool, builder: &mut Builder) {
    for pair in cells.windows(2) {
        if slow {
            builder.relation(pair[0], pair[1], |a, b| a <= b);
        } else {
            builder.relation(pair[0], pair[1], |a, b| a < b);
        }
    }
}
