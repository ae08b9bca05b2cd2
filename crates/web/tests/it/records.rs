//! Records a script cannot top (issue 26), over a real listener (the client's address matters)
//! and a real SQLite file: the scripted solve (start a game, have the server solve its share text,
//! wait out the floor, check) is not ranked, with or without the player cookie; one of today's
//! dailies is not solved by the server; a daily replayed without the cookie gives no second
//! ranked place; one address holds at most the cap of a configuration's top 20; and the check
//! says why a result is not ranked. Each has its control: the same steps without the forgery are
//! ranked, so that every test can fail.

use crate::common;

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use tessera_web::{Config, RateLimit, Today};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use common::{cells, config, hidato_solution, serve, sudoku_solution, temp_db};

/// The tests' floors: 5 % of the configuration's documented floor (4x4 easy: 0.4 s) and no
/// floor of the hands, so that a test waits well under a second; the caps as configured.
fn honest(name: &str) -> Config {
    Config {
        floor_percent: 5,
        floor_ms_per_cell: 0,
        top_per_address: 2,
        // 127.0.0.1 is a trusted proxy here, so that a test plays from several addresses by
        // X-Forwarded-For.
        rate_limit: Some(RateLimit { trusted_proxies: vec![[127, 0, 0, 1].into()], ..RateLimit::default() }),
        ..config(temp_db(name))
    }
}

/// Who sends a request: the player cookie (if any) and the address (`X-Forwarded-For`).
#[derive(Clone, Copy)]
struct Client {
    cookie: Option<&'static str>,
    from: &'static str,
}

const ALICE: Client = Client { cookie: Some("alice00000000000000000"), from: "203.0.113.1" };
const SCRIPT: Client = Client { cookie: None, from: "203.0.113.66" };

/// One request as `who`: (status, JSON body).
async fn send(addr: SocketAddr, who: Client, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let cookie = who.cookie.map(|c| format!("Cookie: tessera_player={c}\r\n")).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nX-Forwarded-For: {}\r\n{cookie}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        who.from,
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (_, json) = text.split_once("\r\n\r\n").unwrap();
    (text[9..12].parse().unwrap(), serde_json::from_str(json).unwrap_or(Value::Null))
}

async fn start(addr: SocketAddr, who: Client, body: Value) -> Value {
    let (status, game) = send(addr, who, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "{game}");
    game
}

/// Checks the library's solution of `game` as `who`: the check's answer.
async fn solve(addr: SocketAddr, who: Client, game: &Value) -> Value {
    let solution = match game["kind"].as_str() {
        Some("hidato") => hidato_solution(game),
        Some("nonogram") => {
            crate::families::solved::<tessera::nonogram::Nonogram>(game["share"].as_str().unwrap()).0
        }
        _ => sudoku_solution(game),
    };
    let id = game["id"].as_str().unwrap();
    let (status, check) =
        send(addr, who, "POST", &format!("/api/games/{id}/check"), Some(json!({"cells": solution}))).await;
    assert_eq!((status, &check["solved"]), (200, &json!(true)), "{check}");
    check
}

/// Past the floor of any puzzle of these tests (4x4 easy: 0.4 s; Hidato 5x5 easy: under 0.6 s).
async fn wait_out_the_floor() {
    tokio::time::sleep(Duration::from_millis(900)).await;
}

const SUDOKU_4X4: fn() -> Value = || json!({"kind":"sudoku","size":4,"difficulty":"easy"});
const HIDATO_5X5: fn() -> Value = || json!({"kind":"hidato","width":5,"height":5,"difficulty":"easy"});

fn ranked(check: &Value) -> (bool, bool) {
    (check["ranked"].as_bool().unwrap(), check["place"].is_u64())
}

