//! The Learn view's Sudoku: `GET /api/learn/sudoku` pages through the trace of a teaching search
//! (`tessera::sudoku::teach`: plain backtracking or the fewest-candidates rule) on a puzzle, and
//! `GET /api/learn/race` runs the three racers (those two and exact cover under Knuth's DLX1) on
//! one puzzle and returns their node counts side by side.
//!
//! Both follow the Learn protocol: stateless, so a page of events re-runs the trace from the
//! start and skips the `from` events before it; at most [`MAX_EVENTS`] events traced and
//! [`SECONDS`] of search per request, and at most [`NODES`] nodes per search, past which the
//! answer says "gave up" and why (`steps`, `time`, `nodes`), never more. The work runs off the
//! async threads in the Learn view's own slots (`state.learn`: two at once, shared by every
//! view, 503 when busy), never in the game's analyses' lane.
//!
//! `puzzle` is a line as the CLI reads it (81 characters for 9x9, `.` or `0` empty; 16, 36, ...
//! for other sizes), or `daily`: yesterday's classic 9x9 daily of `difficulty` (default `easy`).
//! Every search here walks to the puzzle's answer, so it goes through the honesty rules of every
//! route to an answer (`crate::reveal`): today's daily is refused (409) under any disguise, and
//! every game in play of the puzzle (by its text or its answer's key) is marked assisted.
//! The node counts are those of `tessera sudoku solve --engine E --stats` on the same puzzle:
//! both call `teach::solve` with a limit of one solution.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use tessera::sudoku::teach::{self, Engine, Method};
use tessera::sudoku::{Budget, GaveUp, Outcome, Sudoku};

use crate::error::{AppError, AppResult};
use crate::model::{Kind, Shape};
use crate::pool::PoolKey;
use crate::state::AppState;

// The Learn view's bounds, the same for every view (see `learn`).
use super::{DEFAULT_LIMIT as DEFAULT_PAGE, MAX_EVENTS, MAX_LIMIT as MAX_PAGE, TRACE_NODES as NODES};
/// Seconds of search per request at most (the race shares them among its three searches).
const SECONDS: u64 = super::TRACE_TIME.as_secs();

/// The routes of this view, merged under `/api` by [`super::routes`].
pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/learn/sudoku", get(trace)).route("/learn/race", get(race))
}

/// The query of both routes. Unknown keys are ignored (the page may send its own).
#[derive(Debug, Deserialize)]
pub(crate) struct LearnQuery {
    puzzle: Option<String>,
    difficulty: Option<String>,
    engine: Option<String>,
    from: Option<u64>,
    limit: Option<u64>,
    to: Option<String>,
}

fn read(q: Result<Query<LearnQuery>, QueryRejection>) -> AppResult<LearnQuery> {
    q.map(|Query(q)| q)
        .map_err(|rejection| AppError::BadRequest { field: None, message: rejection.body_text() })
}

/// The puzzle asked for: a line, or today's daily; givens that clash are a 400 naming them.
async fn puzzle(state: &AppState, q: &LearnQuery) -> AppResult<Sudoku> {
    let text = q.puzzle.as_deref().ok_or_else(|| {
        AppError::bad(
            "puzzle",
            "puzzle: missing; give the puzzle as one line (81 characters for 9x9) or `daily`",
        )
    })?;
    let puzzle = if text == "daily" {
        let difficulty = q.difficulty.as_deref().unwrap_or("easy");
        let layout = tessera::sudoku::Layout::classic(9).expect("9x9 is a classic size");
        if !crate::model::sudoku::levels(&layout).iter().any(|level| level.name() == difficulty) {
            return Err(AppError::bad(
                "difficulty",
                format!("difficulty {difficulty:?}: not a level of the daily 9x9"),
            ));
        }
        let kind = Kind::from_name("sudoku").expect("sudoku is registered");
        let key = PoolKey { kind, config: "9x9 classic".into(), difficulty: difficulty.into() };
        // Yesterday's: today's is answered by no route until tomorrow.
        let row = state.dailies.get(&state.store, state.config.today.date().previous(), &key).await?;
        let digits: String = row.puzzle.split(',').map(|d| if d == "0" { "." } else { d }).collect();
        Sudoku::from_line(&digits).map_err(|err| AppError::Internal(anyhow::anyhow!("the daily: {err}")))?
    } else {
        Sudoku::from_line(text).map_err(|err| AppError::bad("puzzle", format!("puzzle: {err}")))?
    };
    if let Some((house, a, b)) = puzzle.first_clash() {
        let layout = puzzle.layout();
        let (kind, number) = layout.house_name(house);
        return Err(AppError::bad(
            "puzzle",
            format!(
                "puzzle: {} and {} both hold {} ({kind} {number}); no search is needed to see it has no solution",
                layout.cell_name(a),
                layout.cell_name(b),
                puzzle.get(a)
            ),
        ));
    }
    let cells: Vec<i32> = puzzle.cells().iter().map(|&d| i32::from(d)).collect();
    let to_solve = puzzle.clone();
    let solve = move || {
        let query = tessera::sudoku::Query::default()
            .with_limit(1)
            .with_budget(budget(Instant::now() + Duration::from_secs(SECONDS)));
        // The first answer: a game plays a puzzle of one, and its key marks that game.
        let found = tessera::sudoku::solutions(&to_solve, &query);
        found.found.first().map(|s| s.cells().iter().map(|&d| i32::from(d)).collect())
    };
    crate::reveal::searched(state, Shape::of_layout(puzzle.layout_arc().clone()), cells, solve).await?;
    Ok(puzzle)
}

