//! Solving and counting for every layout, and the choice of solver.
//!
//! # The general solver
//!
//! One solver for every [`Layout`]: sizes 4 to 25, boxes or jigsaw regions, with or without the
//! diagonals. It is the classic cell-bitmask design (Norvig's constraint propagation, as in the
//! cell-oriented bit solvers jsolve and fsss): propagation to a fixed point, then a guess on the
//! cell with the fewest candidates (MRV), backtracking on a contradiction.
//!
//! ## Data layout
//!
//! The whole search state is one `u32` per cell: bit `d - 1` set while digit `d` is still a
//! candidate, and bit 31 ([`SOLVED`]) once the cell is placed and its digit removed from its peers.
//! Sizes stop at 25, so the digits always fit.
//!
//! ```text
//!   cand:   [ c0 | c1 | c2 | ... | c(n²-1) ]        one u32 per cell, the only mutable state
//!   trail:  [ cand copy ][ cand copy ] ...          a copy per guess on the current path
//!   guesses:[ (cell, digit bit) ] ...               the guess each copy was taken before
//! ```
//!
//! Rows, columns, regions and diagonals are all just houses (lists of cells from the layout), so
//! jigsaw and X need no special case.
//!
//! ## Propagation, in this order until nothing changes
//!
//! 1. **Naked singles**: a cell left with one candidate is placed and its digit removed from its
//!    peers (a work list of cells, so each placement costs one pass over its peers).
//! 2. **Hidden singles**: per house, "seen once" and "seen twice" masks over the unplaced cells; a
//!    digit seen once goes to its cell, placed at once so that the next houses see it. A digit
//!    neither placed nor seen is a contradiction.
//! 3. **Locked candidates**, only when singles are stuck: for every pair of houses sharing two
//!    cells or more (box and line, jigsaw region and line, box and diagonal), a digit that one
//!    house holds only in the shared cells leaves the rest of the other. On hard 9x9 puzzles it
//!    more than halves the guesses and saves time (figures in docs/performance.md); it costs one
//!    pass over cell lists precomputed per layout (and cached per thread).
//!
//! A cell whose candidates run out, or a house that loses a digit, is a contradiction.
//!
//! ## Search
//!
//! Iterative, with an explicit stack, so that a 25x25 grid (up to 625 levels) cannot overflow the
//! call stack. The branching is binary, as in DPLL and tdoku: guess digit `d` in the MRV cell after
//! copying the state onto the trail; on a contradiction, restore the copy, remove `d` from that
//! cell and propagate again, which may then choose a different cell. A copy of the state is cheaper
//! than an undo log here: 324 bytes for 9x9, 2.5 KB for 25x25, and no bookkeeping on the hot path.
//! The trail holds at most one copy per level, so at most about 1.5 MB for 25x25.
//!
//! `nodes` in the statistics, and the node limit of a [`Budget`], count guesses (tdoku's
//! "guesses/puzzle"): a puzzle solved by propagation alone costs 0 nodes. The deadline and the
//! cancel flag are looked at every so many guesses (`common::budget::check_every`).
//!
//! ## Random order
//!
//! [`solve_with_seed`] guesses a random candidate of the MRV cell, drawn from a [`Pcg64Mcg`] seeded
//! with the seed, so the same seed gives the same grid. On empty grids a random descent now and
//! then walks into a hopeless subtree (search times are heavy-tailed on 16x16 and 25x25), so the
//! seeded search restarts from the givens after as many guesses as the grid has cells, and again
//! after twice as many, and so on: still complete, since the cutoff grows without bound, and at
//! most a factor of two slower when the search needed no restart; it cuts the heavy tail of the
//! slowest grids (figures in docs/performance.md).
//!
//! # The other engines
//!
//! [`Engine::Auto`] and [`Engine::Fast`] hand classic 9x9 grids to the dedicated bitboard solver
//! ([`solve_9x9`], [`count_9x9`], whose node count is its guesses too). On every other layout
//! [`Engine::Auto`] runs the portfolio (`portfolio`): this general solver until it stalls (a
//! few thousand guesses without a solution), then the learning engine (`learn`: CaDiCaL over
//! the Boolean encoding), which [`Engine::Learn`] runs alone. [`Engine::General`] is this
//! solver alone, with no hand-over. [`Engine::ExactCover`] goes through [`ExactCover`] and
//! `tessera-xc`: slower, independent, and the cross-check for the others.

