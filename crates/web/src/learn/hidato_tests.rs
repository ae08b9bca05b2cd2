//! The Hidato lesson's pages: paged events equal one run, the counters equal the library's,
//! the solution verifies, long searches stop at the budget, bad parameters are 400s.

use std::time::Instant;

use tessera::hidato::{count, parse_puzzle, verify, Engine, Query};

use super::*;

fn params(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Every page of a trace, from the start to `done`, as one list; and the last page.
fn all_pages(base: &[(&str, &str)]) -> (Vec<Value>, Value) {
    let mut events = Vec::new();
    let mut from = 0u64;
    loop {
        let from_text = from.to_string();
        let mut pairs = base.to_vec();
        pairs.push(("from", &from_text));
        pairs.push(("limit", "500"));
        let page = page(&params(&pairs)).unwrap();
        assert_eq!(page["from"], from);
        events.extend(page["events"].as_array().unwrap().iter().cloned());
        match page["next"].as_u64() {
            Some(next) => {
                assert_eq!(page["outcome"], "running");
                assert_eq!(next, events.len() as u64);
                from = next;
            }
            None => return (events, page),
        }
    }
}

#[test]
fn the_seed_example_paged_to_its_one_solution() {
    let (events, last) = all_pages(&[("example", "seed")]);
    assert_eq!((last["done"].as_bool(), last["outcome"].as_str()), (Some(true), Some("exhausted")));
    let puzzle = parse_puzzle(hidato::SEED_EXAMPLE, Adjacency::King).unwrap();
    let library = count(&puzzle, &Query::default().with_engine(Engine::Trace).with_limit(SOLUTIONS));
    assert_eq!(last["final"]["nodes"], library.stats.nodes);
    assert_eq!(last["final"]["updates"], library.stats.updates);
    assert_eq!(last["final"]["solutions"], 1);
    assert_eq!(events.last().unwrap()["nodes"], library.stats.nodes);
    assert!(events.len() as u64 <= MAX_EVENTS);
    // Replay the events the page's way: the board at the solution event verifies.
    let mut board = puzzle.clone();
    let mut solved = 0;
    for event in &events {
        let cell = |e: &Value| (e["row"].as_u64().unwrap() * 10 + e["col"].as_u64().unwrap()) as usize;
        match event["event"].as_str().unwrap() {
            "place" if event["given"] == false => {
                board.set(cell(event), event["number"].as_i64().unwrap() as i32);
            }
            "unplace" if event["given"] == false => board.set(cell(event), 0),
            "solution" => {
                assert!(verify(&puzzle, &board).is_valid(), "{board}");
                solved += 1;
            }
            _ => {}
        }
    }
    assert_eq!(solved, 1);
    assert_eq!(board, puzzle, "the path retreats all the way back");
    // The setup draws the board.
    assert_eq!(last["setup"]["width"], 10);
    assert_eq!(last["setup"]["cells"].as_array().unwrap().len(), 100);
}

#[test]
fn a_long_search_stops_at_the_event_budget() {
    let started = Instant::now();
    // The seed's plain search (no prunes) runs far past the event budget (docs/learn-hidato.md).
    let page =
        page(&params(&[("example", "seed"), ("prune", "off"), ("from", "19900"), ("limit", "500")])).unwrap();
    assert!(started.elapsed() < TIME + Duration::from_secs(1));
    assert_eq!(page["outcome"], "gave_up");
    assert_eq!(page["reason"], "steps");
    assert_eq!(page["done"], false);
    assert_eq!(page["next"], Value::Null);
    assert_eq!(page["events"].as_array().unwrap().len(), 100);
    assert!(page["final"]["nodes"].as_u64().unwrap() > 0);
    // Beyond the budget nothing more is traced.
    let page = super::page(&params(&[("example", "seed"), ("prune", "off"), ("from", "25000")])).unwrap();
    assert_eq!((page["outcome"].as_str(), page["events"].as_array().unwrap().len()), (Some("gave_up"), 0));
    // A page that is full says so and where the next one starts.
    let page = super::page(&params(&[("example", "open"), ("limit", "50")])).unwrap();
    assert_eq!((page["outcome"].as_str(), page["next"].as_u64()), (Some("running"), Some(50)));
    assert_eq!(page["final"], Value::Null);
}

#[test]
fn to_end_counts_and_solves_and_stops_on_an_open_board() {
    let answer = page(&params(&[("example", "seed"), ("to", "end")])).unwrap();
    assert_eq!(answer["outcome"], "exhausted");
    assert_eq!(answer["final"]["solutions"], 1);
    let puzzle = parse_puzzle(hidato::SEED_EXAMPLE, Adjacency::King).unwrap();
    let cells: Vec<i32> =
        answer["result"]["solution"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap() as i32).collect();
    let solution = Hidato::new(10, 10, cells, Adjacency::King).unwrap();
    assert!(verify(&puzzle, &solution).is_valid());
    // Twice: the second from the cache, the same.
    assert_eq!(page(&params(&[("example", "seed"), ("to", "end")])).unwrap(), answer);
    // An empty 6x6 (typed in the compact form): stops at the solution limit.
    let open = "6x6:1,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0";
    let answer = page(&params(&[("puzzle", open), ("to", "end")])).unwrap();
    assert_eq!(answer["outcome"], "limit");
    assert_eq!(answer["final"]["solutions"], SOLUTIONS);
}

#[test]
fn typed_puzzles_and_the_plain_search() {
    let page = page(&params(&[("puzzle", "3 1\n1 0 3"), ("prune", "off")])).unwrap();
    let names: Vec<&str> =
        page["events"].as_array().unwrap().iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(names, ["place", "place", "place", "solution", "unplace", "unplace", "unplace"]);
    assert_eq!(page["setup"]["prune"], false);
    assert_eq!(page["setup"]["puzzle"], "3x1:1,0,3");
    // Every built-in example reads and solves.
    for (name, _, text) in EXAMPLES {
        let puzzle = parse_puzzle(text, Adjacency::King).unwrap();
        let answer = super::page(&params(&[("example", name), ("to", "end")])).unwrap();
        let solutions = answer["final"]["solutions"].as_u64().unwrap();
        assert_eq!(solutions, if name == "open" { SOLUTIONS } else { 1 }, "{name}");
        assert_eq!(answer["setup"]["size"], puzzle.size());
    }
}

#[test]
fn bad_parameters_say_which() {
    let message = |pairs: &[(&str, &str)]| match page(&params(pairs)) {
        Err(err @ AppError::BadRequest { .. }) => err.to_string(),
        other => panic!("{pairs:?}: {other:?}"),
    };
    assert_eq!(
        message(&[("example", "nope")]),
        "example: unknown \"nope\"; the examples are small, seed, open"
    );
    assert!(message(&[("puzzle", "3 2\n1 0\n")]).contains("line 2, column 4"));
    assert!(message(&[("example", "seed"), ("limit", "501")]).starts_with("limit: 501"));
    assert!(message(&[("example", "seed"), ("from", "-1")]).starts_with("from: \"-1\""));
    assert!(message(&[("example", "seed"), ("puzzle", "3 1\n1 0 3")]).contains("not both"));
    assert!(message(&[("example", "seed"), ("prune", "maybe")]).starts_with("prune"));
    assert!(message(&[("example", "seed"), ("to", "start")]).starts_with("to"));
}

/// Through the router (as mounted on this branch: `/api/learn/hidato`): 200 with the page, 400
/// with a JSON error naming the parameter.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http() {
    use axum::body::{to_bytes, Body};
    use axum::http::{Request, StatusCode};
    use tower::ServiceExt;

    let db = std::env::temp_dir().join(format!("tessera-web-unit-{}-learn-hidato.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let config =
        crate::Config { db: db.clone(), addr: ([127, 0, 0, 1], 0).into(), ..crate::Config::default() };
    let state = AppState::new(crate::Store::open(&db).unwrap(), config);
    let call = |uri: &str| {
        let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
        let app = crate::router(state.clone());
        async move {
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let body = to_bytes(response.into_body(), 1 << 24).await.unwrap();
            (status, serde_json::from_slice::<Value>(&body).unwrap())
        }
    };
    let (status, body) = call("/api/learn/hidato?example=small&limit=5").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((body["view"].as_str(), body["next"].as_u64()), (Some("hidato"), Some(5)));
    assert_eq!(body["events"][0]["event"], "place");
    let (status, body) = call("/api/learn/hidato?example=small&limit=9999").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "limit");
    let (status, body) = call("/api/learn/hidato?puzzle=2x1:1,7").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().starts_with("puzzle:"), "{body}");
}
