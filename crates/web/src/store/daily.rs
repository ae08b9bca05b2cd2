//! The store's reads of the daily puzzle: the cached puzzle of a date and configuration, a
//! player's game of it, and its ranking. A daily's results are the rows of `results` whose
//! `daily` is its date; the index `results_ranked(kind, config, difficulty, ranked, daily, ms)`
//! answers each query here from the index alone.

use anyhow::Result;
use rusqlite::{params, OptionalExtension};

use super::{DailyRow, Store};
use crate::api::Record;
use crate::pool::PoolKey;

/// A player's standing in one daily.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DailyStanding {
    /// Whether the player started a game of it.
    pub played: bool,
    /// The player's solved game: (ms, ranked), the best when several.
    pub solved: Option<(i64, bool)>,
    /// Ranked results of the daily, everyone's.
    pub results: u64,
    /// The player's place, when their result is ranked.
    pub place: Option<u64>,
}

impl Store {
    /// The cached daily of `date` for `key`.
    pub(crate) async fn daily(&self, date: String, key: PoolKey) -> Result<Option<DailyRow>> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT seed, puzzle, solution, canon FROM daily
                 WHERE date = ?1 AND kind = ?2 AND config = ?3 AND difficulty = ?4",
            )?
            .query_row(params![date, key.kind, key.config, key.difficulty], |row| {
                Ok(DailyRow {
                    date: date.clone(),
                    kind: key.kind,
                    config: key.config.clone(),
                    difficulty: key.difficulty.clone(),
                    seed: row.get(0)?,
                    puzzle: row.get(1)?,
                    solution: row.get(2)?,
                    canon: row.get(3)?,
                })
            })
            .optional()
        })
        .await
    }

    /// Where `player` stands in the daily of `date` for `key`.
    pub(crate) async fn daily_standing(
        &self,
        player: Option<String>,
        date: String,
        key: PoolKey,
    ) -> Result<DailyStanding> {
        self.read(move |conn| {
            let results: i64 = conn
                .prepare_cached(
                    "SELECT COUNT(*) FROM results
                     WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1 AND daily = ?4",
                )?
                .query_row(params![key.kind, key.config, key.difficulty, date], |row| row.get(0))?;
            let mut standing = DailyStanding { results: results as u64, ..DailyStanding::default() };
            let Some(player) = player else { return Ok(standing) };
            standing.played = conn
                .prepare_cached(
                    "SELECT EXISTS(SELECT 1 FROM games WHERE player = ?1 AND daily = ?2 AND kind = ?3
                        AND config = ?4 AND difficulty = ?5)",
                )?
                .query_row(params![player, date, key.kind, key.config, key.difficulty], |row| row.get(0))?;
            standing.solved = conn
                .prepare_cached(
                    "SELECT ms, ranked FROM results WHERE player = ?1 AND daily = ?2 AND kind = ?3
                        AND config = ?4 AND difficulty = ?5 ORDER BY ranked DESC, ms LIMIT 1",
                )?
                .query_row(params![player, date, key.kind, key.config, key.difficulty], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })
                .optional()?;
            if let Some((ms, true)) = standing.solved {
                let better: i64 = conn
                    .prepare_cached(
                        "SELECT COUNT(*) FROM results WHERE kind = ?1 AND config = ?2 AND difficulty = ?3
                            AND ranked = 1 AND daily = ?4 AND ms < ?5",
                    )?
                    .query_row(params![key.kind, key.config, key.difficulty, date, ms], |row| row.get(0))?;
                standing.place = Some(better as u64 + 1);
            }
            Ok(standing)
        })
        .await
    }

    /// The best `limit` ranked results of the daily of `date` for `key`, best first.
    pub(crate) async fn daily_records(&self, date: String, key: PoolKey, limit: i64) -> Result<Vec<Record>> {
        self.read(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT ms, strftime('%Y-%m-%dT%H:%M:%SZ', finished_at / 1000, 'unixepoch'), assisted
                 FROM results
                 WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1 AND daily = ?4
                 ORDER BY ms, id LIMIT ?5",
            )?;
            let rows = stmt.query_map(params![key.kind, key.config, key.difficulty, date, limit], |row| {
                let ms: i64 = row.get(0)?;
                Ok(Record { assisted: row.get(2)?, finished_at: row.get(1)?, ms, seconds: ms / 1000 })
            })?;
            rows.collect()
        })
        .await
    }
}

impl Store {
    /// Whether `puzzle` (a stored puzzle text), or a puzzle whose answer has the key `canon`
    /// (`Shape::answer_key`: a disguised copy), is a daily of `date` of kind `kind`.
    pub(crate) async fn is_daily_of(
        &self,
        date: String,
        kind: crate::model::Kind,
        puzzle: String,
        canon: Option<String>,
    ) -> Result<bool> {
        self.read(move |conn| {
            conn.prepare_cached(
                "SELECT EXISTS(SELECT 1 FROM daily WHERE date = ?1 AND kind = ?2 AND puzzle = ?3)
                     OR EXISTS(SELECT 1 FROM daily WHERE date = ?1 AND kind = ?2 AND canon = ?4)",
            )?
            .query_row(params![date, kind, puzzle, canon], |row| row.get(0))
        })
        .await
    }
}
