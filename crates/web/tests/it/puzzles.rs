//! `/api/puzzles`: analyse and verify pasted Sudoku and Hidato, and play a pasted puzzle.

use crate::common;

use axum::http::StatusCode;
use serde_json::{json, Value};

use common::{call, state};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_and_verify() {
    let state = state("analyze");
    let line = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let (status, a) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"sudoku","puzzle":line}))).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!((a["solutions"].as_u64(), a["unique"].as_bool()), (Some(1), Some(true)));
    assert_eq!(a["difficulty"], "easy");
    assert_eq!(a["solution"].as_array().unwrap().len(), 81);
    let solution: String = a["solution"].as_array().unwrap().iter().map(ToString::to_string).collect();
    let (_, many) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"sudoku","puzzle":".".repeat(16)})))
            .await;
    assert_eq!((many["solutions"].as_u64(), many["difficulty"].clone()), (Some(2), Value::Null), "{many}");
    let (_, none) = call(
        &state,
        "POST",
        "/api/puzzles/analyze",
        Some(json!({"kind":"sudoku","puzzle":"11.............."})),
    )
    .await;
    assert_eq!(none["solutions"], 0, "{none}");
    let (status, err) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"sudoku","puzzle":"123"}))).await;
    assert_eq!((status, err["field"].as_str()), (StatusCode::BAD_REQUEST, Some("puzzle")), "{err}");

    let (status, ok) = call(
        &state,
        "POST",
        "/api/puzzles/verify",
        Some(json!({"kind":"sudoku","puzzle":line,"answer":solution})),
    )
    .await;
    assert_eq!((status, ok["valid"].as_bool()), (StatusCode::OK, Some(true)), "{ok}");
    let mut wrong = solution.clone().into_bytes();
    wrong.swap(0, 1);
    let wrong = String::from_utf8(wrong).unwrap();
    let (_, bad) = call(
        &state,
        "POST",
        "/api/puzzles/verify",
        Some(json!({"kind":"sudoku","puzzle":line,"answer":wrong})),
    )
    .await;
    assert_eq!(bad["valid"], false);
    assert!(!bad["violations"].as_array().unwrap().is_empty(), "{bad}");
    let (status, err) =
        call(&state, "POST", "/api/puzzles/verify", Some(json!({"kind":"sudoku","puzzle":line}))).await;
    assert_eq!((status, err["field"].as_str()), (StatusCode::BAD_REQUEST, Some("answer")));

    // Hidato: the seed's format and the compact form.
    let text = "3 2\n1 0 -1\n0 0 5\n";
    let (_, h) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"hidato","puzzle":text}))).await;
    assert!(h["solutions"].as_u64().unwrap() >= 1, "{h}");
    let (_, h2) = call(
        &state,
        "POST",
        "/api/puzzles/analyze",
        Some(json!({"kind":"hidato","puzzle":"3x2:1,0,x/0,0,5"})),
    )
    .await;
    assert_eq!(h["solutions"], h2["solutions"]);
    let answer: Vec<String> = h["solution"].as_array().unwrap().iter().map(ToString::to_string).collect();
    let answer = format!(
        "3x2:{}/{}",
        answer[..3].join(",").replace("-1", "x"),
        answer[3..].join(",").replace("-1", "x")
    );
    let (_, v) = call(
        &state,
        "POST",
        "/api/puzzles/verify",
        Some(json!({"kind":"hidato","puzzle":text,"answer":answer})),
    )
    .await;
    assert_eq!(v["valid"], true, "{answer}: {v}");
    let (_, v) = call(
        &state,
        "POST",
        "/api/puzzles/verify",
        Some(json!({"kind":"hidato","puzzle":text,"answer":"3 2\n1 2 -1\n4 3 5\n"})),
    )
    .await;
    assert_eq!(v["valid"], false, "{v}");
    let (status, err) =
        call(&state, "POST", "/api/puzzles/analyze", Some(json!({"kind":"hidato","puzzle":"3 2\n1 0\n"})))
            .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(err["error"].as_str().unwrap().contains("line 2"), "{err}");

    // A pasted puzzle can be played.
    let (status, game) =
        call(&state, "POST", "/api/games", Some(json!({"kind":"sudoku","puzzle":line}))).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!((game["difficulty"].as_str(), game["source"].as_str()), (Some("easy"), Some("pasted")));
    assert_eq!(game["share"], line);
}
