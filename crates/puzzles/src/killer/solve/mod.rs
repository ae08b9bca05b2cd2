//! The dedicated solver: constraint propagation and depth-first search with the fewest-candidates
//! cell first (MRV), over bitmask candidates ([`layout`]).
//!
//! At each node the propagation runs to a fixed point: naked singles (a decided cell's digit leaves
//! its row, column, box and cage), hidden singles in rows, columns and boxes, and each cage whose
//! cells changed narrowed to its cells' supports ([`support`]: the digits a cell can take in some
//! filling of the whole cage, from the digit sets that make the sum ([`combos`]); the union of
//! the sets, or their bounds, for large cages), with a digit that every fitting set needs placed
//! when one cell of the cage can take it, or pointed out of a house its holders share. The rule
//! of 45's innies and outies are cages too. Then the search branches on the undecided cell with
//! the most recent failures per candidate (conflict scores: each failed propagation adds one to
//! the cell where it found the contradiction, all halved every 16,384 failures, as Interactive
//! Sudoku Solver does; the fewest candidates until a branch has failed): on ISS's hard killers
//! this took the median time down by a third against plain fewest-candidates-first. Each child is
//! a copy of the candidates (a few hundred bytes to 2.5 KB:
//! cheaper than an undo trail at these sizes, and it keeps the code short).

pub(crate) mod combos;
pub(crate) mod layout;
pub(crate) mod support;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::{check_every, Stop};
use crate::common::{Reduction, Solutions};
use crate::killer::exact::{ExactCover, NotBuilt};
use crate::killer::model::{Grid, Killer};
use crate::killer::Query;
use layout::{Layout, State};