fn reason(check: &Value) -> &str {
    // An unranked result names its rule as a key for the page too, and a ranked one none.
    let key = check["unranked"].as_str();
    match check["ranked"].as_bool() {
        Some(false) => assert!(
            ["offline", "pasted", "too-fast", "assisted", "daily-taken", "address-cap"]
                .contains(&key.unwrap_or("")),
            "no key for the page: {check}"
        ),
        _ => assert!(key.is_none(), "a key on a ranked result: {check}"),
    }
    check["reason"].as_str().unwrap_or_else(|| panic!("no reason: {check}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scripted_solve_is_not_ranked_with_or_without_the_cookie() {
    let (addr, _stop, _) = serve(honest("scripted")).await;
    for new in [SUDOKU_4X4, HIDATO_5X5] {
        // The control: played and solved past the floor, ranked.
        let game = start(addr, ALICE, new()).await;
        wait_out_the_floor().await;
        let check = solve(addr, ALICE, &game).await;
        assert_eq!(ranked(&check), (true, true), "{check}");

        // The script, with the cookie of the game or without any: start, have the server solve
        // the share text, wait, check.
        for asker in [ALICE, SCRIPT] {
            let game = start(addr, ALICE, new()).await;
            let analyze = json!({"kind": game["kind"], "puzzle": game["share"]});
            let (status, analysis) = send(addr, asker, "POST", "/api/puzzles/analyze", Some(analyze)).await;
            assert_eq!((status, analysis["unique"].as_bool()), (200, Some(true)), "{analysis}");
            let solution = cells(&analysis["solution"]);
            wait_out_the_floor().await;
            let id = game["id"].as_str().unwrap();
            let (_, view) = send(addr, ALICE, "GET", &format!("/api/games/{id}"), None).await;
            assert_eq!(view["assisted"], true, "the game in play is marked: {view}");
            let body = json!({"cells": solution});
            let (_, check) = send(addr, ALICE, "POST", &format!("/api/games/{id}/check"), Some(body)).await;
            assert_eq!(check["solved"], true, "{check}");
            assert_eq!(ranked(&check), (false, false), "{check}");
            assert!(reason(&check).contains("assisted"), "{check}");
        }
    }
    // Only the two controls are listed.
    let (_, listed) =
        send(addr, SCRIPT, "GET", "/api/records?kind=sudoku&size=4&difficulty=easy", None).await;
    assert_eq!(listed["records"].as_array().unwrap().len(), 1, "{listed}");

    // A hint on a pasted copy gives the puzzle's steps: the game in play of it is assisted too.
    let game = start(addr, ALICE, SUDOKU_4X4()).await;
    let copy = start(addr, SCRIPT, json!({"kind":"sudoku","puzzle": game["share"]})).await;
    let (status, hint) = send(
        addr,
        SCRIPT,
        "POST",
        &format!("/api/games/{}/hint", copy["id"].as_str().unwrap()),
        Some(json!({"cells": cells(&copy["puzzle"])})),
    )
    .await;
    assert_eq!(status, 200, "{hint}");
    wait_out_the_floor().await;
    let check = solve(addr, ALICE, &game).await;
    assert_eq!(ranked(&check), (false, false), "{check}");
    assert!(reason(&check).contains("assisted"), "{check}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_is_ranked_once_per_player_and_address_and_not_solved_by_the_server() {
    let config = Config { today: Today::fixed("2026-05-01").unwrap(), ..honest("daily-once") };
    let (addr, _stop, _) = serve(config).await;
    let daily = || json!({"kind":"sudoku","size":4,"difficulty":"easy","daily":true});

    let game = start(addr, ALICE, daily()).await;
    // The server does not solve today's daily, whoever asks (409 naming why).
    let analyze = json!({"kind":"sudoku","puzzle": game["share"]});
    let (status, refused) = send(addr, SCRIPT, "POST", "/api/puzzles/analyze", Some(analyze)).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("daily"), "{refused}");
    wait_out_the_floor().await;
    let check = solve(addr, ALICE, &game).await;
    assert_eq!((ranked(&check), check["place"].as_u64()), ((true, true), Some(1)), "{check}");

    // Again without the cookie (a new player to the server), from the same address: the same
    // puzzle, solved, kept, not ranked, and the check says why.
    let again_from_alice = Client { cookie: None, from: ALICE.from };
    let replay = start(addr, again_from_alice, daily()).await;
    assert_eq!(replay["puzzle"], game["puzzle"]);
    wait_out_the_floor().await;
    let check = solve(addr, again_from_alice, &replay).await;
    assert_eq!(ranked(&check), (false, false), "{check}");
    assert!(reason(&check).contains("already has a ranked result"), "{check}");
    assert_eq!(check["unranked"], "daily-taken", "{check}");
    let (_, ranking) =
        send(addr, SCRIPT, "GET", "/api/daily/records?kind=sudoku&size=4&difficulty=easy", None).await;
    assert_eq!(ranking["records"].as_array().unwrap().len(), 1, "no second place: {ranking}");

    // The control: another player from another address is ranked, one of two.
    let bob = Client { cookie: Some("bob0000000000000000000"), from: "198.51.100.2" };
    let game = start(addr, bob, daily()).await;
    wait_out_the_floor().await;
    let check = solve(addr, bob, &game).await;
    assert_eq!((ranked(&check), check["of"].as_u64()), ((true, true), Some(2)), "{check}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_the_cap_of_a_top_20() {
    let (addr, _stop, _) = serve(honest("top-cap")).await;
    // The script from one address, without the cookie, starts five games and solves them all past
    // the floor: two (the cap) are ranked, the others kept with the reason.
    let mut games = Vec::new();
    for _ in 0..5 {
        games.push(start(addr, SCRIPT, SUDOKU_4X4()).await);
    }
    wait_out_the_floor().await;
    let mut ranked_places = 0;
    for game in &games {
        let check = solve(addr, SCRIPT, game).await;
        if check["ranked"] == true {
            ranked_places += 1;
        } else {
            assert!(reason(&check).contains("already holds 2 of the top 20"), "{check}");
            assert_eq!(check["place"], Value::Null, "{check}");
        }
    }
    assert_eq!(ranked_places, 2);
    let records = "/api/records?kind=sudoku&size=4&difficulty=easy";
    let (_, listed) = send(addr, SCRIPT, "GET", records, None).await;
    assert_eq!(listed["records"].as_array().unwrap().len(), 2, "{listed}");

    // The control: another address is ranked (and the first still holds two).
    let game = start(addr, ALICE, SUDOKU_4X4()).await;
    wait_out_the_floor().await;
    assert_eq!(ranked(&solve(addr, ALICE, &game).await), (true, true));
    let (_, listed) = send(addr, SCRIPT, "GET", records, None).await;
    assert_eq!(listed["records"].as_array().unwrap().len(), 3, "{listed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_under_the_configuration_s_floor_says_so() {
    // The documented floor at 100 %: 4x4 easy is 8 s, far above the instant solve.
    let config = Config { floor_percent: 100, ..honest("table-floor") };
    let (addr, _stop, _) = serve(config).await;
    let game = start(addr, ALICE, SUDOKU_4X4()).await;
    let check = solve(addr, ALICE, &game).await;
    assert_eq!(ranked(&check), (false, false), "{check}");
    assert!(reason(&check).contains("under the floor of 8.0 s for sudoku 4x4 classic, easy"), "{check}");
    assert_eq!(check["unranked"], "too-fast", "{check}");
}

/// The puzzle of a Sudoku game transposed and relabelled (`d` -> `n + 1 - d`), as a line.
fn disguised_sudoku(game: &Value) -> String {
    let puzzle = cells(&game["puzzle"]);
    let n = game["config"]["size"].as_u64().unwrap() as usize;
    (0..n * n)
        .map(|i| match puzzle[(i % n) * n + i / n] {
            0 => '.',
            d => char::from_digit((n as u32 + 1) - d as u32, 10).unwrap(),
        })
        .collect()
}

/// The puzzle of a Nonogram game transposed (its rows the columns), in its text form; turned a
/// quarter instead when its picture is symmetric about the diagonal (the transposed text would be
/// the same).
fn disguised_nonogram(game: &Value) -> String {
    use tessera::nonogram::Nonogram;
    use tessera::Readable;
    let text = game["share"].as_str().unwrap();
    let puzzle = Nonogram::read(text, &()).next().unwrap().unwrap();
    let (w, h, rows, columns) = (puzzle.width(), puzzle.height(), puzzle.rows(), puzzle.columns());
    let transposed = Nonogram::new(h, w, columns.to_vec(), rows.to_vec()).unwrap().to_text();
    if transposed != puzzle.to_text() {
        return transposed;
    }
    // A quarter turn: the rows are the columns from the last, the columns the rows reversed.
    let turned_rows = columns.iter().rev().cloned().collect();
    let turned_columns = rows.iter().map(|runs| runs.iter().rev().copied().collect()).collect();
    Nonogram::new(h, w, turned_rows, turned_columns).unwrap().to_text()
}

/// The puzzle of a Hidato game turned a quarter and numbered backwards, in the text format.
fn disguised_hidato(game: &Value) -> String {
    let puzzle = cells(&game["puzzle"]);
    let (w, h) = (
        game["config"]["width"].as_u64().unwrap() as usize,
        game["config"]["height"].as_u64().unwrap() as usize,
    );
    let last = puzzle.iter().filter(|&&v| v >= 0).count() as i32;
    let mut text = format!("{h} {w}\n");
    for r in 0..w {
        let row: Vec<String> = (0..h)
            .map(|c| match puzzle[(h - 1 - c) * w + r] {
                v if v > 0 => (last + 1 - v).to_string(),
                v => v.to_string(),
            })
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

/// Issue 39: every route to an answer marks the games of the puzzle under any disguise. Analyze
/// on a transposed, relabelled Sudoku, on a turned, reversed Hidato and on a transposed Nonogram
/// (a family of the generic path), and the Learn view on the
/// puzzle and on a disguised copy: each game in play is marked assisted and its solve, past the
/// floor, is not ranked. The control, a game of another puzzle in play meanwhile, is ranked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disguised_copy_or_the_learn_view_answers_no_ranked_game() {
    let (addr, _stop, _) = serve(honest("disguised")).await;
    type Disguise = fn(&Value) -> String;
    type New = fn() -> Value;
    let disguised: [(&str, New, Disguise, New); 3] = [
        ("sudoku", SUDOKU_4X4, disguised_sudoku, HIDATO_5X5),
        ("hidato", HIDATO_5X5, disguised_hidato, SUDOKU_4X4),
        // A family through the generic path (issue 40's Nonogram): its transposed copy.
        (
            "nonogram",
            || json!({"kind":"nonogram","size":5,"difficulty":"easy"}),
            disguised_nonogram,
            SUDOKU_4X4,
        ),
    ];
    for (kind, new, disguise, control) in disguised {
        let game = start(addr, ALICE, new()).await;
        // The control: a game of the other kind, in play meanwhile.
        let other = start(addr, ALICE, control()).await;
        let copy = disguise(&game);
        assert_ne!(json!(copy), game["share"], "a copy that is not the same text");
        let analyze = json!({"kind": kind, "puzzle": copy});
        let (status, analysis) = send(addr, SCRIPT, "POST", "/api/puzzles/analyze", Some(analyze)).await;
        assert_eq!((status, analysis["unique"].as_bool()), (200, Some(true)), "{kind}: {analysis}");
        wait_out_the_floor().await;
        let check = solve(addr, ALICE, &game).await;
        assert_eq!(ranked(&check), (false, false), "{kind}, the disguised copy analysed: {check}");
        assert!(reason(&check).contains("assisted"), "{check}");
        let check = solve(addr, ALICE, &other).await;
        assert_eq!(ranked(&check), (true, true), "{kind}, the control: {check}");
    }
    // The Learn view's searches walk to the answer: on the game's own line, and on a disguised
    // copy of it.
    for disguise in [false, true] {
        let game = start(addr, ALICE, SUDOKU_4X4()).await;
        let line =
            if disguise { disguised_sudoku(&game) } else { game["share"].as_str().unwrap().to_owned() };
        let path = format!("/api/learn/sudoku?puzzle={line}&engine=mrv&to=end");
        let (status, learned) = send(addr, SCRIPT, "GET", &path, None).await;
        assert_eq!(status, 200, "{learned}");
        assert!(learned["result"]["solution"].is_string(), "{learned}");
        wait_out_the_floor().await;
        let check = solve(addr, ALICE, &game).await;
        assert_eq!(ranked(&check), (false, false), "the Learn view, disguised {disguise}: {check}");
        assert!(reason(&check).contains("assisted"), "{check}");
    }
}

/// Issue 39: today's daily is answered by no route, under no disguise: analyze and the Learn view
/// refuse it and a transposed copy of it (409), and `puzzle=daily` in the Learn view is
/// yesterday's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn today_s_daily_is_answered_by_no_route() {
    let config = Config { today: Today::fixed("2026-05-01").unwrap(), ..honest("daily-no-route") };
    let (addr, _stop, _) = serve(config).await;
    let game = start(addr, ALICE, json!({"kind":"sudoku","size":4,"difficulty":"easy","daily":true})).await;
    let copy = disguised_sudoku(&game);
    for puzzle in [game["share"].as_str().unwrap().to_owned(), copy] {
        let analyze = json!({"kind":"sudoku","puzzle": puzzle});
        let (status, refused) = send(addr, SCRIPT, "POST", "/api/puzzles/analyze", Some(analyze)).await;
        assert_eq!(status, 409, "analyze {puzzle}: {refused}");
        for path in [
            format!("/api/learn/sudoku?puzzle={puzzle}&engine=mrv&to=end"),
            format!("/api/learn/race?puzzle={puzzle}"),
        ] {
            let (status, refused) = send(addr, SCRIPT, "GET", &path, None).await;
            assert_eq!(status, 409, "{path}: {refused}");
            assert!(refused["error"].as_str().unwrap().contains("daily"), "{refused}");
        }
    }
    // The Learn view's `daily` (classic 9x9) is yesterday's, not today's.
    let nine = start(addr, ALICE, json!({"kind":"sudoku","size":9,"difficulty":"easy","daily":true})).await;
    let (status, race) = send(addr, SCRIPT, "GET", "/api/learn/race?puzzle=daily", None).await;
    assert_eq!(status, 200, "{race}");
    let digits = |line: &str| line.chars().map(|c| c.to_digit(10).unwrap_or(0) as i32).collect::<Vec<i32>>();
    let learned = digits(race["puzzle"].as_str().unwrap());
    assert_eq!(learned.len(), 81, "{race}");
    assert_ne!(learned, cells(&nine["puzzle"]), "the Learn view's daily is not today's");
    // The daily, played, is still ranked: nothing was given out.
    wait_out_the_floor().await;
    let check = solve(addr, ALICE, &game).await;
    assert_eq!(ranked(&check), (true, true), "{check}");
}
