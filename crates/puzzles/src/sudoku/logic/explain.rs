//! Words for steps: lists of cells, digits and houses, and the eliminations sentence.

use std::fmt::Write;

use crate::sudoku::Layout;

use super::candidates::Candidates;
use crate::common::bits::digits_of;

/// A step's explanation, or an empty string when the grid is quiet: the rater counts steps and
/// never reads their words, so it skips the formatting.
#[inline]
pub(crate) fn text(grid: &Candidates, words: impl FnOnce() -> String) -> String {
    if grid.quiet() {
        String::new()
    } else {
        words()
    }
}

/// "a", "a and b", "a, b and c".
pub(crate) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "r1c1, r1c2 and r1c3".
pub(crate) fn cells(layout: &Layout, cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&cell| layout.cell_name(cell)).collect();
    join_and(&names)
}

/// "3 and 8", "2, 5 and 7" for a candidate mask.
pub(crate) fn digits(layout: &Layout, mask: u32) -> String {
    let names: Vec<String> = digits_of(mask).map(|d| layout.symbol(d).to_string()).collect();
    join_and(&names)
}

/// "{3,8}": a cell's candidates.
pub(crate) fn set(layout: &Layout, mask: u32) -> String {
    let names: Vec<String> = digits_of(mask).map(|d| layout.symbol(d).to_string()).collect();
    format!("{{{}}}", names.join(","))
}

/// "row 4", "box 2", "main diagonal".
pub(crate) fn house(layout: &Layout, h: usize) -> String {
    match layout.house_name(h) {
        (kind @ ("main diagonal" | "anti-diagonal"), _) => format!("the {kind}"),
        (kind, number) => format!("{kind} {number}"),
    }
}

/// "rows 2 and 6", "columns 1, 4 and 9" for line numbers (0-based) of one kind.
pub(crate) fn lines(kind: &str, numbers: &[usize]) -> String {
    let names: Vec<String> = numbers.iter().map(|i| (i + 1).to_string()).collect();
    let plural = if numbers.len() == 1 { "" } else { "s" };
    format!("{kind}{plural} {}", join_and(&names))
}

/// "7 is removed from r3c7 and r3c8", "3 is removed from r1c7; 8 is removed from r1c7 and
/// r1c9" (grouped by digit, in the order digits first appear).
pub(crate) fn eliminations(layout: &Layout, eliminations: &[(usize, u8)]) -> String {
    let mut seen = 0u32;
    let mut groups = Vec::new();
    for &(_, d) in eliminations {
        if seen & (1 << d) != 0 {
            continue;
        }
        seen |= 1 << d;
        let targets: Vec<usize> =
            eliminations.iter().filter(|&&(_, e)| e == d).map(|&(cell, _)| cell).collect();
        let mut text = String::new();
        let _ = write!(text, "{} is removed from {}", layout.symbol(d), cells(layout, &targets));
        groups.push(text);
    }
    groups.join("; ")
}

/// A chain in Eureka notation: `(5)r1c1=(5)r1c6-(3)r1c6=(3)r4c6`. Nodes are `(cell, digit)`;
/// links alternate strong (`=`) and weak (`-`), starting strong.
pub(crate) fn chain(layout: &Layout, nodes: &[(usize, u8)]) -> String {
    let mut text = String::new();
    for (i, &(cell, d)) in nodes.iter().enumerate() {
        if i > 0 {
            text.push(if i % 2 == 1 { '=' } else { '-' });
        }
        let _ = write!(text, "({}){}", layout.symbol(d), layout.cell_name(cell));
    }
    text
}
