//! Extra region: its cells hold different digits (a region of N cells holds each digit once).

use super::{inside, repeats_broken, Broken};
use crate::variant::model::{Cell, Variant};

pub(super) fn validate(puzzle: &Variant, cells: &[Cell]) -> Result<(), String> {
    inside(puzzle, cells)?;
    if cells.len() > puzzle.size {
        return Err(format!("{} cells; a region holds at most {}", cells.len(), puzzle.size));
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, cells: &[Cell], digits: &[u8]) -> Broken {
    let ix: Vec<usize> = cells.iter().map(|c| puzzle.index(*c)).collect();
    let name = format!("the extra region at {}", cells.first().map(ToString::to_string).unwrap_or_default());
    repeats_broken(puzzle, digits, &ix, &name)
}
