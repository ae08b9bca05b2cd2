//! Hidato (and Numbrix): fill a board's cells with 1..N so that consecutive numbers touch.
//!
//! [`Hidato`] is the board (holes, givens, empty cells) and [`Adjacency`] says which cells touch.
//! The calls are those of every puzzle in this crate: [`solve`], [`count`], [`solutions`] and
//! [`verify`], each taking the puzzle and a [`Query`]; [`rate`] and [`Generator`] as in Sudoku.
//!
//! ```
//! use tessera::hidato::{count, parse_puzzle, solve, verify, Adjacency, Query};
//! let puzzle = parse_puzzle("3 3\n1 0 0\n0 0 0\n0 0 9\n", Adjacency::Orthogonal)?;
//! assert_eq!(count(&puzzle, &Query::default()).solutions, 2);
//! let answer = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&puzzle, &answer).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```

mod canon;
mod exact;
mod format;
mod generate;
mod grid;
pub mod logic;
mod puzzle;
mod solve;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use canon::{answer_key, check_registry_entry, registry_entry, REGISTRY_HIDATO, REGISTRY_NUMBRIX};
pub use exact::{ExactCover, NotBuilt, MAX_OPTIONS};
pub use format::{from_json, parse, parse_puzzle, parse_puzzles, to_json, to_text, ReadError, MAX_SIDE};
pub use generate::{Generated, Generator, NoPath};
pub use grid::{Adjacency, Hidato, EMPTY, HOLE};
pub use logic::{rate, solve_logically, Difficulty, Rating, Step, Technique};
pub use solve::{
    count, solutions, solve, trace, visit, DeadEnd, Engine, TraceCounts, TraceEnd, TraceEvent, TraceOptions,
    SEED_EXAMPLE,
};

/// A question to the Hidato solvers: a [`crate::Query`] over [`Engine`].
pub type Query = crate::Query<Engine>;
pub use verify::{verify, Class, Verdict, Violation};

/// Hidato's rules for a player who has never seen it, in two short sentences (as
/// [`Family::RULES`](crate::Family::RULES) for the families; the web game's start page shows
/// them, translated by this text as the key).
pub const RULES: &str = "Fill in the numbers from 1 to the last so that each one touches the next, \
                         diagonals included. In Numbrix only up, down, left and right count as touching.";
