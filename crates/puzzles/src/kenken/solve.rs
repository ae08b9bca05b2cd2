//! The dedicated engine: candidates as bit sets, propagation to a fixpoint, and a depth-first
//! search on the cell with the fewest candidates.
//!
//! ```text
//!   cand[cell]: u32, bit v set when v may stand in the cell (v = 1..=N)
//!   spread[cell]: the cell's single value was already taken out of its row and column
//!   dirty[cage]: a cell of the cage lost candidates since the cage was last filtered
//! ```
//!
//! Propagation repeats three rules until none changes anything: a cell with one candidate takes
//! it out of its row and column (naked single); a value with one place left in a row or column
//! goes there (hidden single), and a value with none is a contradiction; each dirty cage keeps,
//! in each cell, only the values of some consistent tuple ([`Shape::supports`]: generalised arc
//! consistency). The enumeration is capped per call; a cage too large to enumerate at a node gets
//! bounds reasoning instead (sums and products of the other cells' least and greatest values:
//! sound, only weaker) and is checked exactly once its cells are fixed, where its enumeration is
//! a single path. Why GAC and not only bounds: the cages are small, their tuples
//! few, and the strongest filtering per node keeps the tree small, which is what the 25x25
//! timings need (docs/performance.md).
//!
//! Each node copies the state (N^2 words): cheaper than an undo trail at these sizes, and it makes
//! backtracking trivially correct.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::{check_every, Stop};
use crate::kenken::model::KenKen;
use crate::kenken::tuples::{Limit, Shape};

/// Nodes one cage's enumeration may visit at one search node; past it the cage gets bounds
/// reasoning only ([`Shape::bounds`]) until its candidates shrink.
const CAGE_LIMIT: Limit = Limit(2_000);

/// The puzzle as the search sees it.
#[derive(Debug, Clone)]
pub(crate) struct Model {
    pub n: usize,
    pub shapes: Vec<Shape>,
    pub cage_of: Vec<usize>,
}

impl Model {
    pub fn new(puzzle: &KenKen) -> Self {
        let n = puzzle.size();
        Model {
            n,
            shapes: puzzle.cages().iter().map(|cage| Shape::new(n, cage)).collect(),
            cage_of: (0..n * n).map(|cell| puzzle.cage_of(cell)).collect(),
        }
    }

    /// A Latin square of side `n` with no cages (the generator's first grid).
    pub fn latin(n: usize) -> Self {
        Model { n, shapes: Vec::new(), cage_of: Vec::new() }
    }

    /// Every value's bit.
    pub fn all(&self) -> u32 {
        (((1u64 << (self.n + 1)) - 2) & u64::from(u32::MAX)) as u32
    }
}

/// The search state at a node.
#[derive(Debug, Clone)]
pub(crate) struct State {
    pub cand: Vec<u32>,
    spread: Vec<bool>,
    dirty: Vec<bool>,
}

impl State {
    /// Every value everywhere, every cage to filter.
    pub fn new(model: &Model) -> Self {
        let cells = model.n * model.n;
        State {
            cand: vec![model.all(); cells],
            spread: vec![false; cells],
            dirty: vec![true; model.shapes.len()],
        }
    }

    /// Restricts `cell` to `mask`.
    pub fn restrict(&mut self, model: &Model, cell: usize, mask: u32) {
        if self.cand[cell] & !mask != 0 {
            self.cand[cell] &= mask;
            if let Some(&k) = model.cage_of.get(cell) {
                self.dirty[k] = true;
            }
        }
    }

