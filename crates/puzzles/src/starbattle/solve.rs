//! The dedicated solver: bitboards, propagation to a fixpoint, and binary branching on a cell of
//! the tightest unit.
//!
//! ```text
//!   unknown[r]  u64, bit c: cell (r, c) may still hold a star     (rows)
//!   unknown_t[c] u64, bit r: the same cell, by column            (kept in step: columns are
//!                                                                 popcounts too)
//!   stars[r]    u64, bit c: a star is placed
//!   regions     per region, its rows' masks: (row, mask of its cells in that row)
//! ```
//!
//! # Propagation (each rule, until none applies)
//! * A star clears its 8 neighbours (one mask per row: `bits c-1..=c+1`).
//! * A unit (row, column, region) with K stars clears its unknown cells; one whose unknown cells
//!   are exactly the stars it still needs takes them all; one that cannot reach K fails.
//! * The 2x2 bound: two stars in one 2-row strip never sit in the same or neighbouring columns,
//!   so a strip holds at most the greedy independent set of the union of its rows' unknown
//!   columns (exact for a strip, computed with a few bit operations). Every row, every pair of
//!   neighbouring rows (their 2K stars), every column and pair of columns, and every region (cut
//!   into strips, both alignments, the smaller bound kept) must still fit its missing stars.
//!
//! * The squeeze over windows of neighbouring lines, plain and with the 2x2 bound of each
//!   region's part inside and outside the window (module `squeeze`, where its reason is).
//!
//! # Search
//! At every node, failed-literal probing and unit forcing (module `probe`): each unknown cell is
//! tried as a star and propagated; a star that fails is cleared, what every star of a needy
//! unit's cells implies is applied, and the node propagates again. Why at every node: on the hand-made
//! large boards (15x15 3-star, 25x25 6-star) it turns trees of hundreds of thousands of nodes
//! into a dozen (docs/performance.md), and a probe is a state copy and one propagation. The
//! probes also choose the branching cell: within the unit with the fewest ways left, the cell
//! whose star leaves the fewest unknown cells (ways: `C(unknown, missing)`, saturating). That
//! cell is tried as a star, then as empty: a binary tree, so every solution is
//! reached exactly once (counting needs no deduplication). States are copied, not undone: a
//! state is a few hundred bytes of fixed arrays and a copy costs less than a trail's
//! bookkeeping. The stack is explicit (on the heap), so a 64x64 board cannot overflow a thread's
//! stack. The budget (nodes, clock, cancel flag) is read every
//! [`LINEAR_NODE`](crate::common::budget::check_every::LINEAR_NODE) nodes, a probe counting as a
//! node (a node of a 64x64 board probes thousands of cells, each propagation a millisecond), so
//! `--max-nodes` bounds the work, not only the tree.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::check_every;
use crate::starbattle::probe::Probe;
use crate::starbattle::squeeze::Squeeze;
use crate::starbattle::{StarBattle, Stars, MAX_SIDE};

/// The units and masks of a board, fixed for a search.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) n: usize,
    pub(crate) k: u32,
    /// Open cells of each row.
    open: [u64; MAX_SIDE],
    /// Each region's rows: `(row, mask)`.
    pub(crate) regions: Vec<Vec<(usize, u64)>>,
    /// The region of each open cell (row by row), `u8::MAX` when blocked.
    region_of: Vec<u8>,
    /// Each region's cells in each row: `masks[g * n + r]`.
    masks: Vec<u64>,
}

/// What is known at a node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct State {
    pub(crate) unknown: [u64; MAX_SIDE],
    unknown_t: [u64; MAX_SIDE],
    pub(crate) stars: [u64; MAX_SIDE],
    row_stars: [u8; MAX_SIDE],
    col_stars: [u8; MAX_SIDE],
    region_stars: [u8; MAX_SIDE],
}

/// A unit: row, column or region, by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unit {
    Row(usize),
    Column(usize),
    Region(usize),
}

