//! `/api/puzzles`: analyse a pasted puzzle (count its solutions up to 2, solve it, rate it) and
//! verify an answer. Every search runs with a budget; an overrun answers 422 "gave up".
//!
//! Analyze gives out the solution, so every game in play of the same puzzle is then assisted,
//! and one of today's daily puzzles is refused (409) until the next day (`crate::reveal`).
//! Verify gives out nothing the rules do not: it checks an answer the client already has.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use tessera::hidato;
use tessera::sudoku::{self, logic, Sudoku};

use super::Body;
use crate::api::{Analysis, Verdict};
use crate::error::{AppError, AppResult};
use crate::model::{join_cells, parse_adjacency, parse_hidato, parse_sudoku, sudoku_cells, Kind};
use crate::state::AppState;

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
    // The puzzle's text as the games store it, to find the games in play of it.
    let stored: String;
    let answer = match kind {
        Kind::Family(family) => {
            let played = family.read(&body.puzzle, "puzzle")?;
            stored = played.text().to_owned();
            crate::reveal::refuse_daily(&state, kind, &stored).await?;
            let givens = played.givens().iter().filter(|&&v| v > 0).count();
            let found = state
                .compute_heavy("counting the solutions", move || family.analyze(&played, &slot.budget()))
                .await??;
            Analysis {
                difficulty: found.difficulty,
                givens,
                solution: found.solution,
                solutions: found.solutions,
                unique: found.solutions == 1,
            }
        }
        Kind::Sudoku => {
            let puzzle = parse_sudoku(&body.puzzle, body.variant.as_deref(), "puzzle")?;
            stored = join_cells(&sudoku_cells(&puzzle));
            crate::reveal::refuse_daily(&state, kind, &stored).await?;
            state
                .compute_heavy("counting the solutions", move || {
                    let budget = slot.budget();
                    let count = sudoku::count(
                        &puzzle,
                        &sudoku::Query::default().with_limit(2).with_budget(budget.clone()),
                    );
                    if let sudoku::Outcome::GaveUp(_) = count.outcome {
                        return Err(AppError::gave_up("counting the solutions"));
                    }
                    let solution = if count.solutions > 0 {
                        sudoku::solve(&puzzle, &sudoku::Query::default().with_budget(budget.clone()))
                            .map_err(|_| AppError::gave_up("solving"))?
                            .map(|s| sudoku_cells(&s))
                    } else {
                        None
                    };
                    // A rating that runs out of time is left out; the count and solution stand.
                    let difficulty = (count.solutions == 1)
                        .then(|| logic::rate_within(&puzzle, &budget).ok())
                        .flatten()
                        .filter(|rating| rating.solved)
                        .map(|rating| rating.difficulty.name());
                    Ok::<_, AppError>(Analysis {
                        difficulty,
                        givens: puzzle.clues(),
                        solution,
                        solutions: count.solutions,
                        unique: count.solutions == 1,
                    })
                })
                .await??
        }
        Kind::Hidato => {
            let adjacency = parse_adjacency(body.adjacency.as_deref().unwrap_or("hidato"))?;
            let puzzle = parse_hidato(&body.puzzle, adjacency, "puzzle")?;
            stored = join_cells(puzzle.cells());
            crate::reveal::refuse_daily(&state, kind, &stored).await?;
            state
                .compute_heavy("counting the solutions", move || {
                    let budget = slot.budget();
                    let solutions = hidato::count(
                        &puzzle,
                        &hidato::Query::default().with_limit(2).with_budget(budget.clone()),
                    )
                    .result()
                    .map_err(|_| AppError::gave_up("counting the solutions"))?;
                    let solution = if solutions > 0 {
                        hidato::solve(&puzzle, &hidato::Query::default().with_budget(budget.clone()))
                            .map_err(|_| AppError::gave_up("solving"))?
                            .map(|s| s.cells().to_vec())
                    } else {
                        None
                    };
                    let difficulty = (solutions == 1).then(|| hidato::rate(&puzzle).difficulty.name());
                    Ok::<_, AppError>(Analysis {
                        difficulty,
                        givens: puzzle.givens(),
                        solution,
                        solutions,
                        unique: solutions == 1,
                    })
                })
                .await??
        }
    };
    if answer.solution.is_some() {
        crate::reveal::revealed(&state, kind, stored, None).await?;
    }
    Ok(Json(answer))
}

/// `POST /api/puzzles/verify`
pub async fn verify(Body(body): Body<PuzzleText>) -> AppResult<Json<Verdict>> {
    let answer = body.answer.as_deref().ok_or_else(|| AppError::bad("answer", "answer: missing"))?;
    let violations: Vec<String> = match Kind::parse(&body.kind)? {
        Kind::Family(family) => family.read(&body.puzzle, "puzzle")?.verify_text(answer)?,
        Kind::Sudoku => {
            let puzzle = parse_sudoku(&body.puzzle, body.variant.as_deref(), "puzzle")?;
            let mut answer = parse_sudoku(answer, None, "answer")?;
            // An answer written as a plain line takes the puzzle's diagonals or regions.
            let plain = sudoku::Layout::classic(answer.layout().size()).ok();
            if answer.layout() != puzzle.layout()
                && answer.layout().size() == puzzle.layout().size()
                && plain.as_ref() == Some(answer.layout())
            {
                answer = Sudoku::from_digits(puzzle.layout_arc().clone(), answer.cells().to_vec())
                    .map_err(|err| AppError::bad("answer", format!("answer: {err}")))?;
            }
            sudoku::verify(&puzzle, &answer).violations().iter().map(ToString::to_string).collect()
        }
        Kind::Hidato => {
            let adjacency = parse_adjacency(body.adjacency.as_deref().unwrap_or("hidato"))?;
            let puzzle = parse_hidato(&body.puzzle, adjacency, "puzzle")?;
            let parsed = if answer.trim_start().starts_with(char::is_numeric) && answer.contains(':') {
                parse_hidato(answer, puzzle.adjacency(), "answer").map(Some)
            } else {
                match hidato::parse_puzzle(answer, puzzle.adjacency()) {
                    Ok(answer) => Ok(Some(answer)),
                    // A number twice or out of range is no board, but it is a wrong answer.
                    Err(tessera::Error::Parse(err))
                        if matches!(
                            err.kind.downcast_ref::<hidato::ReadError>(),
                            Some(hidato::ReadError::Twice { .. } | hidato::ReadError::TooLarge { .. })
                        ) =>
                    {
                        return Ok(Json(Verdict { valid: false, violations: vec![format!("answer: {err}")] }))
                    }
                    Err(err) => Err(AppError::bad("answer", format!("answer: {err}"))),
                }
            };
            match parsed? {
                Some(answer) => {
                    hidato::verify(&puzzle, &answer).violations().iter().map(ToString::to_string).collect()
                }
                None => Vec::new(),
            }
        }
    };
    Ok(Json(Verdict { valid: violations.is_empty(), violations }))
}
