//! Star Battle (janko.at's "Sternenschlacht"; with K = 1 on 8x8 to 10x10, LinkedIn's "Queens"):
//! an NxN grid cut into N regions, some cells blocked; place K stars in every row, column and
//! region so that no two stars touch, diagonally included.
//!
//! [`StarBattle`] is the board and [`Stars`] an answer. The calls are those of every puzzle in
//! this crate: [`solve`], [`count`], [`visit`] and [`verify`], each taking the board and a
//! [`Query`]; [`read`] takes janko's text or JSON, [`read_answers`] janko's answers.
//!
//! Two engines agree on every count: the bitboard search (module `solve`: propagation to a
//! fixpoint, the 2x2 bound, branching on the tightest unit) and the exact-cover reduction with
//! multiplicities ([`ExactCover`]). The generator and the rater follow.
//!
//! ```
//! use tessera::starbattle::{count, solve, verify, Query, StarBattle};
//! let board: StarBattle = "5 5 1\n1 1 4 4 4\n2 1 1 1 4\n2 3 1 3 5\n2 3 3 3 5\n2 2 2 5 5\n".parse()?;
//! assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
//! let answer = solve(&board, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&board, &answer).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```

mod exact;
mod format;
mod generate;
mod logic;
mod model;
mod probe;
mod puzzle;
mod solve;
mod squeeze;
mod techniques;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use exact::ExactCover;
pub use format::{read, read_answers, to_json};
pub use generate::{Generated, Generator};
pub(crate) use logic::rate_from;
pub use logic::{hint, rate, Difficulty, StarRating};
pub use model::{Cell, StarBattle, Stars, MAX_SIDE};
pub use puzzle::stars_on;
pub use verify::{verify, Violation};

crate::common::query_and_verdict!();

crate::common::engines! {
    /// Which solver to use. Both find the same solutions, each in its own order.
    pub enum Engine {
        /// The bitboard search.
        Auto => "auto",
        /// The bitboard search, by name.
        Bits => "bits",
        /// The exact-cover reduction with multiplicities through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(board: &StarBattle, query: &Query) -> Result<Option<Stars>, GaveUp> {
    let first = std::sync::Mutex::new(None);
    let count = visit(board, &query.clone().with_limit(1), |stars| {
        *first.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(stars);
    });
    match (first.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count.outcome) {
        (None, Outcome::GaveUp(reason)) => Err(reason),
        (first, _) => Ok(first),
    }
}

/// Solutions counted up to `query.limit`.
pub fn count(board: &StarBattle, query: &Query) -> Count {
    match query.engine {
        Engine::ExactCover => crate::Reduction::count(&ExactCover::new(board), &query.cover()),
        _ => solve::search(board, query.limit, &query.budget, &mut |_| {}),
    }
}

/// Up to `query.limit` solutions, all in memory, and how the search ended.
pub fn solutions(board: &StarBattle, query: &Query) -> Solutions<Stars> {
    crate::Puzzle::collect(board, query)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended. The bitboard search runs on one thread; the exact-cover route on `query.threads`.
pub fn visit(board: &StarBattle, query: &Query, visit: impl Fn(Stars) + Sync) -> Count {
    match query.engine {
        Engine::ExactCover => crate::Reduction::visit(&ExactCover::new(board), &query.cover(), &visit),
        _ => solve::search(board, query.limit, &query.budget, &mut |stars| visit(stars)),
    }
}
