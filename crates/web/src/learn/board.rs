//! `GET /api/learn/queens?n=8` and `GET /api/learn/tiling?board=6x10`: N-queens and pentomino
//! tilings through their exact-cover reductions (`tessera::queens::ExactCover`,
//! `tessera::tiling::ExactCover`, the ones `tessera queens --engine xc` and `tessera tiling
//! --engine xc` run), traced by DLX1. The setup maps each option to the squares it fills, so the
//! page can draw the board filling and emptying as options are tried and withdrawn:
//! `{"kind", "width", "height", "options": [[label, square, ...], ...]}`, squares numbered row by
//! row from 0 (a queen is labelled "Q", a piece by its letter).
//!
//! The tiling's count to the end lists the distinct tilings, up to the board's symmetries, as a
//! gallery: each tiling found is reduced to its canonical form (`tiling::canonical`, the CLI's
//! `--distinct` route for the exact-cover engine) and the first of each class is kept; the
//! gallery is served `GALLERY_PAGE` pictures at a time (`&gallery=K`), each drawn by the CLI's
//! SVG writer (`tiling::SvgLayout`), so that the page fetches only what it shows.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use serde_json::{json, Value};
use tessera::tiling::{self, Puzzle, SvgLayout, Symmetry, Tiling};
use tessera::xc::{Budget, Problem};
use tessera::{queens, Reduction};

use super::params::Pairs;
use super::{cached, count_to_end, traced, End, Params};
use crate::error::{echo, AppError, AppResult};
use crate::state::AppState;

/// The boards the tiling view offers (pentominoes, every piece once).
pub const BOARDS: [&str; 4] = ["6x10", "5x12", "4x15", "3x20"];

/// Gallery pictures per request.
pub const GALLERY_PAGE: u64 = 24;

/// The sides of N-queens the view offers.
pub const QUEENS: std::ops::RangeInclusive<u64> = 4..=12;

/// Queens solutions listed by the count to the end, at most.
const LISTED: usize = 100;

/// `GET /api/learn/queens?n=N`
pub async fn queens(
    State(state): State<AppState>,
    q: Result<Query<Pairs>, QueryRejection>,
) -> AppResult<Json<Value>> {
    let params = Params::read(q, &["n"])?;
    let n = params.number("n", *QUEENS.start(), *QUEENS.end(), 8)? as usize;
    let board = queens::Board::new(n).map_err(|err| AppError::bad("n", format!("n: {err}")))?;
    let problem = Arc::new(queens::ExactCover::new(&board).problem().clone());
    let options: Vec<Value> = (0..n * n).map(|square| json!(["Q", square])).collect();
    let setup = json!({"kind": "queens", "width": n, "height": n, "options": options});
    if !params.to_end()? {
        return traced(&state, "queens", problem, setup, &params).await.map(Json);
    }
    let end = cached(&state, format!("queens/{n}"), move || {
        let (_, kept, mut page) = count_to_end(&problem, Budget::unlimited(), LISTED, |_| {});
        let columns: Vec<Vec<usize>> = kept.iter().map(|s| s.iter().map(|o| o.index()).collect()).collect();
        page.result = Some(json!({"options": columns}));
        End { page, extra: Box::new(()) }
    })
    .await?;
    Ok(Json(super::answer("queens", setup, &end.page, true)))
}

/// The puzzle of a board's name.
fn puzzle_of(board: &str) -> AppResult<Puzzle> {
    if !BOARDS.contains(&board) {
        return Err(AppError::bad(
            "board",
            format!("board: one of {} is offered, not {}", BOARDS.join(", "), echo(board)),
        ));
    }
    let (pieces, motion) = tiling::builtin("pentominoes").expect("a built-in set");
    let size =
        tiling::Board::parse_size(board).map_err(|err| AppError::bad("board", format!("board: {err}")))?;
    Ok(Puzzle::new(size, pieces, motion))
}

/// The setup of a tiling: each option's piece letter and squares.
fn tiling_setup(puzzle: &Puzzle) -> Value {
    let w = puzzle.board().width();
    let options: Vec<Value> = puzzle
        .placements()
        .iter()
        .map(|placement| {
            let mut row = vec![json!(puzzle.pieces()[placement.piece].name().to_string())];
            row.extend(placement.cells.iter().map(|&c| {
                let (r, col) = puzzle.cells()[c as usize];
                json!(r as usize * w + col as usize)
            }));
            Value::Array(row)
        })
        .collect();
    json!({
        "kind": "tiling", "width": w, "height": puzzle.board().height(), "options": options,
        "pieces": puzzle.pieces().iter().map(|p| p.name().to_string()).collect::<Vec<_>>(),
    })
}

/// The distinct tilings found by a count to the end, in the order found.
#[derive(Debug)]
struct Gallery {
    puzzle: Puzzle,
    tilings: Vec<Tiling>,
}

/// `GET /api/learn/tiling?board=6x10`
pub async fn tiling(
    State(state): State<AppState>,
    q: Result<Query<Pairs>, QueryRejection>,
) -> AppResult<Json<Value>> {
    let params = Params::read(q, &["board", "gallery"])?;
    let name = params.get("board").unwrap_or("6x10").to_owned();
    let puzzle = puzzle_of(&name)?;
    let setup = tiling_setup(&puzzle);
    let problem = Arc::new(tiling::ExactCover::new(&puzzle).problem().clone());
    if !params.to_end()? {
        if params.get("gallery").is_some() {
            return Err(AppError::bad("gallery", "gallery: only with to=end"));
        }
        return traced(&state, "tiling", problem, setup, &params).await.map(Json);
    }
    let end = cached(&state, format!("tiling/{name}"), move || distinct_tilings(puzzle, &problem)).await?;
    let gallery = end.extra.downcast_ref::<Gallery>().ok_or_else(|| anyhow::anyhow!("a tiling's gallery"))?;
    let count = gallery.tilings.len() as u64;
    let from = params.number("gallery", 0, count.max(1) - 1, 0)?;
    let layout = SvgLayout::new(&gallery.puzzle, 1);
    let items: Vec<String> = gallery
        .tilings
        .iter()
        .skip(from as usize)
        .take(GALLERY_PAGE as usize)
        .map(|t| format!("{}{}{}", layout.open(), layout.tiling(0, t), SvgLayout::CLOSE))
        .collect();
    let mut answer = super::answer("tiling", setup, &end.page, true);
    answer["result"]["gallery"] = json!({"from": from, "page": GALLERY_PAGE, "items": items});
    Ok(Json(answer))
}

/// Counts every tiling on DLX1 and keeps the first of each class under the board's symmetries.
fn distinct_tilings(puzzle: Puzzle, problem: &Problem) -> End {
    let symmetry = Symmetry::of(&puzzle);
    let mut seen = HashMap::new();
    let mut tilings = Vec::new();
    let (_, _, mut page) = count_to_end(problem, Budget::unlimited(), 0, |options| {
        let tiling = Tiling::new(options.iter().map(|o| o.index()).collect());
        let form = tiling::canonical(&puzzle, &tiling, &symmetry, symmetry.transforms());
        if seen.insert(form, ()).is_none() {
            tilings.push(tiling);
        }
    });
    page.result = Some(json!({"distinct": tilings.len(), "symmetries": symmetry.len()}));
    End { page, extra: Box::new(Gallery { puzzle, tilings }) }
}
