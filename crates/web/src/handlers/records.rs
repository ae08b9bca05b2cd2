//! `/api/records`: best times per configuration, and the summary of every configuration played.
//! Only ranked results are listed: games from the pool (a pasted puzzle could be anything)
//! solved at or above the floor of their puzzle (a faster one is kept, unranked). Daily results
//! (`daily` not NULL) are ranked only in their day's ranking (`handlers::daily`), never here.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use rusqlite::params;
use serde::Deserialize;

use super::games::wanted;
use crate::api::{Best, Record, Records, Summary};
use crate::error::{AppError, AppResult};
use crate::model::{Kind, Shape, Wanted};
use crate::state::AppState;

/// The query of `GET /api/records` and of the daily's (`handlers::daily`): a configuration by
/// its parts (or, for the records, its `config` key), and for the daily's ranking a `date`. An
/// unknown key is a 400 naming it, like an unknown key of a body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigQuery {
    pub(super) kind: Option<String>,
    pub(super) size: Option<usize>,
    pub(super) variant: Option<String>,
    pub(super) width: Option<usize>,
    pub(super) height: Option<usize>,
    pub(super) adjacency: Option<String>,
    /// Records only: the configuration key itself, e.g. `9x9 classic`, instead of its parts.
    pub(super) config: Option<String>,
    pub(super) difficulty: Option<String>,
    /// The daily's records only: the day, `YYYY-MM-DD` (default today).
    pub(super) date: Option<String>,
}

impl ConfigQuery {
    /// The query, or a 400 naming the key at fault: an unknown or missing key as serde names it,
    /// and a value that is not what its key takes (`size=-1`) by the key, with what it takes.
    pub(super) fn read(q: Result<Query<ConfigQuery>, QueryRejection>) -> AppResult<ConfigQuery> {
        q.map(|Query(q)| q).map_err(|rejection| {
            let text = rejection.body_text();
            if let Some(field) = super::named_field(&text) {
                return AppError::BadRequest { field: Some(field), message: text };
            }
            // "Failed to deserialize query string: size: invalid digit found in string"
            let key = text.split(": ").nth(1).and_then(|key| NUMBERS.iter().find(|&&n| n == key));
            match key {
                Some(&key) => AppError::bad(
                    key,
                    format!(
                        "{key}: a whole number is expected, such as 9 (GET /api/options lists the sizes)"
                    ),
                ),
                None => AppError::BadRequest { field: None, message: text },
            }
        })
    }

    /// The configuration asked for (its parts, before they are checked).
    pub(super) fn wanted(&self) -> Wanted<'_> {
        wanted!(self)
    }
}

/// The keys of [`ConfigQuery`] that take a number.
const NUMBERS: [&str; 3] = ["size", "width", "height"];

/// Results listed, at most.
pub(super) const TOP: i64 = 20;

/// `GET /api/records?kind=sudoku&size=9&variant=classic&difficulty=hard`
pub async fn list(
    State(state): State<AppState>,
    q: Result<Query<ConfigQuery>, QueryRejection>,
) -> AppResult<Json<Records>> {
    let q = ConfigQuery::read(q)?;
    if q.date.is_some() {
        return Err(AppError::bad(
            "date",
            "the records are of every day; GET /api/daily/records takes a date",
        ));
    }
    let kind = Kind::parse(q.kind.as_deref().unwrap_or("sudoku"))?;
    let config = match &q.config {
        Some(config) => Shape::from_key(kind, config)?.key(),
        None => kind.shape(&q.wanted(), false)?.key(),
    };
    let difficulty =
        q.difficulty.clone().ok_or_else(|| AppError::bad("difficulty", "difficulty: missing"))?;
    let records = state
        .store
        .read(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT ms, strftime('%Y-%m-%dT%H:%M:%SZ', finished_at / 1000, 'unixepoch'), assisted
                 FROM results WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1
                    AND daily IS NULL
                 ORDER BY ms, id LIMIT ?4",
            )?;
            let rows = stmt.query_map(params![kind, config, difficulty, TOP], |row| {
                let ms: i64 = row.get(0)?;
                Ok(Record { assisted: row.get(2)?, finished_at: row.get(1)?, ms, seconds: ms / 1000 })
            })?;
            rows.collect::<rusqlite::Result<Vec<Record>>>()
        })
        .await?;
    Ok(Json(Records { records }))
}

/// `GET /api/records/summary`: per kind, configuration and level, the best time (unassisted
/// when there is one) and the number of games.
pub async fn summary(State(state): State<AppState>) -> AppResult<Json<Summary>> {
    let best = state
        .store
        .read(|conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT kind, config, difficulty, COALESCE(MIN(CASE WHEN assisted = 0 THEN ms END), MIN(ms)),
                        COUNT(*), MIN(CASE WHEN assisted = 0 THEN ms END) IS NULL
                 FROM results WHERE ranked = 1 AND daily IS NULL
                 GROUP BY kind, config, difficulty ORDER BY kind, config, difficulty",
            )?;
            let rows = stmt.query_map([], |row| {
                let ms: i64 = row.get(3)?;
                Ok(Best {
                    assisted: row.get(5)?,
                    config: row.get(1)?,
                    difficulty: row.get(2)?,
                    games: row.get(4)?,
                    kind: row.get(0)?,
                    ms,
                    seconds: ms / 1000,
                })
            })?;
            rows.collect::<rusqlite::Result<Vec<Best>>>()
        })
        .await?;
    Ok(Json(Summary { best }))
}
