//! Basic fish: X-wing (2), swordfish (3), jellyfish (4); and the same finned or sashimi.
//!
//! If in `k` rows (the base) a digit's places all lie in the same `k` columns (the cover), the
//! `k` copies of the digit in those rows fill the `k` columns, so the digit leaves the rest of
//! each cover column. The same holds with rows and columns swapped. Rows and columns are
//! houses `0..n` and `n..2n` in every layout, and a row's `i`-th cell is in column `i`, so a
//! row's position mask is directly a set of columns.
//!
//! Finned fish walk every base of `k` lines spanning at most `k + 3` lines, and every choice of
//! `k` of those as the cover. Two exact shortcuts keep this from dominating a rating (both are
//! tested to change no step):
//! - a region filter ([`any_target`]): without diagonals, a target and a fin share only a
//!   region, so a base whose spanned lines cannot leave fins all in one target's region has no
//!   eliminating cover and its covers are not walked;
//! - a per-solve [`Memo`]: a digit whose search came up empty is skipped until its places change.

use super::candidates::Candidates;
use super::subsets::{choose, choose_within, small_sets};
use super::{explain, Step, Technique};
use crate::common::bits::Ones;

/// What the fish searches of one solve found nothing in: per fish (basic and finned, sizes 2 to
/// 4) and digit, the digit's places row by row when its search last came up empty. A fish on a
/// digit depends on nothing but that digit's places (and the layout), so while they are
/// unchanged the search would come up empty again and is skipped. A step changes the places of
/// a few digits, and the level pass tries every fish before anything longer at every step, so
/// without this the fish were most of a hard rating's time.
#[derive(Debug, Clone)]
pub(crate) struct Memo {
    n: usize,
    /// `[fish][digit - 1][row]`, flattened; `u32::MAX` (not a mask of up to 25 places) where
    /// nothing is known.
    empty: Vec<u32>,
}

/// The memo's fish: basic of size 2, 3, 4, then finned of size 2, 3, 4.
const MEMO_FISH: usize = 6;

impl Memo {
    /// Nothing known, for a grid of size `n`.
    pub(crate) fn new(n: usize) -> Self {
        Memo { n, empty: vec![u32::MAX; MEMO_FISH * n * n] }
    }

    fn slot(&mut self, finned: bool, k: usize, d: u8) -> &mut [u32] {
        let fish = usize::from(finned) * 3 + k - 2;
        let start = (fish * self.n + usize::from(d) - 1) * self.n;
        &mut self.empty[start..start + self.n]
    }

    /// Whether the search of this fish on `d` came up empty with `d`'s places as they are now.
    fn known_empty(&mut self, grid: &Candidates, finned: bool, k: usize, d: u8) -> bool {
        let slot = self.slot(finned, k, d);
        slot.iter().enumerate().all(|(row, &places)| places == grid.positions(row, d))
    }

    /// Records that the search of this fish on `d` came up empty with `d`'s places as they are.
    fn set_empty(&mut self, grid: &Candidates, finned: bool, k: usize, d: u8) {
        for (row, places) in self.slot(finned, k, d).iter_mut().enumerate() {
            *places = grid.positions(row, d);
        }
    }
}

/// The walk both searches share: every digit, rows as base first, then columns, until `search`
/// finds a step; a digit that `memo` knows to have none of this fish is skipped, and one whose
/// search came up empty is recorded.
fn each_digit<'a>(
    grid: &'a Candidates,
    mut memo: Option<&mut Memo>,
    finned: bool,
    k: usize,
    mut search: impl FnMut(Lines<'a>) -> Option<Step>,
) -> Option<Step> {
    for d in 1..=grid.n() as u8 {
        if memo.as_deref_mut().is_some_and(|memo| memo.known_empty(grid, finned, k, d)) {
            continue;
        }
        let mut orientations = [true, false].into_iter().map(|by_rows| Lines::new(grid, d, by_rows));
        if let Some(step) = orientations.find_map(&mut search) {
            return Some(step);
        }
        if let Some(memo) = memo.as_deref_mut() {
            memo.set_empty(grid, finned, k, d);
        }
    }
    None
}

/// One digit's places seen one way: rows as the base and columns as the cover (`by_rows`), or
/// the reverse. A line's places are a mask over the lines across it (module header).
#[derive(Clone, Copy)]
struct Lines<'a> {
    grid: &'a Candidates,
    d: u8,
    n: usize,
    by_rows: bool,
    base_offset: usize,
    cover_offset: usize,
}

