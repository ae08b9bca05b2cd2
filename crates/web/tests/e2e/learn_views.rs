//! (ad) The Learn page's Sudoku and Hidato views (issue 30), at 390x844 and 1280x800.
//!
//! - Sudoku: the race's three node counts on one puzzle equal the library's searches that
//!   `tessera sudoku solve --engine backtrack|mrv|dlx1 --stats` runs (the CLI's own equality is
//!   tested with the binary in crates/cli/tests/it/learn_race.rs); four steps fill a cell.
//! - Hidato: "next solution" grows the path to a solution, drawn on the board.
//! - Nothing off screen in either.

use anyhow::{ensure, Result};
use fantoccini::Client;
use tessera::sudoku::teach::{self, Engine};
use tessera::sudoku::{Budget, Sudoku};

use crate::harness::Harness;
use crate::learn::{on_screen, shot};
use crate::page::{js, press, wait_js};

/// The classic example of Wikipedia's "Sudoku" article.
const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

pub async fn sudoku(h: &Harness, c: &Client, tag: &str) -> Result<()> {
    c.goto(&h.url(&format!("/learn?view=sudoku&puzzle={CLASSIC}"))).await?;
    let shown = wait_js(
        c,
        "(() => { const v = ['backtrack','mrv','dlx1'].map(e => document.querySelector(`[data-race-nodes=\"${e}\"]`)?.textContent); \
           return v.every(t => /^[0-9]+$/.test(t || '')) && v.map(Number); })()",
        "the race's three counts",
    )
    .await?;
    crate::axe::clean(c, &format!("the Learn page's Sudoku view ({tag})")).await?;
    let puzzle = Sudoku::from_line(CLASSIC)?;
    let budget = Budget::unlimited().with_nodes(2_000_000);
    let library: Vec<u64> = [Engine::Backtrack, Engine::Mrv, Engine::ExactCover]
        .into_iter()
        .map(|engine| teach::solve(&puzzle, engine, 1, &budget).count.stats.nodes)
        .collect();
    ensure!(shown == serde_json::json!(library), "the race shows {shown}; the searches count {library:?}");
    ensure!(
        library.iter().all(|&n| n > 1) && library[0] > library[1],
        "plain backtracking enters the most nodes: {library:?}"
    );

    let filled = "document.querySelectorAll('.learn-sudoku-board td:not(.learn-given)').length - [...document.querySelectorAll('.learn-sudoku-board td:not(.learn-given)')].filter(td => td.textContent.trim() === '').length";
    let before = js(c, filled).await?;
    for step in 1..=4 {
        press(c, &["."]).await?;
        wait_js(c, &format!("document.getElementById('learn-say').dataset.step === '{step}'"), "a step")
            .await?;
    }
    let after = js(c, filled).await?;
    ensure!(after.as_u64() > before.as_u64(), "four steps filled no cell: {before} then {after}");
    on_screen(c, "the Sudoku view").await?;
    shot(h, c, &format!("learn-sudoku-{tag}")).await?;
    Ok(())
}

/// (ad) The Hidato view: "next solution" grows the path to the end of the small built-in board;
/// the path is drawn, one solution is counted, nothing is off screen.
pub async fn hidato(h: &Harness, c: &Client, tag: &str) -> Result<()> {
    c.goto(&h.url("/learn?view=hidato&example=small")).await?;
    wait_js(c, "document.querySelector('.learn-hidato svg')", "the board").await?;
    crate::axe::clean(c, &format!("the Learn page's Hidato view ({tag})")).await?;
    press(c, &["s"]).await?;
    wait_js(c, "document.getElementById('learn-say').dataset.event === 'solution'", "the first solution")
        .await?;
    let solutions =
        js(c, "Number(document.querySelector('[data-counter=\"solutions\"]').textContent)").await?;
    ensure!(solutions.as_u64() == Some(1), "the solutions counter reads {solutions}");
    let drawn = js(c, "document.querySelectorAll('.learn-hidato svg polyline, .learn-hidato svg path, .learn-hidato svg line').length").await?;
    ensure!(drawn.as_u64().is_some_and(|n| n > 0), "no path drawn on the board");
    on_screen(c, "the Hidato view").await?;
    shot(h, c, &format!("learn-hidato-{tag}")).await?;
    Ok(())
}
