//! What every handler shares: the store, the pool, the games in play, and the budget for
//! solving.
//!
//! Games in play are cached in memory (sharded maps, each game behind its own async lock), so
//! that a check costs no I/O. A game enters the cache only after its row is committed, so
//! evicting one loses nothing: the next request reads it back from the store.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Mutex as AsyncMutex, Semaphore};

use crate::config::Config;
use crate::daily::Dailies;
use crate::error::{AppError, AppResult};
use crate::game::Game;
use crate::pool::Pool;
use crate::ratelimit::Limiter;
use crate::store::Store;

const SHARDS: usize = 16;
/// Games cached per shard before some are dropped (they are in the store).
const PER_SHARD: usize = 8192;

/// A game shared between the requests that touch it.
pub type SharedGame = Arc<AsyncMutex<Game>>;

/// The state of the server; cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    /// The SQLite store.
    pub store: Store,
    /// The pool of fresh puzzles.
    pub pool: Pool,
    /// Limits and budgets.
    pub config: Arc<Config>,
    /// The daily puzzles being made.
    pub dailies: Arc<Dailies>,
    games: Arc<Vec<Mutex<HashMap<String, SharedGame>>>>,
    compute: Arc<Semaphore>,
    limiter: Option<Arc<Limiter>>,
}

impl AppState {
    /// A state over an open store; starts the pool's generator threads.
    pub fn new(store: Store, config: Config) -> AppState {
        let pool = Pool::new(store.clone(), config.pool_target, config.generator_threads);
        let compute = Arc::new(Semaphore::new(config.compute_threads.max(1)));
        let games = Arc::new((0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect());
        let limiter = config.rate_limit.clone().map(|rate| Arc::new(Limiter::new(rate)));
        let dailies = Arc::default();
        AppState { store, pool, config: Arc::new(config), dailies, games, compute, limiter }
    }

    /// The rate limiter, unless the limit is off.
    pub fn limiter(&self) -> Option<&Limiter> {
        self.limiter.as_deref()
    }

    fn shard(&self, id: &str) -> &Mutex<HashMap<String, SharedGame>> {
        let hash = id.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(usize::from(b)));
        &self.games[hash % SHARDS]
    }

    /// Puts a game (already stored) in the cache.
    pub fn remember(&self, game: Game) -> SharedGame {
        let id = game.row.id.clone();
        let shared = Arc::new(AsyncMutex::new(game));
        if let Ok(mut shard) = self.shard(&id).lock() {
            if shard.len() >= PER_SHARD {
                let drop: Vec<String> = shard.keys().take(PER_SHARD / 8).cloned().collect();
                drop.iter().for_each(|key| {
                    shard.remove(key);
                });
            }
            shard.entry(id).or_insert(shared).clone()
        } else {
            shared
        }
    }

    /// Drops games from the cache (they were expired from the store).
    pub fn forget(&self, ids: &[String]) {
        for id in ids {
            if let Ok(mut shard) = self.shard(id).lock() {
                shard.remove(id);
            }
        }
    }

    /// A game by id if it is in the cache (no read of the store).
    pub fn cached(&self, id: &str) -> Option<SharedGame> {
        self.shard(id).lock().ok().and_then(|s| s.get(id).cloned())
    }

    /// A game by id, from the cache or the store.
    pub async fn game(&self, id: &str) -> AppResult<SharedGame> {
        if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(AppError::NotFound(format!("no game {id:?}")));
        }
        if let Some(game) = self.shard(id).lock().ok().and_then(|s| s.get(id).cloned()) {
            return Ok(game);
        }
        let row = self
            .store
            .game(id.to_owned())
            .await?
            .ok_or_else(|| AppError::NotFound(format!("no game {id:?}")))?;
        Ok(self.remember(Game::from_row(row)?))
    }

    /// Runs CPU-bound work (solve, count, rate, hint, generate) off the async threads: at most
    /// `compute_threads` at once, each answered within `compute_timeout` or "gave up" (422). Work
    /// should carry its own budget too; a task past the timeout keeps its permit until it ends,
    /// so runaway work cannot pile up.
    pub async fn compute<T, F>(&self, what: &str, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = tokio::time::timeout(Duration::from_secs(2), self.compute.clone().acquire_owned())
            .await
            .map_err(|_| AppError::Busy("the server is busy solving; try again in a moment".into()))?
            .map_err(|err| AppError::Internal(err.into()))?;
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        match tokio::time::timeout(self.config.compute_timeout, task).await {
            Ok(done) => Ok(done?),
            Err(_) => Err(AppError::gave_up(what)),
        }
    }
}
