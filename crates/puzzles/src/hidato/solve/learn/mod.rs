//! The learning member of the portfolio: conflict-driven clause learning (CDCL) over a compact
//! Boolean encoding of the puzzle, solved by CaDiCaL.
//!
//! # Why a SAT solver
//!
//! The depth-first members (domain search, walker) stall on sparse boards with several solutions:
//! an early wrong choice leaves a doomed subtree that they search again and again under different
//! later choices. A CDCL solver learns a clause from each conflict, so a doomed partial path is
//! ruled out once, wherever it recurs. CaDiCaL (Armin Biere's solver, a winner of the SAT
//! competitions, maintained) through the `cadical` crate (safe IPASIR bindings that build the
//! bundled C++ sources with `cc`: no system library, no code generator, some 40 s of build). It
//! is incremental: a call stopped by its conflict limit resumes later with everything it learnt,
//! which is what a member that shares a budget in slices needs, and `count` blocks each solution
//! found and goes on. The pure-Rust CDCL crates (`splr`, `batsat`) would spare the C++ compiler;
//! they were built but not measured on these boards, so the choice rests on CaDiCaL's record and
//! its incremental interface, not on a measured comparison here.
//!
//! # The encoding
//!
//! - **Windows first.** A free cell `c` may hold a missing number `k` only if the breadth-first
//!   distance through free cells from the given below `k` (`a`) is at most `k - a` and to the
//!   given above (`b`) at most `b - k`; on a Numbrix board (a bipartite graph) the distance must
//!   also have the parity of `k - a`. Only these pairs get a variable `x(c, k)`: on janko.at
//!   boards a cell keeps a handful of numbers, on sparse ones tens.
//! - **Exactly one number per free cell, exactly one cell per missing number**: a clause for "at
//!   least one", and for "at most one" the ladder (sequential counter: `s_i` = "one of the first
//!   `i` is true", three binary clauses a literal), linear in the set where pairwise would be
//!   quadratic; up to five literals pairwise.
//! - **The chain**: `x(c, k)` implies that a neighbour of `c` holds `k - 1` and one holds `k + 1`.
//!   Unit propagation over these is arc consistency along the path.
//! - **Edges**: `e(c, d)` for touching cells, "d holds the number after c's". Each cell has one
//!   edge out (unless it holds N) and one in (unless it holds 1), an edge excludes its reverse,
//!   and `x(c, k) ∧ e(c, d) → x(d, k + 1)`, `x(c, k) ∧ x(d, k + 1) → e(c, d)`. The numbers make the
//!   edges one path; the edges give the solver the board's shape: a clause learnt about edges
//!   holds for every number, where one about `x` holds for one number only (on the boards that
//!   stalled the search, edges more than halved the longest solve: docs/performance.md).
//!
//! The encoding's size grows with the sum of the window sizes times eight; boards whose windows
//! hold more than [`encode::MAX_PAIRS`] pairs (big sparse boards, where the walker answers) get no learner.

mod encode;

use tessera_xc::{Budget, GaveUp};

use crate::common::budget::SatClock as Clock;

use crate::hidato::Hidato;

/// The largest board (cells) for which a learner is built.
pub(super) const MAX_CELLS: usize = 64 * 64;

/// What a slice of the learner ended with.
pub(super) enum Learned {
    /// A solution, as the cell of each number 1..=N; it is blocked, so the next slice looks for
    /// another.
    Path(Vec<u32>),
    /// No (more) solution: the solutions blocked so far are all of them.
    Exhausted,
    /// The slice's conflicts ran out.
    Cut,
}

/// The CaDiCaL instance with the puzzle encoded, between slices.
pub(super) struct Learner {
    /// The solver; `None` only once dropped (it is handed to [`release`]).
    solver: Option<cadical::Solver<Clock>>,
    /// The variable of each (free cell, missing number) pair, by `encode::Pairs`.
    pairs: encode::Pairs,
    /// The puzzle's cells in board order: the number of each given cell, 0 for a free one.
    values: Vec<i32>,
    n: usize,
    /// Conflicts spent so far (over every slice).
    pub(super) conflicts: u64,
    /// Proven without a solution at the root (an empty window, a clause set refuted at once).
    empty: bool,
}

impl Drop for Learner {
    fn drop(&mut self) {
        if let Some(solver) = self.solver.take() {
            release(solver);
        }
    }
}

/// Clauses above which a solver is freed on a thread of its own: freeing a big clause database
/// takes a good part of a second's budget, which the caller would otherwise wait for after
/// its deadline.
const FREE_APART: usize = 50_000;

