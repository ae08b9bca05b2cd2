//! The dedicated N-queens solver: bitmask backtracking, row by row.
//!
//! # Algorithm
//!
//! The classic one (Wirth 1976; Richards' bit version): place a queen in each row in turn. Three
//! masks hold the squares of the current row that are attacked: `cols` by a queen in the same
//! column, `left` and `right` along the two diagonals. Going down a row shifts the diagonal masks
//! one square left or right. The free squares are `!(cols | left | right) & full`; the lowest one
//! is `free & free.wrapping_neg()`.
//!
//! ```text
//!   row r:    cols  . . Q . . .      left  . Q . . . .   (moves left each row)
//!             right . . . Q . .      free = !(cols | left | right) & full
//! ```
//!
//! # Counting faster
//!
//! * Mirror symmetry: reflecting a solution left to right gives another, with the first row's
//!   queen in column `n - 1 - c`. So only first-row columns `c < n / 2` are searched and their
//!   count is doubled; for odd `n` the middle column is searched once more and not doubled (its
//!   mirror images are among its own solutions).
//! * Threads: the first two rows' placements are independent tasks (weight 2 or 1 as above),
//!   spread over a rayon pool by work stealing.
//! * No recursion when counting: the current row's masks live in locals and the parents' in a
//!   fixed array, and the row before last is a tight loop of its own (each free square leaves
//!   one column for the last row); nodes are paid for a row at a time. Each step measured
//!   faster on n = 16 (docs/performance.md).
//!
//! Listing solutions does not use the mirror trick: it walks the whole tree in order, so the
//! solutions come in lexicographic order of their columns.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::check_every;

/// The largest `n` (masks are `u32`).
pub const MAX_N: usize = 32;

/// Counts every solution for an `n`x`n` board (`n` at most [`MAX_N`]) on `threads` threads (0 or
/// 1: sequentially), within `budget`.
pub(super) fn count_all(n: usize, threads: usize, budget: &Budget) -> Count {
    debug_assert!(n <= MAX_N, "the board checks its side");
    if n == 0 {
        return Count { solutions: 1, outcome: Outcome::Exhausted, stats: Stats::default() };
    }
    let full = mask(n);
    // Tasks: the first two rows (or one, for n = 1), with weights from the mirror symmetry.
    let mut tasks = Vec::new();
    for c1 in 0..n.div_ceil(2) {
        let weight = if n % 2 == 1 && c1 == n / 2 { 1 } else { 2 };
        let bit = 1u32 << c1;
        if n == 1 {
            tasks.push((bit, 0, 0, weight));
            continue;
        }
        let (cols, left, right) = (bit, (bit << 1) & full, bit >> 1);
        let mut free = full & !(cols | left | right);
        while free != 0 {
            let b = free & free.wrapping_neg();
            free ^= b;
            tasks.push((cols | b, ((left | b) << 1) & full, (right | b) >> 1, weight));
        }
    }
    let shared = Shared::new(budget);
    let run = |&(cols, left, right, weight): &(u32, u32, u32, u64)| {
        let mut search = Search::new(full, &shared);
        // A task that starts after the budget ran out does no work.
        if !search.check() {
            return (0, 0, search.stop);
        }
        let found = search.count(cols, left, right);
        (found * weight, search.nodes, search.stop)
    };
    let results: Vec<(u64, u64, Option<GaveUp>)> = match threads {
        0 | 1 => tasks.iter().map(run).collect(),
        t => match rayon::ThreadPoolBuilder::new().num_threads(t).build() {
            Ok(pool) => pool.install(|| tasks.par_iter().map(run).collect()),
            Err(_) => tasks.iter().map(run).collect(),
        },
    };
    // The nodes of the first two rows are not counted: they are fixed, like a split's prefix.
    let solutions = results.iter().map(|r| r.0).sum();
    let nodes = results.iter().map(|r| r.1).sum();
    let outcome = results.iter().find_map(|r| r.2).map_or(Outcome::Exhausted, Outcome::GaveUp);
    Count { solutions, outcome, stats: Stats { nodes, updates: 0 } }
}

/// Visits up to `limit` solutions in lexicographic order (each the queen's column in each row),
/// and says how many and how the search ended.
pub(super) fn list(n: usize, limit: u64, budget: &Budget, visit: &mut dyn FnMut(&[usize])) -> Count {
    debug_assert!(n <= MAX_N, "the board checks its side");
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    let shared = Shared::new(budget);
    let mut search = Search::new(mask(n), &shared);
    let mut row = Vec::with_capacity(n);
    let mut found = 0;
    let done = search.list(0, 0, 0, &mut row, &mut |columns| {
        visit(columns);
        found += 1;
        found < limit
    });
    let outcome = match (search.stop, done) {
        (Some(reason), _) => Outcome::GaveUp(reason),
        (None, false) => Outcome::LimitReached,
        (None, true) => Outcome::Exhausted,
    };
    Count { solutions: found, outcome, stats: Stats { nodes: search.nodes, updates: 0 } }
}

/// Counts the solutions below the node `(cols, left, right)` of an `n`x`n` board (the rows
/// placed so far as masks, as the search makes them), within `budget`. The nodes are those below
/// the node, not the node itself, counted as [`count_all`] counts them (a node for every
/// placement but those of the last row), so that a shard's nodes add up to the single count's.
pub(super) fn count_below(n: usize, (cols, left, right): (u32, u32, u32), budget: &Budget) -> Count {
    debug_assert!(n <= MAX_N, "the board checks its side");
    let shared = Shared::new(budget);
    let mut search = Search::new(mask(n), &shared);
    if !search.check() {
        let reason = search.stop.unwrap_or(GaveUp::Cancelled);
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() };
    }
    let solutions = search.count(cols, left, right);
    let outcome = search.stop.map_or(Outcome::Exhausted, Outcome::GaveUp);
    Count { solutions, outcome, stats: Stats { nodes: search.nodes.saturating_sub(1), updates: 0 } }
}

