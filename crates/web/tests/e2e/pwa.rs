//! The scenarios of an installable game that plays offline (docs/web.md "Offline play"):
//!
//! - (f) the manifest is served as `application/manifest+json`, is valid JSON with the fields an
//!   install needs, its colours are style.css's and its icons are PNGs of the sizes it says;
//!   the service worker registers with scope `/`, controls the page after a reload, and its
//!   cache holds every file of `crates/web/assets/` (read from disk here, so a new module
//!   missing from the precache fails this test);
//! - (g) with the server stopped, a reload still shows the page and the game started online;
//!   the last digit is typed offline, the page says "Saved, will be checked when online" and
//!   keeps the result; the server comes back on the same address and the next load sends it:
//!   the server's game is solved;
//! - (h) a configuration whose pool is empty answers 503: the page says "Preparing puzzles…"
//!   and tries again until the server (restarted with a working generator) gives a game.
//!
//! (g) and (h) run their own server (same SQLite file and port across a restart, since the
//! worker and `localStorage` belong to the origin), over the harness's browser.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Context, Result};
use fantoccini::Client;
use serde_json::Value;
use tessera_web::{Config, Server};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::harness::{http, Harness, WAIT};
use crate::page::{by_testid, cells, js, sudoku_solution, type_into, wait_js, width, SETTINGS_SUDOKU_4};

/// Runs an async JavaScript function body in the page and returns what it returns (an error
/// thrown in the page comes back as `{"error": "..."}`).
pub async fn js_async(c: &Client, body: &str) -> Result<Value> {
    let script = format!(
        "const done = arguments[arguments.length - 1]; \
         (async () => {{ {body} }})().then(done, (e) => done({{ error: String(e) }}));"
    );
    let value = c.execute_async(&script, vec![]).await?;
    if let Some(error) = value.get("error") {
        bail!("in the page: {error} (script: {body})");
    }
    Ok(value)
}

/// Waits until `expr` is truthy, for at most `limit` (longer than [`WAIT`] when the server
/// needs time).
async fn wait_long(c: &Client, expr: &str, what: &str, limit: Duration) -> Result<Value> {
    let started = Instant::now();
    loop {
        match wait_js(c, expr, what).await {
            Ok(value) => return Ok(value),
            Err(err) if started.elapsed() + WAIT > limit => return Err(err),
            Err(_) => {}
        }
    }
}

/// Waits until the service worker is active and controls the page.
pub async fn controlled(c: &Client) -> Result<String> {
    js_async(c, "await navigator.serviceWorker.ready; return true;").await?;
    // A page loaded before the worker was active is taken over by clients.claim(); a reload
    // makes sure the page itself came through the worker.
    c.refresh().await?;
    let script = wait_js(
        c,
        "navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL",
        "a controller",
    )
    .await?;
    Ok(script.as_str().unwrap_or_default().to_owned())
}

