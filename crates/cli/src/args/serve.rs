//! `tessera serve`: the web game.

use std::path::PathBuf;

use clap::Args;

/// The long help of `tessera serve`.
pub const SERVE_ABOUT: &str = "Start the web game: Sudoku and Hidato in the browser, with best \
    times. Prints the address to open, serves until Ctrl+C, then stops gracefully. Games and \
    results are kept in one SQLite file (--db), created on first start. Logs go to standard error \
    (RUST_LOG=debug for more).";

/// Shown under `tessera serve --help`.
pub const SERVE_EXIT_CODES: &str = "\
Exit status:
  0  stopped by Ctrl+C or SIGTERM
  1  usage error, or the server could not start (address in use, database unreadable)";

/// Options of `tessera serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: std::net::SocketAddr,
    /// The SQLite file of games and results (created if missing).
    #[arg(long, value_name = "FILE", default_value = "tessera.db")]
    pub db: PathBuf,
}
