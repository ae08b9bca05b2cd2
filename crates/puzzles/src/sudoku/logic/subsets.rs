//! Naked and hidden subsets (pairs, triples, quads) in any house, and the combination search
//! the fish share.
//!
//! Naked: `k` cells of a house whose candidates together number `k` digits must hold exactly
//! those digits, so the digits leave every other cell of each house the `k` cells share (a
//! pair in a row and a box clears both). Hidden: `k` digits whose places in a house together
//! number `k` cells fill those cells, so the cells lose their other candidates.

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};
use crate::common::bits::digits_of;
use crate::common::bits::Ones;

/// Gathers into `items` the sets among `sets` with 2 to `k` members, the only ones that can be
/// part of a naked or hidden subset or a fish of size `k`; returns how many. A house has at most
/// 25 cells or digits, so 32 slots are enough.
pub(crate) fn small_sets(
    items: &mut [(usize, u32); 32],
    k: usize,
    sets: impl Iterator<Item = (usize, u32)>,
) -> usize {
    let mut len = 0;
    for (key, mask) in sets {
        if (2..=k).contains(&(mask.count_ones() as usize)) {
            items[len] = (key, mask);
            len += 1;
        }
    }
    len
}

/// Calls `visit` with every choice of `k` items (indices, ascending) whose masks together have
/// at most `k` bits, with that union, until `visit` returns `Some`. Unions are pruned as they
/// grow, so large houses stay cheap.
pub(crate) fn choose<T>(
    items: &[(usize, u32)],
    k: usize,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    choose_within(items, k, k, 0, visit)
}

/// [`choose`] with the union starting from `union` (a pattern's fixed part) and allowed up to
/// `widest` bits: the one combination walk of the subsets, the fish (basic and finned), SE's
/// direct hidden subsets and its wings. `k` is at most 8.
pub(crate) fn choose_within<T>(
    items: &[(usize, u32)],
    k: usize,
    widest: usize,
    union: u32,
    visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
) -> Option<T> {
    struct Walk<'a> {
        items: &'a [(usize, u32)],
        k: usize,
        widest: usize,
        chosen: [usize; 8],
    }
    fn walk<T>(
        w: &mut Walk<'_>,
        start: usize,
        depth: usize,
        union: u32,
        visit: &mut impl FnMut(&[usize], u32) -> Option<T>,
    ) -> Option<T> {
        if depth == w.k {
            return visit(&w.chosen[..w.k], union);
        }
        for i in start..w.items.len() {
            if w.items.len() - i < w.k - depth {
                break;
            }
            let grown = union | w.items[i].1;
            if grown.count_ones() as usize > w.widest {
                continue;
            }
            w.chosen[depth] = i;
            if let Some(found) = walk(w, i + 1, depth + 1, grown, visit) {
                return Some(found);
            }
        }
        None
    }
    debug_assert!(k <= 8);
    walk(&mut Walk { items, k, widest, chosen: [0; 8] }, 0, 0, union, visit)
}

/// The techniques of this module by size: (naked, hidden).
fn names(k: usize) -> (Technique, Technique) {
    match k {
        2 => (Technique::NakedPair, Technique::HiddenPair),
        3 => (Technique::NakedTriple, Technique::HiddenTriple),
        _ => (Technique::NakedQuad, Technique::HiddenQuad),
    }
}

/// A naked subset of `k` cells.
pub(crate) fn naked(grid: &Candidates, k: usize) -> Option<Step> {
    let layout = grid.layout();
    let mut items = [(0usize, 0u32); 32];
    for h in grid.house_order() {
        let len = small_sets(
            &mut items,
            k,
            layout.houses()[h].iter().map(|&cell| (cell as usize, grid.candidates(cell as usize))),
        );
        if len < k {
            continue;
        }
        let found = choose(&items[..len], k, &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let cells: Vec<usize> = chosen.iter().map(|&i| items[i].0).collect();
            let houses: Vec<usize> = layout
                .cell_houses(cells[0])
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| cells.iter().all(|&c| layout.cell_houses(c).contains(&(s as u16))))
                .collect();
            let mut eliminations = Vec::new();
            for &s in &houses {
                for &other in &layout.houses()[s] {
                    let other = other as usize;
                    let hit = grid.candidates(other) & union;
                    if hit == 0 || cells.contains(&other) || eliminations.iter().any(|&(c, _)| c == other) {
                        continue;
                    }
                    eliminations.extend(digits_of(hit).map(|d| (other, d)));
                }
            }
            if eliminations.is_empty() {
                return None;
            }
            eliminations.sort_unstable_by_key(|&(cell, d)| (d, cell));
            let where_: Vec<String> = houses.iter().map(|&s| explain::house(layout, s)).collect();
            let explanation = explain::text(grid, || {
                format!(
                    "{} in {}: {} can only hold {} between them, so {}",
                    names(k).0.name(),
                    explain::join_and(&where_),
                    explain::cells(layout, &cells),
                    explain::digits(layout, union),
                    explain::eliminations(layout, &eliminations)
                )
            });
            Some(Step::eliminating(names(k).0, eliminations, cells, houses, explanation))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A hidden subset of `k` digits.
pub(crate) fn hidden(grid: &Candidates, k: usize) -> Option<Step> {
    let layout = grid.layout();
    let mut items = [(0usize, 0u32); 32];
    for h in grid.house_order() {
        let len = small_sets(&mut items, k, (1..=grid.n() as u8).map(|d| (d as usize, grid.positions(h, d))));
        if len < k {
            continue;
        }
        let found = choose(&items[..len], k, &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let digits = chosen.iter().fold(0, |acc, &i| acc | bit(items[i].0 as u8));
            let cells: Vec<usize> = Ones(union).map(|i| grid.house_cell(h, i)).collect();
            let mut eliminations = Vec::new();
            for &cell in &cells {
                eliminations.extend(digits_of(grid.candidates(cell) & !digits).map(|d| (cell, d)));
            }
            if eliminations.is_empty() {
                return None;
            }
            eliminations.sort_unstable_by_key(|&(cell, d)| (d, cell));
            let explanation = explain::text(grid, || {
                format!(
                    "{} in {}: {} can only go in {}, so those cells hold nothing else: {}",
                    names(k).1.name(),
                    explain::house(layout, h),
                    explain::digits(layout, digits),
                    explain::cells(layout, &cells),
                    explain::eliminations(layout, &eliminations)
                )
            });
            Some(Step::eliminating(names(k).1, eliminations, cells, vec![h], explanation))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
