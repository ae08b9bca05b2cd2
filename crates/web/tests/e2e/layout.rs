//! The page on a phone and on a desktop (issue 13): scenarios run in a browser whose viewport is
//! set by Chromium's device emulation (`mobileEmulation.deviceMetrics`: headless windows cannot
//! be narrower than 500 px), at 390x844 (a phone held upright), 844x390 (sideways) and
//! 1280x800 (a laptop):
//!
//! - (j) phone, 9x9: no element passes the right edge (start page, game, records); the board,
//!   the whole pad, the timer and the tools are in view together; every pad button is at least
//!   44 px both ways; the "New game" form is folded while playing; a hint's text is in view;
//!   Start and Quit during a game open the confirmation dialog with Cancel focused, and Cancel
//!   keeps the game (on the server too); leaving asks (beforeunload); Quit confirmed ends it;
//! - (k) phone, 16x16: the board is as wide as the screen allows, rows keep one height when a
//!   row holds notes, nothing passes the right edge;
//! - (l, m) desktop, 16x16 and 9x9: the board fits 1280x800, rows keep one height with notes, Ctrl+Home and
//!   Ctrl+End go to the first and last cell, a conflict marks the player's cell and the given it
//!   clashes with, the same-digit ring shows, a hint's text is in view;
//! - (n) phone sideways, 9x9: the board fits the height, the pad beside it is in view.

use std::future::Future;
use std::time::Instant;

use anyhow::{anyhow, ensure, Context, Result};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder};
use serde_json::{json, Value};

use crate::harness::Harness;
use crate::page::{by_testid, cell, cells, classes, js, open_game_page, press, start_game, wait_js, width};

/// A browser session whose viewport is `w` x `h` CSS pixels (a touch phone if `mobile`).
async fn sized_browser(hs: &Harness, w: u32, h: u32, mobile: bool) -> Result<Client> {
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": hs.chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,900",
                     "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check"],
            "mobileEmulation": {
                "deviceMetrics": { "width": w, "height": h, "pixelRatio": 1.0, "mobile": mobile, "touch": mobile }
            },
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&hs.driver.url)
        .await
        .context("opening a sized Chromium session through chromedriver")
}

