//! The server under hostile clients (issue 26): slow headers, too many connections, a flood of
//! analyses, a burst of writes, and the small refusals. Every test runs a real `Server` on
//! 127.0.0.1 and talks to it over real sockets.
//!
//! Its own binary, apart from `tests/it`: its budgets and bounds are timed (the WAL's size under
//! a burst of writes, an analysis within its budget), and beside the other tests on two cores
//! they were not what the server meets alone.

#[allow(dead_code, reason = "the hostile tests use part of the API tests' helpers")]
#[path = "../it/common/mod.rs"]
mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tessera_web::{Config, Rate, RateLimit};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use common::{config, header, raw_request as request, temp_db};

mod connections;
mod flood;
mod metrics;
mod refusals;
mod shutdown;

mod wal;

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
