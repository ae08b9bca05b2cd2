//! Almost locked sets: the ALS-XZ rule.
//!
//! An almost locked set (ALS) is `k` empty cells of one house whose candidates number `k + 1`
//! digits (a bivalue cell is the smallest). Take two ALSs `A` and `B` with no cell in common,
//! and a digit `X` in both whose every place in `A` sees its every place in `B` (a restricted
//! common): `X` cannot be in both, so one of them lacks it and, with `k` cells for its `k`
//! other digits, is locked on them. So every other digit `Z` common to both is in `A` or in
//! `B`, and `Z` leaves every cell outside them that sees all of `Z`'s places in both. This holds
//! whatever the houses are, so it serves every layout; sets are kept as 128-bit cell masks,
//! which covers grids up to 11x11 (larger ones skip the rule).
//!
//! Sets of up to [`MAX_CELLS`] cells are gathered from every house (a set lying in two houses is
//! kept once), and pairs are tried in that order: small sets, the simplest patterns, come first.

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};
use crate::common::bits::Ones;

/// The largest almost locked set gathered: four cells (five digits) find nearly all the ALS-XZ
/// steps of 9x9 puzzles while keeping the number of pairs small.
const MAX_CELLS: usize = 4;

struct Als {
    cells: u128,
    digits: u32,
    house: usize,
}

/// One ALS-XZ step, if any pair of almost locked sets gives one.
pub(crate) fn als_xz(grid: &Candidates) -> Option<Step> {
    let layout = grid.layout();
    let count = layout.cells();
    if count > 128 {
        return None;
    }
    let n = grid.n();
    // What each cell sees, and each digit's places, as cell masks.
    let mut sees = vec![0u128; count];
    let mut places = vec![0u128; n + 1];
    for (a, seen) in sees.iter_mut().enumerate() {
        if grid.digit(a) != 0 {
            continue;
        }
        for d in Ones(grid.candidates(a)) {
            places[d + 1] |= 1 << a;
        }
        for b in 0..count {
            if grid.digit(b) == 0 && grid.sees(a, b) {
                *seen |= 1 << b;
            }
        }
    }
    let sets = gather(grid);
    let in_set = |set: &Als, d: usize| set.cells & places[d];
    for (i, a) in sets.iter().enumerate() {
        for b in &sets[i + 1..] {
            if a.cells & b.cells != 0 {
                continue;
            }
            let common = a.digits & b.digits;
            if common.count_ones() < 2 {
                continue;
            }
            for x in Ones(common).map(|x| x + 1) {
                let (ax, bx) = (in_set(a, x), in_set(b, x));
                if !Ones(ax).all(|c| sees[c] & bx == bx) {
                    continue;
                }
                for z in Ones(common & !bit(x as u8)).map(|z| z + 1) {
                    let zs = in_set(a, z) | in_set(b, z);
                    let seeing = Ones(zs).fold(u128::MAX, |m, c| m & sees[c]);
                    let targets = seeing & places[z] & !(a.cells | b.cells);
                    if targets == 0 {
                        continue;
                    }
                    let eliminations: Vec<(usize, u8)> = Ones(targets).map(|c| (c, z as u8)).collect();
                    let a_cells: Vec<usize> = Ones(a.cells).collect();
                    let b_cells: Vec<usize> = Ones(b.cells).collect();
                    let explanation = explain::text(grid, || {
                        format!(
                            "ALS-XZ: {} hold {} and {} hold {}, one digit more than cells each; {} cannot be in \
                             both (each of its places in one sees all in the other), so one set is locked without \
                             it and {} is in one of them: {}",
                            explain::cells(layout, &a_cells),
                            explain::set(layout, a.digits),
                            explain::cells(layout, &b_cells),
                            explain::set(layout, b.digits),
                            layout.symbol(x as u8),
                            layout.symbol(z as u8),
                            explain::eliminations(layout, &eliminations)
                        )
                    });
                    let cells = a_cells.iter().chain(&b_cells).copied().collect();
                    let houses = if a.house == b.house { vec![a.house] } else { vec![a.house, b.house] };
                    return Some(Step::eliminating(
                        Technique::AlsXz,
                        eliminations,
                        cells,
                        houses,
                        explanation,
                    ));
                }
            }
        }
    }
    None
}

/// Every almost locked set of up to [`MAX_CELLS`] cells, smallest first, each cell set once.
fn gather(grid: &Candidates) -> Vec<Als> {
    let layout = grid.layout();
    let mut sets: Vec<Als> = Vec::new();
    for h in grid.house_order() {
        let empty: Vec<usize> =
            layout.houses()[h].iter().map(|&c| c as usize).filter(|&c| grid.digit(c) == 0).collect();
        let mut walk = |chosen: &[usize]| {
            let digits = chosen.iter().fold(0u32, |m, &c| m | grid.candidates(c));
            if digits.count_ones() as usize == chosen.len() + 1 {
                let cells = chosen.iter().fold(0u128, |m, &c| m | 1 << c);
                if !sets.iter().any(|s| s.cells == cells) {
                    sets.push(Als { cells, digits, house: h });
                }
            }
        };
        subsets(&empty, MAX_CELLS.min(empty.len().saturating_sub(1)), &mut Vec::new(), 0, &mut walk);
    }
    sets.sort_by_key(|s| s.cells.count_ones());
    sets
}

/// Calls `visit` with every non-empty subset of `items` of at most `max` members.
fn subsets(
    items: &[usize],
    max: usize,
    chosen: &mut Vec<usize>,
    start: usize,
    visit: &mut impl FnMut(&[usize]),
) {
    for i in start..items.len() {
        chosen.push(items[i]);
        visit(chosen);
        if chosen.len() < max {
            subsets(items, max, chosen, i + 1, visit);
        }
        chosen.pop();
    }
}