fn engine(q: &LearnQuery) -> AppResult<Engine> {
    let name = q.engine.as_deref().unwrap_or("backtrack");
    name.parse().map_err(|_| AppError::bad("engine", format!("engine {name:?}: backtrack, mrv or dlx1")))
}

fn budget(deadline: Instant) -> Budget {
    Budget::unlimited().with_nodes(NODES).with_deadline(deadline)
}

/// The words of a budget that ran out.
fn reason(gave_up: GaveUp) -> &'static str {
    match gave_up {
        GaveUp::NodeLimit => "nodes",
        GaveUp::Deadline => "time",
        _ => "steps",
    }
}

/// The board and what the page needs to draw it.
fn setup(puzzle: &Sudoku, engine: Engine) -> Value {
    let layout = puzzle.layout();
    let regions: Vec<usize> = (0..layout.cells()).map(|cell| layout.region_of(cell)).collect();
    json!({
        "puzzle": puzzle.cells().iter().map(|&d| layout.symbol(d)).collect::<String>(),
        "size": layout.size(),
        "regions": regions,
        "engine": engine.name(),
        "nodes_are": "the root and every placement that passes the check (exact cover: Knuth's, every option tried)",
        "budget": {"events": MAX_EVENTS, "nodes": NODES, "seconds": SECONDS},
    })
}

fn counters(count: &tessera::sudoku::Count) -> Value {
    json!({"nodes": count.stats.nodes, "updates": count.stats.updates, "solutions": count.solutions})
}

/// `GET /api/learn/sudoku?puzzle=...&engine=backtrack|mrv|xc&from=K&limit=N` (`&to=end`: the
/// final counters and the solution, no events). The exact-cover engine is run to the end only
/// (`to=end`): its step-by-step trace is the xc view's (tessera-xc's trace hook).
pub(crate) async fn trace(
    State(state): State<AppState>,
    q: Result<Query<LearnQuery>, QueryRejection>,
) -> AppResult<Json<Value>> {
    let q = read(q)?;
    let engine = engine(&q)?;
    let puzzle = puzzle(&state, &q).await?;
    let from = q.from.unwrap_or(0);
    let limit = q.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(AppError::bad("limit", format!("limit {limit}: 1 to {MAX_PAGE} events a page")));
    }
    let to_end = match q.to.as_deref() {
        None => false,
        Some("end") => true,
        Some(other) => return Err(AppError::bad("to", format!("to {other:?}: only `end`"))),
    };
    let method = match engine {
        Engine::Backtrack => Some(Method::Backtrack),
        Engine::Mrv => Some(Method::Mrv),
        Engine::ExactCover => None,
    };
    let method =
        match (method, to_end) {
            (_, true) => None,
            (Some(method), false) => Some(method),
            (None, false) => return Err(AppError::bad(
                "engine",
                "engine dlx1: the Sudoku view runs exact cover to the end only (&to=end) and in the race; \
                 its steps are the xc view's",
            )),
        };
    state
        .learn
        .run(move || {
            Ok(match method {
                None => to_end_answer(&puzzle, engine),
                Some(method) => page(&puzzle, engine, method, from, limit),
            })
        })
        .await
        .map(Json)
}

