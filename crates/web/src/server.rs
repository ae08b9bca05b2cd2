//! [`Server`]: binds the address, opens the store, and serves connections until a signal, then
//! shuts down gracefully (the requests in flight finish, then the writes).
//!
//! The connection loop is hyper's HTTP/1 connection builder, driven here rather than by
//! `axum::serve`, because a server facing the Internet needs two things `axum::serve` does not
//! give (issue 26, "Slow clients hold the server"):
//!
//! - **A header read timeout.** hyper's `header_read_timeout`, with Tokio's timer: a client has
//!   `Config::header_timeout` (10 s) to send a request's headers, counted from the first read
//!   of that request, and a kept-alive connection may stay idle between requests as long (hyper
//!   starts the same clock when it waits for the next request). The request's own 10 s
//!   (`request_timeout`, tower-http) starts only once the headers are in, so without it 3,000
//!   connections that never finished their headers stayed open as long as the clients liked.
//! - **A cap on open connections.** A semaphore taken at accept: past `Config::max_connections`
//!   (by default a little under the open-file limit, see [`connection_cap`]) a new connection is
//!   closed at once, counted (`tessera_connections_refused_total`) and logged at most every 10 s,
//!   rather than the accept loop failing on "too many open files" and every client with it.
//!
//! hyper-util's `GracefulShutdown` watches every connection: on the signal the loop stops
//! accepting, idle connections close, and those with a request in flight finish it (within the
//! request timeout and a margin); then the pool stops and the store's writer finishes its queue.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::config::Config;
use crate::state::AppState;
use crate::store::Store;
use crate::{expiry, router};

/// A server bound to its address, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
}

/// How often, at most, the refusals past the cap are logged.
const WARN_EVERY: Duration = Duration::from_secs(10);

impl Server {
    /// Binds the address, then opens the store (creating and migrating it) and starts the pool.
    /// The address comes first so that a busy port leaves no database file behind.
    pub async fn bind(config: Config) -> anyhow::Result<Server> {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("listening on {}", config.addr))?;
        let (db, wal_limit) = (config.db.clone(), config.wal_limit);
        let store = tokio::task::spawn_blocking(move || {
            Store::open_with(&db, wal_limit)
                .with_context(|| format!("the database {} cannot be used", db.display()))
        })
        .await??;
        Ok(Server { listener, state: AppState::new(store, config) })
    }

    /// The address bound (useful with port 0).
    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// Serves until Ctrl+C or SIGTERM, then finishes the requests in flight and the writes.
    pub async fn run(self) -> anyhow::Result<()> {
        self.run_until(shutdown_signal()).await
    }

    /// Serves until `signal` completes, then shuts down gracefully.
    pub async fn run_until(self, signal: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let Server { listener, state } = self;
        let (store, pool) = (state.store.clone(), state.pool.clone());
        let expiry = expiry::spawn(state.clone());
        serve(listener, state, signal).await;
        expiry.abort();
        let _ = expiry.await;
        tracing::info!("stopped; closing the store");
        pool.stop();
        drop(pool);
        // The writer finishes its queue when the last handle goes.
        tokio::task::spawn_blocking(move || drop(store)).await?;
        Ok(())
    }
}

/// The accept loop (see the module header).
async fn serve(listener: tokio::net::TcpListener, state: AppState, signal: impl Future<Output = ()>) {
    let config = state.config.clone();
    let metrics = state.metrics.clone();
    let cap = connection_cap(config.max_connections);
    metrics.max_connections.store(cap as u64, Ordering::Relaxed);
    tracing::info!(
        cap,
        header_timeout_s = config.header_timeout.as_secs_f64(),
        "at most {cap} connections open at once"
    );
    let slots = Arc::new(Semaphore::new(cap));
    let app = router(state);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(config.header_timeout).keep_alive(true);
    let graceful = GracefulShutdown::new();
    let mut warned: Option<(Instant, u64)> = None;
    tokio::pin!(signal);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors or the like: wait a little rather than spin.
                    tracing::warn!(%err, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut signal => break,
        };
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            drop(stream);
            let refused = metrics.refused.fetch_add(1, Ordering::Relaxed) + 1;
            if warned.is_none_or(|(at, _)| at.elapsed() >= WARN_EVERY) {
                let since = refused - warned.map_or(0, |(_, n)| n);
                tracing::warn!(cap, refused = since, "connection cap reached: new connections are closed");
                warned = Some((Instant::now(), refused));
            }
            continue;
        };
        let _ = stream.set_nodelay(true);
        metrics.accepted.fetch_add(1, Ordering::Relaxed);
        metrics.open.fetch_add(1, Ordering::Relaxed);
        let service = app.clone().map_request(move |mut request: axum::http::Request<_>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request
        });
        let connection = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        let metrics = metrics.clone();
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                if err.is_timeout() {
                    metrics.header_timeouts.fetch_add(1, Ordering::Relaxed);
                } else {
                    tracing::debug!(%err, %peer, "connection ended with an error");
                }
            }
            metrics.open.fetch_sub(1, Ordering::Relaxed);
            drop(permit);
        });
    }
    drop(listener);
    let open = graceful.count();
    tracing::info!(open, "stopping: finishing the requests in flight");
    let grace = config.request_timeout + Duration::from_secs(5);
    if tokio::time::timeout(grace, graceful.shutdown()).await.is_err() {
        tracing::warn!("some connections did not finish within {grace:?}; closing them");
    }
}

/// The cap on open connections: `configured`, or when it is 0, the process's open-file limit
/// less a tenth of it (at least 256) kept for the database, the threads' files and the
/// connections refused while the cap is reached; at least 16. The limit is read from
/// `/proc/self/limits` (1,024, a common default, where it cannot be read).
pub fn connection_cap(configured: usize) -> usize {
    if configured > 0 {
        return configured;
    }
    let files = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|line| line.starts_with("Max open files"))?;
            line.split_whitespace().nth(3)?.parse::<usize>().ok()
        })
        .unwrap_or(1024);
    files.saturating_sub((files / 10).max(256)).max(16)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

#[cfg(test)]
mod tests {
    use super::connection_cap;

    #[test]
    fn the_cap_is_the_configured_one_or_under_the_file_limit() {
        assert_eq!(connection_cap(300), 300);
        let auto = connection_cap(0);
        assert!(auto >= 16, "{auto}");
        if let Some(files) = std::fs::read_to_string("/proc/self/limits").ok().and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("Max open files"))?
                .split_whitespace()
                .nth(3)?
                .parse::<usize>()
                .ok()
        }) {
            assert!(auto < files, "{auto} connections with {files} files");
        }
    }
}
