//! The web game's convention test: every kind it registers (`GET /api/options`), at the smallest,
//! a middle and the largest size it offers, makes a new game at the easiest level offered there
//! whose grid has that size's cells, takes the library's solution (found here, never sent by the
//! server) as solved, and refuses a size just past the largest with a 422 naming the field.

use crate::common;

use axum::http::StatusCode;
use serde_json::{json, Map, Value};

use common::{call, cells, config, hidato_solution, sudoku_solution, temp_db};

/// The smallest, a middle and the largest of a list.
fn ends_and_middle(sizes: &[Value]) -> Vec<Value> {
    let mut picked = vec![sizes[0].clone(), sizes[sizes.len() / 2].clone(), sizes[sizes.len() - 1].clone()];
    picked.dedup();
    picked
}

/// The body of a new game of `kind` at `size` (a side, or Hidato's `{"width", "height"}`).
fn body(kind: &str, size: &Value, level: &str) -> Value {
    let mut body = Map::new();
    body.insert("kind".into(), json!(kind));
    body.insert("difficulty".into(), json!(level));
    match size {
        Value::Object(dims) => body.extend(dims.clone()),
        side => {
            body.insert("size".into(), side.clone());
        }
    }
    Value::Object(body)
}

/// The library's solution of a game, by kind.
fn solution(kind: &str, game: &Value) -> Vec<i32> {
    let share = game["share"].as_str().unwrap();
    match kind {
        "sudoku" => sudoku_solution(game),
        "hidato" => hidato_solution(game),
        "killer" => crate::families::solved::<tessera::killer::Killer>(share).0,
        "kenken" => crate::families::solved::<tessera::kenken::KenKen>(share).0,
        "starbattle" => crate::families::solved::<tessera::starbattle::StarBattle>(share).0,
        "variant" => crate::families::solved::<tessera::variant::Variant>(share).0,
        "skyscrapers" => crate::families::solved::<tessera::variant::Skyscrapers>(share).0,
        "futoshiki" => crate::families::solved::<tessera::variant::Futoshiki>(share).0,
        "nonogram" => crate::families::solved::<tessera::nonogram::Nonogram>(share).0,
        "kakuro" => crate::families::solved::<tessera::kakuro::Kakuro>(share).0,
        other => panic!("the test has no solver for {other}: add it here"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_at_its_smallest_a_middle_and_its_largest_size() {
    // Generation on the spot at the largest sizes may take longer than a request's usual budget.
    let config = tessera_web::Config {
        generate_budget: std::time::Duration::from_secs(60),
        ..config(temp_db("sizes"))
    };
    let state = tessera_web::AppState::new(tessera_web::Store::open(&config.db).unwrap(), config);
    let (status, options) = call(&state, "GET", "/api/options", None).await;
    assert_eq!(status, StatusCode::OK);
    let kinds: Vec<&String> = options.as_object().unwrap().keys().collect();
    assert!(kinds.len() >= 6, "{kinds:?}");
    for kind in kinds {
        let o = &options[kind.as_str()];
        let sizes = o["sizes"].as_array().unwrap();
        for size in ends_and_middle(sizes) {
            // Sudoku and the families list their levels per size; Hidato offers every level.
            let key = size.as_u64().map(|side| side.to_string());
            let levels = match &key {
                Some(key) => o["levels"][key.as_str()].clone(),
                None => o["difficulties"].clone(),
            };
            let level = levels[0].as_str().unwrap_or_else(|| panic!("{kind} {size}: no level in {o}"));
            let (status, game) = call(&state, "POST", "/api/games", Some(body(kind, &size, level))).await;
            assert_eq!(status, StatusCode::CREATED, "{kind} {size} {level}: {game}");
            let (width, height) = (game["config"]["width"].as_u64(), game["config"]["height"].as_u64());
            let side = game["config"]["size"].as_u64();
            let cells_expected = match (width, height, side) {
                (Some(w), Some(h), _) => w * h,
                (_, _, Some(n)) => n * n,
                _ => panic!("{kind}: a config without its size: {game}"),
            };
            assert_eq!(cells(&game["puzzle"]).len() as u64, cells_expected, "{kind} {size}: {game}");
            let id = game["id"].as_str().unwrap();
            let mut solution = solution(kind, &game);
            if game["rules"]["entry"] == "shade" {
                // A player need not dot the cells left empty: the shaded cells alone solve it.
                solution.iter_mut().filter(|v| **v == 2).for_each(|v| *v = 0);
            }
            let (status, check) =
                call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution})))
                    .await;
            assert_eq!((status, &check["solved"]), (StatusCode::OK, &json!(true)), "{kind} {size}: {check}");
        }
        // Past the largest size offered.
        let past = match sizes.last().unwrap() {
            Value::Object(dims) => {
                let w = dims["width"].as_u64().unwrap() + 1;
                json!({"width": w, "height": w})
            }
            side => json!(side.as_u64().unwrap() + 1),
        };
        let level = o["difficulties"][0].as_str().unwrap();
        let (status, refusal) = call(&state, "POST", "/api/games", Some(body(kind, &past, level))).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{kind} {past}: {refusal}");
        assert!(refusal.to_string().contains("offers"), "{kind} {past}: {refusal}");
    }
}
