//! (t) The families served through the library's traits (Killer Sudoku, KenKen, Star Battle,
//! variant Sudoku, Skyscrapers, Futoshiki, Nonogram), each at 390x844: the family chosen in the
//! form, a small puzzle started, nothing past the right edge and the board and pad in view, the
//! picture drawn (thick region borders where there are regions, Killer's dashed cage outlines,
//! clues in the corner, Nonogram's runs beside the grid), cells named with their cage, a conflict
//! shown, a hint's words and cells shown, then the puzzle played to the end through the page
//! (digits typed; stars by tapping a cell twice: dot, then star; shading by one tap) with the
//! library's own solution, and the solved dialog's time. Nonogram is played in Korean and Hebrew
//! too (`play_in`): the hint's move in the language, the board left to right, nothing cut off.

use anyhow::{ensure, Result};
use fantoccini::Client;
use serde_json::Value;
use tessera::{Draw, Query, Readable};

use crate::harness::Harness;
use crate::page::{
    by_testid, cell, cells, choose_settings, is_hms, js, label, open_game_page, solved_dialog, started_game,
    type_into, wait_js, width,
};

/// The library's solution of a puzzle text as the API's grid (`-1` blocked; stars `1`, none `2`;
/// shaded `1`, empty `2`).
pub fn solved<P: Readable<ReadOptions = ()> + Draw>(text: &str) -> Result<Vec<i32>> {
    let puzzle = P::read(text, &()).next().ok_or_else(|| anyhow::anyhow!("no puzzle"))??;
    let solution = puzzle.solve(&Query::default())?.ok_or_else(|| anyhow::anyhow!("no solution"))?;
    let picture = puzzle.picture(Some(&solution));
    let stars = picture.cells.iter().any(|c| c.text == "★");
    let shading = picture.marks.iter().any(|mark| matches!(mark, tessera::common::Mark::Runs { .. }));
    Ok(picture
        .cells
        .iter()
        .zip(&picture.regions)
        .map(|(cell, region)| match () {
            _ if cell.blocked || region.is_none() => -1,
            _ if stars && cell.text == "★" => 1,
            _ if stars => 2,
            _ if shading => 2 - i32::from(cell.shaded),
            _ => cell.text.parse().unwrap_or(0),
        })
        .collect())
}

/// Auto notes on a caged board: every empty cell's notes hold its digit of the solution (never
/// less than the truth), a one-cell cage's notes are its digit alone, and some cell has fewer
/// notes than its row, column and box leave it (the cages narrowed them); then off, and the notes
/// undone.
async fn auto_notes_know_the_cages(c: &Client, game: &Value, solution: &[i32]) -> Result<()> {
    by_testid(c, "auto-notes").await?.click().await?;
    let notes =
        wait_js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.notes", "the notes").await?;
    let notes: Vec<u64> =
        notes.as_array().map_or_else(Vec::new, |a| a.iter().map(|v| v.as_u64().unwrap_or(0)).collect());
    let puzzle = cells(&game["puzzle"]);
    let n = game["rules"]["max"].as_u64().unwrap_or(9);
    let mut narrowed = false;
    let peers = |i: usize| -> Vec<usize> {
        game["rules"]["distinct"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|g| g.as_array())
            .filter(|g| g.iter().any(|x| x.as_u64() == Some(i as u64)))
            .flatten()
            .filter_map(Value::as_u64)
            .map(|x| x as usize)
            .collect()
    };
    for (i, &v) in puzzle.iter().enumerate() {
        if v != 0 {
            continue;
        }
        let truth = 1u64 << solution[i];
        ensure!(
            notes[i] & truth != 0,
            "cell {i}: auto notes {:b} leave out its digit {}",
            notes[i],
            solution[i]
        );
        let mut by_peers = ((1u64 << (n + 1)) - 1) & !1;
        for p in peers(i) {
            if puzzle[p] > 0 {
                by_peers &= !(1u64 << puzzle[p]);
            }
        }
        narrowed |= notes[i] & !by_peers == 0 && notes[i] != by_peers;
    }
    for cage in game["rules"]["cages"].as_array().into_iter().flatten() {
        let cage_cells: Vec<usize> = cage["cells"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .map(|x| x as usize)
            .collect();
        if let [only] = cage_cells[..] {
            if puzzle[only] == 0 {
                ensure!(
                    notes[only] == 1u64 << solution[only],
                    "one-cell cage at {only}: notes {:b}",
                    notes[only]
                );
            }
        }
    }
    ensure!(narrowed, "no cell's auto notes were narrowed by its cage");
    by_testid(c, "auto-notes").await?.click().await?;
    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        "(JSON.parse(localStorage.getItem('tessera.game') || 'null')?.notes || []).every((n) => !n)",
        "the notes undone",
    )
    .await?;
    Ok(())
}

