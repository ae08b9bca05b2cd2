//! `GET /api/learn/xc?example=seed` and `?problem=<Knuth's format>` (also `POST` with the JSON
//! body `{"problem": "..."}`): Algorithm X on a built-in example or on a small problem the user
//! types, at most [`MAX_TEXT`] bytes. The setup is the matrix: the items (primary or not) and
//! each option's label and items.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use serde_json::{json, Value};
use tessera::xc::{OptionId, Problem, ProblemBuilder};

use super::params::Pairs;
use super::{cached, count_to_end, end_budget, traced, End, Params};
use crate::error::{AppError, AppResult};
use crate::handlers::Body;
use crate::state::AppState;

/// The longest problem text taken, in bytes.
pub const MAX_TEXT: usize = 16 * 1024;

/// Solutions listed by a count to the end, at most.
const LISTED: usize = 100;

/// The view's own keys.
const KEYS: [&str; 2] = ["example", "problem"];

/// The seed's example (Knuth, TAOCP 7.2.2.1 (6)): items 1..7 and the options A..F; its one
/// exact cover is A, D, E.
pub fn seed() -> Problem {
    let mut b = ProblemBuilder::new();
    let items: Vec<_> = (1..=7).map(|i| b.primary(i.to_string()).expect("distinct names")).collect();
    let options: [(&str, &[usize]); 6] = [
        ("A", &[3, 5, 6]),
        ("B", &[1, 4, 7]),
        ("C", &[2, 3, 6]),
        ("D", &[1, 4]),
        ("E", &[2, 7]),
        ("F", &[4, 5, 7]),
    ];
    for (label, names) in options {
        let chosen: Vec<_> = names.iter().map(|&i| items[i - 1]).collect();
        let option = b.option(&chosen).expect("valid options");
        b.set_label(option, label);
    }
    b.build()
}

/// The matrix: `{"items":[{"name","primary"}], "options":[{"label","items":[names]}]}`. An
/// option without a label gets its number from 1 ("#3").
pub fn setup(problem: &Problem) -> Value {
    let items: Vec<Value> = problem
        .items()
        .map(|item| {
            let primary = matches!(problem.item_kind(item), tessera::xc::ItemKind::Primary);
            json!({"name": problem.item_name(item), "primary": primary})
        })
        .collect();
    let options: Vec<Value> = problem
        .options()
        .map(|option| json!({"label": label(problem, option), "items": names(problem, option)}))
        .collect();
    json!({"items": items, "options": options})
}

fn label(problem: &Problem, option: OptionId) -> String {
    problem.option_label(option).map_or_else(|| format!("#{}", option.index() + 1), str::to_owned)
}

/// The names of an option's items.
fn names(problem: &Problem, option: OptionId) -> Vec<String> {
    problem.option_items(option).map(|(item, _)| problem.item_name(item).to_owned()).collect()
}

/// The problem a request names: a built-in example or typed text.
fn problem_of(params: &Params, body: Option<String>) -> AppResult<(Arc<Problem>, Option<&'static str>)> {
    let text = match (params.get("example"), params.get("problem"), body) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
            return Err(AppError::bad("problem", "give one problem: example=..., problem=... or a body"));
        }
        (Some("seed"), _, _) | (None, None, None) => return Ok((Arc::new(seed()), Some("seed"))),
        (Some(other), _, _) => {
            return Err(AppError::bad(
                "example",
                format!("example: only \"seed\" is built in, not {}", crate::error::echo(other)),
            ))
        }
        (None, Some(text), _) => text.to_owned(),
        (None, None, Some(text)) => text,
    };
    if text.len() > MAX_TEXT {
        return Err(AppError::bad(
            "problem",
            format!("the problem is {} bytes; at most {MAX_TEXT} are taken here", text.len()),
        ));
    }
    let problem =
        tessera::xc::parse(&text).map_err(|err| AppError::bad("problem", format!("problem: {err}")))?;
    if problem.has_multiplicities() {
        return Err(AppError::bad(
            "problem",
            "problem: items with multiplicities (u:v|name) are not traced here; Algorithm X covers each item once",
        ));
    }
    Ok((Arc::new(problem), None))
}

/// `GET /api/learn/xc`
pub async fn get(
    State(state): State<AppState>,
    q: Result<Query<Pairs>, QueryRejection>,
) -> AppResult<Json<Value>> {
    let params = Params::read(q, &KEYS)?;
    answer(&state, &params, None).await.map(Json)
}

/// The body of `POST /api/learn/xc`.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Typed {
    /// The problem in Knuth's format.
    problem: String,
}

/// `POST /api/learn/xc` with `{"problem": "..."}`; paging in the query.
pub async fn post(
    State(state): State<AppState>,
    q: Result<Query<Pairs>, QueryRejection>,
    Body(typed): Body<Typed>,
) -> AppResult<Json<Value>> {
    let params = Params::read(q, &KEYS)?;
    answer(&state, &params, Some(typed.problem)).await.map(Json)
}

async fn answer(state: &AppState, params: &Params, body: Option<String>) -> AppResult<Value> {
    let (problem, example) = problem_of(params, body)?;
    let setup = setup(&problem);
    if !params.to_end()? {
        return traced(state, "xc", problem, setup, params).await;
    }
    let end = match example {
        Some(name) => {
            cached(state, format!("xc/{name}"), move || to_end(&problem, tessera::xc::Budget::unlimited()))
                .await?
        }
        None => Arc::new(state.learn.run(move || Ok(to_end(&problem, end_budget()))).await?),
    };
    Ok(super::answer("xc", setup, &end.page, true))
}

/// The count to the end, with the first solutions listed by their options' labels.
fn to_end(problem: &Problem, budget: tessera::xc::Budget) -> End {
    let (_, kept, mut page) = count_to_end(problem, budget, LISTED, |_| {});
    let solutions: Vec<Vec<String>> =
        kept.iter().map(|s| s.iter().map(|&o| label(problem, o)).collect()).collect();
    let options: Vec<Vec<usize>> = kept.iter().map(|s| s.iter().map(|o| o.index()).collect()).collect();
    page.result = Some(json!({"solutions": solutions, "options": options}));
    End { page, extra: Box::new(()) }
}

#[cfg(test)]
mod tests {
    use super::seed;

    #[test]
    fn the_seed_has_one_cover_a_d_e() {
        let problem = seed();
        let all: Vec<_> = problem.solver().collect();
        assert_eq!(all.len(), 1);
        let mut labels: Vec<_> = all[0].iter().map(|&o| problem.option_label(o).unwrap()).collect();
        labels.sort_unstable();
        assert_eq!(labels, ["A", "D", "E"]);
    }
}
