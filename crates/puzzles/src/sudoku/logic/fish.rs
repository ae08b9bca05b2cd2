//! Basic fish: X-wing (2), swordfish (3), jellyfish (4).
//!
//! If in `k` rows (the base) a digit's places all lie in the same `k` columns (the cover), the
//! `k` copies of the digit in those rows fill the `k` columns, so the digit leaves the rest of
//! each cover column. The same holds with rows and columns swapped. Rows and columns are
//! houses `0..n` and `n..2n` in every layout, and a row's `i`-th cell is in column `i`, so a
//! row's position mask is directly a set of columns.

use super::candidates::Candidates;
use super::subsets::{choose, small_sets};
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