mod learn;
mod portfolio;
mod propagate;
mod search;

use std::sync::Arc;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use portfolio::Members;
use propagate::Tables;
#[cfg(doc)]
use propagate::SOLVED;
use search::Search;

use crate::sudoku::{count_9x9, solve_9x9, ExactCover, Layout, Query, Sudoku};
use crate::Solutions;

crate::common::engines! {
    /// Which solver to use. All give the same answers.
    pub enum Engine {
        /// The dedicated 9x9 solver for classic 9x9 grids; otherwise the general solver, handing
        /// over to the learning engine when it stalls.
        Auto => "auto",
        /// The dedicated bitboard solver (classic 9x9 only; others fall back to `General`).
        Fast => "fast",
        /// Constraint propagation and backtracking over candidate masks, any layout.
        General => "general",
        /// The exact-cover reduction through `tessera-xc`, any layout.
        ExactCover => "xc",
        /// Conflict-driven clause learning (CaDiCaL) over the Boolean encoding, any layout.
        Learn => "sat",
    }
}

/// The first solution, `None` if there is none (givens that clash included), or why the search
/// gave up. With `query.seed`, the general solver in that seed's random order (see
/// [`solve_with_seed`]), whatever the engine.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{solve, Engine, Layout, Query, Sudoku};
/// let layout = Arc::new(Layout::classic(4)?);
/// let puzzle = Sudoku::from_digits(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2])?;
/// let solution = solve(&puzzle, &Query::default().with_engine(Engine::General)).unwrap().unwrap();
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn solve(puzzle: &Sudoku, query: &Query) -> Result<Option<Sudoku>, GaveUp> {
    if let Some(seed) = query.seed {
        return solve_with_seed(puzzle, seed, &query.budget);
    }
    match resolve(puzzle, query.engine) {
        Engine::Fast => {
            Ok(solve_9x9(&classic_cells(puzzle), &query.budget)?.map(|digits| with_digits(puzzle, &digits)))
        }
        Engine::ExactCover => crate::Reduction::solve(&ExactCover::new(puzzle), &query.cover()),
        Engine::General => first_general(puzzle, &query.budget, None),
        engine => {
            let mut found = None;
            let count =
                general(puzzle, &query.clone().with_limit(1), engine, &mut |digits| found = Some(digits));
            match count.outcome {
                Outcome::GaveUp(reason) => Err(reason),
                _ => Ok(found.map(|digits| with_digits(puzzle, &digits))),
            }
        }
    }
}

/// Counts solutions up to `query.limit`: [`Outcome::LimitReached`] when the limit was reached
/// (there may be more), [`Outcome::Exhausted`] when the count is exact, [`Outcome::GaveUp`] when
/// the budget ran out (the count is then a lower bound). The statistics are the engine's own:
/// guesses for the general solver and the 9x9 solver, Knuth's nodes and updates for the exact
/// cover.
pub fn count(puzzle: &Sudoku, query: &Query) -> Count {
    if query.limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    match resolve(puzzle, query.engine) {
        Engine::Fast => count_9x9(&classic_cells(puzzle), query.limit, &query.budget),
        Engine::ExactCover => crate::Reduction::count(&ExactCover::new(puzzle), &query.cover()),
        engine => general(puzzle, query, engine, &mut |_| {}),
    }
}

