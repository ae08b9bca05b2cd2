//! Whispers: neighbours on the line differ by at least the line's difference (German whispers 5,
//! Dutch 4). Pair relations, compiled in `rules/mod.rs`: arc consistency removes German whispers'
//! 5 by itself.

use super::Broken;
use crate::variant::model::{Cell, Variant};

pub(super) fn validate(puzzle: &Variant, cells: &[Cell], difference: u32) -> Result<(), String> {
    super::line(puzzle, cells, 2)?;
    if difference == 0 || difference as usize >= puzzle.size {
        return Err(format!("difference {difference} for digits 1 to {}", puzzle.size));
    }
    Ok(())
}

pub(super) fn check(cells: &[Cell], difference: u32, at: impl Fn(Cell) -> u8) -> Broken {
    cells
        .windows(2)
        .filter(|w| u32::from(at(w[0]).abs_diff(at(w[1]))) < difference)
        .map(|w| {
            (
                w.to_vec(),
                format!(
                    "{} and {} on a whispers line hold {} and {}, less than {difference} apart",
                    w[0],
                    w[1],
                    at(w[0]),
                    at(w[1])
                ),
            )
        })
        .collect()
}