/// The greatest number of stars that fit in a strip whose unknown columns are `bits` (no two in
/// neighbouring columns): the greedy independent set of a path, lowest first.
#[inline]
pub(crate) fn fit(mut bits: u64) -> u32 {
    let mut count = 0;
    while bits != 0 {
        let low = bits & bits.wrapping_neg();
        bits &= !(low | (low << 1));
        count += 1;
    }
    count
}

/// The most stars that rows of unknown cells (`(row, bits)`, in row order) can still take: the
/// rows are cut into strips of two (both alignments, the smaller bound kept), and a strip takes at
/// most [`fit`] of its rows' union, as no two stars touch.
pub(crate) fn strips_fit(rows: impl IntoIterator<Item = (usize, u64)>) -> u32 {
    let (mut even, mut odd) = (0, 0);
    let (mut strip_even, mut strip_odd) = (0u64, 0u64);
    let (mut last_even, mut last_odd) = (usize::MAX, usize::MAX);
    for (r, bits) in rows {
        if bits == 0 {
            continue;
        }
        if r / 2 != last_even {
            even += fit(strip_even);
            strip_even = 0;
            last_even = r / 2;
        }
        strip_even |= bits;
        if r.div_ceil(2) != last_odd {
            odd += fit(strip_odd);
            strip_odd = 0;
            last_odd = r.div_ceil(2);
        }
        strip_odd |= bits;
    }
    (even + fit(strip_even)).min(odd + fit(strip_odd))
}

/// Bits `c-1..=c+1` of a row.
#[inline]
fn around(c: usize) -> u64 {
    (0b111u64 << c) >> 1
}

impl Layout {
    /// The layout of a board the static checks passed (square, as many regions as rows).
    pub(crate) fn new(board: &StarBattle) -> Self {
        let n = board.height();
        let mut open = [0u64; MAX_SIDE];
        let mut regions = vec![Vec::new(); board.region_count()];
        let mut region_of = vec![u8::MAX; n * n];
        for r in 0..n {
            for c in 0..n {
                if let Some(region) = board.region_index(r * n + c) {
                    open[r] |= 1 << c;
                    region_of[r * n + c] = region as u8;
                    let rows: &mut Vec<(usize, u64)> = &mut regions[region];
                    match rows.last_mut() {
                        Some((row, mask)) if *row == r => *mask |= 1 << c,
                        _ => rows.push((r, 1 << c)),
                    }
                }
            }
        }
        let mut masks = vec![0u64; n * regions.len()];
        for (g, rows) in regions.iter().enumerate() {
            for &(r, m) in rows {
                masks[g * n + r] = m;
            }
        }
        Layout { n, k: board.stars() as u32, open, regions, region_of, masks }
    }

