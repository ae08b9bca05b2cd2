//! Page helpers: JavaScript in the page, elements by `data-testid`, keys, the game's settings,
//! and the library's solutions of the game shown.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Context, Result};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::Value;
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout, Sudoku};

use crate::harness::{Harness, WAIT};

/// Evaluates a JavaScript expression in the page.
pub async fn js(c: &Client, expr: &str) -> Result<Value> {
    Ok(c.execute(&format!("return ({expr});"), vec![]).await?)
}

/// Waits until a JavaScript expression is truthy (errors count as false).
pub async fn wait_js(c: &Client, expr: &str, what: &str) -> Result<Value> {
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

pub async fn by_testid(c: &Client, id: &str) -> Result<Element> {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(&format!("[data-testid=\"{id}\"]")))
        .await
        .with_context(|| format!("finding data-testid={id}"))
}

pub async fn cell(c: &Client, r: usize, col: usize) -> Result<Element> {
    by_testid(c, &format!("cell-{r}-{col}")).await
}

pub async fn classes(el: &Element) -> Result<Vec<String>> {
    let class = el.attr("class").await?.unwrap_or_default();
    Ok(class.split_whitespace().map(str::to_owned).collect())
}

pub async fn label(el: &Element) -> Result<String> {
    Ok(el.attr("aria-label").await?.unwrap_or_default())
}

