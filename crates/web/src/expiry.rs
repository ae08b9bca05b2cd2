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

/// Expires the abandoned games now; answers how many.
pub async fn expire_once(state: &AppState) -> anyhow::Result<usize> {
    let idle = i64::try_from(state.config.expire_after.as_millis()).unwrap_or(i64::MAX);
    let before = now_ms().saturating_sub(idle);
    match state.store.write(Write::Expire { before }).await? {
        Written::Expired(ids) => {
            state.forget(&ids);
            if !ids.is_empty() {
                tracing::info!(games = ids.len(), "expired abandoned games");
            }
            Ok(ids.len())
        }
        _ => Ok(0),
    }
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
