//! The Learn view's Hidato lesson: the path growing from 1 and retreating, event by event, from
//! the library's teaching search (`tessera::hidato::trace`; its algorithm and prunes are in
//! `crates/puzzles/src/hidato/solve/trace/` and docs/learn-hidato.md).
//!
//! `GET /api/learn/hidato?example=seed|small|open` or `?puzzle=<text>` (the seed's format, JSON,
//! or the web game's compact form `WxH:1,0,x/0,0,5`), with `adjacency=hidato|numbrix`,
//! `prune=on|off` (off: the seed's plain search), `from=K`, `limit=N` (at most 500, default 200)
//! and `to=end`, answers the Learn protocol's page (docs/learn-hidato.md):
//!
//! ```text
//! {"view":"hidato","setup":{width,height,cells,adjacency,size,prune,example,puzzle},
//!  "events":[{"event":"place","number":3,"row":0,"col":2,"given":false,"nodes":3,...}],
//!  "from":K,"next":K+len|null,"done":bool,"outcome":"running"|"exhausted"|"limit"|"gave_up",
//!  "reason":null|"steps"|"time"|"nodes","final":null|{nodes,updates,solutions}}
//! ```
//!
//! Stateless: each request runs the trace again from the start and skips `from` events, which
//! stays cheap because a trace is cut at [`MAX_EVENTS`] events and [`TIME`] of wall clock (then
//! `outcome:"gave_up"`, never more). `to=end` runs the same search without events under
//! [`END_NODES`] and [`TIME`]; the built-in examples' answers are computed once and kept.
//! [`get`] runs the work in the Learn view's own slots (`state.learn`: two at once,
//! `spawn_blocking`, 503 when busy), which every view shares, so that watching a search never
//! takes the game's analyses' lane; [`page`] is the work itself.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use axum::extract::{Query, State};
use axum::Json;
use serde_json::{json, Value};
use tessera::hidato::{self, Adjacency, Budget, GaveUp, Hidato, Outcome, TraceCounts, TraceOptions};

use crate::error::{AppError, AppResult};
use crate::model::{hidato_compact, parse_adjacency, parse_hidato};
use crate::state::AppState;

/// Events traced per request at most (the page can step through this many).
pub const MAX_EVENTS: u64 = 20_000;
/// Wall clock per request.
pub const TIME: Duration = Duration::from_secs(2);
/// Nodes of a `to=end` run.
pub const END_NODES: u64 = 2_000_000;
/// Events per page at most, and by default.
pub const MAX_PAGE: u64 = 500;
const DEFAULT_PAGE: u64 = 200;
/// Solutions counted before a trace stops (`outcome:"limit"`): an open board has millions.
pub const SOLUTIONS: u64 = 100;

/// The built-in boards: name, what it shows, the puzzle in the seed's format.
pub const EXAMPLES: [(&str, &str, &str); 3] = [
    (
        "small",
        "a 5x5 board with one solution: the path meets a few dead ends before it gets through",
        // `tessera hidato generate --size 5x5 --seed 4 --keep-ends`
        "5 5\n0 0 0 13 0\n0 5 0 0 0\n0 24 25 0 0\n0 21 0 0 16\n0 19 18 0 1\n",
    ),
    ("seed", "the seed slides' 10x10 solver example (56 cells)", hidato::SEED_EXAMPLE),
    (
        "open",
        "an empty 5x5 board with 1 in a corner: so many paths that the count stops at its limit",
        "5 5\n1 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n",
    ),
];

/// `GET /api/learn/hidato`: [`page`] in the Learn view's slots.
///
/// A puzzle of the request's own (not a built-in example) goes through the honesty rules of
/// every route to an answer first (`crate::reveal`): the trace walks to its answer.
pub async fn get(
    State(state): State<AppState>,
    Query(params): Query<HashMap<String, String>>,
) -> AppResult<Json<Value>> {
    let request = read(&params)?;
    if request.example.is_none() {
        let puzzle = request.puzzle;
        let shape = crate::model::Shape::hidato(puzzle.width(), puzzle.height(), puzzle.adjacency());
        let cells = puzzle.cells().to_vec();
        let solve = move || {
            let query = hidato::Query::default().with_budget(Budget::unlimited().with_timeout(TIME));
            hidato::solve(&puzzle, &query).ok().flatten().map(|solution| solution.cells().to_vec())
        };
        crate::reveal::searched(&state, shape, cells, solve).await?;
    }
    let value = state.learn.run(move || page(&params)).await?;
    Ok(Json(value))
}

