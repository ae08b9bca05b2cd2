//! The dedicated tiling solver: depth-first search over bitboards.
//!
//! # Algorithm
//!
//! Fill the first empty cell (the lowest-numbered one; cells are numbered along the board's
//! short side first, see [`Puzzle`]): try every placement of every piece with copies left whose
//! *lowest* cell is that cell and which overlaps nothing placed, and recurse. Every tiling is
//! reached exactly once, since the cell that is first empty at each level is covered by exactly
//! one placement of the tiling, and that placement's lowest cell must be it (all lower cells are
//! full). This is the classic "first empty cell" search (de Bruijn's for pentominoes), also what
//! Algorithm X does with the MRV rule replaced by "the first cell"; it needs no list updates.
//!
//! # Data layout
//!
//! ```text
//!  cell c:      by_cell[starts[c] .. starts[c + 1]]   placements whose lowest cell is c
//!  each entry:  piece: u16   mask: [u64; W]   index: u32 (in Puzzle::placements)
//!  state:       filled: [u64; W] (bit c = cell c covered), remaining[piece] (copies left)
//! ```
//!
//! Masks are `[u64; W]` with `W` a const parameter: 1 word for boards up to 64 cells (6x10,
//! 8x8), 2 up to 128, 4 up to 256. The one-word case compiles to plain `u64` operations, so the
//! general code is also the fast path. The first empty cell is the number of trailing ones of
//! `filled`. Because only placements anchored at that cell are tried, overlap tests touch a
//! short list (about 40 entries per cell for the pentominoes on 6x10).
//!
//! Candidates: for the first empty cell `c`, the state of the next [`LOOKAHEAD`] cells
//! (`filled >> (c + 1)`, 8 bits) selects a precomputed list of the entries at `c` that miss those
//! cells, so most conflicting placements are never looked at (a 256-way table per cell).
//!
//! Dead regions: on boards of more than 64 cells, a bounded flood fill from the cells next to
//! each placement cuts branches that leave an empty region smaller than the smallest piece. On
//! 6x10 it is not worth it (measured: 25.8M nodes in 1.1 s without, 9.1M nodes in 1.9 s with),
//! since filling along the short side already closes most dead regions within a few levels.
//!
//! # Parallel counting
//!
//! The tree is split as the exact-cover engine splits it: the search runs to a depth `d` and
//! records each partial tiling there as a prefix; `d` grows until there are at least
//! [`BitSolver::PREFIXES_PER_THREAD`] prefixes per thread; rayon's work stealing evens out the
//! uneven subtrees. A shared atomic count stops every thread once `limit` tilings are found.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use super::{Puzzle, Tiling};

/// The bitboard search over one [`Puzzle`], with a thread count and a budget.
///
/// ```
/// use tessera::tiling::{builtin, BitSolver, Board, Puzzle};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let puzzle = Puzzle::new(Board::parse_size("3x20").unwrap(), pieces, motion);
/// assert_eq!(BitSolver::new(&puzzle).count_up_to(u64::MAX).solutions, 8);
/// let (tilings, _) = BitSolver::new(&puzzle).threads(2).solutions_up_to(3);
/// assert!(tilings.len() == 3 && tilings.iter().all(|t| puzzle.is_tiling(t)));
/// ```
#[derive(Debug, Clone)]
pub struct BitSolver<'p> {
    puzzle: &'p Puzzle,
    threads: usize,
    budget: Budget,
}

impl<'p> BitSolver<'p> {
    /// Prefixes wanted per thread before the split stops deepening.
    pub const PREFIXES_PER_THREAD: usize = 64;
    /// The split never goes deeper than this.
    pub const MAX_SPLIT_DEPTH: usize = 8;

    /// A sequential search with no budget.
    pub fn new(puzzle: &'p Puzzle) -> Self {
        BitSolver { puzzle, threads: 1, budget: Budget::unlimited() }
    }

