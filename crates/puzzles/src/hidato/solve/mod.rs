//! The dedicated Hidato / Numbrix solvers and the portfolio that runs them.
//!
//! Four searches share the entry points [`solve`], [`count`], [`solutions`] and [`visit`]:
//!
//! - the **domain search** ([`BitSearch`], boards up to [`DOMAIN_SEARCH_MAX_BITS`] bits, padding
//!   column included: up to 50x50) branches on *numbers*, most constrained first, with strong
//!   propagation at every node; it proves uniqueness and unsatisfiability where givens are
//!   many (janko.at puzzles). Where they are few, one order of branching can stall on a
//!   doomed subtree for seconds while another answers at once (a heavy tail): so it restarts,
//!   each run after the first in a random order (ties among the most constrained numbers and
//!   the order of a number's cells drawn from a seed), with node limits following the Luby
//!   sequence (Luby, Sinclair and Zuckerman 1993: within a log factor of the best fixed limit
//!   for any distribution of run lengths);
//! - the **gap search** ([`Search`]) takes its place above 50x50;
//! - the **path walker** ([`Walker`], `walk/`) lays the path cell by cell from 1 to N in
//!   Warnsdorff's order, with a linear check per node; it finds a path on an open sparse board
//!   almost without backtracking and is complete when a run ends inside its node limit;
//! - the **learner** (`learn/`) encodes the puzzle as clauses and runs CaDiCaL, a
//!   conflict-driven clause-learning SAT solver: where a depth-first search revisits the same
//!   doomed partial paths under different later choices, it learns a clause from each conflict
//!   and never revisits them. Its encoding and why are in `learn/mod.rs`.
//!
//! # The portfolio ([`Engine::Auto`])
//!
//! 1. **Static checks** (`Walker::precheck`): a board in pieces, more than two cells with one
//!    neighbour, Numbrix colours that cannot alternate along a path (counts, and every given's
//!    colour against 1's), consecutive givens farther apart through free cells than their
//!    difference, and the walker's node check at the root (components that no leg can fill or
//!    fill exactly, cells with no usable neighbour, cut-off parts). Each proves "no solution"
//!    in linear time.
//! 2. **Rounds** with budgets doubling each round, in which each member takes a turn: the
//!    domain search (its Luby restarts go on from turn to turn), the walker (Luby-sequence
//!    restarts, seeds breaking Warnsdorff's ties, the puzzle and its reversal k -> N + 1 - k in
//!    turn) and, from the second round, the learner (one CaDiCaL instance that resumes where
//!    its last turn stopped, with everything it learnt). The domain search goes first when at
//!    least one cell in eight is given; on a sparse board wider than 256 bits (15x15) it joins
//!    from the fourth round with a quarter of the walker's share, since its root alone costs
//!    more than the walker's first runs. Budgets are in walker nodes, a domain node counted as
//!    N/2 of them and a conflict as four. The first run that ends inside its slice answers: a
//!    complete run gives the exact count, any run a solution; the learner, told of every
//!    solution found (a clause blocks each), proves that none is left.
//! 3. **More solutions** for `count`: solutions one segment reversal away from a found one
//!    that keep every given in place (`moves.rs`) join the found ones (kept up to a limit of
//!    [`KEEP_SOLUTIONS`]); reaching the limit answers, so `count --limit 2` on a puzzle with
//!    many solutions costs one solution and a scan.
//! 4. **Two threads** (`Query::threads` of 2 or more, `race.rs`): the learner alone on one,
//!    the other members on the other (the learner after a 20 ms head start, which answers most
//!    boards), the first answer wins and the other is cancelled.
//!
//! [`Engine::Domain`], [`Engine::Walk`] and [`Engine::Learn`] run one search alone (each with
//! its restarts); all engines are cross-checked against each other, the exact-cover reduction
//! and the verifier in the tests. `Query::seed` changes every restart's order: the same seed
//! gives the same runs on one thread.
//!
//! # Domain search
//!
//! Each number k keeps its *domain*: the set of cells that may still hold it, a bitset over the
//! board (bit `row * (width + 1) + column`; the padding column stays clear, so shifting a set by
//! one never carries a row's end onto the next row's start, and a neighbourhood is six or four
//! shifts). The bitset is a `u128` when the board fits (every janko.at puzzle, up to 10x10:
//! single-instruction set operations), else [`Words`], 4, 8, 16 or 40 64-bit words, picked by
//! [`domain_search`]. A placed number's domain is its cell. Each node propagates to a fixed
//! point:
//!
//! 1. **Chain arc consistency**: k's domain stays within the neighbourhood of the domains of k - 1
//!    and k + 1 (a worklist holds the numbers whose consecutive numbers' domains shrank). From a
//!    placed a this is the BFS distance window through free cells, from both ends of a gap at
//!    once, and it also cuts a window by what the other numbers' windows have lost; on a Numbrix
//!    board it carries the colour parity.
//! 2. **Singles**: a number with one cell left is placed and its cell leaves every other domain
//!    (a forced move); a free cell in one domain only holds that number (a hidden single); a
//!    free cell in no domain kills the node.
//! 3. At the fixed point of 1-2, the whole-board rules, each of which can shrink domains and
//!    restart 1-2:
//!    - **Dead ends**: a free cell with fewer than two usable neighbours (free, or holding a
//!      number with an unplaced consecutive number) can hold only 1 or N, and there can be no
//!      more such cells than of 1 and N unplaced.
//!    - **Two distinct neighbours**: a middle number k can sit on cell x only if x's
//!      neighbours offer *two different* cells to k - 1 and k + 1 (arc consistency lets the same
//!      single cell support both sides). This one rule took janko #40 from 25,250 to 75 nodes.
//!    - **All different** to arc consistency (Régin): a perfect matching of unplaced numbers to
//!      free cells, warm-started from the previous call (Kuhn's augmenting paths), then Tarjan's
//!      strongly connected components of "k -> the number matched to a cell of k's domain"; k
//!      keeps only the cells matched inside its component. This is every Hall-type check at
//!      once: naked and hidden pairs, a gap's cells that only it can reach, and so on.
//!    - **Runs and components**: a run of consecutive unplaced numbers is a path of free cells,
//!      so it lies in one component of the free cells; it needs as many cells as numbers in the
//!      union of its domains, a component that its two end numbers reach and that is big
//!      enough, is confined to that component when there is one only, and every component must
//!      be filled exactly (the runs confined to it fit, the runs that may enter are enough).
//!
//! It then branches on the unplaced number with the fewest cells, preferring on a tie a number
//! next to a placed one (it extends a path, HoustonWeHaveABug's bidirectional MRV). Going back
//! uses a **trail**: a domain's old value is recorded the first time a branch changes it, so a
//! branch costs what it changes, not a copy of n domains (a 50x50 board would copy 800 KB per
//! level). The search, the augmenting paths and Tarjan's recursion all run on explicit heap
//! stacks, since a 50x50 board nests thousands deep (it overflowed a 2 MB thread stack when
//! recursive). Its figures, beside the gap search's, are in docs/performance.md.
//!
//! # Gap search
//!
//! A partial answer is the set of placed numbers (givens and guesses). Sorted, consecutive placed
//! numbers `a < b` delimit a *gap* of `b - a - 1` numbers that must form a path of free cells from
//! a neighbour of `a`'s cell to a neighbour of `b`'s; below the smallest placed number and above the
//! largest lie two *tails* (when 1 or N is not placed), paths with one free end. At every node
//! [`Search::check`] recomputes, from scratch:
//!
//! 1. **Components** of the free cells (flood fill). A gap's path is made of free cells that
//!    follow each other, so it lies inside one component: every component's size must be the sum
//!    of the lengths of the gaps put in it. We check the two cheap halves of that: the gaps that
//!    can only go into a component fit in it, and the gaps that can go into it are enough to fill
//!    it (region-size check).
//! 2. **Distance windows** (breadth-first distance *through free cells*, not Chebyshev). For a gap
//!    `(a, b)`, BFS from both ends, bounded by `b - a`; a free cell `c` can hold a number of the gap
//!    only if `dist_a(c) + dist_b(c) <= b - a`. Every free cell must be covered by some gap or tail
//!    (a tail covers the cells within its length of its end). The candidates for `a + 1` are the
//!    free neighbours `x` of `a`'s cell with `dist_b(x) <= b - a - 1`, and symmetrically for `b - 1`;
//!    for `b - a = 2` that is exactly the common free neighbours of both ends.
//! 3. **Dead ends.** A free cell needs two usable neighbours (free, or a placed number with an
//!    unplaced consecutive number) unless it is an end of the path: no more free cells with one
//!    usable neighbour than unplaced numbers among {1, N}. A placed number whose two consecutive
//!    numbers are both unplaced needs two free neighbours (James Clark's "blocked number").
//!
//! The node then branches on the unplaced number with the fewest candidates among the gap and
//! tail ends (HoustonWeHaveABug's MRV over numbers, which makes the search bidirectional): a
//! number with one candidate is a forced move, a number with none a dead node. It recurses once
//! per placement; only boards above 50x50 come here.
//!
//! # Data layout (gap search)
//!
//! ```text
//!   board cell index  ──index──►  compact cell 0..N (holes dropped)
//!   nbr_start[c]..nbr_start[c+1]  slice of the flat `nbrs: Vec<u32>` (≤ 8 neighbours each)
//!   value[c]  0 = free, else the number         pos[k]  the cell of k, or NONE
//!   stamp arrays (component, distances, coverage): reset in O(1) by bumping an epoch
//! ```
//!
//! Why these choices: flat `u32` arrays with no fixed width, so boards of any size work (a 64-bit
//! row mask would cap the board); neighbours precomputed from [`Hidato::neighbours`], so a path
//! never wraps from one row's end to the next row's start; epoch stamps instead of clearing
//! arrays, because the check runs at every node; and recomputing the check from scratch instead
//! of updating it incrementally, because a node places one number and the check is linear in the
//! cells a gap can reach, which keeps the code short and obviously right (the exact-cover route in
//! `exact.rs` cross-checks it).
//!
//! In both searches the budget's node limit counts placements (guesses and forced moves alike);
//! the clock and the cancel flag are read every so many nodes, fewer where nodes cost more
//! (`common::budget::check_every`).
//!
//! # Modules
//!
//! ```text
//!   mod.rs      the public API (`solve`, `count`, `solutions`, `visit`, `Engine`), the
//!               searches' `Tally`, the domain search's choice of bitset width, the
//!               generator's uniqueness check
//!   portfolio.rs the portfolio: static checks, rounds, restarts, more solutions
//!   race.rs     the portfolio on two threads: the learner against the depth-first members
//!   learn/      the learner: CaDiCaL's instance, its slices and blocking clauses (mod.rs), the
//!               encoding (encode.rs)
//!   walk/       the path walker `Walker`: legs (legs.rs), static checks (precheck.rs), the
//!               node check (check.rs, components.rs, distance.rs), Warnsdorff's order and runs
//!               (search.rs)
//!   moves.rs    segment reversals: more solutions from one
//!   trace/      the teaching search of the Learn view (`Engine::Trace`): the search
//!               (mod.rs), its events in words and JSON (event.rs)
//!   domain/     the domain search `BitSearch`: search and trail (mod.rs), propagation rules
//!               (propagate.rs), all different by matching and Tarjan (matching.rs)
//!   gap/        the gap search `Search`: search (mod.rs), flood fills (flood.rs), the check
//!               of each node (check.rs)
//!   tests.rs    the engines cross-checked on random small boards
//! ```