/// `&to=end`: the count to the first solution, its final counters and the solution.
fn to_end_answer(puzzle: &Sudoku, engine: Engine) -> Value {
    let deadline = Instant::now() + Duration::from_secs(SECONDS);
    let taught = teach::solve(puzzle, engine, 1, &budget(deadline));
    let (outcome, why) = outcome(taught.count.outcome);
    let layout = puzzle.layout();
    json!({
        "view": "sudoku", "setup": setup(puzzle, engine), "events": [], "from": 0, "next": null,
        "done": !matches!(taught.count.outcome, Outcome::GaveUp(_)), "outcome": outcome, "reason": why,
        "final": counters(&taught.count),
        "result": {"solution": taught.first.map(|s| s.cells().iter().map(|&d| layout.symbol(d)).collect::<String>())},
    })
}

fn outcome(outcome: Outcome) -> (&'static str, Option<&'static str>) {
    match outcome {
        Outcome::Exhausted => ("exhausted", None),
        Outcome::LimitReached => ("limit", None),
        Outcome::GaveUp(gave_up) => ("gave_up", Some(reason(gave_up))),
    }
}

/// One page of events: the trace re-run from the start, events `from..from + limit` kept.
fn page(puzzle: &Sudoku, engine: Engine, method: Method, from: u64, limit: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(SECONDS);
    let layout = puzzle.layout();
    let (mut seen, mut events) = (0u64, Vec::new());
    let (mut full, mut capped) = (false, false);
    let taught = teach::trace(puzzle, method, 1, &budget(deadline), |event, counts| {
        if seen >= MAX_EVENTS {
            capped = true;
            return ControlFlow::Break(());
        }
        if seen >= from {
            if events.len() as u64 == limit {
                full = true;
                return ControlFlow::Break(());
            }
            let mut value = event.to_json(layout, counts);
            value["updates"] = json!(0);
            events.push(value);
        }
        seen += 1;
        ControlFlow::Continue(())
    });
    let count = taught.count;
    let (done, outcome, why, next) = if full {
        (false, "running", None, Some(from + limit))
    } else if capped {
        (false, "gave_up", Some("steps"), None)
    } else {
        let (outcome, why) = outcome(count.outcome);
        (why.is_none(), outcome, why, None)
    };
    let last = if full || !done && why.is_none() { Value::Null } else { counters(&count) };
    json!({
        "view": "sudoku", "setup": setup(puzzle, engine), "events": events, "from": from, "next": next,
        "done": done, "outcome": outcome, "reason": why, "final": last,
    })
}

/// `GET /api/learn/race?puzzle=...`: the three racers to the first solution, each within
/// [`NODES`] nodes, all within [`SECONDS`] (exact cover first, plain backtracking last, so that
/// the slowest can only use up its own time). Each racer: `engine`, `nodes`, `outcome`
/// (`solved`, `none`, `gave_up` with `reason`), `solution`, `seconds`.
pub(crate) async fn race(
    State(state): State<AppState>,
    q: Result<Query<LearnQuery>, QueryRejection>,
) -> AppResult<Json<Value>> {
    let q = read(q)?;
    let puzzle = puzzle(&state, &q).await?;
    state.learn.run(move || Ok(run_race(&puzzle))).await.map(Json)
}

fn run_race(puzzle: &Sudoku) -> Value {
    let deadline = Instant::now() + Duration::from_secs(SECONDS);
    let layout = puzzle.layout();
    let mut racers: Vec<(Engine, Value)> = [Engine::ExactCover, Engine::Mrv, Engine::Backtrack]
        .into_iter()
        .map(|engine| {
            let start = Instant::now();
            let taught = teach::solve(puzzle, engine, 1, &budget(deadline));
            let (outcome, why) = match taught.count.outcome {
                Outcome::GaveUp(gave_up) => ("gave_up", Some(reason(gave_up))),
                _ if taught.first.is_some() => ("solved", None),
                _ => ("none", None),
            };
            let solution =
                taught.first.map(|s| s.cells().iter().map(|&d| layout.symbol(d)).collect::<String>());
            let value = json!({
                "engine": engine.name(), "nodes": taught.count.stats.nodes, "outcome": outcome, "reason": why,
                "solution": solution, "seconds": start.elapsed().as_secs_f64(),
            });
            (engine, value)
        })
        .collect();
    racers.sort_by_key(|(engine, _)| Engine::ALL.iter().position(|e| e == engine));
    json!({
        "view": "race",
        "puzzle": puzzle.cells().iter().map(|&d| layout.symbol(d)).collect::<String>(),
        "budget": {"nodes": NODES, "seconds": SECONDS},
        "racers": racers.into_iter().map(|(_, value)| value).collect::<Vec<_>>(),
    })
}
