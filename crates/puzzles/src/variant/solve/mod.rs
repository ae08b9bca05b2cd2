//! The solvers of a [`Variant`]: the propagating search over the compiled rules (`rules`), the
//! Boolean encoding under CaDiCaL (`sat`), the exact-cover reduction (`xc`), and `auto`.
//!
//! # Algorithm
//!
//! Each constraint kind compiles itself (`rules/`) into the engine's generic propagators
//! (`props`: all-different groups with hidden singles, pair relations as tables, linear sums by
//! reachable-sum tables, killer cages by digit sets and matching) or a propagator of its own;
//! the engine (`search`) knows none of the kinds. It propagates to a fixed point and branches on
//! the cell with the fewest candidates per failure weight (dom/wdeg), which finds the tight part
//! of a variant puzzle (a thermometer's bulb, a cage's corner) without being told.
//!
//! `auto` hands a rule set that is plain Sudoku (classic, X, jigsaw: no other constraint) to the
//! dedicated Sudoku solvers, and otherwise runs the propagating search for a first stretch of
//! nodes; when that does not finish (a search that branches blindly, as on some sparse whispers
//! or renban puzzles), CaDiCaL, which learns clauses from its conflicts, takes a turn with the
//! solutions found so far blocked, then the search a longer one, and so on (`portfolio`).

pub(crate) mod model;
pub(crate) mod props;
pub(crate) mod search;
pub(crate) mod sums;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::Solutions;
use crate::variant::model::{Grid, Variant};
use crate::variant::Query;
pub(crate) use model::{Builder, Propagator, Store, Wipeout};