/// What a request asks, read and checked.
struct Request {
    puzzle: Hidato,
    example: Option<&'static str>,
    prune: bool,
    from: u64,
    limit: u64,
    to_end: bool,
}

/// The protocol's answer to `params` (see the module header); 400 for bad parameters, naming
/// which and where.
pub fn page(params: &HashMap<String, String>) -> AppResult<Value> {
    let request = read(params)?;
    let setup = setup(&request);
    if request.to_end {
        return Ok(to_end(&request, setup));
    }
    let options = TraceOptions {
        limit: SOLUTIONS,
        keep: 0,
        budget: Budget::unlimited().with_timeout(TIME),
        prune: request.prune,
    };
    let (from, end_of_page) = (request.from, request.from + request.limit);
    let mut events = Vec::new();
    let mut seen = 0u64;
    let mut stop = None;
    let end = hidato::trace(&request.puzzle, &options, |event, counts| {
        if seen >= end_of_page {
            stop = Some("page");
            return ControlFlow::Break(());
        }
        if seen >= MAX_EVENTS {
            stop = Some("steps");
            return ControlFlow::Break(());
        }
        if seen >= from {
            events.push(event.to_json(&request.puzzle, counts));
        }
        seen += 1;
        ControlFlow::Continue(())
    });
    let counts = TraceCounts {
        nodes: end.count.stats.nodes,
        updates: end.count.stats.updates,
        solutions: end.count.solutions,
    };
    let (outcome, reason) = match (end.count.outcome, stop) {
        (Outcome::GaveUp(GaveUp::Cancelled), Some("page")) => ("running", None),
        (Outcome::GaveUp(GaveUp::Cancelled), _) => ("gave_up", Some("steps")),
        (Outcome::GaveUp(GaveUp::Deadline), _) => ("gave_up", Some("time")),
        (Outcome::GaveUp(_), _) => ("gave_up", Some("nodes")),
        (Outcome::LimitReached, _) => ("limit", None),
        (Outcome::Exhausted, _) => ("exhausted", None),
    };
    let running = outcome == "running";
    let len = events.len() as u64;
    Ok(json!({
        "view": "hidato",
        "setup": setup,
        "events": events,
        "from": from,
        "next": if running { Some(from + len) } else { None },
        "done": matches!(outcome, "exhausted" | "limit"),
        "outcome": outcome,
        "reason": reason,
        "final": if running { Value::Null } else { counters(counts) },
    }))
}

fn counters(counts: TraceCounts) -> Value {
    json!({"nodes": counts.nodes, "updates": counts.updates, "solutions": counts.solutions})
}

/// The board as the page draws it, and what was asked.
fn setup(request: &Request) -> Value {
    let puzzle = &request.puzzle;
    json!({
        "width": puzzle.width(),
        "height": puzzle.height(),
        "cells": puzzle.cells(),
        "adjacency": puzzle.adjacency().name(),
        "size": puzzle.size(),
        "prune": request.prune,
        "example": request.example,
        "puzzle": hidato_compact(puzzle.width(), puzzle.height(), puzzle.cells()),
        "examples": EXAMPLES.iter().map(|(name, what, _)| json!({"name": name, "what": what})).collect::<Vec<_>>(),
    })
}

