//! Killer Sudoku as JSON: one object or an array of them,
//!
//! ```text
//!   {"size": 4, "cages": [{"sum": 9, "cells": [0, 4], "id": "2"}, ...], "givens": [0, 2, 0, ...]}
//! ```
//!
//! cells numbered row by row from 0 (as in the rater's steps), `id` optional (the text's cage id),
//! `givens` optional (`size * size` digits, `0` for empty). serde_json places syntax and type
//! errors; the puzzle's own checks (a cell in two cages, an impossible sum) point at the start of
//! the object they are about.

use serde::{Deserialize, Serialize};

use crate::killer::model::{Cage, Killer};
use crate::Error;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCage {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    sum: u32,
    cells: Vec<usize>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    size: usize,
    cages: Vec<RawCage>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    givens: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    Many(Vec<Raw>),
    One(Raw),
}

/// The puzzles of a JSON text: one object, or an array of them.
pub fn from_json(text: &str) -> Result<Vec<Killer>, Error> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let list = body.trim_start().starts_with('[');
    let parsed = if list {
        serde_json::from_str::<Vec<Raw>>(body).map(OneOrMany::Many)
    } else {
        serde_json::from_str::<Raw>(body).map(OneOrMany::One)
    };
    let raws = match parsed {
        Ok(OneOrMany::Many(raws)) => raws,
        Ok(OneOrMany::One(raw)) => vec![raw],
        Err(err) => {
            let message = err.to_string();
            let message = message.rfind(" at line ").map_or(message.clone(), |at| message[..at].to_string());
            return Err(Error::parse(err.line().max(1), err.column().max(1), message));
        }
    };
    let starts = object_starts(body, if list { 1 } else { 0 });
    raws.into_iter()
        .enumerate()
        .map(|(i, raw)| {
            let (line, column) = starts.get(i).copied().unwrap_or((1, 1));
            let cages = raw
                .cages
                .into_iter()
                .map(|c| {
                    let label = c.id.unwrap_or_default();
                    let cage = Cage::new(c.cells, c.sum);
                    let anchor = cage.anchor();
                    cage.with_text(anchor, &label)
                })
                .collect();
            Killer::new(raw.size, cages, raw.givens).map_err(|err| {
                let which = if list { format!("puzzle {}: ", i + 1) } else { String::new() };
                Error::parse(line, column, format!("{which}{err}"))
            })
        })
        .collect()
}

/// The puzzle as one JSON object (one line).
///
/// ```
/// use tessera::killer::{from_json, parse, to_json};
/// let puzzle = parse("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n")?;
/// assert_eq!(from_json(&to_json(&puzzle))?, vec![puzzle]);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn to_json(puzzle: &Killer) -> String {
    let raw = Raw {
        size: puzzle.size(),
        cages: puzzle
            .cages()
            .iter()
            .map(|c| RawCage { id: Some(c.label().to_string()), sum: c.sum(), cells: c.cells().to_vec() })
            .collect(),
        givens: if puzzle.has_givens() { puzzle.givens().to_vec() } else { Vec::new() },
    };
    serde_json::to_string(&raw).unwrap_or_default()
}

/// The line and column of each `{` at `depth` (0: the top object; 1: the objects of a top array).
fn object_starts(text: &str, depth: usize) -> Vec<(usize, usize)> {
    let (mut line, mut column, mut level) = (1, 0, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    let mut starts = Vec::new();
    for ch in text.chars() {
        column += 1;
        if ch == '\n' {
            line += 1;
            column = 0;
        }
        if in_string {
            match (escaped, ch) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => in_string = true,
            '{' | '[' => {
                if ch == '{' && level == depth {
                    starts.push((line, column));
                }
                level += 1;
            }
            '}' | ']' => level = level.saturating_sub(1),
            _ => {}
        }
    }
    starts
}