crate::common::engines! {
    /// Which solver to use. All find the same solutions, perhaps in another order.
    pub enum Engine {
        /// Plain Sudoku to the Sudoku solvers; otherwise the propagating search, then CaDiCaL
        /// once it stalls.
        Auto => "auto",
        /// The propagating search over the compiled rules alone.
        Rules => "rules",
        /// The Boolean encoding under CaDiCaL (counting by blocking each solution found).
        Sat => "sat",
        /// The exact-cover reduction through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// Nodes the propagating search spends under `auto` before CaDiCaL takes over.
pub const PORTFOLIO_NODES: u64 = 20_000;

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(puzzle: &Variant, query: &Query) -> Result<Option<Grid>, GaveUp> {
    crate::common::first(solutions(puzzle, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit` (2 proves uniqueness).
///
/// ```
/// use tessera::variant::{count, Constraint, Cell, Query, Variant};
/// let mut puzzle = Variant::classic(4);
/// puzzle.givens = vec![1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0];
/// puzzle.constraints.push(Constraint::Thermometer { cells: vec![Cell::new(3, 0), Cell::new(3, 1), Cell::new(3, 2)], slow: false });
/// let found = count(&puzzle, &Query::default().with_limit(2));
/// assert!(found.solutions >= 1);
/// ```
pub fn count(puzzle: &Variant, query: &Query) -> Count {
    visit(puzzle, query, |_| {})
}

/// Up to `query.limit` solutions, in memory, and how the search ended.
pub fn solutions(puzzle: &Variant, query: &Query) -> Solutions<Grid> {
    let found = Mutex::new(Vec::new());
    let count = visit(puzzle, query, |grid| {
        found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(grid);
    });
    Solutions::new(found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended.
pub fn visit(puzzle: &Variant, query: &Query, visit: impl Fn(Grid) + Sync) -> Count {
    if query.limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    if let Err(_error) = puzzle.validate() {
        // An invalid puzzle has no solution the rules can check; the readers refuse it first.
        return Count { solutions: 0, outcome: Outcome::Exhausted, stats: Stats::default() };
    }
    let n = puzzle.size;
    match query.engine {
        Engine::Rules => rules(puzzle, query.limit, &query.budget, &|digits| visit(grid(n, digits))),
        Engine::Sat => crate::variant::sat::visit(puzzle, query.limit, &query.budget, &[], &|digits| {
            visit(grid(n, digits));
        }),
        Engine::ExactCover => crate::variant::exact::visit(puzzle, query, &|digits| visit(grid(n, digits))),
        Engine::Auto => auto(puzzle, query, &|digits| visit(grid(n, digits))),
    }
}

fn grid(n: usize, digits: Vec<u8>) -> Grid {
    Grid::new(n, digits).expect("a solution fits its grid")
}

/// The propagating search alone.
fn rules(puzzle: &Variant, limit: u64, budget: &Budget, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Count {
    if let Some(reason) = budget.check_clock() {
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() };
    }
    let model = model::Model::new(puzzle);
    search::count(&model, limit, budget, &mut |dom| visit(search::digits(dom)))
}

/// Plain Sudoku to the Sudoku solvers; else the propagating search and CaDiCaL in turns (see
/// `portfolio`).
fn auto(puzzle: &Variant, query: &Query, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Count {
    if let Some(count) = crate::variant::plain::visit(puzzle, query, visit) {
        return count;
    }
    match query.budget.nodes() {
        // A node budget of the caller's: the search for at most that many nodes (or
        // PORTFOLIO_NODES), then CaDiCaL for the rest of the time.
        Some(nodes) => {
            let first = query.budget.clone().with_nodes(nodes.min(PORTFOLIO_NODES));
            let found = Mutex::new(Vec::new());
            let count = rules(puzzle, query.limit, &first, &|digits| {
                found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(digits.clone());
                visit(digits);
            });
            if nodes <= PORTFOLIO_NODES || count.outcome != Outcome::GaveUp(GaveUp::NodeLimit) {
                return count;
            }
            let found = found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
            let rest = query.budget.without_nodes();
            let more =
                crate::variant::sat::visit(puzzle, query.limit - found.len() as u64, &rest, &found, visit);
            Count {
                solutions: found.len() as u64 + more.solutions,
                outcome: more.outcome,
                stats: Stats { nodes: count.stats.nodes + more.stats.nodes, updates: more.stats.updates },
            }
        }
        None => portfolio(puzzle, query, visit),
    }
}

/// CaDiCaL's first turn in [`portfolio`].
const FIRST_SAT_TURN: Duration = Duration::from_millis(400);

/// The propagating search and CaDiCaL in turns, each turn of either longer than the one before
/// (the search's nodes times four, CaDiCaL's time times two), each from the start, until one
/// decides: neither is better on every puzzle. On Interactive Sudoku Solver's collection the
/// search finishes sparse little killers and region-sum lines in 28,000 to 200,000 nodes (0.3 to
/// 1.7 s) where CaDiCaL, handed the puzzle after 20,000 nodes, took more than 2 s, and CaDiCaL
/// finishes renban and anti-consecutive puzzles in 0.2 to 0.4 s where the search wanders past
/// 400,000 nodes. Turns of growing length cost at most a small factor over the better of the two
/// run alone. Solutions found in one turn are handed on once: the search's again-found ones are
/// skipped, and CaDiCaL's turns block them.
fn portfolio(puzzle: &Variant, query: &Query, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Count {
    // The solutions handed on, in order (CaDiCaL blocks them) and as a set (a count of every
    // solution hands on many: a look-up, not a scan, tells a search's again-found one).
    let found = Mutex::new((Vec::<Vec<u8>>::new(), std::collections::HashSet::<Vec<u8>>::new()));
    let lock = || found.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let fresh = |digits: Vec<u8>| {
        let mut found = lock();
        if found.1.insert(digits.clone()) {
            found.0.push(digits.clone());
            drop(found);
            visit(digits);
        }
    };
    let (mut nodes, mut turn) = (PORTFOLIO_NODES, FIRST_SAT_TURN);
    let mut stats = Stats::default();
    loop {
        let count = rules(puzzle, query.limit, &query.budget.clone().with_nodes(nodes), &|d| fresh(d));
        stats.nodes += count.stats.nodes;
        let solutions = lock().0.len() as u64;
        if count.outcome != Outcome::GaveUp(GaveUp::NodeLimit) {
            return Count { solutions, outcome: count.outcome, stats };
        }
        let end = Instant::now() + turn;
        let sat_budget = match query.budget.deadline() {
            Some(deadline) if deadline <= end => query.budget.clone(),
            _ => query.budget.clone().with_deadline(end),
        };
        let blocked = lock().0.clone();
        let more = crate::variant::sat::visit(
            puzzle,
            query.limit - blocked.len() as u64,
            &sat_budget,
            &blocked,
            &|d| fresh(d),
        );
        stats.nodes += more.stats.nodes;
        stats.updates += more.stats.updates;
        let solutions = lock().0.len() as u64;
        match more.outcome {
            // CaDiCaL's turn is over, not the caller's budget: the search again, longer.
            Outcome::GaveUp(GaveUp::Deadline) if query.budget.check_clock().is_none() => {}
            outcome => return Count { solutions, outcome, stats },
        }
        nodes = nodes.saturating_mul(4);
        turn = turn.saturating_mul(2);
    }
}

/// The compiled rules of a puzzle for the human solver (`logic`): settles a board's candidate
/// masks by propagation alone, `None` when that finds a contradiction. Built once, used for
/// every trial and every single-constraint step.
pub(crate) struct Settler {
    model: model::Model,
}

impl Settler {
    /// The compiled rules of `puzzle`.
    pub(crate) fn new(puzzle: &Variant) -> Self {
        Settler { model: model::Model::new(puzzle) }
    }

    /// `dom` narrowed by the rules to a fixed point, or `None` on a contradiction.
    pub(crate) fn settle(&self, dom: &[u32]) -> Option<Vec<u32>> {
        let mut search = search::Search::new(&self.model, &Budget::unlimited());
        let mut now = search.root()?;
        for (cell, &mask) in dom.iter().enumerate() {
            if now[cell] & mask != now[cell] {
                search.assume(&mut now, cell, mask).ok()?;
            }
        }
        Some(now)
    }
}
