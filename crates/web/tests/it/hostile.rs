//! The server under hostile clients (issue 26): slow headers, too many connections, a flood of
//! analyses, a burst of writes, and the small refusals. Every test runs a real `Server` on
//! 127.0.0.1 and talks to it over real sockets.

use crate::common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tessera_web::{Config, Rate, RateLimit};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use common::{config, header, raw_request as request, temp_db};

/// A running server: its address, the sender that stops it, and its task.
struct Running {
    addr: SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

async fn serve(config: Config) -> Running {
    let (addr, stop, task) = common::serve(config).await;
    Running { addr, stop, task }
}

impl Running {
    async fn stop(self) {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(30), self.task).await.expect("stopped in time").unwrap();
    }
}

/// [`request`] with a JSON body (when not empty), answered as JSON.
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> (u16, String, Value) {
    let mut all = vec!["Content-Type: application/json"];
    all.extend_from_slice(headers);
    common::json_request(addr, method, path, if body.is_empty() { headers } else { &all }, body).await
}

/// The metrics page, as (name with labels, value) pairs; panics if a line is not Prometheus
/// text (see [`parse_metrics`]).
async fn metrics(addr: SocketAddr) -> Vec<(String, f64)> {
    let (status, head, body) = request(addr, "GET", "/metrics", &[], "").await;
    assert_eq!(status, 200, "{head}");
    assert!(header(&head, "content-type").unwrap().starts_with("text/plain; version=0.0.4"), "{head}");
    parse_metrics(&String::from_utf8(body).unwrap())
}

/// The value of the sample `name` (with its labels, as written), if there is one.
fn sample(samples: &[(String, f64)], name: &str) -> Option<f64> {
    samples.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
}

/// Prometheus's text exposition format, strictly: `# HELP name text` and `# TYPE name kind`
/// lines, then samples `name{label="value",...} number` whose name has a TYPE above (a
/// histogram's or summary's suffixes aside, which this server does not use).
fn parse_metrics(text: &str) -> Vec<(String, f64)> {
    let is_name = |s: &str| {
        !s.is_empty()
            && s.chars().enumerate().all(|(i, c)| {
                c.is_ascii_alphabetic() || c == '_' || c == ':' || (i > 0 && c.is_ascii_digit())
            })
    };
    let mut typed = std::collections::HashMap::new();
    let mut samples = Vec::new();
    for line in text.lines() {
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("# ") {
            let mut words = rest.splitn(3, ' ');
            let (what, name, tail) =
                (words.next().unwrap(), words.next().unwrap(), words.next().unwrap_or(""));
            assert!(is_name(name), "{line}");
            match what {
                "TYPE" => {
                    assert!(
                        ["counter", "gauge", "histogram", "summary", "untyped"].contains(&tail),
                        "{line}"
                    );
                    assert!(typed.insert(name.to_owned(), tail.to_owned()).is_none(), "TYPE twice: {line}");
                }
                "HELP" => assert!(!tail.is_empty(), "{line}"),
                _ => panic!("an unknown comment: {line}"),
            }
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("not a number: {line}"));
        let name = series.split('{').next().unwrap();
        assert!(is_name(name), "{line}");
        assert!(typed.contains_key(name), "a sample before its TYPE: {line}");
        if let Some(labels) = series.strip_prefix(name).filter(|l| !l.is_empty()) {
            let inner = labels
                .strip_prefix('{')
                .and_then(|l| l.strip_suffix('}'))
                .unwrap_or_else(|| panic!("{line}"));
            // label="value" pairs, values with \\, \" and \n escaped.
            let mut rest = inner;
            while !rest.is_empty() {
                let (label, after) = rest.split_once("=\"").unwrap_or_else(|| panic!("{line}"));
                assert!(is_name(label), "{line}");
                let mut chars = after.char_indices();
                let end = loop {
                    match chars.next() {
                        Some((_, '\\')) => {
                            assert!(matches!(chars.next(), Some((_, '\\' | '"' | 'n'))), "{line}");
                        }
                        Some((i, '"')) => break i,
                        Some(_) => {}
                        None => panic!("an unterminated label: {line}"),
                    }
                };
                rest = after[end + 1..].strip_prefix(',').unwrap_or(&after[end + 1..]);
            }
        }
        assert!(value >= 0.0, "{line}");
        samples.push((series.to_owned(), value));
    }
    samples
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_are_cut_off_while_others_are_served() {
    let header_timeout = Duration::from_secs(2);
    let server = serve(Config { header_timeout, ..config(temp_db("slowloris")) }).await;
    let addr = server.addr;
    // 1,000 connections that send half a header and stop.
    let mut slow = Vec::new();
    for _ in 0..1000 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: slow\r\nX-Wait: ").await.unwrap();
        slow.push(stream);
    }
    let opened = Instant::now();
    // A normal request still answers at once.
    for _ in 0..5 {
        let started = Instant::now();
        let (status, _, _) = call(addr, "GET", "/api/health", &[], "").await;
        let took = started.elapsed();
        assert_eq!(status, 200);
        assert!(took < Duration::from_millis(100), "a normal request took {took:?} beside 1,000 slow ones");
    }
    let open = sample(&metrics(addr).await, "tessera_connections_open").unwrap();
    assert!(open >= 1000.0, "{open} connections open");
    // Every slow one is closed by the server within its header timeout (and a margin).
    let reads = slow.into_iter().map(|mut stream| {
        tokio::spawn(async move {
            let mut rest = Vec::new();
            tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut rest)).await.is_ok()
        })
    });
    for read in reads.collect::<Vec<_>>() {
        assert!(read.await.unwrap(), "a slow connection was still open after 30 s");
    }
    let closed = opened.elapsed();
    assert!(closed < header_timeout + Duration::from_secs(5), "closed after {closed:?}");
    let samples = metrics(addr).await;
    assert!(sample(&samples, "tessera_connections_header_timeouts_total").unwrap() >= 1000.0);
    assert!(sample(&samples, "tessera_connections_open").unwrap() <= 2.0, "{samples:?}");

    // A kept-alive connection idle past the timeout is closed too.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await.unwrap();
    let mut buffer = vec![0u8; 4096];
    let n = idle.read(&mut buffer).await.unwrap();
    assert!(String::from_utf8_lossy(&buffer[..n]).starts_with("HTTP/1.1 200"));
    let started = Instant::now();
    let rest = tokio::time::timeout(Duration::from_secs(30), idle.read(&mut buffer)).await.expect("closed");
    assert_eq!(rest.unwrap_or(0), 0, "nothing more, then the end");
    assert!(started.elapsed() < header_timeout + Duration::from_secs(3));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_cap_a_connection_is_closed_at_once() {
    let server = serve(Config { max_connections: 40, ..config(temp_db("cap")) }).await;
    let addr = server.addr;
    let mut held = Vec::new();
    for _ in 0..40 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The 41st: closed without an answer, at once.
    let mut extra = TcpStream::connect(addr).await.unwrap();
    let _ = extra.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes()).await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(2), extra.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection past the cap was not closed");
    assert!(!String::from_utf8_lossy(&answer).contains("200 OK"), "served past the cap");
    // Once some close, new ones are served again.
    held.truncate(30);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let samples = metrics(addr).await;
    assert!(sample(&samples, "tessera_connections_refused_total").unwrap() >= 1.0, "{samples:?}");
    assert_eq!(sample(&samples, "tessera_connections_max"), Some(40.0));
    drop(held);
    server.stop().await;
}

