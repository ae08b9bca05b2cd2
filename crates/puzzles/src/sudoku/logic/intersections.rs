//! Locked candidates: when a digit's places in one house all lie in a second house, the digit
//! must go in their intersection, so it leaves the rest of the second house.
//!
//! Stated over any pair of houses, this covers pointing (box, then line), claiming (line, then
//! box), jigsaw regions and the diagonals of Sudoku X. A row and a column share one cell, which
//! is a hidden single, so they never meet here.

use super::candidates::Candidates;
use super::{explain, Step, Technique};
use crate::common::bits::Ones;

/// Pointing: the first house is a region (box). Claiming: the first house is a line or a
/// diagonal and the second a region.
pub(crate) fn locked(grid: &Candidates, technique: Technique) -> Option<Step> {
    let layout = grid.layout();
    let n = grid.n();
    let pointing = technique == Technique::Pointing;
    for a in grid.house_order() {
        let a_is_region = (2 * n..3 * n).contains(&a);
        if a_is_region != pointing {
            continue;
        }
        for d in 1..=n as u8 {
            let positions = grid.positions(a, d);
            if positions.count_ones() < 2 {
                continue;
            }
            let first = grid.house_cell(a, positions.trailing_zeros() as usize);
            for &b in layout.cell_houses(first) {
                let b = b as usize;
                let b_is_region = (2 * n..3 * n).contains(&b);
                if b == a || (!pointing && !b_is_region) {
                    continue;
                }
                let all_in_b =
                    Ones(positions).all(|i| layout.cell_houses(grid.house_cell(a, i)).contains(&(b as u16)));
                if !all_in_b {
                    continue;
                }
                let eliminations: Vec<(usize, u8)> = Ones(grid.positions(b, d))
                    .map(|i| grid.house_cell(b, i))
                    .filter(|&cell| !layout.cell_houses(cell).contains(&(a as u16)))
                    .map(|cell| (cell, d))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let cells: Vec<usize> = Ones(positions).map(|i| grid.house_cell(a, i)).collect();
                let explanation = explain::text(grid, || {
                    format!(
                        "In {}, {} can only go in {}, so {}",
                        explain::house(layout, a),
                        layout.symbol(d),
                        explain::house(layout, b),
                        explain::eliminations(layout, &eliminations)
                    )
                });
                return Some(Step::eliminating(technique, eliminations, cells, vec![a, b], explanation));
            }
        }
    }
    None
}
