//! [`Search`]: one thread's depth-first "first empty square" search, with its delivery of
//! tilings (and their images under the root's symmetries) and its periodic look at the budget
//! and at what the other threads share ([`Shared`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use tessera_xc::GaveUp;

use super::tables::{window, Tables, NO_ROOT, PATTERNS};
#[cfg(doc)]
use super::BitSolver;
use crate::common::bits::{BitSet, Words};
use crate::common::budget::check_every;
pub(super) use crate::common::budget::Stop;

/// Nodes a delivered tiling weighs toward the next look at the budget (see
/// [`Search::solution`]): with [`check_every::SMALL_NODE`] nodes between two looks, at most 256
/// tilings are delivered between them.
const SOLUTION_WEIGHT: u64 = 16;

/// What all the threads of one count share.
pub(super) struct Shared {
    /// Whether each tiling's stabiliser is weighed into `weight` (see [`BitSolver::classes`]).
    pub(super) weigh: bool,
    /// The sum, over the tilings found, of their stabilisers' sizes.
    pub(super) weight: AtomicU64,
    pub(super) found: AtomicU64,
    pub(super) halt: AtomicBool,
    pub(super) nodes: AtomicU64,
    pub(super) limit: u64,
    pub(super) max_nodes: Option<u64>,
    pub(super) deadline: Option<Instant>,
    pub(super) cancel: Option<std::sync::Arc<AtomicBool>>,
}

/// One thread's search.
pub(super) struct Search<'a, const W: usize> {
    t: &'a Tables<W>,
    shared: &'a Shared,
    visit: &'a (dyn Fn(&[u32]) + Sync),
    pub(super) remaining: Vec<u32>,
    /// Placement indices of the current partial tiling, by depth (as long as the deepest
    /// tiling: one piece per cell at most).
    pub(super) stack: Vec<u32>,
    /// Table entries of the current partial tiling, by depth (for prefixes).
    pub(super) entries: Vec<u32>,
    pub(super) nodes: u64,
    /// `nodes` when they were last added to `Shared::nodes`.
    published: u64,
    /// Nodes left before the next [`check`](Self::check).
    countdown: u64,
    pub(super) stop: Option<Stop>,
    /// Depth at which a partial tiling is recorded as a prefix instead of searched.
    pub(super) split: usize,
    pub(super) prefixes: Vec<Vec<u32>>,
    /// Whether solutions are counted and visited (not while only sizing a split).
    pub(super) deliver: bool,
    /// The root placement the current partial tiling started from (index in `Tables::roots`),
    /// or [`NO_ROOT`].
    pub(super) root: u32,
    /// A tiling moved by a symmetry, for delivery.
    image: Vec<u32>,
}

impl<'a, const W: usize> Search<'a, W> {
    /// A search set at the end of `prefix` (table entries, as a depth-limited search records
    /// them), and the squares the prefix filled: the start of a parallel subproblem or a shard's
    /// prefix.
    pub(super) fn at_prefix(
        t: &'a Tables<W>,
        shared: &'a Shared,
        visit: &'a (dyn Fn(&[u32]) + Sync),
        copies: &[u32],
        prefix: &[u32],
    ) -> (Self, Words<W>) {
        let mut search = Search::new(t, shared, visit, copies, usize::MAX);
        let mut filled = t.start;
        if let Some(&first) = prefix.first() {
            search.root = t.root_of[first as usize];
        }
        for (depth, &e) in prefix.iter().enumerate() {
            let entry = &t.entries[e as usize];
            filled |= entry.mask;
            search.remaining[entry.piece as usize] -= 1;
            search.stack[depth] = entry.index;
            search.entries[depth] = e;
        }
        (search, filled)
    }

    pub(super) fn new(
        t: &'a Tables<W>,
        shared: &'a Shared,
        visit: &'a (dyn Fn(&[u32]) + Sync),
        copies: &[u32],
        split: usize,
    ) -> Self {
        let depth = t.full.ones() as usize + 1;
        let mut search = Search {
            t,
            shared,
            visit,
            remaining: copies.to_vec(),
            stack: vec![0; depth],
            entries: vec![0; depth],
            nodes: 0,
            published: 0,
            countdown: 0,
            stop: None,
            split,
            prefixes: Vec::new(),
            deliver: true,
            root: NO_ROOT,
            image: Vec::new(),
        };
        search.countdown = search.next_countdown(shared.nodes.load(Ordering::Relaxed));
        search
    }

    /// A node at `depth` pieces placed: a solution, a prefix, or a cell to fill. Returns false
    /// to stop the search.
    pub(super) fn node(&mut self, filled: Words<W>, depth: usize) -> bool {
        self.nodes += 1;
        self.countdown -= 1;
        if self.countdown == 0 && !self.check() {
            return false;
        }
        if filled == self.t.full {
            return self.solution(depth);
        }
        if depth == self.split {
            self.prefixes.push(self.entries[..depth].to_vec());
            return true;
        }
        if depth == 0 && !self.t.roots.is_empty() {
            return self.branch_on_roots(filled);
        }
        self.expand(filled, depth)
    }

