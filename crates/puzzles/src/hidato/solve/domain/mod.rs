//! The domain search (see the `solve` module header): one candidate-cell set per number, the
//! trail that restores them, the depth-first search over numbers and its budget. The
//! propagation rules are in `propagate`, the all-different matching in `matching`.

mod matching;
mod propagate;

use tessera_xc::{Budget, GaveUp};

use super::{Stop, Tally, NONE};
use crate::common::bits::BitSet;
use crate::common::budget::check_every;
use crate::hidato::{Adjacency, Hidato};

/// A branch point of [`BitSearch::dfs`]: the number branched on, its cells not yet tried, and
/// what to go back to before the next one (trail length, used cells, placed numbers, count).
struct Branch<B> {
    pick: usize,
    cells: B,
    mark: usize,
    kept: (B, B, usize),
}

/// The domain search of the `solve` module header: one candidate-cell set per number, a
/// [`BitSet`] over the board's cells (bit `row * (width + 1) + column`; the padding column stays
/// clear, so a shift by one never wraps a row's end onto the next row's start).
pub(super) struct BitSearch<'a, B: BitSet> {
    puzzle: &'a Hidato,
    n: usize,
    stride: u32,
    king: bool,
    /// The board's cells.
    board: B,
    /// Candidate cells of each number 0..=n+1 (0 and n+1 unused).
    dom: Vec<B>,
    /// Cells holding a placed number.
    used: B,
    /// Bit k: number k placed.
    placed: B,
    count: usize,
    /// Numbers whose domain must be narrowed again by the chain rule, and all numbers 1..=n.
    dirty: B,
    numbers: B,
    /// The trail: (number, domain before this branch changed it), and per number the branch
    /// that last recorded it (branches are numbered in the order they start).
    trail: Vec<(u32, B)>,
    stamp: Vec<u64>,
    branch: u64,
    // All different: matching (number -> cell bit, cell bit -> number) and Tarjan scratch.
    mate: Vec<u32>,
    owner: Vec<u32>,
    unmatched: Vec<u32>,
    scc: Vec<u32>,
    low: Vec<u32>,
    index: Vec<u32>,
    on_stack: B,
    tarjan_stack: Vec<u32>,
    tarjan_frames: Vec<(usize, B)>,
    augment_frames: Vec<(usize, B, usize)>,
    scc_cells: Vec<B>,
    // Outcome and budget.
    pub(super) tally: Tally,
    pub(super) nodes: u64,
    /// Its deadline and cancel flag, read every so many nodes, and within a node at every
    /// round of propagation and every few augmenting paths on a big board (one node there can
    /// cost seconds).
    budget: &'a Budget,
    /// Why the matching stopped half-way (the clock ran out inside a node), for `propagate` to
    /// report once the rule returns.
    interrupted: Option<GaveUp>,
    /// Rounds of propagation, to read the clock every so many.
    rounds: u64,
    /// The state of the xorshift generator that breaks ties in [`Self::pick`] and orders a
    /// branch's cells; 0 for the deterministic order (lowest cell first).
    rng: u64,
}