/// Frees `solver`, on a thread of its own when it is big (inline if no thread can be made).
fn release(solver: cadical::Solver<Clock>) {
    if solver.num_clauses() > FREE_APART {
        let mut held = Some(solver);
        let _ = std::thread::Builder::new().name("tessera-free".into()).spawn({
            let solver = held.take();
            move || drop(solver)
        });
        drop(held);
    }
}

/// The learner's own deadline, a fifth of the time left (at most [`MARGIN`]) before the
/// budget's: CaDiCaL reads its terminate callback between steps that can take a good part of
/// a second on a board near [`encode::MAX_PAIRS`] pairs, and its instance takes time to free.
fn early(budget: &Budget) -> Budget {
    let budget = budget.without_nodes();
    match budget.deadline() {
        Some(deadline) => {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let margin = (left / 5).min(MARGIN);
            budget.with_deadline(deadline - margin)
        }
        None => budget,
    }
}

/// The most the learner stops before the budget's deadline.
const MARGIN: std::time::Duration = std::time::Duration::from_millis(150);

impl Learner {
    /// The puzzle encoded, or `Ok(None)` when the board is too big for it ([`MAX_CELLS`],
    /// [`encode::MAX_PAIRS`]); the clock of `budget` is read while encoding.
    pub(super) fn new(puzzle: &Hidato, budget: &Budget) -> Result<Option<Self>, GaveUp> {
        if puzzle.size() > MAX_CELLS {
            return Ok(None);
        }
        let mut solver: cadical::Solver<Clock> = cadical::Solver::new();
        let encoded = match encode::encode(puzzle, &mut solver, budget) {
            Ok(Some(encoded)) => encoded,
            other => {
                release(solver);
                return other.map(|_| None);
            }
        };
        let empty = encoded.empty;
        solver.set_callbacks(Some(Clock { budget: early(budget), stopped: None }));
        Ok(Some(Learner {
            solver: Some(solver),
            pairs: encoded.pairs,
            values: puzzle.cells().to_vec(),
            n: puzzle.size(),
            conflicts: 0,
            empty,
        }))
    }

    /// The solver (always there until the learner is dropped).
    fn sat(&mut self) -> &mut cadical::Solver<Clock> {
        self.solver.as_mut().expect("the solver lives as long as the learner")
    }

    /// Runs the solver for at most `conflicts` more conflicts.
    pub(super) fn run(&mut self, conflicts: u64) -> Result<Learned, GaveUp> {
        if self.empty {
            return Ok(Learned::Exhausted);
        }
        let limit = i32::try_from(conflicts.max(1)).unwrap_or(i32::MAX);
        self.sat().set_limit("conflicts", limit).expect("CaDiCaL knows the conflicts limit");
        let answer = self.sat().solve();
        // The binding does not report the conflicts spent: a slice is charged its limit.
        self.conflicts = self.conflicts.saturating_add(limit as u64);
        match answer {
            Some(true) => {
                let path = self.path();
                self.block(&path);
                Ok(Learned::Path(path))
            }
            Some(false) => {
                self.empty = true;
                Ok(Learned::Exhausted)
            }
            None => match self.sat().get_callbacks().and_then(|clock| clock.stopped) {
                Some(reason) => Err(reason),
                None => Ok(Learned::Cut),
            },
        }
    }

    /// The model as a path: the cell of each number.
    fn path(&self) -> Vec<u32> {
        let mut path = vec![u32::MAX; self.n];
        for (cell, &v) in self.values.iter().enumerate() {
            if v > 0 {
                path[v as usize - 1] = cell as u32;
            } else if v == 0 {
                let k = self
                    .pairs
                    .numbers(cell)
                    .find(|&(_, var)| self.solver.as_ref().and_then(|sat| sat.value(var)) == Some(true))
                    .map(|(k, _)| k)
                    .expect("every free cell holds a number in a model");
                path[k - 1] = cell as u32;
            }
        }
        path
    }

    /// Rules out the solution `path` (found by this or another member), so that the learner
    /// looks for the others.
    pub(super) fn block(&mut self, path: &[u32]) {
        let clause: Vec<i32> = path
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| self.values[cell as usize] == 0)
            .map(|(i, &cell)| -self.pairs.var(cell as usize, i + 1).expect("a solution keeps to the windows"))
            .collect();
        if clause.is_empty() {
            // Every cell given: the only solution is the board itself.
            self.empty = true;
        } else {
            self.sat().add_clause(clause);
        }
    }
}
