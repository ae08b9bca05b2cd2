//! A pasted or shared puzzle to play (`POST /api/games` with `puzzle`): it must have exactly
//! one solution, found within the solving budget, and is rated when the rater finishes in time.
//! Pasted games are never ranked (the puzzle could be anything).

use tessera::hidato;
use tessera::sudoku::{self, logic, Layout};

use super::games::NewGame;
use crate::error::{AppError, AppResult};
use crate::model::{hidato_shape, parse_adjacency, parse_hidato, parse_sudoku, sudoku_cells, Kind, Shape};
use crate::state::AppState;

/// A pasted puzzle to play: it must have exactly one solution, found within budget.
pub(super) async fn pasted(
    state: &AppState,
    kind: Kind,
    text: &str,
    body: &NewGame,
) -> AppResult<(Shape, Option<String>, Vec<i32>, Vec<i32>)> {
    // The budget starts when the work gets its CPU slot, not while it waits for one.
    let slot = state.clone();
    match kind {
        Kind::Family(f) => family(state, f, text).await,
        Kind::Sudoku => {
            let puzzle = parse_sudoku(text, body.variant.as_deref(), "puzzle")?;
            let size = puzzle.layout().size();
            let plain = Layout::classic(size).ok();
            let usual = plain.is_some_and(|plain| {
                let plain = if puzzle.layout().has_diagonals() { plain.with_diagonals() } else { plain };
                &plain == puzzle.layout()
            });
            if !usual {
                return Err(AppError::unprocessable(
                    "puzzle",
                    "only Sudoku with the usual boxes can be played here (analyze and verify take any)",
                ));
            }
            let shape = Shape::Sudoku(puzzle.layout_arc().clone());
            let cells = sudoku_cells(&puzzle);
            let (solution, difficulty) = state
                .compute_heavy("solving the puzzle", move || {
                    let budget = slot.budget();
                    let count = sudoku::count(
                        &puzzle,
                        &sudoku::Query::default().with_limit(2).with_budget(budget.clone()),
                    );
                    if let sudoku::Outcome::GaveUp(_) = count.outcome {
                        return Err(AppError::gave_up("solving the puzzle"));
                    }
                    unique(count.solutions)?;
                    let solution =
                        sudoku::solve(&puzzle, &sudoku::Query::default().with_budget(budget.clone()))
                            .map_err(|_| AppError::gave_up("solving the puzzle"))?
                            .ok_or_else(|| AppError::unprocessable("puzzle", "the puzzle has no solution"))?;
                    // Unrated when the rating runs out of time: the game is played all the same.
                    let difficulty = logic::rate_within(&puzzle, &budget)
                        .ok()
                        .filter(|rating| rating.solved)
                        .map(|rating| rating.difficulty.name().to_owned());
                    Ok::<_, AppError>((sudoku_cells(&solution), difficulty))
                })
                .await??;
            Ok((shape, difficulty, cells, solution))
        }
        Kind::Hidato => {
            let adjacency = parse_adjacency(body.adjacency.as_deref().unwrap_or("hidato"))?;
            let puzzle = parse_hidato(text, adjacency, "puzzle")?;
            let shape = hidato_shape(&puzzle);
            let cells = puzzle.cells().to_vec();
            let (solution, difficulty) = state
                .compute_heavy("solving the puzzle", move || {
                    let budget = slot.budget();
                    let count = hidato::count(
                        &puzzle,
                        &hidato::Query::default().with_limit(2).with_budget(budget.clone()),
                    )
                    .result()
                    .map_err(|_| AppError::gave_up("solving the puzzle"))?;
                    unique(count)?;
                    let solution =
                        hidato::solve(&puzzle, &hidato::Query::default().with_budget(budget.clone()))
                            .map_err(|_| AppError::gave_up("solving the puzzle"))?
                            .ok_or_else(|| AppError::unprocessable("puzzle", "the puzzle has no solution"))?;
                    let rating = hidato::rate(&puzzle);
                    let difficulty = (!rating.contradiction).then(|| rating.difficulty.name().to_owned());
                    Ok::<_, AppError>((solution.cells().to_vec(), difficulty))
                })
                .await??;
            Ok((shape, difficulty, cells, solution))
        }
    }
}

/// A family's pasted puzzle to play: read, counted, solved and rated by the library.
async fn family(
    state: &AppState,
    family: crate::family::FamilyRef,
    text: &str,
) -> AppResult<(Shape, Option<String>, Vec<i32>, Vec<i32>)> {
    let (played, slot) = (family.read(text, "puzzle")?, state.clone());
    let (shape, cells) = (Shape::of_played(played.clone()), played.givens().to_vec());
    let analyzed =
        state.compute_heavy("solving the puzzle", move || family.analyze(&played, &slot.budget())).await??;
    unique(analyzed.solutions)?;
    let solution = analyzed.solution.ok_or_else(|| AppError::gave_up("solving the puzzle"))?;
    Ok((shape, analyzed.difficulty.map(str::to_owned), cells, solution))
}

fn unique(solutions: u64) -> AppResult<()> {
    match solutions {
        0 => Err(AppError::unprocessable("puzzle", "the puzzle has no solution")),
        1 => Ok(()),
        _ => Err(AppError::unprocessable(
            "puzzle",
            "the puzzle has several solutions; only a puzzle with exactly one can be played",
        )),
    }
}
