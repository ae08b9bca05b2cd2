//! The bar of issue 30's Sudoku race: the three node counts of `GET /api/learn/race` for a
//! puzzle equal what `tessera sudoku solve --engine E --stats` prints for the same puzzle and
//! engines (the real binary, and the web router of `tessera-web` driven in process).

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{assert_status, stderr, tessera_with_stdin};
use tower::ServiceExt;

const PUZZLES: [&str; 3] = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    // The fourth of magictour's top 1465 (hard for people; about 10,000 nodes of plain backtracking).
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    "..26.....3.2..3..5.5......1..3..61..",
];

async fn race(puzzle: &str) -> serde_json::Value {
    let db = std::env::temp_dir().join(format!("tessera-learn-race-{}.db", std::process::id()));
    let config =
        tessera_web::Config { db: db.clone(), addr: ([127, 0, 0, 1], 0).into(), ..Default::default() };
    let state = tessera_web::AppState::new(tessera_web::Store::open(&config.db).unwrap(), config);
    let request = Request::get(format!("/api/learn/race?puzzle={puzzle}")).body(Body::empty()).unwrap();
    let response = tessera_web::router(state).oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn the_race_counts_equal_the_cli() {
    for puzzle in PUZZLES {
        let race = race(puzzle).await;
        let racers = race["racers"].as_array().unwrap();
        assert_eq!(racers.len(), 3);
        for racer in racers {
            let engine = racer["engine"].as_str().unwrap();
            assert_eq!(racer["outcome"], "solved", "{engine} on {puzzle}: {racer}");
            let output =
                tessera_with_stdin(&["sudoku", "solve", "--engine", engine, "--stats"], puzzle.as_bytes());
            assert_status(&output, 0);
            let stats = stderr(&output);
            let nodes = stats.split_whitespace().find_map(|w| w.strip_prefix("nodes=")).unwrap();
            assert_eq!(
                racer["nodes"].as_u64(),
                Some(nodes.parse().unwrap()),
                "{engine} on {puzzle}: {stats}"
            );
            assert_eq!(racer["solution"].as_str().unwrap(), common::stdout(&output).trim(), "{engine}");
        }
        let engines: Vec<&str> = racers.iter().map(|r| r["engine"].as_str().unwrap()).collect();
        assert_eq!(engines, ["backtrack", "mrv", "dlx1"]);
    }
}
