//! Bad requests answer a 4xx that says what is wrong; bodies, boards and searches are bounded.

use crate::common;

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::json;

use common::{call, cells, new_sudoku, state};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_say_what_is_wrong() {
    let state = state("bad");
    let cases = [
        (json!({"kind":"chess"}), StatusCode::BAD_REQUEST, "kind"),
        (json!({"kind":"sudoku","size":5}), StatusCode::UNPROCESSABLE_ENTITY, "size"),
        (
            json!({"kind":"sudoku","size":4,"difficulty":"hard"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "difficulty",
        ),
        (json!({"kind":"sudoku","size":9,"difficulty":"impossible"}), StatusCode::BAD_REQUEST, "difficulty"),
        (json!({"kind":"sudoku","variant":"jigsaw"}), StatusCode::BAD_REQUEST, "variant"),
        (json!({"kind":"hidato","width":6,"height":6}), StatusCode::UNPROCESSABLE_ENTITY, "width"),
        (json!({"kind":"sudoku","puzzle":"12x"}), StatusCode::BAD_REQUEST, "puzzle"),
        (json!({"kind":"sudoku","puzzle":"1234............"}), StatusCode::UNPROCESSABLE_ENTITY, "puzzle"),
    ];
    for (body, expected, field) in cases {
        let (status, err) = call(&state, "POST", "/api/games", Some(body.clone())).await;
        assert_eq!(status, expected, "{body} -> {err}");
        assert_eq!(err["field"], field, "{body} -> {err}");
        assert!(!err["error"].as_str().unwrap().is_empty());
    }
    let (status, err) =
        call(&state, "POST", "/api/games", Some(json!({"kind":"sudoku","colour":"red"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(err["error"].as_str().unwrap().contains("colour"), "{err}");
    let (_, levels) =
        call(&state, "POST", "/api/games", Some(json!({"kind":"sudoku","size":4,"difficulty":"hard"}))).await;
    assert!(levels["error"].as_str().unwrap().contains("easy"), "names the levels offered: {levels}");

    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let (status, err) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": [1, 2]}))).await;
    assert_eq!((status, err["field"].as_str()), (StatusCode::BAD_REQUEST, Some("cells")), "{err}");
    let mut grid = cells(&game["puzzle"]);
    let given = grid.iter().position(|&v| v != 0).unwrap();
    grid[given] = grid[given] % 4 + 1;
    let (status, err) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": grid}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(err["error"].as_str().unwrap().contains("given"), "{err}");
    let (status, err) = call(&state, "GET", "/api/games/nosuchgame", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{err}");
    let (status, err) = call(&state, "GET", "/api/nothing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(err["error"].is_string());
    let (status, _) = call(&state, "POST", "/api/games", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_hold() {
    let state = state("limits");
    // 1 MiB body: 413, as JSON.
    let big = json!({"kind":"sudoku","puzzle": "1".repeat(1 << 20)});
    let (status, err) = call(&state, "POST", "/api/puzzles/analyze", Some(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(err["error"].as_str().unwrap().contains("too large"), "{err}");

    // A Numbrix whose ends have the same colour on an even board has no path; the search must
    // give up within budget rather than hang.
    let side = 30;
    let mut rows = vec![vec!["0".to_owned(); side]; side];
    rows[0][0] = "1".to_owned();
    rows[side - 1][side - 1] = (side * side).to_string();
    let text = format!("{side}x{side}:{}", rows.iter().map(|r| r.join(",")).collect::<Vec<_>>().join("/"));
    let started = Instant::now();
    let (status, err) = call(
        &state,
        "POST",
        "/api/puzzles/analyze",
        Some(json!({"kind":"hidato","adjacency":"numbrix","puzzle":text})),
    )
    .await;
    assert!(started.elapsed() < Duration::from_secs(8), "took {:?}", started.elapsed());
    if status == StatusCode::UNPROCESSABLE_ENTITY {
        assert!(err["error"].as_str().unwrap().contains("gave up"), "{err}");
    } else {
        assert_eq!(status, StatusCode::OK, "{err}");
        assert_eq!(err["solutions"], 0, "{err}");
    }
    // A Hidato that once made the search explode (1 and 900 side by side on an open 30x30
    // board): the budget answers 422 "gave up" promptly, or the path walker settles it, and it
    // has more than one solution.
    let mut rows = vec![vec!["0".to_owned(); side]; side];
    rows[0][0] = "1".to_owned();
    rows[0][1] = (side * side).to_string();
    let text = format!("{side}x{side}:{}", rows.iter().map(|r| r.join(",")).collect::<Vec<_>>().join("/"));
    let started = Instant::now();
    let (status, err) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"hidato","puzzle":text}))).await;
    assert!(started.elapsed() < Duration::from_secs(8), "took {:?}", started.elapsed());
    if status == StatusCode::OK {
        assert_ne!(err["solutions"], 1, "{err}");
        assert_eq!(err["unique"], false, "{err}");
    } else {
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
        assert!(err["error"].as_str().unwrap().contains("gave up"), "{err}");
    }
    // The same pasted to play: 422 as well (gave up, or not unique).
    let (status, err) =
        call(&state, "POST", "/api/games", Some(json!({"kind":"hidato","puzzle":text}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");

    // A 16x16 Sudoku of 40 random givens whose count runs past its budget: 422 "gave up".
    let line = ".......E.....B....1.....34.......A..9......2..4........7......8.A...........6.E...3.G......5.................2.......9..C........F....3.........B.G.8F.1.......5....................C...5...........2G.F7...5.............G3............D....C................B.";
    let started = Instant::now();
    let (status, err) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"sudoku","puzzle":line}))).await;
    assert!(started.elapsed() < Duration::from_secs(8), "took {:?}", started.elapsed());
    if status == StatusCode::OK {
        // A faster solver may settle it; then it has no unique solution.
        assert_ne!(err["solutions"], 1, "{err}");
    } else {
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
        assert!(err["error"].as_str().unwrap().contains("gave up"), "{err}");
    }

    // Too large a board: 422 before any search.
    let (status, err) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"hidato","puzzle":"40x40:1"}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_body_limit_is_the_configured_one() {
    let config = tessera_web::Config { body_limit: 2048, ..common::config(common::temp_db("limit")) };
    let store = tessera_web::Store::open(&config.db).unwrap();
    let state = tessera_web::AppState::new(store, config);
    let big = json!({"kind":"sudoku","puzzle": "1".repeat(4096)});
    let (status, err) = call(&state, "POST", "/api/puzzles/analyze", Some(big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(err["error"], "the request body is too large; at most 2 KiB", "{err}");
}
