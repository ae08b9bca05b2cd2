//! Takuzu (Binairo, Tatham's Unruly, "binary puzzle"; no puzz.link genre): fill every cell with
//! 0 or 1 so that no three cells side by side in a row or column hold the same digit, every row
//! and column holds as many 0s as 1s, and (on the boards that ask it, Binairo's rule and the
//! default here) no two rows and no two columns are alike.
//!
//! [`Takuzu`] is the board and [`Binary`] an answer. The calls are those of every puzzle in this
//! crate: [`solve`], [`count`], [`visit`] and [`verify`], each taking the board and a [`Query`];
//! [`read`] takes Tessera's text, Tatham's game ids and JSON.
//!
//! Three engines agree on every count: the line search (module `solve`: every line solved
//! exactly by a dynamic programme to a fixpoint, the distinct-lines rule by enumeration near
//! the end, then branching on a cell), CaDiCaL over a direct encoding of the rules (module
//! `sat`), and the exact-cover reduction with colours ([`ExactCover`]: a filling per line, the
//! cells as coloured secondary items, each pattern a secondary item used at most once). The
//! default runs the first: exact lines settle published puzzles at the root or in a few
//! branches. The generator and the rater follow; the rater names the techniques players use
//! (pairs, sandwiches, counts, line analysis, unique lines, contradiction).
//!
//! ```
//! use tessera::takuzu::{count, solve, verify, Query, Takuzu};
//! // A game id of Tatham's `unruly`: 6x6, lines may be alike (no `u`).
//! let board: Takuzu = tessera::takuzu::read("6x6:abBfCFACgf").next().unwrap()?;
//! assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
//! let answer = solve(&board, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&board, &answer).is_valid());
//! assert_eq!(answer.to_string().lines().nth(1), Some("010011"));
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
pub use format::{read, to_game_id, to_json};
pub use generate::{Generated, Generator, EXPERT_FROM};
pub use logic::{hint, rate, Difficulty, TakuzuRating};
pub use model::{Binary, Takuzu, MAX_SIDE};
pub use verify::{verify, Line, Violation};

crate::common::query_and_verdict!();

crate::common::engines! {
    /// Which solver to use. All find the same solutions, each in its own order.
    pub enum Engine {
        /// The line search.
        Auto => "auto",
        /// The line search (exact lines to a fixpoint, then branching).
        Lines => "lines",
        /// CaDiCaL over a direct encoding of the rules.
        Sat => "sat",
        /// The exact-cover reduction with colours through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(board: &Takuzu, query: &Query) -> Result<Option<Binary>, GaveUp> {
    crate::common::first(solutions(board, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`.
pub fn count(board: &Takuzu, query: &Query) -> Count {
    visit(board, query, |_| {})
}

/// Up to `query.limit` solutions, all in memory, and how the search ended.
pub fn solutions(board: &Takuzu, query: &Query) -> Solutions<Binary> {
    crate::Puzzle::collect(board, query)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended. The line search and SAT run on one thread; the exact-cover route on `query.threads`.
/// A board too large for the reduction ([`ExactCover::refusal`]) makes the exact-cover route
/// give up at once ([`GaveUp::NodeLimit`]), as does a budget that ends while it is built.
pub fn visit(board: &Takuzu, query: &Query, visit: impl Fn(Binary) + Sync) -> Count {
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
        Engine::Sat => sat::search(board, query.limit, &query.budget, &mut |answer| visit(answer)),
        Engine::Auto | Engine::Lines => {
            solve::search(board, query.limit, &query.budget, &mut |answer| visit(answer))
        }
    }
}
