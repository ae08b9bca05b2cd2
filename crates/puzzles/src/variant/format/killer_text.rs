//! Two text forms of 9x9 Killer Sudoku that killer collections (and ISS's) use:
//!
//! - the short form of the enjoysudoku forum: 81 characters, one a cell; a cage's sum sits in
//!   one of its cells (`0`-`9`, `A`-`Z` for 10-35, `a`-`j` for 36-45) and every other cell points
//!   towards it (`<` `>` `^` `v`, and `` ` `` `'` `,` `.` for the diagonals);
//! - SudoCue's long form: `3x3:[d]:k:` then 81 numbers, each `sum * 256 + cage` (sum 0: no
//!   cage), `d` adding both diagonals.

use crate::variant::model::{Cell, Constraint, Variant};
use crate::Error;

/// The short form, or `None` when the text is not one.
pub(crate) fn short(text: &str) -> Option<Result<Variant, Error>> {
    let chars: Vec<char> = text.chars().collect();
    let pointer = |c: char| "<>^v`',.".contains(c);
    if chars.len() != 81 || !chars.iter().any(|&c| pointer(c)) {
        return None;
    }
    if !chars
        .iter()
        .all(|&c| pointer(c) || c.is_ascii_digit() || c.is_ascii_uppercase() || ('a'..='j').contains(&c))
    {
        return None;
    }
    let step = |i: usize, c: char| -> Option<usize> {
        let (r, col) = ((i / 9) as isize, (i % 9) as isize);
        let (dr, dc) = match c {
            '<' => (0, -1),
            '>' => (0, 1),
            '^' => (-1, 0),
            'v' => (1, 0),
            '`' => (-1, -1),
            '\'' => (-1, 1),
            ',' => (1, -1),
            '.' => (1, 1),
            _ => return Some(i),
        };
        let (r, col) = (r + dr, col + dc);
        ((0..9).contains(&r) && (0..9).contains(&col)).then(|| (r * 9 + col) as usize)
    };
    let mut cages: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for start in 0..81 {
        let mut cell = start;
        for _ in 0..=81 {
            match step(cell, chars[cell]) {
                Some(next) if next == cell => break,
                Some(next) => cell = next,
                None => {
                    return Some(Err(Error::parse(
                        1,
                        start + 1,
                        format!(
                            "{:?} at r{}c{} points out of the grid",
                            chars[cell],
                            cell / 9 + 1,
                            cell % 9 + 1
                        ),
                    )))
                }
            }
        }
        if pointer(chars[cell]) {
            return Some(Err(Error::parse(1, start + 1, "the cells' pointers go round in a loop")));
        }
        cages.entry(cell).or_default().push(start);
    }
    let mut puzzle = Variant::classic(9);
    for (head, cells) in cages {
        let c = chars[head];
        let sum = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            _ => c as u32 - 'a' as u32 + 36,
        };
        puzzle.constraints.push(Constraint::Cage {
            cells: cells.iter().map(|&i| Cell::at(i, 9)).collect(),
            sum: Some(sum),
        });
    }
    Some(puzzle.validate().map(|()| puzzle))
}

/// SudoCue's long form, or `None` when the text is not one.
pub(crate) fn long(text: &str) -> Option<Result<Variant, Error>> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() < 3 || parts[0] != "3x3" || parts[2] != "k" {
        return None;
    }
    if parts.len() != 81 + 3 {
        return Some(Err(Error::parse(
            1,
            1,
            format!("a 3x3:k: killer has 81 cells, not {}", parts.len().saturating_sub(3)),
        )));
    }
    let mut cages: std::collections::BTreeMap<u32, (u32, Vec<usize>)> = Default::default();
    for (i, part) in parts[3..].iter().enumerate() {
        let Ok(value) = part.trim().parse::<u32>() else {
            return Some(Err(Error::parse(1, i + 4, format!("cell {}: {part:?} is not a number", i + 1))));
        };
        let (sum, id) = (value / 256, value % 256);
        if sum == 0 {
            continue;
        }
        cages.entry(id).or_insert((sum, Vec::new())).1.push(i);
    }
    let mut puzzle = Variant::classic(9);
    if parts[1] == "d" {
        puzzle.constraints.push(Constraint::DiagonalPositive);
        puzzle.constraints.push(Constraint::DiagonalNegative);
    }
    for (sum, cells) in cages.into_values() {
        puzzle.constraints.push(Constraint::Cage {
            cells: cells.iter().map(|&i| Cell::at(i, 9)).collect(),
            sum: Some(sum),
        });
    }
    Some(puzzle.validate().map(|()| puzzle))
}
