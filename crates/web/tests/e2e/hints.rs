//! (ab) Hints from the player's state, at 390x844: on a fresh diabolical 9x9 from the pool (its
//! level checked by the library's rater), a wrong digit typed makes Hint say that there is a
//! mistake and mark no cell; "Show where" marks exactly that one cell; Undo takes it back. Then
//! Hint and "Apply this step", pressed again and again, solve the puzzle: every step is new
//! (never offered twice), its words name what it changes, applying it puts its digits on the
//! board and takes its candidates out of the notes, and at most 160 steps end in the solved
//! dialog. The hints the page receives are read from its own requests (`fetch` wrapped in the
//! page), the board from what the page saves.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, ensure, Result};
use fantoccini::Client;
use serde_json::{json, Value};
use tessera::sudoku::logic;

use crate::harness::Harness;
use crate::layout::in_view;
use crate::page::{
    by_testid, cells, choose_settings, hint_to_the_move, js, open_game_page, saved_game, sudoku_solution,
    type_into, wait_js,
};

const SETTINGS: [(&str, &str); 4] =
    [("kind", "sudoku"), ("size", "9"), ("variant", "classic"), ("difficulty", "diabolical")];
/// The bar of issue 26: hint-and-apply steps to solve a diabolical 9x9.
const MAX_STEPS: usize = 160;
/// How long a diabolical 9x9 may take to be made when the pool has none yet.
const PATIENCE: Duration = Duration::from_secs(120);

/// Records every hint answer the page gets (`window.hintAnswers`), and clears the hint's text.
const WRAP_FETCH: &str = "(() => { if (window.hintAnswers) return true; window.hintAnswers = []; \
    const real = window.fetch.bind(window); \
    window.fetch = async (url, init) => { const res = await real(url, init); \
      if (String(url).endsWith('/hint')) { const body = await res.clone().json().catch(() => null); \
        window.hintAnswers.push({ status: res.status, body }); } \
      return res; }; return true; })()";

/// A hint's first stage as the page shows it: its words, the cells shaded for where to look,
/// the cells ringed (none yet), whether a chain is drawn (not yet), and whether Apply is wholly
/// in the viewport.
const FIRST_STAGE: &str =
    "(() => { const r = document.getElementById('hint-apply').getBoundingClientRect(); \
    return { text: document.getElementById('hint-text').textContent, \
             area: document.querySelectorAll('#board td.hint-area').length, \
             ringed: document.querySelectorAll('#board td.hint, #board td.hint-target').length, \
             chain: document.getElementById('chain') !== null, \
             applyInView: r.right > r.left && r.bottom > r.top && r.left >= -0.5 && r.top >= -0.5 \
               && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 }; })()";

