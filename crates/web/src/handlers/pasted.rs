//! A pasted or shared puzzle to play (`POST /api/games` with `puzzle`): it must have exactly
//! one solution, found within the solving budget, and is rated when the rater finishes in time.
//! Pasted games are never ranked (the puzzle could be anything).

use super::games::NewGame;
use crate::error::{AppError, AppResult};
use crate::model::{Kind, Shape};
use crate::state::AppState;

/// A pasted puzzle to play: it must have exactly one solution, found within budget. Unrated when
/// the rating runs out of time: the game is played all the same.
pub(super) async fn pasted(
    state: &AppState,
    kind: Kind,
    text: &str,
    body: &NewGame,
) -> AppResult<(Shape, Option<String>, Vec<i32>, Vec<i32>)> {
    let puzzle = kind.read(text, body.variant.as_deref(), body.adjacency.as_deref())?;
    let (shape, cells) = puzzle.to_play()?;
    // The budget starts when the work gets its CPU slot, not while it waits for one.
    let slot = state.clone();
    let analyzed =
        state.compute_heavy("solving the puzzle", move || puzzle.analyze(&slot.budget())).await??;
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
