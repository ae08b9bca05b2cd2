//! `POST /api/games/{id}/hint`: the rater's next step on the player's grid, explained, or the
//! next number revealed when the rules are stuck. Refused while the game is paused.

use axum::extract::{Path, State};
use axum::Json;
use tessera::hidato::{self, Hidato};
use tessera::sudoku::logic;

use super::games::playing;
use super::games::Grid;
use super::Body;
use crate::api::Hint;
use crate::error::{AppError, AppResult};
use crate::game::Source;
use crate::model::{to_sudoku, Shape};
use crate::state::AppState;
use crate::store::{now_ms, Write};

/// `POST /api/games/{id}/hint`: the rater's next step on the player's grid, explained. The game
/// is then assisted.
pub async fn hint(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(grid): Body<Grid>,
) -> AppResult<Json<Hint>> {
    let mut game = playing(&state, &id).await?;
    game.shape.validate(&game.puzzle, &grid.cells)?;
    let wrong: Vec<usize> = grid
        .cells
        .iter()
        .zip(&game.solution)
        .enumerate()
        .filter(|(_, (&v, &s))| v > 0 && v != s)
        .map(|(cell, _)| cell)
        .collect();
    if !wrong.is_empty() {
        let names: Vec<String> = wrong.iter().take(5).map(|&c| game.shape.cell_name(c)).collect();
        return Err(AppError::Conflict {
            message: format!("the grid has a mistake: {} cannot be right", names.join(", ")),
            wrong: Some(wrong),
        });
    }
    if game.shape.is_complete(&grid.cells) {
        return Err(AppError::conflict("the grid is already complete"));
    }
    let (shape, cells, solution) = (game.shape.clone(), grid.cells, game.solution.clone());
    let budget = state.budget();
    let step =
        state.compute("finding a hint", move || next_step(&shape, &cells, &solution, &budget)).await??;
    if !game.row.assisted {
        let mut row = game.row.clone();
        row.assisted = true;
        row.touched_at = now_ms();
        state.store.write(Write::UpdateGame(row.clone())).await?;
        game.row = row;
    }
    // A hint on a pasted copy gives out steps of that puzzle: its games in play are assisted too.
    if game.row.source == Source::Pasted {
        let (kind, puzzle, id) = (game.row.kind, game.row.puzzle.clone(), game.row.id.clone());
        crate::reveal::revealed(&state, kind, puzzle, Some(id)).await?;
    }
    Ok(Json(step))
}

/// The next step on a grid without mistakes: the rater's easiest technique, or the next number
/// revealed when the rules are stuck.
fn next_step(shape: &Shape, cells: &[i32], solution: &[i32], budget: &tessera::Budget) -> AppResult<Hint> {
    match shape {
        Shape::Family { played: Some(played), .. } => Ok(played.hint(cells, solution, budget)),
        Shape::Family { .. } => Err(AppError::Internal(anyhow::anyhow!("a family game without its puzzle"))),
        Shape::Sudoku(layout) => {
            let grid = to_sudoku(layout, cells)?;
            if let Some(step) = logic::hint(&grid) {
                let widen =
                    |pairs: Vec<(usize, u8)>| pairs.into_iter().map(|(c, d)| (c, i32::from(d))).collect();
                return Ok(Hint {
                    cells: step.cells,
                    eliminations: widen(step.eliminations),
                    explanation: step.explanation,
                    placements: widen(step.placements),
                    technique: step.technique.name().to_owned(),
                });
            }
            reveal(shape, cells, solution)
        }
        Shape::Hidato { width, height, adjacency } => {
            let board = Hidato::new(*width, *height, cells.to_vec(), *adjacency)
                .map_err(|err| AppError::bad("cells", err.to_string()))?;
            let rating = hidato::solve_logically(&board, hidato::Difficulty::Expert);
            match rating.steps.iter().find(|s| s.placed.is_some()).or(rating.steps.first()) {
                Some(step) => Ok(Hint {
                    cells: step.placed.map(|(cell, _)| vec![cell]).unwrap_or_default(),
                    eliminations: Vec::new(),
                    explanation: step.explanation.clone(),
                    placements: step.placed.map(|p| vec![p]).unwrap_or_default(),
                    technique: step.technique.name().to_owned(),
                }),
                None => reveal(shape, cells, solution),
            }
        }
    }
}

/// The first empty cell's value, from the solution.
fn reveal(shape: &Shape, cells: &[i32], solution: &[i32]) -> AppResult<Hint> {
    let cell = cells
        .iter()
        .position(|&v| v == 0)
        .ok_or_else(|| AppError::conflict("the grid is already complete"))?;
    let name = shape.cell_name(cell);
    Ok(Hint {
        cells: vec![cell],
        eliminations: Vec::new(),
        explanation: format!("No rule finds the next step here; {name} is {}.", solution[cell]),
        placements: vec![(cell, solution[cell])],
        technique: "reveal".to_owned(),
    })
}