fn assets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// (f) The manifest, the icons, the worker and its cache.
pub async fn installable(h: &Harness, c: &Client) -> Result<()> {
    c.goto(&h.url("/")).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    let link = js(c, "document.querySelector('link[rel=manifest]')?.getAttribute('href')").await?;
    ensure!(link == "/manifest.webmanifest", "the page's manifest link is {link}");
    let touch = js(c, "document.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href')").await?;
    ensure!(touch == "/apple-touch-icon.png", "the apple-touch-icon is {touch}");

    let got = js_async(
        c,
        "const r = await fetch('/manifest.webmanifest'); \
         return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };",
    )
    .await?;
    ensure!(got["status"] == 200, "GET /manifest.webmanifest: {got}");
    ensure!(
        got["type"].as_str().is_some_and(|t| t.starts_with("application/manifest+json")),
        "the manifest's type: {}",
        got["type"]
    );
    let manifest: Value = serde_json::from_str(got["text"].as_str().unwrap_or_default())
        .context("the manifest is not valid JSON")?;
    for field in ["name", "short_name", "start_url", "display", "theme_color", "background_color"] {
        ensure!(
            manifest[field].as_str().is_some_and(|v| !v.is_empty()),
            "the manifest has no {field}: {manifest}"
        );
    }
    ensure!(manifest["display"] == "standalone", "display is {}", manifest["display"]);
    ensure!(manifest["start_url"] == "/", "start_url is {}", manifest["start_url"]);
    let css = std::fs::read_to_string(assets_dir().join("style.css"))?;
    let light = css.split("@media").next().unwrap_or_default();
    for (field, var) in [("background_color", "--bg"), ("theme_color", "--surface")] {
        let colour = manifest[field].as_str().unwrap_or_default();
        ensure!(
            light.contains(&format!("{var}: {colour};")),
            "the manifest's {field} {colour} is not style.css's {var}"
        );
    }
    let icons = manifest["icons"].as_array().cloned().unwrap_or_default();
    for (size, purpose) in [(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")] {
        let icon = icons
            .iter()
            .find(|i| i["sizes"] == format!("{size}x{size}") && i["purpose"] == purpose)
            .ok_or_else(|| anyhow!("no {size}x{size} {purpose} icon in {icons:?}"))?;
        let src = icon["src"].as_str().unwrap_or_default();
        let seen = js_async(
            c,
            &format!(
                "const r = await fetch({src:?}); const b = await r.blob(); \
                 const img = await createImageBitmap(b); \
                 return {{ status: r.status, type: b.type, w: img.width, h: img.height }};"
            ),
        )
        .await?;
        ensure!(
            seen["status"] == 200 && seen["type"] == "image/png" && seen["w"] == size && seen["h"] == size,
            "the icon {src}: {seen}"
        );
    }

    // The worker's own scripts are never cached by HTTP.
    let sw = js_async(
        c,
        "const r = await fetch('/sw.js'); const a = await fetch('/sw-assets.js'); \
         return { cache: r.headers.get('cache-control'), type: r.headers.get('content-type'), \
                  allowed: r.headers.get('service-worker-allowed'), \
                  assetsCache: a.headers.get('cache-control'), assets: await a.text() };",
    )
    .await?;
    ensure!(sw["cache"] == "no-cache" && sw["assetsCache"] == "no-cache", "the worker's cache headers: {sw}");
    ensure!(sw["type"].as_str().is_some_and(|t| t.starts_with("text/javascript")), "sw.js type: {sw}");
    ensure!(sw["allowed"] == "/", "Service-Worker-Allowed: {sw}");
    let version = sw["assets"]
        .as_str()
        .and_then(|t| t.split("TESSERA_VERSION = \"").nth(1))
        .and_then(|t| t.split('"').next())
        .ok_or_else(|| anyhow!("no version in /sw-assets.js: {sw}"))?
        .to_owned();

    let script = controlled(c).await?;
    ensure!(script == h.url("/sw.js"), "the controller is {script}");
    let scope = js_async(c, "return (await navigator.serviceWorker.getRegistration()).scope;").await?;
    ensure!(scope == h.url("/"), "the worker's scope is {scope}");

    // The cache named after the version holds every file of the assets folder.
    let cached = js_async(
        c,
        "const names = await caches.keys(); const out = {}; \
         for (const n of names) out[n] = (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname); \
         return out;",
    )
    .await?;
    let shell_name = format!("tessera-shell-{version}");
    let shell: Vec<String> = cached[&shell_name]
        .as_array()
        .ok_or_else(|| anyhow!("no cache {shell_name}: {cached}"))?
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(assets_dir())?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let address = match name.as_str() {
            "sw.js" => continue,
            // Dot files are not embedded; `_` files are parts of the pages, not served.
            n if n.starts_with('.') || n.starts_with('_') => continue,
            "index.html" => "/".to_owned(),
            "records.html" => "/records".to_owned(),
            "learn.html" => "/learn".to_owned(),
            other => format!("/{other}"),
        };
        if !shell.contains(&address) {
            missing.push(address);
        }
    }
    ensure!(missing.is_empty(), "not precached by the worker: {missing:?} (cached: {shell:?})");
    println!("    worker {script}, scope {scope}, cache {shell_name} with {} files", shell.len());
    h.shot(c, "f0-installable").await?;

    // The records page is under the same worker.
    c.goto(&h.url("/records")).await?;
    wait_js(c, "navigator.serviceWorker.controller !== null", "the worker on /records").await?;
    Ok(())
}

/// A server of its own, which a scenario can stop and start again on the same address.
pub struct Site {
    pub addr: SocketAddr,
    db: PathBuf,
    running: Option<(oneshot::Sender<()>, JoinHandle<Result<()>>)>,
}

impl Site {
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn config(&self, tweak: impl FnOnce(&mut Config)) -> Config {
        let mut config = Config {
            addr: self.addr,
            db: self.db.clone(),
            pool_target: 2,
            generator_threads: 1,
            ..Config::default()
        };
        tweak(&mut config);
        config
    }

