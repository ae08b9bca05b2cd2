//! `/api/games`: new games (from the pool, the daily puzzle, or pasted: `pasted`), resume,
//! check, pause, resume, quit (hints are in `hints`; the daily puzzle itself in `daily`).
//!
//! The honest-records rules live here: a paused game takes no check or hint (409) and its
//! `GET` hides the puzzle; a solved pool or daily game is ranked only at or above its floor
//! (`crate::floors`), and only if the writer finds it unassisted and within the caps on one
//! address (`store::caps`); every new game carries the player's cookie id (set here when absent).

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::Deserialize;
use tessera::sudoku;

use super::{Body, NoBody};
use crate::address::ClientAddr;
use crate::api::{Check, Paused, Quit};
use crate::error::{AppError, AppResult};
use crate::game::{Game, Source, Status};
use crate::model::{join_cells, Kind, Shape, Wanted};
use crate::pool::PoolKey;
use crate::state::AppState;
use crate::store::{now_ms, Caps, GameRow, PuzzleRow, Unranked, Write, Written};

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    kind: String,
    size: Option<usize>,
    pub(super) variant: Option<String>,
    width: Option<usize>,
    height: Option<usize>,
    pub(super) adjacency: Option<String>,
    difficulty: Option<String>,
    pub(super) puzzle: Option<String>,
    /// Today's daily puzzle of the configuration instead of a pool puzzle.
    #[serde(default)]
    daily: bool,
}

/// The [`Wanted`] of a request whose six parts are fields of the same names (`NewGame`, and
/// `records::ConfigQuery` for `GET /api/records` and the daily's queries).
macro_rules! wanted {
    ($request:expr) => {
        $crate::model::Wanted {
            size: $request.size,
            variant: $request.variant.as_deref(),
            width: $request.width,
            height: $request.height,
            adjacency: $request.adjacency.as_deref(),
            difficulty: $request.difficulty.as_deref(),
        }
    };
}
pub(super) use wanted;

impl NewGame {
    /// The configuration asked for.
    fn wanted(&self) -> Wanted<'_> {
        wanted!(self)
    }
}

/// The body of check: the player's grid, and whether it was finished while the server could not
/// be reached (the page sends it when the network is back; the server cannot vouch for the time,
/// so the result is kept unranked).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckBody {
    pub(crate) cells: Vec<i32>,
    #[serde(default)]
    pub(crate) offline: bool,
}

/// A game in play whose last stored change is older than this is stored again by a check, so
/// that the expiry (which reads the stored time) never takes a game someone is playing.
const TOUCH_EVERY_MS: i64 = 3600 * 1000;

