//! Odd and even cells: a restriction of the cell's digits.

use super::Broken;
use crate::variant::model::Cell;

/// The digits 1..=n of parity `odd` (1 odd, 0 even), as a mask (bit d for digit d).
pub(crate) fn mask(n: usize, odd: u32) -> u32 {
    (1..=n as u32).filter(|d| d % 2 == odd).fold(0, |m, d| m | 1 << d)
}

pub(super) fn check(cell: Cell, odd: u32, at: impl Fn(Cell) -> u8) -> Broken {
    let d = u32::from(at(cell));
    if d % 2 == odd {
        return Vec::new();
    }
    let want = if odd == 1 { "odd" } else { "even" };
    vec![(vec![cell], format!("{cell} holds {d}, and it must be {want}"))]
}
