//! `GET /api/me/stats`: the statistics of the player the cookie names (see `crate::player`):
//! games played and solved, streaks of days with a solve, and the best and average time of each
//! configuration (ordinary ranked results: a daily's is ranked only in its day's ranking,
//! though it counts as played and solved and in the streaks). Days are UTC days.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use rusqlite::params;

use crate::api::{MyBest, MyStats};
use crate::error::AppResult;
use crate::state::AppState;
use crate::store::now_ms;

const DAY_MS: i64 = 24 * 3600 * 1000;

/// `GET /api/me/stats`
pub async fn stats(State(state): State<AppState>, headers: HeaderMap) -> AppResult<Json<MyStats>> {
    let Some(player) = crate::player::from_headers(&headers) else {
        return Ok(Json(MyStats {
            best: Vec::new(),
            current_streak: 0,
            best_streak: 0,
            played: 0,
            player: false,
            solved: 0,
        }));
    };
    let today = now_ms().div_euclid(DAY_MS);
    let stats = state
        .store
        .read(move |conn| {
            let (played, solved): (i64, i64) = conn
                .prepare_cached(
                    "SELECT COUNT(*), COALESCE(SUM(status = 'solved'), 0) FROM games WHERE player = ?1",
                )?
                .query_row([&player], |row| Ok((row.get(0)?, row.get(1)?)))?;
            let days = conn
                .prepare_cached(
                    "SELECT DISTINCT finished_at / ?2 FROM games
                     WHERE player = ?1 AND status = 'solved' AND finished_at IS NOT NULL ORDER BY 1",
                )?
                .query_map(params![player, DAY_MS], |row| row.get(0))?
                .collect::<rusqlite::Result<Vec<i64>>>()?;
            let mut stmt = conn.prepare_cached(
                "SELECT kind, config, difficulty, COUNT(*), MIN(ms), CAST(ROUND(AVG(ms)) AS INTEGER)
                 FROM results WHERE player = ?1 AND ranked = 1 AND daily IS NULL
                 GROUP BY kind, config, difficulty ORDER BY kind, config, difficulty",
            )?;
            let best = stmt
                .query_map([&player], |row| {
                    Ok(MyBest {
                        average_ms: row.get(5)?,
                        best_ms: row.get(4)?,
                        config: row.get(1)?,
                        difficulty: row.get(2)?,
                        kind: row.get(0)?,
                        solved: row.get(3)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<MyBest>>>()?;
            let (current_streak, best_streak) = streaks(&days, today);
            Ok(MyStats {
                best,
                current_streak,
                best_streak,
                played: played as u64,
                player: true,
                solved: solved as u64,
            })
        })
        .await?;
    Ok(Json(stats))
}

/// `(current, best)` runs of consecutive days in `days` (ascending, distinct day numbers); the
/// current run is the one ending today or yesterday (today may not be played yet).
pub fn streaks(days: &[i64], today: i64) -> (u32, u32) {
    let (mut best, mut run, mut last) = (0u32, 0u32, None::<i64>);
    for &day in days {
        run = if last == Some(day - 1) { run + 1 } else { 1 };
        best = best.max(run);
        last = Some(day);
    }
    let current = match last {
        Some(day) if day >= today - 1 => run,
        _ => 0,
    };
    (current, best)
}

#[cfg(test)]
mod tests {
    use super::streaks;

    #[test]
    fn streaks_count_days_in_a_row() {
        assert_eq!(streaks(&[], 100), (0, 0));
        assert_eq!(streaks(&[100], 100), (1, 1));
        assert_eq!(streaks(&[99], 100), (1, 1), "yesterday still counts");
        assert_eq!(streaks(&[98], 100), (0, 1), "the day before yesterday broke it");
        assert_eq!(streaks(&[90, 91, 92, 95, 99, 100], 100), (2, 3));
        assert_eq!(streaks(&[90, 91, 92, 93], 100), (0, 4));
    }
}