/// `POST /api/games`
pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(body): Body<NewGame>,
) -> AppResult<impl IntoResponse> {
    let (player, cookie) = crate::player::ensure(&headers);
    let kind = Kind::parse(&body.kind)?;
    let (shape, difficulty, source, puzzle_id, puzzle, solution, daily) = match (&body.puzzle, body.daily) {
        (Some(_), true) => {
            return Err(AppError::bad("daily", "a daily game plays the daily puzzle: leave out \"puzzle\""));
        }
        (Some(text), false) => {
            let (shape, difficulty, puzzle, solution) =
                super::pasted::pasted(&state, kind, text, &body).await?;
            (shape, difficulty, Source::Pasted, None, puzzle, solution, None)
        }
        (None, true) => {
            let (shape, key) = configuration(kind, &body.wanted())?;
            let row = super::daily::puzzle_to_play(&state, &player, &key).await?;
            let (shape, puzzle, solution) = shape.load(&row.puzzle, &row.solution)?;
            (shape, Some(key.difficulty), Source::Daily, None, puzzle, solution, Some(row.date))
        }
        (None, false) => {
            let (shape, key) = configuration(kind, &body.wanted())?;
            let row = from_pool(&state, &key).await?;
            let (shape, puzzle, solution) = shape.load(&row.puzzle, &row.solution)?;
            (shape, Some(key.difficulty), Source::Pool, Some(row.id), puzzle, solution, None)
        }
    };
    let now = now_ms();
    let id = crate::game::new_id(now);
    let row = GameRow {
        puzzle_id,
        difficulty,
        puzzle: shape.stored_puzzle(&puzzle),
        solution: join_cells(&solution),
        player: Some(player),
        daily,
        canon: shape.answer_key(&solution),
        ..GameRow::started(id, source, kind, shape.key(), now)
    };
    state.store.write(Write::InsertGame(row.clone())).await?;
    let game = Game { row, shape, puzzle, solution };
    // Serialised now: the game moves into the cache below.
    let mut body = Json(game.view(now_ms())).into_response();
    if let Some(cookie) = cookie {
        body.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    tracing::debug!(id = %game.row.id, config = %game.row.config, "new game");
    state.remember(game);
    Ok((StatusCode::CREATED, body))
}

/// The shape and pool key a request asks for; 422 for a level the generator does not offer.
pub(super) fn configuration(kind: Kind, body: &Wanted<'_>) -> AppResult<(Shape, PoolKey)> {
    let difficulty = body.difficulty.unwrap_or("easy").to_owned();
    let shape = kind.shape(body, true)?;
    let levels = shape.levels();
    if !levels.contains(&difficulty.as_str()) {
        let message = format!(
            "difficulty {difficulty:?} is not offered for {} {}; the levels are {}",
            kind.name(),
            shape.key(),
            levels.join(", ")
        );
        // A level's name that this shape does not offer is a 422; a word that names no level, a 400.
        return Err(if kind.difficulties().contains(&difficulty.as_str()) {
            AppError::unprocessable("difficulty", message)
        } else {
            AppError::bad("difficulty", message)
        });
    }
    let key = PoolKey { kind, config: shape.key(), difficulty };
    Ok((shape, key))
}

/// A puzzle for a new game: an unplayed one from the pool, else one generated now, else the
/// least-played stored one.
async fn from_pool(state: &AppState, key: &PoolKey) -> AppResult<PuzzleRow> {
    if let Some(row) = state.pool.take(key).await {
        return Ok(row);
    }
    // At most one generation on the spot a second: under load a replay is better than a core
    // spent generating.
    if let Some(row) = state.pool.generate_now(key, state.config.generate_budget, false).await {
        return Ok(row);
    }
    if let Some(row) = state.pool.replay(key) {
        return Ok(row);
    }
    if let Some(row) = state.pool.generate_now(key, state.config.generate_budget, true).await {
        return Ok(row);
    }
    let (config, difficulty) = (key.config.clone(), key.difficulty.clone());
    state.store.least_played(key.kind, config, difficulty).await?.ok_or_else(|| {
        AppError::Busy(format!(
            "no {} {} puzzle is ready yet; try again in a few seconds",
            key.config, key.difficulty
        ))
    })
}

/// `GET /api/games/{id}`; while paused, `puzzle` and `share` are `null`.
pub async fn get(State(state): State<AppState>, Path(id): Path<String>) -> AppResult<impl IntoResponse> {
    let game = state.game(&id).await?;
    let game = game.lock().await;
    Ok(Json(game.view(now_ms())).into_response())
}

fn over(game: &Game) -> AppError {
    AppError::conflict(format!("the game is over ({})", game.row.status.name()))
}

/// `POST /api/games/{id}/check`
pub async fn check(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ClientAddr(addr): ClientAddr,
    Body(grid): Body<CheckBody>,
) -> AppResult<Json<Check>> {
    let mut game = playing(&state, &id).await?;
    game.shape.validate(&game.puzzle, &grid.cells)?;
    let conflicts = game.shape.conflicts(&grid.cells);
    let complete = game.shape.is_complete(&grid.cells);
    let solved = complete && conflicts.is_empty() && game.shape.is_solution(&grid.cells);
    let now = now_ms();
    if !solved {
        if now - game.row.touched_at > TOUCH_EVERY_MS {
            let mut row = game.row.clone();
            row.touched_at = now;
            state.store.write(Write::UpdateGame(row.clone())).await?;
            game.row = row;
        }
        return Ok(Json(Check {
            complete,
            conflicts,
            of: None,
            place: None,
            ranked: None,
            reason: None,
            unranked: None,
            seconds: game.seconds(now),
            solved: false,
        }));
    }
    let mut row = game.row.clone();
    let ms = game.played_ms(now);
    row.ms = Some(ms);
    row.finished_at = Some(now);
    row.paused_at = None;
    row.status = Status::Solved;
    row.touched_at = now;
    let (ranked, mut reason, mut unranked) = if grid.offline {
        (
            false,
            "not ranked: finished offline, so the server could not time it; the result is kept".to_owned(),
            Some("offline"),
        )
    } else {
        ranking(&game, ms, &state.config)
    };
    let caps = Caps {
        top_per_address: state.config.top_per_address,
        daily_once_per_address: state.config.daily_once_per_address,
    };
    let solve = Write::Solve { row: row.clone(), ranked, addr, caps };
    let (place, ranked) = match state.store.write(solve).await? {
        Written::Placed(place) => (place, ranked),
        Written::Unranked(why) => {
            (reason, unranked) =
                (unranked_reason(why, state.config.top_per_address), Some(unranked_key(why)));
            (None, false)
        }
        Written::Gone => {
            drop(game);
            state.forget(&[id]);
            return Err(AppError::conflict("the game was abandoned too long and has expired"));
        }
        _ => (None, ranked),
    };
    game.row = row;
    tracing::info!(id = %game.row.id, config = %game.row.config, ms, ranked, "solved");
    Ok(Json(Check {
        complete: true,
        conflicts: Vec::new(),
        of: place.map(|p| p.of),
        place: place.map(|p| p.place),
        ranked: Some(ranked),
        reason: Some(reason),
        unranked,
        seconds: ms / 1000,
        solved: true,
    }))
}

/// Whether a game solved in `ms` is ranked as far as the game itself tells, and why (for the
/// player, and as the key the page words it by when unranked). Only pool and daily games are ranked, and only at or above their floor
/// (`crate::floors`: the hands' and the configuration's, the higher); the writer then checks
/// what the store knows ([`unranked_reason`]).
fn ranking(game: &Game, ms: i64, config: &crate::config::Config) -> (bool, String, Option<&'static str>) {
    if game.row.source == Source::Pasted {
        let reason = "not ranked: a pasted puzzle is not ranked, as it could be any puzzle".to_owned();
        return (false, reason, Some("pasted"));
    }
    let to_fill = game.shape.to_fill(&game.puzzle);
    let floor = crate::floors::floor(
        &game.shape,
        game.row.difficulty.as_deref(),
        to_fill,
        config.floor_ms_per_cell,
        config.floor_percent,
    );
    if ms < floor.ms {
        let reason = format!(
            "not ranked: solved in {:.1} s, under {}; the result is kept but not ranked",
            ms as f64 / 1000.0,
            floor.why
        );
        return (false, reason, Some("too-fast"));
    }
    (true, format!("ranked: at or above {}", floor.why), None)
}

/// The key of a result the writer left unranked (`Check::unranked`).
fn unranked_key(why: Unranked) -> &'static str {
    match why {
        Unranked::Assisted => "assisted",
        Unranked::DailyRanked => "daily-taken",
        Unranked::TopCap(_) => "address-cap",
    }
}

