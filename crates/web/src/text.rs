//! The text forms of pasted and shared Sudoku and Hidato puzzles: Sudoku's line, grid or JSON
//! (with the X variant's diagonals), Hidato's seed format, JSON, or the compact URL form
//! `WxH:1,0,x/0,0,5`. (The families' text is janko's, read by the library: `crate::family`.)

use std::sync::Arc;

use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::Sudoku;

use crate::error::{AppError, AppResult};
use crate::model::{parse_variant, MAX_HIDATO_CELLS};

/// Reads a pasted Sudoku (a line, a grid or JSON); `variant` `"x"` adds the diagonals.
pub fn parse_sudoku(text: &str, variant: Option<&str>, field: &'static str) -> AppResult<Sudoku> {
    let sudoku = Sudoku::parse(text).map_err(|err| AppError::bad(field, format!("{field}: {err}")))?;
    match variant.map(parse_variant).transpose()? {
        Some(true) if !sudoku.layout().has_diagonals() => {
            let layout = Arc::new(sudoku.layout().clone().with_diagonals());
            Sudoku::from_digits(layout, sudoku.cells().to_vec())
                .map_err(|err| AppError::bad(field, err.to_string()))
        }
        _ => Ok(sudoku),
    }
}

/// Reads a pasted Hidato: the seed's format (with or without the count line), JSON, or the
/// compact URL form `WxH:1,0,x/0,0,5` (`x` or `-1` a hole, rows separated by `/`).
pub fn parse_hidato(text: &str, adjacency: Adjacency, field: &'static str) -> AppResult<Hidato> {
    let text = text.trim();
    let puzzle = match compact_header(text) {
        Some((width, height, rows)) => parse_compact(width, height, rows, adjacency, field)?,
        None => hidato::parse_puzzle(text, adjacency)
            .map_err(|err| AppError::bad(field, format!("{field}: {err}")))?,
    };
    if puzzle.width() * puzzle.height() > MAX_HIDATO_CELLS {
        return Err(AppError::unprocessable(
            field,
            format!(
                "{field}: {}x{} is too large; at most {MAX_HIDATO_CELLS} cells",
                puzzle.width(),
                puzzle.height()
            ),
        ));
    }
    Ok(puzzle)
}

fn compact_header(text: &str) -> Option<(usize, usize, &str)> {
    let (dims, rows) = text.split_once(':')?;
    let (w, h) = dims.trim().split_once(['x', 'X'])?;
    Some((w.trim().parse().ok()?, h.trim().parse().ok()?, rows))
}

fn parse_compact(
    width: usize,
    height: usize,
    rows: &str,
    adjacency: Adjacency,
    field: &'static str,
) -> AppResult<Hidato> {
    if width == 0 || height == 0 || width.saturating_mul(height) > MAX_HIDATO_CELLS {
        return Err(AppError::unprocessable(
            field,
            format!("{field}: {width}x{height}: sides from 1 and at most {MAX_HIDATO_CELLS} cells"),
        ));
    }
    let rows: Vec<&str> = rows.trim().split('/').collect();
    if rows.len() != height {
        return Err(AppError::bad(field, format!("{field}: {} rows; the header says {height}", rows.len())));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (r, row) in rows.iter().enumerate() {
        let fields: Vec<&str> = row.split(',').map(str::trim).collect();
        if fields.len() != width {
            return Err(AppError::bad(
                field,
                format!("{field}: row {} has {} cells; the header says {width}", r + 1, fields.len()),
            ));
        }
        for (c, value) in fields.into_iter().enumerate() {
            let value = match value {
                "x" | "X" => hidato::HOLE,
                other => other.parse::<i32>().map_err(|_| {
                    AppError::bad(
                        field,
                        format!("{field}: row {}, cell {}: {other:?} is not x, 0 or a number", r + 1, c + 1),
                    )
                })?,
            };
            cells.push(value);
        }
    }
    Hidato::new(width, height, cells, adjacency)
        .map_err(|err| AppError::bad(field, format!("{field}: {err}")))
}

/// Hidato's compact URL form: `WxH:` then rows separated by `/`, cells by `,`, holes as `x`.
pub fn hidato_compact(width: usize, height: usize, cells: &[i32]) -> String {
    let rows: Vec<String> = cells
        .chunks(width.max(1))
        .map(|row| {
            row.iter()
                .map(|&v| if v == hidato::HOLE { "x".to_owned() } else { v.to_string() })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!("{width}x{height}:{}", rows.join("/"))
}
