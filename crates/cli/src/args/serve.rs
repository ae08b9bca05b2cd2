//! `tessera serve`: the web game.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

/// The long help of `tessera serve`.
pub const SERVE_ABOUT: &str = "Start the web game: Sudoku, Hidato, Killer Sudoku, KenKen and \
    Star Battle in the browser, with best times. Prints the address to open, serves until Ctrl+C, \
    then stops gracefully. Games and results are kept in one SQLite file (--db), created on first \
    start. Logs go to standard error (RUST_LOG=debug for more).";

/// Shown under `tessera serve --help`.
pub const SERVE_EXIT_CODES: &str = "\
Exit status:
  0  stopped by Ctrl+C or SIGTERM
  1  usage error, or the server could not start (address in use, database unreadable)";

/// Options of `tessera serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on: an IP address or a host name (`localhost:8080`), and a port.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080", value_parser = parse_addr)]
    pub addr: std::net::SocketAddr,
    /// The SQLite file of games and results (created if missing).
    #[arg(long, value_name = "FILE", default_value = "tessera.db")]
    pub db: PathBuf,
    /// The floor of the hands, in milliseconds per empty cell: a result faster than this (or than
    /// the floor of its configuration, --floor-percent) is kept but not ranked (0: off).
    #[arg(long, value_name = "MS", default_value_t = 500)]
    pub floor_ms_per_cell: u64,
    /// The floor of each configuration (half the fastest documented human times; docs/web.md),
    /// in percent: 100 as documented, 0 turns it off.
    #[arg(long, value_name = "PERCENT", default_value_t = 100, value_parser = clap::value_parser!(u32).range(0..=1000))]
    pub floor_percent: u32,
    /// Places of a configuration's top 20 that one client address may hold (0: no cap).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub top_per_address: u32,
    /// Turn off the rate limit on new games and checks (for a load test; see also
    /// --rate-exempt).
    #[arg(long)]
    pub no_rate_limit: bool,
    /// A client address the rate limit never applies to (repeatable).
    #[arg(long, value_name = "IP")]
    pub rate_exempt: Vec<IpAddr>,
    /// A reverse proxy in front of the server (repeatable): a request from it counts against
    /// the client its X-Forwarded-For names, not against the proxy.
    #[arg(long, value_name = "IP")]
    pub trusted_proxy: Vec<IpAddr>,
    /// Days a game may stay playing or paused without a change before it is deleted as
    /// abandoned.
    #[arg(long, value_name = "DAYS", default_value_t = 7, value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub expire_days: u64,
    /// Seconds a client may take to send a request's headers, and a kept-alive connection may
    /// stay idle; then the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,
    /// Connections open at once, at most (past it a new one is closed at once); 0: the
    /// open-file limit less a tenth (at least 256), as logged at start.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_connections: usize,
    /// The size of the database's write-ahead log past which it is emptied, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub wal_limit_mib: u64,
    /// GET /metrics then answers any client that sends `Authorization: Bearer TOKEN` (and only
    /// those); without it, clients on a loopback address only. Also read from the environment
    /// variable TESSERA_METRICS_TOKEN, which keeps it out of the process list.
    #[arg(long, value_name = "TOKEN")]
    pub metrics_token: Option<String>,
}

/// `HOST:PORT`, the host an IP address or a name to resolve (its first address).
pub fn parse_addr(text: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::ToSocketAddrs;
    if let Ok(addr) = text.parse() {
        return Ok(addr);
    }
    if !text.contains(':') {
        return Err(format!(
            "{text:?} has no port: give HOST:PORT, such as 127.0.0.1:8080 or localhost:8080"
        ));
    }
    match text.to_socket_addrs() {
        Ok(mut addrs) => addrs.next().ok_or_else(|| format!("{text:?} names no address")),
        Err(err) => {
            Err(format!("{text:?} cannot be resolved ({err}): give HOST:PORT, such as 127.0.0.1:8080"))
        }
    }
}

impl ServeArgs {
    /// The server's configuration for these options (the rest as `tessera_web::Config`'s
    /// defaults).
    pub fn config(&self) -> tessera_web::Config {
        let defaults = tessera_web::Config::default();
        let rate_limit = (!self.no_rate_limit).then(|| tessera_web::RateLimit {
            exempt: self.rate_exempt.clone(),
            trusted_proxies: self.trusted_proxy.clone(),
            ..tessera_web::RateLimit::default()
        });
        tessera_web::Config {
            addr: self.addr,
            db: self.db.clone(),
            floor_ms_per_cell: self.floor_ms_per_cell,
            floor_percent: self.floor_percent,
            top_per_address: self.top_per_address,
            rate_limit,
            expire_after: Duration::from_secs(self.expire_days * 24 * 3600),
            header_timeout: Duration::from_secs(self.header_timeout),
            max_connections: self.max_connections,
            wal_limit: self.wal_limit_mib << 20,
            metrics_token: self
                .metrics_token
                .clone()
                .or_else(|| std::env::var("TESSERA_METRICS_TOKEN").ok())
                .filter(|token| !token.is_empty()),
            ..defaults
        }
    }
}
