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
//! or renban puzzles), it hands over to CaDiCaL, which learns clauses from its conflicts, with the
//! solutions found so far blocked so that none is reported twice.

pub(crate) mod model;
pub(crate) mod props;
pub(crate) mod search;
pub(crate) mod sums;

use std::sync::Mutex;

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

/// Plain Sudoku to the Sudoku solvers; else the search for [`PORTFOLIO_NODES`], then CaDiCaL.
fn auto(puzzle: &Variant, query: &Query, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Count {
    if let Some(count) = crate::variant::plain::visit(puzzle, query, visit) {
        return count;
    }
    let first = query.budget.clone().with_nodes(match query.budget.nodes() {
        Some(nodes) => nodes.min(PORTFOLIO_NODES),
        None => PORTFOLIO_NODES,
    });
    let found = Mutex::new(Vec::new());
    let count = rules(puzzle, query.limit, &first, &|digits| {
        found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(digits.clone());
        visit(digits);
    });
    let own_limit = query.budget.nodes().is_some_and(|nodes| nodes <= PORTFOLIO_NODES);
    match count.outcome {
        Outcome::GaveUp(GaveUp::NodeLimit) if !own_limit => {
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
        _ => count,
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
