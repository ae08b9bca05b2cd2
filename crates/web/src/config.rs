//! The server's settings.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

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
        }
    }
}
