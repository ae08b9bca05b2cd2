//! `/api/puzzles`: analyse a pasted puzzle (count its solutions up to 2, solve it, rate it) and
//! verify an answer. Every search runs with a budget; an overrun answers 422 "gave up".
//!
//! Analyze gives out the solution, so every game in play of the same puzzle is then assisted,
//! and one of today's daily puzzles is refused (409) until the next day (`crate::reveal`).
//! Verify gives out nothing the rules do not: it checks an answer the client already has.

use super::Body;
use crate::api::{Analysis, Verdict};
use crate::error::{AppError, AppResult};
use crate::model::Kind;
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use serde::Deserialize;

/// The body of analyze and verify.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleText {
    kind: String,
    puzzle: String,
    /// Verify only.
    answer: Option<String>,
    /// Sudoku: `"x"` adds the diagonals.
    variant: Option<String>,
    /// Hidato: `"hidato"` (default) or `"numbrix"`.
    adjacency: Option<String>,
}

/// `POST /api/puzzles/analyze`
pub async fn analyze(
    State(state): State<AppState>,
    Body(body): Body<PuzzleText>,
) -> AppResult<Json<Analysis>> {
    // The budget starts when the work gets its CPU slot, not while it waits for one.
    let slot = state.clone();
    let kind = Kind::parse(&body.kind)?;
    let pasted = kind.read(&body.puzzle, body.variant.as_deref(), body.adjacency.as_deref())?;
    // The puzzle's text as the games store it, to find the games in play of it.
    let stored = pasted.stored();
    crate::reveal::refuse_daily(&state, kind, &stored, None).await?;
    let givens = pasted.clues();
    // The key of the answer (the same for a disguised copy), made on the compute thread too: a
    // 16x16 Sudoku's canonical form takes milliseconds.
    let (found, canon) = state
        .compute_heavy("counting the solutions", move || {
            let found = pasted.analyze(&slot.budget())?;
            let canon = match (&found.solution, pasted.to_play()) {
                (Some(solution), Ok((shape, _))) => shape.answer_key(solution),
                _ => None,
            };
            Ok::<_, AppError>((found, canon))
        })
        .await??;
    let answer = Analysis {
        difficulty: found.difficulty,
        givens,
        solution: found.solution,
        solutions: found.solutions,
        unique: found.solutions == 1,
    };
    if answer.solution.is_some() {
        crate::reveal::revealed(&state, kind, stored, canon, None).await?;
    }
    Ok(Json(answer))
}

/// `POST /api/puzzles/verify`
pub async fn verify(Body(body): Body<PuzzleText>) -> AppResult<Json<Verdict>> {
    let answer = body.answer.as_deref().ok_or_else(|| AppError::bad("answer", "answer: missing"))?;
    let puzzle =
        Kind::parse(&body.kind)?.read(&body.puzzle, body.variant.as_deref(), body.adjacency.as_deref())?;
    let violations = puzzle.verify(answer)?;
    Ok(Json(Verdict { valid: violations.is_empty(), violations }))
}
