//! Solving and counting for every layout, and the choice of solver (being written).

use tessera_xc::{Budget, Count, GaveUp};

use crate::sudoku::Sudoku;

/// Which solver to use. All give the same answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The dedicated 9x9 solver for classic 9x9 grids, the general solver otherwise.
    #[default]
    Auto,
    /// The dedicated bitboard solver (classic 9x9 only; others fall back to `General`).
    Fast,
    /// Constraint propagation and backtracking over candidate masks, any layout.
    General,
    /// The exact-cover reduction through `tessera-xc`, any layout.
    ExactCover,
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(puzzle: &Sudoku, engine: Engine, budget: &Budget) -> Result<Option<Sudoku>, GaveUp> {
    let _ = (puzzle, engine, budget);
    unimplemented!("being written")
}

/// Counts solutions up to `limit`.
pub fn count(puzzle: &Sudoku, limit: u64, engine: Engine, budget: &Budget) -> Count {
    let _ = (puzzle, limit, engine, budget);
    unimplemented!("being written")
}

/// A solution found with a random branching order drawn from `seed` (reproducible): on an empty
/// grid, a random complete grid.
pub fn solve_with_seed(puzzle: &Sudoku, seed: u64, budget: &Budget) -> Result<Option<Sudoku>, GaveUp> {
    let _ = (puzzle, seed, budget);
    unimplemented!("being written")
}
