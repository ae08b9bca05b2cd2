//! What is Hidato's own in the web game, beside the library's `tessera::hidato`: the boards
//! offered, the conflicts of a grid (a number twice, or two consecutive numbers that do not
//! touch), the hint from the library's logical solve, and a pasted Hidato. The registry (`super`)
//! calls these; no handler does.

use std::collections::HashMap;

use tessera::hidato::{self, Adjacency, Hidato};
use tessera::Budget;

use super::{join_cells, Pasted, Shape, Wanted, MAX_HIDATO_CELLS};
use crate::api::{Dimensions, HidatoOptions, Hint};
use crate::error::{AppError, AppResult};
use crate::family::Analyzed;
use crate::pool::Made;

/// Hidato boards the game offers (width, height).
pub const SIZES: [(usize, usize); 4] = [(5, 5), (7, 7), (9, 9), (12, 12)];

/// The board a request asks for (default 7x7 Hidato); with `offered`, a 422 for a board the game
/// does not offer.
pub(super) fn wanted(want: &Wanted<'_>, offered: bool) -> AppResult<(usize, usize, Adjacency)> {
    let (width, height) = (want.width.unwrap_or(7), want.height.unwrap_or(7));
    if offered && !SIZES.contains(&(width, height)) {
        return Err(AppError::unprocessable(
            "width",
            format!("{width}x{height}: the game offers 5x5, 7x7, 9x9 and 12x12"),
        ));
    }
    if width == 0 || height == 0 || width.saturating_mul(height) > MAX_HIDATO_CELLS {
        return Err(AppError::bad("width", format!("{width}x{height}: no board the game plays")));
    }
    Ok((width, height, parse_adjacency(want.adjacency.unwrap_or("hidato"))?))
}

/// The level names, easiest first: every level of the library, on every board.
pub(super) fn levels() -> Vec<&'static str> {
    hidato::Difficulty::ALL.map(hidato::Difficulty::name).to_vec()
}

/// The part of `GET /api/options` for Hidato.
pub(super) fn options() -> HidatoOptions {
    HidatoOptions {
        adjacencies: ["hidato", "numbrix"],
        difficulties: levels(),
        sizes: SIZES.iter().map(|&(width, height)| Dimensions { height, width }).collect(),
        rules: hidato::RULES,
    }
}

/// One puzzle of a board and level from `seed`, as stored; `Ok(None)` for a level's name the
/// library does not know.
pub(super) fn generate(
    (width, height, adjacency): (usize, usize, Adjacency),
    difficulty: &str,
    budget: Budget,
    seed: u64,
) -> Result<Option<Made>, tessera::GaveUp> {
    let Ok(level) = difficulty.parse::<hidato::Difficulty>() else { return Ok(None) };
    let Ok(shape) = Hidato::new(width, height, vec![0; width * height], adjacency) else { return Ok(None) };
    let made = hidato::Generator::new(shape).difficulty(level).budget(budget).generate(seed)?;
    Ok(Some((join_cells(made.puzzle.cells()), join_cells(made.solution.cells()))))
}

/// Marks the cells of a number placed twice, and of two consecutive numbers placed once each
/// that do not touch.
pub(super) fn conflicts(width: usize, adjacency: Adjacency, cells: &[i32], bad: &mut [bool]) {
    let mut at: HashMap<i32, Vec<usize>> = HashMap::new();
    for (cell, &value) in cells.iter().enumerate() {
        if value > 0 {
            at.entry(value).or_default().push(cell);
        }
    }
    for (&value, places) in &at {
        if places.len() > 1 {
            places.iter().for_each(|&cell| bad[cell] = true);
            continue;
        }
        if let Some(next) = at.get(&(value + 1)).filter(|next| next.len() == 1) {
            let (a, b) = (places[0], next[0]);
            if !touch(width, adjacency, a, b) {
                bad[a] = true;
                bad[b] = true;
            }
        }
    }
}

/// Whether two cells touch.
fn touch(width: usize, adjacency: Adjacency, a: usize, b: usize) -> bool {
    let (dx, dy) = ((a % width).abs_diff(b % width), (a / width).abs_diff(b / width));
    match adjacency {
        Adjacency::Orthogonal => dx + dy == 1,
        _ => dx.max(dy) == 1,
    }
}