    /// Starts a server over `db` on `addr` (port 0: a free one, kept for the restarts).
    pub async fn start(name: &str, tweak: impl FnOnce(&mut Config)) -> Result<Site> {
        let db = std::env::temp_dir().join(format!("tessera-e2e-{}-{name}.db", std::process::id()));
        remove_db(&db);
        let mut site = Site { addr: ([127, 0, 0, 1], 0).into(), db, running: None };
        site.run(tweak).await?;
        Ok(site)
    }

    pub async fn run(&mut self, tweak: impl FnOnce(&mut Config)) -> Result<()> {
        ensure!(self.running.is_none(), "the server is running already");
        let server = Server::bind(self.config(tweak)).await?;
        self.addr = server.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(server.run_until(async {
            let _ = stopped.await;
        }));
        self.running = Some((stop, task));
        Ok(())
    }

    /// Stops the server and waits until it has closed its store and its port.
    pub async fn stop(&mut self) -> Result<()> {
        let (stop, task) = self.running.take().ok_or_else(|| anyhow!("the server is not running"))?;
        let _ = stop.send(());
        tokio::time::timeout(WAIT, task).await.context("the server did not stop")???;
        ensure!(
            tokio::net::TcpStream::connect(self.addr).await.is_err(),
            "the server's port still answers after it stopped"
        );
        Ok(())
    }

    pub async fn api(&self, method: &str, path: &str) -> Result<(u16, Value)> {
        http(self.addr, method, path, None).await
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        if let Some((stop, _)) = self.running.take() {
            let _ = stop.send(());
        }
        remove_db(&self.db);
    }
}

fn remove_db(db: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

/// Chooses the settings with the selects and presses Start; the game id the page saved.
pub async fn press_start(c: &Client, settings: &[(&str, &str)]) -> Result<()> {
    for (id, value) in settings {
        crate::page::choose(c, id, value).await.with_context(|| format!("{value} in {id}"))?;
    }
    by_testid(c, "start").await?.click().await?;
    Ok(())
}

pub async fn saved_id(c: &Client) -> Result<String> {
    let id = wait_js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.game?.id", "a new game")
        .await?;
    Ok(id.as_str().ok_or_else(|| anyhow!("game id {id}"))?.to_owned())
}

pub async fn status_text(c: &Client) -> Result<String> {
    Ok(js(c, "document.getElementById('status').textContent").await?.as_str().unwrap_or_default().to_owned())
}

/// (g) A reload without the server, the last digit typed offline, the result sent later.
pub async fn offline_game(h: &Harness, c: &Client) -> Result<()> {
    let mut site = Site::start("offline", |_| {}).await?;
    let base = site.base();
    c.goto(&format!("{base}/")).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    controlled(c).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings after a reload").await?;
    press_start(c, &SETTINGS_SUDOKU_4).await?;
    let id = saved_id(c).await?;
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board").await?;
    let (status, game) = site.api("GET", &format!("/api/games/{id}")).await?;
    ensure!(status == 200, "GET /api/games/{id}: {status} {game}");
    let n = width(&game);
    let solution = sudoku_solution(&game)?;
    let puzzle = cells(&game["puzzle"]);
    // All but the last empty cell, online.
    let last = puzzle.iter().rposition(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    let mut partial = puzzle.clone();
    for (i, &given) in puzzle.iter().enumerate() {
        if given == 0 && i != last {
            type_into(c, i / n, i % n, &solution[i].to_string()).await?;
            partial[i] = solution[i];
        }
    }
    let saved = wait_js(
        c,
        &format!(
            "(() => {{ const g = JSON.parse(localStorage.getItem('tessera.game') || 'null'); \
                   return g && g.cells[{last}] === 0 && g.cells.filter((v) => v === 0).length === 1; }})()"
        ),
        "the grid saved with one empty cell",
    )
    .await;
    if saved.is_err() {
        bail!("the page did not keep the grid with only cell {last} empty: {}", status_text(c).await?);
    }

    site.stop().await?;
    c.refresh().await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the page without the server").await?;
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{}-{}\"]') !== null", last / n, last % n),
        "the saved game's board without the server",
    )
    .await?;
    let shown: Vec<i32> = {
        let mut out = Vec::new();
        for i in 0..n * n {
            let text = js(
                c,
                &format!(
                    "document.querySelector('[data-testid=\"cell-{}-{}\"]').textContent.trim()",
                    i / n,
                    i % n
                ),
            )
            .await?;
            out.push(text.as_str().and_then(|t| t.parse().ok()).unwrap_or(0));
        }
        out
    };
    ensure!(shown == partial, "the board shown offline is {shown:?}, the game was {partial:?}");
    println!("    offline reload: {}", status_text(c).await?);
    h.shot(c, "g0-offline-reload").await?;

    // Resume (the page paused the game it could not ask about) and type the last digit.
    let pause = by_testid(c, "pause").await?;
    if pause.text().await? == "Resume" {
        pause.click().await?;
    }
    type_into(c, last / n, last % n, &solution[last].to_string()).await?;
    wait_js(
        c,
        "document.getElementById('status').textContent.includes('Saved, will be checked when online')",
        "the offline save",
    )
    .await?;
    let pending = js(c, "JSON.parse(localStorage.getItem('tessera.pending') || '[]')").await?;
    let entry = pending.get(0).cloned().unwrap_or_default();
    ensure!(
        pending.as_array().map(Vec::len) == Some(1)
            && entry["id"] == id.as_str()
            && cells(&entry["cells"]) == solution,
        "the result kept offline: {pending}"
    );
    ensure!(
        !js(c, "document.getElementById('solved-dialog').open").await?.as_bool().unwrap_or(true),
        "a solved dialog offline"
    );
    println!("    offline finish: {}", status_text(c).await?);
    h.shot(c, "g1-offline-saved").await?;

    // The browser says it is online while the server is still down: the result is tried, kept.
    js(c, "window.dispatchEvent(new Event('online'))").await?;
    wait_js(
        c,
        "document.getElementById('status').textContent.includes('finished offline is saved')",
        "the result tried and kept",
    )
    .await?;
    let kept = js(c, "JSON.parse(localStorage.getItem('tessera.pending') || '[]').length").await?;
    ensure!(kept == 1, "the result kept after a failed send: {kept} entries");

    // The server is back on the same address; the next load sends the result.
    site.run(|_| {}).await?;
    c.refresh().await?;
    wait_js(
        c,
        "document.getElementById('status').textContent.includes('finished offline was checked')",
        "the result sent",
    )
    .await?;
    wait_js(c, "localStorage.getItem('tessera.pending') === null", "the kept result to go").await?;
    let (_, after) = site.api("GET", &format!("/api/games/{id}")).await?;
    ensure!(after["status"] == "solved", "the server's game after the offline result: {after}");
    println!("    back online: {}", status_text(c).await?);
    h.shot(c, "g2-back-online").await?;
    site.stop().await?;
    Ok(())
}

