//! One error type for every handler: [`AppError`] becomes a JSON response
//! `{"error": "...", "field": "..."}` with a 4xx status for the client's mistakes and a logged
//! 500 for the server's own.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

/// What went wrong with a request.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AppError {
    /// The request is malformed or names something that does not exist in the rules (400).
    #[error("{message}")]
    BadRequest {
        /// What is wrong, for the player.
        message: String,
        /// The JSON field at fault, when there is one.
        field: Option<&'static str>,
    },
    /// No such game or resource (404).
    #[error("{0}")]
    NotFound(String),
    /// The request conflicts with the state of the game (409); `extra` is merged into the body.
    #[error("{message}")]
    Conflict {
        /// What is wrong.
        message: String,
        /// More keys for the body, e.g. `{"wrong": [cells]}`.
        extra: Value,
    },
    /// Well-formed but cannot be done: a puzzle without solution, a level the generator does not
    /// offer, a budget that ran out ("gave up") (422).
    #[error("{message}")]
    Unprocessable {
        /// What is wrong.
        message: String,
        /// The JSON field at fault, when there is one.
        field: Option<&'static str>,
    },
    /// The request body is over the limit (413).
    #[error("the request body is too large; at most 64 KiB")]
    TooLarge,
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
        AppError::BadRequest { message: message.into(), field: Some(field) }
    }

    /// 422 about a field.
    pub fn unprocessable(field: &'static str, message: impl Into<String>) -> Self {
        AppError::Unprocessable { message: message.into(), field: Some(field) }
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
            AppError::Conflict { .. } => StatusCode::CONFLICT,
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
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
        let body = match &self {
            AppError::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "internal error");
                json!({"error": "internal error; see the server's log"})
            }
            AppError::BadRequest { message, field: Some(field) }
            | AppError::Unprocessable { message, field: Some(field) } => {
                json!({"error": message, "field": field})
            }
            AppError::Conflict { message, extra } => {
                let mut body = json!({"error": message});
                if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
                    body.extend(extra.clone());
                }
                body
            }
            other => json!({"error": other.to_string()}),
        };
        (status, Json(body)).into_response()
    }
}

/// The result of a handler.
pub type AppResult<T> = Result<T, AppError>;