/// Up to `query.limit` solutions, in the engine's order, and how the search ended. The dedicated
/// 9x9 solver only solves and counts: [`Engine::Fast`] lists with the general solver.
pub fn solutions(puzzle: &Sudoku, query: &Query) -> Solutions<Sudoku> {
    match resolve(puzzle, query.engine) {
        Engine::ExactCover => crate::Reduction::solutions(&ExactCover::new(puzzle), &query.cover()),
        engine => {
            let mut found = Vec::new();
            let count =
                general(puzzle, query, engine, &mut |digits| found.push(with_digits(puzzle, &digits)));
            Solutions::new(found, count)
        }
    }
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, in the engine's order, and
/// says how the search ended. The dedicated 9x9 solver only solves and counts: [`Engine::Fast`]
/// lists with the general solver.
pub fn visit(puzzle: &Sudoku, query: &Query, visit: &(dyn Fn(Sudoku) + Sync)) -> Count {
    match resolve(puzzle, query.engine) {
        Engine::ExactCover => crate::Reduction::visit(&ExactCover::new(puzzle), &query.cover(), visit),
        engine => general(puzzle, query, engine, &mut |digits| visit(with_digits(puzzle, &digits))),
    }
}

/// The general solver (`Engine::General`), the portfolio (`Engine::Auto`) or the learner alone
/// (`Engine::Learn`): up to `query.limit` solutions, each given to `visit` as digits.
fn general(puzzle: &Sudoku, query: &Query, engine: Engine, visit: &mut dyn FnMut(Vec<u8>)) -> Count {
    let tables = Tables::for_layout(puzzle.layout_arc());
    let members = match engine {
        Engine::General => None,
        Engine::Learn => Some(Members::LearnerOnly),
        _ => Some(Members::Both),
    };
    if let Some(members) = members {
        return portfolio::count(&tables, puzzle, query.limit, &query.budget, members, visit);
    }
    let mut search = Search::new(&tables, &query.budget, None);
    let mut solutions = 0;
    let outcome = search.run(puzzle, query.limit, &mut |cand| {
        solutions += 1;
        visit(tables.digits(cand));
    });
    Count { solutions, outcome, stats: Stats { nodes: search.nodes, updates: 0 } }
}

/// What a bounded test of uniqueness found (see [`still_unique`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Uniqueness {
    /// `solution` is the only one.
    Unique,
    /// There is another solution.
    Several,
    /// A search needed more than its cap of guesses: not known.
    Unknown,
}

/// Whether `puzzle`, made from a puzzle whose only solution is `solution` by emptying the
/// cells `emptied`, still has only that solution. For each emptied cell in turn, one search
/// for a solution in which that cell avoids its digit while the emptied cells before it keep
/// theirs: the searches are disjoint and together cover every other solution, and each looks
/// for one solution instead of counting to two (which would find `solution` again). Each may
/// take `cap` guesses besides the budget's own node limit; [`Uniqueness::Unknown`] when one
/// needs more. `Err` only when the budget (its clock, or its node limit) runs out.
pub(crate) fn still_unique(
    puzzle: &Sudoku,
    solution: &Sudoku,
    emptied: &[usize],
    budget: &Budget,
    cap: u64,
) -> Result<Uniqueness, GaveUp> {
    let tables = Tables::for_layout(puzzle.layout_arc());
    let mut fixed = puzzle.clone();
    for &cell in emptied {
        let digit = solution.get(cell);
        let mut search = Search::new(&tables, budget, None).with_cap(cap);
        let mut found = false;
        match search.run_without(&fixed, Some((cell, 1 << (digit - 1))), 1, &mut |_| found = true) {
            Outcome::GaveUp(GaveUp::NodeLimit) if budget.nodes().is_none_or(|n| search.nodes < n) => {
                return Ok(Uniqueness::Unknown)
            }
            Outcome::GaveUp(reason) => return Err(reason),
            _ if found => return Ok(Uniqueness::Several),
            _ => {}
        }
        fixed.set(cell, digit);
    }
    Ok(Uniqueness::Unique)
}