/// Presses keys (WebDriver key actions: they go to whatever has the focus).
pub async fn press(c: &Client, keys: &[&str]) -> Result<()> {
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
pub async fn focused_cell(c: &Client) -> Result<Option<(usize, usize)>> {
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
pub async fn saved_game(c: &Client) -> Result<Value> {
    js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')").await
}

/// Opens the game page and waits until the settings are filled from `/options.js` (the server's
/// `GET /api/options`).
pub async fn open_game_page(h: &Harness, c: &Client) -> Result<()> {
    c.goto(&h.url("/")).await?;
    wait_js(c, "document.getElementById('size').options.length > 0", "the settings").await?;
    Ok(())
}

/// Chooses the settings as a player would (the selects) and presses Start; returns the game
/// (`GET /api/games/{id}` of the id the page saved).
pub async fn start_game(h: &Harness, c: &Client, settings: &[(&str, &str)]) -> Result<Value> {
    choose_settings(h, c, settings).await?;
    by_testid(c, "start").await?.click().await?;
    started_game(h, c).await
}

/// Chooses the settings as a player would (the selects).
pub async fn choose_settings(h: &Harness, c: &Client, settings: &[(&str, &str)]) -> Result<()> {
    for (id, value) in settings {
        choose(c, id, value).await.with_context(|| format!("choosing {value} in {id}"))?;
        let chosen = js(c, &format!("document.getElementById('{id}').value")).await?;
        if chosen != *value {
            // Go on with the value set by script (no change event), so that the rest is tested.
            h.bug(format!(
                "choosing {value:?} in the select {id:?} leaves it at {chosen} (settings {settings:?})"
            ));
            js(c, &format!("(document.getElementById('{id}').value = '{value}')")).await?;
        }
    }
    Ok(())
}

/// Chooses `value` for the form's `id` as a player does: by its chip (`{id}-{value}`, the
/// puzzle and the level) where the form has chips for it, else in its select.
pub async fn choose(c: &Client, id: &str, value: &str) -> Result<()> {
    let chip = format!("[data-testid=\"{id}-{value}\"]");
    let has_chip = js(c, &format!("document.querySelector('{chip}') !== null")).await? == true;
    if has_chip {
        c.find(Locator::Css(&chip)).await?.click().await?;
    } else {
        by_testid(c, id).await?.select_by_value(value).await?;
    }
    Ok(())
}

/// The game the page started (`GET /api/games/{id}` of the id it saved), once its board shows.
pub async fn started_game(h: &Harness, c: &Client) -> Result<Value> {
    let id = wait_js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.game?.id", "a new game")
        .await?;
    let id = id.as_str().ok_or_else(|| anyhow!("game id {id}"))?.to_owned();
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"], #board td.hole') !== null", "the board")
        .await?;
    let (status, game) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(status == 200, "GET /api/games/{id}: {status} {game}");
    Ok(game)
}

pub fn cells(value: &Value) -> Vec<i32> {
    value.as_array().map_or_else(Vec::new, |a| a.iter().map(|v| v.as_i64().unwrap_or(0) as i32).collect())
}

pub fn width(game: &Value) -> usize {
    let config = &game["config"];
    config["size"].as_u64().or_else(|| config["width"].as_u64()).unwrap_or(0) as usize
}

/// The solution of a Sudoku game, by the library.
pub fn sudoku_solution(game: &Value) -> Result<Vec<i32>> {
    let size = width(game);
    let mut layout = Layout::classic(size)?;
    if game["config"]["variant"] == "x" {
        layout = layout.with_diagonals();
    }
    let digits = cells(&game["puzzle"]).iter().map(|&v| v as u8).collect();
    let puzzle = Sudoku::from_digits(Arc::new(layout), digits)?;
    let solution = sudoku::solve(&puzzle, &sudoku::Query::default())?
        .ok_or_else(|| anyhow!("the puzzle has no solution"))?;
    Ok(solution.cells().iter().map(|&d| i32::from(d)).collect())
}

/// The solution of a Hidato game, by the library.
pub fn hidato_solution(game: &Value) -> Result<Vec<i32>> {
    let (w, h) = (width(game), game["config"]["height"].as_u64().unwrap_or(0) as usize);
    let adjacency =
        if game["config"]["adjacency"] == "numbrix" { Adjacency::Orthogonal } else { Adjacency::King };
    let puzzle = Hidato::new(w, h, cells(&game["puzzle"]), adjacency)?;
    let solution = hidato::solve(&puzzle, &hidato::Query::default())?
        .ok_or_else(|| anyhow!("the Hidato has no solution"))?;
    Ok(solution.cells().to_vec())
}

/// Clicks a cell and types `text` into it.
pub async fn type_into(c: &Client, r: usize, col: usize, text: &str) -> Result<()> {
    let el = cell(c, r, col).await?;
    el.click().await?;
    press(c, &[text]).await
}

/// The digit shown in a cell ("" when empty).
pub async fn cell_text(c: &Client, r: usize, col: usize) -> Result<String> {
    Ok(cell(c, r, col).await?.text().await?.trim().to_owned())
}

/// Fills every empty cell of the puzzle with the solution, cell by cell (click and type).
pub async fn fill(c: &Client, game: &Value, solution: &[i32]) -> Result<()> {
    let w = width(game);
    let puzzle = cells(&game["puzzle"]);
    for (i, (&given, &value)) in puzzle.iter().zip(solution).enumerate() {
        if given == 0 {
            type_into(c, i / w, i % w, &value.to_string()).await?;
        }
    }
    Ok(())
}

pub const SETTINGS_SUDOKU_4: [(&str, &str); 4] =
    [("kind", "sudoku"), ("size", "4"), ("variant", "classic"), ("difficulty", "easy")];

/// Waits for the solved dialog and returns (time, place) as shown.
pub async fn solved_dialog(c: &Client) -> Result<(String, String)> {
    wait_js(c, "document.getElementById('solved-dialog').open", "the solved dialog").await?;
    let time = by_testid(c, "solved-time").await?.text().await?;
    let place = by_testid(c, "solved-place").await?.text().await?;
    Ok((time, place))
}

pub fn is_hms(text: &str) -> bool {
    let parts: Vec<&str> = text.split(':').collect();
    parts.len() == 3 && parts.iter().all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit()))
}

/// Takes the hint shown to its last stage, the move in words ("Show more" until it is gone).
pub async fn hint_to_the_move(c: &Client) -> Result<()> {
    for _ in 0..3 {
        if js(c, "document.getElementById('hint-more').hidden").await? == true {
            return Ok(());
        }
        by_testid(c, "hint-more").await?.click().await?;
    }
    bail!("three presses of \"Show more\" did not reach the hint's move")
}
