//! The JSON API under `/api`: one module per resource, and the body extractors: a body must say
//! `Content-Type: application/json` (else 415, which also refuses the cross-site "simple"
//! `text/plain` POSTs a form can send), and bad JSON or an unknown key is a 400 naming the field.

pub mod daily;
pub mod games;
pub mod hints;
pub mod me;
mod pasted;
pub mod puzzles;
pub mod records;

use std::borrow::Cow;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::de::DeserializeOwned;

use crate::api::Health;
use crate::error::AppError;
use crate::state::AppState;

/// A JSON body read with serde; a mistake is a 400 naming it (a body over the limit, 413).
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for Body<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let json = is_json(req.headers())?;
        let bytes = read_body(req, state).await?;
        if bytes.is_empty() && json.is_none() {
            return Err(AppError::BadRequest {
                message: "the body is missing: this request takes a JSON object".into(),
                field: None,
            });
        }
        if json != Some(true) {
            return Err(not_json());
        }
        parse(&bytes).map(Body)
    }
}

/// The body of a request that takes none (pause, resume, quit): nothing, or `{}`. A body that
/// is there must be JSON, and an object without keys.
#[derive(Debug)]
pub struct NoBody;

/// What [`NoBody`] accepts: an object with no key.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

impl FromRequest<AppState> for NoBody {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let json = is_json(req.headers())?;
        let bytes = read_body(req, state).await?;
        if bytes.is_empty() && json != Some(false) {
            return Ok(NoBody);
        }
        if json != Some(true) {
            return Err(not_json());
        }
        parse::<Empty>(&bytes).map(|_| NoBody)
    }
}

/// Whether the request says its body is JSON: `None` when it has no `Content-Type`.
/// `application/json`, with or without parameters (`; charset=utf-8`), in any case.
fn is_json(headers: &HeaderMap) -> Result<Option<bool>, AppError> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else { return Ok(None) };
    let value = value.to_str().map_err(|_| not_json())?;
    let essence = value.split(';').next().unwrap_or_default().trim();
    Ok(Some(essence.eq_ignore_ascii_case("application/json")))
}

fn not_json() -> AppError {
    AppError::UnsupportedMediaType(
        "the body must be JSON, sent with Content-Type: application/json".to_owned(),
    )
}

async fn read_body(req: Request, state: &AppState) -> Result<Bytes, AppError> {
    Bytes::from_request(req, state).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge(state.config.body_limit)
        } else {
            AppError::BadRequest { message: rejection.body_text(), field: None }
        }
    })
}

/// The body as `T`; a mistake is a 400 whose `field` names the key at fault (unknown or
/// missing) when serde names one.
fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    serde_json::from_slice(bytes).map_err(|err| {
        let text = err.to_string();
        AppError::BadRequest {
            message: format!("the body is not the JSON expected: {text}"),
            field: named_field(&text),
        }
    })
}

/// The key serde's message names: "unknown field `colour`, expected ..." gives `colour`.
fn named_field(message: &str) -> Option<Cow<'static, str>> {
    ["unknown field `", "missing field `"].iter().find_map(|start| {
        let rest = &message[message.find(start)? + start.len()..];
        Some(Cow::Owned(rest[..rest.find('`')?].to_owned()))
    })
}

/// `GET /api/health`
pub async fn health() -> impl IntoResponse {
    Json(Health { ok: true })
}

/// `GET /api/options`: the configurations a new game can ask for.
pub async fn options() -> impl IntoResponse {
    Json(crate::model::offered())
}

/// Any other path under `/api`.
pub async fn not_found() -> AppError {
    AppError::NotFound("no such API endpoint; see docs/web.md".into())
}

#[cfg(test)]
mod tests {
    use super::named_field;

    #[test]
    fn the_field_is_read_from_serde_s_message() {
        let field = |m: &str| named_field(m).map(std::borrow::Cow::into_owned);
        assert_eq!(field("unknown field `colour`, expected one of `kind` at line 1"), Some("colour".into()));
        assert_eq!(field("missing field `cells` at line 1 column 2"), Some("cells".into()));
        assert_eq!(field("expected value at line 1 column 1"), None);
        assert_eq!(field("unknown field `unterminated"), None);
    }
}
