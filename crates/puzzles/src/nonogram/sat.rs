//! Nonogram as SAT, solved by CaDiCaL: the engine of the hard boards, and a third route in the
//! tests.
//!
//! Each cell is a variable (true: shaded). Each line is the regular language of its runs,
//! `0* 1^r1 0+ 1^r2 ... 1^rk 0*`, read by a deterministic automaton whose state `s` counts the
//! symbols of the pattern `1^r1 0 1^r2 0 ... 1^rk` matched so far (length `L`). A variable
//! `y(i, s)` says the automaton is in state `s` after `i` cells, for the states the line's length
//! leaves reachable (`s <= i` and `L - s <= n - i`). Clauses:
//! - `y(0, 0)` and `y(n, L)`;
//! - forward: `y(i, s)` and the cell's value lead to the one next state, or are impossible;
//! - backward: `y(i + 1, t)` has a predecessor, `y(i, t)` on a 0 where `t` loops or `y(i, t - 1)`
//!   on the pattern's symbol.
//!
//! The run forced forward from `y(0, 0)` is the automaton's run on the cells; the chain backward
//! from `y(n, L)` is a run too; the automaton being deterministic, they are the same, so the
//! line's cells are in the language exactly when the clauses hold, without at-most-one clauses
//! over the states (`O(n x slack)` variables a line, a few clauses each).
//!
//! Why SAT for the hard boards: line logic with probing settles nearly every published puzzle at
//! the root, but boards built to defeat it (webpbn's "survey" set: Sierpinski, "Signed") need a
//! search that learns from its conflicts; a clause learner does that without hand-written
//! nogoods. A count blocks each solution found and asks again. The clock is read through
//! CaDiCaL's terminate callback; a node budget is its conflict limit.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::SatClock;
use crate::nonogram::line::{EMPTY, SHADED, UNKNOWN};
use crate::nonogram::solve::{Dead, Layout, Work};
use crate::nonogram::{Nonogram, Shading};

/// Counts up to `limit` solutions, none of `known` (solutions already handed out by another
/// engine, which the count then starts from), handing each new one to `visit`.
pub(crate) fn search(
    board: &Nonogram,
    limit: u64,
    known: &[Shading],
    budget: &Budget,
    visit: &mut dyn FnMut(Shading),
) -> Count {
    let mut stats = Stats::default();
    let (w, h) = (board.width(), board.height());
    let cells = w * h;
    if too_large(board) {
        return Count { solutions: known.len() as u64, outcome: Outcome::GaveUp(GaveUp::NodeLimit), stats };
    }
    let mut solver: cadical::Solver<SatClock> = cadical::Solver::new();
    let mut next = cells as i32 + 1;
    for (line_cells, runs) in board.lines() {
        if let Some(reason) = budget.check_clock() {
            return Count { solutions: known.len() as u64, outcome: Outcome::GaveUp(reason), stats };
        }
        encode(&mut solver, &mut next, &line_cells, runs);
    }
    let block = |solver: &mut cadical::Solver<SatClock>, shading: &[bool]| {
        solver.add_clause(
            shading.iter().enumerate().map(|(c, &s)| if s { -(c as i32 + 1) } else { c as i32 + 1 }),
        );
    };
    for answer in known {
        block(&mut solver, answer.cells());
    }
    // What line logic decides at the root, as unit clauses (a board it refutes has no solution).
    let layout = Layout::new(board);
    let mut root = vec![UNKNOWN; cells];
    match layout.propagate(&mut root, layout.all(), &mut Work::with_clock(budget), None) {
        Ok(()) => {}
        Err(Dead::Line(_)) => {
            return Count { solutions: known.len() as u64, outcome: Outcome::Exhausted, stats }
        }
        Err(Dead::GaveUp(reason)) => {
            return Count { solutions: known.len() as u64, outcome: Outcome::GaveUp(reason), stats }
        }
    }
    for (c, &v) in root.iter().enumerate() {
        match v {
            SHADED => solver.add_clause([c as i32 + 1]),
            EMPTY => solver.add_clause([-(c as i32 + 1)]),
            _ => {}
        }
    }
    solver.set_callbacks(Some(SatClock { budget: budget.without_nodes(), stopped: None }));
    let mut solutions = known.len() as u64;
    if solutions >= limit {
        return Count { solutions, outcome: Outcome::LimitReached, stats };
    }
    loop {
        if let Some(nodes) = budget.nodes() {
            if stats.nodes >= nodes {
                return Count { solutions, outcome: Outcome::GaveUp(GaveUp::NodeLimit), stats };
            }
            let left = i32::try_from(nodes - stats.nodes).unwrap_or(i32::MAX);
            solver.set_limit("conflicts", left).expect("CaDiCaL knows the conflicts limit");
        }
        match solver.solve() {
            Some(true) => {
                stats.nodes += 1;
                let shading: Vec<bool> =
                    (0..cells).map(|c| solver.value(c as i32 + 1) == Some(true)).collect();
                block(&mut solver, &shading);
                solutions += 1;
                visit(Shading::new(w, h, shading).expect("the board's size"));
                if solutions >= limit {
                    return Count { solutions, outcome: Outcome::LimitReached, stats };
                }
            }
            Some(false) => return Count { solutions, outcome: Outcome::Exhausted, stats },
            None => {
                let stopped = solver.get_callbacks().and_then(|clock| clock.stopped);
                stats.nodes = stats.nodes.saturating_add(budget.nodes().unwrap_or(0));
                return Count {
                    solutions,
                    outcome: Outcome::GaveUp(stopped.unwrap_or(GaveUp::NodeLimit)),
                    stats,
                };
            }
        }
    }
}

