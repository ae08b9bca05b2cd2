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
//! measured on the 6x10 pentominoes (all 9356 tilings, one thread, release build):
//!
//! * **The first piece at the root.** A piece used exactly once in every tiling, with the fewest
//!   placements (X: 32), is placed first; then the search fills from the first empty square. On
//!   its own this saves little (10.5M nodes to 9.1M, the same time); it is what the symmetry
//!   shortcut works on.
//! * **Symmetry** ([`BitSolver::symmetry`], on by default). The board's symmetries that the
//!   pieces' motion allows (4 for a rectangle) move tilings onto tilings. Only one placement of
//!   the first piece per class under them is searched (X: 8 of 32); each tiling found below a
//!   placement `p` is delivered together with its images under one symmetry per other member of
//!   `p`'s class. Every tiling is delivered exactly once: a tiling with the first piece at `q`
//!   comes from the one representative `p` of `q`'s class, moved by the one chosen symmetry
//!   that takes `p` to `q`, and a symmetric tiling or a placement fixed by a symmetry needs no
//!   special case. The representatives are the first placements of each class, nearest the
//!   first square, whose subtrees are the cheapest: 9.1M nodes to 0.93M, ten times less work.
//! * **Dead squares** ([`Regions::dead`]): a placement that leaves an empty square with no
//!   empty neighbour (or two that only touch each other, when every piece has three squares or
//!   more) is not tried: 2.46M nodes to 0.93M, 85 ms to 61 ms.
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
//! Masks are `[u64; W]` with `W` a const parameter: 1 word for boxes up to 64 squares (6x10,
//! 8x8), 2 up to 128, 4 up to 256. The one-word case compiles to plain `u64` operations, so the
//! general code is also the fast path. Bits number the board's bounding box, holes included and
//! filled from the start, so that neighbours are shifts (see [`Tables`]). The first empty square
//! is the number of trailing ones of `filled`; the state of the next [`LOOKAHEAD`] squares selects
//! a precomputed list of the entries there that miss them (a 256-way table per square), so most
//! conflicting placements are never looked at (about 10 candidates a node on 6x10).
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

