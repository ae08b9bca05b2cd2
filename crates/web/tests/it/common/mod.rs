//! Helpers of the API tests: a state over a temporary SQLite file, one request through the
//! router (`oneshot`) or over a real listener, and the library's solutions of a game's puzzle.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera_web::{router, AppState, Config, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// A server on a free port of 127.0.0.1 (`Server::run_until`): its address, the sender that
/// stops it (used or dropped), and its task, which ends once it has stopped.
pub async fn serve(
    config: Config,
) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let server = tessera_web::Server::bind(config).await.unwrap();
    let addr = server.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        server
            .run_until(async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
    });
    (addr, stop, task)
}

/// A fresh database file in the temporary directory. A counter keeps the files apart when two
/// modules of the one test binary pick the same name.
pub fn temp_db(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("tessera-web-{}-{n}-{name}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// The tests' configuration. They solve in no time with the library's solution, so both floors
/// of a ranked time are off here (tests/it/honesty.rs and tests/it/records.rs test them on).
pub fn config(db: PathBuf) -> Config {
    Config {
        db,
        addr: ([127, 0, 0, 1], 0).into(),
        pool_target: 4,
        floor_ms_per_cell: 0,
        floor_percent: 0,
        ..Config::default()
    }
}

pub fn state(name: &str) -> AppState {
    let config = config(temp_db(name));
    let store = Store::open(&config.db).unwrap();
    AppState::new(store, config)
}

/// One request through the router: (status, JSON body).
pub async fn call(state: &AppState, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    request(state, Request::builder().method(method).uri(uri), body).await
}

/// [`call`] as the player `who` (their cookie).
pub async fn call_as(
    state: &AppState,
    who: &str,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let builder =
        Request::builder().method(method).uri(uri).header("cookie", format!("tessera_player={who}"));
    request(state, builder, body).await
}

async fn request(
    state: &AppState,
    mut request: axum::http::request::Builder,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let body = match body {
        Some(body) => {
            request = request.header("content-type", "application/json");
            Body::from(body.to_string())
        }
        None => Body::empty(),
    };
    let response = router(state.clone()).oneshot(request.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let value =
        serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({"raw": String::from_utf8_lossy(&bytes)}));
    (status, value)
}

pub fn cells(value: &Value) -> Vec<i32> {
    value.as_array().unwrap().iter().map(|v| v.as_i64().unwrap() as i32).collect()
}

pub fn sudoku_solution(game: &Value) -> Vec<i32> {
    let size = game["config"]["size"].as_u64().unwrap() as usize;
    let mut layout = Layout::classic(size).unwrap();
    if game["config"]["variant"] == "x" {
        layout = layout.with_diagonals();
    }
    let digits = cells(&game["puzzle"]).iter().map(|&v| v as u8).collect();
    let puzzle = Sudoku::from_digits(Arc::new(layout), digits).unwrap();
    let solution = sudoku::solve(&puzzle, &sudoku::Query::default()).unwrap().unwrap();
    solution.cells().iter().map(|&d| i32::from(d)).collect()
}

pub fn hidato_solution(game: &Value) -> Vec<i32> {
    let (w, h) = (
        game["config"]["width"].as_u64().unwrap() as usize,
        game["config"]["height"].as_u64().unwrap() as usize,
    );
    let adjacency =
        if game["config"]["adjacency"] == "numbrix" { Adjacency::Orthogonal } else { Adjacency::King };
    let puzzle = Hidato::new(w, h, cells(&game["puzzle"]), adjacency).unwrap();
    hidato::solve(&puzzle, &hidato::Query::default()).unwrap().unwrap().cells().to_vec()
}

/// A raw HTTP/1.1 request on a fresh connection: (status, JSON body).
pub async fn http(addr: std::net::SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text[9..12].parse().unwrap();
    let (_, body) = text.split_once("\r\n\r\n").unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

pub async fn new_sudoku(state: &AppState) -> Value {
    let (status, game) =
        call(state, "POST", "/api/games", Some(json!({"kind":"sudoku","size":4,"difficulty":"easy"}))).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game
}

/// One HTTP/1.1 request with extra header lines, on a fresh connection: (status, head, body).
pub async fn raw_request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> (u16, String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let extra: String = headers.iter().map(|h| format!("{h}\r\n")).collect();
    let text = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let end = response.windows(4).position(|w| w == b"\r\n\r\n").expect("a head") + 4;
    let head = String::from_utf8_lossy(&response[..end]).into_owned();
    let status = head[9..12].parse().unwrap();
    (status, head, response[end..].to_vec())
}

/// The value of header `name` in a response head (case-insensitive), if any.
pub fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(n, _)| n.trim().eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim())
}

/// [`raw_request`] answered as JSON (`null` when the body is not JSON).
pub async fn json_request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[&str],
    body: &str,
) -> (u16, String, Value) {
    let (status, head, body) = raw_request(addr, method, path, headers, body).await;
    (status, head, serde_json::from_slice(&body).unwrap_or(Value::Null))
}