/// The most automaton states the encoding takes (a variable each, a few clauses each): about
/// 200 MB in CaDiCaL; a 200x200 board of short runs would need 4 million.
pub(crate) const MAX_STATES: u64 = 1_000_000;

/// The automaton states the encoding of `board` needs.
pub(crate) fn states(board: &Nonogram) -> u64 {
    board
        .lines()
        .iter()
        .map(|(cells, runs)| {
            let n = cells.len() as u64;
            let l = runs.iter().map(|&r| u64::from(r)).sum::<u64>() + runs.len().saturating_sub(1) as u64;
            (n + 1) * (n.saturating_sub(l) + 1)
        })
        .sum()
}

/// Whether the encoding would pass [`MAX_STATES`]: the engine then gives up at once.
pub(crate) fn too_large(board: &Nonogram) -> bool {
    states(board) > MAX_STATES
}

/// The clauses of one line (see the module header); `next` is the first free variable.
fn encode(solver: &mut cadical::Solver<SatClock>, next: &mut i32, cells: &[usize], runs: &[u32]) {
    let n = cells.len();
    let mut pattern: Vec<bool> = Vec::new();
    for (k, &run) in runs.iter().enumerate() {
        if k > 0 {
            pattern.push(false);
        }
        pattern.extend(std::iter::repeat_n(true, run as usize));
    }
    let l = pattern.len();
    let x = |i: usize| cells[i] as i32 + 1;
    if l > n {
        solver.add_clause([]);
        return;
    }
    // y(i, s) for max(0, l + i - n) <= s <= min(i, l): variable base[i] + s - low(i).
    let low = |i: usize| (l + i).saturating_sub(n);
    let high = |i: usize| i.min(l);
    let mut base = Vec::with_capacity(n + 1);
    for i in 0..=n {
        base.push(*next);
        *next += (high(i) + 1 - low(i)) as i32;
    }
    let y = |i: usize, s: usize| -> Option<i32> {
        (low(i) <= s && s <= high(i)).then(|| base[i] + (s - low(i)) as i32)
    };
    // Whether state s loops on a 0: before the first run, after a gap's 0, or at the end.
    let loops = |s: usize| s == 0 || s == l || !pattern[s - 1];
    solver.add_clause([y(0, 0).expect("state 0 at the start")]);
    solver.add_clause([y(n, l).expect("the last state at the end")]);
    for i in 0..n {
        for s in low(i)..=high(i) {
            let here = y(i, s).expect("in range");
            // On a 0.
            let on_zero = if loops(s) {
                Some(s)
            } else if pattern.get(s) == Some(&false) {
                Some(s + 1)
            } else {
                None
            };
            match on_zero.and_then(|t| y(i + 1, t)) {
                Some(there) => solver.add_clause([-here, x(i), there]),
                None => solver.add_clause([-here, x(i)]),
            }
            // On a 1.
            let on_one = (pattern.get(s) == Some(&true)).then_some(s + 1);
            match on_one.and_then(|t| y(i + 1, t)) {
                Some(there) => solver.add_clause([-here, -x(i), there]),
                None => solver.add_clause([-here, -x(i)]),
            }
        }
        for t in low(i + 1)..=high(i + 1) {
            let there = y(i + 1, t).expect("in range");
            let mut support = vec![-there];
            if loops(t) {
                if let Some(stay) = y(i, t) {
                    support.push(stay);
                    solver.add_clause([-there, -stay, -x(i)]);
                }
            }
            if t > 0 {
                if let Some(step) = y(i, t - 1) {
                    support.push(step);
                    let symbol = if pattern[t - 1] { x(i) } else { -x(i) };
                    solver.add_clause([-there, -step, symbol]);
                }
            }
            solver.add_clause(support);
        }
    }
}
