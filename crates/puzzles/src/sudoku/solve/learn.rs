//! The learning engine: conflict-driven clause learning (CDCL) over the Sudoku's Boolean
//! encoding, solved by CaDiCaL (the crate and binding the Hidato learner uses; see
//! `hidato::solve::learn` for why CaDiCaL).
//!
//! # Why a SAT solver for big grids
//!
//! The backtracking search propagates singles and locked candidates, which on 16x16 and 25x25
//! puzzles that need fish, wings or subsets is not enough: a wrong guess near the root often
//! leaves a contradiction that shows only many levels down, and the search refutes the same
//! doomed pattern again and again under unrelated later guesses (millions of guesses on some
//! generated 25x25 expert puzzles). A CDCL solver learns a clause from each conflict, so such a
//! pattern is refuted once, and its restarts and activity-based branching leave a bad early
//! choice quickly (figures in docs/performance.md, "Big grids").
//!
//! # The encoding
//!
//! The root is first propagated by the backtracking search's own rules ([`Tables::propagate`]);
//! only the cells it leaves open get variables, one per candidate left (`x(c, d)`: cell `c`
//! holds `d`), which removes most of the encoding of a puzzle with many givens.
//!
//! - **Cell**: at least one of its candidates, and at most one (pairwise: at most 25 literals,
//!   so at most 300 binary clauses, and binary clauses are what CaDiCaL propagates fastest).
//! - **House and digit** (the "extended" encoding): for every house and every digit not placed
//!   in it, at least one of the open cells that can hold it, and at most one of them, pairwise.
//!   A pair of cells in two houses at once (a row and a box) gets its clause once, from the
//!   first of them. With both directions, unit propagation does naked and hidden singles.
//!
//! # Counting
//!
//! A model is a solution; it is then blocked (a clause saying "not all of these open cells
//! again") and the solver is called again, keeping what it learnt. "Unsatisfiable" ends the
//! count: the solutions blocked so far (some may come from the backtracking search, handed over
//! by [`Learner::block`]) are all of them.
//!
//! # Budget
//!
//! The deadline and the cancel flag are read by CaDiCaL's terminate callback. A node limit is a
//! limit on conflicts, set per call (CaDiCaL forgets it after each call); the binding does not
//! report the conflicts spent, so a call is charged the limit it was given when it ends without
//! an answer, and one when it answers (so that a node limit also bounds how many solutions are
//! listed; the counter is otherwise a lower bound).

use tessera_xc::{Budget, GaveUp};

use crate::common::budget::SatClock as Clock;

use super::propagate::{Tables, SOLVED};
use crate::sudoku::Sudoku;

/// What one call of the learner ended with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Learned {
    /// A solution, as digits (it is now blocked).
    Solution(Vec<u8>),
    /// No more solutions than those blocked.
    Exhausted,
}

/// The CaDiCaL instance with one puzzle encoded.
pub(super) struct Learner {
    solver: cadical::Solver<Clock>,
    /// The propagated root: one mask per cell, [`SOLVED`] set on the cells placed there.
    root: Vec<u32>,
    /// The variable of candidate `d` (bit `d - 1`) of open cell `c` is `first[c] + (rank of
    /// bit d among the cell's root candidates)`; 0 for a cell placed at the root.
    first: Vec<i32>,
    full: u32,
    /// Proven without (further) solutions.
    exhausted: bool,
    /// Conflicts charged so far (see the module header).
    pub(super) conflicts: u64,
}

impl std::fmt::Debug for Learner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Learner")
            .field("cells", &self.root.len())
            .field("conflicts", &self.conflicts)
            .finish()
    }
}

