//! Honest records (issue 13), one test per forgery closed: no check or hint while paused and
//! the puzzle hidden, unknown keys and non-JSON bodies refused, a too-fast result kept but not
//! ranked, the rate limit, the player cookie and its statistics, and the expiry of abandoned
//! games. Through the router, and over a real listener where the peer address or the headers
//! matter; always on a real SQLite file.

use crate::common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use tessera_web::{Config, Rate, RateLimit};

use common::{
    call, cells, config, header, json_request as request, new_sudoku, serve, sudoku_solution, temp_db,
};

fn state_with(name: &str, change: impl FnOnce(&mut Config)) -> tessera_web::AppState {
    let mut config = config(temp_db(name));
    change(&mut config);
    let store = tessera_web::Store::open(&config.db).unwrap();
    tessera_web::AppState::new(store, config)
}

const JSON: &str = "Content-Type: application/json";
const NEW_4X4: &str = r#"{"kind":"sudoku","size":4,"difficulty":"easy"}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_game_takes_no_check_hint_or_mistakes_and_hides_its_puzzle() {
    let state = common::state("paused");
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game);
    let (status, _) = call(&state, "POST", &format!("/api/games/{id}/pause"), None).await;
    assert_eq!(status, StatusCode::OK);

    for action in ["check", "hint", "mistakes"] {
        let body = json!({"cells": if action == "check" { &solution } else { &puzzle }});
        let (status, err) = call(&state, "POST", &format!("/api/games/{id}/{action}"), Some(body)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{action} while paused: {err}");
        assert!(err["error"].as_str().unwrap().contains("paused"), "{err}");
    }
    let (status, shown) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(shown["status"], "paused");
    assert_eq!((&shown["puzzle"], &shown["share"]), (&Value::Null, &Value::Null), "{shown}");
    assert_eq!(shown["id"], game["id"], "the rest of the game is there: {shown}");

    // Resume answers with the game, its puzzle shown again; then the check solves it.
    let (status, resumed) = call(&state, "POST", &format!("/api/games/{id}/resume"), None).await;
    assert_eq!(status, StatusCode::OK, "{resumed}");
    assert_eq!(resumed["paused"], false);
    assert_eq!(cells(&resumed["game"]["puzzle"]), puzzle, "{resumed}");
    assert_eq!(resumed["game"]["share"], game["share"]);
    let (_, shown) = call(&state, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(cells(&shown["puzzle"]), puzzle);
    let (status, check) =
        call(&state, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!((status, check["solved"].as_bool()), (StatusCode::OK, Some(true)), "{check}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_key_in_any_body_is_a_400_naming_it() {
    let state = common::state("unknown-keys");
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap().to_owned();
    let puzzle = game["puzzle"].clone();
    let line = "1.3.........2.4.";
    let cases = [
        ("/api/games".to_owned(), json!({"kind":"sudoku","size":4,"zzz":1})),
        ("/api/games".to_owned(), json!({"kind":"sudoku","puzzle":line,"zzz":"x"})),
        (format!("/api/games/{id}/check"), json!({"cells": puzzle,"zzz":true})),
        (format!("/api/games/{id}/hint"), json!({"cells": puzzle,"zzz":[]})),
        (format!("/api/games/{id}/pause"), json!({"zzz":1})),
        (format!("/api/games/{id}/resume"), json!({"zzz":1})),
        (format!("/api/games/{id}/quit"), json!({"zzz":1})),
        ("/api/puzzles/analyze".to_owned(), json!({"kind":"sudoku","puzzle":line,"zzz":1})),
        ("/api/puzzles/verify".to_owned(), json!({"kind":"sudoku","puzzle":line,"answer":line,"zzz":1})),
    ];
    for (path, body) in cases {
        let (status, err) = call(&state, "POST", &path, Some(body.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {err}");
        assert_eq!(err["field"], "zzz", "{path} {body}: {err}");
        assert!(err["error"].as_str().unwrap().contains("zzz"), "{err}");
    }
    // The game was not touched by any of them: still playing, and an empty object is fine.
    let (status, paused) = call(&state, "POST", &format!("/api/games/{id}/pause"), Some(json!({}))).await;
    assert_eq!((status, &paused["paused"]), (StatusCode::OK, &json!(true)), "{paused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_is_not_json_is_a_415() {
    let config = Config { rate_limit: None, ..config(temp_db("not-json")) };
    let (addr, stop, running) = serve(config).await;
    let (status, _, game) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap();
    let grid = json!({"cells": game["puzzle"]}).to_string();
    let paths = [
        ("/api/games".to_owned(), NEW_4X4.to_owned()),
        (format!("/api/games/{id}/check"), grid.clone()),
        (format!("/api/games/{id}/hint"), grid.clone()),
        (format!("/api/games/{id}/pause"), "{}".to_owned()),
        (format!("/api/games/{id}/pause"), String::new()),
        (format!("/api/games/{id}/quit"), String::new()),
        ("/api/puzzles/analyze".to_owned(), r#"{"kind":"sudoku","puzzle":"1..."}"#.to_owned()),
    ];
    // A form's "simple" content types (what another site can post without asking), and none.
    let types: [&[&str]; 4] = [
        &["Content-Type: text/plain"],
        &["Content-Type: application/x-www-form-urlencoded"],
        &["Content-Type: multipart/form-data; boundary=x"],
        &[],
    ];
    for (path, body) in &paths {
        for headers in types {
            if headers.is_empty() && body.is_empty() {
                continue; // no body and no type: fine where no body is taken
            }
            let (status, _, err) = request(addr, "POST", path, headers, body).await;
            assert_eq!(status, 415, "{path} {headers:?} {body:?}: {err}");
            assert!(err["error"].as_str().unwrap().contains("application/json"), "{err}");
        }
    }
    // The game is still playing: none of them got through.
    let (_, _, shown) = request(addr, "GET", &format!("/api/games/{id}"), &[], "").await;
    assert_eq!(shown["status"], "playing", "{shown}");
    // JSON with a charset, in any case, is JSON; a pause with no body and no type is fine.
    let (status, _, check) = request(
        addr,
        "POST",
        &format!("/api/games/{id}/check"),
        &["content-type: Application/JSON; charset=utf-8"],
        &grid,
    )
    .await;
    assert_eq!(status, 200, "{check}");
    let (status, _, paused) = request(addr, "POST", &format!("/api/games/{id}/pause"), &[], "").await;
    assert_eq!((status, &paused["paused"]), (200, &json!(true)), "{paused}");
    let _ = stop.send(());
    running.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_under_the_floor_is_kept_but_not_ranked() {
    // 4x4 easy: 11 or 12 empty cells, so a floor of about 1.2 s at 100 ms a cell.
    let state = state_with("floor", |c| c.floor_ms_per_cell = 100);
    let records = "/api/records?kind=sudoku&size=4&difficulty=easy";

    let fast = new_sudoku(&state).await;
    let id = fast["id"].as_str().unwrap();
    let body = json!({"cells": sudoku_solution(&fast)});
    let (status, check) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{check}");
    assert_eq!((check["solved"].as_bool(), check["ranked"].as_bool()), (Some(true), Some(false)), "{check}");
    assert_eq!((&check["place"], &check["of"]), (&Value::Null, &Value::Null), "{check}");
    let reason = check["reason"].as_str().unwrap();
    assert!(reason.contains("floor") && reason.contains("empty cells"), "{reason}");
    let (_, listed) = call(&state, "GET", records, None).await;
    assert_eq!(listed["records"], json!([]), "an unranked result is not listed: {listed}");
    let (_, summary) = call(&state, "GET", "/api/records/summary", None).await;
    assert_eq!(summary["best"], json!([]), "{summary}");
    // Kept: the result is stored, marked unranked.
    let db = state.store.path().to_owned();
    let stored: Vec<(String, bool)> = tokio::task::spawn_blocking(move || {
        let conn = rusqlite::Connection::open(db).unwrap();
        let mut stmt = conn.prepare("SELECT game_id, ranked FROM results").unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<rusqlite::Result<_>>().unwrap()
    })
    .await
    .unwrap();
    assert_eq!(stored, [(id.to_owned(), false)]);

    // A game played for longer than its floor is ranked, first of one.
    let slow = new_sudoku(&state).await;
    let empty = cells(&slow["puzzle"]).iter().filter(|&&v| v == 0).count() as u64;
    tokio::time::sleep(Duration::from_millis(empty * 100 + 150)).await;
    let id = slow["id"].as_str().unwrap();
    let body = json!({"cells": sudoku_solution(&slow)});
    let (_, check) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!(
        (check["ranked"].as_bool(), check["place"].as_u64(), check["of"].as_u64()),
        (Some(true), Some(1), Some(1)),
        "{check}"
    );
    let (_, listed) = call(&state, "GET", records, None).await;
    assert_eq!(listed["records"].as_array().unwrap().len(), 1, "{listed}");
    let (_, summary) = call(&state, "GET", "/api/records/summary", None).await;
    assert_eq!(summary["best"][0]["games"], 1, "the unranked one is not counted: {summary}");

    // A pasted puzzle is never ranked, and says so.
    let pasted =
        call(&state, "POST", "/api/games", Some(json!({"kind":"sudoku","puzzle": slow["share"]}))).await.1;
    let id = pasted["id"].as_str().unwrap();
    tokio::time::sleep(Duration::from_millis(empty * 100 + 150)).await;
    let body = json!({"cells": sudoku_solution(&pasted)});
    let (_, check) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!(check["ranked"], false, "{check}");
    assert!(check["reason"].as_str().unwrap().contains("pasted"), "{check}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_requests_answer_429_with_retry_after() {
    let rate_limit = RateLimit {
        new_games: Rate { burst: 2, per_minute: 1 },
        checks: Rate { burst: 3, per_minute: 2 },
        cpu: RateLimit::default().cpu,
        learn: RateLimit::default().learn,
        exempt: Vec::new(),
        trusted_proxies: Vec::new(),
    };
    let (addr, stop, running) =
        serve(Config { rate_limit: Some(rate_limit.clone()), ..config(temp_db("rate")) }).await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (status, _, game) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
        assert_eq!(status, 201, "{game}");
        ids.push((game["id"].as_str().unwrap().to_owned(), json!({"cells": game["puzzle"]}).to_string()));
    }
    let (status, head, err) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
    assert_eq!(status, 429, "{head}");
    let wait: u64 = header(&head, "retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=60).contains(&wait), "one a minute: wait {wait} s");
    assert!(err["error"].as_str().unwrap().contains("too many"), "{err}");
    // Checks have their own bucket, across games; reads are not limited.
    let (id, grid) = &ids[0];
    for _ in 0..3 {
        let (status, _, check) =
            request(addr, "POST", &format!("/api/games/{id}/check"), &[JSON], grid).await;
        assert_eq!(status, 200, "{check}");
    }
    let (status, head, _) =
        request(addr, "POST", &format!("/api/games/{}/hint", ids[1].0), &[JSON], &ids[1].1).await;
    assert_eq!(status, 429, "a hint counts as a check");
    assert!(header(&head, "retry-after").is_some(), "{head}");
    for _ in 0..5 {
        let (status, _, _) = request(addr, "GET", &format!("/api/games/{id}"), &[], "").await;
        assert_eq!(status, 200);
    }
    let _ = stop.send(());
    running.await.unwrap();

    // The same limit with this client exempt: no 429.
    let exempt = RateLimit { exempt: vec!["127.0.0.1".parse().unwrap()], ..rate_limit };
    let (addr, stop, running) =
        serve(Config { rate_limit: Some(exempt), ..config(temp_db("rate-exempt")) }).await;
    for _ in 0..6 {
        let (status, _, game) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
        assert_eq!(status, 201, "{game}");
    }
    let _ = stop.send(());
    running.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_cookie_and_the_player_s_own_statistics() {
    let (addr, stop, running) = serve(Config { rate_limit: None, ..config(temp_db("player")) }).await;
    let (status, head, first) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
    assert_eq!(status, 201, "{first}");
    let cookie = header(&head, "set-cookie").expect("a cookie on the first new game");
    let attributes: Vec<&str> = cookie.split(';').map(str::trim).collect();
    let (name, player) = attributes[0].split_once('=').unwrap();
    assert_eq!(name, "tessera_player");
    assert!(player.len() >= 16 && player.bytes().all(|b| b.is_ascii_alphanumeric()), "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(attributes.contains(&attribute), "{attribute} missing from {cookie}");
    }
    let max_age: u64 = attributes.iter().find_map(|a| a.strip_prefix("Max-Age=")).unwrap().parse().unwrap();
    assert!(max_age >= 365 * 24 * 3600, "a long Max-Age: {cookie}");

    let mine = format!("Cookie: tessera_player={player}");
    let (status, head, second) = request(addr, "POST", "/api/games", &[JSON, &mine], NEW_4X4).await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(header(&head, "set-cookie"), None, "a known player gets no new cookie");
    // Solve the first.
    let id = first["id"].as_str().unwrap();
    let body = json!({"cells": sudoku_solution(&first)}).to_string();
    let (_, _, check) = request(addr, "POST", &format!("/api/games/{id}/check"), &[JSON], &body).await;
    assert_eq!(check["solved"], true, "{check}");
    // Someone else's game.
    let (_, head, _) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
    let other = header(&head, "set-cookie").unwrap().split(';').next().unwrap().to_owned();
    assert_ne!(other, attributes[0]);

    let (status, _, stats) = request(addr, "GET", "/api/me/stats", &[&mine], "").await;
    assert_eq!(status, 200, "{stats}");
    assert_eq!(
        (stats["player"].as_bool(), stats["played"].as_u64(), stats["solved"].as_u64()),
        (Some(true), Some(2), Some(1)),
        "{stats}"
    );
    assert_eq!(
        (stats["current_streak"].as_u64(), stats["best_streak"].as_u64()),
        (Some(1), Some(1)),
        "{stats}"
    );
    let best = &stats["best"];
    assert_eq!(best.as_array().unwrap().len(), 1, "{stats}");
    assert_eq!(
        (best[0]["kind"].as_str(), best[0]["config"].as_str(), best[0]["difficulty"].as_str()),
        (Some("sudoku"), Some("4x4 classic"), Some("easy"))
    );
    assert_eq!(best[0]["solved"], 1);
    assert_eq!(best[0]["best_ms"], best[0]["average_ms"], "{stats}");

    let (_, _, theirs) = request(addr, "GET", "/api/me/stats", &[&format!("Cookie: {other}")], "").await;
    assert_eq!((theirs["played"].as_u64(), theirs["solved"].as_u64()), (Some(1), Some(0)), "{theirs}");
    assert_eq!(theirs["best"], json!([]));
    let (_, head, nobody) = request(addr, "GET", "/api/me/stats", &[], "").await;
    assert_eq!((nobody["player"].as_bool(), nobody["played"].as_u64()), (Some(false), Some(0)), "{nobody}");
    assert_eq!(header(&head, "set-cookie"), None, "reading sets no cookie");
    let _ = stop.send(());
    running.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_games_expire_and_the_store_stays_bounded() {
    let db = temp_db("expiry");
    let config = Config {
        rate_limit: None,
        expire_after: Duration::from_millis(600),
        expire_every: Duration::from_millis(100),
        ..config(db.clone())
    };
    let (addr, stop, running) = serve(config).await;
    let new_game = || async { request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await.2 };
    let solved = new_game().await;
    let body = json!({"cells": sudoku_solution(&solved)}).to_string();
    let (_, _, check) = request(
        addr,
        "POST",
        &format!("/api/games/{}/check", solved["id"].as_str().unwrap()),
        &[JSON],
        &body,
    )
    .await;
    assert_eq!(check["solved"], true);
    let quit = new_game().await;
    request(addr, "POST", &format!("/api/games/{}/quit", quit["id"].as_str().unwrap()), &[], "").await;
    let paused = new_game().await;
    request(addr, "POST", &format!("/api/games/{}/pause", paused["id"].as_str().unwrap()), &[], "").await;
    let mut left = Vec::new();
    for _ in 0..40 {
        left.push(new_game().await["id"].as_str().unwrap().to_owned());
    }
    // One game kept alive by a pause and a resume halfway.
    let alive = new_game().await["id"].as_str().unwrap().to_owned();
    tokio::time::sleep(Duration::from_millis(400)).await;
    request(addr, "POST", &format!("/api/games/{alive}/pause"), &[], "").await;
    request(addr, "POST", &format!("/api/games/{alive}/resume"), &[], "").await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    for id in left.iter().chain([paused["id"].as_str().unwrap().to_owned()].iter()) {
        let (status, _, err) = request(addr, "GET", &format!("/api/games/{id}"), &[], "").await;
        assert_eq!(status, 404, "{id} expired: {err}");
    }
    let (status, _, shown) = request(addr, "GET", &format!("/api/games/{alive}"), &[], "").await;
    assert_eq!((status, shown["status"].as_str()), (200, Some("playing")), "touched 0.5 s ago: {shown}");
    for (game, status) in [(&solved, "solved"), (&quit, "quit")] {
        let (code, _, shown) =
            request(addr, "GET", &format!("/api/games/{}", game["id"].as_str().unwrap()), &[], "").await;
        assert_eq!((code, shown["status"].as_str()), (200, Some(status)), "a finished game stays");
    }
    let (_, _, records) = request(addr, "GET", "/api/records/summary", &[], "").await;
    assert_eq!(records["best"][0]["games"], 1, "the result stays: {records}");
    let _ = stop.send(());
    running.await.unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let games: i64 = conn.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0)).unwrap();
    assert_eq!(games, 3, "solved, quit and the one alive; 41 expired");
}

#[tokio::test]
async fn a_game_finished_offline_is_kept_but_not_ranked() {
    // No floor: only the offline flag can make it unranked.
    let state = state_with("offline", |c| c.floor_ms_per_cell = 0);
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let body = json!({"cells": sudoku_solution(&game), "offline": true});
    let (status, check) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{check}");
    assert_eq!((check["solved"].as_bool(), check["ranked"].as_bool()), (Some(true), Some(false)), "{check}");
    assert!(check["reason"].as_str().unwrap().contains("offline"), "{check}");
    let (_, listed) = call(&state, "GET", "/api/records?kind=sudoku&size=4&difficulty=easy", None).await;
    assert_eq!(listed["records"], json!([]), "an offline result is not listed: {listed}");

    // The same check online is ranked.
    let game = new_sudoku(&state).await;
    let id = game["id"].as_str().unwrap();
    let body = json!({"cells": sudoku_solution(&game), "offline": false});
    let (_, check) = call(&state, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
    assert_eq!(check["ranked"].as_bool(), Some(true), "{check}");
}

#[tokio::test]
async fn an_empty_pool_answers_503_with_retry_after() {
    // No puzzle in the pool and no time to make one on demand: the page is told when to ask again.
    let (addr, stop, running) =
        serve(Config { pool_target: 0, generate_budget: Duration::ZERO, ..config(temp_db("empty-pool")) })
            .await;
    let (status, head, err) = request(addr, "POST", "/api/games", &[JSON], NEW_4X4).await;
    assert_eq!(status, 503, "{head}");
    let wait: u64 = header(&head, "retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=10).contains(&wait), "{wait}");
    assert!(err["error"].is_string(), "{err}");
    stop.send(()).unwrap();
    running.await.unwrap();
}
