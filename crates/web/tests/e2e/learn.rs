//! (ac) The Learn page (issue 30, docs/learn.md), at 390x844 and 1280x800:
//!
//! - the seed's seven-item example stepped from the start with the keyboard: the items chosen
//!   come in DLX1's order (1, 2, 5, back, 5, 2), the cover found is A, D, E, and the counters at
//!   the end equal the library's count of the same problem with the default engine (what
//!   `tessera xc count --stats` prints: DLX1 on a problem this small) and the API's `final`;
//!   one step back shows the step before; a typed problem with a mistake is told with its line
//!   and column;
//! - pentominoes on 6x10: "next solution" fills the 60 squares; with `&to=end` the solutions
//!   counter reads 9356 and the gallery holds one item per distinct tiling, as many as the
//!   library counts up to the board's symmetries (`tiling::count_distinct`, another route), with
//!   pictures drawn as they scroll into view;
//! - N-queens, 8x8: the first solution's eight queens on the board, checked by the library;
//! - nothing off screen: no sideways scroll, every visible control inside the viewport.
//!
//! Screenshots `learn-*.png` go to the shots directory, and also to `$TESSERA_LEARN_DOCS`
//! (`docs/img` when the documentation's pictures are remade).

use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};
use fantoccini::Client;
use serde_json::Value;

use crate::harness::Harness;
use crate::page::{js, press, wait_js};

/// The seed's example in Knuth's format, as a user would type it.
const SEED: &str = "1 2 3 4 5 6 7\n3 5 6\n1 4 7\n2 3 6\n1 4\n2 7\n4 5 7\n";

/// The counters on the page: (nodes, updates, solutions).
async fn counters(c: &Client) -> Result<(u64, u64, u64)> {
    let v = js(c, "['nodes','updates','solutions'].map(k => Number(document.querySelector(`[data-counter=\"${k}\"]`).textContent))").await?;
    let n = |i: usize| v[i].as_u64().unwrap_or(u64::MAX);
    Ok((n(0), n(1), n(2)))
}

/// Fails naming what is off screen: a sideways scroll, or a visible control past an edge.
pub async fn on_screen(c: &Client, what: &str) -> Result<()> {
    let found = js(
        c,
        "(() => { const w = innerWidth; const bad = []; \
           for (const e of document.querySelectorAll('button, input, select, textarea, summary, a[href], [role=toolbar]')) { \
             const r = e.getBoundingClientRect(); if (r.width === 0 || r.height === 0) continue; \
             if (e.closest('details:not([open])') && e.tagName !== 'SUMMARY') continue; \
             if (e.classList.contains('skip')) continue; \
             if (r.left < -0.5 || r.right > w + 0.5) bad.push(`${e.tagName.toLowerCase()}#${e.id} ${Math.round(r.left)}..${Math.round(r.right)}`); } \
           return { w, scroll: document.scrollingElement.scrollWidth, bad: bad.slice(0, 6) }; })()",
    )
    .await?;
    let bad = found["bad"].as_array().map_or(0, Vec::len);
    ensure!(
        bad == 0 && found["scroll"].as_f64() <= found["w"].as_f64(),
        "{what}: the page is {} px wide in a {} px viewport; controls outside it: {}",
        found["scroll"],
        found["w"],
        found["bad"]
    );
    Ok(())
}

pub async fn shot(h: &Harness, c: &Client, name: &str) -> Result<()> {
    let path = h.shot(c, name).await?;
    if let Some(dir) = std::env::var_os("TESSERA_LEARN_DOCS") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir)?;
        std::fs::copy(&path, dir.join(format!("{name}.png")))?;
    }
    Ok(())
}

