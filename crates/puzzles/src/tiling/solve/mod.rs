//! The dedicated tiling solver: depth-first search over bitboards.
//!
//! # Algorithm
//!
//! Fill the first empty square (squares are numbered along the board's short side first, see
//! [`Puzzle`]): try every placement of every piece with copies left whose *lowest* square is that
//! one and which overlaps nothing placed, and recurse. Every tiling is reached exactly once, since
//! the square that is first empty at each level is covered by exactly one placement of the
//! tiling, and that placement's lowest square must be it (all lower squares are full). This is
//! the classic "first empty cell" search (de Bruijn's for pentominoes), also what Algorithm X does
//! with the MRV rule replaced by "the first cell"; it needs no list updates. Three additions, each
//! measured on the 6x10 pentominoes (docs/performance.md, "Figures from the code comments"):
//!
//! * **The first piece at the root.** A piece used exactly once in every tiling, with the fewest
//!   placements (X: 32), is placed first; then the search fills from the first empty square. On
//!   its own this saves little; it is what the symmetry shortcut works on.
//! * **Symmetry** ([`BitSolver::symmetry`], on by default). The board's symmetries that the
//!   pieces' motion allows (4 for a rectangle) move tilings onto tilings. Only one placement of
//!   the first piece per class under them is searched (X: 8 of 32); each tiling found below a
//!   placement `p` is delivered together with its images under one symmetry per other member of
//!   `p`'s class. Every tiling is delivered exactly once: a tiling with the first piece at `q`
//!   comes from the one representative `p` of `q`'s class, moved by the one chosen symmetry
//!   that takes `p` to `q`, and a symmetric tiling or a placement fixed by a symmetry needs no
//!   special case. The representatives are the first placements of each class, nearest the
//!   first square, whose subtrees are the cheapest: about ten times less work.
//! * **Dead squares** ([`Regions::dead`]): a placement that leaves an empty square with no
//!   empty neighbour (or two that only touch each other, when every piece has three squares or
//!   more) is not tried.
//!
//! # Data layout
//!
//! ```text
//!  square b:    by_pattern[pattern_starts[b * 256 + p] ..]  entries whose lowest square is b
//!                                                            and that miss the full squares in p
//!  each entry:  mask: [u64; W]   piece: u16   index: u32 (in Puzzle::placements)
//!  state:       filled: [u64; W] (bit b = square b covered or a hole), remaining[piece]
//! ```
//!
//! Masks are `[u64; W]` (`Words<W>`, the bitset of `common`) with `W` a const parameter: 1 word
//! for boxes up to 64 squares (6x10, 8x8), 2 up to 128, 4 up to 256. The one-word case compiles
//! to plain `u64` operations, so the general code is also the fast path. Bits number the board's
//! bounding box, holes included and filled from the start, so that neighbours are shifts (see
//! [`Tables`]). The first empty square is the number of trailing ones of `filled`; the state of
//! the next [`LOOKAHEAD`] squares selects a precomputed list of the entries there that miss them
//! (a 256-way table per square), so most conflicting placements are never looked at (about 10
//! candidates a node on 6x10).
//!
//! # Parallel counting
//!
//! The tree is split as the exact-cover engine splits it: the search runs to a depth `d` and
//! records each partial tiling there as a prefix; `d` grows until there are at least
//! [`BitSolver::PREFIXES_PER_THREAD`] prefixes per thread; rayon's work stealing evens out the
//! uneven subtrees. A shared atomic count stops every thread once `limit` tilings are found.

mod parallel;
mod prune;
mod search;
mod shard;
mod tables;

use std::sync::Mutex;

use tessera_xc::{Budget, Count, Outcome, Stats};

pub use shard::ShardTree;

use super::{Puzzle, Tiling};
#[cfg(doc)]
use prune::Regions;
use tables::box_bits;
#[cfg(doc)]
use tables::{Tables, LOOKAHEAD};

