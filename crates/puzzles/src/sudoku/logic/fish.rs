//! Basic fish: X-wing (2), swordfish (3), jellyfish (4); and the same finned or sashimi.
//!
//! If in `k` rows (the base) a digit's places all lie in the same `k` columns (the cover), the
//! `k` copies of the digit in those rows fill the `k` columns, so the digit leaves the rest of
//! each cover column. The same holds with rows and columns swapped. Rows and columns are
//! houses `0..n` and `n..2n` in every layout, and a row's `i`-th cell is in column `i`, so a
//! row's position mask is directly a set of columns.

use super::candidates::Candidates;
use super::subsets::{choose, choose_within, small_sets};
use super::{explain, Step, Technique};
use crate::common::bits::Ones;

/// A fish of size `k` on any digit, rows as base first, then columns.
pub(crate) fn fish(grid: &Candidates, k: usize) -> Option<Step> {
    let layout = grid.layout();
    let n = grid.n();
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let mut items = [(0usize, 0u32); 32];
    for d in 1..=n as u8 {
        for by_rows in [true, false] {
            let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
            let len =
                small_sets(&mut items, k, (0..n).map(|line| (line, grid.positions(base_offset + line, d))));
            if len < k {
                continue;
            }
            let found = choose(&items[..len], k, &mut |chosen, union| {
                if union.count_ones() as usize != k {
                    return None;
                }
                let base: Vec<usize> = chosen.iter().map(|&i| items[i].0).collect();
                let cover: Vec<usize> = Ones(union).collect();
                let cell =
                    |line: usize, across: usize| if by_rows { line * n + across } else { across * n + line };
                let mut eliminations = Vec::new();
                for &c in &cover {
                    for line in Ones(grid.positions(cover_offset + c, d)) {
                        if !base.contains(&line) {
                            eliminations.push((cell(line, c), d));
                        }
                    }
                }
                if eliminations.is_empty() {
                    return None;
                }
                eliminations.sort_unstable();
                let cells: Vec<usize> = base
                    .iter()
                    .flat_map(|&line| Ones(grid.positions(base_offset + line, d)).map(move |c| cell(line, c)))
                    .collect();
                let (base_kind, cover_kind) = if by_rows { ("row", "column") } else { ("column", "row") };
                let explanation = explain::text(grid, || {
                    format!(
                        "{} on {} in {}: there {} can only go in {}, so {}",
                        technique.name(),
                        layout.symbol(d),
                        explain::lines(base_kind, &base),
                        layout.symbol(d),
                        explain::lines(cover_kind, &cover),
                        explain::eliminations(layout, &eliminations)
                    )
                });
                let houses = base
                    .iter()
                    .map(|&line| base_offset + line)
                    .chain(cover.iter().map(|&c| cover_offset + c))
                    .collect();
                Some(Step::eliminating(technique, eliminations, cells, houses, explanation))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The largest number of fin columns (cover lines holding only fins) a finned fish may have:
/// fins that one cell can see lie in one box, at most a box's width of lines in 9x9. Wider fin
/// sets are rarely seen by anything and multiply the search.
const MAX_FIN_LINES: usize = 3;

/// A finned (or sashimi) fish of size `k` on any digit, rows as base first, then columns.
///
/// `k` base lines whose places of the digit span more than `k` cover lines: choose `k` of them
/// as the cover, and the base cells outside it are the fins. Either a fin holds the digit, or
/// none does and the base lines form a basic fish on the cover; so a cover cell outside the base
/// that sees every fin loses the digit in both cases. "Sees" is any shared house, so the
/// pattern holds in every layout; a fish is called sashimi when some base line keeps fewer than
/// two cells in the cover (it would not be a fish without its fins).
pub(crate) fn finned_fish(grid: &Candidates, k: usize) -> Option<Step> {
    let layout = grid.layout();
    let n = grid.n();
    let technique = match k {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    let widest = k + MAX_FIN_LINES;
    for d in 1..=n as u8 {
        for by_rows in [true, false] {
            let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
            let lines: Vec<(usize, u32)> = (0..n)
                .map(|line| (line, grid.positions(base_offset + line, d)))
                .filter(|&(_, mask)| (2..=widest).contains(&(mask.count_ones() as usize)))
                .collect();
            if lines.len() < k {
                continue;
            }
            let cell =
                |line: usize, across: usize| if by_rows { line * n + across } else { across * n + line };
            let found = choose_within(&lines, k, widest, 0, &mut |chosen: &[usize], union: u32| {
                if union.count_ones() as usize <= k {
                    return None; // a basic fish, or less
                }
                let mut base = [0usize; 4];
                for (slot, &i) in base.iter_mut().zip(chosen) {
                    *slot = lines[i].0;
                }
                let base = &base[..k];
                // Every choice of `k` of the lines the base spans as the cover.
                let columns: Vec<(usize, u32)> = Ones(union).map(|c| (c, 1 << c)).collect();
                choose(&columns, k, &mut |picked: &[usize], cover_mask: u32| {
                    let mut cover = [0usize; 4];
                    for (slot, &i) in cover.iter_mut().zip(picked) {
                        *slot = columns[i].0;
                    }
                    let cover = &cover[..k];
                    let fins: Vec<usize> = base
                        .iter()
                        .flat_map(|&line| {
                            Ones(grid.positions(base_offset + line, d) & !cover_mask)
                                .map(move |c| cell(line, c))
                        })
                        .collect();
                    if fins.is_empty() || union & !cover_mask == 0 {
                        return None;
                    }
                    let mut eliminations = Vec::new();
                    for &c in cover {
                        for line in Ones(grid.positions(cover_offset + c, d)) {
                            let target = cell(line, c);
                            if !base.contains(&line) && fins.iter().all(|&f| grid.sees(target, f)) {
                                eliminations.push((target, d));
                            }
                        }
                    }
                    if eliminations.is_empty() {
                        return None;
                    }
                    eliminations.sort_unstable();
                    let sashimi = base
                        .iter()
                        .any(|&line| (grid.positions(base_offset + line, d) & cover_mask).count_ones() < 2);
                    let cells: Vec<usize> = base
                        .iter()
                        .flat_map(|&line| {
                            Ones(grid.positions(base_offset + line, d)).map(move |c| cell(line, c))
                        })
                        .collect();
                    let (base_kind, cover_kind) = if by_rows { ("row", "column") } else { ("column", "row") };
                    let explanation = explain::text(grid, || {
                        let basic = match k {
                            2 => "X-wing",
                            3 => "swordfish",
                            _ => "jellyfish",
                        };
                        format!(
                            "{} {basic} on {} in {}: outside {} it can only go in the fin{} {}; if no fin holds {}, the {basic} fills {}, so {} (each sees every fin)",
                            if sashimi { "Sashimi" } else { "Finned" },
                            layout.symbol(d),
                            explain::lines(base_kind, base),
                            explain::lines(cover_kind, cover),
                            if fins.len() > 1 { "s" } else { "" },
                            explain::cells(layout, &fins),
                            layout.symbol(d),
                            explain::lines(cover_kind, cover),
                            explain::eliminations(layout, &eliminations)
                        )
                    });
                    let houses = base
                        .iter()
                        .map(|&line| base_offset + line)
                        .chain(cover.iter().map(|&c| cover_offset + c))
                        .collect();
                    Some(Step::eliminating(technique, eliminations, cells, houses, explanation))
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
