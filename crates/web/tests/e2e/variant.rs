//! (tv) Variant Sudoku imported, at 390x844: for each family of constraints (lines, dots, cages,
//! regions, global rules) a published puzzle of Interactive Sudoku Solver's collection
//! (crates/puzzles/tests/data/variant/iss.tsv), turned into an f-puzzles share link by the
//! library, pasted into the paste panel with its kind guessed from the text; its marks drawn, a
//! wrong digit shown as a conflict by the rules the library describes (`variant::live`), three
//! hints shown and applied (each placing its solution's digit), then played to the end with the
//! published solution and the solved dialog shown.

use anyhow::{anyhow, ensure, Result};
use fantoccini::Client;

use crate::harness::Harness;
use crate::page::{
    by_testid, cells, is_hms, js, open_game_page, solved_dialog, started_game, type_into, wait_js, width,
};

/// The puzzles: the family, the ISS name, and what must be drawn (a CSS selector in the marks).
pub const IMPORTED: [(&str, &str, &str); 5] = [
    ("lines", "Thermo", ".mk-line, path"),
    ("dots", "Kropki sudoku", ".mk-dot"),
    ("cages", "Killer", ""),
    ("regions", "Jigsaw", ""),
    ("global", "Anti-knights move", ""),
];

/// The ISS string and published solution of a puzzle of the collection, by name.
fn published(name: &str) -> Result<(String, Vec<i32>)> {
    let text = include_str!("../../../puzzles/tests/data/variant/iss.tsv");
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(name))
        .ok_or_else(|| anyhow!("{name} is not in iss.tsv"))?;
    let fields: Vec<&str> = line.split('\t').collect();
    let solution =
        fields.get(3).copied().unwrap_or("").chars().map(|c| c.to_digit(10).unwrap_or(0) as i32).collect();
    Ok((fields[2].to_owned(), solution))
}

/// Imports, draws, hints and plays one puzzle.
pub async fn imported(h: &Harness, c: &Client, family: &str, name: &str, drawn: &str) -> Result<()> {
    let (iss, solution) = published(name)?;
    let puzzle = tessera::variant::parse(&iss)?;
    let link = tessera::variant::to_link(&puzzle);
    open_game_page(h, c).await?;
    js(c, "(document.getElementById('paste-panel').open = true)").await?;
    js(c, &format!("(document.getElementById('paste-text').value = {link:?})")).await?;
    by_testid(c, "paste-play").await?.click().await?;
    let game = started_game(h, c).await?;
    ensure!(game["kind"] == "variant", "{name}: the link was played as {}", game["kind"]);
    let w = width(&game);
    ensure!(w * w == solution.len(), "{name}: a {w}x{w} board for a solution of {}", solution.len());
    let givens = cells(&game["puzzle"]);
    h.shot(c, &format!("t-variant-{family}-1-imported")).await?;

    // Drawn: the marks' picture (lines, dots, ...), thick borders for the regions, cage outlines.
    if !drawn.is_empty() {
        let found = js(c, &format!("document.querySelectorAll('#family-marks {drawn}').length")).await?;
        ensure!(found.as_u64().unwrap_or(0) > 0, "{name}: nothing drawn matches {drawn}");
    }
    let thick = js(c, "document.querySelectorAll('#board td.bl, #board td.bt').length").await?;
    ensure!(thick.as_u64().unwrap_or(0) > 0, "{name}: no region border drawn");
    if family == "cages" {
        let outlines = js(c, "document.querySelectorAll('#board td .cage').length").await?;
        ensure!(outlines.as_u64().unwrap_or(0) > 0, "{name}: no cage outline drawn");
    }

    // A conflict: a digit the rules refuse in an open cell (the one of its row's given, or for a
    // row without givens the same digit in two open cells).
    let open: Vec<usize> = (0..w * w).filter(|&i| givens[i] == 0).collect();
    let (a, b) = (open[0], *open.iter().find(|&&i| i / w == open[0] / w && i != open[0]).unwrap_or(&open[1]));
    type_into(c, a / w, a % w, "1").await?;
    type_into(c, b / w, b % w, "1").await?;
    wait_js(
        c,
        &format!(
            "document.querySelector('[data-testid=\"cell-{}-{}\"]').classList.contains('conflict')",
            a / w,
            a % w
        ),
        "a conflict",
    )
    .await?;
    for _ in 0..2 {
        by_testid(c, "undo").await?.click().await?;
    }

    // Three hints, each shown and applied: the digits it places are the solution's.
    for round in 0..3 {
        by_testid(c, "hint").await?.click().await?;
        wait_js(c, "!document.getElementById('hintbox').hidden && document.getElementById('hint-text').textContent.length > 10", "the hint's words").await?;
        let words = js(c, "document.getElementById('hint-text').textContent").await?;
        if round == 0 {
            h.shot(c, &format!("t-variant-{family}-2-hint")).await?;
        }
        let apply = js(c, "!document.getElementById('hint-apply').hidden").await?;
        ensure!(apply == true, "{name}: hint {round} has no Apply: {words}");
        by_testid(c, "hint-apply").await?.click().await?;
        let grid =
            wait_js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.cells", "the grid")
                .await?;
        let grid = cells(&grid);
        for (i, (&v, &s)) in grid.iter().zip(&solution).enumerate() {
            ensure!(
                v == 0 || v == s,
                "{name}: after hint {round} ({words}) cell {i} holds {v}, the solution {s}"
            );
        }
    }

    // Played to the end with the published solution.
    let grid = cells(
        &wait_js(c, "JSON.parse(localStorage.getItem('tessera.game') || 'null')?.cells", "the grid").await?,
    );
    for (i, &value) in solution.iter().enumerate() {
        if givens[i] == 0 && grid.get(i).copied().unwrap_or(0) != value {
            type_into(c, i / w, i % w, &value.to_string()).await?;
        }
    }
    let (time, _) = solved_dialog(c).await?;
    ensure!(is_hms(&time), "{name}: the dialog's time is {time:?}");
    h.shot(c, &format!("t-variant-{family}-3-solved")).await?;
    let (_, now) =
        h.api("GET", &format!("/api/games/{}", game["id"].as_str().unwrap_or_default()), None).await?;
    ensure!(now["status"] == "solved" && now["assisted"] == true, "{name}: after hints the game is {now}");
    Ok(())
}
