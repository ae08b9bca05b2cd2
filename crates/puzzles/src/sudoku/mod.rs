//! Sudoku of every size from 4x4 to 25x25, classic, X (both diagonals) and jigsaw.
//!
//! - [`Layout`] holds a shape's rules: size, boxes or jigsaw regions, the diagonals, and the
//!   houses (rows, columns, regions, diagonals) every rule is stated over.
//! - [`Sudoku`] is a grid of digits over a layout.
//! - [`solve`], [`count`] and [`solve_with_seed`] run the chosen [`Engine`]: the dedicated 9x9
//!   bitboard solver ([`solve_9x9`], [`count_9x9`]), the general solver, or the exact-cover
//!   reduction ([`ExactCover`]).
//! - [`canonical`] maps a puzzle to one representative of its class under the grid's symmetries.
//! - [`logic`] solves like a person: named techniques, hints and difficulty ratings.
//! - [`teach`] runs plain backtracking and the fewest-candidates rule step by step, for the Learn
//!   view and its race against exact cover.

mod canon;
mod climb;
mod exact;
mod fast9;
mod format;
mod generate;
mod grid;
mod jigsaw;
mod layout;
pub mod logic;
mod puzzle;
mod registry;
mod shaping;
mod solve;
mod symmetry;
pub mod teach;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use canon::{canonical, check_canonical};
pub use exact::ExactCover;
pub use fast9::{count_9x9, solve_9x9};
pub use format::{parse_puzzles, Format, Parsed, PuzzleReader, Puzzles};
pub use generate::{Generated, Generator};
pub use grid::Sudoku;
pub use layout::{Layout, Regions, MAX_SIZE, MIN_SIZE};
/// The rater and its levels, here as in `hidato` (the human-style solver and hints are in [`logic`]).
pub use logic::{rate, Difficulty, Rating};
pub use registry::{answer_key, check_registry_entry, registry_entry, REGISTRY_KIND};

/// Sudoku's rules for a player who has never seen it, in two short sentences (as
/// [`Family::RULES`](crate::Family::RULES) for the families; the web game's start page shows
/// them, translated by this text as the key).
pub const RULES: &str = "Fill the grid so that every row, every column and every box holds each digit once. \
                         In Sudoku X the two long diagonals hold each digit once too.";
pub use shaping::{check_clues, check_mask, clue_floor, parse_mask, Rejections};
pub use solve::{count, solutions, solve, solve_with_seed, visit, Engine};
pub use symmetry::Symmetry;

/// A question to the Sudoku solvers: a [`crate::Query`] over [`Engine`].
pub type Query = crate::Query<Engine>;
pub use verify::{verify, Verdict, Violation};
