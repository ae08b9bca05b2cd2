//! The JSON API under `/api`: one module per resource, and the body extractor that turns bad
//! JSON into a 400 that says what is wrong.

pub mod games;
pub mod puzzles;
pub mod records;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use serde::de::DeserializeOwned;

use crate::api::{Dimensions, Health, HidatoOptions, Options, SudokuOptions};
use crate::error::AppError;
use crate::model::{HIDATO_SIZES, SUDOKU_SIZES};
use crate::pool::{sudoku_levels, HIDATO_LEVELS};
use crate::state::AppState;

/// A JSON body read with serde; a mistake is a 400 naming it (a body over the limit, 413).
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for Body<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::TooLarge(state.config.body_limit)
            } else {
                AppError::BadRequest { message: rejection.body_text(), field: None }
            }
        })?;
        serde_json::from_slice(&bytes).map(Body).map_err(|err| AppError::BadRequest {
            message: format!("the body is not the JSON expected: {err}"),
            field: None,
        })
    }
}

/// `GET /api/health`
pub async fn health() -> impl IntoResponse {
    Json(Health { ok: true })
}

/// `GET /api/options`: the configurations a new game can ask for.
pub async fn options() -> impl IntoResponse {
    Json(Options {
        hidato: HidatoOptions {
            adjacencies: ["hidato", "numbrix"],
            difficulties: &HIDATO_LEVELS,
            sizes: HIDATO_SIZES.iter().map(|&(width, height)| Dimensions { height, width }).collect(),
        },
        sudoku: SudokuOptions {
            difficulties: sudoku_levels(9),
            levels: SUDOKU_SIZES.iter().map(|&size| (size.to_string(), sudoku_levels(size))).collect(),
            sizes: SUDOKU_SIZES,
            variants: ["classic", "x"],
        },
    })
}

/// Any other path under `/api`.
pub async fn not_found() -> AppError {
    AppError::NotFound("no such API endpoint; see docs/web.md".into())
}
