//! The variant Sudoku (rules as data) tests: the solvers against the dedicated Sudoku and Killer
//! solvers and against each other, the formats, the rater, the generator.

mod classic;
mod dedicated;
mod format;
mod generate;
mod iss;
mod live;
mod logic;
mod routes;