/// Plays a game of `kind` at its smallest size to the end through the page, in English.
pub async fn play(h: &Harness, c: &Client, kind: &str, solve: fn(&str) -> Result<Vec<i32>>) -> Result<()> {
    play_in(h, c, kind, solve, "en").await
}

/// Plays a game of `kind` at its smallest size to the end through the page in `lang` (`en`,
/// `ko`, `he`: the player's choice, kept in the preferences).
pub async fn play_in(
    h: &Harness,
    c: &Client,
    kind: &str,
    solve: fn(&str) -> Result<Vec<i32>>,
    lang: &str,
) -> Result<()> {
    open_game_page(h, c).await?;
    if lang != "en" {
        js(c, &format!("localStorage.setItem('tessera.prefs', JSON.stringify({{ lang: '{lang}' }}))"))
            .await?;
        open_game_page(h, c).await?;
        wait_js(c, &format!("document.documentElement.lang === '{lang}'"), "the page in the language")
            .await?;
    }
    let shot = |step: &str| {
        if lang == "en" {
            format!("t-{kind}-{step}")
        } else {
            format!("t-{kind}-{lang}-{step}")
        }
    };
    let (_, options) = h.api("GET", "/api/options", None).await?;
    let size = options[kind]["sizes"][0].as_u64().unwrap_or(4).to_string();
    choose_settings(h, c, &[("kind", kind), ("size", &size), ("difficulty", "easy")]).await?;
    by_testid(c, "start").await?.click().await?;
    let game = started_game(h, c).await?;
    ensure!(game["kind"] == kind, "asked for {kind}, got {}", game["kind"]);
    let solution = solve(game["share"].as_str().unwrap_or_default())?;
    let w = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let stars = game["rules"]["entry"] == "stars";
    let shade = game["rules"]["entry"] == "shade";
    fits(c).await?;
    if lang != "en" {
        crate::languages::laid_out(c, &format!("{lang}: a {kind} game")).await?;
        let board = js(c, "getComputedStyle(document.getElementById('board')).direction").await?;
        ensure!(board == "ltr", "{lang}: the board is laid out {board}");
    }
    h.shot(c, &shot("1-started")).await?;
    crate::axe::clean(c, &format!("a {kind} game in {lang}")).await?;

    // The picture: thick borders between regions, where there are several; the clues drawn;
    // names carry the cage.
    let regions = game["picture"]["regions"].as_array().cloned().unwrap_or_default();
    if regions.iter().any(|r| *r != regions[0]) {
        let thick = js(c, "document.querySelectorAll('#board td.bl, #board td.bt').length").await?;
        ensure!(thick.as_u64().unwrap_or(0) > 0, "no thick region border drawn");
    }
    if shade {
        runs_drawn(c, &game).await?;
    }
    // (A variant Sudoku without killer cages has no clue in a corner.)
    let caged = game["rules"]["cages"].as_array().is_some_and(|c| !c.is_empty());
    // (Kakuro's clues are its blocks' sums, each split by a diagonal: a text per sum.)
    let marks = game["picture"]["marks"].as_array().cloned().unwrap_or_default();
    let sums: usize = marks
        .iter()
        .filter(|m| m["kind"] == "sums")
        .map(|m| usize::from(m.get("down").is_some()) + usize::from(m.get("right").is_some()))
        .sum();
    if sums > 0 {
        let drawn = js(c, "document.querySelectorAll('.mk-sums-text').length").await?;
        ensure!(drawn.as_u64() == Some(sums as u64), "{sums} sums of clue blocks, {drawn} drawn");
    } else if !stars && caged {
        let corners = js(c, "document.querySelectorAll('#board td .corner').length").await?;
        ensure!(corners.as_u64().unwrap_or(0) > 0, "no clue drawn in a corner");
        let name = label(&cell(c, 0, 0).await?).await?;
        ensure!(name.contains("cage"), "cell 1,1 is named {name:?}: no cage");
        if let Some(cages) = game["picture"]["cages"].as_array().filter(|c| !c.is_empty()) {
            // The outline is open between two cells of one cage and closed between two cages.
            let sides = js(
                c,
                "[...document.querySelectorAll('#board td')].map((td) => { const o = td.querySelector('.cage');
                   return o ? ['ct', 'cr', 'cb', 'cl'].map((k) => o.classList.contains(k)) : null; })",
            )
            .await?;
            for i in 0..cages.len() {
                let (r, col) = (i / w, i % w);
                let right = col + 1 < w && cages[i] == cages[i + 1];
                let below = r + 1 < cages.len() / w && cages[i] == cages[i + w];
                ensure!(
                    sides[i][1] == !right && sides[i][2] == !below,
                    "cell {r},{col}: the dashed outline's sides {} for cages {cages:?}",
                    sides[i]
                );
            }
        }
    }

    if !stars && caged {
        auto_notes_know_the_cages(c, &game, &solution).await?;
    }

    if stars {
        // Regions in tints, touching regions in different ones, and the count of stars said.
        let tints = js(
            c,
            "[...document.querySelectorAll('#board td')].map((td) => [...td.classList].find((k) => k.startsWith('tint-')) || null)",
        )
        .await?;
        let regions = &game["picture"]["regions"];
        let h_cells = tints.as_array().map_or(0, Vec::len);
        ensure!(h_cells == puzzle.len(), "{h_cells} cells drawn for {}", puzzle.len());
        for i in 0..puzzle.len() {
            ensure!(tints[i].is_string(), "cell {i} has no region tint");
            for j in [i + 1, i + w] {
                let beside = j < puzzle.len() && (j != i + 1 || (i + 1) % w != 0);
                if beside && regions[i] != regions[j] {
                    ensure!(tints[i] != tints[j], "cells {i} and {j}: touching regions share {}", tints[i]);
                }
            }
        }
        let n = game["rules"]["max"].as_u64().unwrap_or(0);
        let said = js(c, "document.getElementById('board').getAttribute('aria-label')").await?;
        ensure!(
            said.as_str().is_some_and(|t| t.contains(&format!("{n}★"))),
            "the board's name {said} does not say {n} stars"
        );
    }

    // A conflict: two equal digits side by side in a row (so in one run where blocks part a
    // row; two stars side by side; for shading, a whole row shaded whose runs are not one run
    // of its width).
    let pair = (0..puzzle.len() - 1).find(|&i| (i + 1) % w != 0 && puzzle[i] == 0 && puzzle[i + 1] == 0);
    let pair = pair.ok_or_else(|| anyhow::anyhow!("no two open cells side by side"))?;
    let (first, open) = (pair / w, [pair % w, pair % w + 1]);
    let (row, a, taps) = if shade {
        let row = (0..puzzle.len() / w)
            .find(|&r| (0..w).any(|col| solution[r * w + col] != 1))
            .ok_or_else(|| anyhow::anyhow!("every row is shaded whole"))?;
        for col in 0..w {
            cell(c, row, col).await?.click().await?;
        }
        (row, 0, w)
    } else if stars {
        for i in open {
            cell(c, first, i).await?.click().await?;
            cell(c, first, i).await?.click().await?;
        }
        (first, open[0], 4)
    } else {
        type_into(c, first, open[0], "1").await?;
        type_into(c, first, open[1], "1").await?;
        (first, open[0], 2)
    };
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{row}-{a}\"]').classList.contains('conflict')"),
        "a conflict",
    )
    .await?;
    if lang == "en" {
        let name = label(&cell(c, row, a).await?).await?;
        ensure!(name.contains("conflict"), "a conflict's name is {name:?}");
    }
    h.shot(c, &shot("2-conflict")).await?;
    for _ in 0..taps {
        by_testid(c, "undo").await?.click().await?;
    }
    ensure!(
        cells_shown(c, row, w).await?.iter().zip(&puzzle[row * w..]).all(|(s, &p)| p != 0 || s.is_empty()),
        "Undo left values"
    );

    // A hint: its words and its cells shown (not applied).
    by_testid(c, "hint").await?.click().await?;
    wait_js(c, "!document.getElementById('hintbox').hidden && document.getElementById('hint-text').textContent.length > 10", "the hint's words").await?;
    // First where to look, shaded; the move after "Show more".
    let area = js(c, "document.querySelectorAll('#board td.hint-area').length").await?;
    ensure!(area.as_u64().unwrap_or(0) > 0, "the hint's first stage shades no cell");
    crate::page::hint_to_the_move(c).await?;
    let marked = js(c, "document.querySelectorAll('#board td.hint').length").await?;
    ensure!(marked.as_u64().unwrap_or(0) > 0, "the hint marks no cell");
    if lang != "en" {
        let words = js(c, "document.getElementById('hint-text').textContent").await?;
        let words = words.as_str().unwrap_or_default();
        let english = ["Shade ", "Mark ", "Place ", "Put a star", "Remove "];
        ensure!(
            !english.iter().any(|w| words.contains(w)),
            "{lang}: the hint's move is in English: {words:?}"
        );
        crate::languages::laid_out(c, &format!("{lang}: a {kind} hint")).await?;
    }
    h.shot(c, &shot("3-hint")).await?;
    crate::axe::clean(c, &format!("a {kind} game with a hint shown")).await?;
    by_testid(c, "hint-close").await?.click().await?;

    // Played to the end.
    for (i, (&given, &value)) in puzzle.iter().zip(&solution).enumerate() {
        if given != 0 {
            continue;
        }
        if shade {
            if value == 1 {
                cell(c, i / w, i % w).await?.click().await?;
            }
        } else if stars {
            if value == 1 {
                cell(c, i / w, i % w).await?.click().await?;
                cell(c, i / w, i % w).await?.click().await?;
            }
        } else {
            type_into(c, i / w, i % w, &value.to_string()).await?;
        }
    }
    let (time, _) = solved_dialog(c).await?;
    ensure!(is_hms(&time), "the dialog's time is {time:?}");
    if shade {
        let open = js(c, "document.querySelectorAll('#board .runs:not(.done)').length").await?;
        ensure!(open == 0, "{open} clues not greyed on the solved board");
    }
    if lang != "en" {
        crate::languages::laid_out(c, &format!("{lang}: the solved dialog of {kind}")).await?;
    }
    println!("    {kind} ({lang}) solved in {time}");
    h.shot(c, &shot("4-solved")).await?;
    crate::axe::clean(c, &format!("the solved dialog of a {kind} game in {lang}")).await?;
    Ok(())
}

