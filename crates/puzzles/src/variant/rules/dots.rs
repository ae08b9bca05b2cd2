//! Kropki dots and XV: a white dot (difference, 1 by default), a black dot (ratio, 2 by
//! default), an X or V (sum 10 or 5) between two neighbours. Each is one pair relation (compiled
//! in `rules/mod.rs`).

use super::{inside, Broken};
use crate::variant::model::{Cell, Variant};

pub(super) fn validate(puzzle: &Variant, cells: &[Cell; 2], value: u32, what: &str) -> Result<(), String> {
    inside(puzzle, cells)?;
    if !cells[0].touches(cells[1]) {
        return Err(format!("{} and {} are not neighbours", cells[0], cells[1]));
    }
    let n = puzzle.size as u32;
    let ok = match what {
        "difference" => (1..n).contains(&value),
        "ratio" => (2..=n).contains(&value),
        _ => (3..2 * n).contains(&value),
    };
    if !ok {
        return Err(format!("the {what} {value} cannot be made by digits 1 to {n}"));
    }
    Ok(())
}

fn broken(cells: &[Cell; 2], ok: bool, message: impl FnOnce() -> String) -> Broken {
    if ok {
        Vec::new()
    } else {
        vec![(cells.to_vec(), message())]
    }
}

pub(super) fn check_difference(cells: &[Cell; 2], value: u32, at: impl Fn(Cell) -> u8) -> Broken {
    let (a, b) = (u32::from(at(cells[0])), u32::from(at(cells[1])));
    broken(cells, a.abs_diff(b) == value, || {
        format!(
            "the white dot between {} and {} wants a difference of {value}; {a} and {b} differ by {}",
            cells[0],
            cells[1],
            a.abs_diff(b)
        )
    })
}

pub(super) fn check_ratio(cells: &[Cell; 2], value: u32, at: impl Fn(Cell) -> u8) -> Broken {
    let (a, b) = (u32::from(at(cells[0])), u32::from(at(cells[1])));
    broken(cells, a == b * value || b == a * value, || {
        format!(
            "the black dot between {} and {} wants a ratio of {value}; {a} and {b} are not",
            cells[0], cells[1]
        )
    })
}

pub(super) fn check_sum(cells: &[Cell; 2], sum: u32, at: impl Fn(Cell) -> u8) -> Broken {
    let (a, b) = (u32::from(at(cells[0])), u32::from(at(cells[1])));
    broken(cells, a + b == sum, || {
        format!(
            "the {} between {} and {} wants a sum of {sum}; {a} + {b} = {}",
            xv_name(sum),
            cells[0],
            cells[1],
            a + b
        )
    })
}

/// `X` for 10, `V` for 5, the sum otherwise.
pub(crate) fn xv_name(sum: u32) -> String {
    match sum {
        10 => "X".into(),
        5 => "V".into(),
        s => format!("sum mark {s}"),
    }
}