    /// Searches on `threads` threads (0 or 1: sequentially).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Limits the search (nodes, deadline, cancel flag).
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Counts tilings, stopping at `limit`.
    pub fn count_up_to(&self, limit: u64) -> Count {
        self.visit_up_to(limit, |_| {})
    }

    /// Up to `limit` tilings and how the search ended.
    pub fn solutions_up_to(&self, limit: u64) -> (Vec<Tiling>, Count) {
        let found = Mutex::new(Vec::new());
        let count = self.visit_up_to(limit, |placements| {
            let tiling = Tiling::new(placements.iter().map(|&p| p as usize).collect());
            found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(tiling);
        });
        (found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
    }

    /// Calls `visit` with each tiling (placement indices, in the order placed) until `limit`
    /// have been seen; exactly `min(limit, total)` calls unless the budget runs out.
    pub fn visit_up_to(&self, limit: u64, visit: impl Fn(&[u32]) + Sync) -> Count {
        let cells = self.puzzle.cells().len();
        if limit == 0 {
            return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
        }
        if self.puzzle.piece_area() < cells {
            return Count { solutions: 0, outcome: Outcome::Exhausted, stats: Stats::default() };
        }
        match cells {
            0..=64 => self.run::<1>(limit, &visit),
            65..=128 => self.run::<2>(limit, &visit),
            _ => self.run::<4>(limit, &visit),
        }
    }

    fn run<const W: usize>(&self, limit: u64, visit: &(dyn Fn(&[u32]) + Sync)) -> Count {
        let tables = Tables::<W>::new(self.puzzle);
        let shared = Shared {
            found: AtomicU64::new(0),
            halt: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            limit,
            max_nodes: self.budget.nodes(),
            deadline: self.budget.deadline(),
            cancel: self.budget.cancel_flag().cloned(),
        };
        let copies: Vec<u32> = self.puzzle.pieces().iter().map(super::Piece::copies).collect();
        let mut nodes = 0;
        let mut stop;
        if self.threads == 1 {
            let mut search = Search::new(&tables, &shared, visit, &copies, usize::MAX);
            search.node(Bits::ZERO);
            nodes += search.nodes;
            stop = search.stop;
        } else {
            let Some(pool) = rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().ok() else {
                return BitSolver { threads: 1, ..self.clone() }.run::<W>(limit, visit);
            };
            // Deepen the split until there are enough prefixes (or the tree ends).
            let mut prefixes = Vec::new();
            for depth in 1..=Self::MAX_SPLIT_DEPTH {
                shared.found.store(0, Ordering::Relaxed);
                shared.nodes.store(0, Ordering::Relaxed);
                let mut search = Search::new(&tables, &shared, visit, &copies, depth);
                search.deliver = false;
                search.node(Bits::ZERO);
                prefixes = search.prefixes;
                if prefixes.len() >= Self::PREFIXES_PER_THREAD * self.threads {
                    break;
                }
            }
            shared.found.store(0, Ordering::Relaxed);
            shared.nodes.store(0, Ordering::Relaxed);
            // Count the levels above the split once, delivering the solutions found there.
            let mut top = Search::new(&tables, &shared, visit, &copies, prefixes.first().map_or(0, Vec::len));
            if prefixes.is_empty() {
                top.split = usize::MAX;
            }
            top.node(Bits::ZERO);
            nodes += top.nodes;
            stop = top.stop;
            let results: Vec<(u64, Option<Stop>)> = pool.install(|| {
                top.prefixes
                    .par_iter()
                    .map(|prefix| {
                        let mut search = Search::new(&tables, &shared, visit, &copies, usize::MAX);
                        if shared.halt.load(Ordering::Relaxed) {
                            search.stop = Some(Stop::Halted);
                            return (0, search.stop);
                        }
                        let mut filled = Bits::ZERO;
                        for &entry in prefix {
                            filled = filled.or(&tables.mask[entry as usize]);
                            search.remaining[tables.piece[entry as usize] as usize] -= 1;
                            search.stack.push(tables.index[entry as usize]);
                        }
                        search.expand(filled);
                        (search.nodes, search.stop)
                    })
                    .collect()
            });
            for (n, s) in results {
                nodes += n;
                stop = match (stop, s) {
                    (Some(Stop::GaveUp(g)), _) | (_, Some(Stop::GaveUp(g))) => Some(Stop::GaveUp(g)),
                    (Some(a), _) => Some(a),
                    (None, b) => b,
                };
            }
        }
        let found = shared.found.load(Ordering::Relaxed);
        let outcome = if found >= limit {
            Outcome::LimitReached
        } else if let Some(Stop::GaveUp(reason)) = stop {
            Outcome::GaveUp(reason)
        } else {
            Outcome::Exhausted
        };
        Count { solutions: found.min(limit), outcome, stats: Stats { nodes, updates: 0 } }
    }
}

/// A bit mask of `W` words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const ZERO: Self = Bits([0; W]);