    /// The state before any deduction.
    pub(crate) fn start(&self) -> State {
        let mut state = State {
            unknown: self.open,
            unknown_t: [0; MAX_SIDE],
            stars: [0; MAX_SIDE],
            row_stars: [0; MAX_SIDE],
            col_stars: [0; MAX_SIDE],
            region_stars: [0; MAX_SIDE],
        };
        for r in 0..self.n {
            let mut bits = self.open[r];
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                state.unknown_t[c] |= 1 << r;
            }
        }
        state
    }

    /// Region `g`'s cells in row `r`.
    #[inline]
    pub(crate) fn row_mask(&self, g: usize, r: usize) -> u64 {
        self.masks[g * self.n + r]
    }

    /// The region of an open cell.
    pub(crate) fn region(&self, r: usize, c: usize) -> usize {
        self.region_of[r * self.n + c] as usize
    }

    /// Every unit.
    pub(crate) fn units(&self) -> impl Iterator<Item = Unit> {
        let n = self.n;
        (0..n).map(Unit::Row).chain((0..n).map(Unit::Column)).chain((0..n).map(Unit::Region))
    }

    /// Stars placed and unknown cells in a unit.
    pub(crate) fn tally(&self, state: &State, unit: Unit) -> (u32, u32) {
        match unit {
            Unit::Row(r) => (u32::from(state.row_stars[r]), state.unknown[r].count_ones()),
            Unit::Column(c) => (u32::from(state.col_stars[c]), state.unknown_t[c].count_ones()),
            Unit::Region(g) => (
                u32::from(state.region_stars[g]),
                self.regions[g].iter().map(|&(r, m)| (state.unknown[r] & m).count_ones()).sum(),
            ),
        }
    }

    /// The unknown cells of a unit, as (row, column).
    pub(crate) fn unknown_cells(&self, state: &State, unit: Unit) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        let mut push_row = |r: usize, mut bits: u64| {
            while bits != 0 {
                cells.push((r, bits.trailing_zeros() as usize));
                bits &= bits - 1;
            }
        };
        match unit {
            Unit::Row(r) => push_row(r, state.unknown[r]),
            Unit::Column(c) => {
                (0..self.n).filter(|&r| state.unknown_t[c] >> r & 1 == 1).for_each(|r| cells.push((r, c)));
            }
            Unit::Region(g) => self.regions[g].iter().for_each(|&(r, m)| push_row(r, state.unknown[r] & m)),
        }
        cells
    }

    /// The most stars a unit's unknown cells can still take (the 2x2 bound).
    pub(crate) fn capacity(&self, state: &State, unit: Unit) -> u32 {
        match unit {
            Unit::Row(r) => fit(state.unknown[r]),
            Unit::Column(c) => fit(state.unknown_t[c]),
            Unit::Region(g) => strips_fit(self.regions[g].iter().map(|&(r, m)| (r, state.unknown[r] & m))),
        }
    }

    /// Clears an unknown cell (no star).
    #[inline]
    pub(crate) fn clear(&self, state: &mut State, r: usize, c: usize) {
        state.unknown[r] &= !(1 << c);
        state.unknown_t[c] &= !(1 << r);
    }

    /// Places a star on an unknown cell and clears its neighbours; false if a unit overflows.
    pub(crate) fn star(&self, state: &mut State, r: usize, c: usize) -> bool {
        self.clear(state, r, c);
        state.stars[r] |= 1 << c;
        let g = self.region(r, c);
        state.row_stars[r] += 1;
        state.col_stars[c] += 1;
        state.region_stars[g] += 1;
        let near = around(c);
        for rr in r.saturating_sub(1)..(r + 2).min(self.n) {
            let mut bits = state.unknown[rr] & near;
            state.unknown[rr] &= !near;
            while bits != 0 {
                let cc = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                state.unknown_t[cc] &= !(1 << rr);
            }
        }
        let k = self.k as u8;
        state.row_stars[r] <= k && state.col_stars[c] <= k && state.region_stars[g] <= k
    }

    /// Applies the rules of the module header until none applies; false on a contradiction.
    pub(crate) fn propagate(&self, state: &mut State) -> bool {
        self.propagate_with(state, true)
    }

    /// [`propagate`](Self::propagate), with or without the squeeze's 2x2 bound (module
    /// `squeeze`): the probes go without it, a tenth of the cost, and the node that gathers
    /// them applies it.
    pub(crate) fn propagate_with(&self, state: &mut State, packed: bool) -> bool {
        loop {
            let mut changed = false;
            for unit in self.units() {
                let (stars, unknown) = self.tally(state, unit);
                if stars > self.k || stars + unknown < self.k {
                    return false;
                }
                if unknown == 0 {
                    continue;
                }
                if stars == self.k {
                    for (r, c) in self.unknown_cells(state, unit) {
                        self.clear(state, r, c);
                    }
                    changed = true;
                } else if stars + unknown == self.k {
                    for (r, c) in self.unknown_cells(state, unit) {
                        if state.unknown[r] >> c & 1 == 0 || !self.star(state, r, c) {
                            return false;
                        }
                    }
                    changed = true;
                } else if self.capacity(state, unit) < self.k - stars {
                    return false;
                }
            }
            if !changed && !self.pairs_fit(state) {
                return false;
            }
            if !changed {
                match self.squeeze(state, packed) {
                    Squeeze::Nothing => return true,
                    Squeeze::Contradiction => return false,
                    Squeeze::Cleared => {}
                }
            }
        }
    }

    /// Every pair of neighbouring rows, and of columns, can still take its missing stars.
    pub(crate) fn pairs_fit(&self, state: &State) -> bool {
        (1..self.n).all(|i| {
            [false, true].into_iter().all(|columns| {
                let (stars, room) = self.pair_room(state, i, columns);
                stars + room >= 2 * self.k
            })
        })
    }

    /// Stars placed in lines `i - 1` and `i` (rows, or columns when `columns`), and the most
    /// their unknown cells can still take together (the 2x2 bound of the strip).
    pub(crate) fn pair_room(&self, state: &State, i: usize, columns: bool) -> (u32, u32) {
        if columns {
            let stars = state.col_stars[i - 1] + state.col_stars[i];
            (u32::from(stars), fit(state.unknown_t[i - 1] | state.unknown_t[i]))
        } else {
            let stars = state.row_stars[i - 1] + state.row_stars[i];
            (u32::from(stars), fit(state.unknown[i - 1] | state.unknown[i]))
        }
    }

    /// The unit to branch on: the one with the fewest ways left.
    pub(crate) fn choose(&self, state: &State) -> Option<Unit> {
        let mut best: Option<(u64, Unit)> = None;
        for unit in self.units() {
            let (stars, unknown) = self.tally(state, unit);
            if unknown == 0 || stars >= self.k {
                continue;
            }
            let ways = ways(unknown, self.k - stars);
            if best.is_none_or(|(w, _)| ways < w) {
                best = Some((ways, unit));
            }
        }
        best.map(|(_, unit)| unit)
    }

    /// The stars of a finished state.
    pub(crate) fn answer(&self, state: &State, board: &StarBattle) -> Stars {
        let mut stars = Stars::empty(board);
        for r in 0..self.n {
            let mut bits = state.stars[r];
            while bits != 0 {
                stars.set(r * self.n + bits.trailing_zeros() as usize, true);
                bits &= bits - 1;
            }
        }
        stars
    }
}

