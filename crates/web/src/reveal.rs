//! What happens when the server gives out a puzzle's answer (`POST /api/puzzles/analyze`, a hint
//! on a pasted copy of a puzzle, the Learn view's searches): every game in play of that puzzle is
//! marked assisted, so that its result is kept but not ranked, whoever asked and whether or not
//! the request carried the player's cookie. The games are found by their stored puzzle text and
//! by the key of the answer (`Shape::answer_key`: the same for a copy turned, reflected,
//! transposed or relabelled, and for Sudoku under its whole group of moves), through the partial
//! indexes `games_in_play_by_puzzle` and `games_in_play_by_canon`; the cached games are updated
//! too.
//!
//! Today's daily puzzles are the exception: everyone plays them, so marking their games would let
//! anyone spoil everyone's daily. The server refuses to give out their answers, by text or by
//! key, until the next UTC day instead (409); docs/web.md, "Answers given out", says why.

use crate::error::{AppError, AppResult};
use crate::model::{Kind, Shape};
use crate::state::AppState;
use crate::store::{Write, Written};

/// The 409 of a request for the answer of one of today's daily puzzles.
fn daily_refused() -> AppError {
    AppError::conflict(
        "this is one of today's daily puzzles: the server does not solve it or give hints on a copy of \
         it until the next UTC day, so that its ranking stays fair; play it with \"Daily puzzle\"",
    )
}

/// Refuses (409) a puzzle that is one of today's dailies: its stored text `stored`, or a copy of
/// one whose answer has the key `canon`.
pub async fn refuse_daily(state: &AppState, kind: Kind, stored: &str, canon: Option<&str>) -> AppResult<()> {
    let today = state.config.today.date().to_string();
    if state.store.is_daily_of(today, kind, stored.to_owned(), canon.map(str::to_owned)).await? {
        return Err(daily_refused());
    }
    Ok(())
}

/// The answer of the puzzle whose stored text is `stored` and whose answer's key is `canon` is
/// about to be given out: refuses one of today's dailies (409), else marks every game in play of
/// it assisted but `except`.
pub async fn revealed(
    state: &AppState,
    kind: Kind,
    stored: String,
    canon: Option<String>,
    except: Option<String>,
) -> AppResult<()> {
    refuse_daily(state, kind, &stored, canon.as_deref()).await?;
    let Written::Assisted(ids) = state.store.write(Write::Reveal { puzzle: stored, canon, except }).await?
    else {
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

/// The Learn view is about to search the puzzle of `shape` with these `cells` (its steps walk to
/// the answer, and `to=end` returns it): the same rules as analyze. The answer's key comes from
/// `solve` (the library's solver within the Learn view's budget, on its own slots; `None`: no
/// unique answer found, and only the puzzle's text marks games).
pub async fn searched<F>(state: &AppState, shape: Shape, cells: Vec<i32>, solve: F) -> AppResult<()>
where
    F: FnOnce() -> Option<Vec<i32>> + Send + 'static,
{
    let kind = shape.kind();
    let stored = shape.stored_puzzle(&cells);
    let canon = state.learn.run(move || Ok(solve().and_then(|solution| shape.answer_key(&solution)))).await?;
    revealed(state, kind, stored, canon, None).await
}