/// The reason, for the player, of a result the writer left unranked.
fn unranked_reason(why: Unranked, cap: u32) -> String {
    match why {
        Unranked::Assisted => "not ranked: assisted (a hint was used, or this puzzle was solved by the \
                               server's solver while it was played); the result is kept"
            .to_owned(),
        Unranked::DailyRanked => "not ranked: this daily puzzle already has a ranked result from this \
                                  player or this address (one per day; a shared address counts once); \
                                  the result is kept"
            .to_owned(),
        Unranked::TopCap(held) => format!(
            "not ranked: this address already holds {held} of the top 20 places of this configuration \
             (at most {cap} per address); the result is kept"
        ),
    }
}

/// `POST /api/games/{id}/pause`
pub async fn pause(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _: NoBody,
) -> AppResult<Json<Paused<'static>>> {
    let (game, now) = change_game(&state, &id, |row, now| {
        if row.paused_at.is_some() {
            return false;
        }
        row.paused_at = Some(now);
        row.status = Status::Paused;
        true
    })
    .await?;
    Ok(Json(Paused { game: None, paused: true, seconds: game.seconds(now) }))
}

/// `POST /api/games/{id}/resume`: answers with the game too, its puzzle shown again.
pub async fn resume(
    State(state): State<AppState>,
    Path(id): Path<String>,
    _: NoBody,
) -> AppResult<impl IntoResponse> {
    let (game, now) = change_game(&state, &id, |row, now| {
        let Some(paused_at) = row.paused_at else { return false };
        row.paused_ms += (now - paused_at).max(0);
        row.paused_at = None;
        row.status = Status::Playing;
        true
    })
    .await?;
    Ok(Json(Paused { game: Some(game.view(now)), paused: false, seconds: game.seconds(now) }).into_response())
}

/// `POST /api/games/{id}/quit`
pub async fn quit(State(state): State<AppState>, Path(id): Path<String>, _: NoBody) -> AppResult<Json<Quit>> {
    change_game(&state, &id, |row, now| {
        row.finished_at = Some(now);
        row.status = Status::Quit;
        true
    })
    .await?;
    Ok(Json(Quit { status: Status::Quit }))
}

/// The game `id`, locked, if it is still in play (a finished one answers 409).
async fn in_play(state: &AppState, id: &str) -> AppResult<tokio::sync::OwnedMutexGuard<Game>> {
    let game = state.game(id).await?.lock_owned().await;
    if game.is_over() {
        return Err(over(&game));
    }
    Ok(game)
}

/// The game `id`, locked, if it is being played: over answers 409, and so does paused (no
/// check or hint while the clock is stopped).
pub(super) async fn playing(state: &AppState, id: &str) -> AppResult<tokio::sync::OwnedMutexGuard<Game>> {
    let game = in_play(state, id).await?;
    if game.row.status == Status::Paused {
        return Err(AppError::conflict("the game is paused: resume it to check the grid or ask for a hint"));
    }
    Ok(game)
}

/// Changes a game still in play: `change` edits a copy of its row at time `now` (answering
/// whether anything changed), the copy is stored, and only then replaces the row in memory.
/// Answers with the game, still locked, and `now`.
async fn change_game(
    state: &AppState,
    id: &str,
    change: impl FnOnce(&mut GameRow, i64) -> bool,
) -> AppResult<(tokio::sync::OwnedMutexGuard<Game>, i64)> {
    let mut game = in_play(state, id).await?;
    let now = now_ms();
    let mut row = game.row.clone();
    if change(&mut row, now) {
        row.touched_at = now;
        state.store.write(Write::UpdateGame(row.clone())).await?;
        game.row = row;
    }
    Ok((game, now))
}

impl AppState {
    /// A fresh budget for one solve or count of a pasted puzzle.
    pub fn budget(&self) -> sudoku::Budget {
        sudoku::Budget::unlimited().with_nodes(self.config.solve_nodes).with_timeout(self.config.solve_budget)
    }
}
