//! Little killer: a clue in the frame, its diagonal into the grid; the digits along it add up to
//! the clue (repeats allowed where the rules allow them).

use super::{names, Broken};
use crate::variant::model::{Cell, Direction, Variant};

/// The diagonal's cells from the clue, inside the grid.
pub(crate) fn cells(n: usize, clue: Cell, direction: Direction) -> Vec<usize> {
    let (dr, dc) = direction.step();
    let (mut r, mut c) = (clue.row + dr, clue.col + dc);
    let mut cells = Vec::new();
    while let Some(i) = Cell::new(r, c).index(n) {
        cells.push(i);
        r += dr;
        c += dc;
    }
    cells
}

pub(super) fn validate(puzzle: &Variant, clue: Cell, direction: Direction, sum: u32) -> Result<(), String> {
    let n = puzzle.size as i16;
    if clue.index(puzzle.size).is_some() || !(-1..=n).contains(&clue.row) || !(-1..=n).contains(&clue.col) {
        return Err(format!("the clue {clue} is not in the frame around the grid"));
    }
    let k = cells(puzzle.size, clue, direction).len() as u32;
    if k == 0 {
        return Err(format!("the clue {clue} points {direction:?} out of the grid"));
    }
    if !(k..=k * puzzle.size as u32).contains(&sum) {
        return Err(format!("sum {sum} on a diagonal of {k} cells"));
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, clue: Cell, direction: Direction, sum: u32, digits: &[u8]) -> Broken {
    let n = puzzle.size;
    let ix = cells(n, clue, direction);
    let total: u32 = ix.iter().map(|&i| u32::from(digits[i])).sum();
    if total == sum {
        return Vec::new();
    }
    let cells: Vec<Cell> = ix.iter().map(|&i| Cell::at(i, n)).collect();
    vec![(
        cells.clone(),
        format!("the little killer at {clue} adds up to {total}, not {sum} ({})", names(&cells)),
    )]
}