/// A solution found with a random branching order drawn from `seed` (reproducible): on an empty
/// grid, a random complete grid. Runs the general solver, except on the empty classic 9x9, which
/// takes a faster route to a random grid (`random_classic_grid`). The same as [`solve`] with
/// `Query::default().with_seed(seed).with_budget(budget)`.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{solve_with_seed, Budget, Layout, Sudoku};
/// let empty = Sudoku::empty(Arc::new(Layout::classic(16).unwrap()));
/// let grid = solve_with_seed(&empty, 7, &Budget::unlimited()).unwrap().unwrap();
/// assert!(grid.is_solved());
/// assert_eq!(solve_with_seed(&empty, 7, &Budget::unlimited()), Ok(Some(grid)));
/// ```
pub fn solve_with_seed(puzzle: &Sudoku, seed: u64, budget: &Budget) -> Result<Option<Sudoku>, GaveUp> {
    if puzzle.layout().is_classic_9x9() && puzzle.clues() == 0 {
        return Ok(Some(random_classic_grid(puzzle.layout_arc(), seed)));
    }
    first_general(puzzle, budget, Some(Pcg64Mcg::seed_from_u64(seed)))
}

/// A random complete classic 9x9 grid, the generator's fast route: the three diagonal boxes
/// filled with random permutations (they share no house, and any such filling completes),
/// finished by the fast solver, then rows shuffled within bands, bands shuffled, and the same
/// for columns. Much cheaper than the seeded general solver (figures in docs/performance.md).
fn random_classic_grid(layout: &Arc<Layout>, seed: u64) -> Sudoku {
    use rand::seq::SliceRandom;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut cells = [0u8; 81];
    for b in [0, 4, 8] {
        let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(&mut rng);
        for (k, &digit) in digits.iter().enumerate() {
            cells[(b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3] = digit;
        }
    }
    let filled =
        solve_9x9(&cells, &Budget::unlimited()).ok().flatten().expect("three diagonal boxes always complete");
    let mut line_order = || {
        let mut bands = [0usize, 1, 2];
        bands.shuffle(&mut rng);
        let mut order = Vec::with_capacity(9);
        for band in bands {
            let mut lines = [0usize, 1, 2];
            lines.shuffle(&mut rng);
            order.extend(lines.iter().map(|line| band * 3 + line));
        }
        order
    };
    let (rows, cols) = (line_order(), line_order());
    let digits = (0..81).map(|cell| filled[rows[cell / 9] * 9 + cols[cell % 9]]).collect();
    Sudoku::from_digits(layout.clone(), digits).expect("a permuted grid of digits 1-9")
}

/// The general solver's first solution, in digit order or in a random order.
fn first_general(puzzle: &Sudoku, budget: &Budget, rng: Option<Pcg64Mcg>) -> Result<Option<Sudoku>, GaveUp> {
    let tables = Tables::for_layout(puzzle.layout_arc());
    let mut search = Search::new(&tables, budget, rng);
    let mut found = None;
    match search.run(puzzle, 1, &mut |cand| found = Some(tables.digits(cand))) {
        Outcome::GaveUp(reason) => Err(reason),
        _ => Ok(found.map(|digits| with_digits(puzzle, &digits))),
    }
}

/// The engine that actually runs: `Fast` only for classic 9x9 (`Fast` is `General` otherwise,
/// and `Auto` the portfolio).
fn resolve(puzzle: &Sudoku, engine: Engine) -> Engine {
    match engine {
        Engine::Auto | Engine::Fast if puzzle.layout().is_classic_9x9() => Engine::Fast,
        Engine::Fast => Engine::General,
        other => other,
    }
}

fn classic_cells(puzzle: &Sudoku) -> [u8; 81] {
    puzzle.cells().try_into().expect("a classic 9x9 grid has 81 cells")
}

fn with_digits(puzzle: &Sudoku, digits: &[u8]) -> Sudoku {
    Sudoku::from_digits(puzzle.layout_arc().clone(), digits.to_vec())
        .expect("the solver keeps digits in range")
}