impl<'a> Lines<'a> {
    fn new(grid: &'a Candidates, d: u8, by_rows: bool) -> Self {
        let n = grid.n();
        let (base_offset, cover_offset) = if by_rows { (0, n) } else { (n, 0) };
        Lines { grid, d, n, by_rows, base_offset, cover_offset }
    }

    /// The digit's places in base line `line`, as cover lines.
    fn base(&self, line: usize) -> u32 {
        self.grid.positions(self.base_offset + line, self.d)
    }

    /// The digit's places in cover line `line`, as base lines.
    fn cover(&self, line: usize) -> u32 {
        self.grid.positions(self.cover_offset + line, self.d)
    }

    /// The cell where base line `line` crosses cover line `across`.
    fn cell(&self, line: usize, across: usize) -> usize {
        if self.by_rows {
            line * self.n + across
        } else {
            across * self.n + line
        }
    }

    /// What the base and cover lines are called: "row" and "column", or the reverse.
    fn kinds(&self) -> (&'static str, &'static str) {
        if self.by_rows {
            ("row", "column")
        } else {
            ("column", "row")
        }
    }

    /// A fish's step: the digit's places in its base lines as the cells, its base and cover
    /// lines as the houses.
    fn step(
        &self,
        technique: Technique,
        eliminations: Vec<(usize, u8)>,
        base: &[usize],
        cover: &[usize],
        explanation: String,
    ) -> Step {
        let cells: Vec<usize> =
            base.iter().flat_map(|&line| Ones(self.base(line)).map(move |c| self.cell(line, c))).collect();
        let houses = base
            .iter()
            .map(|&line| self.base_offset + line)
            .chain(cover.iter().map(|&c| self.cover_offset + c))
            .collect();
        Step::eliminating(technique, eliminations, cells, houses, explanation)
    }
}

/// The fish of size `k` (2 to 4), basic or finned.
fn technique(finned: bool, k: usize) -> Technique {
    match (finned, k) {
        (false, 2) => Technique::XWing,
        (false, 3) => Technique::Swordfish,
        (false, _) => Technique::Jellyfish,
        (true, 2) => Technique::FinnedXWing,
        (true, 3) => Technique::FinnedSwordfish,
        (true, _) => Technique::FinnedJellyfish,
    }
}

/// A fish of size `k` on any digit, rows as base first, then columns.
pub(crate) fn fish(grid: &Candidates, k: usize) -> Option<Step> {
    fish_with(grid, k, None)
}

/// [`fish`], skipping the digits that `memo` knows to have none and recording those found to
/// have none.
pub(crate) fn fish_with(grid: &Candidates, k: usize, memo: Option<&mut Memo>) -> Option<Step> {
    let layout = grid.layout();
    let n = grid.n();
    let technique = technique(false, k);
    let mut items = [(0usize, 0u32); 32];
    each_digit(grid, memo, false, k, |lines| {
        let d = lines.d;
        let len = small_sets(&mut items, k, (0..n).map(|line| (line, lines.base(line))));
        if len < k {
            return None;
        }
        let found = choose(&items[..len], k, &mut |chosen, union| {
            if union.count_ones() as usize != k {
                return None;
            }
            let base: Vec<usize> = chosen.iter().map(|&i| items[i].0).collect();
            let cover: Vec<usize> = Ones(union).collect();
            let mut eliminations = Vec::new();
            for &c in &cover {
                for line in Ones(lines.cover(c)) {
                    if !base.contains(&line) {
                        eliminations.push((lines.cell(line, c), d));
                    }
                }
            }
            if eliminations.is_empty() {
                return None;
            }
            eliminations.sort_unstable();
            let (base_kind, cover_kind) = lines.kinds();
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
            Some(lines.step(technique, eliminations, &base, &cover, explanation))
        });
        found
    })
}

