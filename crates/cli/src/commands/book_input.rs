//! The puzzles of `sudoku book --input` and `hidato book --input`: each counted (a book prints
//! only puzzles with exactly one solution), solved for the key and rated for its label. A Sudoku
//! file may be any format the readers take, `generate --format csv` included.

use tessera::hidato::{self, Hidato};
use tessera::sudoku::{self, logic};
use tessera::xc::Budget;
use tessera_print::Grid;

use super::book::{short_id, Made, Missing};

/// A Sudoku of an `--input` file: unique, solved, rated.
pub(super) fn read_sudoku(item: sudoku::Parsed, budget: Budget) -> Result<Made, Missing> {
    let line = item.line;
    let puzzle = item.puzzle.map_err(|err| Missing::Bad(err.to_string()))?;
    let query = sudoku::Query::default().with_limit(2).with_budget(budget.clone());
    let solution = unique(line, "line", sudoku::count(&puzzle, &query).result(), || {
        sudoku::solve(&puzzle, &sudoku::Query::default().with_budget(budget.clone()))
    })?;
    let rating = logic::rate_within(&puzzle, &budget).map_err(Missing::GaveUp)?;
    Ok(Made {
        puzzle: Grid::sudoku(&puzzle),
        key: Grid::sudoku_key(&puzzle, &solution),
        level: rating.difficulty.name(),
        id: format!("id {}", short_id(&puzzle.to_line())),
        se: Some(super::sudoku_records::tenths(rating.se)),
        entry: None,
    })
}

/// A Hidato of an `--input` file (the `index`-th): unique, solved, rated.
pub(super) fn read_hidato(index: usize, puzzle: &Hidato, budget: Budget) -> Result<Made, Missing> {
    let query = hidato::Query::default().with_limit(2).with_budget(budget.clone());
    let solution = unique(index, "puzzle", hidato::count(puzzle, &query).result(), || {
        hidato::solve(puzzle, &hidato::Query::default().with_budget(budget.clone()))
    })?;
    Ok(Made {
        puzzle: Grid::hidato(puzzle),
        key: Grid::hidato_key(puzzle, &solution),
        level: hidato::rate(puzzle).difficulty.name(),
        id: format!("id {}", short_id(&hidato::to_text(std::slice::from_ref(puzzle)))),
        se: None,
        entry: None,
    })
}

/// The solution of a puzzle whose count (to 2) is `count`, or why it cannot be printed.
pub(super) fn unique<P>(
    at: usize,
    what: &str,
    count: Result<u64, tessera::xc::GaveUp>,
    solve: impl FnOnce() -> Result<Option<P>, tessera::xc::GaveUp>,
) -> Result<P, Missing> {
    match count.map_err(Missing::GaveUp)? {
        1 => match solve().map_err(Missing::GaveUp)? {
            Some(solution) => Ok(solution),
            None => Err(Missing::Bad(format!("{what} {at}: the puzzle has no solution"))),
        },
        0 => Err(Missing::Bad(format!(
            "{what} {at}: the puzzle has no solution; a book prints only puzzles with one"
        ))),
        _ => Err(Missing::Bad(format!(
            "{what} {at}: the puzzle has more than one solution; a book prints only puzzles with one"
        ))),
    }
}
