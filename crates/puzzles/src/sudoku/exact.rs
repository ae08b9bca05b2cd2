//! Sudoku as exact cover (being written).

/// A Sudoku as an exact-cover problem for `tessera-xc`.
#[derive(Debug)]
pub struct ExactCover {}