impl<'a, B: BitSet> BitSearch<'a, B> {
    pub(super) fn new(puzzle: &'a Hidato, limit: u64, keep: u64, budget: &'a Budget) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let stride = w + 1;
        let n = puzzle.size();
        let bit = |cell: usize| B::bit(cell / w * stride + cell % w);
        let mut board = B::ZERO;
        let mut dom = vec![B::ZERO; n + 2];
        let (mut used, mut placed, mut count) = (B::ZERO, B::ZERO, 0);
        for cell in 0..w * h {
            if !puzzle.is_hole(cell) {
                board |= bit(cell);
            }
            let v = puzzle.get(cell);
            if v > 0 {
                dom[v as usize] = bit(cell);
                used |= bit(cell);
                placed |= B::bit(v as usize);
                count += 1;
            }
        }
        for (k, d) in dom.iter_mut().enumerate().take(n + 1).skip(1) {
            if !placed.has(k) {
                *d = board & !used;
            }
        }
        let numbers = (1..=n).fold(B::ZERO, |set, k| set | B::bit(k));
        BitSearch {
            puzzle,
            n,
            stride: stride as u32,
            king: puzzle.adjacency() == Adjacency::King,
            board,
            dom,
            used,
            placed,
            count,
            dirty: numbers,
            numbers,
            trail: Vec::new(),
            stamp: vec![0; n + 2],
            branch: 0,
            mate: vec![NONE; n + 2],
            owner: vec![NONE; B::BITS],
            unmatched: Vec::new(),
            scc: vec![NONE; n + 2],
            low: vec![0; n + 2],
            index: vec![NONE; n + 2],
            on_stack: B::ZERO,
            tarjan_stack: Vec::new(),
            tarjan_frames: Vec::new(),
            augment_frames: Vec::new(),
            scc_cells: Vec::new(),
            tally: Tally::new(limit, keep),
            nodes: 0,
            budget,
            interrupted: None,
            rounds: 0,
            rng: 0,
        }
    }

    /// Breaks ties and orders each branch's cells at random from `seed` (0: the deterministic
    /// order), so that restarts with different seeds take different paths.
    pub(super) fn seed(&mut self, seed: u64) {
        self.rng = if seed == 0 { 0 } else { seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1 };
    }

    /// The next number of the xorshift generator (only when seeded).
    fn random(&mut self) -> u64 {
        let mut x = self.rng;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng = x;
        x
    }

    /// Keeps `number` off board cell `cell` (a search for the solutions that avoid it).
    pub(super) fn avoid(&mut self, number: usize, cell: usize) {
        let w = self.puzzle.width();
        let bit = B::bit(cell / w * self.stride as usize + cell % w);
        if (1..=self.n).contains(&number) && !self.placed.has(number) {
            self.dom[number] &= !bit;
        }
    }

    pub(super) fn run(&mut self) -> Result<(), GaveUp> {
        if self.tally.nothing_asked() {
            return Ok(());
        }
        match self.dfs() {
            Ok(()) | Err(Stop::Limit) => Ok(()),
            Err(Stop::GaveUp(reason)) => Err(reason),
        }
    }

    fn is_placed(&self, k: usize) -> bool {
        self.placed.has(k)
    }

    /// The cells next to a cell of `x`.
    #[inline]
    fn nb(&self, x: B) -> B {
        let s = self.stride;
        let around = if self.king {
            let row = x | x.shl(1) | x.shr(1);
            row.shl(s) | row.shr(s) | x.shl(1) | x.shr(1)
        } else {
            x.shl(1) | x.shr(1) | x.shl(s) | x.shr(s)
        };
        around & self.board
    }

    /// Sets `k`'s domain to `v` (a subset), recording the old one on the trail once per branch,
    /// and marks the numbers next to `k` for the chain worklist.
    #[inline]
    fn set(&mut self, k: usize, v: B) {
        if self.stamp[k] != self.branch {
            self.stamp[k] = self.branch;
            self.trail.push((k as u32, self.dom[k]));
        }
        self.dom[k] = v;
        self.touch(k);
    }

    /// Restores the domains recorded on the trail since `mark`.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (k, v) = self.trail.pop().expect("above the mark");
            self.dom[k as usize] = v;
        }
    }

    /// Marks the numbers next to `k` for the chain worklist (`k`'s domain shrank).
    #[inline]
    fn touch(&mut self, k: usize) {
        self.dirty |= (B::bit(k - 1) | B::bit(k + 1)) & self.numbers;
    }

    /// The search, with an explicit stack of branch points (the board may be deep): each frame
    /// is the number branched on, its cells not yet tried, the trail mark and the placed state
    /// to go back to.
    fn dfs(&mut self) -> Result<(), Stop> {
        let mut frames: Vec<Branch<B>> = Vec::new();
        let mut entering = true;
        loop {
            if entering {
                entering = false;
                if self.propagate()? {
                    if self.count == self.n {
                        self.found()?;
                    } else {
                        let pick = self.pick();
                        let kept = (self.used, self.placed, self.count);
                        frames.push(Branch { pick, cells: self.dom[pick], mark: self.trail.len(), kept });
                    }
                }
            }
            let Some(frame) = frames.last_mut() else { return Ok(()) };
            if frame.cells.is_zero() {
                frames.pop();
                continue;
            }
            let (pick, mark, kept, cells) = (frame.pick, frame.mark, frame.kept, frame.cells);
            self.undo(mark);
            (self.used, self.placed, self.count) = kept;
            let bit = self.choose(cells);
            if let Some(frame) = frames.last_mut() {
                frame.cells ^= bit;
            }
            self.branch += 1;
            self.dirty = B::ZERO;
            self.set(pick, bit);
            entering = true;
        }
    }

    /// The cell to try next among `cells` (not empty): the lowest in the fixed order, a random
    /// one when seeded (Warnsdorff's rule, fewest free neighbours first with random ties, left
    /// too little variety between restarts: two boards of a sparse set gave up at 5 s).
    fn choose(&mut self, cells: B) -> B {
        if self.rng == 0 {
            return cells.lowest();
        }
        let skip = self.random() % u64::from(cells.ones());
        let mut rest = cells;
        for _ in 0..skip {
            rest ^= rest.lowest();
        }
        rest.lowest()
    }

    /// The number to branch on: the fewest cells; among equals, one next to a placed number
    /// (it extends a path).
    fn pick(&mut self) -> usize {
        let n = self.n;
        let mut pick = 0;
        let mut fewest = u32::MAX;
        let mut ties = 0u64;
        for k in 1..=n {
            if !self.is_placed(k) {
                let end = (k > 1 && self.is_placed(k - 1)) || (k < n && self.is_placed(k + 1));
                let score = self.dom[k].ones() * 2 + u32::from(!end);
                if score < fewest {
                    fewest = score;
                    pick = k;
                    ties = 1;
                } else if score == fewest && self.rng != 0 {
                    // Reservoir sampling: each of the tied numbers is kept with chance 1/ties.
                    ties += 1;
                    if self.random() % ties == 0 {
                        pick = k;
                    }
                }
            }
        }
        pick
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        // A node costs microseconds on a small board, up to tens of milliseconds on a big one.
        // On boards wider than 128 bits a node costs much more: the clock is read at every node.
        let every = if B::BITS <= 128 { check_every::BOARD_NODE } else { 1 };
        self.budget.spend(self.nodes, every).map_err(Stop::GaveUp)
    }

    /// Within a node: reads the clock every round of propagation on a big board (a round there
    /// passes over every domain, thousands of words), every 64 on a small one.
    fn round(&mut self) -> Result<(), Stop> {
        self.rounds += 1;
        let every = if B::BITS <= 128 { 64 } else { 1 };
        if self.rounds % every == 0 {
            if let Some(reason) = self.budget.check_clock() {
                return Err(Stop::GaveUp(reason));
            }
        }
        Ok(())
    }

    /// Inside a whole-board rule: whether the clock ran out, noted in `interrupted` for
    /// `propagate` to report (the rule then returns as if the node were dead).
    fn interrupt(&mut self) -> bool {
        self.interrupted = self.budget.check_clock();
        self.interrupted.is_some()
    }

    fn found(&mut self) -> Result<(), Stop> {
        self.tally.found(|| {
            let (w, stride) = (self.puzzle.width(), self.stride as usize);
            let mut answer = self.puzzle.clone();
            for k in 1..=self.n {
                let bit = self.dom[k].first();
                answer.set(bit / stride * w + bit % stride, k as i32);
            }
            answer
        })
    }
}