/// (h) 503 while a configuration's pool is empty: "Preparing puzzles…", retried until a game.
pub async fn pool_retry(h: &Harness, c: &Client) -> Result<()> {
    // No puzzle in the pool nor in the store, and no time to make one on the spot: 503.
    let empty = |config: &mut Config| {
        config.pool_target = 0;
        config.generate_budget = Duration::ZERO;
    };
    let mut site = Site::start("pool", empty).await?;
    let (status, body) = http(
        site.addr,
        "POST",
        "/api/games",
        Some(serde_json::json!({
            "kind": "sudoku", "size": 9, "variant": "classic", "difficulty": "medium"
        })),
    )
    .await?;
    ensure!(status == 503, "an empty pool should answer 503, got {status} {body}");

    c.goto(&format!("{}/", site.base())).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    let after_ms = js_async(
        c,
        "const m = await import('/api.js'); return [m.retryAfterMs('3'), m.retryAfterMs('soon')];",
    )
    .await?;
    ensure!(after_ms == serde_json::json!([3000, null]), "Retry-After parsed as {after_ms}");
    press_start(c, &[("kind", "sudoku"), ("size", "9"), ("variant", "classic"), ("difficulty", "medium")])
        .await?;
    wait_js(
        c,
        "document.getElementById('status').textContent.includes('Preparing puzzles')",
        "Preparing puzzles",
    )
    .await?;
    h.shot(c, "h0-preparing").await?;
    // The second retry comes two seconds after the first: the server is restarted in between
    // with a generator that works.
    wait_js(c, "document.getElementById('status').textContent.includes('attempt 3')", "a second retry")
        .await?;
    site.stop().await?;
    site.run(|_| {}).await?;
    wait_long(
        c,
        "document.querySelector('[data-testid=\"cell-0-0\"]') !== null",
        "a board after the retries",
        Duration::from_secs(40),
    )
    .await?;
    let id = saved_id(c).await?;
    let (_, game) = site.api("GET", &format!("/api/games/{id}")).await?;
    ensure!(game["status"] == "playing" && width(&game) == 9, "the game after the retries: {game}");
    println!("    after retries: {}", status_text(c).await?);
    h.shot(c, "h1-after-retry").await?;
    site.stop().await?;
    Ok(())
}
