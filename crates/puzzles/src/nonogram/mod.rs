//! Nonogram (Picross, Griddlers, Hanjie; pzprjs's "nonogram"): shade cells so that every row
//! and every column holds runs of shaded cells of the lengths its clue gives, in order, with at
//! least one empty cell between two runs.
//!
//! [`Nonogram`] is the board and [`Shading`] an answer. The calls are those of every puzzle in
//! this crate: [`solve`], [`count`], [`visit`] and [`verify`], each taking the board and a
//! [`Query`]; [`read`] takes the `.non` text, puz.link addresses and JSON.
//!
//! Three engines agree on every count: the line-logic search (module `solve`: every line solved
//! exactly to a fixpoint, probing, then branching on a cell), CaDiCaL over an automaton encoding
//! of the lines (module `sat`), and the exact-cover reduction with colours ([`ExactCover`]: a
//! placement per line, the cells as coloured secondary items). The default runs the first, and
//! the second where the first has not ended within a few hundred nodes. The
//! generator and the rater follow; the rater names the techniques players use (the overlap,
//! line solving, contradiction).
//!
//! ```
//! use tessera::nonogram::{count, solve, verify, Nonogram, Query};
//! let board = Nonogram::new(3, 3, vec![vec![1], vec![3], vec![1]], vec![vec![1], vec![3], vec![1]])?;
//! assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
//! let answer = solve(&board, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&board, &answer).is_valid());
//! assert_eq!(answer.to_string(), "3 3\n.#.\n###\n.#.\n");
//! # Ok::<(), tessera::Error>(())
//! ```

mod exact;
pub(crate) mod format;
mod generate;
mod line;
pub(crate) mod logic;
mod model;
mod puzzle;
pub(crate) mod sat;
mod solve;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use exact::ExactCover;
pub use format::{read, to_json, to_url, PUZZLINK_GENRE};
pub use generate::{Generated, Generator};
pub use logic::{hint, rate, Difficulty, NonogramRating};
pub use model::{Nonogram, Shading, MAX_SIDE};
pub use verify::{verify, Violation};

crate::common::query_and_verdict!();

crate::common::engines! {
    /// Which solver to use. Both find the same solutions, each in its own order.
    pub enum Engine {
        /// The line-logic search for its first 512 nodes (most boards end at the root), then the
        /// SAT solver from the solutions found so far.
        Auto => "auto",
        /// The line-logic search alone.
        Lines => "lines",
        /// CaDiCaL over the automaton encoding of the lines.
        Sat => "sat",
        /// The exact-cover reduction with colours through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(board: &Nonogram, query: &Query) -> Result<Option<Shading>, GaveUp> {
    crate::common::first(solutions(board, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`.
pub fn count(board: &Nonogram, query: &Query) -> Count {
    visit(board, query, |_| {})
}

/// Up to `query.limit` solutions, all in memory, and how the search ended.
pub fn solutions(board: &Nonogram, query: &Query) -> Solutions<Shading> {
    crate::Puzzle::collect(board, query)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended. The line-logic search runs on one thread; the exact-cover route on `query.threads`. A
/// board too large for the reduction ([`ExactCover::refusal`]) makes the exact-cover route give up
/// at once ([`GaveUp::NodeLimit`]), as does a budget that ends while it is built.
pub fn visit(board: &Nonogram, query: &Query, visit: impl Fn(Shading) + Sync) -> Count {
    match query.engine {
        Engine::ExactCover => match ExactCover::with_budget(board, &query.budget) {
            Ok(cover) => crate::Reduction::visit(&cover, &query.cover(), &visit),
            Err(not_built) => {
                let reason = match not_built {
                    crate::common::NotBuilt::GaveUp(reason) => reason,
                    _ => GaveUp::NodeLimit,
                };
                Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() }
            }
        },
        Engine::Lines => solve::search(board, query.limit, &query.budget, &mut |answer| visit(answer)),
        Engine::Sat => sat::search(board, query.limit, &[], &query.budget, &mut |answer| visit(answer)),
        // A board too large for the SAT encoding: the line search alone, with the whole budget.
        Engine::Auto if sat::too_large(board) => {
            solve::search(board, query.limit, &query.budget, &mut |answer| visit(answer))
        }
        Engine::Auto => {
            let first = query.budget.nodes().map_or(AUTO_LINE_NODES, |nodes| nodes.min(AUTO_LINE_NODES));
            let mut found = Vec::new();
            let lines =
                solve::search(board, query.limit, &query.budget.clone().with_nodes(first), &mut |answer| {
                    found.push(answer.clone());
                    visit(answer);
                });
            match lines.outcome {
                Outcome::GaveUp(GaveUp::NodeLimit)
                    if query.budget.nodes().is_none_or(|nodes| nodes > first) =>
                {
                    let mut rest =
                        sat::search(board, query.limit, &found, &query.budget, &mut |answer| visit(answer));
                    rest.stats.nodes += lines.stats.nodes;
                    rest
                }
                _ => lines,
            }
        }
    }
}

/// The nodes the automatic engine gives the line-logic search before the SAT solver takes over.
const AUTO_LINE_NODES: u64 = 512;
