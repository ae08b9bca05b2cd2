//! The WAL stays bounded under writes and empties at rest.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_stays_bounded_under_writes_and_empties_at_rest() {
    let db = temp_db("wal");
    let limit = 1 << 20;
    let server = serve(Config { rate_limit: None, wal_limit: limit, ..config(db.clone()) }).await;
    let addr = server.addr;
    let wal = std::path::PathBuf::from(format!("{}-wal", db.display()));
    let size = |path: &std::path::Path| std::fs::metadata(path).map_or(0, |m| m.len());
    // 32 games (the pool of 4x4 refills as they are taken), then each paused and resumed in a
    // loop: every request is a write.
    let mut ids = Vec::new();
    while ids.len() < 32 {
        let (status, _, game) =
            call(addr, "POST", "/api/games", &[], r#"{"kind":"sudoku","size":4,"difficulty":"easy"}"#).await;
        match status {
            201 => ids.push(game["id"].as_str().unwrap().to_owned()),
            503 => tokio::time::sleep(Duration::from_millis(100)).await,
            _ => panic!("{status} {game}"),
        }
    }
    let until = Instant::now() + Duration::from_secs(4);
    let writers: Vec<_> = ids
        .into_iter()
        .map(|id| {
            tokio::spawn(async move {
                let mut made = 0u32;
                while Instant::now() < until {
                    for action in ["pause", "resume"] {
                        let (status, _, answer) =
                            call(addr, "POST", &format!("/api/games/{id}/{action}"), &[], "").await;
                        assert_eq!(status, 200, "{answer}");
                        made += 1;
                    }
                }
                made
            })
        })
        .collect();
    let mut largest = 0;
    while Instant::now() < until {
        largest = largest.max(size(&wal));
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut made = 0;
    for writer in writers {
        made += writer.await.unwrap();
    }
    eprintln!("{made} writes in 4 s; the WAL at most {largest} bytes (limit {limit})");
    assert!(made > 1000, "only {made} writes were made");
    assert!(largest <= 3 * limit, "the WAL reached {largest} bytes with a limit of {limit}");
    // At rest it is emptied within a few seconds.
    let rested = Instant::now();
    while size(&wal) > 0 && rested.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(size(&wal), 0, "the WAL is not emptied at rest");
    let samples = metrics(addr).await;
    assert!(sample(&samples, "tessera_wal_checkpoints_total{mode=\"truncate\"}").unwrap() >= 1.0);
    assert_eq!(sample(&samples, "tessera_wal_bytes"), Some(0.0));
    assert!(sample(&samples, "tessera_db_bytes").unwrap() > 0.0);
    server.stop().await;
}
