//! The page holds still and keeps time (issue 26):
//!
//! - (w) layout shift: the cumulative layout shift of the start page, of a share link (a game
//!   started from the address) and of a reload that resumes the saved game, each measured in
//!   the page by a `PerformanceObserver` over the buffered `layout-shift` entries (every shift
//!   without recent input added up, which is at least Lighthouse's largest session window), is
//!   under 0.1; at 390x844 and at 1280x800;
//! - (x) a reload without the server: the saved game comes back playing, with the clock it had
//!   (not 00:00:00) and counting on, the status says "Offline" and never "Could not"; a digit
//!   typed and a pause made offline say no error; when the server is back (the `online` event)
//!   the page says "Back online" and the server has the pause.

use std::time::Duration;

use anyhow::{anyhow, ensure, Result};
use fantoccini::Client;
use serde_json::{json, Value};

use crate::harness::Harness;
use crate::page::{by_testid, cells, js, type_into, wait_js, width};
use crate::pwa::{controlled, js_async, press_start, saved_id, status_text, Site};

/// The largest cumulative layout shift allowed (Lighthouse's "good" is 0.1).
const MAX_CLS: f64 = 0.1;

/// The layout shift of the page so far: (sum of the shifts without recent input, the shifts
/// with the elements that moved).
async fn layout_shift(c: &Client) -> Result<(f64, Value)> {
    let found = js_async(
        c,
        "const list = await new Promise((done) => { const seen = []; \
           const po = new PerformanceObserver((l) => seen.push(...l.getEntries())); \
           po.observe({ type: 'layout-shift', buffered: true }); \
           setTimeout(() => { po.disconnect(); done(seen); }, 200); }); \
         const name = (n) => !n ? '?' : (n.id ? '#' + n.id : (n.tagName || '').toLowerCase() + '.' + String(n.className || '')); \
         const shifts = list.filter((e) => !e.hadRecentInput); \
         return { cls: shifts.reduce((a, e) => a + e.value, 0), \
                  shifts: shifts.map((e) => [Math.round(e.value * 1e4) / 1e4, Math.round(e.startTime), \
                    (e.sources || []).map((s) => name(s.node))]) };",
    )
    .await?;
    Ok((found["cls"].as_f64().unwrap_or(f64::NAN), found["shifts"].clone()))
}

/// Waits until the page has settled (the settings filled, the daily line asked, a board drawn
/// when one is to come), then a little more for late shifts.
async fn settled(c: &Client, board: bool) -> Result<()> {
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    if board {
        wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board").await?;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    Ok(())
}

/// (w) The start page, a share link and a resumed game each shift less than MAX_CLS.
pub async fn layout_shift_under_bar(h: &Harness, c: &Client, tag: &str) -> Result<()> {
    let mut results = Vec::new();
    c.goto(&h.url("/")).await?;
    settled(c, false).await?;
    results.push(("start page", layout_shift(c).await?));

    // A share link: the page starts the game of its address.
    let (status, game) = h
        .api(
            "POST",
            "/api/games",
            Some(json!({"kind": "sudoku", "size": 9, "variant": "classic", "difficulty": "easy"})),
        )
        .await?;
    ensure!(status == 200 || status == 201, "POST /api/games: {status} {game}");
    let line: String = cells(&game["puzzle"])
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v as u8) })
        .collect();
    ensure!(line.len() == 81 && width(&game) == 9, "a 9x9 puzzle: {line:?}");
    c.goto(&h.url(&format!("/?kind=sudoku&puzzle={line}"))).await?;
    settled(c, true).await?;
    results.push(("share link", layout_shift(c).await?));

    // A reload resumes the game the share link started.
    c.refresh().await?;
    settled(c, true).await?;
    results.push(("resumed game", layout_shift(c).await?));
    h.shot(c, &format!("w-{tag}-resumed")).await?;

    let mut worst = 0.0_f64;
    for (what, (cls, shifts)) in &results {
        println!("    {tag} {what}: CLS {cls:.4} {shifts}");
        worst = worst.max(*cls);
    }
    for (what, (cls, shifts)) in &results {
        ensure!(*cls < MAX_CLS, "{tag} {what}: cumulative layout shift {cls:.3} (shifts {shifts})");
    }
    println!("    {tag}: worst CLS {worst:.4}");
    Ok(())
}

