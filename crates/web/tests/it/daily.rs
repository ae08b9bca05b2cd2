//! The daily puzzle through the API, on real SQLite files: the same puzzle for two players and
//! on two servers that share nothing (and the library's own generation from the date), another
//! one the next day, one row however many first requests race, a ranking of its own (not in the
//! ordinary records), the date of the start kept past midnight, and 400 for unknown keys.
//! "Today" is set with `Config::today` (`Today::fixed`).

use crate::common;

use axum::http::StatusCode;
use serde_json::{json, Value};
use tessera::sudoku::Budget;
use tessera_web::daily::{generate, Date};
use tessera_web::{AppState, Kind, PoolKey, Store, Today};

use common::{call, call_as, cells, config, sudoku_solution, temp_db};

const DAY: &str = "2026-05-01";
const ALICE: &str = "alice00000000000000000";
const BOB: &str = "bob0000000000000000000";

/// A server over a fresh file whose "today" is `day`.
fn state_on(name: &str, day: &str) -> AppState {
    let config = tessera_web::Config { today: Today::fixed(day).unwrap(), ..config(temp_db(name)) };
    let store = Store::open(&config.db).unwrap();
    AppState::new(store, config)
}

fn daily_9x9() -> Value {
    json!({"kind":"sudoku","size":9,"variant":"classic","difficulty":"easy","daily":true})
}

fn daily_4x4() -> Value {
    json!({"kind":"sudoku","size":4,"variant":"classic","difficulty":"easy","daily":true})
}

const Q_4X4: &str = "kind=sudoku&size=4&variant=classic&difficulty=easy";

