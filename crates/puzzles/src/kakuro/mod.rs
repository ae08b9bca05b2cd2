//! Kakuro (Cross Sums; pzprjs's "kakuro"): fill the white cells with digits 1 to 9 so that each
//! run of white cells across or down adds up to the clue in the block before it, with no digit
//! twice in a run.
//!
//! [`Kakuro`] is the board and [`Digits`] an answer. The calls are those of every puzzle in this
//! crate: [`solve`], [`count`], [`visit`] and [`verify`], each taking the board and a [`Query`];
//! [`read`] takes the text form of janko.at's puzzles, puz.link addresses and JSON.
//!
//! Why a module of its own rather than a genre of the rules model (`variant::genre`, which
//! Skyscrapers and Futoshiki are): that model is a Latin square, N digits on an N x N grid with
//! every row and column distinct; a Kakuro is rectangular, up to 101 cells a side, holds digits
//! 1 to 9 whatever its size, and its distinct groups are its runs, not its rows.
//!
//! Two engines agree on every count: the propagating search (module `solve`: each run kept
//! exactly consistent with its cells' candidates, then a branch on the cell with the fewest),
//! and the exact-cover reduction ([`ExactCover`]: a combination per run, a digit per cell, each
//! run's digits covered once). The default runs the first. The generator and the rater follow;
//! the rater names the techniques players use (unique sums, sum combinations, required digits,
//! run combinations, contradiction).
//!
//! ```
//! use tessera::kakuro::{count, read, solve, verify, Query};
//! let board = read("3 3\n- 4, 3,\n,3 0 0\n,4 0 0\n").next().unwrap()?;
//! assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
//! let answer = solve(&board, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&board, &answer).is_valid());
//! assert_eq!(answer.to_string(), "3 3\n---\n-12\n-31\n");
//! # Ok::<(), tessera::Error>(())
//! ```

mod exact;
pub(crate) mod format;
mod generate;
pub(crate) mod logic;
mod model;
mod puzzle;
mod solve;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use exact::ExactCover;
pub use format::{from_url, read, to_json, to_text, to_url, PUZZLINK_GENRE};
pub use generate::{Generated, Generator, EASY_UP_TO, HARD_FROM, HARD_UP_TO};
pub use logic::{hint, rate, Difficulty, KakuroRating};
pub use model::{Cell, Digits, Kakuro, Run, MAX_SIDE};
pub use verify::{verify, Violation};

crate::common::query_and_verdict!();

crate::common::engines! {
    /// Which solver to use. Both find the same solutions, each in its own order.
    pub enum Engine {
        /// The propagating search (run combinations, then a branch on the cell with the fewest
        /// candidates).
        Auto => "auto",
        /// The exact-cover reduction through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(board: &Kakuro, query: &Query) -> Result<Option<Digits>, GaveUp> {
    crate::common::first(solutions(board, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`.
pub fn count(board: &Kakuro, query: &Query) -> Count {
    visit(board, query, |_| {})
}

/// Up to `query.limit` solutions, all in memory, and how the search ended.
pub fn solutions(board: &Kakuro, query: &Query) -> Solutions<Digits> {
    crate::Puzzle::collect(board, query)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended. The propagating search runs on one thread; the exact-cover route on `query.threads`.
/// A budget that ends while the reduction is built makes the exact-cover route give up.
pub fn visit(board: &Kakuro, query: &Query, visit: impl Fn(Digits) + Sync) -> Count {
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
        Engine::Auto => solve::search(board, query.limit, &query.budget, None, &mut |answer| visit(answer)),
    }
}
