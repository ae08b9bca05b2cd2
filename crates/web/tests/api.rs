//! The API end to end: handlers through `router(state).oneshot(..)` over a temporary SQLite
//! file, and whole games over a real listener on 127.0.0.1:0 with a raw HTTP/1.1 client.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera_web::{router, AppState, Config, Server, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// A fresh database file in the temporary directory.
fn temp_db(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tessera-web-{}-{name}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

fn config(db: PathBuf) -> Config {
    Config { db, addr: ([127, 0, 0, 1], 0).into(), pool_target: 4, ..Config::default() }
}

fn state(name: &str) -> AppState {
    let config = config(temp_db(name));
    let store = Store::open(&config.db).unwrap();
    AppState::new(store, config)
}

/// One request through the router: (status, JSON body).
async fn call(state: &AppState, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    let body = match body {
        Some(body) => {
            request = request.header("content-type", "application/json");
            Body::from(body.to_string())
        }
        None => Body::empty(),
    };
    let response = router(state.clone()).oneshot(request.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let value =
        serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({"raw": String::from_utf8_lossy(&bytes)}));
    (status, value)
}

fn cells(value: &Value) -> Vec<i32> {
    value.as_array().unwrap().iter().map(|v| v.as_i64().unwrap() as i32).collect()
}

fn sudoku_solution(game: &Value) -> Vec<i32> {
    let size = game["config"]["size"].as_u64().unwrap() as usize;
    let mut layout = Layout::classic(size).unwrap();
    if game["config"]["variant"] == "x" {
        layout = layout.with_diagonals();
    }
    let digits = cells(&game["puzzle"]).iter().map(|&v| v as u8).collect();
    let puzzle = Sudoku::from_digits(Arc::new(layout), digits).unwrap();
    let solution =
        sudoku::solve(&puzzle, sudoku::Engine::Auto, &sudoku::Budget::unlimited()).unwrap().unwrap();
    solution.cells().iter().map(|&d| i32::from(d)).collect()
}

fn hidato_solution(game: &Value) -> Vec<i32> {
    let (w, h) = (
        game["config"]["width"].as_u64().unwrap() as usize,
        game["config"]["height"].as_u64().unwrap() as usize,
    );
    let adjacency =
        if game["config"]["adjacency"] == "numbrix" { Adjacency::Orthogonal } else { Adjacency::King };
    let puzzle = Hidato::new(w, h, cells(&game["puzzle"]), adjacency).unwrap();
    hidato::solve(&puzzle, hidato::Engine::Auto, &hidato::Budget::unlimited())
        .unwrap()
        .unwrap()
        .cells()
        .to_vec()
}

/// A raw HTTP/1.1 request on a fresh connection: (status, JSON body).
async fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text[9..12].parse().unwrap();
    let (_, body) = text.split_once("\r\n\r\n").unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

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

    // Two equal digits in the first row's empty cells: a conflict.
    let mut grid = puzzle.clone();
    let empty: Vec<usize> = (0..4).filter(|&c| puzzle[c] == 0).collect();
    let digit =
        if empty.len() >= 2 { 1 + (0..4).find(|d| !puzzle[..4].contains(&(d + 1))).unwrap() } else { 0 };
    if empty.len() >= 2 {
        grid[empty[0]] = digit;
        grid[empty[1]] = digit;
    } else {
        // Row 1 nearly full: put a digit of row 1 below it in column 1... use a column clash instead.
        let c = (0..16).find(|&c| puzzle[c] == 0).unwrap();
        let clash = (0..16).find(|&o| o != c && o % 4 == c % 4 && puzzle[o] != 0).unwrap();
        grid[c] = puzzle[clash];
    }
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
    let store = Store::open(&db).unwrap();
    let count: i64 =
        store.read(|c| c.query_row("SELECT COUNT(*) FROM results", [], |r| r.get(0))).await.unwrap();
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

async fn new_sudoku(state: &AppState) -> Value {
    let (status, game) =
        call(state, "POST", "/api/games", Some(json!({"kind":"sudoku","size":4,"difficulty":"easy"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game
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
    let body = json!({"cells": solution, "seconds": 0, "ms": 1});
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
    let (_, now) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(now["assisted"], true);

    // A wrong digit: 409 naming the cell.
    let solution = sudoku_solution(&game);
    let mut grid = puzzle.clone();
    let cell = (0..16).find(|&c| puzzle[c] == 0).unwrap();
    grid[cell] = solution[cell] % 4 + 1;
    let (status, err) =
        call(&state, "POST", &format!("/api/games/{id}/hint"), Some(json!({"cells": grid}))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{err}");
    assert_eq!(err["wrong"], json!([cell]));

    // The assisted game's result is saved as assisted.
    let (_, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!(check["solved"], true);
    let (_, records) = call(&state, "GET", "/api/records?kind=sudoku&size=4&difficulty=easy", None).await;
    assert_eq!(records["records"][0]["assisted"], true);
}

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
async fn the_pool_fills_in_the_background_and_pages_are_served() {
    let state = state("pool");
    let _ = new_sudoku(&state).await;
    let key = tessera_web::PoolKey {
        kind: tessera_web::Kind::Sudoku,
        config: "4x4 classic".into(),
        difficulty: "easy".into(),
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while state.pool.ready(&key) < 4 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(state.pool.ready(&key), 4);
    let _ = new_sudoku(&state).await;
    assert!(state.pool.ready(&key) <= 4);

    let (status, options) = call(&state, "GET", "/api/options", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(options["sudoku"]["sizes"], json!([4, 6, 9, 16]));
    let (status, health) = call(&state, "GET", "/api/health", None).await;
    assert_eq!((status, health), (StatusCode::OK, json!({"ok": true})));

    for (path, kind) in [("/", "text/html"), ("/records", "text/html"), ("/app.js", "text/javascript")] {
        let response =
            router(state.clone()).oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
        if response.status() == StatusCode::OK {
            let content_type = response.headers()["content-type"].to_str().unwrap();
            assert!(content_type.starts_with(kind), "{path}: {content_type}");
            assert!(response.headers().contains_key("etag"));
        } else {
            // The pages are not written yet.
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        }
    }
}
