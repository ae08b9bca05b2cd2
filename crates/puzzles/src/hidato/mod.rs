//! Hidato (and Numbrix): fill a board's cells with 1..N so that consecutive numbers touch.
//!
//! [`Hidato`] is the board (holes, givens, empty cells) and [`Adjacency`] says which cells touch.

mod exact;
mod format;
mod generate;
mod grid;
mod logic;
mod solve;
mod verify;

pub use exact::ExactCover;
pub use format::{
    from_json, parse, parse_puzzle, parse_puzzles, to_json, to_text, ParseError, ParseErrorKind, MAX_SIDE,
};
pub use generate::{Generated, Generator};
pub use grid::{Adjacency, Hidato, ShapeError, EMPTY, HOLE};
pub use logic::{rate, solve_logically, Difficulty, Rating, Step, Technique};
pub use solve::{count, count_with_stats, solve, Engine, SolveStats};
pub use tessera_xc::{Budget, GaveUp};
pub use verify::{verify, Class, Verdict, Violation};
