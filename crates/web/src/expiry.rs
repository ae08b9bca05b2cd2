//! The expiry of abandoned games: a background task that, every `expire_every`, deletes the
//! games still playing or paused whose last stored change is older than `expire_after`
//! (default 7 days), and drops them from the cache. Solved and quit games stay (a result refers
//! to its game, and results are never deleted); so the store grows with results, not with
//! games started and left, and a load run that starts games by the thousand leaves a bounded
//! file once they expire.
//!
//! A game someone is playing is not taken: every pause, resume, hint and quit stores the game
//! with the time, and a check does so when the stored time is an hour old.

use std::time::Duration;

use crate::state::AppState;
use crate::store::{now_ms, Write, Written};

/// Games deleted per write, at most: the writer's other jobs wait for at most one such slice (a
/// load run leaves a hundred thousand games to expire at once).
const SLICE: usize = 2000;

/// Expires the abandoned games now, a slice at a time; answers how many.
pub async fn expire_once(state: &AppState) -> anyhow::Result<usize> {
    let idle = i64::try_from(state.config.expire_after.as_millis()).unwrap_or(i64::MAX);
    let before = now_ms().saturating_sub(idle);
    let mut expired = 0;
    loop {
        let Written::Expired(ids) = state.store.write(Write::Expire { before, limit: SLICE }).await? else {
            break;
        };
        state.forget(&ids);
        expired += ids.len();
        if ids.len() < SLICE {
            break;
        }
        tokio::task::yield_now().await;
    }
    if expired > 0 {
        tracing::info!(games = expired, "expired abandoned games");
    }
    Ok(expired)
}

/// Runs [`expire_once`] now and then every `expire_every`, until the task is aborted.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    let every = state.config.expire_every.max(Duration::from_millis(10));
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(err) = expire_once(&state).await {
                tracing::warn!(error = %format!("{err:#}"), "expiring abandoned games failed");
            }
        }
    })
}
