//! Palindrome: the line reads the same both ways (pair relations "equal" end to end, compiled in
//! `rules/mod.rs`).

use super::Broken;
use crate::variant::model::Cell;

pub(super) fn check(cells: &[Cell], at: impl Fn(Cell) -> u8) -> Broken {
    let k = cells.len();
    (0..k / 2)
        .filter(|&i| at(cells[i]) != at(cells[k - 1 - i]))
        .map(|i| {
            let (a, b) = (cells[i], cells[k - 1 - i]);
            (
                vec![a, b],
                format!("the palindrome from {} holds {} at {a} and {} at {b}", cells[0], at(a), at(b)),
            )
        })
        .collect()
}
