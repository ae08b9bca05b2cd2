//! The store's own guarantees, through its crate-private API: a committed write survives a
//! kill, results cannot be deleted, and migrations run once.

use std::path::PathBuf;

use super::{Caps, GameRow, PuzzleRow, Store, Write, Written};
use crate::game::{Source, Status};
use crate::model::Kind;

/// A fresh database file in the temporary directory.
fn temp_db(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tessera-web-unit-{}-{name}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_committed_result_survives_a_kill() {
    let db = temp_db("durable");
    let store = Store::open(&db).unwrap();
    let Written::Id(puzzle_id) = store
        .write(Write::InsertPuzzle(PuzzleRow {
            id: 0,
            kind: Kind::parse("sudoku").unwrap(),
            config: "4x4 classic".into(),
            difficulty: "easy".into(),
            puzzle: "0".repeat(16).chars().map(String::from).collect::<Vec<_>>().join(","),
            solution: "1".repeat(16).chars().map(String::from).collect::<Vec<_>>().join(","),
        }))
        .await
        .unwrap()
    else {
        panic!("no id")
    };
    let mut game = GameRow {
        puzzle_id: Some(puzzle_id),
        difficulty: Some("easy".into()),
        ..GameRow::started(
            "durable0123456789abcd".into(),
            Source::Pool,
            Kind::parse("sudoku").unwrap(),
            "4x4 classic".into(),
            1_000,
        )
    };
    store.write(Write::InsertGame(game.clone())).await.unwrap();
    game.status = Status::Solved;
    game.finished_at = Some(61_000);
    game.ms = Some(60_000);
    let placed = store
        .write(Write::Solve { row: game, ranked: true, addr: None, caps: Caps::default() })
        .await
        .unwrap();
    assert!(matches!(placed, Written::Placed(Some(p)) if p.place == 1 && p.of == 1), "{placed:?}");
    // No shutdown: the store is leaked as a killed process would leave it.
    std::mem::forget(store);
    let reopened = Store::open(&db).unwrap();
    let ms: i64 = reopened.read(|c| c.query_row("SELECT ms FROM results", [], |r| r.get(0))).await.unwrap();
    assert_eq!(ms, 60_000);
    let deleted = reopened.read(|c| c.execute("DELETE FROM results", [])).await;
    assert!(deleted.is_err(), "read connections cannot delete");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enums_are_stored_as_their_names() {
    let db = temp_db("names");
    let store = Store::open(&db).unwrap();
    let game = GameRow {
        puzzle: "1,0,-1,0,0,5".into(),
        solution: "1,4,-1,2,3,5".into(),
        paused_at: Some(2_000),
        status: Status::Paused,
        ..GameRow::started(
            "names0123456789abcdef".into(),
            Source::Pasted,
            Kind::parse("hidato").unwrap(),
            "3x2 hidato".into(),
            1_000,
        )
    };
    store.write(Write::InsertGame(game.clone())).await.unwrap();
    let text: (String, String, String) = store
        .read(|c| {
            c.query_row("SELECT kind, status, source FROM games", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
        })
        .await
        .unwrap();
    assert_eq!(text, ("hidato".to_owned(), "paused".to_owned(), "pasted".to_owned()));
    assert_eq!(store.game(game.id.clone()).await.unwrap(), Some(game));
}

#[test]
fn migrations_run_once() {
    let db = temp_db("migrations");
    drop(Store::open(&db).unwrap());
    drop(Store::open(&db).unwrap());
    let conn = rusqlite::Connection::open(&db).unwrap();
    let versions: Vec<i64> = conn
        .prepare("SELECT version FROM schema_migrations ORDER BY version")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert_eq!(versions, [1, 2, 3, 4, 5]);
}

#[tokio::test]
async fn a_database_of_version_1_keeps_its_games_and_results() {
    let db = temp_db("from-v1");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(include_str!("../../migrations/0001_initial.sql")).unwrap();
        conn.execute_batch(
            "CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY);
             INSERT INTO schema_migrations VALUES (1);
             INSERT INTO games(id, source, kind, config, difficulty, puzzle, solution, started_at, paused_at,
                status, finished_at, ms)
             VALUES ('old', 'pool', 'sudoku', '4x4 classic', 'easy', '', '', 1000, NULL, 'solved', 9000, 8000),
                    ('idle', 'pool', 'sudoku', '4x4 classic', 'easy', '', '', 1000, 5000, 'paused', NULL, NULL);
             INSERT INTO results(game_id, kind, config, difficulty, ms, assisted, finished_at)
             VALUES ('old', 'sudoku', '4x4 classic', 'easy', 8000, 0, 9000);",
        )
        .unwrap();
    }
    let store = Store::open(&db).unwrap();
    let old = store.game("old".into()).await.unwrap().unwrap();
    assert_eq!((old.ms, old.player.as_deref(), old.touched_at), (Some(8000), None, 9000));
    assert_eq!(old.daily, None, "an old game plays no daily");
    let idle = store.game("idle".into()).await.unwrap().unwrap();
    assert_eq!(idle.touched_at, 5000, "the last change: its pause");
    let ranked: Vec<(String, bool)> = store
        .read(|conn| {
            conn.prepare("SELECT game_id, ranked FROM results")?
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect()
        })
        .await
        .unwrap();
    assert_eq!(ranked, [("old".to_owned(), true)], "an old result stays ranked");
}

/// The writer's in-memory ranks answer what counting the table answers: over two configurations,
/// with ties, unranked results, a game solved twice, and a reopened store that must read the
/// times already stored before adding new ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn places_match_counting_the_results_table() {
    let db = temp_db("places");
    let game = |n: u64, config: &str, ms: i64, daily: Option<String>| GameRow {
        difficulty: Some("easy".into()),
        status: Status::Solved,
        finished_at: Some(ms),
        ms: Some(ms),
        touched_at: ms,
        daily,
        ..GameRow::started(
            format!("place{n:017}"),
            Source::Pool,
            Kind::parse("sudoku").unwrap(),
            config.into(),
            0,
        )
    };
    let mut n = 0u64;
    for round in 0..2 {
        let store = Store::open(&db).unwrap();
        for step in 0..120u64 {
            n += 1;
            let config = if step % 3 == 0 { "4x4 classic" } else { "9x9 classic" };
            let ms = ((n * 7919) % 50) as i64 * 1000; // ties on purpose
            let ranked = step % 5 != 4;
            // Some are daily results: they rank among their day's only, never in the ordinary ranking.
            let daily = (step % 7 == 3).then(|| format!("2026-11-2{}", step % 2));
            let row = game(n, config, ms, daily.clone());
            store.write(Write::InsertGame(GameRow { status: Status::Playing, ..row.clone() })).await.unwrap();
            let placed = store
                .write(Write::Solve { row: row.clone(), ranked, addr: None, caps: Caps::default() })
                .await
                .unwrap();
            let (config, expected) = (config.to_owned(), ranked);
            let (better, of): (i64, i64) = store
                .read(move |c| {
                    c.query_row(
                        "SELECT COALESCE(SUM(ms < ?2), 0), COUNT(*) FROM results
                         WHERE config = ?1 AND ranked = 1 AND daily IS ?3",
                        rusqlite::params![config, ms, daily],
                        |r| Ok((r.get(0)?, r.get(1)?)),
                    )
                })
                .await
                .unwrap();
            let want = expected.then_some((better as u64 + 1, of as u64));
            let got = match placed {
                Written::Placed(place) => place.map(|p| (p.place, p.of)),
                other => panic!("{other:?}"),
            };
            assert_eq!(got, want, "round {round}, game {n}");
            if step == 60 {
                // Solving the same game again stores nothing new and counts it once.
                let again = store
                    .write(Write::Solve { row, ranked, addr: None, caps: Caps::default() })
                    .await
                    .unwrap();
                assert_eq!(again, Written::Placed(want.map(|(place, of)| super::Place { place, of })));
            }
        }
    }
}

/// An expiry deletes at most its limit, only games in play, and only those idle long enough.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expiry_deletes_a_slice_of_idle_games_in_play() {
    let db = temp_db("expire");
    let store = Store::open(&db).unwrap();
    for (n, (status, touched_at)) in [
        (Status::Playing, 10),
        (Status::Paused, 20),
        (Status::Playing, 30),
        (Status::Quit, 5),
        (Status::Playing, 500),
    ]
    .into_iter()
    .enumerate()
    {
        let row = GameRow {
            status,
            touched_at,
            ..GameRow::started(
                format!("expire{n:016}"),
                Source::Pasted,
                Kind::parse("sudoku").unwrap(),
                "4x4 classic".into(),
                0,
            )
        };
        store.write(Write::InsertGame(row)).await.unwrap();
    }
    let mut slices = Vec::new();
    loop {
        let Written::Expired(ids) = store.write(Write::Expire { before: 100, limit: 2 }).await.unwrap()
        else {
            panic!("not an expiry")
        };
        slices.push(ids.len());
        if ids.len() < 2 {
            break;
        }
    }
    assert_eq!(slices, [2, 1]);
    let left: i64 =
        store.read(|c| c.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))).await.unwrap();
    assert_eq!(left, 2, "the quit game and the recent one stay");
}
