//! The dedicated 9x9 solver (being written).

use tessera_xc::{Budget, GaveUp};

/// The first solution of a classic 9x9 puzzle (`cells[i]` in `0..=9`, 0 empty, row by row), or
/// `None` when it has none.
pub fn solve_9x9(cells: &[u8; 81]) -> Option<[u8; 81]> {
    let _ = cells;
    unimplemented!("being written")
}

/// The number of solutions of a classic 9x9 puzzle, counted up to `limit`; `Err` when the budget
/// (its node limit counts guesses) runs out first.
pub fn count_9x9(cells: &[u8; 81], limit: u64, budget: &Budget) -> Result<u64, GaveUp> {
    let _ = (cells, limit, budget);
    unimplemented!("being written")
}