/// Steps the seed's example to the end with the keyboard and checks what it shows.
pub async fn seed(h: &Harness, c: &Client, tag: &str) -> Result<()> {
    c.goto(&h.url("/learn?view=xc&example=seed")).await?;
    wait_js(c, "document.querySelector('#xc-matrix tbody tr')", "the matrix").await?;
    on_screen(c, "the seed at the start").await?;
    crate::axe::clean(c, &format!("the Learn page ({tag})")).await?;
    // The top bar's theme button works here as on the other pages.
    let before = js(c, "document.getElementById('theme-toggle').getAttribute('aria-pressed')").await?;
    c.find(fantoccini::Locator::Id("theme-toggle")).await?.click().await?;
    let after = js(c, "document.getElementById('theme-toggle').getAttribute('aria-pressed')").await?;
    ensure!(before != after && after.is_string(), "the theme button: {before} then {after}");
    c.find(fantoccini::Locator::Id("theme-toggle")).await?.click().await?;
    let mut seen: Vec<String> = Vec::new();
    let mut step = 0;
    loop {
        let done = js(c, "document.getElementById('learn-step').disabled").await?;
        if done == Value::Bool(true) {
            break;
        }
        ensure!(step < 200, "the seed took more than 200 steps");
        press(c, &["."]).await?;
        step += 1;
        let ev = wait_js(
            c,
            &format!("document.getElementById('learn-say').dataset.step === '{step}' && document.getElementById('learn-say').dataset.event"),
            "the next step",
        )
        .await?;
        match ev.as_str() {
            Some("choose") => {
                let item = js(c, "document.querySelector('#xc-matrix th.chosen')?.dataset.item").await?;
                seen.push(item.as_str().context("a chosen column is marked after a choice")?.to_owned());
            }
            Some("backtrack") if seen.last().is_some_and(|s| s != "back") => seen.push("back".into()),
            _ => {}
        }
        if step == 14 {
            shot(h, c, &format!("learn-xc-{tag}")).await?;
            on_screen(c, "the seed in the middle").await?;
        }
    }
    while seen.last().is_some_and(|s| s == "back") {
        seen.pop();
    }
    ensure!(seen == ["1", "2", "5", "back", "5", "2"], "the items chosen: {seen:?}");
    let covers =
        js(c, "[...document.querySelectorAll('#xc-solutions li')].map(li => li.textContent)").await?;
    ensure!(
        covers == serde_json::json!(["D, A, E"]) || covers == serde_json::json!(["A, D, E"]),
        "the covers listed: {covers}"
    );
    let mut labels: Vec<String> =
        covers[0].as_str().unwrap_or_default().split(", ").map(str::to_owned).collect();
    labels.sort();
    ensure!(labels == ["A", "D", "E"], "the cover: {labels:?}");
    let shown = counters(c).await?;
    // What `tessera xc count --stats` prints for the same text: the default engine (DLX1 on a
    // problem this small).
    let problem = tessera::xc::parse(SEED)?;
    let count = problem.solver().count_all();
    let cli = (count.stats.nodes, count.stats.updates, count.solutions);
    ensure!(shown == cli, "the counters {shown:?} differ from the library's count {cli:?}");
    let (status, end) = h.api("GET", "/api/learn/xc?example=seed&to=end", None).await?;
    ensure!(status == 200, "to=end answered {status}: {end}");
    let api = (
        end["final"]["nodes"].as_u64(),
        end["final"]["updates"].as_u64(),
        end["final"]["solutions"].as_u64(),
    );
    ensure!(api == (Some(cli.0), Some(cli.1), Some(cli.2)), "the API's final {api:?}, the count {cli:?}");
    // One step back: the step before, its counters.
    press(c, &[","]).await?;
    wait_js(
        c,
        &format!("document.getElementById('learn-say').dataset.step === '{}'", step - 1),
        "a step back",
    )
    .await?;
    on_screen(c, "the seed at the end").await?;
    // A typed problem with a mistake: the form opens and says where.
    c.goto(&h.url("/learn?view=xc&problem=A%20B%0AA%20C")).await?;
    let said = wait_js(
        c,
        "document.getElementById('learn-status').dataset.state === 'error' && document.getElementById('learn-status').textContent",
        "the parse error",
    )
    .await?;
    ensure!(said.as_str().is_some_and(|s| s.contains("line 2, column 3")), "the error says {said}");
    ensure!(
        js(c, "document.getElementById('learn-pick').open").await? == Value::Bool(true),
        "the form is open"
    );
    ensure!(
        js(c, "document.getElementById('xc-problem').value").await? == Value::String("A B\nA C".into()),
        "the text typed is kept"
    );
    on_screen(c, "a typed problem's error").await?;
    Ok(())
}

