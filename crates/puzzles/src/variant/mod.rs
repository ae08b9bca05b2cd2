//! Variant Sudoku as data: a [`Variant`] is a grid (4x4 to 16x16, boxes of any shape, jigsaw
//! regions), its givens and a list of [`Constraint`]s (killer cages, thermometers, arrows, kropki
//! dots, XV, little killers, sandwiches, whispers, renban, ... the catalogue of f-puzzles), read
//! from f-puzzles files and share links and ISS's text form, solved, counted, verified, rated,
//! hinted and generated through the same calls as every puzzle of this crate.
//!
//! The kinds live in `rules/`, one module each with its checker and what it compiles to; the
//! solvers in `solve/` know none of them (see its header for the algorithm).
//!
//! ```
//! use tessera::variant::{count, solve, verify, Cell, Constraint, Query, Variant};
//! let mut puzzle = Variant::classic(4);
//! puzzle.givens = vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
//! for (cells, sum) in [(vec![(0, 0), (0, 1)], 3), (vec![(0, 2), (0, 3)], 7), (vec![(1, 0), (2, 0)], 7), (vec![(2, 1), (2, 2)], 3)] {
//!     let cells = cells.into_iter().map(|(r, c)| Cell::new(r, c)).collect();
//!     puzzle.constraints.push(Constraint::Cage { cells, sum: Some(sum) });
//! }
//! let answer = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&puzzle, &answer).is_valid());
//! ```

mod constraint;
mod draw;
mod exact;
mod format;
mod generate;
pub mod genre;
mod logic;
mod model;
mod plain;
mod puzzle;
mod rules;
mod sat;
mod solve;
mod verify;

pub use crate::common::Relation;
pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use draw::NO_REGION;
pub use exact::{ExactCover, NotBuilt, MAX_OPTIONS};
pub use format::{from_fpuzzles, from_iss, from_link, parse, read, to_fpuzzles, to_json, to_link, to_text};
pub use generate::{Generated, Generator, Template};
pub use genre::futoshiki::{Futoshiki, FutoshikiRules};
pub use genre::skyscrapers::{Skyscrapers, SkyscrapersRules};
/// The generator of Skyscrapers puzzles.
pub type SkyscrapersGenerator = genre::Generator<SkyscrapersRules>;
/// The generator of Futoshiki puzzles.
pub type FutoshikiGenerator = genre::Generator<FutoshikiRules>;
pub use logic::{hint, hint_with, rate, Difficulty};
pub use model::{
    box_shape, default_regions, Cell, Constraint, Cosmetic, Direction, Grid, Meta, Negative, Variant,
    MAX_SIZE, MIN_SIZE,
};
pub use rules::{live, Live};
pub use solve::{count, solutions, solve, visit, Engine, PORTFOLIO_NODES};
pub use verify::{verify, Violation};

crate::common::query_and_verdict!();
