//! Uniqueness techniques: unique rectangles (types 1, 2 and 4) and BUG+1.
//!
//! They reason from the promise that the puzzle has exactly one solution, so they run only on a
//! grid whose placed digits were counted to have exactly one completion
//! ([`Candidates::check_unique`], which [`rate`](super::rate), [`solve_logically`](super::solve_logically)
//! and the hints call first). On a puzzle with several solutions they stay off and the solve
//! goes on with the other techniques (or guesses), so its rating stays honest: every step still
//! holds in every solution. Grids over 81 cells are not counted, so these stay off there.
//!
//! - Deadly pattern: four empty cells at the corners of a rectangle (two rows, two columns)
//!   where every house holds none of them, both cells of one side, or all four. If the corners
//!   took only digits `a` and `b`, they would alternate (`a b / b a`), and swapping `a` and `b`
//!   in them would give a second solution. The house test is made over the layout's own houses
//!   (regions, diagonals), so this holds for jigsaw and Sudoku X too.
//! - Type 1: three corners are exactly `{a,b}`: the fourth is neither.
//! - Type 2: two corners are exactly `{a,b}` and the other two exactly `{a,b,x}`: one of those
//!   two is `x`, so `x` leaves every cell that sees both.
//! - Type 4: the two `{a,b}` corners form a side, and in a house holding both cells of the
//!   opposite side `a` can only go in them: one of them is `a`, and the other can then not be
//!   `b` (the side under it would be `b a`, the rectangle deadly), so `b` leaves both.
//! - BUG+1 (bivalue universal grave): every empty cell has two candidates but one, which has
//!   three. If that cell lost its candidate `p` and every house then had each of its digits in
//!   exactly two cells, any solution would have a twin (each cell taking its other candidate
//!   fills every house again, as each digit's two places swap), so the cell must be `p`.

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};
use crate::common::bits::{digits_of, Ones};

/// The corners of a rectangle, `[r1c1, r1c2, r2c1, r2c2]`, and its four lines as houses.
struct Rectangle {
    corners: [usize; 4],
    houses: Vec<usize>,
}

/// The corner pairs that are sides of the rectangle: the two rows, then the two columns.
const SIDES: [(usize, usize); 4] = [(0, 1), (2, 3), (0, 2), (1, 3)];

impl Rectangle {
    /// The step that removes `eliminations`, with the rectangle's corners to highlight.
    fn step(
        &self,
        technique: Technique,
        eliminations: Vec<(usize, u8)>,
        houses: Vec<usize>,
        explanation: String,
    ) -> Step {
        Step::eliminating(technique, eliminations, self.corners.to_vec(), houses, explanation)
    }
}

/// Every rectangle of four empty cells that is a deadly pattern (module header), in row order,
/// with each pair `{a,b}` its four corners share (as a mask), given to `visit` until it returns
/// `Some`. Nothing when the grid is not known to have one solution.
fn rectangles(grid: &Candidates, visit: &mut impl FnMut(&Rectangle, u32) -> Option<Step>) -> Option<Step> {
    if !grid.unique() {
        return None;
    }
    let n = grid.n();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if corners.iter().any(|&c| grid.digit(c) != 0 || grid.candidates(c).count_ones() < 2) {
                        continue;
                    }
                    let common = corners.iter().fold(u32::MAX, |m, &c| m & grid.candidates(c));
                    if common.count_ones() < 2 || !deadly(grid, &corners) {
                        continue;
                    }
                    let rectangle = Rectangle { corners, houses: vec![r1, r2, n + c1, n + c2] };
                    for pair in pairs(common) {
                        if let Some(step) = visit(&rectangle, pair) {
                            return Some(step);
                        }
                    }
                }
            }
        }
    }
    None
}

/// Whether every house holds none, a side, or all of the corners (so that swapping two digits
/// alternating on them keeps every house whole).
fn deadly(grid: &Candidates, corners: &[usize; 4]) -> bool {
    let layout = grid.layout();
    let mut seen: [(usize, u8); 20] = [(usize::MAX, 0); 20];
    let mut len = 0;
    for (i, &cell) in corners.iter().enumerate() {
        for &h in layout.cell_houses(cell) {
            let h = h as usize;
            match seen[..len].iter_mut().find(|(house, _)| *house == h) {
                Some(entry) => entry.1 |= 1 << i,
                None => {
                    seen[len] = (h, 1 << i);
                    len += 1;
                }
            }
        }
    }
    seen[..len].iter().all(|&(_, set)| matches!(set, 0b0011 | 0b1100 | 0b0101 | 0b1010 | 0b1111))
}

/// The digit pairs `{a,b}` of `common`, as masks.
fn pairs(common: u32) -> impl Iterator<Item = u32> {
    Ones(common).flat_map(move |a| Ones(common >> (a + 1)).map(move |b| (1 << a) | (1 << (a + 1 + b))))
}

/// Unique rectangle type 1: three corners hold exactly `{a,b}`; both leave the fourth.
pub(crate) fn unique_rectangle_1(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    rectangles(grid, &mut |rect, pair| {
        let others: Vec<usize> =
            rect.corners.iter().copied().filter(|&c| grid.candidates(c) != pair).collect();
        if others.len() != 1 {
            return None;
        }
        let target = others[0];
        let eliminations: Vec<(usize, u8)> = digits_of(pair).map(|d| (target, d)).collect();
        let explanation = explain::text(grid, || {
            format!(
                "Unique rectangle (type 1) on {} in {}: if {} took {} or {} too, the two digits could swap \
                 in the four cells and the puzzle would have two solutions, so {}",
                explain::set(layout, pair),
                explain::cells(layout, &rect.corners),
                explain::cells(layout, &[target]),
                layout.symbol(digits_of(pair).next().unwrap()),
                layout.symbol(digits_of(pair).nth(1).unwrap()),
                explain::eliminations(layout, &eliminations)
            )
        });
        Some(rect.step(Technique::UniqueRectangle1, eliminations, rect.houses.clone(), explanation))
    })
}

