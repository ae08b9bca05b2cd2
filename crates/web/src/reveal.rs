//! What happens when the server gives out a puzzle's answer (`POST /api/puzzles/analyze`, and a
//! hint on a pasted copy of a puzzle): every game in play of that puzzle is marked assisted, so
//! that its result is kept but not ranked, whoever asked and whether or not the request carried
//! the player's cookie. The games are found by their stored puzzle text (the partial index
//! `games_in_play_by_puzzle`), the cached ones updated too.
//!
//! Today's daily puzzles are the exception: everyone plays them, so marking their games would let
//! anyone spoil everyone's daily. The server refuses to give out their answers until the next
//! UTC day instead (409); docs/web.md, "Answers given out", says why.

use crate::error::{AppError, AppResult};
use crate::model::Kind;
use crate::state::AppState;
use crate::store::{Write, Written};

/// The 409 of a request for the answer of one of today's daily puzzles.
fn daily_refused() -> AppError {
    AppError::conflict(
        "this is one of today's daily puzzles: the server does not solve it or give hints on a copy of \
         it until the next UTC day, so that its ranking stays fair; play it with \"Daily puzzle\"",
    )
}

/// Refuses (409) a puzzle that is one of today's dailies (its stored text `stored`).
pub async fn refuse_daily(state: &AppState, kind: Kind, stored: &str) -> AppResult<()> {
    let today = state.config.today.date().to_string();
    if state.store.is_daily_of(today, kind, stored.to_owned()).await? {
        return Err(daily_refused());
    }
    Ok(())
}

/// The answer of the puzzle whose stored text is `stored` is about to be given out: refuses
/// one of today's dailies (409), else marks every game in play of it assisted but `except`.
pub async fn revealed(state: &AppState, kind: Kind, stored: String, except: Option<String>) -> AppResult<()> {
    refuse_daily(state, kind, &stored).await?;
    let Written::Assisted(ids) = state.store.write(Write::Reveal { puzzle: stored, except }).await? else {
        return Ok(());
    };
    for id in &ids {
        if let Some(game) = state.cached(id) {
            game.lock().await.row.assisted = true;
        }
    }
    if !ids.is_empty() {
        tracing::info!(games = ids.len(), "answer given out: games in play of the puzzle marked assisted");
    }
    Ok(())
}
