//! Tessera's web game: an axum server with the pages embedded, a JSON API under `/api`, and
//! one SQLite file as the store. The design and the API contract are in `docs/web.md`.
//!
//! - [`router`] builds the application over an [`AppState`] (store, pool, games in play).
//! - [`Server`] binds the address and serves until Ctrl+C or SIGTERM, then shuts down gracefully.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let server = tessera_web::Server::bind(tessera_web::Config::default()).await?;
//! println!("http://{}/", server.local_addr()?);
//! server.run().await
//! # }
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod address;
mod api;
mod assets;
mod config;
pub mod daily;
mod error;
pub mod expiry;
pub mod family;
mod floors;
mod game;
pub mod handlers;
mod model;
mod player;
mod pool;
pub mod ratelimit;
mod reveal;
mod state;
mod store;
mod text;

use std::future::Future;
use std::net::SocketAddr;

use anyhow::Context;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Router};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub use crate::config::{Config, Rate, RateLimit, Today};
pub use crate::error::{AppError, AppResult};
pub use crate::model::Kind;
pub use crate::pool::{Pool, PoolKey};
pub use crate::state::AppState;
pub use crate::store::Store;

/// The whole application: `/api/...` and the pages.
pub fn router(state: AppState) -> Router {
    use handlers::{daily, games, hints, me, puzzles, records};
    let limit = state.config.body_limit;
    let timeout = state.config.request_timeout;
    let api = Router::new()
        .route("/health", get(handlers::health))
        .route("/options", get(handlers::options))
        .route("/games", post(games::create))
        .route("/games/{id}", get(games::get))
        .route("/games/{id}/check", post(games::check))
        .route("/games/{id}/pause", post(games::pause))
        .route("/games/{id}/resume", post(games::resume))
        .route("/games/{id}/quit", post(games::quit))
        .route("/games/{id}/hint", post(hints::hint))
        .route("/puzzles/analyze", post(puzzles::analyze))
        .route("/puzzles/verify", post(puzzles::verify))
        .route("/records", get(records::list))
        .route("/records/summary", get(records::summary))
        .route("/daily", get(daily::today))
        .route("/daily/records", get(daily::records))
        .route("/me/stats", get(me::stats))
        .fallback(handlers::not_found);
    Router::new()
        .nest("/api", api)
        .fallback(assets::serve)
        .layer(middleware::from_fn_with_state(state.clone(), ratelimit::limit))
        .with_state(state)
        .layer(DefaultBodyLimit::max(limit))
        .layer(RequestBodyLimitLayer::new(limit))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, timeout))
        .layer(middleware::map_response_with_state(limit, json_errors))
        .layer(TraceLayer::new_for_http())
}

/// Errors made by the layers (413, 408, 405) come as plain text: make them JSON like ours.
/// `limit` is the body limit, for the 413's message.
async fn json_errors(State(limit): State<usize>, response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => error::too_large(limit),
        StatusCode::REQUEST_TIMEOUT => "the request took too long and was stopped".to_owned(),
        StatusCode::METHOD_NOT_ALLOWED => "method not allowed on this path".to_owned(),
        other => other.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    (status, axum::Json(api::ErrorBody { error: &message, field: None, wrong: None })).into_response()
}

/// A server bound to its address, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
}

impl Server {
    /// Binds the address, then opens the store (creating and migrating it) and starts the pool.
    /// The address comes first so that a busy port leaves no database file behind.
    pub async fn bind(config: Config) -> anyhow::Result<Server> {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("listening on {}", config.addr))?;
        let db = config.db.clone();
        let store = tokio::task::spawn_blocking(move || {
            Store::open(&db).with_context(|| format!("the database {} cannot be used", db.display()))
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
        let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
        let served = axum::serve(listener, app).with_graceful_shutdown(signal).await;
        expiry.abort();
        let _ = expiry.await;
        served?;
        tracing::info!("stopped; closing the store");
        pool.stop();
        drop(pool);
        // The writer finishes its queue when the last handle goes.
        tokio::task::spawn_blocking(move || drop(store)).await?;
        Ok(())
    }
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

/// Logs to standard error, filtered by `RUST_LOG` (default `info` for the server,
/// `tower_http=info`).
pub fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,tower_http=info"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr)
        .try_init();
}