async fn start(state: &AppState, who: &str, body: Value) -> Value {
    let (status, game) = call_as(state, who, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game
}

async fn solve(state: &AppState, who: &str, game: &Value) -> Value {
    let id = game["id"].as_str().unwrap();
    let (status, check) = call_as(
        state,
        who,
        "POST",
        &format!("/api/games/{id}/check"),
        Some(json!({"cells": sudoku_solution(game)})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{check}");
    assert_eq!(check["solved"], true, "{check}");
    check
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_puzzle_for_every_player_and_server_and_another_the_next_day() {
    let one = state_on("daily-one", DAY);
    let two = state_on("daily-two", DAY);
    let a = start(&one, ALICE, daily_9x9()).await;
    let b = start(&one, BOB, daily_9x9()).await;
    let c = start(&two, BOB, daily_9x9()).await;
    assert_eq!((a["source"].as_str(), a["daily"].as_str()), (Some("daily"), Some(DAY)), "{a}");
    assert_eq!(a["puzzle"], b["puzzle"], "two players, one server");
    assert_eq!(a["puzzle"], c["puzzle"], "two servers on two files");
    assert_ne!(a["id"], b["id"]);

    // It is the library's puzzle from the date: any server computes the same.
    let key = PoolKey {
        kind: Kind::parse("sudoku").unwrap(),
        config: "9x9 classic".into(),
        difficulty: "easy".into(),
    };
    let day = Date::parse(DAY, "date").unwrap();
    let made = generate(day, &key, Budget::unlimited()).unwrap();
    let expected: Vec<i32> = made.puzzle.split(',').map(|v| v.parse().unwrap()).collect();
    assert_eq!(cells(&a["puzzle"]), expected);

    // An ordinary game of the same configuration is no daily.
    let (_, ordinary) = call(&one, "POST", "/api/games", Some(json!({"kind":"sudoku","size":9}))).await;
    assert_eq!(ordinary["source"], "pool");
    assert!(ordinary.get("daily").is_none(), "an ordinary game has no daily key: {ordinary}");

    one.config.today.set("2026-05-02");
    let next = start(&one, ALICE, daily_9x9()).await;
    assert_eq!(next["daily"], "2026-05-02");
    assert_ne!(next["puzzle"], a["puzzle"], "the next day's daily");
    let (_, today) = call_as(&one, ALICE, "GET", "/api/daily?kind=sudoku&size=9&difficulty=easy", None).await;
    assert_eq!(today["date"], "2026-05-02", "{today}");

    // Each daily is stored once per file.
    let file = rusqlite::Connection::open(one.store.path()).unwrap();
    let rows: i64 = file.query_row("SELECT COUNT(*) FROM daily", [], |r| r.get(0)).unwrap();
    assert_eq!(rows, 2, "one row per date");
    assert_eq!(one.dailies.generated(), 2, "each generated once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_first_requests_make_one_daily() {
    let state = state_on("daily-race", DAY);
    let body = json!({"kind":"sudoku","size":9,"variant":"x","difficulty":"medium","daily":true});
    let players: Vec<String> = (0..8).map(|i| format!("racer{i:017}")).collect();
    let games = futures_join(&state, &players, body).await;
    for game in &games {
        assert_eq!(game["puzzle"], games[0]["puzzle"], "every racer plays the same daily");
    }
    let file = rusqlite::Connection::open(state.store.path()).unwrap();
    let rows: i64 = file.query_row("SELECT COUNT(*) FROM daily", [], |r| r.get(0)).unwrap();
    assert_eq!(rows, 1);
    assert_eq!(state.dailies.generated(), 1, "the racers waited for one generation");
}

/// Starts a daily for each player at once.
async fn futures_join(state: &AppState, players: &[String], body: Value) -> Vec<Value> {
    let tasks: Vec<_> = players
        .iter()
        .map(|who| {
            let (state, who, body) = (state.clone(), who.clone(), body.clone());
            tokio::spawn(async move { start(&state, &who, body).await })
        })
        .collect();
    let mut games = Vec::new();
    for task in tasks {
        games.push(task.await.unwrap());
    }
    games
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daily_results_have_their_own_ranking() {
    let state = state_on("daily-ranking", DAY);
    let (_, before) = call_as(&state, ALICE, "GET", &format!("/api/daily?{Q_4X4}"), None).await;
    assert_eq!(
        before,
        json!({"config":"4x4 classic","date":DAY,"difficulty":"easy","kind":"sudoku","place":null,
               "played":false,"results":0,"seconds":null,"solved":false})
    );

    let a = start(&state, ALICE, daily_4x4()).await;
    let check = solve(&state, ALICE, &a).await;
    assert_eq!(
        (check["place"].as_u64(), check["of"].as_u64(), check["ranked"].as_bool()),
        (Some(1), Some(1), Some(true))
    );
    let b = start(&state, BOB, daily_4x4()).await;
    let check = solve(&state, BOB, &b).await;
    assert_eq!(check["of"], 2, "Bob's place is among the two dailies: {check}");

    // An ordinary 4x4 easy: ranked among the ordinary results only.
    let (_, game) = call(&state, "POST", "/api/games", Some(json!({"kind":"sudoku","size":4}))).await;
    let (_, check) = call(
        &state,
        "POST",
        &format!("/api/games/{}/check", game["id"].as_str().unwrap()),
        Some(json!({"cells": sudoku_solution(&game)})),
    )
    .await;
    assert_eq!((check["place"].as_u64(), check["of"].as_u64()), (Some(1), Some(1)), "{check}");

    let (status, daily) = call(&state, "GET", &format!("/api/daily/records?date={DAY}&{Q_4X4}"), None).await;
    assert_eq!(status, StatusCode::OK, "{daily}");
    assert_eq!((daily["date"].as_str(), daily["config"].as_str()), (Some(DAY), Some("4x4 classic")));
    assert_eq!(daily["records"].as_array().unwrap().len(), 2, "{daily}");
    let (_, default_day) = call(&state, "GET", &format!("/api/daily/records?{Q_4X4}"), None).await;
    assert_eq!(default_day, daily, "the date defaults to today");
    let (_, other_day) =
        call(&state, "GET", &format!("/api/daily/records?date=2026-04-30&{Q_4X4}"), None).await;
    assert_eq!(other_day["records"], json!([]));

    let (_, records) = call(&state, "GET", &format!("/api/records?{Q_4X4}"), None).await;
    assert_eq!(records["records"].as_array().unwrap().len(), 1, "only the ordinary result: {records}");
    let (_, summary) = call(&state, "GET", "/api/records/summary", None).await;
    assert_eq!(summary["best"][0]["games"], 1, "{summary}");
    let (_, mine) = call_as(&state, ALICE, "GET", "/api/me/stats", None).await;
    assert_eq!(mine["best"], json!([]), "a daily is not among the player's ordinary bests: {mine}");
    assert_eq!(mine["solved"], 1);

    let (_, after) = call_as(&state, ALICE, "GET", &format!("/api/daily?{Q_4X4}"), None).await;
    assert_eq!((after["played"].as_bool(), after["solved"].as_bool()), (Some(true), Some(true)), "{after}");
    assert_eq!(after["results"], 2);
    assert!(after["place"].as_u64().is_some_and(|p| p <= 2), "{after}");
    // Solved once: not again (the player knows the solution).
    let (status, again) = call_as(&state, ALICE, "POST", "/api/games", Some(daily_4x4())).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert!(again["error"].as_str().unwrap().contains(DAY), "{again}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_started_before_midnight_counts_for_its_day() {
    let state = state_on("daily-midnight", DAY);
    let game = start(&state, ALICE, daily_4x4()).await;
    state.config.today.set("2026-05-02");
    solve(&state, ALICE, &game).await;
    let (_, first) = call(&state, "GET", &format!("/api/daily/records?date={DAY}&{Q_4X4}"), None).await;
    assert_eq!(first["records"].as_array().unwrap().len(), 1, "{first}");
    let (_, second) = call(&state, "GET", &format!("/api/daily/records?{Q_4X4}"), None).await;
    assert_eq!(
        (second["date"].as_str(), second["records"].as_array().map(Vec::len)),
        (Some("2026-05-02"), Some(0))
    );
    let (_, today) = call_as(&state, ALICE, "GET", &format!("/api/daily?{Q_4X4}"), None).await;
    assert_eq!(today["played"], false, "the new day's daily is not played yet: {today}");
    start(&state, ALICE, daily_4x4()).await;
}

#[tokio::test]
async fn unknown_keys_and_bad_values_are_400() {
    let state = state_on("daily-bad", DAY);
    let cases = [
        ("POST", "/api/games", Some(json!({"kind":"sudoku","daily":true,"colour":"red"})), "colour"),
        ("POST", "/api/games", Some(json!({"kind":"sudoku","daily":"yes"})), ""),
        ("POST", "/api/games", Some(json!({"kind":"sudoku","daily":true,"puzzle":"1234"})), "daily"),
        ("POST", "/api/games", Some(json!({"kind":"chess","daily":true})), "kind"),
        ("GET", "/api/daily?kind=sudoku&colour=red", None, "colour"),
        ("GET", "/api/daily?kind=sudoku&date=2026-05-01", None, "date"),
        ("GET", "/api/daily?kind=sudoku&difficulty=impossible", None, "difficulty"),
        ("GET", "/api/daily/records?kind=sudoku&date=2026-02-30", None, "date"),
        ("GET", "/api/daily/records?kind=sudoku&date=yesterday", None, "date"),
        ("GET", "/api/daily?kind=sudoku&config=9x9%20classic&difficulty=easy", None, "config"),
        // The records take the same query: an unknown key is named, and a date is the daily's.
        ("GET", "/api/records?kind=sudoku&colour=red&difficulty=easy", None, "colour"),
        ("GET", "/api/records?kind=sudoku&date=2026-05-01&difficulty=easy", None, "date"),
    ];
    for (method, uri, body, field) in cases {
        let (status, answer) = call(&state, method, uri, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{method} {uri} {body:?}: {answer}");
        if !field.is_empty() {
            assert_eq!(answer["field"], field, "{method} {uri} {body:?}: {answer}");
        }
    }
    // A level not offered for the size: 422, as for an ordinary game.
    let (status, answer) = call(
        &state,
        "POST",
        "/api/games",
        Some(json!({"kind":"sudoku","size":4,"difficulty":"hard","daily":true})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
}
