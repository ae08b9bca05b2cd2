//! Hidato (and Numbrix): fill a board's cells with 1..N so that consecutive numbers touch.
//!
//! [`Hidato`] is the board (holes, givens, empty cells) and [`Adjacency`] says which cells touch.

mod grid;

pub use grid::{Adjacency, Hidato, ShapeError, EMPTY, HOLE};