    /// Propagates to a fixpoint; `false` on a contradiction.
    pub fn propagate(&mut self, model: &Model) -> bool {
        let n = model.n;
        let all = model.all();
        loop {
            let mut changed = false;
            for cell in 0..n * n {
                let m = self.cand[cell];
                if m == 0 {
                    return false;
                }
                if self.spread[cell] || m & (m - 1) != 0 {
                    continue;
                }
                self.spread[cell] = true;
                let (r, c) = (cell / n, cell % n);
                for i in 0..n {
                    for peer in [r * n + i, i * n + c] {
                        if peer != cell && self.cand[peer] & m != 0 {
                            self.restrict(model, peer, !m);
                            if self.cand[peer] == 0 {
                                return false;
                            }
                            changed = true;
                        }
                    }
                }
            }
            for line in 0..2 * n {
                let cell_at = |i: usize| if line < n { line * n + i } else { i * n + (line - n) };
                let (mut once, mut twice) = (0u32, 0u32);
                for i in 0..n {
                    let m = self.cand[cell_at(i)];
                    twice |= once & m;
                    once |= m;
                }
                if once != all {
                    return false;
                }
                let mut single = once & !twice;
                while single != 0 {
                    let bit = single & single.wrapping_neg();
                    single &= single - 1;
                    let cell = (0..n).map(cell_at).find(|&cell| self.cand[cell] & bit != 0);
                    if let Some(cell) = cell.filter(|&cell| self.cand[cell] != bit) {
                        self.restrict(model, cell, bit);
                        changed = true;
                    }
                }
            }
            for (k, shape) in model.shapes.iter().enumerate() {
                if !self.dirty[k] {
                    continue;
                }
                self.dirty[k] = false;
                let domains: Vec<u32> = shape.cells.iter().map(|&c| self.cand[c]).collect();
                let supports = shape.supports(&domains, CAGE_LIMIT).unwrap_or_else(|_| {
                    let mut bounded = domains.clone();
                    shape.bounds(&mut bounded);
                    bounded
                });
                for (i, &cell) in shape.cells.iter().enumerate() {
                    if supports[i] == 0 {
                        return false;
                    }
                    if supports[i] != domains[i] {
                        self.cand[cell] = supports[i];
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// A depth-first search for solutions, each handed to `found` (which says whether to go on).
pub(crate) struct Search<'a> {
    model: &'a Model,
    budget: &'a Budget,
    rng: Option<Pcg64Mcg>,
    pub nodes: u64,
    found: &'a mut dyn FnMut(&[u8]) -> bool,
}

impl<'a> Search<'a> {
    pub fn new(
        model: &'a Model,
        budget: &'a Budget,
        seed: Option<u64>,
        found: &'a mut dyn FnMut(&[u8]) -> bool,
    ) -> Self {
        Search { model, budget, rng: seed.map(Pcg64Mcg::seed_from_u64), nodes: 0, found }
    }

    /// Searches from `state` (not yet propagated).
    pub fn run(&mut self, mut state: State) -> Result<(), Stop> {
        self.node()?;
        if !state.propagate(self.model) {
            return Ok(());
        }
        self.branch(state)
    }

    fn node(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        // A node propagates over the whole grid, up to a millisecond at 25x25: the clock is read
        // often enough that a deadline is kept within a few nodes.
        self.budget.spend(self.nodes, check_every::LINEAR_NODE).map_err(Stop::GaveUp)
    }

    fn branch(&mut self, state: State) -> Result<(), Stop> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &m) in state.cand.iter().enumerate() {
            let count = m.count_ones();
            if count > 1 && best.is_none_or(|(b, _)| count < b) {
                best = Some((count, cell));
                if count == 2 {
                    break;
                }
            }
        }
        let Some((_, cell)) = best else {
            let values: Vec<u8> = state.cand.iter().map(|m| m.trailing_zeros() as u8).collect();
            return if (self.found)(&values) { Ok(()) } else { Err(Stop::Limit) };
        };
        let mut values: Vec<u32> =
            (1..=self.model.n as u32).filter(|v| state.cand[cell] & (1 << v) != 0).collect();
        if let Some(rng) = self.rng.as_mut() {
            values.shuffle(rng);
        }
        for v in values {
            self.node()?;
            let mut child = state.clone();
            child.restrict(self.model, cell, 1 << v);
            if child.propagate(self.model) {
                self.branch(child)?;
            }
        }
        Ok(())
    }
}

/// Solutions of `model` up to `limit`, each handed to `visit`, under `budget`.
pub(crate) fn list(
    model: &Model,
    limit: u64,
    budget: &Budget,
    seed: Option<u64>,
    visit: &mut dyn FnMut(Vec<u8>),
) -> Count {
    let mut solutions = 0u64;
    if limit == 0 {
        return Count { solutions, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    let mut found = |values: &[u8]| {
        solutions += 1;
        visit(values.to_vec());
        solutions < limit
    };
    let mut search = Search::new(model, budget, seed, &mut found);
    let result = search.run(State::new(model));
    let nodes = search.nodes;
    let outcome = match result {
        Ok(()) => Outcome::Exhausted,
        Err(Stop::Limit) => Outcome::LimitReached,
        Err(Stop::GaveUp(reason)) => Outcome::GaveUp(reason),
    };
    Count { solutions, outcome, stats: Stats { nodes, updates: 0 } }
}

/// The first solution's cells, none, or why the search gave up.
pub(crate) fn first(model: &Model, budget: &Budget, seed: Option<u64>) -> Result<Option<Vec<u8>>, GaveUp> {
    let mut first = None;
    let count = list(model, 1, budget, seed, &mut |values| first = Some(values));
    match (first, count.outcome) {
        (None, Outcome::GaveUp(reason)) => Err(reason),
        (first, _) => Ok(first),
    }
}
