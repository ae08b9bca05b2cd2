//! The Learn view's API (`/api/learn/{xc,queens,tiling}`, docs/learn.md): the seed's example
//! step by step against an independent count, paging, the bounds of a request (events, time,
//! nodes) on a real server, the boards' option maps, the gallery, and bad parameters.

use crate::common;

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{json, Value};

use common::{call, config, http, serve, state, temp_db};

/// The seed's example in Knuth's format, as a user would type it.
const SEED: &str = "1 2 3 4 5 6 7\n3 5 6\n1 4 7\n2 3 6\n1 4\n2 7\n4 5 7\n";

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Every event of a trace, page by page (`limit` a page).
async fn all_events(state: &tessera_web::AppState, base: &str, limit: u64) -> (Vec<Value>, Value) {
    let mut events = Vec::new();
    let mut from = 0;
    loop {
        let (status, page) = call(state, "GET", &format!("{base}&from={from}&limit={limit}"), None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["from"], from);
        assert_eq!(page["setup"].is_null(), from != 0, "the setup comes with the first page only");
        events.extend(page["events"].as_array().unwrap().iter().cloned());
        match page["next"].as_u64() {
            Some(next) => {
                assert_eq!(next, events.len() as u64);
                assert_eq!(page["outcome"], "running");
                from = next;
            }
            None => return (events, page),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_is_traced_as_dlx1_runs_it() {
    let state = state("learn-seed");
    let (status, first) = call(&state, "GET", "/api/learn/xc?example=seed", None).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let labels: Vec<&str> =
        first["setup"]["options"].as_array().unwrap().iter().map(|o| o["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["A", "B", "C", "D", "E", "F"]);
    let items: Vec<&str> =
        first["setup"]["items"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(items, ["1", "2", "3", "4", "5", "6", "7"]);

    // Pages of 3 and one page give the same events.
    let (paged, last) = all_events(&state, "/api/learn/xc?example=seed", 3).await;
    let (whole, _) = all_events(&state, "/api/learn/xc?example=seed", 500).await;
    assert_eq!(paged, whole);
    assert_eq!((last["done"].clone(), last["outcome"].clone()), (json!(true), json!("exhausted")));

    let chosen: Vec<&str> =
        paged.iter().filter(|e| e["event"] == "choose").map(|e| e["item"].as_str().unwrap()).collect();
    assert_eq!(chosen, ["1", "2", "5", "5", "2"], "DLX1's choices on the seed");
    let dead: Vec<&Value> =
        paged.iter().filter(|e| e["event"] == "backtrack" && e["dead_end"] == true).collect();
    assert_eq!(dead.len(), 1, "one dead end (item 5 after B, C)");
    let solutions: Vec<&Value> = paged.iter().filter(|e| e["event"] == "solution").collect();
    assert_eq!(solutions.len(), 1);
    let mut cover: Vec<&str> = solutions[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| labels[o.as_u64().unwrap() as usize])
        .collect();
    cover.sort_unstable();
    assert_eq!(cover, ["A", "D", "E"]);

    // The counters of the last event, the page's `final`, `to=end` and the typed text agree
    // with the library's count of the same text on the default engine (`xc count --stats`).
    let count = tessera::xc::parse(SEED).unwrap().solver().count_all();
    let expected = json!({"nodes": count.stats.nodes, "updates": count.stats.updates, "solutions": 1});
    let at_end = paged.last().unwrap();
    assert_eq!(
        json!({"nodes": at_end["nodes"], "updates": at_end["updates"], "solutions": at_end["solutions"]}),
        expected
    );
    assert_eq!(last["final"], expected);
    let (_, end) = call(&state, "GET", "/api/learn/xc?example=seed&to=end", None).await;
    assert_eq!(end["final"], expected, "{end}");
    assert_eq!(end["events"], json!([]));
    assert_eq!(end["result"]["solutions"].as_array().unwrap().len(), 1);
    let typed = format!("/api/learn/xc?problem={}", encode(SEED));
    let (typed_events, typed_last) = all_events(&state, &typed, 500).await;
    let strip = |events: &[Value]| -> Vec<Value> {
        events
            .iter()
            .map(|e| {
                let mut e = e.clone();
                e.as_object_mut().unwrap().remove("label");
                e
            })
            .collect()
    };
    assert_eq!(strip(&typed_events), strip(&paged), "typed text, the same trace (labels aside)");
    assert_eq!(typed_last["final"], expected);
    let (status, posted) =
        call(&state, "POST", "/api/learn/xc?limit=500", Some(json!({"problem": SEED}))).await;
    assert_eq!(status, StatusCode::OK, "{posted}");
    assert_eq!(strip(posted["events"].as_array().unwrap()), strip(&paged));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_trace_stays_within_its_bounds() {
    let (addr, stop, task) = serve(config(temp_db("learn-bounds"))).await;
    for (path, events, outcome) in [
        ("/api/learn/queens?n=12&from=0&limit=500", 500, "running"),
        ("/api/learn/queens?n=12&from=19900&limit=500", 100, "gave_up"),
        ("/api/learn/queens?n=12&from=20000&limit=500", 0, "gave_up"),
        ("/api/learn/tiling?board=6x10&from=19900&limit=500", 100, "gave_up"),
    ] {
        let started = Instant::now();
        let (status, page) = http(addr, "GET", path, None).await;
        let took = started.elapsed();
        assert_eq!(status, 200, "{path}: {page}");
        assert_eq!(page["events"].as_array().unwrap().len(), events, "{path}");
        assert_eq!(page["outcome"], outcome, "{path}");
        assert_eq!(page["done"], false, "{path}");
        if outcome == "gave_up" {
            assert_eq!(page["reason"], "steps", "{path}");
            assert_eq!(page["next"], Value::Null, "{path}");
        }
        // The trace's own bound is 2 s; the rest is the machine's noise.
        assert!(took < Duration::from_secs(4), "{path} took {took:?}");
    }
    // A typed problem that is too long to count: 16 queens (14,772,512 solutions) within 2 s
    // and 2,000,000 nodes, then "gave up".
    let mut text = String::new();
    let n = 16;
    let line = |prefix: &str| (0..n).map(|i| format!("{prefix}{i}")).collect::<Vec<_>>().join(" ");
    let diagonals =
        |prefix: &str| (0..2 * n - 1).map(|i| format!("{prefix}{i}")).collect::<Vec<_>>().join(" ");
    text.push_str(&format!("{} {} | {} {}\n", line("r"), line("c"), diagonals("a"), diagonals("b")));
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c));
        }
    }
    assert!(text.len() < 16 * 1024);
    let started = Instant::now();
    let (status, end) = http(addr, "POST", "/api/learn/xc?to=end", Some(json!({"problem": text}))).await;
    let took = started.elapsed();
    assert_eq!(status, 200, "{end}");
    assert_eq!(end["outcome"], "gave_up", "{end}");
    assert!(end["reason"] == "nodes" || end["reason"] == "time", "{end}");
    assert_eq!(end["final"], Value::Null);
    assert!(took < Duration::from_secs(4), "16 queens to the end took {took:?}");
    let _ = stop.send(());
    task.await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_boards_map_options_to_squares() {
    let state = state("learn-boards");
    let (status, page) = call(&state, "GET", "/api/learn/queens?n=8&limit=500", None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let setup = &page["setup"];
    assert_eq!((setup["width"].as_u64(), setup["height"].as_u64()), (Some(8), Some(8)));
    // Option r*8+c is the queen on row r, column c: its items name that row and column.
    for e in page["events"].as_array().unwrap().iter().filter(|e| e["event"] == "try") {
        let o = e["option"].as_u64().unwrap();
        assert_eq!(setup["options"][o as usize], json!(["Q", o]));
        let items: Vec<&str> = e["items"].as_array().unwrap().iter().map(|i| i.as_str().unwrap()).collect();
        assert!(
            items.contains(&format!("r{}", o / 8).as_str())
                && items.contains(&format!("c{}", o % 8).as_str()),
            "{e}"
        );
    }
    let (_, end) = call(&state, "GET", "/api/learn/queens?n=8&to=end", None).await;
    assert_eq!(end["final"]["solutions"], 92, "{end}");
    let board = tessera::queens::Board::new(8).unwrap();
    for solution in end["result"]["options"].as_array().unwrap() {
        let mut columns = vec![0; 8];
        for o in solution.as_array().unwrap() {
            let o = o.as_u64().unwrap() as usize;
            columns[o / 8] = o % 8;
        }
        assert!(tessera::queens::verify(&board, &columns).is_valid(), "{solution}");
    }

    // A tiling's option: its piece letter, then five squares of the board (row by row), and
    // the squares are the cells its items name.
    let (status, page) = call(&state, "GET", "/api/learn/tiling?board=3x20&limit=500", None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let setup = &page["setup"];
    let width = setup["width"].as_u64().unwrap();
    assert_eq!((width, setup["height"].as_u64().unwrap()), (3, 20));
    for e in page["events"].as_array().unwrap().iter().filter(|e| e["event"] == "try") {
        let option = setup["options"][e["option"].as_u64().unwrap() as usize].as_array().unwrap();
        assert_eq!(option.len(), 6);
        let mut from_items: Vec<String> =
            e["items"].as_array().unwrap().iter().map(|i| i.as_str().unwrap().to_owned()).collect();
        let mut from_setup: Vec<String> = option[1..]
            .iter()
            .map(|q| q.as_u64().unwrap())
            .map(|q| format!("r{}c{}", q / width, q % width))
            .collect();
        from_setup.push(option[0].as_str().unwrap().to_owned());
        from_items.sort();
        from_setup.sort();
        assert_eq!(from_items, from_setup);
    }
    let (_, end) = call(&state, "GET", "/api/learn/tiling?board=3x20&to=end", None).await;
    assert_eq!(end["final"]["solutions"], 8, "{end}");
    let (pieces, motion) = tessera::tiling::builtin("pentominoes").unwrap();
    let puzzle =
        tessera::tiling::Puzzle::new(tessera::tiling::Board::parse_size("3x20").unwrap(), pieces, motion);
    let distinct =
        tessera::tiling::count_distinct(&puzzle, &tessera::tiling::Query::default()).count.solutions;
    assert_eq!(end["result"]["distinct"], distinct);
    let items = end["result"]["gallery"]["items"].as_array().unwrap();
    assert_eq!(items.len() as u64, distinct);
    assert!(items.iter().all(|svg| svg.as_str().unwrap().starts_with("<svg")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_parameters_say_what_and_where() {
    let state = state("learn-bad");
    let big = format!("/api/learn/xc?problem={}", encode(&format!("A\n{}", "A\n".repeat(9000))));
    let cases = [
        ("/api/learn/queens?n=13", "n"),
        ("/api/learn/queens?n=x", "n"),
        ("/api/learn/tiling?board=7x7", "board"),
        ("/api/learn/xc?example=nope", "example"),
        ("/api/learn/xc?problem=A%20B%0AA%20C", "problem"),
        ("/api/learn/xc?problem=2%7CA%0AA%0AA", "problem"),
        ("/api/learn/xc?example=seed&limit=501", "limit"),
        ("/api/learn/xc?example=seed&to=middle", "to"),
        ("/api/learn/xc?example=seed&colour=red", "colour"),
        ("/api/learn/tiling?board=3x20&gallery=0", "gallery"),
        ("/api/learn/queens?n=8&to=end&gallery=0", "gallery"),
        (big.as_str(), "problem"),
    ];
    for (path, field) in cases {
        let (status, err) = call(&state, "GET", path, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {err}");
        assert_eq!(err["field"], field, "{path}: {err}");
    }
    let (_, err) = call(&state, "GET", "/api/learn/xc?problem=A%20B%0AA%20C", None).await;
    assert!(err["error"].as_str().unwrap().contains("line 2, column 3"), "{err}");
    let (status, _) = call(&state, "GET", "/api/learn/chess", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