/// Whether some cover of `base` (spanning `union`) could eliminate anything, in a layout
/// without diagonals: an exact filter that spares the walk over covers for most bases.
///
/// A target lies in a cover line and outside the base; a fin lies in a base line and outside
/// the cover. So they share neither a row nor a column, and the target sees the fin only if
/// they share a region. The lines the base spans but the cover leaves out (`union` minus the
/// cover, `u - k` of them, every one holding fins) must then each have all their base cells in
/// the target's region, and not be the target's own line. So some cover works for target `t`
/// exactly when at least `u - k` spanned lines other than `t`'s have their base cells all in
/// `t`'s region.
fn any_target(lines: &Lines, base: &[usize], union: u32, k: usize) -> bool {
    const UNSET: usize = usize::MAX;
    const MIXED: usize = usize::MAX - 1;
    let layout = lines.grid.layout();
    // The one region of each spanned line's base cells, or MIXED.
    let mut region = [UNSET; 32];
    for &line in base {
        for across in Ones(lines.base(line)) {
            let r = layout.region_of(lines.cell(line, across));
            region[across] = match region[across] {
                UNSET => r,
                seen if seen == r => r,
                _ => MIXED,
            };
        }
    }
    let need = union.count_ones() as usize - k;
    Ones(union).any(|across| {
        Ones(lines.cover(across)).any(|line| {
            if base.contains(&line) {
                return false;
            }
            let r = layout.region_of(lines.cell(line, across));
            let finnable = Ones(union).filter(|&g| g != across && region[g] == r).count();
            finnable >= need
        })
    })
}

/// The largest number of fin columns (cover lines holding only fins) a finned fish may have:
/// fins that one cell can see lie in one box, at most a box's width of lines in 9x9. Wider fin
/// sets are rarely seen by anything and multiply the search.
const MAX_FIN_LINES: usize = 3;

/// The largest fish: a jellyfish, four base lines.
const MAX_FISH: usize = 4;

/// A finned (or sashimi) fish of size `k` on any digit, rows as base first, then columns.
///
/// `k` base lines whose places of the digit span more than `k` cover lines: choose `k` of them
/// as the cover, and the base cells outside it are the fins. Either a fin holds the digit, or
/// none does and the base lines form a basic fish on the cover; so a cover cell outside the base
/// that sees every fin loses the digit in both cases. "Sees" is any shared house, so the
/// pattern holds in every layout; a fish is called sashimi when some base line keeps fewer than
/// two cells in the cover (it would not be a fish without its fins).
pub(crate) fn finned_fish(grid: &Candidates, k: usize) -> Option<Step> {
    finned_fish_with(grid, k, None)
}

/// [`finned_fish`], skipping the digits that `memo` knows to have none and recording those found
/// to have none.
pub(crate) fn finned_fish_with(grid: &Candidates, k: usize, memo: Option<&mut Memo>) -> Option<Step> {
    finned_search(grid, k, memo, true)
}

