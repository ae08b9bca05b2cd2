//! Akari as SAT, solved by CaDiCaL: the independent route that cross-checks the search, and the
//! engine the automatic choice hands a board to when the search has not ended in a few hundred
//! nodes.
//!
//! A variable per cell (`cell + 1`, true: a bulb); a wall's is false by a unit clause. The
//! clauses are the rules read directly, none of the search's propagation:
//! - **at most one bulb a segment** (a maximal run of white cells along a row or a column):
//!   every pair of its cells, not both. Pairwise rather than a sequential counter: a segment has
//!   at most 60 cells (1,770 pairs), and the pairs need no auxiliary variables, which keeps a
//!   blocked solution a clause over the cells alone;
//! - **every white cell lit**: the clause of the cells it sees (itself, its row segment, its
//!   column segment);
//! - **a wall numbered k with m white neighbours**: no k + 1 of them all bulbs, and no
//!   m - k + 1 of them all without (at most four neighbours: at most six clauses each way).
//!
//! A count blocks each solution found and asks again. The clock is read through CaDiCaL's
//! terminate callback; a node budget is its conflict limit, as in the nonogram module.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::akari::solve::Layout;
use crate::akari::{Akari, Bulbs};
use crate::common::budget::SatClock;

/// Counts up to `limit` solutions, none of `known` (solutions already handed out by another
/// engine, which the count then starts from), handing each new one to `visit`.
pub(crate) fn search(
    board: &Akari,
    limit: u64,
    known: &[Bulbs],
    budget: &Budget,
    visit: &mut dyn FnMut(Bulbs),
) -> Count {
    let mut stats = Stats::default();
    let (w, h) = (board.width(), board.height());
    let n = w * h;
    let var = |i: usize| i as i32 + 1;
    let gave_up = |reason, solutions| Count { solutions, outcome: Outcome::GaveUp(reason), stats };
    if let Some(reason) = budget.check_clock() {
        return gave_up(reason, known.len() as u64);
    }
    let layout = Layout::new(board);
    let mut solver: cadical::Solver<SatClock> = cadical::Solver::new();
    for i in (0..n).filter(|&i| !board.is_white(i)) {
        solver.add_clause([-var(i)]);
    }
    for segment in &layout.segments {
        for (k, &a) in segment.iter().enumerate() {
            for &b in &segment[k + 1..] {
                solver.add_clause([-var(a), -var(b)]);
            }
        }
    }
    if let Some(reason) = budget.check_clock() {
        return gave_up(reason, known.len() as u64);
    }
    for &i in &layout.whites {
        solver.add_clause(layout.sees[i].iter().map(|&j| var(j)));
    }
    for (_, k, around) in &layout.walls {
        let k = usize::from(*k);
        for subset in subsets(around, k + 1) {
            solver.add_clause(subset.iter().map(|&j| -var(j)));
        }
        match around.len().checked_sub(k) {
            Some(free) => {
                for subset in subsets(around, free + 1) {
                    solver.add_clause(subset.iter().map(|&j| var(j)));
                }
            }
            None => solver.add_clause([]),
        }
    }
    let block = |solver: &mut cadical::Solver<SatClock>, bulbs: &[bool]| {
        solver.add_clause(layout.whites.iter().map(|&i| if bulbs[i] { -var(i) } else { var(i) }));
    };
    for answer in known {
        block(&mut solver, answer.cells());
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
                let bulbs: Vec<bool> = (0..n).map(|i| solver.value(var(i)) == Some(true)).collect();
                block(&mut solver, &bulbs);
                solutions += 1;
                visit(Bulbs::new(w, h, bulbs).expect("the board's size"));
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

/// Every subset of `k` of `items` (`k` above their number: none; `k` of 0: the empty one).
pub(crate) fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k > items.len() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for mask in 0u32..1 << items.len() {
        if mask.count_ones() as usize == k {
            out.push((0..items.len()).filter(|&b| mask >> b & 1 == 1).map(|b| items[b]).collect());
        }
    }
    out
}
