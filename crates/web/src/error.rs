//! One error type for every handler: [`AppError`] becomes a JSON response
//! `{"error": "...", "field": "..."}` with a 4xx status for the client's mistakes and a logged
//! 500 for the server's own.

use std::borrow::Cow;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::api::{ErrorBody, MistakeBody};

/// What went wrong with a request.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AppError {
    /// The request is malformed or names something that does not exist in the rules (400).
    #[error("{message}")]
    BadRequest {
        /// What is wrong, for the player.
        message: String,
        /// The JSON field at fault, when there is one (an unknown key is named as sent).
        field: Option<Cow<'static, str>>,
    },
    /// No such game or resource (404).
    #[error("{0}")]
    NotFound(String),
    /// The client may not see this (403).
    #[error("{0}")]
    Forbidden(String),
    /// The request conflicts with the state of the game (409).
    #[error("{message}")]
    Conflict {
        /// What is wrong.
        message: String,
        /// The cells in the way, when there are some (the body's `wrong`).
        wrong: Option<Vec<usize>>,
    },
    /// The player's grid has a mistake against the solution (409, `"mistake": true`): a hint
    /// says only that, unless the player asked where (`cell`: the one wrong cell shown).
    #[error("{message}")]
    Mistake {
        /// What is wrong, for the player.
        message: String,
        /// The one wrong cell shown (the body's `wrong`), when asked for.
        cell: Option<usize>,
    },
    /// Well-formed but cannot be done: a puzzle without solution, a level the generator does not
    /// offer, a budget that ran out ("gave up") (422).
    #[error("{message}")]
    Unprocessable {
        /// What is wrong.
        message: String,
        /// The JSON field at fault, when there is one.
        field: Option<Cow<'static, str>>,
    },
    /// The request has a body that is not `application/json` (415).
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Too many requests from this client; try again after that many seconds (429, with
    /// `Retry-After`).
    #[error("too many requests from this address; try again in {0} s")]
    TooManyRequests(u64),
    /// The request body is over the limit of that many bytes (413).
    #[error("{}", too_large(*.0))]
    TooLarge(usize),
    /// The server is too busy to do this now; try again (503).
    #[error("{0}")]
    Busy(String),
    /// A failure of the server itself (500); logged, never shown in detail.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// 400 about a field.
    pub fn bad(field: &'static str, message: impl Into<String>) -> Self {
        AppError::BadRequest { message: message.into(), field: Some(Cow::Borrowed(field)) }
    }

    /// 422 about a field.
    pub fn unprocessable(field: &'static str, message: impl Into<String>) -> Self {
        AppError::Unprocessable { message: message.into(), field: Some(Cow::Borrowed(field)) }
    }

    /// 409 with no cells to name.
    pub fn conflict(message: impl Into<String>) -> Self {
        AppError::Conflict { message: message.into(), wrong: None }
    }

    /// 422: a budget ran out.
    pub fn gave_up(what: &str) -> Self {
        AppError::Unprocessable { message: format!("gave up: {what} ran out of its budget"), field: None }
    }

    /// The status code this error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::Conflict { .. } | AppError::Mistake { .. } => StatusCode::CONFLICT,
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(err: rusqlite::Error) -> Self {
        AppError::Internal(err.into())
    }
}

impl From<tokio::task::JoinError> for AppError {
    fn from(err: tokio::task::JoinError) -> Self {
        AppError::Internal(err.into())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let AppError::Internal(err) = &self {
            tracing::error!(error = %format!("{err:#}"), "internal error");
        }
        let message = match &self {
            AppError::Internal(_) => "internal error; see the server's log".to_owned(),
            other => other.to_string(),
        };
        if let AppError::Mistake { message, cell } = &self {
            let wrong = cell.as_ref().map(std::slice::from_ref);
            return (status, Json(MistakeBody { error: message, mistake: true, wrong })).into_response();
        }
        let (field, wrong) = match &self {
            AppError::BadRequest { field, .. } | AppError::Unprocessable { field, .. } => {
                (field.as_deref(), None)
            }
            AppError::Conflict { wrong, .. } => (None, wrong.as_deref()),
            _ => (None, None),
        };
        let mut response = (status, Json(ErrorBody { error: &message, field, wrong })).into_response();
        match self {
            AppError::TooManyRequests(seconds) => {
                response.headers_mut().insert(header::RETRY_AFTER, seconds.into());
            }
            // A busy server (an empty pool, a full solving queue) is worth asking again soon.
            AppError::Busy(_) => {
                response.headers_mut().insert(header::RETRY_AFTER, BUSY_RETRY_SECONDS.into());
            }
            _ => {}
        }
        response
    }
}

/// The `Retry-After` of a 503: a pool refills, or a solving slot frees, within seconds.
const BUSY_RETRY_SECONDS: u64 = 2;

/// The message of a 413 for a body limit of `limit` bytes: "at most 64 KiB".
pub fn too_large(limit: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * KIB;
    let limit = match limit {
        0 => "0 bytes".to_owned(),
        n if n % MIB == 0 => format!("{} MiB", n / MIB),
        n if n % KIB == 0 => format!("{} KiB", n / KIB),
        n => format!("{n} bytes"),
    };
    format!("the request body is too large; at most {limit}")
}

/// Characters of a client's text echoed in an error, at most.
const ECHOED: usize = 64;

/// `text` as echoed in an error message: quoted, and cut after [`ECHOED`] characters with the
/// length said ("\"abc…\" (5000 characters)"), so that a 5,000-character id is not sent back.
pub fn echo(text: &str) -> String {
    let count = text.chars().count();
    if count <= ECHOED {
        return format!("{text:?}");
    }
    let head: String = text.chars().take(ECHOED).collect();
    format!("{:?} ({count} characters)", format!("{head}…"))
}

/// The result of a handler.
pub type AppResult<T> = Result<T, AppError>;

#[cfg(test)]
mod tests {
    use super::{echo, too_large};

    #[test]
    fn a_long_text_is_cut_when_echoed() {
        assert_eq!(echo("abc"), "\"abc\"");
        let long = "x".repeat(5000);
        let echoed = echo(&long);
        assert!(echoed.len() < 100, "{echoed}");
        assert!(echoed.ends_with("…\" (5000 characters)"), "{echoed}");
    }

    #[test]
    fn the_limit_is_written_in_the_largest_whole_unit() {
        assert_eq!(too_large(64 * 1024), "the request body is too large; at most 64 KiB");
        assert_eq!(too_large(2 << 20), "the request body is too large; at most 2 MiB");
        assert_eq!(too_large(1000), "the request body is too large; at most 1000 bytes");
    }
}