mod domain;
mod gap;
mod learn;
mod moves;
mod portfolio;
mod race;
mod trace;
mod walk;

pub use trace::{trace, DeadEnd, TraceCounts, TraceEnd, TraceEvent, TraceOptions, SEED_EXAMPLE};

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::bits::{BitSet, Words};
use crate::hidato::{ExactCover, Hidato, Query};
use crate::Solutions;

use domain::BitSearch;
#[cfg(doc)]
use gap::Search;
#[cfg(doc)]
use portfolio::KEEP_SOLUTIONS;
#[cfg(doc)]
use walk::Walker;

crate::common::engines! {
    /// Which solver to use. All give the same answers.
    pub enum Engine {
        /// The portfolio (see the module header): static checks, then the domain search, the
        /// path walker and the learner in turn with growing budgets, the domain search first when
        /// at least one cell in eight is given, the walker first otherwise.
        Auto => "auto",
        /// The domain search alone (the gap search on boards above 50x50).
        Domain => "domain",
        /// The path walker alone, restarted with a Luby sequence of budgets.
        Walk => "walk",
        /// The learner alone: clause learning (CaDiCaL) over a Boolean encoding; boards too big
        /// for its encoding go to the domain search.
        Learn => "learn",
        /// The exact-cover reduction through `tessera-xc`.
        ExactCover => "xc",
        /// The teaching search of the Learn view (`trace/`): the seed's depth-first path
        /// from 1 with the distance-to-the-next-given prune; slow on hard boards.
        Trace => "trace",
    }
}