use super::symmetry::{orbits, placement_images, Symmetry};
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

    fn run<const W: usize>(
        &self,
        limit: u64,
        visit: &(dyn Fn(&[u32]) + Sync),
        classes: &mut Option<Classes>,
    ) -> Count {
        let tables = Tables::<W>::new(self.puzzle, self.symmetry);
        let weigh = self.weigh && tables.images.len() > 1;
        let shared = Shared {
            weight: AtomicU64::new(0),
            weigh,
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
            search.node(tables.start, 0);
            nodes += search.nodes;
            stop = search.stop;
        } else {
            let Some(pool) = rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().ok() else {
                return BitSolver { threads: 1, ..self.clone() }.run::<W>(limit, visit, classes);
            };
            // Deepen the split until there are enough prefixes (or the tree ends).
            let mut prefixes = Vec::new();
            for depth in 1..=Self::MAX_SPLIT_DEPTH {
                shared.found.store(0, Ordering::Relaxed);
                shared.nodes.store(0, Ordering::Relaxed);
                let mut search = Search::new(&tables, &shared, visit, &copies, depth);
                search.deliver = false;
                search.node(tables.start, 0);
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
            top.node(tables.start, 0);
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
                        let mut filled = tables.start;
                        if let Some(&first) = prefix.first() {
                            search.root = tables.root_of[first as usize];
                        }
                        for (depth, &e) in prefix.iter().enumerate() {
                            let entry = &tables.entries[e as usize];
                            filled = filled.or(&entry.mask);
                            search.remaining[entry.piece as usize] -= 1;
                            search.stack[depth] = entry.index;
                            search.entries[depth] = e;
                        }
                        search.expand(filled, prefix.len());
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
        let count = Count { solutions: found.min(limit), outcome, stats: Stats { nodes, updates: 0 } };
        if self.weigh && !tables.symmetric_board {
            // No symmetry: every tiling is a class of its own.
            let weight = if weigh { shared.weight.load(Ordering::Relaxed) } else { found };
            let symmetries = tables.images.len() as u64;
            debug_assert!(count.gave_up() || weight % symmetries == 0, "Burnside: {weight} / {symmetries}");
            *classes = Some(Classes {
                count,
                classes: weight / symmetries,
                piece: tables.roots.first().map(|r| tables.entries[r.entry as usize].piece as usize),
                representatives: tables.roots.len(),
                symmetric: tables.roots.iter().filter(|r| r.carriers.len() < tables.images.len()).count(),
            });
        }
        count
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
    fn and(&self, other: &Self) -> Self {
        let mut out = *self;
        for i in 0..W {
            out.0[i] &= other.0[i];
        }
        out
    }

    /// `self` without the bits of `other`.
    #[inline(always)]
    fn and_not(&self, other: &Self) -> Self {
        let mut out = *self;
        for i in 0..W {
            out.0[i] &= !other.0[i];
        }
        out
    }

    /// Every bit moved `k` places up (`0 < k < 64`).
    #[inline(always)]
    fn shl(&self, k: u32) -> Self {
        let mut out = Self::ZERO;
        for i in 0..W {
            out.0[i] = self.0[i] << k;
            if i > 0 {
                out.0[i] |= self.0[i - 1] >> (64 - k);
            }
        }
        out
    }

    /// Every bit moved `k` places down (`0 < k < 64`).
    #[inline(always)]
    fn shr(&self, k: u32) -> Self {
        let mut out = Self::ZERO;
        for i in 0..W {
            out.0[i] = self.0[i] >> k;
            if i + 1 < W {
                out.0[i] |= self.0[i + 1] << (64 - k);
            }
        }
        out
    }

    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

/// Placements grouped by lowest bit, as masks over the board's squares.
///
/// On boards whose bounding box fits in `W` words, bits number the box's squares along its short
/// side first, holes included (they start filled): a square's edge neighbours are then one bit
/// and one line of bits away, and whole empty regions grow by shifts ([`Regions`]). Larger boxes
/// (a sparse drawn board) number only the cells, in the same order, and are searched without
/// the region cut.
struct Tables<const W: usize> {
    /// The squares filled before anything is placed: the holes.
    start: Bits<W>,
    /// Every square to fill, plus the holes: `filled == full` means done.
    full: Bits<W>,
    /// `by_pattern[pattern_starts[b * PATTERNS + p] ..]`: the entries whose lowest bit is `b` and
    /// which miss the bits `b + 1 ..= b + LOOKAHEAD` marked full in `p`.
    pattern_starts: Vec<u32>,
    by_pattern: Vec<u32>,
    entries: Vec<Entry<W>>,
    /// The grid's shape, when the box fits.
    regions: Option<Regions<W>>,
    /// The first piece's placements, tried at the root (see [`Root`]); empty when no piece is
    /// used exactly once in every tiling.
    roots: Vec<Root>,
    /// Each entry's index in `roots`, or [`NO_ROOT`].
    root_of: Vec<u32>,
    /// `images[k][p]`: the placement that the `k`-th symmetry makes of placement `p`.
    images: Vec<Vec<u32>>,
    /// Whether the board has symmetries whose images could not be made (a puzzle restricted by
    /// hand): then `images` holds the identity alone and tilings cannot be weighed.
    symmetric_board: bool,
}

/// One placement, as the search sees it.
struct Entry<const W: usize> {
    /// The squares it covers.
    mask: Bits<W>,
    piece: u16,
    /// Its index in [`Puzzle::placements`].
    index: u32,
}

/// A placement of the first piece, searched from the root, and the symmetries (indices into
/// `Tables::images`) that carry it onto the other placements of its class: each tiling found
/// below it stands for one tiling per carrier.
struct Root {
    entry: u32,
    carriers: Vec<u8>,
}

const NO_ROOT: u32 = u32::MAX;

/// What the dead-region cut needs: the grid of bits and the smallest piece.
struct Regions<const W: usize> {
    /// Bits per line along the short side.
    inner: u32,
    /// Bits that are not last in their line (may take a neighbour from the next bit).
    not_last: Bits<W>,
    /// Bits that are not first in their line (may take a neighbour from the previous bit).
    not_first: Bits<W>,
    /// Every square of the box.
    squares: Bits<W>,
    /// Whether an empty region of two squares is dead too (no piece has fewer than three).
    dominoes: bool,
}

impl<const W: usize> Regions<W> {
    /// Whether the board `filled` has an empty square with no empty neighbour, or (when
    /// `dominoes`) two empty squares whose only empty neighbour is each other: regions no piece
    /// can fill. A whole-board test in a few dozen word operations: each square's empty
    /// neighbours are counted as "at least one" and "at least two" from the four shifted boards.
    ///
    /// Measured on 6x10 (all tilings, one thread): no cut 2.46M nodes in 85 ms; singles only
    /// 1.26M nodes in 63 ms; singles and dominoes 0.93M nodes in 63 ms; growing every region
    /// next to the new piece to its full size (a size test mod 5) 0.76M nodes but 74 ms.
    #[inline]
    fn dead(&self, filled: &Bits<W>) -> bool {
        let empty = self.squares.and_not(filled);
        let from_next = empty.shr(1).and(&self.not_last);
        let from_previous = empty.shl(1).and(&self.not_first);
        let from_next_line = empty.shr(self.inner);
        let from_previous_line = empty.shl(self.inner);
        let along = from_next.or(&from_previous);
        let across = from_next_line.or(&from_previous_line);
        let at_least_one = along.or(&across);
        if !empty.and_not(&at_least_one).is_zero() {
            return true;
        }
        if !self.dominoes {
            return false;
        }
        let at_least_two = from_next
            .and(&from_previous)
            .or(&from_next_line.and(&from_previous_line))
            .or(&along.and(&across));
        let lonely = empty.and_not(&at_least_two);
        let lonely_neighbours = lonely
            .shr(1)
            .and(&self.not_last)
            .or(&lonely.shl(1).and(&self.not_first))
            .or(&lonely.shr(self.inner))
            .or(&lonely.shl(self.inner));
        !lonely.and(&lonely_neighbours).is_zero()
    }
}

/// Cells after the first empty one whose state selects a list of candidate placements.
const LOOKAHEAD: usize = 8;
const PATTERNS: usize = 1 << LOOKAHEAD;

/// The bits a box of `width x height` squares needs on the grid layout.
fn box_bits(puzzle: &Puzzle) -> usize {
    puzzle.board().width() * puzzle.board().height()
}

impl<const W: usize> Tables<W> {
    fn new(puzzle: &Puzzle, use_symmetry: bool) -> Self {
        let (w, h) = (puzzle.board().width(), puzzle.board().height());
        let grid = w * h <= W * 64;
        // The same order as the puzzle's cell numbers: along the short side first.
        let column_major = w > h;
        let inner = if column_major { h } else { w };
        let bit_of: Vec<usize> = if grid {
            let at = |(r, c): (i32, i32)| {
                if column_major {
                    c as usize * h + r as usize
                } else {
                    r as usize * w + c as usize
                }
            };
            puzzle.cells().iter().map(|&cell| at(cell)).collect()
        } else {
            (0..puzzle.cells().len()).collect()
        };
        let bits = if grid { w * h } else { puzzle.cells().len() };
        let mut full = Bits::ZERO;
        for b in 0..bits {
            full.set(b);
        }
        let mut start = full;
        for &b in &bit_of {
            start.0[b / 64] &= !(1 << (b % 64));
        }
        let mut by_bit: Vec<Vec<usize>> = vec![Vec::new(); bits];
        let lowest = |p: &super::Placement| p.cells.iter().map(|&c| bit_of[c as usize]).min().unwrap_or(0);
        for (i, p) in puzzle.placements().iter().enumerate() {
            by_bit[lowest(p)].push(i);
        }
        let (mut starts, mut entries) = (vec![0], Vec::new());
        let mut entry_of = vec![0u32; puzzle.placements().len()];
        for list in &by_bit {
            for &i in list {
                entry_of[i] = entries.len() as u32;
                let p = &puzzle.placements()[i];
                let mut mask = Bits::ZERO;
                for &c in &p.cells {
                    mask.set(bit_of[c as usize]);
                }
                entries.push(Entry { mask, piece: p.piece as u16, index: i as u32 });
            }
            starts.push(entries.len() as u32);
        }
        let mut pattern_starts = vec![0u32];
        let mut by_pattern = Vec::new();
        for b in 0..bits {
            let after: Vec<u32> =
                (starts[b]..starts[b + 1]).map(|e| entries[e as usize].mask.window(b + 1)).collect();
            for p in 0..PATTERNS as u32 {
                for (k, e) in (starts[b]..starts[b + 1]).enumerate() {
                    if after[k] & p == 0 {
                        by_pattern.push(e);
                    }
                }
                pattern_starts.push(by_pattern.len() as u32);
            }
        }
        let min_size =
            puzzle.pieces().iter().filter(|p| p.copies() > 0).map(super::Piece::size).min().unwrap_or(1);
        let regions = (grid && min_size > 1).then(|| {
            let (mut not_last, mut not_first) = (Bits::ZERO, Bits::ZERO);
            for b in 0..bits {
                if b % inner != inner - 1 {
                    not_last.set(b);
                }
                if b % inner != 0 {
                    not_first.set(b);
                }
            }
            Regions { inner: inner as u32, not_last, not_first, squares: full, dominoes: min_size > 2 }
        });
        let (images, roots, symmetric_board) = first_piece(puzzle, use_symmetry, &entry_of);
        let mut root_of = vec![NO_ROOT; entries.len()];
        for (r, root) in roots.iter().enumerate() {
            root_of[root.entry as usize] = r as u32;
        }
        Tables {
            start,
            full,
            pattern_starts,
            by_pattern,
            entries,
            regions,
            roots,
            root_of,
            images,
            symmetric_board,
        }
    }
}

/// The placements to try first, at the root, the placements' images under the symmetries, and
/// whether the board has symmetries that could not be used (see `Tables::symmetric_board`).
///
/// The first piece is one used exactly once in every tiling, with the fewest classes of
/// placements (X on a rectangle: 8 classes of 4 under its 4 symmetries, 32 placements in all).
/// Without symmetry (or when pieces may be left out, or none is used once), each placement is
/// its own class and there is no first piece at all in the last two cases.
fn first_piece(puzzle: &Puzzle, use_symmetry: bool, entry_of: &[u32]) -> (Vec<Vec<u32>>, Vec<Root>, bool) {
    let identity = || vec![(0..puzzle.placements().len() as u32).collect::<Vec<u32>>()];
    let symmetry = use_symmetry.then(|| Symmetry::of(puzzle));
    let moved = symmetry.as_ref().and_then(|symmetry| placement_images(puzzle, symmetry));
    // Symmetries whose images are not all placements: tilings cannot be moved or weighed.
    let symmetric_board = moved.is_none() && symmetry.is_some_and(|symmetry| symmetry.len() > 1);
    let images = moved.unwrap_or_else(identity);
    if !puzzle.uses_every_piece() {
        return (images, Vec::new(), symmetric_board);
    }
    let best = puzzle
        .pieces()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.copies() == 1)
        .map(|(piece, _)| orbits(puzzle, &images, piece))
        .min_by_key(Vec::len)
        .unwrap_or_default();
    let roots = best.into_iter().map(|(p, carriers)| Root { entry: entry_of[p], carriers }).collect();
    (images, roots, symmetric_board)
}

#[derive(Debug, Clone, Copy)]
enum Stop {
    Halted,
    GaveUp(GaveUp),
}

/// What all the threads of one count share.
struct Shared {
    /// Whether each tiling's stabiliser is weighed into `weight` (see [`BitSolver::classes`]).
    weigh: bool,
    /// The sum, over the tilings found, of their stabilisers' sizes.
    weight: AtomicU64,
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
    /// Placement indices of the current partial tiling, by depth (as long as the deepest
    /// tiling: one piece per cell at most).
    stack: Vec<u32>,
    /// Table entries of the current partial tiling, by depth (for prefixes).
    entries: Vec<u32>,
    nodes: u64,
    /// `nodes` when they were last added to `Shared::nodes`.
    published: u64,
    /// Nodes left before the next [`check`](Self::check).
    countdown: u64,
    stop: Option<Stop>,
    /// Depth at which a partial tiling is recorded as a prefix instead of searched.
    split: usize,
    prefixes: Vec<Vec<u32>>,
    /// Whether solutions are counted and visited (not while only sizing a split).
    deliver: bool,
    /// The root placement the current partial tiling started from (index in `Tables::roots`),
    /// or [`NO_ROOT`].
    root: u32,
    /// A tiling moved by a symmetry, for delivery.
    image: Vec<u32>,
}

/// Nodes between looks at the clock and the flags.
const CHECK_INTERVAL: u64 = 4096;

impl<'a, const W: usize> Search<'a, W> {
    fn new(
        t: &'a Tables<W>,
        shared: &'a Shared,
        visit: &'a (dyn Fn(&[u32]) + Sync),
        copies: &[u32],
        split: usize,
    ) -> Self {
        let depth = t.full.count() as usize + 1;
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
    fn node(&mut self, filled: Bits<W>, depth: usize) -> bool {
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
    fn branch_on_roots(&mut self, filled: Bits<W>) -> bool {
        let t = self.t;
        for (r, root) in t.roots.iter().enumerate() {
            let entry = &t.entries[root.entry as usize];
            let next = filled.or(&entry.mask);
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
    fn expand(&mut self, filled: Bits<W>, depth: usize) -> bool {
        let t = self.t;
        let cell = filled.first_zero();
        let list = cell * PATTERNS + filled.window(cell + 1) as usize;
        let (start, end) = (t.pattern_starts[list] as usize, t.pattern_starts[list + 1] as usize);
        for &e in &t.by_pattern[start..end] {
            let entry = &t.entries[e as usize];
            if !entry.mask.disjoint(&filled) || self.remaining[entry.piece as usize] == 0 {
                continue;
            }
            let next = filled.or(&entry.mask);
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
    fn place(&mut self, e: u32, filled: Bits<W>, depth: usize) -> bool {
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
        if before + images >= self.shared.limit {
            self.shared.halt.store(true, Ordering::Relaxed);
            self.stop = Some(Stop::Halted);
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
            Some(max) => CHECK_INTERVAL.min((max + 1).saturating_sub(total)).max(1),
            None => CHECK_INTERVAL,
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
