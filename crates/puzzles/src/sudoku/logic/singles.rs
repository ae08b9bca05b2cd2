//! Singles: full house, hidden single, naked single.

use crate::sudoku::Regions;

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};

/// A house with one empty cell left: it takes the missing digit.
pub(crate) fn full_house(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    let all = (1u32 << grid.n()) - 1;
    for h in grid.house_order() {
        if grid.empty_in(h) != 1 {
            continue;
        }
        let mut empty = None;
        let mut placed = 0u32;
        for &cell in &layout.houses()[h] {
            match grid.digit(cell as usize) {
                0 => empty = Some(cell as usize),
                d => placed |= bit(d),
            }
        }
        let missing = all & !placed;
        match empty {
            Some(cell) if missing.count_ones() == 1 && grid.candidates(cell) & missing != 0 => {
                let d = missing.trailing_zeros() as u8 + 1;
                let explanation = explain::text(grid, || {
                    format!(
                        "{} is the last empty cell in {}, so it is {}",
                        layout.cell_name(cell),
                        explain::house(layout, h),
                        layout.symbol(d)
                    )
                });
                return Some(Step::placing(Technique::FullHouse, cell, d, vec![h], explanation));
            }
            _ => {}
        }
    }
    None
}

/// A digit with one place left in a house.
pub(crate) fn hidden_single(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    for h in grid.house_order() {
        for d in 1..=grid.n() as u8 {
            let positions = grid.positions(h, d);
            if positions.count_ones() == 1 {
                let cell = grid.house_cell(h, positions.trailing_zeros() as usize);
                let explanation = explain::text(grid, || {
                    format!(
                        "In {}, {} can only go in {}",
                        explain::house(layout, h),
                        layout.symbol(d),
                        layout.cell_name(cell)
                    )
                });
                return Some(Step::placing(Technique::HiddenSingle, cell, d, vec![h], explanation));
            }
        }
    }
    None
}

/// A cell with one candidate left.
pub(crate) fn naked_single(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    let all = (1u32 << grid.n()) - 1;
    for cell in 0..layout.cells() {
        let marks = grid.candidates(cell);
        if grid.digit(cell) != 0 || marks.count_ones() != 1 {
            continue;
        }
        let d = marks.trailing_zeros() as u8 + 1;
        let seen = layout.peers(cell).iter().fold(0, |acc, &peer| match grid.digit(peer as usize) {
            0 => acc,
            e => acc | bit(e),
        });
        let name = layout.cell_name(cell);
        let explanation = if grid.quiet() {
            String::new()
        } else if all & !marks & !seen == 0 {
            format!(
                "{name} can only be {}: every other digit is in its {}",
                layout.symbol(d),
                houses_of(grid, cell)
            )
        } else {
            format!("{name} can only be {}: its other candidates have been eliminated", layout.symbol(d))
        };
        let houses = layout.cell_houses(cell).iter().map(|&h| h as usize).collect();
        return Some(Step::placing(Technique::NakedSingle, cell, d, houses, explanation));
    }
    None
}

/// "row, column or box", "row, column, box or diagonal", "row, column or region".
fn houses_of(grid: &Candidates, cell: usize) -> &'static str {
    let layout = grid.layout();
    let jigsaw = matches!(layout.regions(), Regions::Jigsaw(_));
    let diagonal = layout.cell_houses(cell).len() > 3;
    match (jigsaw, diagonal) {
        (false, false) => "row, column or box",
        (false, true) => "row, column, box or diagonal",
        (true, false) => "row, column or region",
        (true, true) => "row, column, region or diagonal",
    }
}