/// Visits up to `limit` solutions in the search's order, within `budget`.
pub(crate) fn search(board: &StarBattle, limit: u64, budget: &Budget, visit: &mut dyn FnMut(Stars)) -> Count {
    let mut stats = Stats::default();
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats };
    }
    if board.impossible().is_some() {
        return Count { solutions: 0, outcome: Outcome::Exhausted, stats };
    }
    let layout = Layout::new(board);
    let mut root = layout.start();
    let mut stack = Vec::new();
    if layout.propagate(&mut root) {
        stack.push(root);
    }
    let mut found = 0;
    while let Some(state) = stack.pop() {
        stats.nodes += 1;
        if let Err(reason) = spend(budget, stats.nodes) {
            return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats };
        }
        let mut state = state;
        let chosen = match layout.probe(&mut state, budget, &mut stats.nodes) {
            Probe::Dead => continue,
            Probe::GaveUp(reason) => {
                return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats }
            }
            Probe::Branch(r, c) => Some((r, c)),
            Probe::Solved => None,
        };
        let Some((r, c)) = chosen else {
            // Nothing unknown where stars are missing: the propagation checked every count.
            visit(layout.answer(&state, board));
            found += 1;
            if found >= limit {
                return Count { solutions: found, outcome: Outcome::LimitReached, stats };
            }
            continue;
        };
        let mut without = state;
        layout.clear(&mut without, r, c);
        if layout.propagate(&mut without) {
            stack.push(without);
        }
        let mut with = state;
        if layout.star(&mut with, r, c) && layout.propagate(&mut with) {
            stack.push(with);
        }
    }
    Count { solutions: found, outcome: Outcome::Exhausted, stats }
}

/// The budget after the `nodes`-th node.
pub(crate) fn spend(budget: &Budget, nodes: u64) -> Result<(), GaveUp> {
    budget.spend(nodes, check_every::LINEAR_NODE)
}

/// `C(n, k)`, saturating.
fn ways(n: u32, k: u32) -> u64 {
    let mut ways = 1u64;
    for i in 0..u64::from(k) {
        ways = ways.saturating_mul(u64::from(n) - i) / (i + 1);
    }
    ways
}