crate::common::engines! {
    /// Which solver to use. Both find the same solutions, perhaps in another order.
    pub enum Engine {
        /// The propagating search.
        Auto => "auto",
        /// The propagating search, by name: singles, cage digit sets, fewest candidates first.
        Propagate => "propagate",
        /// The exact-cover reduction through `tessera-xc` (one option per way to fill a cage).
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
///
/// ```
/// use tessera::killer::{parse, solve, Query};
/// let puzzle = parse("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n")?;
/// let answer = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
/// assert_eq!(answer.to_string(), "4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3\n");
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn solve(puzzle: &Killer, query: &Query) -> Result<Option<Grid>, GaveUp> {
    crate::common::first(solutions(puzzle, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit` (2 proves uniqueness).
pub fn count(puzzle: &Killer, query: &Query) -> Count {
    visit(puzzle, query, |_| {})
}

/// Up to `query.limit` solutions, in memory, and how the search ended.
pub fn solutions(puzzle: &Killer, query: &Query) -> Solutions<Grid> {
    let found = std::sync::Mutex::new(Vec::new());
    let count = visit(puzzle, query, |grid| {
        found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(grid);
    });
    Solutions::new(found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended (on one thread whatever `query.threads` says, but for the exact-cover engine).
pub fn visit(puzzle: &Killer, query: &Query, visit: impl Fn(Grid) + Sync) -> Count {
    if query.limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    match query.engine {
        Engine::ExactCover => match ExactCover::with_budget(puzzle, &query.budget) {
            Ok(cover) => cover.visit(&query.cover(), &visit),
            Err(NotBuilt::GaveUp(reason)) => gave_up(reason),
            Err(NotBuilt::TooLarge { .. }) => gave_up(GaveUp::NodeLimit),
        },
        _ => {
            let n = puzzle.size();
            search(&Layout::new(puzzle), query.limit, &query.budget, query.seed, &mut |digits| {
                visit(Grid::new(n, digits.to_vec()).expect("the search fills the grid"));
            })
        }
    }
}

fn gave_up(reason: GaveUp) -> Count {
    Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() }
}

/// A random full grid of side `n` (boxes `boxes`) from `seed`, or why the search gave up.
pub(crate) fn random_grid(
    n: usize,
    boxes: (usize, usize),
    seed: u64,
    budget: &Budget,
) -> Result<Vec<u8>, GaveUp> {
    let mut grid = None;
    let count =
        search(&Layout::sudoku(n, boxes), 1, budget, Some(seed), &mut |digits| grid = Some(digits.to_vec()));
    match (grid, count.outcome) {
        (Some(grid), _) => Ok(grid),
        (None, Outcome::GaveUp(reason)) => Err(reason),
        (None, _) => Err(GaveUp::NodeLimit),
    }
}

/// The search over `layout`, up to `limit` solutions, each handed to `found` as its digits.
pub(crate) fn search(
    layout: &Layout,
    limit: u64,
    budget: &Budget,
    seed: Option<u64>,
    found: &mut dyn FnMut(&[u8]),
) -> Count {
    // Large grids propagate for longer per node: the clock is read more often.
    let period = if layout.n <= 9 { check_every::PROPAGATING_NODE } else { check_every::LINEAR_NODE };
    let mut search = Search {
        layout,
        budget,
        period,
        nodes: 0,
        limit,
        found: 0,
        stop: None,
        rng: seed.map(Pcg64Mcg::seed_from_u64),
        visit: found,
        scores: vec![0; layout.start.len()],
        decay: DECAY,
    };
    search.run(layout.root());
    let outcome = match search.stop {
        Some(Stop::GaveUp(reason)) => Outcome::GaveUp(reason),
        Some(Stop::Limit) => Outcome::LimitReached,
        None => Outcome::Exhausted,
    };
    Count { solutions: search.found, outcome, stats: Stats { nodes: search.nodes, updates: 0 } }
}

struct Search<'a> {
    layout: &'a Layout,
    budget: &'a Budget,
    period: u64,
    nodes: u64,
    limit: u64,
    found: u64,
    stop: Option<Stop>,
    rng: Option<Pcg64Mcg>,
    visit: &'a mut dyn FnMut(&[u8]),
    /// Conflict scores: how often propagation failed at each cell lately.
    scores: Vec<u32>,
    /// Failures left before every score is halved.
    decay: u32,
}

/// Failures between two halvings of the conflict scores: recent failures count more.
const DECAY: u32 = 1 << 14;

impl Search<'_> {
    fn run(&mut self, mut state: State) {
        self.nodes += 1;
        if let Err(reason) = self.budget.spend(self.nodes, self.period) {
            self.stop = Some(Stop::GaveUp(reason));
            return;
        }
        if !self.layout.propagate(&mut state) {
            self.scores[state.conflict as usize] += 1;
            self.decay -= 1;
            if self.decay == 0 {
                self.decay = DECAY;
                for s in &mut self.scores {
                    *s >>= 1;
                }
            }
            return;
        }
        let Some(cell) = self.branch_cell(&state) else {
            let digits: Vec<u8> = state.cand.iter().map(|m| m.trailing_zeros() as u8 + 1).collect();
            (self.visit)(&digits);
            self.found += 1;
            if self.found >= self.limit {
                self.stop = Some(Stop::Limit);
            }
            return;
        };
        let mut digits: Vec<u32> = crate::common::bits::Ones(state.cand[cell]).map(|i| 1 << i).collect();
        if let Some(rng) = &mut self.rng {
            digits.shuffle(rng);
        }
        let last = digits.len() - 1;
        let mut state = Some(state);
        for (i, bit) in digits.into_iter().enumerate() {
            let mut child = if i == last {
                state.take().expect("kept for the last")
            } else {
                state.clone().expect("kept")
            };
            child.cand[cell] = bit;
            self.run(child);
            if self.stop.is_some() {
                return;
            }
        }
    }

    /// The undecided cell with the highest conflict score per candidate (the fewest candidates
    /// while no branch has failed), `None` when every cell is decided.
    fn branch_cell(&self, state: &State) -> Option<usize> {
        let mut best: Option<(u32, u32, usize)> = None;
        let mut fewest: Option<(u32, usize)> = None;
        for (cell, &m) in state.cand.iter().enumerate() {
            let k = m.count_ones();
            if k < 2 {
                continue;
            }
            if fewest.is_none_or(|(b, _)| k < b) {
                fewest = Some((k, cell));
            }
            let w = self.scores[cell];
            // The highest w / k, compared without division.
            if w > 0
                && best.is_none_or(|(bw, bk, _)| u64::from(w) * u64::from(bk) > u64::from(bw) * u64::from(k))
            {
                best = Some((w, k, cell));
            }
        }
        best.map(|(_, _, cell)| cell).or(fewest.map(|(_, cell)| cell))
    }
}