pub async fn diabolical_by_hints(h: &Harness, c: &Client) -> Result<()> {
    // One game through the API first, so that a diabolical 9x9 is made (or stored) before the
    // page asks; it is quit, and the pool keeps making more.
    let started = Instant::now();
    loop {
        let (status, game) = h
            .api("POST", "/api/games", Some(json!({"kind":"sudoku","size":9,"difficulty":"diabolical"})))
            .await?;
        if status == 201 {
            let id = game["id"].as_str().unwrap_or_default();
            h.api("POST", &format!("/api/games/{id}/quit"), None).await?;
            break;
        }
        ensure!(status == 503 && started.elapsed() < PATIENCE, "no diabolical 9x9: {status} {game}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    open_game_page(h, c).await?;
    choose_settings(h, c, &SETTINGS).await?;
    by_testid(c, "start").await?.click().await?;
    let game = started_game_patiently(h, c).await?;
    ensure!(game["difficulty"] == "diabolical" && game["assisted"] == false, "the game started: {game}");
    let puzzle = cells(&game["puzzle"]);
    let digits = puzzle.iter().map(|&v| v as u8).collect();
    let sudoku = tessera::sudoku::Sudoku::from_digits(
        std::sync::Arc::new(tessera::sudoku::Layout::classic(9)?),
        digits,
    )?;
    let rating = logic::rate(&sudoku);
    ensure!(
        rating.difficulty == logic::Difficulty::Diabolical,
        "the pool's diabolical rates {:?}",
        rating.difficulty
    );
    let solution = sudoku_solution(&game)?;
    js(c, WRAP_FETCH).await?;

    mistake_told_then_located(h, c, &puzzle, &solution).await?;

    let mut seen = HashSet::new();
    let mut steps = 0;
    let mut eliminating = 0;
    let mut chains = 0;
    loop {
        if js(c, "document.getElementById('solved-dialog').open").await? == true {
            break;
        }
        ensure!(steps < MAX_STEPS, "{MAX_STEPS} steps did not solve the diabolical 9x9");
        let answer = ask_hint(c, steps).await?;
        let body = &answer["body"];
        ensure!(answer["status"] == 200, "step {steps}: the hint answered {answer}");
        let (placements, eliminations) = (pairs(&body["placements"]), pairs(&body["eliminations"]));
        ensure!(
            seen.insert((placements.clone(), eliminations.clone())),
            "step {steps}: the same step offered again: {body}"
        );
        // The three stages: where to look (shaded, no move yet), the technique, the move.
        let teaches = !matches!(body["technique"].as_str(), Some("reveal" | "none") | None);
        if teaches {
            // The first stage's state in one look (one WebDriver round trip, not seven: this loop
            // runs some eighty steps).
            let first = js(c, FIRST_STAGE).await?;
            let text = first["text"].as_str().unwrap_or_default();
            let changes = body["changes"].as_str().unwrap_or_default();
            ensure!(text.starts_with("Look at"), "step {steps}: the first stage says {text:?}");
            ensure!(
                changes.is_empty() || !text.contains(changes),
                "step {steps}: the first stage gives the move away: {text:?}"
            );
            ensure!(first["area"].as_u64().unwrap_or(0) > 0, "step {steps}: the first stage shades no cell");
            ensure!(first["ringed"] == 0, "step {steps}: the first stage rings the pattern already");
            ensure!(first["chain"] == false, "step {steps}: a chain drawn at the first stage");
            ensure!(first["applyInView"] == true, "step {steps}: Apply is not in view: {first}");
            by_testid(c, "hint-more").await?.click().await?;
            let second = js(c, "document.getElementById('hint-text').textContent").await?;
            let second = second.as_str().unwrap_or_default();
            ensure!(second.contains("Technique:"), "step {steps}: the second stage says {second:?}");
            if chain_drawn(c, body).await.map_err(|e| anyhow!("step {steps}: {e}"))? {
                chains += 1;
            }
            if steps == 0 {
                h.shot(c, "w1-hint-stage-2").await?;
            }
        }
        hint_to_the_move(c).await?;
        let text = js(c, "document.getElementById('hint-text').textContent").await?;
        let text = text.as_str().unwrap_or_default().to_owned();
        let changes = body["changes"].as_str().unwrap_or_default();
        ensure!(
            !changes.is_empty() && text.contains(changes),
            "step {steps}: the hint's words {text:?} lack {changes:?}"
        );
        // The technique is named once ("Alternating inference chain: Alternating inference
        // chain: ..." was shown).
        if let Some(technique) = body["technique"].as_str().filter(|t| !t.is_empty()) {
            let (text, technique) = (text.to_lowercase(), technique.to_lowercase());
            ensure!(
                !text.starts_with(&format!("{technique}: {technique}")),
                "step {steps}: {technique:?} named twice in {text:?}"
            );
        }
        if steps == 0 {
            in_view(c, "hint-apply").await?;
            h.shot(c, "w2-first-hint").await?;
            crate::axe::clean(c, "a diabolical 9x9 with its first hint").await?;
        }
        let before = saved_game(c).await?;
        by_testid(c, "hint-apply").await?.click().await?;
        // Applied: the saved board has the digits and lacks the candidates. The look returns
        // the dialog's state and the saved game with it.
        let check = format!(
            "(() => {{ const open = document.getElementById('solved-dialog').open; \
               const g = JSON.parse(localStorage.getItem('tessera.game') || 'null'); \
               if (open) return {{ open, g }}; if (!g) return null; \
               const p = {p}, e = {e}; \
               return p.every(([i, v]) => g.cells[i] === v) && e.every(([i, d]) => g.cells[i] !== 0 || !(g.notes[i] & (1 << d))) \
                 && (p.length > 0 || e.some(([i]) => g.notes[i] !== 0)) ? {{ open, g }} : null; }})()",
            p = json!(placements),
            e = json!(eliminations)
        );
        let after = wait_js(c, &check, &format!("step {steps} applied to the board and the notes")).await?;
        ensure!(after["open"] == true || after["g"] != before, "step {steps}: Apply changed nothing");
        for &(i, v) in &placements {
            ensure!(solution[i] == v, "step {steps}: {v} placed in cell {i} against the solution");
        }
        if placements.is_empty() {
            eliminating += 1;
        }
        steps += 1;
        // The last digit: the page checks, opens the solved dialog and forgets the saved game
        // (a moment before the dialog opens: no saved game is a full board too).
        let full = after["open"] == true
            || after["g"].is_null()
            || after["g"]["cells"].as_array().is_some_and(|cells| cells.iter().all(|v| v != 0));
        if full {
            wait_js(
                c,
                "document.getElementById('solved-dialog').open",
                "the solved dialog after the last step",
            )
            .await?;
        }
    }
    let (status, now) =
        h.api("GET", &format!("/api/games/{}", game["id"].as_str().unwrap_or_default()), None).await?;
    ensure!(
        status == 200 && now["status"] == "solved" && now["assisted"] == true,
        "after the last step: {now}"
    );
    println!("    diabolical 9x9 by hints: {steps} steps ({eliminating} of them only eliminating, {chains} chains drawn)");
    h.shot(c, "w3-solved-by-hints").await?;
    Ok(())
}

/// A wrong digit typed: Hint says there is a mistake and marks no cell; "Show where" marks that
/// one; Undo takes the digit back.
async fn mistake_told_then_located(h: &Harness, c: &Client, puzzle: &[i32], solution: &[i32]) -> Result<()> {
    let cell = puzzle.iter().position(|&v| v == 0).ok_or_else(|| anyhow!("a full puzzle"))?;
    let wrong = solution[cell] % 9 + 1;
    type_into(c, cell / 9, cell % 9, &wrong.to_string()).await?;
    let answer = ask_hint(c, 0).await?;
    ensure!(
        answer["status"] == 409 && answer["body"]["mistake"] == true,
        "a hint on a wrong digit: {answer}"
    );
    ensure!(answer["body"].get("wrong").is_none(), "the hint names the wrong cells unasked: {answer}");
    let text = by_testid(c, "hint-text").await?.text().await?;
    ensure!(text.contains("There is a mistake"), "the hint says {text:?}");
    ensure!(
        js(c, "document.querySelectorAll('#board td.wrong').length").await? == 0,
        "a cell marked unasked"
    );
    ensure!(by_testid(c, "hint-locate").await?.is_displayed().await?, "no \"Show where\" button");
    in_view(c, "hint-locate").await?;
    h.shot(c, "w1-mistake-told").await?;
    let asked = js(c, "window.hintAnswers.length").await?.as_u64().unwrap_or(0);
    by_testid(c, "hint-locate").await?.click().await?;
    wait_js(c, &format!("window.hintAnswers.length > {asked}"), "the answer to \"Show where\"").await?;
    wait_js(c, "document.querySelectorAll('#board td.wrong').length === 1", "one cell marked wrong").await?;
    let marked = js(c, "document.querySelector('#board td.wrong').dataset.row * 9 + Number(document.querySelector('#board td.wrong').dataset.col)").await?;
    ensure!(marked.as_u64() == Some(cell as u64), "the cell marked is {marked}, the wrong one {cell}");
    let title = js(c, "document.getElementById('gameinfo').textContent").await?;
    ensure!(title.as_str().is_some_and(|t| t.contains("(assisted)")), "the bar says {title}");
    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!("JSON.parse(localStorage.getItem('tessera.game')).cells[{cell}] === 0"),
        "Undo of the wrong digit",
    )
    .await?;
    Ok(())
}

/// At a hint's second stage: a hint with a chain (`chain`, its nodes) has it drawn over the
/// board (`#chain`: a ring a node, a line a link, strong and weak alternating from a strong
/// one), and a hint without one has none. Returns whether a chain was drawn.
async fn chain_drawn(c: &Client, body: &Value) -> Result<bool> {
    let nodes = pairs(&body["chain"]);
    let drawn = js(
        c,
        "(() => { const svg = document.getElementById('chain'); if (!svg) return null; \
           return { rings: svg.querySelectorAll('circle').length, \
                    links: [...svg.querySelectorAll('line')].map((l) => l.getAttribute('class')) }; })()",
    )
    .await?;
    if nodes.is_empty() {
        ensure!(drawn.is_null(), "a chain drawn for a hint without one: {drawn}");
        return Ok(false);
    }
    ensure!(!drawn.is_null(), "the chain of {} nodes is not drawn", nodes.len());
    let want: Vec<&str> = (0..nodes.len() - 1).map(|k| if k % 2 == 0 { "strong" } else { "weak" }).collect();
    ensure!(
        drawn["rings"] == nodes.len() && drawn["links"] == json!(want),
        "the chain {nodes:?} is drawn as {drawn}"
    );
    Ok(true)
}

/// (ab') A chain drawn: the textbook alternating inference chain of the library's tests, opened
/// from a share link, hinted and applied until its chain step comes; at that step's second
/// stage the chain is over the board, link by link (`chain_drawn`); the move's stage keeps it.
pub async fn chain_on_the_board(h: &Harness, c: &Client) -> Result<()> {
    const AIC: &str = "....2..7..3.........49...5..46.8.1....514......2..3..9..8..2.......9.7..16.75.4..";
    c.goto(&h.url(&format!("/?kind=sudoku&puzzle={AIC}"))).await?;
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board").await?;
    js(c, WRAP_FETCH).await?;
    for step in 0..40 {
        let answer = ask_hint(c, step).await?;
        ensure!(answer["status"] == 200, "step {step}: the hint answered {answer}");
        let body = &answer["body"];
        if pairs(&body["chain"]).is_empty() {
            hint_to_the_move(c).await?;
            by_testid(c, "hint-apply").await?.click().await?;
            wait_js(c, "document.getElementById('hintbox').hidden", &format!("step {step} applied")).await?;
            continue;
        }
        ensure!(
            js(c, "document.getElementById('chain') === null").await? == true,
            "a chain at the first stage"
        );
        by_testid(c, "hint-more").await?.click().await?;
        ensure!(chain_drawn(c, body).await?, "no chain drawn");
        h.shot(c, "ab2-chain-drawn").await?;
        crate::axe::clean(c, "a hint with its chain drawn").await?;
        by_testid(c, "hint-more").await?.click().await?;
        ensure!(chain_drawn(c, body).await?, "the chain went at the move's stage");
        by_testid(c, "hint-close").await?.click().await?;
        return Ok(());
    }
    bail!("40 hints gave no chain on the textbook AIC")
}

/// Presses Hint and returns the page's answer `{status, body}` once shown.
async fn ask_hint(c: &Client, step: usize) -> Result<Value> {
    let asked = js(c, "(document.getElementById('hint-text').textContent = '', window.hintAnswers.length)")
        .await?
        .as_u64()
        .unwrap_or(0);
    wait_js(c, "!document.getElementById('hint').disabled", "the Hint button").await?;
    by_testid(c, "hint").await?.click().await?;
    wait_js(
        c,
        &format!(
            "window.hintAnswers.length > {asked} && document.getElementById('hint-text').textContent.length > 0 \
               ? window.hintAnswers[window.hintAnswers.length - 1] : null"
        ),
        &format!("hint {step}"),
    )
    .await
}

fn pairs(value: &Value) -> Vec<(usize, i32)> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|p| Some((p.get(0)?.as_u64()? as usize, p.get(1)?.as_i64()? as i32)))
                .collect()
        })
        .unwrap_or_default()
}

/// The game the page started, waiting as long as the page retries a pool still filling.
async fn started_game_patiently(h: &Harness, c: &Client) -> Result<Value> {
    let started = Instant::now();
    let id = loop {
        let id = js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.game?.id || ''").await?;
        if let Some(id) = id.as_str().filter(|id| !id.is_empty()) {
            break id.to_owned();
        }
        if started.elapsed() > PATIENCE {
            bail!("no game started in {PATIENCE:?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board").await?;
    let (status, game) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(status == 200, "GET /api/games/{id}: {status} {game}");
    Ok(game)
}
