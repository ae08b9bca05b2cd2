//! `GET /api/examples/{kind}`: a small solved puzzle of each kind the game offers, as an SVG
//! picture, for the start page's card that says the kind's rules (`options.js` has the rules
//! in words; this is the picture beside them).
//!
//! Each example is the smallest board and easiest level offered, from seed 1, so that it is the
//! same picture on every run and machine; all of them are made together on the first request
//! (a few milliseconds of generation on a compute thread) and kept for the life of the process.
//! They are drawn by `tessera_print::figure`, the books' own drawing of the library's
//! `Draw` picture: why not the page's board code: an example is a picture, not a game (no
//! state, no input, no rules checked), and what each puzzle looks like on paper is already
//! said once there. The SVG draws in black on white, so the page shows it on a white card in
//! dark mode too.
//!
//! An example shows a solution, so no game plays it: the pool and the daily pass over a puzzle
//! whose answer is an example's (`shows`, read by `pool::generate_at`; for a 4x4 Sudoku about one
//! in 288 answers could be it).

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout};
use tessera::Budget;
use tessera_print::{figure, Grid};

use crate::error::{AppError, AppResult};
use crate::family::FAMILIES;
use crate::model::{join_cells, Kind};
use crate::state::AppState;

/// Points a cell of an example (the page sizes the picture by CSS; this sets the stroke widths
/// relative to the cells, as on paper).
const CELL: f32 = 24.0;

/// The budget of each example's generation: the small boards take milliseconds.
const BUDGET: Duration = Duration::from_secs(10);

/// An example: its picture, and the solution it shows (cells comma-joined, as the pool stores
/// a puzzle's).
struct Example {
    svg: Arc<str>,
    solution: String,
}

static EXAMPLES: OnceLock<BTreeMap<&'static str, Example>> = OnceLock::new();

/// Every kind's example, by the kind's name in the API; a kind whose example is not made within
/// its budget is left out (and its request answers 404).
fn all() -> &'static BTreeMap<&'static str, Example> {
    EXAMPLES.get_or_init(|| {
        let budget = || Budget::unlimited().with_timeout(BUDGET);
        let mut examples = BTreeMap::new();
        let mut put = |name, made: Option<(Grid, Vec<i32>)>| {
            if let Some((grid, solution)) = made {
                examples.insert(
                    name,
                    Example { svg: Arc::from(figure(&grid, CELL)), solution: join_cells(&solution) },
                );
            }
        };
        put("sudoku", sudoku_example(budget()));
        put("hidato", hidato_example(budget()));
        for family in FAMILIES {
            put(
                family.name(),
                family.example(budget()).map(|(picture, cells)| (Grid::picture(&picture), cells)),
            );
        }
        examples
    })
}

/// Whether `solution` (cells comma-joined) is the one the example of `kind` shows: the pool and
/// the daily never play such a puzzle (its answer would be on the start page for anyone to
/// read; `pool::generate_at`). Makes the examples on its first call (blocking, milliseconds).
pub fn shows(kind: Kind, solution: &str) -> bool {
    all().get(kind.name()).is_some_and(|example| example.solution == solution)
}

fn sudoku_example(budget: Budget) -> Option<(Grid, Vec<i32>)> {
    let layout = Arc::new(Layout::classic(4).ok()?);
    let made = sudoku::Generator::new(layout)
        .difficulty(sudoku::Difficulty::Easy)
        .budget(budget)
        .generate(1)
        .ok()?;
    let cells = made.solution.cells().iter().map(|&d| i32::from(d)).collect();
    Some((Grid::sudoku_key(&made.puzzle, &made.solution), cells))
}

fn hidato_example(budget: Budget) -> Option<(Grid, Vec<i32>)> {
    let shape = Hidato::new(4, 4, vec![0; 16], Adjacency::King).ok()?;
    let made =
        hidato::Generator::new(shape).difficulty(hidato::Difficulty::Easy).budget(budget).generate(1).ok()?;
    let cells = made.solution.cells().to_vec();
    Some((Grid::hidato_key(&made.puzzle, &made.solution), cells))
}

/// `GET /api/examples/{kind}`: the kind's example as `image/svg+xml`, cached a day.
pub async fn get(State(state): State<AppState>, Path(kind): Path<String>) -> AppResult<impl IntoResponse> {
    // Made once: only the first requests take a compute slot.
    let examples = match EXAMPLES.get() {
        Some(examples) => examples,
        None => state.compute("drawing the examples", all).await?,
    };
    let svg = examples.get(kind.as_str()).map(|example| example.svg.clone()).ok_or_else(|| {
        AppError::NotFound(format!("no example of {kind:?}: the kinds are those of /api/options"))
    })?;
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")],
        svg.to_string(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::{generate_at, PoolKey};

    /// Every kind has an example and `shows` knows its answer (and no other); the pool's
    /// generator passes over a puzzle with that answer: from the seeds that make it (the first
    /// few of the example's own configuration and level are tried), it makes nothing, as a seed
    /// that makes nothing.
    #[test]
    fn no_game_plays_the_answer_an_example_shows() {
        for kind in Kind::all() {
            let example = all().get(kind.name()).unwrap_or_else(|| panic!("{} has no example", kind.name()));
            assert!(shows(kind, &example.solution), "{}", kind.name());
            assert!(!shows(kind, &format!("{},0", example.solution)), "{}", kind.name());
        }
        // Sudoku: the example is the 4x4 easy of seed 1; the pool's 4x4 easy of the seeds that
        // give that answer is refused, the others are played.
        let key = PoolKey { kind: Kind::Sudoku, config: "4x4 classic".into(), difficulty: "easy".into() };
        let example = &all()["sudoku"].solution;
        let (mut refused, mut played) = (0, 0);
        for seed in 0..300 {
            let Ok(shape) = crate::model::Shape::from_key(key.kind, &key.config) else { panic!("no 4x4") };
            let made = shape.generate(&key.difficulty, Budget::unlimited(), seed).unwrap().unwrap();
            let answer = generate_at(&key, Budget::unlimited(), seed);
            if &made.1 == example {
                assert!(matches!(answer, Err(sudoku::GaveUp::NodeLimit)), "seed {seed}: {answer:?}");
                refused += 1;
            } else {
                assert_eq!(answer.unwrap().unwrap(), made, "seed {seed}");
                played += 1;
            }
        }
        println!("4x4 easy, seeds 0..300: {played} played, {refused} refused");
        assert!(played > 250, "{played} played, {refused} refused");
    }
}