/// The seconds of an hh:mm:ss text.
fn seconds_of(text: &str) -> Result<u64> {
    let parts: Vec<u64> = text.trim().split(':').map(str::parse).collect::<Result<_, _>>()?;
    match parts[..] {
        [hh, mm, ss] => Ok(hh * 3600 + mm * 60 + ss),
        _ => Err(anyhow!("not hh:mm:ss: {text:?}")),
    }
}

async fn timer_seconds(c: &Client) -> Result<u64> {
    seconds_of(by_testid(c, "timer").await?.text().await?.as_str())
}

/// (x) A reload without the server keeps the clock and says "Offline", never "Could not".
pub async fn offline_reload_keeps_clock(h: &Harness, c: &Client) -> Result<()> {
    let mut site = Site::start("clock", |_| {}).await?;
    c.goto(&format!("{}/", site.base())).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    controlled(c).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings after a reload").await?;
    press_start(c, &[("kind", "sudoku"), ("size", "9"), ("variant", "classic"), ("difficulty", "easy")])
        .await?;
    let id = saved_id(c).await?;
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board").await?;
    let (_, game) = site.api("GET", &format!("/api/games/{id}")).await?;
    let empties: Vec<usize> =
        cells(&game["puzzle"]).iter().enumerate().filter(|(_, &v)| v == 0).map(|(i, _)| i).collect();
    ensure!(empties.len() >= 2, "a 9x9 with {} empty cells", empties.len());
    type_into(c, empties[0] / 9, empties[0] % 9, "1").await?;
    // Some time on the clock, so that a reset to 00:00:00 shows.
    wait_js(c, "document.getElementById('timer').textContent >= '00:00:04'", "four seconds played").await?;
    let before = timer_seconds(c).await?;

    site.stop().await?;
    c.refresh().await?;
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the saved board offline")
        .await?;
    wait_js(c, "document.getElementById('status').textContent !== ''", "a status line offline").await?;
    let status = status_text(c).await?;
    let shown = timer_seconds(c).await?;
    println!("    offline reload: {} at {}, status {status:?}", shown, before);
    h.shot(c, "x0-offline-reload").await?;
    ensure!(shown >= before, "the clock went back from {before} s to {shown} s on an offline reload");
    ensure!(shown <= before + 10, "the clock jumped from {before} s to {shown} s on an offline reload");
    ensure!(!status.contains("Could not"), "an offline reload says {status:?}");
    ensure!(status.contains("Offline"), "an offline reload does not say it is offline: {status:?}");
    let pause = by_testid(c, "pause").await?;
    ensure!(
        pause.text().await? == "Pause",
        "the game resumed offline is not playing (button {:?})",
        pause.text().await?
    );
    // The clock counts on.
    wait_js(
        c,
        &format!("document.getElementById('timer').textContent > '{}'", hms(shown + 1)),
        "the clock to run",
    )
    .await?;
    // A digit typed offline is on the board, with no error.
    let (r, col) = (empties[1] / 9, empties[1] % 9);
    type_into(c, r, col, "2").await?;
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{r}-{col}\"]').textContent.trim() === '2'"),
        "2 typed offline",
    )
    .await?;
    // A pause offline is the page's, said as such.
    pause.click().await?;
    wait_js(c, "document.getElementById('pause').textContent === 'Resume'", "paused offline").await?;
    wait_js(c, "document.getElementById('status').textContent.includes('Offline')", "the pause said offline")
        .await?;
    let status = status_text(c).await?;
    ensure!(!status.contains("Could not"), "a pause offline says {status:?}");
    let paused_at = timer_seconds(c).await?;

    // The server is back: the page says so and tells it of the pause.
    site.run(|_| {}).await?;
    js(c, "window.dispatchEvent(new Event('online'))").await?;
    wait_js(c, "document.getElementById('status').textContent.includes('Back online')", "back online")
        .await?;
    let (_, after) = site.api("GET", &format!("/api/games/{id}")).await?;
    ensure!(after["status"] == "paused", "the pause made offline did not reach the server: {after}");
    let server = after["seconds"].as_f64().unwrap_or(-1.0);
    let shown = timer_seconds(c).await?;
    ensure!(
        (shown as f64 - server).abs() <= 1.0,
        "back online the page shows {shown} s, the server has {server} s"
    );
    println!(
        "    back online: paused offline at {paused_at} s, server {server} s; {}",
        status_text(c).await?
    );
    h.shot(c, "x1-back-online").await?;
    site.stop().await?;
    Ok(())
}

fn hms(s: u64) -> String {
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
