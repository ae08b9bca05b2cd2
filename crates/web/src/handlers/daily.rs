//! `/api/daily`: the daily puzzle of a configuration (how it is chosen and made is in
//! `crate::daily`), the player's standing in it, and its ranking by date.
//!
//! A daily game is started with `POST /api/games` and `"daily": true` (`games::create`, through
//! `puzzle_to_play`); it is then a game like any other (timer, pause, check, hint, floor,
//! expiry, rate limit), whose result goes to the ranking of the date it started on. A player who
//! has solved a daily cannot start it again (409): they know its solution. The cookie proves
//! nothing about a person, so this only keeps honest players honest (docs/web.md).
//!
//! The queries take the configuration as `GET /api/records` does; an unknown key is a 400
//! naming it, like an unknown key of a body.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::Json;

use super::games::configuration;
use super::records::{ConfigQuery, TOP};
use crate::api::{Daily, DailyRecords};
use crate::daily::Date;
use crate::error::{AppError, AppResult};
use crate::model::Kind;
use crate::pool::PoolKey;
use crate::state::AppState;
use crate::store::DailyRow;

/// The configuration of a query, checked against the ones offered (as for a new game); a
/// `config` key is for the records only.
fn key_of(q: &ConfigQuery) -> AppResult<PoolKey> {
    if q.config.is_some() {
        return Err(AppError::bad("config", "the daily takes the configuration's parts, not its key"));
    }
    let kind = Kind::parse(q.kind.as_deref().unwrap_or("sudoku"))?;
    Ok(configuration(kind, &q.wanted())?.1)
}

/// `GET /api/daily?kind=sudoku&size=9&variant=classic&difficulty=easy`: today's date (UTC) and
/// where the player of the cookie stands. Does not make the puzzle (starting a game does).
pub async fn today(
    State(state): State<AppState>,
    headers: HeaderMap,
    q: Result<Query<ConfigQuery>, QueryRejection>,
) -> AppResult<Json<Daily>> {
    let q = ConfigQuery::read(q)?;
    if q.date.is_some() {
        return Err(AppError::bad(
            "date",
            "the daily to play is today's; GET /api/daily/records takes a date",
        ));
    }
    let key = key_of(&q)?;
    let date = state.config.today.date().to_string();
    let player = crate::player::from_headers(&headers);
    let standing = state.store.daily_standing(player, date.clone(), key.clone()).await?;
    Ok(Json(Daily {
        config: key.config,
        date,
        difficulty: key.difficulty,
        kind: key.kind,
        place: standing.place,
        played: standing.played,
        results: standing.results,
        seconds: standing.solved.map(|(ms, _)| ms / 1000),
        solved: standing.solved.is_some(),
    }))
}

/// `GET /api/daily/records?date=2026-05-01&kind=sudoku&size=9&...`: the ranking of one day's
/// daily, best first (up to 20); `date` defaults to today.
pub async fn records(
    State(state): State<AppState>,
    q: Result<Query<ConfigQuery>, QueryRejection>,
) -> AppResult<Json<DailyRecords>> {
    let q = ConfigQuery::read(q)?;
    let key = key_of(&q)?;
    let date = match &q.date {
        Some(text) => Date::parse(text, "date")?,
        None => state.config.today.date(),
    }
    .to_string();
    let records = state.store.daily_records(date.clone(), key.clone(), TOP).await?;
    Ok(Json(DailyRecords { config: key.config, date, difficulty: key.difficulty, kind: key.kind, records }))
}

/// Today's daily of `key` for a new game of `player`: 409 if they solved it already; else the
/// puzzle, made now if it is the first game of it (503 while that takes longer than a request).
pub(super) async fn puzzle_to_play(state: &AppState, player: &str, key: &PoolKey) -> AppResult<DailyRow> {
    let date = state.config.today.date();
    let standing = state.store.daily_standing(Some(player.to_owned()), date.to_string(), key.clone()).await?;
    if let Some((ms, _)) = standing.solved {
        let s = ms / 1000;
        return Err(AppError::conflict(format!(
            "you solved the daily puzzle of {date} ({} {}) already, in {:02}:{:02}:{:02}; a new one comes at \
             midnight UTC",
            key.config,
            key.difficulty,
            s / 3600,
            s / 60 % 60,
            s % 60
        )));
    }
    state.dailies.get(&state.store, date, key).await
}