/// The finned fish search; `filter` turns on [`any_target`] (off only in the test that shows
/// it changes nothing).
fn finned_search(grid: &Candidates, k: usize, memo: Option<&mut Memo>, filter: bool) -> Option<Step> {
    let layout = grid.layout();
    let n = grid.n();
    let technique = technique(true, k);
    let widest = k + MAX_FIN_LINES;
    each_digit(grid, memo, true, k, |lines| {
        let d = lines.d;
        let bases: Vec<(usize, u32)> = (0..n)
            .map(|line| (line, lines.base(line)))
            .filter(|&(_, mask)| (2..=widest).contains(&(mask.count_ones() as usize)))
            .collect();
        if bases.len() < k {
            return None;
        }
        let found = choose_within(&bases, k, widest, 0, &mut |chosen: &[usize], union: u32| {
            if union.count_ones() as usize <= k {
                return None; // a basic fish, or less
            }
            let mut base = [0usize; MAX_FISH];
            for (slot, &i) in base.iter_mut().zip(chosen) {
                *slot = bases[i].0;
            }
            let base = &base[..k];
            if filter && !layout.has_diagonals() && !any_target(&lines, base, union, k) {
                return None;
            }
            // Every choice of `k` of the lines the base spans as the cover. This runs for
            // every base of every digit at every step that reaches finned fish, so nothing
            // here allocates until a fish is found.
            let mut spanned = [(0usize, 0u32); MAX_FISH + MAX_FIN_LINES];
            let mut width = 0;
            for (slot, c) in spanned.iter_mut().zip(Ones(union)) {
                *slot = (c, 1 << c);
                width += 1;
            }
            let columns = &spanned[..width];
            choose(columns, k, &mut |picked: &[usize], cover_mask: u32| {
                if union & !cover_mask == 0 {
                    return None; // no fins
                }
                let mut cover = [0usize; MAX_FISH];
                for (slot, &i) in cover.iter_mut().zip(picked) {
                    *slot = columns[i].0;
                }
                let cover = &cover[..k];
                let mut fin_cells = [0usize; MAX_FISH * (MAX_FISH + MAX_FIN_LINES)];
                let mut fin_count = 0;
                for &line in base {
                    for c in Ones(lines.base(line) & !cover_mask) {
                        fin_cells[fin_count] = lines.cell(line, c);
                        fin_count += 1;
                    }
                }
                let fins = &fin_cells[..fin_count];
                let mut eliminations = Vec::new();
                for &c in cover {
                    for line in Ones(lines.cover(c)) {
                        let target = lines.cell(line, c);
                        if !base.contains(&line) && fins.iter().all(|&f| grid.sees(target, f)) {
                            eliminations.push((target, d));
                        }
                    }
                }
                if eliminations.is_empty() {
                    return None;
                }
                eliminations.sort_unstable();
                let sashimi = base.iter().any(|&line| (lines.base(line) & cover_mask).count_ones() < 2);
                let (base_kind, cover_kind) = lines.kinds();
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
                            explain::cells(layout, fins),
                            layout.symbol(d),
                            explain::lines(cover_kind, cover),
                            explain::eliminations(layout, &eliminations)
                        )
                });
                Some(lines.step(technique, eliminations, base, cover, explanation))
            })
        });
        found
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::sudoku::{solve_with_seed, Budget, Layout, Sudoku};

    /// Random pencil marks over a random full grid of `layout`: each open cell keeps its
    /// solution digit and each other digit with probability `extra`.
    fn random_marks(layout: &Arc<Layout>, rng: &mut Pcg64Mcg, extra: f64) -> Candidates {
        let empty = Sudoku::empty(Arc::clone(layout));
        let solution = solve_with_seed(&empty, rng.random(), &Budget::unlimited()).unwrap().unwrap();
        let mut puzzle = solution.clone();
        let mut marks = vec![0u32; layout.cells()];
        for (cell, mark) in marks.iter_mut().enumerate() {
            if rng.random_bool(0.8) {
                puzzle.set(cell, 0);
                *mark = 1 << (solution.get(cell) - 1);
                for d in 0..layout.size() {
                    if rng.random_bool(extra) {
                        *mark |= 1 << d;
                    }
                }
            }
        }
        Candidates::with_marks(&puzzle, &marks).unwrap()
    }

    /// The region filter only skips bases that have no eliminating cover: with and without it,
    /// the search finds the same step (or none) on random marks, in boxed and jigsaw layouts.
    #[test]
    fn the_region_filter_changes_no_step() {
        // Bands of three rows, each row's regions shifted by one cell from the row above.
        let jigsaw: Vec<u8> =
            (0..81).map(|cell: usize| ((cell / 27) * 3 + (cell % 9 + cell / 9) % 9 / 3) as u8).collect();
        let layouts = [
            Layout::classic(9).unwrap(),
            Layout::classic(6).unwrap(),
            Layout::classic(8).unwrap(),
            Layout::jigsaw(9, jigsaw).unwrap(),
        ];
        let mut rng = Pcg64Mcg::seed_from_u64(16);
        let mut found = 0;
        for layout in layouts.map(Arc::new) {
            for round in 0..300 {
                let grid = random_marks(&layout, &mut rng, [0.15, 0.3, 0.45][round % 3]);
                for k in 2..=4 {
                    let filtered = finned_search(&grid, k, None, true);
                    found += usize::from(filtered.is_some());
                    assert_eq!(filtered, finned_search(&grid, k, None, false), "{layout:?} k={k} {grid:?}");
                }
            }
        }
        assert!(found > 100, "only {found} finned fish found: the test shows little");
    }

    /// The memo skips only digits whose search would come up empty again: along a run of random
    /// eliminations, searching with one memo finds what a fresh search finds, at every step.
    #[test]
    fn the_memo_changes_no_step() {
        let layout = Arc::new(Layout::classic(9).unwrap());
        let mut rng = Pcg64Mcg::seed_from_u64(17);
        for _ in 0..40 {
            let mut grid = random_marks(&layout, &mut rng, 0.5);
            let mut memo = Memo::new(9);
            for _ in 0..60 {
                for k in 2..=4 {
                    assert_eq!(fish_with(&grid, k, Some(&mut memo)), fish(&grid, k));
                    assert_eq!(
                        finned_fish_with(&grid, k, Some(&mut memo)),
                        finned_search(&grid, k, None, false)
                    );
                }
                // Remove a random candidate that is not the cell's last.
                let cell = rng.random_range(0..81);
                let marks = grid.candidates(cell);
                if grid.digit(cell) == 0 && marks.count_ones() > 1 {
                    let d =
                        Ones(marks).nth(rng.random_range(0..marks.count_ones() as usize)).unwrap() as u8 + 1;
                    grid.eliminate(cell, d);
                }
            }
        }
    }
}