/// Nonogram: every line's runs drawn beside the grid as the game's rules give them (a row's left
/// of its first cell, a column's above its top cell), none greyed on the empty board but the
/// lines of no run, the row clues left of the grid and the column clues above it.
async fn runs_drawn(c: &Client, game: &Value) -> Result<()> {
    let drawn = js(
        c,
        "(() => { const g = document.querySelector('[data-testid=\"cell-0-0\"]').getBoundingClientRect();
           return [...document.querySelectorAll('#board .runs')].map((e) => { const r = e.getBoundingClientRect();
             return { row: e.classList.contains('runs-row'), text: [...e.children].map((n) => n.dataset.n).join(' '),
                      done: e.classList.contains('done'), left: r.right <= g.left + 0.5, above: r.bottom <= g.top + 0.5,
                      seen: r.left >= -0.5 && r.top >= -0.5 }; }); })()",
    )
    .await?;
    let drawn = drawn.as_array().cloned().unwrap_or_default();
    let lines = game["rules"]["lines"].as_array().cloned().unwrap_or_default();
    ensure!(drawn.len() == lines.len(), "{} clues drawn for {} lines", drawn.len(), lines.len());
    let words = |runs: &Value| {
        let runs: Vec<String> = runs.as_array().into_iter().flatten().map(ToString::to_string).collect();
        if runs.is_empty() {
            "0".to_owned()
        } else {
            runs.join(" ")
        }
    };
    let mut wanted: Vec<String> = lines.iter().map(|line| words(&line["runs"])).collect();
    let mut shown: Vec<String> =
        drawn.iter().map(|d| d["text"].as_str().unwrap_or_default().to_owned()).collect();
    wanted.sort();
    shown.sort();
    ensure!(wanted == shown, "the clues drawn {shown:?} are not the rules' {wanted:?}");
    for d in &drawn {
        let placed = if d["row"] == true { d["left"] == true } else { d["above"] == true };
        ensure!(placed && d["seen"] == true, "a clue out of place or off the screen: {d}");
        ensure!(d["done"] == (d["text"] == "0"), "a clue greyed on the empty board: {d}");
    }
    Ok(())
}

