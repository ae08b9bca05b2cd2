//! `GET /metrics`: the server's counters in Prometheus's text exposition format (version 0.0.4),
//! each documented in docs/web.md, "Metrics".
//!
//! The counters are plain atomics bumped where things happen (the connection loop in
//! `server`, the status of every response in [`count`], the CPU lanes in `state`); the gauges
//! (file sizes, pool levels, rate-limit refusals, checkpoints) are read when the page is asked
//! for. Written here rather than with a metrics crate: a dozen numbers need no registry, and the
//! format is a few lines of text.
//!
//! Who may read it: with `Config::metrics_token` set, a request carrying
//! `Authorization: Bearer <token>`; without, only a client on a loopback address (the client as
//! the rate limit sees it, so behind a trusted proxy the address that proxy names). Anyone else
//! gets 403: the numbers say how busy the server is and how close to its limits.

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::AppError;
use crate::ratelimit::Class;
use crate::state::AppState;

/// A lane of CPU-bound work (`AppState::compute` and `compute_heavy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Hints and generation on the spot: the server's own puzzles.
    Light = 0,
    /// Analyses and pasted puzzles: whatever a client sends.
    Heavy = 1,
}

impl Lane {
    fn name(self) -> &'static str {
        match self {
            Lane::Light => "light",
            Lane::Heavy => "heavy",
        }
    }
}

/// The first and past-the-last status codes counted.
const STATUSES: std::ops::Range<u16> = 100..600;

/// The counters.
#[derive(Debug)]
pub struct Metrics {
    statuses: Vec<AtomicU64>,
    /// Connections open now.
    pub open: AtomicI64,
    /// Connections accepted since the start.
    pub accepted: AtomicU64,
    /// Connections closed at once because the cap was reached.
    pub refused: AtomicU64,
    /// Connections closed because their headers did not come in time (or they idled too long).
    pub header_timeouts: AtomicU64,
    /// The cap on open connections.
    pub max_connections: AtomicU64,
    cpu_running: [AtomicI64; 2],
    cpu_started: [AtomicU64; 2],
    cpu_busy: [AtomicU64; 2],
    cpu_timed_out: [AtomicU64; 2],
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            statuses: STATUSES.map(|_| AtomicU64::new(0)).collect(),
            open: AtomicI64::new(0),
            accepted: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            header_timeouts: AtomicU64::new(0),
            max_connections: AtomicU64::new(0),
            cpu_running: Default::default(),
            cpu_started: Default::default(),
            cpu_busy: Default::default(),
            cpu_timed_out: Default::default(),
        }
    }
}

/// A CPU job running: counted until dropped.
#[derive(Debug)]
pub struct Running(Arc<Metrics>, Lane);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.cpu_running[self.1 as usize].fetch_sub(1, Ordering::Relaxed);
    }
}

impl Metrics {
    /// A job of `lane` starts; it counts as running until the guard is dropped.
    pub fn cpu_job(self: &Arc<Self>, lane: Lane) -> Running {
        self.cpu_started[lane as usize].fetch_add(1, Ordering::Relaxed);
        self.cpu_running[lane as usize].fetch_add(1, Ordering::Relaxed);
        Running(self.clone(), lane)
    }