/// The first step of the library's logical solve that places a number the board lacks (a step
/// placing nothing would come back unchanged); `None` when there is none.
pub(super) fn hint(
    (width, height, adjacency): (usize, usize, Adjacency),
    cells: &[i32],
) -> AppResult<Option<Hint>> {
    let board = Hidato::new(width, height, cells.to_vec(), adjacency)
        .map_err(|err| AppError::bad("cells", err.to_string()))?;
    let rating = hidato::solve_logically(&board, hidato::Difficulty::Expert);
    let step = rating.steps.iter().find(|s| s.placed.is_some_and(|(cell, _)| cells.get(cell) == Some(&0)));
    Ok(step.map(|step| Hint {
        cells: step.placed.map(|(cell, _)| vec![cell]).unwrap_or_default(),
        changes: String::new(),
        eliminations: Vec::new(),
        explanation: step.explanation.clone(),
        placements: step.placed.map(|p| vec![p]).unwrap_or_default(),
        technique: step.technique.name().to_owned(),
        ..Hint::default()
    }))
}

/// A pasted Hidato (`"numbrix"`: four neighbours).
pub(super) fn read(text: &str, adjacency: Option<&str>) -> AppResult<Box<dyn Pasted>> {
    let adjacency = parse_adjacency(adjacency.unwrap_or("hidato"))?;
    Ok(Box::new(crate::text::parse_hidato(text, adjacency, "puzzle")?))
}

impl Pasted for Hidato {
    fn stored(&self) -> String {
        join_cells(self.cells())
    }

    fn clues(&self) -> usize {
        Hidato::givens(self)
    }

    fn to_play(&self) -> AppResult<(Shape, Vec<i32>)> {
        Ok((Shape::hidato(self.width(), self.height(), self.adjacency()), self.cells().to_vec()))
    }

    fn analyze(&self, budget: &Budget) -> AppResult<Analyzed> {
        let query = hidato::Query::default().with_budget(budget.clone());
        let solutions = hidato::count(self, &query.clone().with_limit(2))
            .result()
            .map_err(|_| AppError::gave_up("counting the solutions"))?;
        let solution = if solutions > 0 {
            hidato::solve(self, &query).map_err(|_| AppError::gave_up("solving"))?.map(|s| s.cells().to_vec())
        } else {
            None
        };
        // A rating that meets a contradiction says nothing of the level.
        let difficulty = (solutions == 1)
            .then(|| hidato::rate(self))
            .filter(|rating| !rating.contradiction)
            .map(|rating| rating.difficulty.name());
        Ok(Analyzed { solutions, solution, difficulty })
    }

    fn verify(&self, answer: &str) -> AppResult<Vec<String>> {
        let parsed = if answer.trim_start().starts_with(char::is_numeric) && answer.contains(':') {
            crate::text::parse_hidato(answer, self.adjacency(), "answer")?
        } else {
            match hidato::parse_puzzle(answer, self.adjacency()) {
                Ok(answer) => answer,
                // A number twice or out of range is no board, but it is a wrong answer.
                Err(tessera::Error::Parse(err))
                    if matches!(
                        err.kind.downcast_ref::<hidato::ReadError>(),
                        Some(hidato::ReadError::Twice { .. } | hidato::ReadError::TooLarge { .. })
                    ) =>
                {
                    return Ok(vec![format!("answer: {err}")]);
                }
                Err(err) => return Err(AppError::bad("answer", format!("answer: {err}"))),
            }
        };
        Ok(hidato::verify(self, &parsed).violations().iter().map(ToString::to_string).collect())
    }
}

/// `"hidato"` (8 neighbours) or `"numbrix"` (4).
pub fn adjacency_name(adjacency: Adjacency) -> &'static str {
    match adjacency {
        Adjacency::Orthogonal => "numbrix",
        _ => "hidato",
    }
}

/// The adjacency named by `text`.
pub fn parse_adjacency(text: &str) -> AppResult<Adjacency> {
    match text {
        "hidato" | "king" => Ok(Adjacency::King),
        "numbrix" | "orthogonal" => Ok(Adjacency::Orthogonal),
        other => Err(AppError::bad(
            "adjacency",
            format!("unknown adjacency {other:?}; expected hidato or numbrix"),
        )),
    }
}
