//! Whole games through the API: over a real listener and through the router, with conflicts,
//! pauses, quits, hints, and a time the client cannot forge.

use crate::common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use tessera_web::Server;

use common::{call, cells, config, hidato_solution, http, new_sudoku, state, sudoku_solution, temp_db};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_sudoku_game_over_a_real_listener() {
    let db = temp_db("listener");
    let server = Server::bind(config(db.clone())).await.unwrap();
    let addr = server.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));

    let (status, game) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({"kind":"sudoku","size":4,"variant":"classic","difficulty":"easy"})),
    )
    .await;
    assert_eq!(status, 201, "{game}");
    assert_eq!(game["status"], "playing");
    assert_eq!(game["config"], json!({"size":4,"variant":"classic","box_rows":2,"box_cols":2}));
    assert!(game["id"].as_str().unwrap().len() >= 16);
    let id = game["id"].as_str().unwrap().to_owned();
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game);

    // An empty cell given the digit of a given in its row or column: a conflict (whatever the
    // puzzle: every empty cell of a unique 4x4 puzzle sees some given).
    let mut grid = puzzle.clone();
    let (cell, given) = (0..16)
        .filter(|&c| puzzle[c] == 0)
        .find_map(|c| {
            (0..16).find(|&o| o != c && puzzle[o] != 0 && (o / 4 == c / 4 || o % 4 == c % 4)).map(|o| (c, o))
        })
        .expect("an empty cell that sees a given");
    grid[cell] = puzzle[given];
    let (status, check) =
        http(addr, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": grid}))).await;
    assert_eq!(status, 200, "{check}");
    assert_eq!(check["solved"], false);
    assert!(!check["conflicts"].as_array().unwrap().is_empty(), "{check}");

    let (status, check) =
        http(addr, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!(status, 200, "{check}");
    assert_eq!(check["solved"], true);
    assert_eq!(check["conflicts"], json!([]));
    assert_eq!((check["place"].as_u64(), check["of"].as_u64()), (Some(1), Some(1)));

    let (status, again) =
        http(addr, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!(status, 409, "a solved game is over: {again}");

    let (status, records) =
        http(addr, "GET", "/api/records?kind=sudoku&size=4&variant=classic&difficulty=easy", None).await;
    assert_eq!(status, 200);
    assert_eq!(records["records"].as_array().unwrap().len(), 1, "{records}");
    assert!(records["records"][0]["finished_at"].as_str().unwrap().ends_with('Z'));
    let (_, summary) = http(addr, "GET", "/api/records/summary", None).await;
    assert_eq!(summary["best"][0]["config"], "4x4 classic");
    assert_eq!(summary["best"][0]["games"], 1);

    let (status, game) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!((status, game["status"].as_str()), (200, Some("solved")));

    stop.send(()).unwrap();
    running.await.unwrap().unwrap();
    // The result is in the file after the server stopped.
    let file = rusqlite::Connection::open(&db).unwrap();
    let count: i64 = file.query_row("SELECT COUNT(*) FROM results", [], |r| r.get(0)).unwrap();
    assert_eq!(count, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_hidato_game() {
    let state = state("hidato");
    let (status, game) = call(
        &state,
        "POST",
        "/api/games",
        Some(json!({"kind":"hidato","width":5,"height":5,"adjacency":"numbrix","difficulty":"easy"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(game["config"], json!({"width":5,"height":5,"adjacency":"numbrix"}));
    assert!(game["share"].as_str().unwrap().starts_with("5x5:"));
    let id = game["id"].as_str().unwrap().to_owned();
    let puzzle = cells(&game["puzzle"]);
    let solution = hidato_solution(&game);

    // Two numbers that do not touch: 1 and 2 in opposite corners (unless given elsewhere).
    let mut grid = puzzle.clone();
    let free: Vec<usize> = (0..25).filter(|&c| puzzle[c] == 0).collect();
    let n = (1..=25).find(|v| !puzzle.contains(v) && puzzle.contains(&(v + 1))).unwrap();
    let next = puzzle.iter().position(|&v| v == n + 1).unwrap();
    let far = *free.iter().max_by_key(|&&c| (c % 5).abs_diff(next % 5) + (c / 5).abs_diff(next / 5)).unwrap();
    grid[far] = n;
    let (status, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": grid}))).await;
    assert_eq!(status, StatusCode::OK, "{check}");
    assert!(check["conflicts"].as_array().unwrap().contains(&json!(far)), "{check}");

    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!(check["solved"], true, "{check}");
    assert_eq!(check["place"], 1);
    let (_, records) = call(
        &state,
        "GET",
        "/api/records?kind=hidato&width=5&height=5&adjacency=numbrix&difficulty=easy",
        None,
    )
    .await;
    assert_eq!(records["records"].as_array().unwrap().len(), 1, "{records}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_resume_and_quit() {
    let state = state("pause");
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let (status, paused) = call(&state, "POST", &format!("/api/games/{id}/pause"), None).await;
    assert_eq!((status, &paused["paused"]), (StatusCode::OK, &json!(true)));
    let (_, now) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["status"], "paused");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (_, resumed) = call(&state, "POST", &format!("/api/games/{id}/resume"), None).await;
    assert_eq!(resumed["paused"], false);
    assert_eq!(resumed["seconds"], 0, "the pause is not counted: {resumed}");
    // Solve it: the time is the server's, pauses left out.
    let solution = sudoku_solution(&game);
    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!((check["solved"].as_bool(), check["seconds"].as_i64()), (Some(true), Some(0)), "{check}");

    let other = new_sudoku(&state).await;
    let id = other["id"].as_str().unwrap();
    let (status, quit) = call(&state, "POST", &format!("/api/games/{id}/quit"), None).await;
    assert_eq!((status, quit), (StatusCode::OK, json!({"status":"quit"})));
    let (status, err) = call(&state, "POST", &format!("/api/games/{id}/pause"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(err["error"].as_str().unwrap().contains("over"), "{err}");
    let (_, summary) = call(&state, "GET", "/api/records/summary", None).await;
    assert_eq!(summary["best"][0]["games"], 1, "a quit game leaves no record: {summary}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_cannot_be_forged() {
    let state = state("forge");
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let solution = sudoku_solution(&game);
    // A time sent along is an unknown key: refused, naming it (issue 13; it was ignored before).
    let body = json!({"cells": solution, "seconds": 0, "ms": 1});
    let (status, err) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!((status, err["field"].as_str()), (StatusCode::BAD_REQUEST, Some("ms")), "{err}");
    let body = json!({"cells": solution});
    let (_, check) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!(check["solved"], true);
    assert!(check["seconds"].as_i64().unwrap() >= 1, "the server's clock: {check}");
    let (_, records) = call(&state, "GET", "/api/records?kind=sudoku&size=4&difficulty=easy", None).await;
    assert!(records["records"][0]["ms"].as_i64().unwrap() >= 1000, "{records}");
    // No endpoint takes a time.
    for uri in ["/api/records", "/api/results", "/api/records/summary"] {
        let (status, _) = call(&state, "POST", uri, Some(json!({"seconds": 1}))).await;
        assert!(
            status == StatusCode::METHOD_NOT_ALLOWED || status == StatusCode::NOT_FOUND,
            "{uri}: {status}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mistake_modes_name_the_wrong_values_and_mark_the_game_assisted() {
    let state = state("mistakes");
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game);
    let uri = format!("/api/games/{id}/mistakes");
    // A grid of the wrong shape or against the givens: 400 naming `cells`, and nothing marked.
    for bad in [json!({"cells": [1, 2]}), json!({"cells": vec![0; 16]})] {
        let (status, err) = call(&state, "POST", &uri, Some(bad.clone())).await;
        assert_eq!((status, err["field"].as_str()), (StatusCode::BAD_REQUEST, Some("cells")), "{bad}: {err}");
    }
    let (_, now) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["assisted"], false, "a refused question marked the game: {now}");
    // Two wrong values and a right one: the wrong ones, in reading order.
    let open: Vec<usize> = (0..16).filter(|&c| puzzle[c] == 0).collect();
    let mut grid = puzzle.clone();
    grid[open[0]] = solution[open[0]] % 4 + 1;
    grid[open[1]] = solution[open[1]];
    grid[open[2]] = solution[open[2]] % 4 + 1;
    let (status, answer) = call(&state, "POST", &uri, Some(json!({"cells": grid}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["wrong"], json!([open[0], open[2]]), "{answer}");
    let (_, now) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["assisted"], true, "knowing which values are wrong is help: {now}");
    // No mistakes: an empty list (and still assisted).
    let (_, answer) = call(&state, "POST", &uri, Some(json!({"cells": puzzle}))).await;
    assert_eq!(answer["wrong"], json!([]), "{answer}");
    // The result is kept, not ranked.
    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!((&check["solved"], &check["ranked"]), (&json!(true), &json!(false)), "{check}");
    assert!(check["reason"].as_str().unwrap().contains("assisted"), "{check}");
    // A finished game takes no more questions.
    let (status, _) = call(&state, "POST", &uri, Some(json!({"cells": puzzle}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_teaches_and_marks_the_game_assisted() {
    let state = state("hint");
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let puzzle = cells(&game["puzzle"]);
    let (status, hint) =
        call(&state, "POST", &format!("/api/games/{id}/hint"), Some(json!({"cells": puzzle}))).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert!(!hint["technique"].as_str().unwrap().is_empty());
    assert!(hint["explanation"].as_str().unwrap().len() > 10, "{hint}");
    // Where to look first: the cells of the houses it names (a 4x4 house has 4 cells), holding
    // the step's own cells and where it places.
    let area: Vec<u64> = hint["area"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    let houses = hint["houses"].as_array().unwrap();
    for (kind, number) in houses.iter().map(|h| (h[0].as_str().unwrap(), h[1].as_u64().unwrap())) {
        assert!(["row", "column", "box"].contains(&kind) && (1..=4).contains(&number), "{hint}");
    }
    assert!(area.len() >= 4 * houses.len().min(1) && !area.is_empty(), "{hint}");
    for p in hint["placements"].as_array().unwrap() {
        assert!(area.contains(&p[0].as_u64().unwrap()), "the move is outside where to look: {hint}");
    }
    let (_, now) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["assisted"], true);

    // A wrong digit: 409 saying there is a mistake, naming the cell only when asked where
    // (tests/it/hints.rs has the rest).
    let solution = sudoku_solution(&game);
    let mut grid = puzzle.clone();
    let cell = (0..16).find(|&c| puzzle[c] == 0).unwrap();
    grid[cell] = solution[cell] % 4 + 1;
    let (status, err) =
        call(&state, "POST", &format!("/api/games/{id}/hint"), Some(json!({"cells": grid}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!((&err["mistake"], err.get("wrong")), (&json!(true), None), "{err}");
    let body = json!({"cells": grid, "locate_mistake": true});
    let (status, err) = call(&state, "POST", &format!("/api/games/{id}/hint"), Some(body)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["wrong"], json!([cell]));

    // The assisted game's result is kept, not ranked (issue 26), and the check says why.
    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!(
        (&check["solved"], &check["ranked"], &check["place"]),
        (&json!(true), &json!(false), &Value::Null)
    );
    assert!(check["reason"].as_str().unwrap().contains("assisted"), "{check}");
    let (_, records) = call(&state, "GET", "/api/records?kind=sudoku&size=4&difficulty=easy", None).await;
    assert_eq!(records["records"], json!([]), "{records}");
}
