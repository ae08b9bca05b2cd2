//! Arrow: the digits on its lines add up to the number in its circle; a circle of several cells
//! reads as one number, most significant first (a two-cell circle 1,4 is 14). A cell on two lines
//! of the same arrow counts once. Compiled as one linear equation: sum(line) - number = 0.

use super::{inside, names, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::Builder;

fn line_cells(puzzle: &Variant, circle: &[Cell], lines: &[Vec<Cell>]) -> Vec<usize> {
    let mut cells: Vec<usize> =
        lines.iter().flatten().filter(|c| !circle.contains(c)).map(|c| puzzle.index(*c)).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

pub(super) fn validate(puzzle: &Variant, circle: &[Cell], lines: &[Vec<Cell>]) -> Result<(), String> {
    inside(puzzle, circle)?;
    for line in lines {
        inside(puzzle, line)?;
    }
    if circle.is_empty() || circle.len() > 3 {
        return Err(format!("a circle of {} cells (1 to 3 are read)", circle.len()));
    }
    if line_cells(puzzle, circle, lines).is_empty() {
        return Err("an arrow with no line".into());
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, circle: &[Cell], lines: &[Vec<Cell>], digits: &[u8]) -> Broken {
    let number = circle.iter().fold(0u32, |acc, c| acc * 10 + u32::from(digits[puzzle.index(*c)]));
    let total: u32 = line_cells(puzzle, circle, lines).iter().map(|&i| u32::from(digits[i])).sum();
    if total == number {
        return Vec::new();
    }
    let mut cells = circle.to_vec();
    cells.extend(line_cells(puzzle, circle, lines).into_iter().map(|i| Cell::at(i, puzzle.size)));
    vec![(cells, format!("the arrow from {} adds up to {total}, not {number}", names(circle)))]
}

pub(super) fn compile(puzzle: &Variant, circle: &[Cell], lines: &[Vec<Cell>], builder: &mut Builder) {
    let mut terms: Vec<(usize, i32)> =
        line_cells(puzzle, circle, lines).into_iter().map(|c| (c, 1)).collect();
    let mut weight = 1;
    for c in circle.iter().rev() {
        terms.push((puzzle.index(*c), -weight));
        weight *= 10;
    }
    builder.linear(terms, 0);
}
