//! The Boolean encoding of a [`Variant`] under CaDiCaL: the independent route that cross-checks
//! the propagating search, and `auto`'s learner once that search stalls.
//!
//! # Encoding
//!
//! ```text
//!   x(c, d) = c * N + d          cell c holds digit d (direct encoding, d in 1..=N)
//!   cell      exactly one d            (one at-least-one clause, pairwise at-most-one)
//!   house     each digit exactly once in a row, a column, a full region; at most once in a
//!             smaller region
//!   givens    unit clauses
//!   pairs     !x(a, x) | !x(b, y) per forbidden pair (the grid-wide pairwise kinds)
//!   tables    one selector s per accepted filling of a constraint's scope: s -> x(c, d) for its
//!             cells, at least one selector, and x(c, d) -> the selectors giving c the digit d
//! ```
//!
//! The pairs and tables are the checkers' view ([`parts`]): each constraint kind is asked, through
//! its own `rules::check`, which fillings it accepts, so nothing here reads a propagator. A table
//! with more than [`MAX_TABLE`] fillings (a sandwich row of a 9x9 has up to 9! orders) is checked
//! lazily instead: on each model the checker runs, and a broken constraint adds the clause that
//! forbids its scope's digits (counter-example guided, sound because the checker reads only that
//! scope). Every model is checked against every constraint in the same way before it is
//! reported, so a solution is never wrong even if a table were.
//!
//! Counting blocks each solution found (a clause over all cells); the solutions of `exclude`
//! are blocked first and never counted. A node limit is a limit on conflicts per call (CaDiCaL
//! forgets it after each call and the binding does not report conflicts spent, so a call is
//! charged its limit when it ends without an answer and one when it answers); the deadline and
//! the cancel flag are read by the terminate callback and between clauses while building.

pub(crate) mod parts;

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::SatClock;
use crate::variant::model::Variant;
use crate::variant::rules;

/// The most fillings a constraint's table is built with before it is checked lazily.
pub const MAX_TABLE: usize = 50_000;

struct Encoder {
    solver: cadical::Solver<SatClock>,
    n: usize,
    next: i32,
}

impl Encoder {
    fn x(&self, cell: usize, d: u8) -> i32 {
        (cell * self.n + d as usize) as i32
    }

    fn exactly_one(&mut self, lits: &[i32], at_least: bool) {
        if at_least {
            self.solver.add_clause(lits.iter().copied());
        }
        for i in 0..lits.len() {
            for j in i + 1..lits.len() {
                self.solver.add_clause([-lits[i], -lits[j]]);
            }
        }
    }

    fn block(&mut self, cells: &[usize], digits: &[u8]) {
        let clause: Vec<i32> = cells.iter().map(|&c| -self.x(c, digits[c])).collect();
        self.solver.add_clause(clause);
    }
}