/// (t) at 844x390 and 1280x800: the largest side of a family fits beside or under the pad.
pub async fn largest_fits(h: &Harness, c: &Client, kind: &str, prefix: &str) -> Result<()> {
    open_game_page(h, c).await?;
    let (_, options) = h.api("GET", "/api/options", None).await?;
    let sizes = options[kind]["sizes"].as_array().cloned().unwrap_or_default();
    let size = sizes.last().and_then(Value::as_u64).unwrap_or(9).to_string();
    let level = options[kind]["levels"][&size][0].as_str().unwrap_or("easy").to_owned();
    choose_settings(h, c, &[("kind", kind), ("size", &size), ("difficulty", &level)]).await?;
    by_testid(c, "start").await?.click().await?;
    let game = started_game(h, c).await?;
    ensure!(width(&game).to_string() == size, "asked for {size}, got {}", game["config"]);
    fits(c).await?;
    h.shot(c, &format!("{prefix}{kind}-{size}")).await?;
    Ok(())
}

/// The value shown in each cell of `row` (not the corner clue).
async fn cells_shown(c: &Client, row: usize, w: usize) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for col in 0..w {
        let shown = js(
            c,
            &format!("document.querySelector('[data-testid=\"cell-{row}-{col}\"] .v')?.textContent || ''"),
        )
        .await?;
        out.push(shown.as_str().unwrap_or_default().to_owned());
    }
    Ok(out)
}

/// Nothing passes the right edge; the board and the pad are in view without scrolling.
async fn fits(c: &Client) -> Result<()> {
    let check = js(
        c,
        "(() => { const W = document.documentElement.clientWidth, H = window.innerHeight;
           const over = [...document.querySelectorAll('body *')].filter((e) => { const r = e.getBoundingClientRect();
             return r.width > 0 && r.right > W + 0.5; }).map((e) => e.id || e.className || e.tagName).slice(0, 5);
           const b = document.getElementById('board').getBoundingClientRect();
           const p = document.getElementById('pad').getBoundingClientRect();
           return { over, sideways: document.documentElement.scrollWidth > W, board: [b.left, b.right, b.bottom],
                    pad: p.bottom, W, H }; })()",
    )
    .await?;
    ensure!(
        check["over"].as_array().is_some_and(Vec::is_empty) && check["sideways"] == false,
        "past the right edge: {check}"
    );
    let h = check["H"].as_f64().unwrap_or(0.0);
    ensure!(check["board"][2].as_f64().unwrap_or(f64::MAX) <= h, "the board is not in view: {check}");
    ensure!(check["pad"].as_f64().unwrap_or(f64::MAX) <= h, "the pad is not in view: {check}");
    Ok(())
}
