//! The variant Sudoku (rules as data) tests, in one binary: the solvers against the dedicated
//! Sudoku and Killer solvers and against each other, the formats, the rater, the generator.

mod common;

#[path = "variant/classic.rs"]
mod classic;

#[path = "variant/dedicated.rs"]
mod dedicated;

#[path = "variant/generate.rs"]
mod generate;

#[path = "variant/format.rs"]
mod format;

#[path = "variant/iss.rs"]
mod iss;

#[path = "variant/routes.rs"]
mod routes;

#[path = "variant/logic.rs"]
mod logic;

#[path = "variant/live.rs"]
mod live;