/// The bitboard search over one [`Puzzle`], with a thread count and a budget.
///
/// ```
/// use tessera::tiling::{builtin, verify, BitSolver, Board, Puzzle};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let puzzle = Puzzle::new(Board::parse_size("3x20").unwrap(), pieces, motion);
/// assert_eq!(BitSolver::new(&puzzle).count_up_to(u64::MAX).solutions, 8);
/// let (tilings, _) = BitSolver::new(&puzzle).threads(2).solutions_up_to(3);
/// assert!(tilings.len() == 3 && tilings.iter().all(|t| verify(&puzzle, t).is_valid()));
/// ```
#[derive(Debug, Clone)]
pub struct BitSolver<'p> {
    puzzle: &'p Puzzle,
    threads: usize,
    budget: Budget,
    symmetry: bool,
    /// Whether tilings are also weighed by their symmetries, for [`classes`](Self::classes).
    weigh: bool,
}

impl<'p> BitSolver<'p> {
    /// Prefixes wanted per thread before the split stops deepening.
    pub const PREFIXES_PER_THREAD: usize = 64;
    /// The split never goes deeper than this.
    pub const MAX_SPLIT_DEPTH: usize = 8;

    /// A sequential search with no budget.
    pub fn new(puzzle: &'p Puzzle) -> Self {
        BitSolver { puzzle, threads: 1, budget: Budget::unlimited(), symmetry: true, weigh: false }
    }

    /// Whether the board's symmetries are used to search only one placement per class of the
    /// first piece and make the other tilings by moving the ones found (the default: see the
    /// module documentation). Off, every tiling is searched for.
    pub fn symmetry(mut self, symmetry: bool) -> Self {
        self.symmetry = symmetry;
        self
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

    /// Counts every tiling and, by Burnside's lemma, the classes of tilings under the board's
    /// symmetries: each tiling `T` adds `|Stab(T)| / |G|` (the symmetries that map it onto
    /// itself over all of them), so a class of `|G| / |Stab|` tilings adds one. The tilings found
    /// below a root stand for their images, which have stabilisers of the same size. `None` when
    /// the puzzle's placements are not closed under its symmetries (a puzzle restricted by hand).
    pub(crate) fn classes(&self) -> Option<Classes> {
        let solver = BitSolver { symmetry: true, weigh: true, ..self.clone() };
        let mut classes = None;
        solver.dispatch(u64::MAX, &|_| {}, &mut classes);
        classes
    }

    /// Calls `visit` with each tiling (placement indices, in the order placed) until `limit`
    /// have been seen; exactly `min(limit, total)` calls unless the budget runs out.
    pub fn visit_up_to(&self, limit: u64, visit: impl Fn(&[u32]) + Sync) -> Count {
        self.dispatch(limit, &visit, &mut None)
    }

    /// Runs the search with the narrowest masks that hold the board; fills `classes` when
    /// weighing.
    fn dispatch(&self, limit: u64, visit: &(dyn Fn(&[u32]) + Sync), classes: &mut Option<Classes>) -> Count {
        let cells = self.puzzle.cells().len();
        if limit == 0 {
            return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
        }
        if self.puzzle.piece_area() < cells {
            return Count { solutions: 0, outcome: Outcome::Exhausted, stats: Stats::default() };
        }
        // The grid layout when the box fits in 4 words, else the packed one (see `Tables`).
        let bits = if box_bits(self.puzzle) <= 256 { box_bits(self.puzzle) } else { cells };
        match bits {
            0..=64 => self.run::<1>(limit, visit, classes),
            65..=128 => self.run::<2>(limit, visit, classes),
            _ => self.run::<4>(limit, visit, classes),
        }
    }
}

/// What [`BitSolver::classes`] found.
#[derive(Debug, Clone)]
pub(crate) struct Classes {
    /// Every tiling, and the work done.
    pub count: Count,
    /// The classes of tilings under the symmetries (a lower bound if the search gave up).
    pub classes: u64,
    /// The piece placed first, one placement per class of its placements.
    pub piece: Option<usize>,
    /// How many placements of it were searched (one per class).
    pub representatives: usize,
    /// How many of those are fixed by a symmetry other than the identity.
    pub symmetric: usize,
}
