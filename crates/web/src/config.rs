//! The server's settings: where to listen, the store, the limits, and the rules that keep the
//! records honest (the floor of a ranked time, the rate limit, the expiry of abandoned games;
//! the reasoning behind their defaults is in docs/web.md, "Honest records").

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

pub use crate::daily::Today;

/// Where to listen, where the store is, and the limits.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on.
    pub addr: SocketAddr,
    /// The SQLite file (created on first start).
    pub db: PathBuf,
    /// Fresh puzzles kept ready per configuration.
    pub pool_target: usize,
    /// Threads generating puzzles for the pool in the background.
    pub generator_threads: usize,
    /// Solves, counts, hints and generations on the spot running at once.
    pub compute_threads: usize,
    /// The deadline of one solve or count of a pasted puzzle.
    pub solve_budget: Duration,
    /// Search nodes one solve or count may visit.
    pub solve_nodes: u64,
    /// How long a request may wait for CPU-bound work before it answers "gave up".
    pub compute_timeout: Duration,
    /// How long a new game may spend generating a puzzle on the spot.
    pub generate_budget: Duration,
    /// The largest request body.
    pub body_limit: usize,
    /// The time limit of a request.
    pub request_timeout: Duration,
    /// The floor of the hands: milliseconds per empty cell of the puzzle. A pool or daily game
    /// solved faster than `empty cells x floor_ms_per_cell` (or than the floor of its
    /// configuration, below) is kept but not ranked; 0 turns this floor off.
    pub floor_ms_per_cell: u64,
    /// The floor of each configuration (`crate::floors`: half the fastest documented human
    /// times), in percent: 100 as documented, 0 turns it off (tests that solve at once).
    pub floor_percent: u32,
    /// Places of a configuration's top 20 that one client address may hold: a result that would
    /// be one more is kept but not ranked. 0 turns the cap off.
    pub top_per_address: u32,
    /// A daily puzzle is ranked once per player (cookie) and once per client address: a second
    /// solve from either is kept but not ranked. `false` counts the cookie only.
    pub daily_once_per_address: bool,
    /// The rate limit per client address on new games, on checks and hints, and on analyses; `None` turns it
    /// off for everyone.
    pub rate_limit: Option<RateLimit>,
    /// A game playing or paused with no stored change for this long is abandoned and deleted.
    pub expire_after: Duration,
    /// How often the expiry runs.
    pub expire_every: Duration,
    /// Where the daily puzzle's "today" comes from: the UTC date (tests fix it).
    pub today: Today,
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may stay idle between requests (docs/web.md "Hostile clients").
    pub header_timeout: Duration,
    /// Connections open at once, at most; one past the cap is closed at once. 0: from the
    /// open-file limit (see `server::connection_cap`).
    pub max_connections: usize,
    /// Analyses and pasted puzzles solved at once, at most (the CPU-heavy requests); the others
    /// wait up to a second, then get 503. Hints and generation have their own slots.
    pub heavy_jobs: usize,
    /// The WAL's size past which the writer starts it over (see `store::writer`); also the
    /// `journal_size_limit`.
    pub wal_limit: u64,
    /// `GET /metrics` answers a request carrying `Authorization: Bearer <token>`; without a
    /// token it answers only clients on a loopback address (docs/web.md "Metrics").
    pub metrics_token: Option<String>,
}

/// The rate limit: a token bucket per client address and per kind of request.
#[derive(Debug, Clone, PartialEq)]
pub struct RateLimit {
    /// `POST /api/games`.
    pub new_games: Rate,
    /// `POST /api/games/{id}/check` and `.../hint`.
    pub checks: Rate,
    /// The CPU-heavy requests: `POST /api/puzzles/analyze` and `.../verify`.
    pub cpu: Rate,
    /// The Learn view's searches: `/api/learn/...` (each bounded; a page of events or a count).
    pub learn: Rate,
    /// Addresses never limited (e.g. the load test's client).
    pub exempt: Vec<IpAddr>,
    /// Reverse proxies whose `X-Forwarded-For` is believed: a request from one counts for the
    /// client that header names (see `ratelimit`).
    pub trusted_proxies: Vec<IpAddr>,
}

/// One bucket's shape: `burst` requests at once, then `per_minute` a minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Requests allowed at once (the bucket's size).
    pub burst: u32,
    /// Requests a minute once the burst is spent (the refill).
    pub per_minute: u32,
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            new_games: Rate { burst: 20, per_minute: 20 },
            checks: Rate { burst: 60, per_minute: 120 },
            cpu: Rate { burst: 6, per_minute: 12 },
            learn: Rate { burst: 120, per_minute: 240 },
            exempt: Vec::new(),
            trusted_proxies: Vec::new(),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("tessera.db"),
            pool_target: 16,
            generator_threads: 1,
            compute_threads: std::thread::available_parallelism().map_or(2, usize::from).max(2),
            solve_budget: Duration::from_secs(2),
            solve_nodes: 2_000_000,
            compute_timeout: Duration::from_secs(5),
            generate_budget: Duration::from_secs(3),
            body_limit: 64 * 1024,
            request_timeout: Duration::from_secs(10),
            floor_ms_per_cell: 500,
            floor_percent: 100,
            top_per_address: 3,
            daily_once_per_address: true,
            rate_limit: Some(RateLimit::default()),
            expire_after: Duration::from_secs(7 * 24 * 3600),
            expire_every: Duration::from_secs(3600),
            today: Today::utc(),
            header_timeout: Duration::from_secs(10),
            max_connections: 0,
            heavy_jobs: (std::thread::available_parallelism().map_or(2, usize::from) / 2).max(1),
            wal_limit: crate::store::WAL_LIMIT,
            metrics_token: None,
        }
    }
}