/// Unique rectangle type 2: two corners hold exactly `{a,b}`, the other two exactly `{a,b,x}`;
/// `x` leaves every cell that sees both of those.
pub(crate) fn unique_rectangle_2(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    rectangles(grid, &mut |rect, pair| {
        let others: Vec<usize> =
            rect.corners.iter().copied().filter(|&c| grid.candidates(c) != pair).collect();
        if others.len() != 2 {
            return None;
        }
        let extra = grid.candidates(others[0]) & !pair;
        if extra.count_ones() != 1 || grid.candidates(others[1]) != pair | extra {
            return None;
        }
        let x = extra.trailing_zeros() as u8 + 1;
        let eliminations: Vec<(usize, u8)> = (0..layout.cells())
            .filter(|&c| grid.has(c, x) && !others.contains(&c))
            .filter(|&c| grid.sees(c, others[0]) && grid.sees(c, others[1]))
            .map(|c| (c, x))
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let explanation = explain::text(grid, || {
            format!(
                "Unique rectangle (type 2) on {} in {}: if neither {} were {}, the four cells would hold \
                 only {} and could swap them (two solutions), so one is {} and {}",
                explain::set(layout, pair),
                explain::cells(layout, &rect.corners),
                explain::cells(layout, &others),
                layout.symbol(x),
                explain::digits(layout, pair),
                layout.symbol(x),
                explain::eliminations(layout, &eliminations)
            )
        });
        Some(rect.step(Technique::UniqueRectangle2, eliminations, rect.houses.clone(), explanation))
    })
}

/// Unique rectangle type 4: the `{a,b}` corners form a side, and `a` is confined to the
/// opposite side in a house holding both its cells; `b` leaves both.
pub(crate) fn unique_rectangle_4(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    rectangles(grid, &mut |rect, pair| {
        for (floor, roof) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
            let (f1, f2) = SIDES[floor];
            let (g1, g2) = SIDES[roof];
            let (f1, f2, g1, g2) = (rect.corners[f1], rect.corners[f2], rect.corners[g1], rect.corners[g2]);
            if grid.candidates(f1) != pair || grid.candidates(f2) != pair {
                continue;
            }
            if grid.candidates(g1) == pair || grid.candidates(g2) == pair {
                continue; // type 1's
            }
            for &h in layout.cell_houses(g1) {
                let h = h as usize;
                let cells = layout.houses()[h].iter().map(|&c| c as usize);
                let in_both: u32 =
                    cells.enumerate().filter(|&(_, c)| c == g1 || c == g2).fold(0, |m, (i, _)| m | 1 << i);
                if in_both.count_ones() != 2 {
                    continue;
                }
                for a in digits_of(pair) {
                    if grid.positions(h, a) & !in_both != 0 {
                        continue;
                    }
                    let b = digits_of(pair & !bit(a)).next().unwrap();
                    let eliminations = vec![(g1.min(g2), b), (g1.max(g2), b)];
                    let explanation = explain::text(grid, || {
                        format!(
                            "Unique rectangle (type 4) on {} in {}: in {} {} can only go in {}, so one of them is \
                             {} and the other cannot be {} (the four cells could swap {} and {}: two solutions), \
                             so {}",
                            explain::set(layout, pair),
                            explain::cells(layout, &rect.corners),
                            explain::house(layout, h),
                            layout.symbol(a),
                            explain::cells(layout, &[g1, g2]),
                            layout.symbol(a),
                            layout.symbol(b),
                            layout.symbol(a),
                            layout.symbol(b),
                            explain::eliminations(layout, &eliminations)
                        )
                    });
                    let mut houses = rect.houses.clone();
                    if !houses.contains(&h) {
                        houses.push(h);
                    }
                    return Some(rect.step(Technique::UniqueRectangle4, eliminations, houses, explanation));
                }
            }
        }
        None
    })
}

/// BUG+1: every empty cell is bivalue but one trivalue cell, and without its candidate `p`
/// every house would have each digit in zero or two cells: the cell is `p`.
pub(crate) fn bug_plus_one(grid: &Candidates) -> Option<Step> {
    if !grid.unique() {
        return None;
    }
    let layout = grid.layout();
    let n = grid.n();
    let mut odd = None;
    for cell in 0..layout.cells() {
        if grid.digit(cell) != 0 {
            continue;
        }
        match grid.candidates(cell).count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(cell),
            _ => return None,
        }
    }
    let cell = odd?;
    let houses = layout.cell_houses(cell);
    for p in digits_of(grid.candidates(cell)) {
        let grave = (0..layout.houses().len()).all(|h| {
            (1..=n as u8).all(|d| {
                let mut count = grid.positions(h, d).count_ones();
                if d == p && houses.iter().any(|&own| own as usize == h) {
                    count -= 1;
                }
                count == 0 || count == 2
            })
        });
        if grave {
            let explanation = explain::text(grid, || {
                format!(
                    "BUG+1: every empty cell has two candidates but {}; without {} there, every house would \
                     have each digit in exactly two cells, a pattern with two solutions or none, so {} is {}",
                    explain::cells(layout, &[cell]),
                    layout.symbol(p),
                    explain::cells(layout, &[cell]),
                    layout.symbol(p)
                )
            });
            let houses = houses.iter().map(|&h| h as usize).collect();
            return Some(Step::placing(Technique::BugPlusOne, cell, p, houses, explanation));
        }
    }
    None
}
