//! Tessera's puzzles: Sudoku, Hidato, polyomino tiling and N-queens, each with a model, a parser and
//! printer, solvers, a generator, a rater and a verifier. The exact-cover engine lives in
//! [`tessera_xc`], re-exported here as [`xc`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod common;
mod error;
pub mod hidato;
pub mod queens;
pub mod sudoku;
pub mod tiling;

pub use common::{Budget, Count, CoverQuery, GaveUp, Outcome, Query, Reduction, Solutions, Stats, Verdict};
pub use error::{Error, ParseError, ParseErrorKind, ShapeError};
pub use tessera_xc as xc;