    #[inline(always)]
    fn or(&self, other: &Self) -> Self {
        let mut out = *self;
        for i in 0..W {
            out.0[i] |= other.0[i];
        }
        out
    }

    #[inline(always)]
    fn disjoint(&self, other: &Self) -> bool {
        let mut any = 0;
        for i in 0..W {
            any |= self.0[i] & other.0[i];
        }
        any == 0
    }

    #[inline(always)]
    fn first_zero(&self) -> usize {
        for i in 0..W {
            if self.0[i] != u64::MAX {
                return i * 64 + self.0[i].trailing_ones() as usize;
            }
        }
        W * 64
    }

    #[inline(always)]
    fn set(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    /// Bits `start .. start + LOOKAHEAD` (zero beyond the words).
    #[inline(always)]
    fn window(&self, start: usize) -> u32 {
        let (w, b) = (start / 64, start % 64);
        let mut bits = if w < W { self.0[w] >> b } else { 0 };
        if b + LOOKAHEAD > 64 && w + 1 < W {
            bits |= self.0[w + 1] << (64 - b);
        }
        (bits & (PATTERNS as u64 - 1)) as u32
    }

    #[inline(always)]
    fn has(&self, bit: usize) -> bool {
        self.0[bit / 64] >> (bit % 64) & 1 == 1
    }
}

/// Placements grouped by lowest cell, as masks.
struct Tables<const W: usize> {
    cells: usize,
    /// All cells, and the squares beyond them (so that `filled == full` means done).
    full: Bits<W>,
    /// `by_pattern[pattern_starts[c * PATTERNS + p] ..]`: the entries of cell `c` that miss the
    /// cells `c + 1 ..= c + LOOKAHEAD` marked full in `p`.
    pattern_starts: Vec<u32>,
    by_pattern: Vec<u32>,
    piece: Vec<u16>,
    mask: Vec<Bits<W>>,
    index: Vec<u32>,
    /// Each cell's edge neighbours on the board ([`NONE`] where there is none).
    adjacent: Vec<[u16; 4]>,
    /// Sizes of the pieces, by piece.
    sizes: Vec<usize>,
    /// The smallest piece with copies: an empty region with fewer cells is dead.
    min_size: usize,
}

/// Cells after the first empty one whose state selects a list of candidate placements.
const LOOKAHEAD: usize = 8;
const PATTERNS: usize = 1 << LOOKAHEAD;

/// No neighbour (off the board or a hole).
const NONE: usize = u16::MAX as usize;

impl<const W: usize> Tables<W> {
    fn new(puzzle: &Puzzle) -> Self {
        let cells = puzzle.cells().len();
        let mut full = Bits::ZERO;
        for c in 0..cells {
            full.set(c);
        }
        let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (i, p) in puzzle.placements().iter().enumerate() {
            by_cell[p.cells[0] as usize].push(i);
        }
        let (mut starts, mut piece, mut mask, mut index) = (vec![0], Vec::new(), Vec::new(), Vec::new());
        for list in &by_cell {
            for &i in list {
                let p = &puzzle.placements()[i];
                let mut m = Bits::ZERO;
                for &c in &p.cells {
                    m.set(c as usize);
                }
                piece.push(p.piece as u16);
                mask.push(m);
                index.push(i as u32);
            }
            starts.push(piece.len() as u32);
        }
        let mut pattern_starts = vec![0u32];
        let mut by_pattern = Vec::new();
        for c in 0..cells {
            let after: Vec<u32> =
                (starts[c]..starts[c + 1]).map(|e| mask[e as usize].window(c + 1)).collect();
            for p in 0..PATTERNS as u32 {
                for (k, e) in (starts[c]..starts[c + 1]).enumerate() {
                    if after[k] & p == 0 {
                        by_pattern.push(e);
                    }
                }
                pattern_starts.push(by_pattern.len() as u32);
            }
        }
        let adjacent = puzzle
            .cells()
            .iter()
            .map(|&(r, c)| {
                [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    .map(|(dr, dc)| puzzle.cell_at(r + dr, c + dc).unwrap_or(u16::MAX))
            })
            .collect();
        let sizes: Vec<usize> = puzzle.pieces().iter().map(super::Piece::size).collect();
        let min_size =
            puzzle.pieces().iter().filter(|p| p.copies() > 0).map(super::Piece::size).min().unwrap_or(1);
        Tables { cells, full, pattern_starts, by_pattern, piece, mask, index, adjacent, sizes, min_size }
    }
}

#[derive(Debug, Clone, Copy)]
enum Stop {
    Halted,
    GaveUp(GaveUp),
}

/// What all the threads of one count share.
struct Shared {
    found: AtomicU64,
    halt: AtomicBool,
    nodes: AtomicU64,
    limit: u64,
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<std::sync::Arc<AtomicBool>>,
}

/// One thread's search.
struct Search<'a, const W: usize> {
    t: &'a Tables<W>,
    shared: &'a Shared,
    visit: &'a (dyn Fn(&[u32]) + Sync),
    remaining: Vec<u32>,
    /// Placement indices of the current partial tiling.
    stack: Vec<u32>,
    /// Table entries of the current partial tiling (for prefixes).
    entries: Vec<u32>,
    nodes: u64,
    unpublished: u64,
    stop: Option<Stop>,
    /// Depth at which a partial tiling is recorded as a prefix instead of searched.
    split: usize,
    prefixes: Vec<Vec<u32>>,
    /// Whether solutions are counted and visited (not while only sizing a split).
    deliver: bool,
    /// Wide boards whose smallest piece has more than one cell: small regions are cut.
    check_holes: bool,
    /// The flood fill's queue.
    scratch: Vec<u16>,
}

const CHECK_INTERVAL: u64 = 4096;

impl<'a, const W: usize> Search<'a, W> {
    fn new(
        t: &'a Tables<W>,
        shared: &'a Shared,
        visit: &'a (dyn Fn(&[u32]) + Sync),
        copies: &[u32],
        split: usize,
    ) -> Self {
        let check_holes = W > 1 && t.min_size > 1 && t.sizes.len() == copies.len();
        Search {
            t,
            shared,
            visit,
            remaining: copies.to_vec(),
            stack: Vec::new(),
            entries: Vec::new(),
            nodes: 0,
            unpublished: 0,
            stop: None,
            split,
            prefixes: Vec::new(),
            deliver: true,
            check_holes,
            scratch: Vec::with_capacity(64),
        }
    }

