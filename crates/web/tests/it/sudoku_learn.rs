//! The Learn view's Sudoku (`/api/learn/sudoku`) and race (`/api/learn/race`): pages that join
//! into the library's whole trace, the counters of `to=end` and of the race equal to the
//! library's (the CLI's equality is tested in crates/cli/tests/it/learn_race.rs, with the binary),
//! bad parameters named, and a long search kept within its bounds.

use crate::common;

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use common::{call, state};
use serde_json::Value;
use tessera::sudoku::teach::{self, Engine, Method};
use tessera::sudoku::{Budget, Sudoku};

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// [`CLASSIC`] with its last three rows given: a whole trace of plain backtracking within 20,000
/// events.
const EASIER: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6961537284287419635345286179";
/// A 6x6 (2x3 boxes).
const SIX: &str = "..26.....3.2..3..5.5......1..3..61..";
const AGAINST_BRUTE_FORCE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

/// The library's whole trace as JSON, to the first solution.
fn library_trace(puzzle: &Sudoku, method: Method) -> Vec<Value> {
    let mut events = Vec::new();
    teach::trace(puzzle, method, 1, &Budget::unlimited(), |event, counts| {
        let mut value = event.to_json(puzzle.layout(), counts);
        value["updates"] = 0.into();
        events.push(value);
        ControlFlow::Continue(())
    });
    events
}

#[tokio::test]
async fn pages_join_into_the_whole_trace() {
    let state = state("learn-pages");
    for (line, method) in [EASIER, SIX].into_iter().flat_map(|line| Method::ALL.map(|method| (line, method)))
    {
        let puzzle = Sudoku::from_line(line).unwrap();
        let expected = library_trace(&puzzle, method);
        let (mut from, mut events) = (0u64, Vec::new());
        loop {
            let uri = format!("/api/learn/sudoku?puzzle={line}&engine={method}&from={from}&limit=50");
            let (status, page) = call(&state, "GET", &uri, None).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            assert_eq!(page["from"], from);
            events.extend(page["events"].as_array().unwrap().iter().cloned());
            if page["done"] == true {
                assert_eq!((page["outcome"].as_str(), &page["next"]), (Some("limit"), &Value::Null));
                let solved = teach::solve(&puzzle, Engine::ALL[method as usize], 1, &Budget::unlimited());
                assert_eq!(page["final"]["nodes"], solved.count.stats.nodes);
                assert_eq!(page["final"]["solutions"], 1);
                break;
            }
            assert_eq!(page["outcome"], "running");
            from = page["next"].as_u64().unwrap();
            assert_eq!(from as usize, events.len());
        }
        assert_eq!(events, expected, "{method} on {line}");
        assert!(events.len() > 50 || method == Method::Mrv, "more than one page");
        assert_eq!(events.last().unwrap()["event"], "solution");
    }
}

#[tokio::test]
async fn to_end_and_the_race_count_as_the_library_does() {
    let state = state("learn-race");
    let puzzle = Sudoku::from_line(CLASSIC).unwrap();
    let (status, race) = call(&state, "GET", &format!("/api/learn/race?puzzle={CLASSIC}"), None).await;
    assert_eq!(status, StatusCode::OK, "{race}");
    let racers = race["racers"].as_array().unwrap();
    assert_eq!(racers.len(), 3);
    for (racer, engine) in racers.iter().zip(Engine::ALL) {
        let solved = teach::solve(&puzzle, engine, 1, &Budget::unlimited());
        assert_eq!(racer["engine"], engine.name());
        assert_eq!(
            (racer["nodes"].as_u64(), racer["outcome"].as_str()),
            (Some(solved.count.stats.nodes), Some("solved"))
        );
        let uri = format!("/api/learn/sudoku?puzzle={CLASSIC}&engine={engine}&to=end");
        let (status, end) = call(&state, "GET", &uri, None).await;
        assert_eq!(status, StatusCode::OK, "{end}");
        assert_eq!(
            (end["final"]["nodes"].as_u64(), end["done"].as_bool()),
            (Some(solved.count.stats.nodes), Some(true))
        );
        assert_eq!(end["result"]["solution"], racer["solution"]);
    }
    // Exact cover counts more nodes than the fewest-candidates rule's here, and far fewer than plain
    // backtracking: the point of the race.
    let nodes: Vec<u64> = racers.iter().map(|r| r["nodes"].as_u64().unwrap()).collect();
    assert!(nodes[0] > nodes[2] && nodes[2] > nodes[1], "{nodes:?}");
}