/// An analysis that costs the server some 0.4 s of CPU (a count then a solve; measured with the
/// test profile): a 30x30 Hidato with 1 and 900 side by side, whose path search once exploded.
fn costly() -> String {
    let side = 30;
    let mut rows = vec![vec!["0".to_owned(); side]; side];
    rows[0][0] = "1".to_owned();
    rows[0][1] = (side * side).to_string();
    let text = format!("{side}x{side}:{}", rows.iter().map(|r| r.join(",")).collect::<Vec<_>>().join("/"));
    json!({"kind": "hidato", "puzzle": text}).to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_flood_gets_429_and_503_and_never_starves_a_hint() {
    // The flood comes from 16 addresses (through a trusted proxy, as X-Forwarded-For), so that
    // the CPU slots, not only the rate limit, are tested.
    // The CPU bucket is wide here, so that the flood reaches the CPU slots (the second part
    // below tests the bucket).
    let limit = RateLimit {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        cpu: Rate { burst: 4, per_minute: 12 },
        ..RateLimit::default()
    };
    let cfg = Config {
        rate_limit: Some(limit),
        solve_budget: Duration::from_millis(300),
        heavy_jobs: 1,
        ..config(temp_db("flood"))
    };
    let server = serve(cfg).await;
    let addr = server.addr;
    let (status, _, game) =
        call(addr, "POST", "/api/games", &[], r#"{"kind":"sudoku","size":9,"difficulty":"medium"}"#).await;
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let grid = json!({"cells": game["puzzle"]}).to_string();
    let body = costly();
    let until = Instant::now() + Duration::from_secs(10);
    let flood: Vec<_> = (0..16)
        .map(|i| {
            let body = body.clone();
            tokio::spawn(async move {
                let forwarded = format!("X-Forwarded-For: 10.0.0.{}", i + 1);
                let mut seen = Vec::new();
                while Instant::now() < until {
                    let (status, head, answer) =
                        call(addr, "POST", "/api/puzzles/analyze", &[&forwarded], &body).await;
                    if matches!(status, 429 | 503) {
                        assert!(header(&head, "retry-after").is_some(), "{head}");
                    }
                    assert!(answer["error"].is_string() || status == 200, "{status} {answer}");
                    seen.push(status);
                }
                seen
            })
        })
        .collect();
    // Another player asks for hints all along.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut worst = Duration::ZERO;
    let mut hints = 0;
    while Instant::now() + Duration::from_millis(500) < until {
        let started = Instant::now();
        let (status, _, hint) =
            call(addr, "POST", &format!("/api/games/{id}/hint"), &["X-Forwarded-For: 10.9.9.9"], &grid).await;
        assert_eq!(status, 200, "{hint}");
        worst = worst.max(started.elapsed());
        hints += 1;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut statuses = Vec::new();
    for task in flood {
        statuses.extend(task.await.unwrap());
    }
    let count = |s: u16| statuses.iter().filter(|&&x| x == s).count();
    eprintln!(
        "flood: {} requests: {} x 422 (gave up), {} x 429, {} x 503, {} x 200; {hints} hints, the slowest {worst:?} (load average {})",
        statuses.len(),
        count(422),
        count(429),
        count(503),
        count(200),
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
    );
    assert!(statuses.iter().all(|s| [200, 422, 429, 503].contains(s)), "{statuses:?}");
    // The rate limit always answers part of the flood; whether the rest gives up (422) or waits
    // too long for a slot (503) depends on the machine's speed and cores (on a quiet two-core
    // machine every analysis finished within its budget): both are allowed above, not required.
    assert!(count(429) > 0, "no 429 in {} requests", statuses.len());
    // The bar is ~100 ms on a quiet machine; this one is shared by the build of others.
    assert!(worst < Duration::from_millis(300), "a hint took {worst:?} during the flood");
    let samples = metrics(addr).await;
    assert!(sample(&samples, "tessera_rate_limited_total{class=\"cpu\"}").unwrap() >= count(429) as f64);
    assert!(sample(&samples, "tessera_cpu_jobs_busy_total{lane=\"heavy\"}").unwrap() >= count(503) as f64);
    assert_eq!(sample(&samples, "tessera_cpu_jobs_busy_total{lane=\"light\"}"), Some(0.0));
    server.stop().await;

    // From one address without a proxy, the rate limit alone stops it.
    let server =
        serve(Config { solve_budget: Duration::from_millis(200), ..config(temp_db("flood-one")) }).await;
    let mut statuses = Vec::new();
    for _ in 0..10 {
        let (status, head, _) = call(server.addr, "POST", "/api/puzzles/analyze", &[], &body).await;
        if status == 429 {
            assert!(header(&head, "retry-after").is_some_and(|s| s.parse::<u64>().is_ok()), "{head}");
        }
        statuses.push(status);
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 10 - 6, "a burst of 6: {statuses:?}");
    server.stop().await;
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_prometheus_text_for_the_operator_only() {
    let limit = RateLimit {
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        new_games: Rate { burst: 1, per_minute: 1 },
        ..RateLimit::default()
    };
    let server = serve(Config { rate_limit: Some(limit), ..config(temp_db("metrics")) }).await;
    let addr = server.addr;
    for _ in 0..2 {
        call(addr, "POST", "/api/games", &[], r#"{"kind":"sudoku","size":4,"difficulty":"easy"}"#).await;
    }
    call(addr, "GET", "/api/nothing", &[], "").await;
    let samples = metrics(addr).await;
    for name in [
        "tessera_http_requests_total{status=\"201\"}",
        "tessera_http_requests_total{status=\"404\"}",
        "tessera_http_requests_total{status=\"429\"}",
        "tessera_rate_limited_total{class=\"new_game\"}",
        "tessera_connections_open",
        "tessera_connections_max",
        "tessera_cpu_jobs_running{lane=\"heavy\"}",
        "tessera_cpu_jobs_slots{lane=\"light\"}",
        "tessera_wal_bytes",
        "tessera_db_bytes",
        "tessera_pool_target",
        "tessera_pool_ready{kind=\"sudoku\",config=\"4x4 classic\",difficulty=\"easy\"}",
    ] {
        assert!(sample(&samples, name).is_some(), "{name} missing: {samples:?}");
    }
    assert_eq!(sample(&samples, "tessera_rate_limited_total{class=\"new_game\"}"), Some(1.0));
    // A client elsewhere (as a trusted proxy says) is refused.
    let (status, _, err) = call(addr, "GET", "/metrics", &["X-Forwarded-For: 203.0.113.7"], "").await;
    assert_eq!(status, 403, "{err}");
    server.stop().await;

    // With a token, the token and nothing else.
    let token = "s3cret-token";
    let server =
        serve(Config { metrics_token: Some(token.into()), ..config(temp_db("metrics-token")) }).await;
    let (status, _, _) = call(server.addr, "GET", "/metrics", &[], "").await;
    assert_eq!(status, 403, "loopback without the token");
    let (status, _, _) =
        call(server.addr, "GET", "/metrics", &["Authorization: Bearer s3cret-tokem"], "").await;
    assert_eq!(status, 403, "a wrong token");
    let (status, _, body) =
        request(server.addr, "GET", "/metrics", &[&format!("Authorization: Bearer {token}")], "").await;
    assert_eq!(status, 200);
    parse_metrics(&String::from_utf8(body).unwrap());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_refusals_say_what_is_wrong_and_bodies_are_compressed() {
    let server = serve(config(temp_db("small"))).await;
    let addr = server.addr;
    // POST / is not a page.
    let (status, head, err) = call(addr, "POST", "/", &[], "{}").await;
    assert_eq!(status, 405, "{head}");
    assert_eq!(header(&head, "allow"), Some("GET, HEAD"), "{head}");
    assert!(err["error"].as_str().unwrap().contains("GET, HEAD"), "{err}");
    let (status, head, _) = call(addr, "DELETE", "/api/health", &[], "").await;
    assert_eq!(status, 405, "{head}");
    assert!(header(&head, "allow").is_some_and(|a| a.contains("GET")), "{head}");
    let (status, _, _) = request(addr, "HEAD", "/", &[], "").await;
    assert_eq!(status, 200);
    // A long id or path is not echoed whole.
    let long = "a".repeat(5000);
    for path in [format!("/api/games/{long}"), format!("/{long}")] {
        let (status, _, err) = call(addr, "GET", &path, &[], "").await;
        assert_eq!(status, 404, "{err}");
        let message = err["error"].as_str().unwrap();
        assert!(message.len() < 200 && message.contains(" characters)"), "{message}");
    }
    // A number that is not one names its key.
    for (query, field) in [("size=-1", "size"), ("size=nine", "size"), ("kind=hidato&width=-7", "width")] {
        let (status, _, err) =
            call(addr, "GET", &format!("/api/records?{query}&difficulty=easy"), &[], "").await;
        assert_eq!((status, err["field"].as_str()), (400, Some(field)), "{query}: {err}");
        assert!(err["error"].as_str().unwrap().contains("whole number"), "{err}");
    }
    // Compressed when asked, as asked; plain otherwise.
    let (_, _, plain) = request(addr, "GET", "/app.js", &[], "").await;
    for encoding in ["gzip", "br"] {
        for path in ["/app.js", "/", "/api/options"] {
            let (status, head, body) =
                request(addr, "GET", path, &[&format!("Accept-Encoding: {encoding}")], "").await;
            assert_eq!(status, 200, "{path}");
            assert_eq!(header(&head, "content-encoding"), Some(encoding), "{path}: {head}");
            if path == "/app.js" {
                assert!(body.len() * 2 < plain.len(), "{encoding}: {} bytes of {}", body.len(), plain.len());
            }
        }
    }
    let (_, head, _) = request(addr, "GET", "/app.js", &[], "").await;
    assert_eq!(header(&head, "content-encoding"), None);
    // The API's writes are small JSON on the hot path: never wrapped by the compression layer.
    let new_game = r#"{"kind":"sudoku","size":4,"difficulty":"easy"}"#;
    let json = "Content-Type: application/json";
    let (status, head, _) =
        request(addr, "POST", "/api/games", &[json, "Accept-Encoding: gzip, br"], new_game).await;
    assert_eq!(status, 201, "{head}");
    assert_eq!(header(&head, "content-encoding"), None, "{head}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_flight_finishes_after_the_stop_signal() {
    let server =
        serve(Config { solve_budget: Duration::from_millis(800), ..config(temp_db("graceful")) }).await;
    let addr = server.addr;
    let body = costly();
    let slow = tokio::spawn(async move { call(addr, "POST", "/api/puzzles/analyze", &[], &body).await });
    tokio::time::sleep(Duration::from_millis(200)).await;
    server.stop().await;
    let (status, _, answer) = slow.await.unwrap();
    assert_eq!(status, 200, "answered, not cut: {answer}");
    assert!(answer["solution"].is_array(), "{answer}");
    assert!(TcpStream::connect(addr).await.is_err(), "still listening");
}
