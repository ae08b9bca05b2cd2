//! The pages, embedded in the binary (rust-embed over `crates/web/assets/`; read from disk in
//! debug builds): `/` is `index.html`, `/records` is `records.html`, anything else its file.
//! HTML is revalidated on every load (`no-cache`, with an ETag) and carries a strict
//! Content-Security-Policy; other files are cached an hour. JavaScript is `text/javascript`.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

use crate::error::AppError;

#[derive(Embed)]
#[folder = "assets/"]
#[exclude = ".*"]
struct Assets;

/// Serves an embedded file for any path outside `/api`.
pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        "records" => "records.html",
        other => other,
    };
    let Some(file) = Assets::get(path) else {
        return AppError::NotFound(format!("no page {:?}", uri.path())).into_response();
    };
    let etag =
        format!("\"{}\"", file.metadata.sha256_hash().iter().map(|b| format!("{b:02x}")).collect::<String>());
    let cache = if path.ends_with(".html") { "no-cache" } else { "public, max-age=3600" };
    let mut response = if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        file.data.into_owned().into_response()
    };
    let response_headers = response.headers_mut();
    // ES modules need a JavaScript type; say it plainly whatever mime_guess's table says.
    let mime = match path.rsplit_once('.').map(|(_, extension)| extension) {
        Some("js" | "mjs") => "text/javascript",
        _ => file.metadata.mimetype(),
    };
    let mime = if mime.starts_with("text/") { format!("{mime}; charset=utf-8") } else { mime.to_owned() };
    if let Ok(value) = HeaderValue::from_str(&mime) {
        response_headers.insert(header::CONTENT_TYPE, value);
    }
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        response_headers.insert(header::ETAG, value);
    }
    response_headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if path.ends_with(".html") {
        // The pages have no inline script or style: everything comes from this server.
        response_headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
        );
        response_headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    }
    response
}