#[tokio::test]
async fn the_daily_is_a_puzzle_too() {
    let state = state("learn-daily");
    let (status, race) = call(&state, "GET", "/api/learn/race?puzzle=daily", None).await;
    assert_eq!(status, StatusCode::OK, "{race}");
    let puzzle = Sudoku::from_line(race["puzzle"].as_str().unwrap()).unwrap();
    assert!(puzzle.clues() >= 17 && puzzle.layout().is_classic_9x9());
    let (status, page) = call(&state, "GET", "/api/learn/sudoku?puzzle=daily&engine=mrv&limit=5", None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["setup"]["puzzle"], race["puzzle"]);
    let (status, bad) = call(&state, "GET", "/api/learn/race?puzzle=daily&difficulty=impossible", None).await;
    assert_eq!((status, bad["field"].as_str()), (StatusCode::BAD_REQUEST, Some("difficulty")));
}

#[tokio::test]
async fn bad_parameters_are_named() {
    let state = state("learn-bad");
    let cases = [
        (format!("/api/learn/sudoku?puzzle={CLASSIC}&limit=0"), "limit"),
        (format!("/api/learn/sudoku?puzzle={CLASSIC}&limit=501"), "limit"),
        (format!("/api/learn/sudoku?puzzle={CLASSIC}&engine=dfs"), "engine"),
        (format!("/api/learn/sudoku?puzzle={CLASSIC}&engine=dlx1"), "engine"),
        (format!("/api/learn/sudoku?puzzle={CLASSIC}&to=start"), "to"),
        ("/api/learn/sudoku?puzzle=123".to_owned(), "puzzle"),
        ("/api/learn/sudoku".to_owned(), "puzzle"),
        (format!("/api/learn/race?puzzle=55{}", &CLASSIC[2..]), "puzzle"),
    ];
    for (uri, field) in cases {
        let (status, body) = call(&state, "GET", &uri, None).await;
        assert_eq!((status, body["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{uri}: {body}");
        assert!(body["error"].as_str().unwrap().starts_with(field), "{uri}: {body}");
    }
    let (_, clash) = call(&state, "GET", &format!("/api/learn/race?puzzle=55{}", &CLASSIC[2..]), None).await;
    assert!(clash["error"].as_str().unwrap().contains("r1c1 and r1c2 both hold 5 (row 1)"), "{clash}");
    let (status, _) = call(&state, "GET", "/api/learn/sudoku?puzzle=53&from=x", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_long_search_stays_within_its_bounds() {
    let state = state("learn-long");
    // Past 20,000 events: gave up, on steps.
    let uri = format!("/api/learn/sudoku?puzzle={AGAINST_BRUTE_FORCE}&engine=backtrack&from=19900&limit=500");
    let (status, page) = call(&state, "GET", &uri, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!((page["outcome"].as_str(), page["reason"].as_str()), (Some("gave_up"), Some("steps")));
    assert_eq!((page["events"].as_array().unwrap().len(), page["done"].as_bool()), (100, Some(false)));
    // The same for the whole trace of a 9x9 plain backtracking needs beyond 20,000 events.
    let uri = format!("/api/learn/sudoku?puzzle={CLASSIC}&engine=backtrack&from=19999&limit=10");
    let (_, page) = call(&state, "GET", &uri, None).await;
    assert_eq!((page["outcome"].as_str(), page["events"].as_array().unwrap().len()), (Some("gave_up"), 1));
    // To the end: plain backtracking runs out of nodes or time, the others finish, within the
    // request's two seconds (and some slack for a loaded machine).
    let start = Instant::now();
    let (status, race) =
        call(&state, "GET", &format!("/api/learn/race?puzzle={AGAINST_BRUTE_FORCE}"), None).await;
    assert!(start.elapsed() < Duration::from_secs(4), "{:?}", start.elapsed());
    assert_eq!(status, StatusCode::OK, "{race}");
    let backtrack = &race["racers"][0];
    assert_eq!(backtrack["outcome"], "gave_up");
    assert!(matches!(backtrack["reason"].as_str(), Some("nodes" | "time")), "{backtrack}");
    assert!(backtrack["nodes"].as_u64().unwrap() <= 2_000_000);
    assert_eq!(
        (race["racers"][1]["outcome"].as_str(), race["racers"][2]["outcome"].as_str()),
        (Some("solved"), Some("solved"))
    );
}