    /// A node: a solution, a prefix, or a cell to fill. Returns false to stop the search.
    fn node(&mut self, filled: Bits<W>) -> bool {
        self.nodes += 1;
        self.unpublished += 1;
        if self.unpublished >= CHECK_INTERVAL && !self.check() {
            return false;
        }
        if let Some(max) = self.shared.max_nodes {
            if self.shared.nodes.load(Ordering::Relaxed) + self.unpublished > max {
                self.stop = Some(Stop::GaveUp(GaveUp::NodeLimit));
                return false;
            }
        }
        if filled == self.t.full {
            return self.solution();
        }
        if self.stack.len() == self.split {
            self.prefixes.push(self.entries.clone());
            return true;
        }
        self.expand(filled)
    }

    /// Tries every placement that covers the first empty cell.
    #[inline]
    fn expand(&mut self, filled: Bits<W>) -> bool {
        let cell = filled.first_zero();
        debug_assert!(cell < self.t.cells);
        let list = cell * PATTERNS + filled.window(cell + 1) as usize;
        let (start, end) = (self.t.pattern_starts[list] as usize, self.t.pattern_starts[list + 1] as usize);
        for k in start..end {
            let e = self.t.by_pattern[k] as usize;
            let piece = self.t.piece[e] as usize;
            if self.remaining[piece] == 0 || !self.t.mask[e].disjoint(&filled) {
                continue;
            }
            let next = filled.or(&self.t.mask[e]);
            if self.check_holes && self.small_region(&next, &self.t.mask[e]) {
                continue;
            }
            self.remaining[piece] -= 1;
            self.stack.push(self.t.index[e]);
            self.entries.push(e as u32);
            let go = self.node(next);
            self.entries.pop();
            self.stack.pop();
            self.remaining[piece] += 1;
            if !go {
                return false;
            }
        }
        true
    }