/// Waits up to `limit` for `expr` (longer than `wait_js`: a first count to the end).
async fn wait_long(c: &Client, expr: &str, what: &str, limit: Duration) -> Result<Value> {
    let started = Instant::now();
    loop {
        if let Ok(v) = js(c, expr).await {
            if !(v.is_null() || v == Value::Bool(false)) {
                return Ok(v);
            }
        }
        if started.elapsed() > limit {
            let status =
                js(c, "document.getElementById('learn-status').textContent").await.unwrap_or_default();
            bail!("timed out after {limit:?} waiting for {what}; the page says {status}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Pentominoes on 6x10: the first tiling, then `to=end` and its gallery.
pub async fn tiling(h: &Harness, c: &Client, tag: &str) -> Result<()> {
    c.goto(&h.url("/learn?view=tiling&board=6x10")).await?;
    wait_js(c, "document.querySelectorAll('#board-grid .sq').length === 60", "the board").await?;
    press(c, &["s"]).await?;
    wait_long(
        c,
        "document.querySelectorAll('#board-grid .sq.filled').length === 60",
        "the first tiling",
        Duration::from_secs(30),
    )
    .await?;
    ensure!(counters(c).await?.2 == 1, "one solution counted at the first tiling");
    on_screen(c, "the first tiling").await?;
    shot(h, c, &format!("learn-tiling-{tag}")).await?;

    c.goto(&h.url("/learn?view=tiling&board=6x10&to=end")).await?;
    wait_long(c, "document.querySelector('#tiling-gallery')", "the gallery", Duration::from_secs(120))
        .await?;
    let (_, _, solutions) = counters(c).await?;
    ensure!(solutions == 9356, "the solutions counter reads {solutions}, not 9356");
    let (pieces, motion) = tessera::tiling::builtin("pentominoes").context("pentominoes")?;
    let puzzle = tessera::tiling::Puzzle::new(tessera::tiling::Board::parse_size("6x10")?, pieces, motion);
    let distinct =
        tessera::tiling::count_distinct(&puzzle, &tessera::tiling::Query::default()).count.solutions;
    let items = js(c, "document.querySelectorAll('#tiling-gallery li').length").await?;
    ensure!(
        items.as_u64() == Some(distinct),
        "the gallery holds {items} tilings; the library counts {distinct}"
    );
    wait_js(c, "document.querySelector('#tiling-gallery li svg')", "the first pictures").await?;
    js(c, "document.querySelectorAll('#tiling-gallery li')[1500].scrollIntoView()").await?;
    wait_js(
        c,
        "document.querySelectorAll('#tiling-gallery li')[1500].querySelector('svg')",
        "a picture far down",
    )
    .await?;
    on_screen(c, "the gallery").await?;
    js(c, "document.getElementById('learn-result').scrollIntoView()").await?;
    shot(h, c, &format!("learn-gallery-{tag}")).await?;
    Ok(())
}

/// N-queens, 8x8: "next solution" puts eight queens, none attacking another.
pub async fn queens(h: &Harness, c: &Client, tag: &str) -> Result<()> {
    c.goto(&h.url("/learn?view=queens&n=8")).await?;
    wait_js(c, "document.querySelectorAll('#board-grid .sq').length === 64", "the board").await?;
    press(c, &["s"]).await?;
    let squares = wait_js(
        c,
        "document.getElementById('learn-say').dataset.event === 'solution' && [...document.querySelectorAll('#board-grid .sq.filled')].map(q => Number(q.dataset.square))",
        "the first solution",
    )
    .await?;
    let mut columns = vec![usize::MAX; 8];
    for q in squares.as_array().context("squares")? {
        let q = q.as_u64().context("a square")? as usize;
        columns[q / 8] = q % 8;
    }
    let board = tessera::queens::Board::new(8)?;
    ensure!(tessera::queens::verify(&board, &columns).is_valid(), "the queens shown: {columns:?}");
    ensure!(counters(c).await?.2 == 1, "one solution counted");
    on_screen(c, "the queens").await?;
    shot(h, c, &format!("learn-queens-{tag}")).await?;
    Ok(())
}
