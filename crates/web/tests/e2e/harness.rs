//! The harness: chromedriver on a free port, a raw HTTP client, and what every scenario gets
//! (the server's address, a fresh browser session, screenshots, bugs worked around).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{anyhow, ensure, Context, Result};
use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How long to wait for the page to show something.
pub const WAIT: Duration = Duration::from_secs(10);

/// `chromedriver` on a free port, killed when dropped.
pub struct Driver {
    pub child: Child,
    pub url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

/// Starts chromedriver and waits until its `/status` says it is ready.
pub async fn start_driver(binary: &Path, log: &Path) -> Result<Driver> {
    let port = free_port()?;
    let log_file = std::fs::File::create(log)?;
    let child = Command::new(binary)
        .arg(format!("--port={port}"))
        .arg("--log-level=WARNING")
        .stdin(Stdio::null())
        .stdout(log_file.try_clone()?)
        .stderr(log_file)
        .spawn()
        .with_context(|| format!("starting {}", binary.display()))?;
    let driver = Driver { child, url: format!("http://127.0.0.1:{port}") };
    let addr: SocketAddr = ([127, 0, 0, 1], port).into();
    let started = Instant::now();
    loop {
        if let Ok((200, status)) = http(addr, "GET", "/status", None).await {
            if status["value"]["ready"] == true {
                return Ok(driver);
            }
        }
        ensure!(started.elapsed() < WAIT, "chromedriver did not answer on port {port} within {WAIT:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A raw HTTP/1.1 request on a fresh connection: (status, JSON body or null).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> Result<(u16, Value)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await?;
    // Read the head, then Content-Length bytes (chromedriver keeps the connection open).
    let mut response = Vec::new();
    let mut chunk = [0u8; 8192];
    let read = async {
        loop {
            if let Some(end) = response.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&response[..end]).to_ascii_lowercase();
                let length = head
                    .lines()
                    .find_map(|line| line.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse::<usize>().ok());
                if length.is_some_and(|length| response.len() >= end + 4 + length) {
                    return Ok::<(), anyhow::Error>(());
                }
            }
            let n = stream.read(&mut chunk).await?;
            if n == 0 {
                return Ok(());
            }
            response.extend_from_slice(&chunk[..n]);
        }
    };
    tokio::time::timeout(WAIT, read)
        .await
        .map_err(|_| anyhow!("{method} {path}: no answer in {WAIT:?}"))??;
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.get(9..12).ok_or_else(|| anyhow!("no HTTP status in {text:?}"))?.parse()?;
    let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    Ok((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// What every scenario gets.
pub struct Harness {
    pub driver: Driver,
    pub chromium: PathBuf,
    /// The server's address.
    pub addr: SocketAddr,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub shots: PathBuf,
    /// Bugs found on the way that a scenario worked around to go on: each fails the test.
    pub bugs: std::sync::Mutex<Vec<String>>,
}

impl Harness {
    /// Notes a bug that the scenario works around (the test fails at the end).
    pub fn bug(&self, text: String) {
        println!("    BUG: {text}");
        if let Ok(mut bugs) = self.bugs.lock() {
            bugs.push(text);
        }
    }

    /// A fresh browser session: headless Chromium with its own temporary profile.
    pub async fn browser(&self) -> Result<Client> {
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("chrome"));
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": self.chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                         "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check"],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&self.driver.url)
            .await
            .context("opening a Chromium session through chromedriver")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn api(&self, method: &str, path: &str, body: Option<Value>) -> Result<(u16, Value)> {
        http(self.addr, method, path, body).await
    }

    /// Ends a scenario started at `started` in `client`'s session: prints "ok" or "FAILED" with
    /// its time, screenshots a failure as `FAILED-NAME.png`, closes the session and returns the
    /// failure.
    pub async fn conclude(
        &self,
        name: &str,
        started: Instant,
        client: Client,
        result: Result<()>,
    ) -> Option<String> {
        let failure = match result {
            Ok(()) => {
                println!("  ok     {name} ({:.1} s)", started.elapsed().as_secs_f64());
                None
            }
            Err(err) => {
                let _ = self.shot(&client, &format!("FAILED-{name}")).await;
                println!("  FAILED {name} ({:.1} s): {err:#}", started.elapsed().as_secs_f64());
                Some(format!("{name}: {err:#}"))
            }
        };
        let _ = client.close().await;
        failure
    }

    /// Saves a screenshot of the page as `NAME.png` and returns its path.
    pub async fn shot(&self, c: &Client, name: &str) -> Result<PathBuf> {
        let png = c.screenshot().await?;
        ensure!(png.starts_with(b"\x89PNG"), "the screenshot {name} is not a PNG");
        let path = self.shots.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        println!("    screenshot {}", path.display());
        Ok(path)
    }
}
