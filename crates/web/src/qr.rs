//! `GET /api/qr?link=URL`: the QR code of a share link, as SVG, for the game page's "Paste or
//! share" panel (a phone beside the screen opens the puzzle by its camera).
//!
//! Why the `qrcode` crate (kennytm's, the usual Rust QR encoder, pure Rust with its SVG renderer
//! and no image dependencies) on the server rather than a script in the page: the page has no
//! build step and takes no third-party script, and a QR encoder is Reed-Solomon codes and
//! masking rules that are not ours to write again. Only an http(s) link of at most
//! [`MAX_LINK`] bytes is encoded (a share link is a few hundred): this is no free-text QR
//! service, and the work per request stays small (the rate limit of `/api` applies too).

use axum::extract::Query;
use axum::http::header;
use axum::response::IntoResponse;
use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use serde::Deserialize;

use crate::error::{AppError, AppResult};

/// The longest link encoded, in bytes.
pub const MAX_LINK: usize = 2048;

/// The query of `GET /api/qr`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QrQuery {
    /// The link: `http://` or `https://`, at most [`MAX_LINK`] bytes.
    pub link: String,
}

/// `GET /api/qr?link=URL`: the link's QR code (error correction M, a quiet zone of four modules)
/// as `image/svg+xml`, black on white.
pub async fn get(Query(q): Query<QrQuery>) -> AppResult<impl IntoResponse> {
    let link = q.link.trim();
    if !(link.starts_with("https://") || link.starts_with("http://")) {
        return Err(AppError::unprocessable("link", "a QR code is made of an http or https link only"));
    }
    if link.len() > MAX_LINK {
        return Err(AppError::unprocessable(
            "link",
            format!("the link has {} bytes; a QR code is made of at most {MAX_LINK}", link.len()),
        ));
    }
    let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M)
        .map_err(|err| AppError::unprocessable("link", format!("no QR code holds it: {err}")))?;
    let image = code.render::<svg::Color<'_>>().min_dimensions(200, 200).quiet_zone(true).build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")], image))
}
