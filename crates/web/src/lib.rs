//! Tessera's web game: an axum server with the pages embedded, a JSON API under `/api`, and
//! one SQLite file as the store. The design and the API contract are in `docs/web.md`.
//!
//! - [`router`] builds the application over an [`AppState`] (store, pool, games in play).
//! - [`Server`] binds the address and serves until Ctrl+C or SIGTERM, then shuts down gracefully;
//!   it times out slow headers and caps the connections (`server`).
//! - `GET /metrics` reports the server's counters in Prometheus's text format (`metrics`).
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
mod examples;
pub mod expiry;
pub mod family;
mod floors;
mod game;
pub mod handlers;
pub mod learn;
mod metrics;
mod model;
mod player;
mod pool;
mod qr;
pub mod ratelimit;
mod reveal;
mod server;
mod state;
mod store;
mod text;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Router};
use tower_http::classify::StatusInRangeAsFailures;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub use crate::config::{Config, Rate, RateLimit, Today};
pub use crate::error::{AppError, AppResult};
pub use crate::model::Kind;
pub use crate::pool::{Pool, PoolKey};
pub use crate::server::{connection_cap, Server};
pub use crate::state::AppState;
pub use crate::store::Store;

/// The whole application: `/api/...`, `/metrics` and the pages. The pages and the API's reads
/// are compressed (gzip or brotli, as the request's `Accept-Encoding` asks; tower-http's default
/// predicate leaves out bodies under 32 bytes and images); every response is counted by status
/// for `/metrics`.
pub fn router(state: AppState) -> Router {
    use handlers::{daily, games, hints, me, puzzles, records};
    let limit = state.config.body_limit;
    let timeout = state.config.request_timeout;
    let counters = state.metrics.clone();
    // Compression wraps the pages and the API's reads only: tower-http boxes a large body for
    // every response it wraps, compressed or not, and the writes (new game, check, hint) are
    // small JSON on the hot path (docs/web.md, "Compression").
    let compressed = || CompressionLayer::new().quality(CompressionLevel::Precise(4));
    let reads = Router::new()
        .route("/health", get(handlers::health))
        .route("/options", get(handlers::options))
        .route("/examples/{kind}", get(examples::get))
        .route("/qr", get(qr::get))
        .route("/games/{id}", get(games::get))
        .route("/records", get(records::list))
        .route("/records/summary", get(records::summary))
        .route("/daily", get(daily::today))
        .route("/daily/records", get(daily::records))
        .route("/me/stats", get(me::stats))
        .merge(learn::routes())
        .route_layer(compressed());
    let writes = Router::new()
        .route("/games", post(games::create))
        .route("/games/{id}/check", post(games::check))
        .route("/games/{id}/pause", post(games::pause))
        .route("/games/{id}/resume", post(games::resume))
        .route("/games/{id}/quit", post(games::quit))
        .route("/games/{id}/hint", post(hints::hint))
        .route("/games/{id}/mistakes", post(hints::mistakes))
        .route("/puzzles/analyze", post(puzzles::analyze))
        .route("/puzzles/verify", post(puzzles::verify));
    let api = reads.merge(writes).fallback(handlers::not_found);
    // Level 4 for both: most of the gain at a fraction of the CPU of brotli's default (11).
    let files = Router::new().fallback(pages).layer(compressed());
    Router::new()
        .nest("/api", api)
        .route("/metrics", get(metrics::serve))
        .merge(files)
        .layer(middleware::from_fn_with_state(state.clone(), ratelimit::limit))
        .with_state(state)
        .layer(DefaultBodyLimit::max(limit))
        .layer(RequestBodyLimitLayer::new(limit))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, timeout))
        .layer(middleware::map_response_with_state(limit, json_errors))
        .layer(middleware::from_fn_with_state(counters, metrics::count))
        // A 503 is the server saying "busy, ask again" on purpose (an empty pool, a full solving
        // lane: counted by the metrics), not a failure: only 500 to 502 are logged as failures
        // (at ERROR). Issue 39: 2,568 ERROR lines of deliberate 503s in one afternoon.
        .layer(TraceLayer::new(StatusInRangeAsFailures::new(500..=502).into_make_classifier()))
}

/// The pages and files, for `GET` and `HEAD`; any other method is a 405 saying which are allowed.
async fn pages(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method == Method::GET || method == Method::HEAD {
        return assets::serve(uri, headers).await;
    }
    let mut response = StatusCode::METHOD_NOT_ALLOWED.into_response();
    response.headers_mut().insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
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
    let allow = response.headers().get(header::ALLOW).cloned();
    let message = match status {
        StatusCode::PAYLOAD_TOO_LARGE => error::too_large(limit),
        StatusCode::REQUEST_TIMEOUT => "the request took too long and was stopped".to_owned(),
        StatusCode::METHOD_NOT_ALLOWED => match allow.as_ref().and_then(|v| v.to_str().ok()) {
            Some(allowed) => format!("method not allowed on this path; allowed: {allowed}"),
            None => "method not allowed on this path".to_owned(),
        },
        other => other.canonical_reason().unwrap_or("error").to_lowercase(),
    };
    let mut json =
        (status, axum::Json(api::ErrorBody { error: &message, field: None, wrong: None })).into_response();
    if let Some(allow) = allow {
        json.headers_mut().insert(header::ALLOW, allow);
    }
    json
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
