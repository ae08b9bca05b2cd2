//! Sudoku of every size from 4x4 to 25x25, classic, X (both diagonals) and jigsaw.
//!
//! - [`Layout`] holds a shape's rules: size, boxes or jigsaw regions, the diagonals, and the
//!   houses (rows, columns, regions, diagonals) every rule is stated over.
//! - [`Sudoku`] is a grid of digits over a layout.

mod grid;
mod layout;

pub use grid::Sudoku;
pub use layout::{Layout, Regions, MAX_SIZE, MIN_SIZE};

/// Everything that can go wrong with a Sudoku's shape or text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// A size, region map or digit that does not make a valid grid.
    #[error("{0}")]
    BadShape(String),
}