pub(super) fn mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

struct Shared {
    nodes: AtomicU64,
    /// Nodes a thread spends between two looks at the budget: [`check_every::TINY_NODE`], or a
    /// sixteenth of the node limit when that is fewer, so that `--max-nodes` is honoured within
    /// a small factor however small it is (`--max-nodes 1` once went on for 5 M nodes, one
    /// period per task).
    period: u64,
    halt: AtomicBool,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<std::sync::Arc<AtomicBool>>,
    /// Why the first thread to stop stopped.
    reason: std::sync::Mutex<GaveUp>,
}

impl Shared {
    fn new(budget: &Budget) -> Self {
        Shared {
            nodes: AtomicU64::new(0),
            period: budget
                .nodes()
                .map_or(check_every::TINY_NODE, |max| (max / 16).clamp(1, check_every::TINY_NODE)),
            halt: AtomicBool::new(false),
            max_nodes: budget.nodes(),
            deadline: budget.deadline(),
            cancel: budget.cancel_flag().cloned(),
            reason: std::sync::Mutex::new(GaveUp::Cancelled),
        }
    }
}

struct Search<'a> {
    full: u32,
    nodes: u64,
    unpublished: u64,
    shared: &'a Shared,
    stop: Option<GaveUp>,
}

impl<'a> Search<'a> {
    fn new(full: u32, shared: &'a Shared) -> Self {
        Search { full, nodes: 0, unpublished: 0, shared, stop: None }
    }

    /// Spends a node; false when the budget has run out. The node budget, the clock and the
    /// flags are looked at every `shared.period` nodes (at most [`check_every::TINY_NODE`]), so
    /// `--max-nodes` is honoured to within that many nodes, plus one row, per thread.
    #[inline(always)]
    fn spend(&mut self) -> bool {
        self.spend_many(1)
    }

    /// Spends `k` nodes at once.
    #[inline(always)]
    fn spend_many(&mut self, k: u64) -> bool {
        self.nodes += k;
        self.unpublished += k;
        if self.unpublished >= self.shared.period {
            return self.check();
        }
        true
    }

    /// Publishes the nodes spent and looks at the budget; false when the search must stop.
    #[cold]
    fn check(&mut self) -> bool {
        let total = self.shared.nodes.fetch_add(self.unpublished, Ordering::Relaxed) + self.unpublished;
        self.unpublished = 0;
        let lock = || self.shared.reason.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.shared.halt.load(Ordering::Relaxed) {
            // Another thread stopped: report its reason.
            self.stop = Some(*lock());
            return false;
        }
        let reason = if self.shared.max_nodes.is_some_and(|max| total > max) {
            Some(GaveUp::NodeLimit)
        } else if self.shared.cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            Some(GaveUp::Cancelled)
        } else if self.shared.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(GaveUp::Deadline)
        } else {
            None
        };
        if let Some(reason) = reason {
            let mut first = lock();
            if !self.shared.halt.swap(true, Ordering::Relaxed) {
                *first = reason;
            }
            self.stop = Some(*first);
            return false;
        }
        true
    }

    /// Solutions below the node `(cols, left, right)`, by an explicit stack instead of
    /// recursion: the current row's masks stay in registers and the parents' wait in an array
    /// (no calls, no per-call bookkeeping). The last row needs no node of its own: one column is
    /// left, and the queen fits there or not.
    fn count(&mut self, cols: u32, left: u32, right: u32) -> u64 {
        let full = self.full;
        if !self.spend() {
            return 0;
        }
        let queens = cols.count_ones();
        let n = full.count_ones();
        if queens == n {
            return 1;
        }
        if queens + 1 == n {
            return u64::from(full & !(cols | left | right) != 0);
        }
        // Depth (rows below this one) at which a queen's row is the one before last.
        let last = (n - queens - 2) as usize;
        let mut parents = [(0u32, 0u32, 0u32, 0u32); MAX_N];
        let (mut c, mut l, mut r) = (cols, left, right);
        let mut free = full & !(c | l | r);
        // Each row's placements are paid for, as nodes, when the row is entered.
        if !self.spend_many(u64::from(free.count_ones())) {
            return 0;
        }
        let mut depth = 0;
        let mut total = 0;
        loop {
            if depth == last {
                // The row before last: each free square leaves one column for the last row,
                // where the queen fits or not.
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    total += u64::from(full & !(c | bit | ((l | bit) << 1) | ((r | bit) >> 1)) != 0);
                }
            }
            if free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                parents[depth] = (c, l, r, free);
                depth += 1;
                (c, l, r) = (c | bit, ((l | bit) << 1) & full, (r | bit) >> 1);
                free = full & !(c | l | r);
                if !self.spend_many(u64::from(free.count_ones())) {
                    return total;
                }
            } else if depth == 0 {
                return total;
            } else {
                depth -= 1;
                (c, l, r, free) = parents[depth];
            }
        }
    }

    /// Visits the solutions below this node in order; false once `visit` or the budget says stop.
    fn list(
        &mut self,
        cols: u32,
        left: u32,
        right: u32,
        row: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if !self.spend() {
            return false;
        }
        if cols == self.full {
            return visit(row);
        }
        let mut free = self.full & !(cols | left | right);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            row.push(bit.trailing_zeros() as usize);
            let go = self.list(cols | bit, ((left | bit) << 1) & self.full, (right | bit) >> 1, row, visit);
            row.pop();
            if !go {
                return false;
            }
        }
        true
    }
}