impl Learner {
    /// `puzzle` encoded (see the module header); the clock of `budget` stops the solver.
    pub(super) fn new(tables: &Tables, puzzle: &Sudoku, budget: &Budget) -> Self {
        let cells = tables.layout.cells();
        let mut root = vec![tables.full; cells];
        let mut queue = Vec::with_capacity(cells);
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                root[cell] = 1 << (digit - 1);
                queue.push(cell as u16);
            }
        }
        let consistent = tables.propagate(&mut root, &mut queue);
        let mut first = vec![0i32; cells];
        let mut next = 1i32;
        for (cell, &mask) in root.iter().enumerate() {
            if consistent && mask & SOLVED == 0 {
                first[cell] = next;
                next += mask.count_ones() as i32;
            }
        }
        let solver = cadical::Solver::new();
        let mut learner =
            Learner { solver, root, first, full: tables.full, exhausted: !consistent, conflicts: 0 };
        if consistent {
            learner.encode(tables);
        }
        learner.solver.set_callbacks(Some(Clock { budget: budget.without_nodes(), stopped: None }));
        learner
    }

    /// The variable of digit bit `bit` in open cell `cell`, if it is one of its root candidates.
    fn var(&self, cell: usize, bit: u32) -> Option<i32> {
        let mask = self.root[cell];
        if mask & SOLVED != 0 || mask & bit == 0 {
            return None;
        }
        Some(self.first[cell] + (mask & (bit - 1)).count_ones() as i32)
    }

    /// The clauses of the module header.
    fn encode(&mut self, tables: &Tables) {
        let layout = &tables.layout;
        let mut lits = Vec::with_capacity(32);
        for cell in 0..layout.cells() {
            let mask = self.root[cell];
            if mask & SOLVED != 0 {
                continue;
            }
            lits.clear();
            lits.extend((0..mask.count_ones() as i32).map(|k| self.first[cell] + k));
            self.exactly_one(&lits, |_, _| true);
        }
        let houses = layout.houses();
        let mut cells = Vec::with_capacity(32);
        for (house, members) in houses.iter().enumerate() {
            let placed = members.iter().fold(0, |acc, &c| {
                let m = self.root[c as usize];
                if m & SOLVED != 0 {
                    acc | m
                } else {
                    acc
                }
            });
            let mut open = self.full & !placed;
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                cells.clear();
                lits.clear();
                for &c in members {
                    if let Some(var) = self.var(c as usize, bit) {
                        cells.push(c);
                        lits.push(var);
                    }
                }
                // Two cells get their binary clause from the first house they share.
                let first_shared = |i: usize, j: usize| {
                    let (a, b) =
                        (layout.cell_houses(cells[i] as usize), layout.cell_houses(cells[j] as usize));
                    a.iter().filter(|h| b.contains(h)).min().is_some_and(|&h| h as usize == house)
                };
                self.exactly_one(&lits, first_shared);
            }
        }
    }

    /// At least one of `lits`, and pairwise at most one for the pairs `(i, j)` that `pair`
    /// accepts.
    fn exactly_one(&mut self, lits: &[i32], pair: impl Fn(usize, usize) -> bool) {
        self.solver.add_clause(lits.iter().copied());
        for i in 0..lits.len() {
            for j in i + 1..lits.len() {
                if pair(i, j) {
                    self.solver.add_clause([-lits[i], -lits[j]]);
                }
            }
        }
    }

    /// Looks for a solution not blocked yet, within `conflicts` conflicts (`None`: no limit
    /// but the clock). `Err(GaveUp::NodeLimit)` when the conflicts ran out, the clock's reason
    /// when it stopped the solver.
    pub(super) fn next(&mut self, conflicts: Option<u64>) -> Result<Learned, GaveUp> {
        if self.exhausted {
            return Ok(Learned::Exhausted);
        }
        if self.first.iter().all(|&v| v == 0) {
            // Propagation placed every cell: the root is the only solution.
            self.exhausted = true;
            return Ok(Learned::Solution(self.root.iter().map(|&m| digit(m & self.full)).collect()));
        }
        if let Some(limit) = conflicts {
            if limit == 0 {
                return Err(GaveUp::NodeLimit);
            }
            let limit = i32::try_from(limit).unwrap_or(i32::MAX);
            self.solver.set_limit("conflicts", limit).expect("CaDiCaL knows the conflicts limit");
        }
        let answer = self.solver.solve();
        if answer.is_some() {
            self.conflicts += 1;
        }
        match answer {
            Some(true) => {
                let digits = self.model();
                self.block(&digits);
                Ok(Learned::Solution(digits))
            }
            Some(false) => {
                self.exhausted = true;
                Ok(Learned::Exhausted)
            }
            None => {
                if let Some(limit) = conflicts {
                    self.conflicts = self.conflicts.saturating_add(limit);
                }
                Err(self.solver.get_callbacks().and_then(|clock| clock.stopped).unwrap_or(GaveUp::NodeLimit))
            }
        }
    }

    /// The model as digits.
    fn model(&self) -> Vec<u8> {
        (0..self.root.len())
            .map(|cell| {
                let mask = self.root[cell];
                if mask & SOLVED != 0 {
                    return digit(mask & self.full);
                }
                let mut rest = mask & self.full;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest ^= bit;
                    let var = self.var(cell, bit).expect("a root candidate has a variable");
                    if self.solver.value(var) == Some(true) {
                        return digit(bit);
                    }
                }
                unreachable!("every open cell holds a digit in a model")
            })
            .collect()
    }

    /// Rules out the solution `digits` (found by this or another search), so that the next call
    /// looks for the others. A grid that is not a solution of the encoded puzzle is ignored.
    pub(super) fn block(&mut self, digits: &[u8]) {
        if self.exhausted {
            return;
        }
        let clause: Option<Vec<i32>> = (0..self.root.len())
            .filter(|&cell| self.root[cell] & SOLVED == 0)
            .map(|cell| self.var(cell, 1 << (digits[cell] - 1)).map(|var| -var))
            .collect();
        match clause {
            Some(clause) if clause.is_empty() => self.exhausted = true,
            Some(clause) => self.solver.add_clause(clause),
            None => {}
        }
    }
}

/// The digit of a one-bit mask.
fn digit(bit: u32) -> u8 {
    (bit.trailing_zeros() + 1) as u8
}
