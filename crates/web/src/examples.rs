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
use crate::state::AppState;

/// Points a cell of an example (the page sizes the picture by CSS; this sets the stroke widths
/// relative to the cells, as on paper).
const CELL: f32 = 24.0;

/// The budget of each example's generation: the small boards take milliseconds.
const BUDGET: Duration = Duration::from_secs(10);

static EXAMPLES: OnceLock<BTreeMap<&'static str, Arc<str>>> = OnceLock::new();

/// Every kind's example, by the kind's name in the API; a kind whose example is not made within
/// its budget is left out (and its request answers 404).
pub fn all() -> &'static BTreeMap<&'static str, Arc<str>> {
    EXAMPLES.get_or_init(|| {
        let budget = || Budget::unlimited().with_timeout(BUDGET);
        let mut examples = BTreeMap::new();
        let mut put = |name, grid: Option<Grid>| {
            if let Some(grid) = grid {
                examples.insert(name, Arc::from(figure(&grid, CELL)));
            }
        };
        put("sudoku", sudoku_example(budget()));
        put("hidato", hidato_example(budget()));
        for family in FAMILIES {
            put(family.name(), family.example(budget()).as_ref().map(Grid::picture));
        }
        examples
    })
}

fn sudoku_example(budget: Budget) -> Option<Grid> {
    let layout = Arc::new(Layout::classic(4).ok()?);
    let made = sudoku::Generator::new(layout)
        .difficulty(sudoku::Difficulty::Easy)
        .budget(budget)
        .generate(1)
        .ok()?;
    Some(Grid::sudoku_key(&made.puzzle, &made.solution))
}

fn hidato_example(budget: Budget) -> Option<Grid> {
    let shape = Hidato::new(4, 4, vec![0; 16], Adjacency::King).ok()?;
    let made =
        hidato::Generator::new(shape).difficulty(hidato::Difficulty::Easy).budget(budget).generate(1).ok()?;
    Some(Grid::hidato_key(&made.puzzle, &made.solution))
}

/// `GET /api/examples/{kind}`: the kind's example as `image/svg+xml`, cached a day.
pub async fn get(State(state): State<AppState>, Path(kind): Path<String>) -> AppResult<impl IntoResponse> {
    // Made once: only the first requests take a compute slot.
    let examples = match EXAMPLES.get() {
        Some(examples) => examples,
        None => state.compute("drawing the examples", all).await?,
    };
    let svg = examples.get(kind.as_str()).cloned().ok_or_else(|| {
        AppError::NotFound(format!("no example of {kind:?}: the kinds are those of /api/options"))
    })?;
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")],
        svg.to_string(),
    ))
}