    /// A request found no slot in `lane` (503).
    pub fn cpu_busy(&self, lane: Lane) {
        self.cpu_busy[lane as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// A job of `lane` passed `compute_timeout` (422 "gave up").
    pub fn cpu_gave_up(&self, lane: Lane) {
        self.cpu_timed_out[lane as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// A response with `status` was sent.
    pub fn answered(&self, status: u16) {
        if let Some(n) =
            STATUSES.contains(&status).then(|| &self.statuses[usize::from(status - STATUSES.start)])
        {
            n.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The middleware counting every response by its status.
pub async fn count(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    metrics.answered(response.status().as_u16());
    response
}

/// `GET /metrics`
pub async fn serve(State(state): State<AppState>, request: Request) -> Response {
    if let Err(err) = allowed(&state, &request) {
        return err.into_response();
    }
    let text = tokio::task::spawn_blocking(move || render(&state)).await.unwrap_or_default();
    let mut response = text.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Whether the request may read the metrics (see the module header).
fn allowed(state: &AppState, request: &Request) -> Result<(), AppError> {
    let refused =
        || AppError::Forbidden("the metrics are for the operator: see docs/web.md, \"Metrics\"".into());
    if let Some(token) = &state.config.metrics_token {
        let sent = request.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        let sent = sent.and_then(|v| v.strip_prefix("Bearer ")).unwrap_or_default();
        // The same time whatever the first difference: the token cannot be found byte by byte.
        let same = sent.len() == token.len()
            && sent.bytes().zip(token.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
        return if same { Ok(()) } else { Err(refused()) };
    }
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(peer)| peer.ip());
    let client = match (peer, state.limiter()) {
        (Some(peer), Some(limiter)) => Some(limiter.client(peer, request.headers())),
        (peer, None) => peer,
        (None, Some(_)) => None,
    };
    if client.is_some_and(|ip| ip.to_canonical().is_loopback()) {
        Ok(())
    } else {
        Err(refused())
    }
}

/// A label value with `\`, `"` and line feeds escaped.
fn label(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// The page.
fn render(state: &AppState) -> String {
    let m = &state.metrics;
    let load = |n: &AtomicU64| n.load(Ordering::Relaxed);
    let mut out = String::with_capacity(4096);
    let head = |out: &mut String, name: &str, kind: &str, help: &str| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
    };

    head(&mut out, "tessera_http_requests_total", "counter", "Responses sent, by status code.");
    for (status, n) in STATUSES.zip(&m.statuses) {
        let n = load(n);
        if n > 0 {
            let _ = writeln!(out, "tessera_http_requests_total{{status=\"{status}\"}} {n}");
        }
    }

    head(&mut out, "tessera_connections_open", "gauge", "Client connections open now.");
    let _ = writeln!(out, "tessera_connections_open {}", m.open.load(Ordering::Relaxed).max(0));
    head(&mut out, "tessera_connections_max", "gauge", "The cap on open connections.");
    let _ = writeln!(out, "tessera_connections_max {}", load(&m.max_connections));
    head(&mut out, "tessera_connections_accepted_total", "counter", "Connections accepted.");
    let _ = writeln!(out, "tessera_connections_accepted_total {}", load(&m.accepted));
    head(
        &mut out,
        "tessera_connections_refused_total",
        "counter",
        "Connections closed at once: the cap was reached.",
    );
    let _ = writeln!(out, "tessera_connections_refused_total {}", load(&m.refused));
    head(
        &mut out,
        "tessera_connections_header_timeouts_total",
        "counter",
        "Connections closed because a request's headers did not come within the header timeout.",
    );
    let _ = writeln!(out, "tessera_connections_header_timeouts_total {}", load(&m.header_timeouts));

    head(&mut out, "tessera_rate_limited_total", "counter", "Requests refused with 429, by class.");
    for class in Class::ALL {
        let n = state.limiter().map_or(0, |l| l.refused(class));
        let _ = writeln!(out, "tessera_rate_limited_total{{class=\"{}\"}} {n}", class.name());
    }

    let lanes = [Lane::Light, Lane::Heavy];
    let slots = [state.config.compute_threads.max(1), state.config.heavy_jobs.max(1)];
    head(&mut out, "tessera_cpu_jobs_running", "gauge", "CPU-bound jobs running, by lane.");
    for lane in lanes {
        let n = m.cpu_running[lane as usize].load(Ordering::Relaxed).max(0);
        let _ = writeln!(out, "tessera_cpu_jobs_running{{lane=\"{}\"}} {n}", lane.name());
    }
    head(&mut out, "tessera_cpu_jobs_slots", "gauge", "CPU-bound jobs allowed at once, by lane.");
    for (lane, n) in lanes.iter().zip(slots) {
        let _ = writeln!(out, "tessera_cpu_jobs_slots{{lane=\"{}\"}} {n}", lane.name());
    }
    for (name, help, values) in [
        ("tessera_cpu_jobs_total", "CPU-bound jobs started, by lane.", &m.cpu_started),
        (
            "tessera_cpu_jobs_busy_total",
            "Requests answered 503: no CPU slot within the wait, by lane.",
            &m.cpu_busy,
        ),
        (
            "tessera_cpu_jobs_timed_out_total",
            "CPU-bound jobs past the compute timeout, by lane.",
            &m.cpu_timed_out,
        ),
    ] {
        head(&mut out, name, "counter", help);
        for lane in lanes {
            let _ = writeln!(out, "{name}{{lane=\"{}\"}} {}", lane.name(), load(&values[lane as usize]));
        }
    }

    let (db, wal) = state.store.file_sizes();
    head(&mut out, "tessera_db_bytes", "gauge", "Size of the SQLite database file.");
    let _ = writeln!(out, "tessera_db_bytes {db}");
    head(&mut out, "tessera_wal_bytes", "gauge", "Size of the SQLite write-ahead log.");
    let _ = writeln!(out, "tessera_wal_bytes {wal}");
    head(&mut out, "tessera_wal_limit_bytes", "gauge", "WAL size past which it is started over.");
    let _ = writeln!(out, "tessera_wal_limit_bytes {}", state.config.wal_limit);
    let (passive, restarts, truncated, failed) = state.store.checkpoints();
    head(
        &mut out,
        "tessera_wal_checkpoints_total",
        "counter",
        "WAL checkpoints, by mode (failed: busy or error).",
    );
    for (mode, n) in
        [("passive", passive), ("restart", restarts), ("truncate", truncated), ("failed", failed)]
    {
        let _ = writeln!(out, "tessera_wal_checkpoints_total{{mode=\"{mode}\"}} {n}");
    }

    let (mut levels, target) = state.pool.levels();
    levels.sort_by(|(a, _), (b, _)| {
        (a.kind.name(), &a.config, &a.difficulty).cmp(&(b.kind.name(), &b.config, &b.difficulty))
    });
    head(&mut out, "tessera_pool_target", "gauge", "Fresh puzzles kept ready per configuration.");
    let _ = writeln!(out, "tessera_pool_target {target}");
    head(
        &mut out,
        "tessera_pool_ready",
        "gauge",
        "Fresh puzzles ready, per configuration asked for since the start.",
    );
    for (key, n) in levels {
        let _ = writeln!(
            out,
            "tessera_pool_ready{{kind=\"{}\",config=\"{}\",difficulty=\"{}\"}} {n}",
            label(key.kind.name()),
            label(&key.config),
            label(&key.difficulty)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(label("9x9 classic"), "9x9 classic");
        assert_eq!(label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
