//! Takuzu as SAT, solved by CaDiCaL: the independent route that cross-checks the line solver in
//! the tests (and an engine of its own).
//!
//! Each cell is a variable (true: a 1). Clauses:
//! - **no three alike**: for every three cells side by side in a line, `(a or b or c)` and
//!   `(not a or not b or not c)`;
//! - **balanced**: at most `ceil(n/2)` 1s and at most `ceil(n/2)` 0s in every line, each by a
//!   sequential counter (`r(i, j)`: at least `j` of the first `i` literals hold, forced up by
//!   `x_i` and by `r(i-1, j-1)`, and `r(n, k+1)` false: `O(n^2)` variables a line);
//! - **distinct lines** (when asked): for every two lines of one direction, a variable a cell
//!   that says the two differ there (it implies `a xor b`), and a clause that one of them holds.
//!
//! Nothing here shares code with the line solver: the encoding is the rules as written. A count
//! blocks each solution found and asks again. The clock is read through CaDiCaL's terminate
//! callback; a node budget is its conflict limit.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::SatClock;
use crate::takuzu::{Binary, Takuzu};

/// Counts up to `limit` solutions, handing each to `visit`.
pub(crate) fn search(board: &Takuzu, limit: u64, budget: &Budget, visit: &mut dyn FnMut(Binary)) -> Count {
    let mut stats = Stats::default();
    let (w, h) = (board.width(), board.height());
    let cells = w * h;
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats };
    }
    let mut solver: cadical::Solver<SatClock> = cadical::Solver::new();
    let mut next = cells as i32 + 1;
    let x = |c: usize| c as i32 + 1;
    for line in 0..board.lines() {
        if let Some(reason) = budget.check_clock() {
            return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
        }
        let cells = board.line_cells(line);
        for three in cells.windows(3) {
            solver.add_clause(three.iter().map(|&c| x(c)));
            solver.add_clause(three.iter().map(|&c| -x(c)));
        }
        let most = cells.len().div_ceil(2);
        let ones: Vec<i32> = cells.iter().map(|&c| x(c)).collect();
        let zeros: Vec<i32> = cells.iter().map(|&c| -x(c)).collect();
        at_most(&mut solver, &mut next, &ones, most);
        at_most(&mut solver, &mut next, &zeros, most);
    }
    if board.distinct() {
        for (first, count) in [(0, h), (h, w)] {
            for a in first..first + count {
                if let Some(reason) = budget.check_clock() {
                    return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
                }
                for b in a + 1..first + count {
                    let (ca, cb) = (board.line_cells(a), board.line_cells(b));
                    let mut some = Vec::with_capacity(ca.len());
                    for (&p, &q) in ca.iter().zip(&cb) {
                        let d = next;
                        next += 1;
                        solver.add_clause([-d, x(p), x(q)]);
                        solver.add_clause([-d, -x(p), -x(q)]);
                        some.push(d);
                    }
                    solver.add_clause(some);
                }
            }
        }
    }
    for (c, given) in board.givens().iter().enumerate() {
        match given {
            Some(true) => solver.add_clause([x(c)]),
            Some(false) => solver.add_clause([-x(c)]),
            None => {}
        }
    }
    solver.set_callbacks(Some(SatClock { budget: budget.without_nodes(), stopped: None }));
    let mut solutions = 0;
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
                let values: Vec<bool> = (0..cells).map(|c| solver.value(x(c)) == Some(true)).collect();
                solver.add_clause(values.iter().enumerate().map(|(c, &one)| if one { -x(c) } else { x(c) }));
                solutions += 1;
                visit(Binary::new(w, h, values).expect("the board's size"));
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

/// At most `k` of `literals` hold: the sequential counter of the module header.
fn at_most(solver: &mut cadical::Solver<SatClock>, next: &mut i32, literals: &[i32], k: usize) {
    if literals.len() <= k {
        return;
    }
    // r[i][j - 1]: at least j of literals[..=i] hold, j in 1..=k+1.
    let mut previous: Vec<i32> = Vec::new();
    for (i, &lit) in literals.iter().enumerate() {
        let here: Vec<i32> = (0..=k).map(|j| *next + j as i32).collect();
        *next += (k + 1) as i32;
        solver.add_clause([-lit, here[0]]);
        for j in 0..=k {
            if i > 0 {
                solver.add_clause([-previous[j], here[j]]);
                if j > 0 {
                    solver.add_clause([-lit, -previous[j - 1], here[j]]);
                }
            }
        }
        previous = here;
    }
    solver.add_clause([-previous[k]]);
}