/// `to=end`: the plain search (no events), cached for the built-in examples.
fn to_end(request: &Request, setup: Value) -> Value {
    static CACHE: OnceLock<Mutex<HashMap<(&'static str, bool), Value>>> = OnceLock::new();
    let key = request.example.map(|name| (name, request.prune));
    let cache = CACHE.get_or_init(Default::default);
    let cached = key
        .and_then(|key| cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get(&key).cloned());
    let mut answer = cached.unwrap_or_else(|| {
        let options = TraceOptions {
            limit: SOLUTIONS,
            keep: 1,
            budget: Budget::unlimited().with_nodes(END_NODES).with_timeout(TIME),
            prune: request.prune,
        };
        let end = hidato::trace(&request.puzzle, &options, |_, _| ControlFlow::Continue(()));
        let (outcome, reason) = match end.count.outcome {
            Outcome::Exhausted => ("exhausted", None),
            Outcome::LimitReached => ("limit", None),
            Outcome::GaveUp(GaveUp::Deadline) => ("gave_up", Some("time")),
            Outcome::GaveUp(_) => ("gave_up", Some("nodes")),
        };
        let counts = TraceCounts {
            nodes: end.count.stats.nodes,
            updates: end.count.stats.updates,
            solutions: end.count.solutions,
        };
        let answer = json!({
            "events": [], "from": 0, "next": null,
            "done": outcome != "gave_up",
            "outcome": outcome, "reason": reason,
            "final": counters(counts),
            "result": {"solutions": end.count.solutions,
                       "solution": end.found.first().map(|s| s.cells().to_vec())},
        });
        // A deadline depends on the machine's load: keep only what a rerun would repeat.
        if let (Some(key), false) = (key, reason == Some("time")) {
            cache.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(key, answer.clone());
        }
        answer
    });
    answer["view"] = json!("hidato");
    answer["setup"] = setup;
    answer
}

/// Reads the parameters, each mistake a 400 naming the parameter.
fn read(params: &HashMap<String, String>) -> AppResult<Request> {
    let adjacency = match params.get("adjacency") {
        Some(name) => parse_adjacency(name)?,
        None => Adjacency::King,
    };
    let (puzzle, example) = match (params.get("example"), params.get("puzzle")) {
        (Some(_), Some(_)) => return Err(AppError::bad("puzzle", "give example= or puzzle=, not both")),
        (Some(name), None) => {
            let Some((name, _, text)) = EXAMPLES.iter().find(|(n, _, _)| n == name) else {
                let names: Vec<&str> = EXAMPLES.iter().map(|(n, _, _)| *n).collect();
                return Err(AppError::bad(
                    "example",
                    format!("example: unknown {name:?}; the examples are {}", names.join(", ")),
                ));
            };
            let puzzle = hidato::parse_puzzle(text, adjacency)
                .map_err(|err| AppError::Internal(anyhow::anyhow!("built-in example {name}: {err}")))?;
            (puzzle, Some(*name))
        }
        (None, Some(text)) => (parse_hidato(text, adjacency, "puzzle")?, None),
        (None, None) => (
            hidato::parse_puzzle(EXAMPLES[0].2, adjacency).map_err(|e| AppError::Internal(e.into()))?,
            Some(EXAMPLES[0].0),
        ),
    };
    let prune = match params.get("prune").map(String::as_str) {
        None | Some("on" | "1" | "true") => true,
        Some("off" | "0" | "false") => false,
        Some(other) => return Err(AppError::bad("prune", format!("prune: {other:?}; expected on or off"))),
    };
    let number = |name: &'static str, default: u64| -> AppResult<u64> {
        match params.get(name) {
            None => Ok(default),
            Some(text) => text
                .trim()
                .parse::<u64>()
                .map_err(|_| AppError::bad(name, format!("{name}: {text:?} is not a whole number from 0"))),
        }
    };
    let from = number("from", 0)?;
    let limit = number("limit", DEFAULT_PAGE)?;
    if limit == 0 || limit > MAX_PAGE {
        return Err(AppError::bad(
            "limit",
            format!("limit: {limit}; expected 1 to {MAX_PAGE} events a page"),
        ));
    }
    let to_end = match params.get("to").map(String::as_str) {
        None => false,
        Some("end") => true,
        Some(other) => return Err(AppError::bad("to", format!("to: {other:?}; the only value is end"))),
    };
    Ok(Request { puzzle, example, prune, from, limit, to_end })
}

#[cfg(test)]
#[path = "hidato_tests.rs"]
mod tests;
