//! End-to-end tests of the web game in real headless Chromium, driven over WebDriver
//! (fantoccini) through Debian's `chromedriver`.
//!
//! One test starts the server in-process on 127.0.0.1:0 over a temporary SQLite file, starts
//! `chromedriver` on a free port, and plays the scenarios one after another, each in a fresh
//! browser session (so a fresh profile and `localStorage`):
//!
//! - (a) Sudoku 4x4: a digit that repeats a given of its row is marked as a conflict (class and
//!   `aria-label`), Undo removes it, the rest is filled with the library's solution, the solved
//!   dialog shows the time and place, and the record is on `/records` and `GET /api/records`;
//! - (b) keyboard only: Tab into the grid, arrows, Home/End, a digit, Backspace;
//! - (c) Pause hides the board and stops the timer; Resume;
//! - (d) a reload keeps the game and the digits typed;
//! - (e) Hidato 5x5 finished with the library's solution, dialog shown.
//!
//! Screenshots go to `$TESSERA_E2E_SHOTS`, else `<target>/tmp/tessera-e2e/` (their paths are
//! printed; run with `--nocapture` to see them).
//!
//! Without `/usr/bin/chromium` or `/usr/bin/chromedriver` the test prints "SKIPPED" and passes,
//! unless `TESSERA_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs both): then it fails.
//! `TESSERA_CHROMIUM` and `TESSERA_CHROMEDRIVER` override the two paths.

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Context, Result};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera_web::{Config, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// How long to wait for the page to show something.
const WAIT: Duration = Duration::from_secs(10);

// ------------------------------------------------------------------------------------------
// The harness: chromedriver, the server, screenshots.

/// `chromedriver` on a free port, killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

/// Starts chromedriver and waits until its `/status` says it is ready.
async fn start_driver(binary: &Path, log: &Path) -> Result<Driver> {
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
async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> Result<(u16, Value)> {
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
struct Harness {
    driver: Driver,
    chromium: PathBuf,
    /// The server's address.
    addr: SocketAddr,
    /// `http://127.0.0.1:PORT`
    base: String,
    shots: PathBuf,
    /// Bugs found on the way that a scenario worked around to go on: each fails the test.
    bugs: std::sync::Mutex<Vec<String>>,
}

impl Harness {
    /// Notes a bug that the scenario works around (the test fails at the end).
    fn bug(&self, text: String) {
        println!("    BUG: {text}");
        if let Ok(mut bugs) = self.bugs.lock() {
            bugs.push(text);
        }
    }

    /// A fresh browser session: headless Chromium with its own temporary profile.
    async fn browser(&self) -> Result<Client> {
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

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn api(&self, method: &str, path: &str, body: Option<Value>) -> Result<(u16, Value)> {
        http(self.addr, method, path, body).await
    }

    /// Saves a screenshot of the page as `NAME.png` and returns its path.
    async fn shot(&self, c: &Client, name: &str) -> Result<PathBuf> {
        let png = c.screenshot().await?;
        ensure!(png.starts_with(b"\x89PNG"), "the screenshot {name} is not a PNG");
        let path = self.shots.join(format!("{name}.png"));
        std::fs::write(&path, png)?;
        println!("    screenshot {}", path.display());
        Ok(path)
    }
}

// ------------------------------------------------------------------------------------------
// Page helpers.

/// Evaluates a JavaScript expression in the page.
async fn js(c: &Client, expr: &str) -> Result<Value> {
    Ok(c.execute(&format!("return ({expr});"), vec![]).await?)
}

/// Waits until a JavaScript expression is truthy (errors count as false).
async fn wait_js(c: &Client, expr: &str, what: &str) -> Result<Value> {
    let started = Instant::now();
    let script = format!("try {{ return ({expr}); }} catch (e) {{ return null; }}");
    loop {
        let value = c.execute(&script, vec![]).await?;
        let truthy = match &value {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Number(n) => n.as_f64() != Some(0.0),
            Value::String(s) => !s.is_empty(),
            _ => true,
        };
        if truthy {
            return Ok(value);
        }
        if started.elapsed() > WAIT {
            let status = js(c, "document.getElementById('status')?.textContent").await.unwrap_or_default();
            bail!("timed out after {WAIT:?} waiting for {what} (`{expr}`); the page's status says {status}");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

async fn by_testid(c: &Client, id: &str) -> Result<Element> {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(&format!("[data-testid=\"{id}\"]")))
        .await
        .with_context(|| format!("finding data-testid={id}"))
}

async fn cell(c: &Client, r: usize, col: usize) -> Result<Element> {
    by_testid(c, &format!("cell-{r}-{col}")).await
}

async fn classes(el: &Element) -> Result<Vec<String>> {
    let class = el.attr("class").await?.unwrap_or_default();
    Ok(class.split_whitespace().map(str::to_owned).collect())
}

async fn label(el: &Element) -> Result<String> {
    Ok(el.attr("aria-label").await?.unwrap_or_default())
}

/// Presses keys (WebDriver key actions: they go to whatever has the focus).
async fn press(c: &Client, keys: &[&str]) -> Result<()> {
    let mut actions = KeyActions::new("keyboard".into());
    for key in keys {
        for ch in key.chars() {
            actions = actions.then(KeyAction::Down { value: ch }).then(KeyAction::Up { value: ch });
        }
    }
    c.perform_actions(actions).await?;
    Ok(())
}

/// The focused element's `data-row` and `data-col`, if it is a cell of the board.
async fn focused_cell(c: &Client) -> Result<Option<(usize, usize)>> {
    let value = js(
        c,
        "(() => { const a = document.activeElement; \
           return a && a.closest('#board') && a.dataset.row !== undefined \
             ? [Number(a.dataset.row), Number(a.dataset.col)] : null; })()",
    )
    .await?;
    Ok(value
        .as_array()
        .map(|rc| (rc[0].as_u64().unwrap_or(0) as usize, rc[1].as_u64().unwrap_or(0) as usize)))
}

/// The game the page keeps in `localStorage`.
async fn saved_game(c: &Client) -> Result<Value> {
    js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')").await
}

/// Opens the game page and waits until the settings are filled from `/api/options`.
async fn open_game_page(h: &Harness, c: &Client) -> Result<()> {
    c.goto(&h.url("/")).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    Ok(())
}

/// Chooses the settings as a player would (the selects) and presses Start; returns the game
/// (`GET /api/games/{id}` of the id the page saved).
async fn start_game(h: &Harness, c: &Client, settings: &[(&str, &str)]) -> Result<Value> {
    for (id, value) in settings {
        let select = by_testid(c, id).await?;
        select.select_by_value(value).await.with_context(|| format!("choosing {value} in {id}"))?;
        let chosen = js(c, &format!("document.getElementById('{id}').value")).await?;
        if chosen != *value {
            // Go on with the value set by script (no change event), so that the rest is tested.
            h.bug(format!(
                "choosing {value:?} in the select {id:?} leaves it at {chosen} (settings {settings:?})"
            ));
            js(c, &format!("(document.getElementById('{id}').value = '{value}')")).await?;
        }
    }
    by_testid(c, "start").await?.click().await?;
    let id = wait_js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.game?.id", "a new game")
        .await?;
    let id = id.as_str().ok_or_else(|| anyhow!("game id {id}"))?.to_owned();
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"], #board td.hole') !== null", "the board")
        .await?;
    let (status, game) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(status == 200, "GET /api/games/{id}: {status} {game}");
    Ok(game)
}

fn cells(value: &Value) -> Vec<i32> {
    value.as_array().map_or_else(Vec::new, |a| a.iter().map(|v| v.as_i64().unwrap_or(0) as i32).collect())
}

fn width(game: &Value) -> usize {
    let config = &game["config"];
    config["size"].as_u64().or_else(|| config["width"].as_u64()).unwrap_or(0) as usize
}

/// The solution of a Sudoku game, by the library.
fn sudoku_solution(game: &Value) -> Result<Vec<i32>> {
    let size = width(game);
    let mut layout = Layout::classic(size)?;
    if game["config"]["variant"] == "x" {
        layout = layout.with_diagonals();
    }
    let digits = cells(&game["puzzle"]).iter().map(|&v| v as u8).collect();
    let puzzle = Sudoku::from_digits(Arc::new(layout), digits)?;
    let solution = sudoku::solve(&puzzle, sudoku::Engine::Auto, &sudoku::Budget::unlimited())?
        .ok_or_else(|| anyhow!("the puzzle has no solution"))?;
    Ok(solution.cells().iter().map(|&d| i32::from(d)).collect())
}

/// The solution of a Hidato game, by the library.
fn hidato_solution(game: &Value) -> Result<Vec<i32>> {
    let (w, h) = (width(game), game["config"]["height"].as_u64().unwrap_or(0) as usize);
    let adjacency =
        if game["config"]["adjacency"] == "numbrix" { Adjacency::Orthogonal } else { Adjacency::King };
    let puzzle = Hidato::new(w, h, cells(&game["puzzle"]), adjacency)?;
    let solution = hidato::solve(&puzzle, hidato::Engine::Auto, &hidato::Budget::unlimited())?
        .ok_or_else(|| anyhow!("the Hidato has no solution"))?;
    Ok(solution.cells().to_vec())
}

/// Clicks a cell and types `text` into it.
async fn type_into(c: &Client, r: usize, col: usize, text: &str) -> Result<()> {
    let el = cell(c, r, col).await?;
    el.click().await?;
    press(c, &[text]).await
}

/// The digit shown in a cell ("" when empty).
async fn cell_text(c: &Client, r: usize, col: usize) -> Result<String> {
    Ok(cell(c, r, col).await?.text().await?.trim().to_owned())
}

/// Fills every empty cell of the puzzle with the solution, cell by cell (click and type).
async fn fill(c: &Client, game: &Value, solution: &[i32]) -> Result<()> {
    let w = width(game);
    let puzzle = cells(&game["puzzle"]);
    for (i, (&given, &value)) in puzzle.iter().zip(solution).enumerate() {
        if given == 0 {
            type_into(c, i / w, i % w, &value.to_string()).await?;
        }
    }
    Ok(())
}

const SETTINGS_SUDOKU_4: [(&str, &str); 4] =
    [("kind", "sudoku"), ("size", "4"), ("variant", "classic"), ("difficulty", "easy")];

/// Waits for the solved dialog and returns (time, place) as shown.
async fn solved_dialog(c: &Client) -> Result<(String, String)> {
    wait_js(c, "document.getElementById('solved-dialog').open", "the solved dialog").await?;
    let time = by_testid(c, "solved-time").await?.text().await?;
    let place = by_testid(c, "solved-place").await?.text().await?;
    Ok((time, place))
}

fn is_hms(text: &str) -> bool {
    let parts: Vec<&str> = text.split(':').collect();
    parts.len() == 3 && parts.iter().all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

// ------------------------------------------------------------------------------------------
// The scenarios.

/// (a) Start, a conflict, Undo, finish with the solution, the dialog, the record.
async fn sudoku_conflict_undo_finish(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    h.shot(c, "a0-empty-page").await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    let n = width(&game);
    ensure!(n == 4, "asked for a 4x4 Sudoku, got {}", game["config"]);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    h.shot(c, "a1-started").await?;

    // A row with a given and an empty cell: type the given's digit in the empty cell.
    let (r, empty_col, given) = (0..n)
        .find_map(|r| {
            let row = &puzzle[r * n..(r + 1) * n];
            let empty = row.iter().position(|&v| v == 0)?;
            let given = row.iter().copied().find(|&v| v > 0)?;
            Some((r, empty, given))
        })
        .ok_or_else(|| anyhow!("no row with both a given and an empty cell in {puzzle:?}"))?;
    type_into(c, r, empty_col, &given.to_string()).await?;
    let el = cell(c, r, empty_col).await?;
    ensure!(cell_text(c, r, empty_col).await? == given.to_string(), "the digit {given} was not entered");
    let class = classes(&el).await?;
    ensure!(class.iter().any(|c| c == "conflict"), "no class conflict on the cell: {class:?}");
    let aria = label(&el).await?;
    ensure!(aria.contains("conflict"), "the aria-label does not say conflict: {aria:?}");
    h.shot(c, "a2-conflict").await?;

    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!(
            "document.querySelector('[data-testid=\"cell-{r}-{empty_col}\"]').textContent.trim() === ''"
        ),
        "Undo to clear the cell",
    )
    .await?;
    let class = classes(&el).await?;
    ensure!(!class.iter().any(|c| c == "conflict"), "the conflict stays after Undo: {class:?}");
    let aria = label(&el).await?;
    ensure!(!aria.contains("conflict") && aria.contains("empty"), "aria-label after Undo: {aria:?}");

    // The rest, with the library's solution: the last digit makes the page check and finish.
    fill(c, &game, &solution).await?;
    let (time, place) = solved_dialog(c).await?;
    ensure!(is_hms(&time), "the dialog's time is {time:?}");
    ensure!(place.starts_with("1st"), "the dialog's place is {place:?} (the first record of 4x4 easy)");
    println!("    solved dialog: time {time}, place {place}");
    h.shot(c, "a3-solved-dialog").await?;

    // The server ended the game and saved the record.
    let (_, after) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(after["status"] == "solved", "the game's status after solving: {}", after["status"]);
    let (status, records) =
        h.api("GET", "/api/records?kind=sudoku&size=4&variant=classic&difficulty=easy", None).await?;
    ensure!(status == 200, "GET /api/records: {status} {records}");
    let list = records["records"].as_array().cloned().unwrap_or_default();
    ensure!(list.len() == 1, "expected one 4x4 easy record, got {records}");
    let seconds = list[0]["seconds"].as_u64().unwrap_or(u64::MAX);
    ensure!(
        time == format!("00:{:02}:{:02}", seconds / 60, seconds % 60),
        "dialog {time} vs record {seconds} s"
    );

    by_testid(c, "solved-close").await?.click().await?;
    wait_js(c, "!document.getElementById('solved-dialog').open", "the dialog to close").await?;
    c.goto(&h.url("/records")).await?;
    let row = by_testid(c, "best-sudoku-4x4-classic-easy").await?;
    let text = row.text().await?;
    ensure!(text.contains(&time), "the records row {text:?} does not show the time {time}");
    h.shot(c, "a4-records").await?;
    Ok(())
}

/// (b) Keyboard only: Tab into the grid, arrows, Home and End, a digit, Backspace.
async fn keyboard_only(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;

    // Focus the control just before the board (Pause), then Tab: the grid's one tab stop.
    js(c, "document.getElementById('pause').focus() ?? true").await?;
    press(c, &[&Key::Tab]).await?;
    let (r0, c0) = focused_cell(c).await?.ok_or_else(|| anyhow!("Tab from Pause did not reach the board"))?;
    let first_empty = puzzle.iter().position(|&v| v == 0).unwrap_or(0);
    ensure!(
        (r0, c0) == (first_empty / n, first_empty % n),
        "Tab landed on {r0},{c0}, not on the selected cell (the first empty one)"
    );

    // Arrows move by one cell, within the grid; Home and End go to the ends of the row.
    let (right, dc) = if c0 + 1 < n { (Key::Right, 1isize) } else { (Key::Left, -1) };
    press(c, &[&right]).await?;
    let want = (r0, c0.wrapping_add_signed(dc));
    ensure!(focused_cell(c).await? == Some(want), "after {right:?} the focus is not on {want:?}");
    let (down, dr) = if r0 + 1 < n { (Key::Down, 1isize) } else { (Key::Up, -1) };
    press(c, &[&down]).await?;
    let want = (r0.wrapping_add_signed(dr), want.1);
    ensure!(focused_cell(c).await? == Some(want), "after {down:?} the focus is not on {want:?}");
    press(c, &[&Key::Home]).await?;
    ensure!(focused_cell(c).await? == Some((want.0, 0)), "Home did not go to column 1");
    press(c, &[&Key::End]).await?;
    ensure!(focused_cell(c).await? == Some((want.0, n - 1)), "End did not go to the last column");
    let selected = js(c, "document.activeElement.classList.contains('selected')").await?;
    ensure!(selected == true, "the focused cell is not the selected one");

    // Walk to the last empty cell with the arrows, type its digit, then Backspace.
    let target = puzzle.iter().rposition(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    let (tr, tc) = (target / n, target % n);
    let (mut r, mut col) = focused_cell(c).await?.unwrap_or_default();
    let mut keys: Vec<&str> = Vec::new();
    while r != tr {
        keys.push(if r < tr { &Key::Down } else { &Key::Up });
        r = if r < tr { r + 1 } else { r - 1 };
    }
    while col != tc {
        keys.push(if col < tc { &Key::Right } else { &Key::Left });
        col = if col < tc { col + 1 } else { col - 1 };
    }
    press(c, &keys).await?;
    ensure!(focused_cell(c).await? == Some((tr, tc)), "the arrows did not reach {tr},{tc}");
    let digit = solution[target].to_string();
    press(c, &[&digit]).await?;
    ensure!(cell_text(c, tr, tc).await? == digit, "typing {digit} did not fill {tr},{tc}");
    let aria = label(&cell(c, tr, tc).await?).await?;
    ensure!(aria.ends_with(&format!(", {digit}")), "aria-label after typing: {aria:?}");
    h.shot(c, "b1-keyboard-typed").await?;
    press(c, &[&Key::Backspace]).await?;
    ensure!(cell_text(c, tr, tc).await?.is_empty(), "Backspace did not clear {tr},{tc}");
    let aria = label(&cell(c, tr, tc).await?).await?;
    ensure!(aria.contains("empty"), "aria-label after Backspace: {aria:?}");
    ensure!(focused_cell(c).await? == Some((tr, tc)), "the focus left the cell after Backspace");
    Ok(())
}

/// (c) Pause hides the board and stops the timer; Resume shows it and the timer runs again.
async fn pause_and_resume(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    wait_js(c, "document.getElementById('timer').textContent >= '00:00:01'", "the timer to run").await?;
    let pause = by_testid(c, "pause").await?;
    pause.click().await?;
    wait_js(c, "document.getElementById('board-wrap').classList.contains('paused')", "the paused board")
        .await?;
    ensure!(pause.attr("aria-pressed").await?.as_deref() == Some("true"), "Pause is not aria-pressed");
    ensure!(pause.text().await? == "Resume", "the Pause button does not say Resume");
    let hidden = js(c, "getComputedStyle(document.getElementById('board')).visibility").await?;
    ensure!(hidden == "hidden", "the board's visibility while paused is {hidden}");
    ensure!(!cell(c, 0, 0).await?.is_displayed().await?, "a cell is displayed while paused");
    let (_, state) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(state["status"] == "paused", "the server's status while paused: {}", state["status"]);
    let timer = by_testid(c, "timer").await?;
    let t1 = timer.text().await?;
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let t2 = timer.text().await?;
    ensure!(t1 == t2, "the timer ran while paused: {t1} then {t2}");
    h.shot(c, "c1-paused").await?;

    pause.click().await?;
    wait_js(c, "!document.getElementById('board-wrap').classList.contains('paused')", "the board back")
        .await?;
    ensure!(cell(c, 0, 0).await?.is_displayed().await?, "the board stays hidden after Resume");
    wait_js(c, &format!("document.getElementById('timer').textContent > '{t2}'"), "the timer to run again")
        .await?;
    let (_, state) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(state["status"] == "playing", "the server's status after Resume: {}", state["status"]);
    h.shot(c, "c2-resumed").await?;
    Ok(())
}

/// (d) A reload resumes the same game with the digits typed.
async fn reload_keeps_game(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    let typed: Vec<usize> =
        puzzle.iter().enumerate().filter(|(_, &v)| v == 0).map(|(i, _)| i).take(2).collect();
    for &i in &typed {
        type_into(c, i / n, i % n, &solution[i].to_string()).await?;
    }
    c.refresh().await?;
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board after reload")
        .await?;
    let saved = saved_game(c).await?;
    ensure!(
        saved["game"]["id"] == id.as_str(),
        "after reload the page plays {} instead of {id}",
        saved["game"]["id"]
    );
    for i in 0..n * n {
        let want = match puzzle[i] {
            0 if typed.contains(&i) => solution[i].to_string(),
            0 => String::new(),
            given => given.to_string(),
        };
        let got = cell_text(c, i / n, i % n).await?;
        ensure!(got == want, "after reload cell {},{} shows {got:?}, not {want:?}", i / n, i % n);
    }
    let status = by_testid(c, "status").await?.text().await?;
    println!("    after reload the status says {status:?}");
    h.shot(c, "d1-after-reload").await?;
    Ok(())
}

/// (e) Hidato 5x5 finished with the library's solution.
async fn hidato_finish(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(
        h,
        c,
        &[("kind", "hidato"), ("size", "5x5"), ("variant", "hidato"), ("difficulty", "easy")],
    )
    .await?;
    ensure!(game["kind"] == "hidato" && width(&game) == 5, "asked for a 5x5 Hidato, got {}", game["config"]);
    let solution = hidato_solution(&game)?;
    h.shot(c, "e1-hidato-started").await?;
    fill(c, &game, &solution).await?;
    let (time, place) = solved_dialog(c).await?;
    ensure!(is_hms(&time), "the dialog's time is {time:?}");
    ensure!(place.starts_with("1st"), "the dialog's place is {place:?}");
    println!("    solved dialog: time {time}, place {place}");
    h.shot(c, "e2-hidato-solved").await?;
    let (_, records) = h
        .api("GET", "/api/records?kind=hidato&width=5&height=5&adjacency=hidato&difficulty=easy", None)
        .await?;
    ensure!(records["records"].as_array().is_some_and(|r| r.len() == 1), "Hidato records: {records}");
    Ok(())
}

// ------------------------------------------------------------------------------------------
// The test.

fn browser_paths() -> Option<(PathBuf, PathBuf)> {
    let chromium =
        std::env::var_os("TESSERA_CHROMIUM").map_or_else(|| PathBuf::from(CHROMIUM), PathBuf::from);
    let driver =
        std::env::var_os("TESSERA_CHROMEDRIVER").map_or_else(|| PathBuf::from(CHROMEDRIVER), PathBuf::from);
    (chromium.is_file() && driver.is_file()).then_some((chromium, driver))
}

fn shots_dir() -> Result<PathBuf> {
    let dir = std::env::var_os("TESSERA_E2E_SHOTS")
        .map_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("tessera-e2e"), PathBuf::from);
    std::fs::create_dir_all(&dir)?;
    for entry in std::fs::read_dir(&dir)?.flatten() {
        if entry.path().extension().is_some_and(|e| e == "png") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    Ok(dir)
}

/// Runs one scenario in its own browser session; a failure is screenshotted and returned.
async fn scenario<'h, F, Fut>(h: &'h Harness, name: &str, run: F) -> Option<String>
where
    F: FnOnce(&'h Harness, Client) -> Fut,
    Fut: Future<Output = Result<()>> + 'h,
{
    let started = Instant::now();
    let client = match h.browser().await {
        Ok(client) => client,
        Err(err) => return Some(format!("{name}: {err:#}")),
    };
    let result = run(h, client.clone()).await;
    let failure = match result {
        Ok(()) => {
            println!("  ok     {name} ({:.1} s)", started.elapsed().as_secs_f64());
            None
        }
        Err(err) => {
            let _ = h.shot(&client, &format!("FAILED-{name}")).await;
            println!("  FAILED {name} ({:.1} s): {err:#}", started.elapsed().as_secs_f64());
            Some(format!("{name}: {err:#}"))
        }
    };
    let _ = client.close().await;
    failure
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_end_to_end() -> Result<()> {
    let Some((chromium, chromedriver)) = browser_paths() else {
        let message = format!("chromium/chromedriver not found ({CHROMIUM}, {CHROMEDRIVER})");
        if std::env::var("TESSERA_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            bail!("{message}, and TESSERA_REQUIRE_BROWSER=1: install Debian's chromium and chromium-driver");
        }
        eprintln!("\n**************************************************************");
        eprintln!("SKIPPED: {message}; the browser tests did not run");
        eprintln!("**************************************************************\n");
        return Ok(());
    };
    let started = Instant::now();
    let shots = shots_dir()?;

    let db = std::env::temp_dir().join(format!("tessera-e2e-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let config = Config {
        addr: ([127, 0, 0, 1], 0).into(),
        db: db.clone(),
        pool_target: 2,
        generator_threads: 1,
        ..Config::default()
    };
    let server = Server::bind(config).await?;
    let addr = server.local_addr()?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));

    let driver = start_driver(&chromedriver, &shots.join("chromedriver.log")).await?;
    let h =
        Harness { driver, chromium, addr, base: format!("http://{addr}"), shots, bugs: Default::default() };
    println!("server {} chromedriver {} screenshots {}", h.base, h.driver.url, h.shots.display());

    let mut failures = Vec::new();
    failures.extend(
        scenario(&h, "a-sudoku-conflict-undo-finish", |h, c| async move {
            sudoku_conflict_undo_finish(h, &c).await
        })
        .await,
    );
    failures.extend(scenario(&h, "b-keyboard-only", |h, c| async move { keyboard_only(h, &c).await }).await);
    failures
        .extend(scenario(&h, "c-pause-resume", |h, c| async move { pause_and_resume(h, &c).await }).await);
    failures.extend(scenario(&h, "d-reload", |h, c| async move { reload_keeps_game(h, &c).await }).await);
    failures.extend(scenario(&h, "e-hidato-finish", |h, c| async move { hidato_finish(h, &c).await }).await);

    failures.extend(h.bugs.lock().map(|b| b.clone()).unwrap_or_default());
    drop(h);
    let _ = stop.send(());
    serving.await??;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    println!("browser end-to-end: {:.1} s", started.elapsed().as_secs_f64());
    if !failures.is_empty() {
        bail!("{} problem(s) in the browser tests:\n  {}", failures.len(), failures.join("\n  "));
    }
    Ok(())
}
