//! What every handler shares: the store, the pool, the games in play, the budget for solving,
//! and the server's counters (`crate::metrics`).
//!
//! CPU-bound work runs in two lanes of slots: the heavy lane (analyses and pasted puzzles, any
//! puzzle a client sends, up to `solve_budget` each) and the light lane (hints, generation on the
//! spot, bounded by the server's own puzzles). A flood of analyses fills the heavy lane and gets
//! 503s; a hint still finds a light slot at once.
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
use crate::metrics::{Lane, Metrics};
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
    /// The counters of `GET /metrics`.
    pub metrics: Arc<Metrics>,
    /// The Learn view's slots (`crate::learn`).
    pub learn: crate::learn::Slots,
    games: Arc<Vec<Mutex<HashMap<String, SharedGame>>>>,
    compute: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    limiter: Option<Arc<Limiter>>,
}

/// How long a request waits for a slot of its lane before the server answers 503.
const LIGHT_WAIT: Duration = Duration::from_secs(2);
const HEAVY_WAIT: Duration = Duration::from_secs(1);

impl AppState {
    /// A state over an open store; starts the pool's generator threads.
    pub fn new(store: Store, config: Config) -> AppState {
        let pool = Pool::new(store.clone(), config.pool_target, config.generator_threads);
        let compute = Arc::new(Semaphore::new(config.compute_threads.max(1)));
        let heavy = Arc::new(Semaphore::new(config.heavy_jobs.max(1)));
        let games = Arc::new((0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect());
        let limiter = config.rate_limit.clone().map(|rate| Arc::new(Limiter::new(rate)));
        let (dailies, metrics) = (Arc::default(), Arc::default());
        let config = Arc::new(config);
        AppState {
            store,
            pool,
            config,
            dailies,
            metrics,
            learn: Default::default(),
            games,
            compute,
            heavy,
            limiter,
        }
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
            return Err(AppError::NotFound(format!("no game {}", crate::error::echo(id))));
        }
        if let Some(game) = self.shard(id).lock().ok().and_then(|s| s.get(id).cloned()) {
            return Ok(game);
        }
        let row = self
            .store
            .game(id.to_owned())
            .await?
            .ok_or_else(|| AppError::NotFound(format!("no game {}", crate::error::echo(id))))?;
        Ok(self.remember(Game::from_row(row)?))
    }

    /// Runs CPU-bound work of the light lane (hint, generation on the spot) off the async
    /// threads: at most `compute_threads` at once, each answered within `compute_timeout` or
    /// "gave up" (422). Work should carry its own budget too; a task past the timeout keeps its
    /// permit until it ends, so runaway work cannot pile up.
    pub async fn compute<T, F>(&self, what: &str, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_in(Lane::Light, what, work).await
    }

    /// [`compute`](Self::compute) in the heavy lane (analyses, pasted puzzles): at most
    /// `heavy_jobs` at once; a request that finds no slot within a second answers 503 with
    /// `Retry-After`.
    pub async fn compute_heavy<T, F>(&self, what: &str, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        self.run_in(Lane::Heavy, what, work).await
    }

    async fn run_in<T, F>(&self, lane: Lane, what: &str, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (slots, wait, busy) = match lane {
            Lane::Light => (&self.compute, LIGHT_WAIT, "the server is busy solving; try again in a moment"),
            Lane::Heavy => {
                (&self.heavy, HEAVY_WAIT, "the server is busy analysing other puzzles; try again in a moment")
            }
        };
        let Ok(permit) = tokio::time::timeout(wait, slots.clone().acquire_owned()).await else {
            self.metrics.cpu_busy(lane);
            return Err(AppError::Busy(busy.into()));
        };
        let permit = permit.map_err(|err| AppError::Internal(err.into()))?;
        let running = self.metrics.cpu_job(lane);
        let task = tokio::task::spawn_blocking(move || {
            let (_permit, _running) = (permit, running);
            work()
        });
        match tokio::time::timeout(self.config.compute_timeout, task).await {
            Ok(done) => Ok(done?),
            Err(_) => {
                self.metrics.cpu_gave_up(lane);
                Err(AppError::gave_up(what))
            }
        }
    }
}
