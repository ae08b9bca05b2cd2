//! Akari (Light Up; pzprjs's "lightup"): place bulbs on white cells so that every white cell is
//! lit (a bulb lights its own cell and every cell along its row and column up to a wall), no
//! bulb lights another, and a numbered wall has exactly that many bulbs beside it.
//!
//! [`Akari`] is the board and [`Bulbs`] an answer. The calls are those of every puzzle in this
//! crate: [`solve`], [`count`], [`visit`] and [`verify`], each taking the board and a [`Query`];
//! [`read`] takes the text form, puz.link addresses and JSON.
//!
//! Text forms (docs/formats.md, "Akari"): a board is a `W H` line, then a line a row, `.` a white
//! cell, `X` a wall (`#` and `x` read as one too), `0`-`4` a numbered wall; an answer is a `W H`
//! line, then a line a row, `#` a bulb and `.` none (walls written `.`; the board's own
//! characters `X` and `0`-`4` read as no bulb, so a board with `#` drawn on its white cells
//! reads as its answer).
//!
//! Three engines agree on every count: the propagating search (module `solve`: the players'
//! first rules to a fixpoint, then a branch on the unlit cell with the fewest possible
//! lighters), CaDiCaL over the rules written as clauses (module `sat`), and the exact-cover
//! reduction with colours ([`ExactCover`]: an option per segment's bulb or its absence). The
//! default runs the first, and the second where the first has not ended within a few hundred
//! nodes. The generator and the rater follow; the rater names the techniques players use.
//!
//! ```
//! use tessera::akari::{count, solve, verify, Akari, Query};
//! let board: Akari = "3 3\n...\n.2.\n...\n".parse()?;
//! assert_eq!(count(&board, &Query::default()).solutions, 4);
//! let answer = solve(&board, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&board, &answer).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```

mod exact;
pub(crate) mod format;
mod generate;
pub(crate) mod logic;
mod model;
mod puzzle;
pub(crate) mod sat;
mod solve;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use exact::ExactCover;
pub use format::{from_url, read, to_json, to_text, to_url, PUZZLINK_GENRE};
pub use generate::{Generated, Generator};
pub use logic::{hint, rate, AkariRating, Difficulty};
pub use model::{Akari, Bulbs, Cell, MAX_SIDE};
pub use verify::{verify, Violation};

crate::common::query_and_verdict!();

crate::common::engines! {
    /// Which solver to use. All find the same solutions, each in its own order.
    pub enum Engine {
        /// The propagating search for its first 512 nodes (most boards end in a few), then the
        /// SAT solver from the solutions found so far.
        Auto => "auto",
        /// The propagating search alone.
        Search => "search",
        /// CaDiCaL over the rules as clauses.
        Sat => "sat",
        /// The exact-cover reduction with colours through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(board: &Akari, query: &Query) -> Result<Option<Bulbs>, GaveUp> {
    crate::common::first(solutions(board, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`.
pub fn count(board: &Akari, query: &Query) -> Count {
    visit(board, query, |_| {})
}

/// Up to `query.limit` solutions, all in memory, and how the search ended.
pub fn solutions(board: &Akari, query: &Query) -> Solutions<Bulbs> {
    crate::Puzzle::collect(board, query)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended. The search and the SAT route run on one thread; the exact-cover route on
/// `query.threads`. A budget that ends while the exact cover is built gives up at once.
pub fn visit(board: &Akari, query: &Query, visit: impl Fn(Bulbs) + Sync) -> Count {
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
        Engine::Search => solve::search(board, query.limit, &query.budget, &mut |answer| visit(answer)),
        Engine::Sat => sat::search(board, query.limit, &[], &query.budget, &mut |answer| visit(answer)),
        Engine::Auto => {
            let first = query.budget.nodes().map_or(AUTO_SEARCH_NODES, |nodes| nodes.min(AUTO_SEARCH_NODES));
            let mut found = Vec::new();
            let searched =
                solve::search(board, query.limit, &query.budget.clone().with_nodes(first), &mut |answer| {
                    found.push(answer.clone());
                    visit(answer);
                });
            match searched.outcome {
                Outcome::GaveUp(GaveUp::NodeLimit)
                    if query.budget.nodes().is_none_or(|nodes| nodes > first) =>
                {
                    let mut rest =
                        sat::search(board, query.limit, &found, &query.budget, &mut |answer| visit(answer));
                    rest.stats.nodes += searched.stats.nodes;
                    rest
                }
                _ => searched,
            }
        }
    }
}

/// The nodes the automatic engine gives the search before the SAT solver takes over.
const AUTO_SEARCH_NODES: u64 = 512;
