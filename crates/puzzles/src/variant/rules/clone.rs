//! Clone: two shapes of cells that hold the same digits, pair by pair (pair relations "equal",
//! compiled in `rules/mod.rs`).

use super::{inside, Broken};
use crate::variant::model::{Cell, Variant};

pub(super) fn validate(puzzle: &Variant, cells: &[Cell], clones: &[Cell]) -> Result<(), String> {
    inside(puzzle, cells)?;
    inside(puzzle, clones)?;
    if cells.len() != clones.len() {
        return Err(format!("{} cells and {} clones", cells.len(), clones.len()));
    }
    Ok(())
}

pub(super) fn check(cells: &[Cell], clones: &[Cell], at: impl Fn(Cell) -> u8) -> Broken {
    cells
        .iter()
        .zip(clones)
        .filter(|(&a, &b)| at(a) != at(b))
        .map(|(&a, &b)| (vec![a, b], format!("{a} holds {} and its clone {b} holds {}", at(a), at(b))))
        .collect()
}