/// What a dedicated search did: solutions found (up to the limit) and nodes (placements, over
/// every run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct SolveStats {
    solutions: u64,
    nodes: u64,
}

/// The first solution, `None` if there is none, or why the search gave up.
///
/// ```
/// use tessera::hidato::{solve, Adjacency, Hidato, Query};
/// let puzzle = Hidato::new(3, 1, vec![1, 0, 3], Adjacency::King)?;
/// let answer = solve(&puzzle, &Query::default()).unwrap().unwrap();
/// assert_eq!(answer.cells(), &[1, 2, 3]);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn solve(puzzle: &Hidato, query: &Query) -> Result<Option<Hidato>, GaveUp> {
    crate::common::first(solutions(puzzle, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`: exact, the limit, or a lower bound when the budget ran
/// out. The nodes are the numbers placed by the dedicated engines, or Knuth's for the exact
/// cover.
pub fn count(puzzle: &Hidato, query: &Query) -> Count {
    match query.engine {
        Engine::ExactCover => match bounded_reduction(puzzle, &query.budget) {
            Ok(reduction) => crate::Reduction::count(&reduction, &query.cover()),
            Err(reason) => answer(Err(reason), query.limit).1,
        },
        Engine::Trace => by_trace(puzzle, query, 0).count,
        _ => answer(dedicated(puzzle, query, 0), query.limit).1,
    }
}

/// [`Engine::Trace`]: the teaching search without a callback, keeping `keep` solutions.
fn by_trace(puzzle: &Hidato, query: &Query, keep: u64) -> TraceEnd {
    let options = TraceOptions { limit: query.limit, keep, budget: query.budget.clone(), prune: true };
    trace(puzzle, &options, |_, _| std::ops::ControlFlow::Continue(()))
}

/// Hands each solution to `visit`, up to `query.limit`, and says how the search ended. The
/// portfolio keeps the solutions it found to tell them apart across restarts, so they are handed
/// on when it ends; the exact cover hands each on as it is found.
pub fn visit(puzzle: &Hidato, query: &Query, visit: &(dyn Fn(Hidato) + Sync)) -> Count {
    if let Engine::ExactCover = query.engine {
        return match bounded_reduction(puzzle, &query.budget) {
            Ok(reduction) => crate::Reduction::visit(&reduction, &query.cover(), visit),
            Err(reason) => answer(Err(reason), query.limit).1,
        };
    }
    let found = solutions(puzzle, query);
    found.found.into_iter().for_each(visit);
    found.count
}

/// Up to `query.limit` solutions, in the order the engine found them, and how the search ended.
pub fn solutions(puzzle: &Hidato, query: &Query) -> Solutions<Hidato> {
    match query.engine {
        Engine::ExactCover => match bounded_reduction(puzzle, &query.budget) {
            Ok(reduction) => crate::Reduction::solutions(&reduction, &query.cover()),
            Err(reason) => {
                let (found, count) = answer(Err(reason), query.limit);
                Solutions::new(found, count)
            }
        },
        Engine::Trace => {
            let end = by_trace(puzzle, query, query.limit);
            Solutions::new(end.found, end.count)
        }
        _ => {
            let (found, count) = answer(dedicated(puzzle, query, query.limit), query.limit);
            Solutions::new(found, count)
        }
    }
}

/// The dedicated engines' run for `query`, keeping `keep` solutions: on two threads when the
/// query has them and the engine is the portfolio.
fn dedicated(puzzle: &Hidato, query: &Query, keep: u64) -> Result<portfolio::Answer, GaveUp> {
    let members = portfolio::members(query.engine, puzzle);
    let seed = query.seed.unwrap_or(0);
    if query.threads >= 2 {
        race::race(puzzle, query.limit, keep, members, seed, &query.budget)
    } else {
        portfolio::run(puzzle, query.limit, keep, members, seed, &query.budget)
    }
}

/// The exact-cover reduction built under the budget's clock; one above
/// [`MAX_OPTIONS`](crate::hidato::MAX_OPTIONS) options gives up at once with
/// [`GaveUp::NodeLimit`] (callers that want to say so check [`ExactCover::estimate`] first, as
/// the command line does).
fn bounded_reduction(puzzle: &Hidato, budget: &Budget) -> Result<ExactCover, GaveUp> {
    ExactCover::with_budget(puzzle, budget).map_err(|err| match err {
        crate::hidato::NotBuilt::GaveUp(reason) => reason,
        _ => GaveUp::NodeLimit,
    })
}

/// A dedicated engine's answer as solutions and a [`Count`].
fn answer(result: Result<portfolio::Answer, GaveUp>, limit: u64) -> (Vec<Hidato>, Count) {
    match result {
        Ok(answer) => {
            let solutions = answer.stats.solutions;
            let outcome = if solutions >= limit { Outcome::LimitReached } else { Outcome::Exhausted };
            (
                answer.found,
                Count { solutions, outcome, stats: Stats { nodes: answer.stats.nodes, updates: 0 } },
            )
        }
        Err(reason) => {
            (Vec::new(), Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() })
        }
    }
}

/// Whether each number 1..=N is given (index k - 1).
fn given_numbers(puzzle: &Hidato) -> Vec<bool> {
    let mut given = vec![false; puzzle.size()];
    puzzle.cells().iter().filter(|&&v| v > 0).for_each(|&v| given[v as usize - 1] = true);
    given
}

/// The board cell of each number 1..=N in a filled board.
pub(crate) fn path_of(answer: &Hidato) -> Vec<u32> {
    let mut path = vec![0; answer.size()];
    for (cell, &v) in answer.cells().iter().enumerate() {
        if v > 0 {
            path[v as usize - 1] = cell as u32;
        }
    }
    path
}

/// The puzzle filled along `path`.
fn fill(puzzle: &Hidato, path: &[u32]) -> Hidato {
    let mut answer = puzzle.clone();
    for (k, &cell) in path.iter().enumerate() {
        answer.set(cell as usize, k as i32 + 1);
    }
    answer
}

/// The domain search on boards it takes (see the module header), as the count, the node count
/// and the first `keep` solutions; `None` for a board too big for its widest bitset.
fn domain_search(
    puzzle: &Hidato,
    limit: u64,
    keep: u64,
    avoid: Option<(usize, usize)>,
    seed: u64,
    budget: &Budget,
) -> Option<Result<(SolveStats, Vec<Hidato>), GaveUp>> {
    // Bits for the cells (one padding column per row) and for the numbers 0..=n+1.
    let need = (puzzle.height() * (puzzle.width() + 1)).max(puzzle.size() + 2);
    Some(if need <= 128 {
        run_domain_search::<u128>(puzzle, limit, keep, avoid, seed, budget)
    } else if need <= 256 {
        run_domain_search::<Words<4>>(puzzle, limit, keep, avoid, seed, budget)
    } else if need <= 512 {
        run_domain_search::<Words<8>>(puzzle, limit, keep, avoid, seed, budget)
    } else if need <= 1024 {
        run_domain_search::<Words<16>>(puzzle, limit, keep, avoid, seed, budget)
    } else if need <= DOMAIN_SEARCH_MAX_BITS {
        run_domain_search::<Words<40>>(puzzle, limit, keep, avoid, seed, budget)
    } else {
        return None;
    })
}

/// The widest board (bits, padding included) for the domain search: 50x50. Its whole-board
/// rules cost some n sets of `words` words per node, so beyond this the gap search.
const DOMAIN_SEARCH_MAX_BITS: usize = 2560;

fn run_domain_search<B: BitSet>(
    puzzle: &Hidato,
    limit: u64,
    keep: u64,
    avoid: Option<(usize, usize)>,
    seed: u64,
    budget: &Budget,
) -> Result<(SolveStats, Vec<Hidato>), GaveUp> {
    let mut search = BitSearch::<B>::new(puzzle, limit, keep, budget);
    search.seed(seed);
    if let Some((number, cell)) = avoid {
        search.avoid(number, cell);
    }
    search.run()?;
    Ok((
        SolveStats { solutions: search.tally.solutions, nodes: search.nodes },
        std::mem::take(&mut search.tally.kept),
    ))
}

/// Whether `puzzle` has a solution that does not put `number` on `cell`, for a puzzle that had
/// exactly one solution, `solution`, with `number` given there: then any other solution of
/// the puzzle without that given moves `number` elsewhere, so one search with `number` kept off
/// `cell` answers "is it still unique?" without finding `solution` again. Solutions one
/// reversal away from `solution` are tried first (no search).
pub(crate) fn solution_avoiding(
    puzzle: &Hidato,
    solution: &Hidato,
    number: usize,
    cell: usize,
    budget: &Budget,
) -> Result<bool, GaveUp> {
    let given = given_numbers(puzzle);
    let mut other = false;
    let touch = |a: u32, b: u32| puzzle.touch(a as usize, b as usize);
    moves::reversals(&path_of(solution), &given, touch, &mut |_| {
        other = true;
        false
    });
    if other {
        return Ok(true);
    }
    match domain_search(puzzle, 1, 0, Some((number, cell)), 0, budget) {
        Some(result) => Ok(result?.0.solutions > 0),
        None => Ok(count(puzzle, &Query::default().with_limit(2).with_budget(budget.clone())).result()? > 1),
    }
}

/// No cell or number: the "unset" value of the searches' `u32` index arrays.
const NONE: u32 = u32::MAX;

use crate::common::budget::Stop;

/// What a dedicated search found: solutions counted up to `limit`, the first `keep` of them
/// kept (0 when only counting).
#[derive(Debug)]
pub(super) struct Tally {
    limit: u64,
    pub(super) solutions: u64,
    keep: u64,
    pub(super) kept: Vec<Hidato>,
}

impl Tally {
    pub(super) fn new(limit: u64, keep: u64) -> Self {
        Tally { limit, solutions: 0, keep, kept: Vec::new() }
    }

    /// Whether the search is asked for nothing.
    pub(super) fn nothing_asked(&self) -> bool {
        self.limit == 0
    }

    /// Counts one more solution, keeping it (as `answer` builds it) while fewer than `keep` are
    /// kept; `Stop::Limit` at the limit.
    pub(super) fn found(&mut self, answer: impl FnOnce() -> Hidato) -> Result<(), Stop> {
        self.solutions += 1;
        if (self.kept.len() as u64) < self.keep {
            self.kept.push(answer());
        }
        if self.solutions >= self.limit {
            Err(Stop::Limit)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests;