    /// Whether an empty region next to the placement `placed` is smaller than the smallest
    /// piece: a flood fill from each empty neighbour that stops as soon as it has seen enough
    /// cells.
    #[inline]
    fn small_region(&mut self, filled: &Bits<W>, placed: &Bits<W>) -> bool {
        let need = self.t.min_size;
        // Cells reached by earlier floods, whose regions were big enough.
        let mut reached = *filled;
        for w in 0..W {
            let mut bits = placed.0[w];
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for &d in &self.t.adjacent[c] {
                    let d = d as usize;
                    if d == NONE || reached.has(d) {
                        continue;
                    }
                    // Flood the region of d, up to `need` cells (a flood of its own: an earlier
                    // one may have stopped before it saw all of a region).
                    let mut seen = *filled;
                    seen.set(d);
                    self.scratch.clear();
                    self.scratch.push(d as u16);
                    let mut size = 1;
                    let mut i = 0;
                    while i < self.scratch.len() && size < need {
                        let e = self.scratch[i] as usize;
                        i += 1;
                        for &f in &self.t.adjacent[e] {
                            let f = f as usize;
                            if f != NONE && !seen.has(f) {
                                seen.set(f);
                                self.scratch.push(f as u16);
                                size += 1;
                            }
                        }
                    }
                    if size < need {
                        return true;
                    }
                    reached = reached.or(&seen);
                }
            }
        }
        false
    }

    fn solution(&mut self) -> bool {
        if !self.deliver {
            return true;
        }
        let before = self.shared.found.fetch_add(1, Ordering::Relaxed);
        if before < self.shared.limit {
            (self.visit)(&self.stack);
        }
        if before + 1 >= self.shared.limit {
            self.shared.halt.store(true, Ordering::Relaxed);
            self.stop = Some(Stop::Halted);
            return false;
        }
        true
    }

    /// Publishes the node count and looks at the clock and the flags; false to stop.
    fn check(&mut self) -> bool {
        self.shared.nodes.fetch_add(self.unpublished, Ordering::Relaxed);
        self.unpublished = 0;
        if self.shared.halt.load(Ordering::Relaxed) {
            self.stop = Some(Stop::Halted);
            return false;
        }
        if self.shared.cancel.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.stop = Some(Stop::GaveUp(GaveUp::Cancelled));
            return false;
        }
        if self.shared.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop = Some(Stop::GaveUp(GaveUp::Deadline));
            self.shared.halt.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_first_zero_crosses_words() {
        let mut b = Bits::<2>([u64::MAX, 0]);
        assert_eq!(b.first_zero(), 64);
        b.set(64);
        assert_eq!(b.first_zero(), 65);
    }
}
