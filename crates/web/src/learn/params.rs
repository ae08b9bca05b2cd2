//! The query of a Learn request, read by hand so that every mistake is a 400 naming its key and
//! what the key takes: the paging keys (`from`, `limit`, `to`) that every view shares, and the
//! view's own.

use axum::extract::rejection::QueryRejection;
use axum::extract::Query;

use super::{DEFAULT_LIMIT, MAX_LIMIT};
use crate::error::{echo, AppError, AppResult};

/// The keys and values of a query, in order.
#[derive(Debug, Clone, Default)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

/// A query as its extractor reads it.
pub type Pairs = Vec<(String, String)>;

/// The keys every view takes.
const PAGING: [&str; 3] = ["from", "limit", "to"];

impl Params {
    /// The query, checked against the view's keys (`keys`, besides the paging keys): an unknown
    /// or repeated key is a 400.
    pub fn read(query: Result<Query<Pairs>, QueryRejection>, keys: &[&'static str]) -> AppResult<Params> {
        let Query(pairs) = query.map_err(|err| AppError::BadRequest {
            message: format!("the query: {}", err.body_text()),
            field: None,
        })?;
        for (i, (key, _)) in pairs.iter().enumerate() {
            if !keys.contains(&key.as_str()) && !PAGING.contains(&key.as_str()) {
                let mut known: Vec<&str> = keys.to_vec();
                known.extend(PAGING);
                return Err(AppError::BadRequest {
                    message: format!("unknown key {}; this view takes {}", echo(key), known.join(", ")),
                    field: Some(key.clone().into()),
                });
            }
            if pairs[..i].iter().any(|(k, _)| k == key) {
                return Err(AppError::BadRequest {
                    message: format!("the key {} is given twice", echo(key)),
                    field: Some(key.clone().into()),
                });
            }
        }
        Ok(Params { pairs })
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The whole number of `key` in `min..=max`, or `default` when it is not given.
    pub fn number(&self, key: &'static str, min: u64, max: u64, default: u64) -> AppResult<u64> {
        let Some(text) = self.get(key) else { return Ok(default) };
        match text.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(AppError::bad(
                key,
                format!("{key}: a whole number from {min} to {max} is expected, not {}", echo(text)),
            )),
        }
    }

    /// `from` and `limit`: the first event wanted and how many (at most [`MAX_LIMIT`]).
    pub fn paging(&self) -> AppResult<(u64, u64)> {
        let from = self.number("from", 0, u64::from(u32::MAX), 0)?;
        let limit = self.number("limit", 1, MAX_LIMIT, DEFAULT_LIMIT)?;
        Ok((from, limit))
    }

    /// Whether the request asks for the count to the end (`to=end`).
    pub fn to_end(&self) -> AppResult<bool> {
        match self.get("to") {
            None => Ok(false),
            Some("end") => Ok(true),
            Some(other) => {
                Err(AppError::bad("to", format!("to: only \"end\" is known, not {}", echo(other))))
            }
        }
    }
}