/// Runs one scenario in a session of the given viewport; a failure is screenshotted.
pub async fn scenario_at<'h, F, Fut>(h: &'h Harness, name: &str, size: (u32, u32), run: F) -> Option<String>
where
    F: FnOnce(&'h Harness, Client) -> Fut,
    Fut: Future<Output = Result<()>> + 'h,
{
    // A session's run of a few scenarios (`TESSERA_E2E_ONLY=nonogram`): the others are skipped.
    if std::env::var("TESSERA_E2E_ONLY").is_ok_and(|only| !name.contains(&only)) {
        return None;
    }
    let started = Instant::now();
    let client = match sized_browser(h, size.0, size.1, size.0 < 900 || size.1 < 500).await {
        Ok(client) => client,
        Err(err) => return Some(format!("{name}: {err:#}")),
    };
    let result = async {
        client.goto(&h.url("/")).await?;
        let seen = js(&client, "[innerWidth, innerHeight]").await?;
        ensure!(
            seen == json!([size.0, size.1]),
            "the viewport is {seen}, not {size:?}: the page is wider than the screen (a phone zooms out)"
        );
        run(h, client.clone()).await
    }
    .await;
    h.conclude(name, started, client, result).await
}

/// Fails naming the elements whose right edge passes the viewport (page scrolls sideways).
pub async fn no_overflow(c: &Client, what: &str) -> Result<()> {
    let found = js(
        c,
        "(() => { const w = document.documentElement.clientWidth; const bad = []; \
           for (const e of document.querySelectorAll('*')) { const r = e.getBoundingClientRect(); \
             if (r.width > 0 && r.height > 0 && r.right > w + 0.5) \
               bad.push(`${e.tagName.toLowerCase()}#${e.id}.${String(e.className)} right ${Math.round(r.right)}`); } \
           return { w, scroll: document.documentElement.scrollWidth, bad: bad.slice(0, 6) }; })()",
    )
    .await?;
    let bad = found["bad"].as_array().map_or(0, Vec::len);
    ensure!(
        bad == 0 && found["scroll"].as_f64() <= found["w"].as_f64(),
        "{what}: the page is {} px wide in a {} px viewport; past the right edge: {}",
        found["scroll"],
        found["w"],
        found["bad"]
    );
    Ok(())
}

/// The viewport rectangle of an element by id: [left, top, right, bottom].
async fn rect(c: &Client, id: &str) -> Result<[f64; 4]> {
    let v = js(
        c,
        &format!(
            "(() => {{ const r = document.getElementById('{id}').getBoundingClientRect(); \
               return [r.left, r.top, r.right, r.bottom]; }})()"
        ),
    )
    .await?;
    let n = |k: usize| v[k].as_f64().unwrap_or(f64::NAN);
    Ok([n(0), n(1), n(2), n(3)])
}

/// Fails unless the element is wholly inside the viewport (and not empty).
pub async fn in_view(c: &Client, id: &str) -> Result<[f64; 4]> {
    let r = rect(c, id).await?;
    let view = js(c, "[innerWidth, innerHeight]").await?;
    let (w, h) = (view[0].as_f64().unwrap_or(0.0), view[1].as_f64().unwrap_or(0.0));
    ensure!(
        r[2] > r[0] && r[3] > r[1] && r[0] >= -0.5 && r[1] >= -0.5 && r[2] <= w + 0.5 && r[3] <= h + 0.5,
        "#{id} is not inside the {w}x{h} viewport: left {:.0} top {:.0} right {:.0} bottom {:.0}",
        r[0],
        r[1],
        r[2],
        r[3]
    );
    Ok(r)
}

/// The sizes of the pad's buttons: [[width, height], ...].
async fn pad_sizes(c: &Client) -> Result<Vec<(f64, f64)>> {
    let v = js(
        c,
        "[...document.querySelectorAll('#pad button')].map(b => { const r = b.getBoundingClientRect(); \
           return [r.width, r.height]; })",
    )
    .await?;
    Ok(v.as_array()
        .map(|a| a.iter().map(|p| (p[0].as_f64().unwrap_or(0.0), p[1].as_f64().unwrap_or(0.0))).collect())
        .unwrap_or_default())
}

/// Puts every digit as a note in the first empty cell of row `r`; returns its column.
async fn notes_in_row(c: &Client, game: &Value, r: usize) -> Result<usize> {
    let n = width(game);
    let puzzle = cells(&game["puzzle"]);
    let col =
        (0..n).find(|&col| puzzle[r * n + col] == 0).ok_or_else(|| anyhow!("row {r} has no empty cell"))?;
    cell(c, r, col).await?.click().await?;
    by_testid(c, "notes-toggle").await?.click().await?;
    let symbols: Vec<String> = (1..=n)
        .map(|d| if d <= 9 { d.to_string() } else { char::from(b'A' + (d - 10) as u8).to_string() })
        .collect();
    for s in &symbols {
        by_testid(c, &format!("pad-{s}")).await?.click().await?;
    }
    by_testid(c, "notes-toggle").await?.click().await?;
    let text = cell(c, r, col).await?.text().await?;
    ensure!(text.split_whitespace().count() == n, "the cell {r},{col} does not show {n} notes: {text:?}");
    Ok(col)
}

/// Fails unless every row of the board has the same height.
async fn rows_equal(c: &Client) -> Result<f64> {
    let v = js(c, "[...document.querySelectorAll('#board tr')].map(tr => tr.getBoundingClientRect().height)")
        .await?;
    let heights: Vec<f64> =
        v.as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default();
    let (lo, hi) = heights.iter().fold((f64::MAX, 0.0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    ensure!(!heights.is_empty() && hi - lo < 0.5, "the board's rows differ in height: {heights:?}");
    Ok(hi)
}

/// The hint box's text is in view after pressing Hint.
async fn hint_in_view(c: &Client) -> Result<()> {
    by_testid(c, "hint").await?.click().await?;
    wait_js(c, "document.getElementById('hint-text').textContent.length > 0", "the hint's text").await?;
    in_view(c, "hint-text").await?;
    Ok(())
}

async fn game_status(h: &Harness, id: &str) -> Result<String> {
    let (_, game) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    Ok(game["status"].as_str().unwrap_or_default().to_owned())
}

/// Clicks `button` during a game: the confirmation dialog opens with Cancel focused; Cancel
/// closes it and the game goes on (same id, playing on the server).
async fn cancel_keeps_game(h: &Harness, c: &Client, button: &str, id: &str) -> Result<()> {
    by_testid(c, button).await?.click().await?;
    wait_js(c, "document.getElementById('confirm-dialog').open", &format!("the dialog after {button}"))
        .await?;
    let focused = js(c, "document.activeElement.id").await?;
    ensure!(focused == "confirm-cancel", "with the dialog open the focus is on {focused}, not Cancel");
    by_testid(c, "confirm-cancel").await?.click().await?;
    wait_js(c, "!document.getElementById('confirm-dialog').open", "the dialog to close").await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let saved = js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.game?.id").await?;
    ensure!(saved == id, "after {button} and Cancel the page plays {saved}, not {id}");
    ensure!(game_status(h, id).await? == "playing", "after {button} and Cancel the game is not playing");
    Ok(())
}

const SUDOKU_9: [(&str, &str); 4] =
    [("kind", "sudoku"), ("size", "9"), ("variant", "classic"), ("difficulty", "easy")];
const SUDOKU_16: [(&str, &str); 4] =
    [("kind", "sudoku"), ("size", "16"), ("variant", "classic"), ("difficulty", "easy")];

/// (j) Phone upright, 9x9.
pub async fn phone_9(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    no_overflow(c, "the start page at 390x844").await?;
    h.shot(c, "f0-phone-start").await?;
    let game = start_game(h, c, &SUDOKU_9).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    no_overflow(c, "a 9x9 game at 390x844").await?;
    let open = js(c, "document.getElementById('settings-panel').open").await?;
    ensure!(open == false, "the New game form stays open while playing");
    let board = in_view(c, "board").await?;
    let pad = in_view(c, "pad").await?;
    for id in ["timer", "pause", "notes-toggle", "undo", "hint", "check"] {
        in_view(c, id).await?;
    }
    ensure!(pad[1] >= board[3], "the pad is not under the board");
    let sizes = pad_sizes(c).await?;
    ensure!(sizes.len() == 10, "a 9x9 pad has {} buttons", sizes.len());
    ensure!(
        sizes.iter().all(|&(w, ht)| w >= 44.0 && ht >= 44.0),
        "pad buttons under 44 px at 390x844: {sizes:?}"
    );
    println!("    phone 9x9: board {:.0} px wide, pad buttons {:?}", board[2] - board[0], sizes[0]);
    h.shot(c, "f1-phone-game").await?;

    hint_in_view(c).await?;
    h.shot(c, "f2-phone-hint").await?;
    by_testid(c, "hint-close").await?.click().await?;

    // Leaving with a game in progress asks first (the handler cancels beforeunload).
    let asks = js(c, "(() => { const e = new Event('beforeunload', { cancelable: true }); dispatchEvent(e); return e.defaultPrevented; })()").await?;
    ensure!(asks == true, "leaving the page with a game in progress does not ask");

    // Start and Quit ask first; Cancel keeps the game.
    js(c, "(document.getElementById('settings-panel').open = true)").await?;
    cancel_keeps_game(h, c, "start", &id).await?;
    h.shot(c, "f3-phone-confirm-cancelled").await?;
    by_testid(c, "quit").await?.click().await?;
    wait_js(c, "document.getElementById('confirm-dialog').open", "the dialog after Quit").await?;
    h.shot(c, "f4-phone-confirm").await?;
    by_testid(c, "confirm-cancel").await?.click().await?;
    wait_js(c, "!document.getElementById('confirm-dialog').open", "the dialog to close").await?;
    ensure!(game_status(h, &id).await? == "playing", "Quit then Cancel ended the game");
    // Quit confirmed ends it, opens the form again, and leaving no longer asks.
    by_testid(c, "quit").await?.click().await?;
    wait_js(c, "document.getElementById('confirm-dialog').open", "the dialog after Quit").await?;
    by_testid(c, "confirm-ok").await?.click().await?;
    let started = Instant::now();
    while game_status(h, &id).await? != "quit" {
        ensure!(started.elapsed() < crate::harness::WAIT, "Quit confirmed did not end the game");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    wait_js(c, "document.getElementById('settings-panel').open", "the form to open after Quit").await?;
    let asks = js(c, "(() => { const e = new Event('beforeunload', { cancelable: true }); dispatchEvent(e); return e.defaultPrevented; })()").await?;
    ensure!(asks == false, "leaving the page after Quit still asks");

    c.goto(&h.url("/records")).await?;
    wait_js(c, "document.getElementById('records-summary').tBodies[0].rows.length > 0 || !document.getElementById('records-empty').hidden", "the records").await?;
    no_overflow(c, "the records page at 390x844").await?;
    h.shot(c, "f5-phone-records").await?;
    Ok(())
}

/// (k) Phone upright, 16x16.
pub async fn phone_16(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SUDOKU_16).await?;
    no_overflow(c, "a 16x16 game at 390x844").await?;
    let board = in_view(c, "board").await?;
    ensure!(
        board[2] - board[0] >= 360.0,
        "a 16x16 board is only {:.0} px wide at 390 px",
        board[2] - board[0]
    );
    let before = rows_equal(c).await?;
    notes_in_row(c, &game, 1).await?;
    let after = rows_equal(c).await?;
    ensure!((after - before).abs() < 0.5, "notes made the rows {after} px high instead of {before}");
    in_view(c, "pad").await?;
    println!("    phone 16x16: board {:.0} px, rows {after:.1} px", board[2] - board[0]);
    h.shot(c, "g1-phone-16-notes").await?;
    Ok(())
}

/// (l) Desktop, 16x16.
pub async fn desktop_16(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    no_overflow(c, "the start page at 1280x800").await?;
    let game = start_game(h, c, &SUDOKU_16).await?;
    let n = width(&game);
    no_overflow(c, "a 16x16 game at 1280x800").await?;
    js(c, "scrollTo(0, 0) ?? true").await?;
    let board = in_view(c, "board").await?;
    in_view(c, "pad").await?;
    in_view(c, "timer").await?;
    rows_equal(c).await?;
    notes_in_row(c, &game, 2).await?;
    rows_equal(c).await?;
    println!("    desktop 16x16: board {:.0}x{:.0} px", board[2] - board[0], board[3] - board[1]);

    // Ctrl+Home and Ctrl+End: the first and the last cell.
    let ctrl = |key: &str| {
        let k = key.chars().next().unwrap_or(' ');
        KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: Key::Control.into() })
            .then(KeyAction::Down { value: k })
            .then(KeyAction::Up { value: k })
            .then(KeyAction::Up { value: Key::Control.into() })
    };
    cell(c, 5, 5).await?.click().await?;
    c.perform_actions(ctrl(&Key::End)).await?;
    let sel = crate::page::focused_cell(c).await?;
    ensure!(sel == Some((n - 1, n - 1)), "Ctrl+End moved the focus to {sel:?}, not the last cell");
    c.perform_actions(ctrl(&Key::Home)).await?;
    let sel = crate::page::focused_cell(c).await?;
    ensure!(sel == Some((0, 0)), "Ctrl+Home moved the focus to {sel:?}, not the first cell");
    let selected = classes(&cell(c, 0, 0).await?).await?;
    ensure!(selected.iter().any(|s| s == "selected"), "Ctrl+Home did not select cell 0,0: {selected:?}");

    // A conflict marks the player's cell and the given it repeats.
    let puzzle = cells(&game["puzzle"]);
    let (r, empty, given_col) = (0..n)
        .find_map(|r| {
            let row = &puzzle[r * n..(r + 1) * n];
            Some((r, row.iter().position(|&v| v == 0)?, row.iter().position(|&v| v > 0)?))
        })
        .ok_or_else(|| anyhow!("no row with a given and an empty cell"))?;
    let digit = puzzle[r * n + given_col] as usize;
    cell(c, r, empty).await?.click().await?;
    let symbol =
        if digit <= 9 { digit.to_string() } else { char::from(b'A' + (digit - 10) as u8).to_string() };
    by_testid(c, &format!("pad-{symbol}")).await?.click().await?;
    for (what, col) in [("the player's cell", empty), ("the given it repeats", given_col)] {
        let class = classes(&cell(c, r, col).await?).await?;
        ensure!(class.iter().any(|s| s == "conflict"), "{what} ({r},{col}) is not marked: {class:?}");
    }
    // The given with the selected digit is "same" elsewhere: its ring shows.
    let ring = js(c, "getComputedStyle(document.querySelector('#board td.same') || document.body).boxShadow")
        .await?;
    ensure!(ring.as_str().is_some_and(|s| s.contains("inset")), "no ring on the same-digit cells: {ring}");
    h.shot(c, "h1-desktop-16-conflict").await?;
    hint_in_view(c).await?;
    h.shot(c, "h2-desktop-16-hint").await?;
    // Escape closes the hint, as its Close button does.
    press(c, &[&Key::Escape]).await?;
    wait_js(c, "document.getElementById('hintbox').hidden", "the hint closed by Escape").await?;
    Ok(())
}

/// (h') Desktop, 9x9 in dark mode: the look stays as it was, nothing passes the edge.
pub async fn desktop_9(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    start_game(h, c, &SUDOKU_9).await?;
    no_overflow(c, "a 9x9 game at 1280x800").await?;
    in_view(c, "board").await?;
    in_view(c, "pad").await?;
    h.shot(c, "h3-desktop-9").await?;
    by_testid(c, "theme-toggle").await?.click().await?;
    cell(c, 4, 4).await?.click().await?;
    h.shot(c, "h4-desktop-9-dark").await?;
    Ok(())
}

/// (n) Phone sideways, 9x9.
pub async fn landscape_9(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    start_game(h, c, &SUDOKU_9).await?;
    no_overflow(c, "a 9x9 game at 844x390").await?;
    let board = rect(c, "board").await?;
    ensure!(board[3] - board[1] <= 390.0, "the board is {:.0} px high at 844x390", board[3] - board[1]);
    js(c, "scrollTo(0, 0) ?? true").await?;
    in_view(c, "board").await?;
    let pad = in_view(c, "pad").await?;
    ensure!(pad[0] >= board[2], "the pad is not beside the board");
    let sizes = pad_sizes(c).await?;
    ensure!(sizes.iter().all(|&(w, ht)| w >= 44.0 && ht >= 44.0), "pad buttons under 44 px: {sizes:?}");
    hint_in_view(c).await?;
    h.shot(c, "i1-landscape-hint").await?;
    Ok(())
}
