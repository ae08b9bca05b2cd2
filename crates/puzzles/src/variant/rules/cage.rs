//! Killer cage: its digits differ and, when it has a sum, add up to it.

use super::{inside, names, repeats_broken, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::Builder;

pub(super) fn validate(puzzle: &Variant, cells: &[Cell], sum: Option<u32>) -> Result<(), String> {
    super::line(puzzle, cells, 1)?;
    inside(puzzle, cells)?;
    let (k, n) = (cells.len() as u32, puzzle.size as u32);
    if k > n {
        return Err(format!("{k} cells cannot hold different digits from 1 to {n}"));
    }
    if let Some(sum) = sum {
        let (lo, hi) = (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
        if !(lo..=hi).contains(&sum) {
            return Err(format!("sum {sum}: {k} different digits from 1 to {n} make {lo} to {hi}"));
        }
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, cells: &[Cell], sum: Option<u32>, digits: &[u8]) -> Broken {
    let ix: Vec<usize> = cells.iter().map(|c| puzzle.index(*c)).collect();
    let name = format!("the cage at {}", cells.first().map(ToString::to_string).unwrap_or_default());
    let mut broken = repeats_broken(puzzle, digits, &ix, &name);
    if let Some(sum) = sum {
        let total: u32 = ix.iter().map(|&i| u32::from(digits[i])).sum();
        if total != sum {
            broken.push((cells.to_vec(), format!("the cage {} adds up to {total}, not {sum}", names(cells))));
        }
    }
    broken
}

pub(super) fn compile(cells: Vec<usize>, sum: Option<u32>, builder: &mut Builder) {
    match sum {
        Some(sum) => builder.cage(cells, sum),
        None => builder.all_different(cells),
    }
}