/// Hands each solution (digits row by row) to `visit`, up to `limit`, never one of `exclude`.
pub(crate) fn visit(
    puzzle: &Variant,
    limit: u64,
    budget: &Budget,
    exclude: &[Vec<u8>],
    visit: &(dyn Fn(Vec<u8>) + Sync),
) -> Count {
    let mut stats = Stats::default();
    let gave_up = |reason, stats| Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
    if let Some(reason) = budget.check_clock() {
        return gave_up(reason, stats);
    }
    let parts = match parts::parts(puzzle, MAX_TABLE, budget) {
        Ok(parts) => parts,
        Err(reason) => return gave_up(reason, stats),
    };
    let n = puzzle.size;
    let cells = n * n;
    let mut e = Encoder { solver: cadical::Solver::new(), n, next: (cells * n) as i32 + 1 };
    for cell in 0..cells {
        let lits: Vec<i32> = (1..=n as u8).map(|d| e.x(cell, d)).collect();
        e.exactly_one(&lits, true);
        if puzzle.givens[cell] != 0 {
            let lit = e.x(cell, puzzle.givens[cell]);
            e.solver.add_clause([lit]);
        }
    }
    let mut houses: Vec<(Vec<usize>, bool)> = Vec::new();
    for i in 0..n {
        houses.push(((0..n).map(|c| i * n + c).collect(), true));
        houses.push(((0..n).map(|r| r * n + i).collect(), true));
    }
    let mut regions = std::collections::BTreeMap::<u16, Vec<usize>>::new();
    for (cell, region) in puzzle.regions.iter().enumerate() {
        if let Some(region) = region {
            regions.entry(*region).or_default().push(cell);
        }
    }
    houses.extend(regions.into_values().map(|cells| {
        let full = cells.len() == n;
        (cells, full)
    }));
    for (house, full) in &houses {
        for d in 1..=n as u8 {
            let lits: Vec<i32> = house.iter().map(|&c| e.x(c, d)).collect();
            e.exactly_one(&lits, *full);
        }
    }
    for &(a, x, b, y) in &parts.pairs {
        let clause = [-e.x(a, x), -e.x(b, y)];
        e.solver.add_clause(clause);
    }
    for (t, table) in parts.tables.iter().enumerate() {
        if t % 16 == 0 {
            if let Some(reason) = budget.check_clock() {
                return gave_up(reason, stats);
            }
        }
        let len = table.scope.len();
        let first = e.next;
        let count = table.fillings.len() / len.max(1);
        e.next += count as i32;
        e.solver.add_clause(first..first + count as i32);
        let mut support = vec![Vec::new(); len * n];
        for (f, filling) in table.fillings.chunks(len).enumerate() {
            let s = first + f as i32;
            for (i, (&cell, &d)) in table.scope.iter().zip(filling).enumerate() {
                let lit = e.x(cell, d);
                e.solver.add_clause([-s, lit]);
                support[i * n + d as usize - 1].push(s);
            }
        }
        for (i, &cell) in table.scope.iter().enumerate() {
            for d in 1..=n as u8 {
                let mut clause = support[i * n + d as usize - 1].clone();
                clause.push(-e.x(cell, d));
                e.solver.add_clause(clause);
            }
        }
    }
    for digits in exclude {
        let all: Vec<usize> = (0..cells).collect();
        e.block(&all, digits);
    }
    e.solver.set_callbacks(Some(SatClock { budget: budget.without_nodes(), stopped: None }));
    let scopes: Vec<Vec<usize>> = puzzle.constraints.iter().map(|c| parts::scope(puzzle, c)).collect();
    let mut solutions = 0;
    loop {
        let conflicts = match budget.nodes() {
            Some(nodes) if stats.nodes >= nodes => {
                return Count { solutions, outcome: Outcome::GaveUp(GaveUp::NodeLimit), stats }
            }
            Some(nodes) => Some(nodes - stats.nodes),
            None => None,
        };
        if let Some(limit) = conflicts {
            let limit = i32::try_from(limit).unwrap_or(i32::MAX);
            e.solver.set_limit("conflicts", limit).expect("CaDiCaL knows the conflicts limit");
        }
        match e.solver.solve() {
            Some(true) => {
                stats.nodes += 1;
                let digits: Vec<u8> = (0..cells)
                    .map(|c| (1..=n as u8).find(|&d| e.solver.value(e.x(c, d)) == Some(true)).unwrap_or(0))
                    .collect();
                let mut broken = false;
                for (k, constraint) in puzzle.constraints.iter().enumerate() {
                    if !rules::check(puzzle, constraint, &digits).is_empty() {
                        broken = true;
                        e.block(&scopes[k], &digits);
                    }
                }
                if broken {
                    continue;
                }
                let all: Vec<usize> = (0..cells).collect();
                e.block(&all, &digits);
                solutions += 1;
                visit(digits);
                if solutions >= limit {
                    return Count { solutions, outcome: Outcome::LimitReached, stats };
                }
            }
            Some(false) => return Count { solutions, outcome: Outcome::Exhausted, stats },
            None => {
                let stopped = e.solver.get_callbacks().and_then(|clock| clock.stopped);
                stats.nodes = stats.nodes.saturating_add(conflicts.unwrap_or(0));
                let reason = stopped.unwrap_or(GaveUp::NodeLimit);
                return Count { solutions, outcome: Outcome::GaveUp(reason), stats };
            }
        }
    }
}