    /// Tries each root placement of the first piece.
    fn branch_on_roots(&mut self, filled: Words<W>) -> bool {
        let t = self.t;
        for (r, root) in t.roots.iter().enumerate() {
            let entry = &t.entries[root.entry as usize];
            let next = filled | entry.mask;
            if !entry.mask.disjoint(&filled) || t.regions.as_ref().is_some_and(|g| g.dead(&next)) {
                continue;
            }
            self.root = r as u32;
            if !self.place(root.entry, next, 0) {
                return false;
            }
            self.root = NO_ROOT;
        }
        true
    }

    /// Tries every placement that covers the first empty cell.
    #[inline]
    pub(super) fn expand(&mut self, filled: Words<W>, depth: usize) -> bool {
        let t = self.t;
        let cell = filled.first_zero();
        let list = cell * PATTERNS + window(&filled, cell + 1) as usize;
        let (start, end) = (t.pattern_starts[list] as usize, t.pattern_starts[list + 1] as usize);
        for &e in &t.by_pattern[start..end] {
            let entry = &t.entries[e as usize];
            if !entry.mask.disjoint(&filled) || self.remaining[entry.piece as usize] == 0 {
                continue;
            }
            let next = filled | entry.mask;
            if t.regions.as_ref().is_some_and(|g| g.dead(&next)) {
                continue;
            }
            if !self.place(e, next, depth) {
                return false;
            }
        }
        true
    }

    /// Places entry `e` (giving `filled`) as the piece at `depth`, searches below, and takes it
    /// back.
    #[inline(always)]
    fn place(&mut self, e: u32, filled: Words<W>, depth: usize) -> bool {
        let entry = &self.t.entries[e as usize];
        self.remaining[entry.piece as usize] -= 1;
        self.stack[depth] = entry.index;
        self.entries[depth] = e;
        let go = self.node(filled, depth + 1);
        self.remaining[entry.piece as usize] += 1;
        go
    }

    /// A tiling of `depth` pieces, delivered with its images under the root's carriers.
    fn solution(&mut self, depth: usize) -> bool {
        if !self.deliver {
            return true;
        }
        let carriers: &[u8] = match self.t.roots.get(self.root as usize) {
            Some(root) => &root.carriers,
            None => &[0],
        };
        let images = carriers.len() as u64;
        if self.shared.weigh {
            let fixed = self.stabiliser(depth);
            self.shared.weight.fetch_add(images * fixed, Ordering::Relaxed);
        }
        let before = self.shared.found.fetch_add(images, Ordering::Relaxed);
        let tiling = &self.stack[..depth];
        for (i, &k) in carriers.iter().enumerate() {
            if before + i as u64 >= self.shared.limit {
                break;
            }
            if k == 0 {
                (self.visit)(tiling);
            } else {
                let moved = &self.t.images[k as usize];
                self.image.clear();
                self.image.extend(tiling.iter().map(|&p| moved[p as usize]));
                (self.visit)(&self.image);
            }
        }
        // Each tiling delivered weighs as SOLUTION_WEIGHT nodes toward the next look at the
        // budget (not in the node count): what the caller does with it (print it, draw it) is
        // on the budget's time, and a board dense in tilings would otherwise print thousands
        // between two looks.
        self.countdown = self.countdown.saturating_sub(SOLUTION_WEIGHT * images).max(1);
        if before + images >= self.shared.limit {
            self.shared.halt.store(true, Ordering::Relaxed);
            self.stop = Some(Stop::Limit);
            return false;
        }
        true
    }

    /// How many symmetries map the tiling of `depth` pieces onto itself (the identity included).
    fn stabiliser(&mut self, depth: usize) -> u64 {
        let mut tiling = self.stack[..depth].to_vec();
        tiling.sort_unstable();
        let mut fixed = 1;
        for moved in &self.t.images[1..] {
            self.image.clear();
            self.image.extend(tiling.iter().map(|&p| moved[p as usize]));
            self.image.sort_unstable();
            if self.image == tiling {
                fixed += 1;
            }
        }
        fixed
    }

    /// Nodes until the next check when `total` nodes have been counted by every thread: the
    /// interval, or fewer so that the node budget is checked at the node that exceeds it.
    fn next_countdown(&self, total: u64) -> u64 {
        match self.shared.max_nodes {
            Some(max) => check_every::SMALL_NODE.min((max + 1).saturating_sub(total)).max(1),
            None => check_every::SMALL_NODE,
        }
    }

    /// Publishes the node count and looks at the node budget, the clock and the flags; false
    /// to stop.
    fn check(&mut self) -> bool {
        let fresh = self.nodes - self.published;
        self.published = self.nodes;
        let total = self.shared.nodes.fetch_add(fresh, Ordering::Relaxed) + fresh;
        self.countdown = self.next_countdown(total);
        if self.shared.max_nodes.is_some_and(|max| total > max) {
            self.stop = Some(Stop::GaveUp(GaveUp::NodeLimit));
            return false;
        }
        if self.shared.halt.load(Ordering::Relaxed) {
            self.stop = Some(Stop::Limit);
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
