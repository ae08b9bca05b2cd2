//! Playing with a finger at 390x844 (issue 26):
//!
//! - (y) Hidato drawn by dragging: a touch drag (WebDriver touch actions, so real pointer
//!   events of type "touch") from a given through the cells of the next numbers writes them,
//!   walking on through a given on the way; the page does not scroll; one Undo takes the whole
//!   stroke back; a mouse drag that goes back a cell takes its last number off again; a drag
//!   to a cell that does not touch the last one writes nothing;
//! - (y2) Nonogram painted by dragging: a touch drag along a row shades every cell it passes
//!   (one undo step, the page not scrolled), a wobble into the next row paints nothing there, a
//!   mouse drag from a shaded cell dots the shaded cells it passes and leaves the others, and a
//!   tap after a stroke still cycles one cell;
//! - (z) 16x16 Sudoku zoomed: the Zoom tool shows, and on, every cell is at least 44x44 px,
//!   notes are at least 10 px, the page is no wider than the screen, the board pans inside its
//!   window, the keyboard's selection and a tapped cell stay in view, and the pad is in view;
//!   off, the board fits the screen again.

use std::time::Duration;

use anyhow::{anyhow, ensure, Result};
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::key::Key;
use fantoccini::Client;
use serde_json::Value;

use crate::harness::Harness;
use crate::layout::in_view;
use crate::page::{by_testid, cells, hidato_solution, js, open_game_page, press, start_game, wait_js, width};

/// The viewport centre of the cell at index i.
async fn centre(c: &Client, w: usize, i: usize) -> Result<(f64, f64)> {
    let v = js(
        c,
        &format!(
            "(() => {{ const r = document.querySelector('[data-testid=\"cell-{}-{}\"]').getBoundingClientRect(); \
               return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
            i / w,
            i % w
        ),
    )
    .await?;
    Ok((v[0].as_f64().unwrap_or(f64::NAN), v[1].as_f64().unwrap_or(f64::NAN)))
}

/// The moves of a drag through the centres of `path` (the first is where it presses), each
/// taking `ms` (0: a jump, one pointermove; else the driver moves through the points between).
async fn moves(c: &Client, w: usize, path: &[usize], ms: u64) -> Result<Vec<PointerAction>> {
    let mut out = Vec::new();
    for (k, &i) in path.iter().enumerate() {
        let (x, y) = centre(c, w, i).await?;
        let duration = Some(Duration::from_millis(if k == 0 { 0 } else { ms }));
        out.push(PointerAction::MoveTo { duration, x, y });
        if k == 0 {
            out.push(PointerAction::Down { button: MOUSE_BUTTON_LEFT });
        }
    }
    out.push(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
    Ok(out)
}

async fn touch_drag(c: &Client, w: usize, path: &[usize], ms: u64) -> Result<()> {
    let mut actions = TouchActions::new("finger".into());
    for a in moves(c, w, path, ms).await? {
        actions = actions.then(a);
    }
    c.perform_actions(actions).await?;
    c.release_actions().await?;
    Ok(())
}

async fn mouse_drag(c: &Client, w: usize, path: &[usize]) -> Result<()> {
    let mut actions = MouseActions::new("mouse".into());
    for a in moves(c, w, path, 120).await? {
        actions = actions.then(a);
    }
    c.perform_actions(actions).await?;
    c.release_actions().await?;
    Ok(())
}

async fn board_cells(c: &Client) -> Result<Vec<i32>> {
    Ok(cells(&js(c, "JSON.parse(localStorage.getItem('tessera.game')).cells").await?))
}

async fn undo_depth(c: &Client) -> Result<usize> {
    Ok(js(c, "JSON.parse(localStorage.getItem('tessera.game')).undo.length").await?.as_u64().unwrap_or(0)
        as usize)
}

/// (y) Drawing a Hidato path by touch and by mouse.
pub async fn hidato_drag(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(
        h,
        c,
        &[("kind", "hidato"), ("size", "7x7"), ("variant", "hidato"), ("difficulty", "easy")],
    )
    .await?;
    let w = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = hidato_solution(&game)?;
    let at = |v: i32| solution.iter().position(|&x| x == v);
    // The longest stretch k, k+1, ... from a given k whose next cell is empty (at most 6 on).
    let mut best: Vec<usize> = Vec::new();
    for (i, &k) in puzzle.iter().enumerate() {
        if k <= 0 || at(k + 1).is_none_or(|j| puzzle[j] != 0) {
            continue;
        }
        let mut path = vec![i];
        let mut v = k + 1;
        while let Some(j) = at(v) {
            path.push(j);
            if path.len() == 7 {
                break;
            }
            v += 1;
        }
        if path.len() > best.len() {
            best = path;
        }
    }
    ensure!(best.len() >= 3, "no stretch of two empty cells after a given in {puzzle:?}");
    let drawn: Vec<usize> = best[1..].iter().copied().filter(|&j| puzzle[j] == 0).collect();
    let start = puzzle[best[0]];
    println!("    drag from {start} through {} cells ({} to draw)", best.len() - 1, drawn.len());
    let scroll = js(c, "scrollY").await?;
    let depth = undo_depth(c).await?;
    touch_drag(c, w, &best, 120).await?;
    wait_js(
        c,
        &format!(
            "(() => {{ const g = JSON.parse(localStorage.getItem('tessera.game')).cells; \
               return {drawn:?}.every((j) => g[j] !== 0); }})()"
        ),
        "the drawn numbers",
    )
    .await?;
    let after = board_cells(c).await?;
    for &j in &drawn {
        ensure!(after[j] == solution[j], "cell {j} holds {} after the drag, not {}", after[j], solution[j]);
    }
    let others = after.iter().enumerate().filter(|(i, &v)| v != puzzle[*i] && !drawn.contains(i)).count();
    ensure!(others == 0, "the drag changed {others} cells off its path: {after:?}");
    ensure!(js(c, "scrollY").await? == scroll, "the page scrolled during the drag");
    ensure!(undo_depth(c).await? == depth + 1, "the drag is not one undo step");
    for &j in &drawn {
        let text = by_testid(c, &format!("cell-{}-{}", j / w, j % w)).await?.text().await?;
        ensure!(text.trim() == solution[j].to_string(), "cell {j} shows {text:?}");
    }
    h.shot(c, "y0-hidato-drawn").await?;

    // One Undo takes the whole stroke back.
    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!(
            "(() => {{ const g = JSON.parse(localStorage.getItem('tessera.game')).cells; \
               return {drawn:?}.every((j) => g[j] === 0); }})()"
        ),
        "the stroke undone",
    )
    .await?;
    ensure!(board_cells(c).await? == puzzle, "Undo left {:?}", board_cells(c).await?);

    // A mouse drag forth two cells and back one keeps the first number only.
    let (a, b) = (best[1], best[2]);
    if puzzle[a] == 0 && puzzle[b] == 0 {
        mouse_drag(c, w, &[best[0], a, b, a]).await?;
        wait_js(
            c,
            &format!("JSON.parse(localStorage.getItem('tessera.game')).cells[{a}] === {}", solution[a]),
            "the mouse drag",
        )
        .await?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let now = board_cells(c).await?;
        ensure!(now[b] == 0, "going back a cell left {} in cell {b}", now[b]);
        by_testid(c, "undo").await?.click().await?;
        wait_js(c, &format!("JSON.parse(localStorage.getItem('tessera.game')).cells[{a}] === 0"), "undone")
            .await?;
    }

    // A cell that does not touch the start gets nothing (a jump there: one pointermove).
    let far = (0..puzzle.len())
        .find(|&j| {
            let (r0, c0) = ((best[0] / w) as i64, (best[0] % w) as i64);
            let (r, col) = ((j / w) as i64, (j % w) as i64);
            puzzle[j] == 0 && ((r - r0).abs() > 1 || (col - c0).abs() > 1)
        })
        .ok_or_else(|| anyhow!("no cell away from the start"))?;
    touch_drag(c, w, &[best[0], far], 0).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    ensure!(
        board_cells(c).await? == puzzle,
        "a drag to a cell not touching the start wrote {:?}",
        board_cells(c).await?
    );
    Ok(())
}

/// Rectangles of every cell: [[width, height], ...] and of the board's window.
async fn cell_sizes(c: &Client) -> Result<Value> {
    js(
        c,
        "(() => { const cs = [...document.querySelectorAll('#board td')].map((t) => { \
             const r = t.getBoundingClientRect(); return [r.width, r.height]; }); \
           const wr = document.getElementById('board-wrap').getBoundingClientRect(); \
           return { min: [Math.min(...cs.map((x) => x[0])), Math.min(...cs.map((x) => x[1]))], \
                    wrap: [wr.left, wr.top, wr.right, wr.bottom], \
                    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth] }; })()",
    )
    .await
}

/// Whether the cell at (r, col) is wholly inside the board's window.
async fn cell_in_window(c: &Client, r: usize, col: usize) -> Result<bool> {
    Ok(js(
        c,
        &format!(
            "(() => {{ const w = document.getElementById('board-wrap').getBoundingClientRect(); \
               const t = document.querySelector('[data-testid=\"cell-{r}-{col}\"]').getBoundingClientRect(); \
               return t.left >= w.left - 1 && t.right <= w.right + 1 && t.top >= w.top - 1 && t.bottom <= w.bottom + 1; }})()"
        ),
    )
    .await?
    .as_bool()
    .unwrap_or(false))
}

/// (z) 16x16 Sudoku with the zoomed board.
pub async fn zoom_16(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(
        h,
        c,
        &[("kind", "sudoku"), ("size", "16"), ("variant", "classic"), ("difficulty", "easy")],
    )
    .await?;
    let puzzle = cells(&game["puzzle"]);
    let zoom = by_testid(c, "zoom-toggle").await?;
    ensure!(zoom.is_displayed().await?, "no Zoom tool for a 16x16 board at 390 px");
    let before = cell_sizes(c).await?;
    zoom.click().await?;
    wait_js(c, "document.getElementById('zoom-toggle').getAttribute('aria-pressed') === 'true'", "zoomed")
        .await?;
    let sizes = cell_sizes(c).await?;
    let (cw, ch) = (sizes["min"][0].as_f64().unwrap_or(0.0), sizes["min"][1].as_f64().unwrap_or(0.0));
    println!(
        "    16x16 cells {:.1} px unzoomed, {cw:.1}x{ch:.1} px zoomed; window {}",
        before["min"][0], sizes["wrap"]
    );
    ensure!(cw >= 44.0 && ch >= 44.0, "zoomed 16x16 cells are {cw:.1}x{ch:.1} px, under 44 px");
    ensure!(
        sizes["page"][0].as_f64() <= sizes["page"][1].as_f64(),
        "the zoomed page is wider than the screen: {}",
        sizes["page"]
    );
    let wrap = in_view(c, "board-wrap").await?;
    ensure!(wrap[2] - wrap[0] >= 340.0, "the board's window is only {:.0} px wide", wrap[2] - wrap[0]);
    in_view(c, "pad").await?;

    // Notes big enough to read: a note in the first empty cell.
    let first = puzzle.iter().position(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    by_testid(c, &format!("cell-{}-{}", first / 16, first % 16)).await?.click().await?;
    press(c, &["n", "5", "n"]).await?;
    let note_px = wait_js(
        c,
        "(() => { const n = document.querySelector('#board .notes span'); \
           return n && parseFloat(getComputedStyle(n).fontSize); })()",
        "a note",
    )
    .await?
    .as_f64()
    .unwrap_or(0.0);
    ensure!(note_px >= 10.0, "notes in the zoomed board are {note_px} px");

    // The keyboard's selection stays in view: Ctrl+End goes to the far corner.
    let ctrl_end = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: Key::Control.into() })
        .then(KeyAction::Down { value: Key::End.into() })
        .then(KeyAction::Up { value: Key::End.into() })
        .then(KeyAction::Up { value: Key::Control.into() });
    c.perform_actions(ctrl_end).await?;
    wait_js(
        c,
        "document.activeElement && document.activeElement.dataset.testid === 'cell-15-15'",
        "the last cell",
    )
    .await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    ensure!(cell_in_window(c, 15, 15).await?, "the last cell, selected, is not in the board's window");
    h.shot(c, "z0-zoomed-corner").await?;

    // A cell tapped in view is selected, and the pad types into it.
    let target = (0..256)
        .rev()
        .find(|&i| puzzle[i] == 0 && (i / 16) > 10 && (i % 16) > 10)
        .ok_or_else(|| anyhow!("no empty cell near the corner"))?;
    ensure!(cell_in_window(c, target / 16, target % 16).await?, "cell {target} is not in the window");
    by_testid(c, &format!("cell-{}-{}", target / 16, target % 16)).await?.click().await?;
    by_testid(c, "pad-3").await?.click().await?;
    wait_js(
        c,
        &format!("JSON.parse(localStorage.getItem('tessera.game')).cells[{target}] === 3"),
        "3 from the pad in the zoomed board",
    )
    .await?;

    // Off again: the whole board fits the screen.
    by_testid(c, "zoom-toggle").await?.click().await?;
    wait_js(c, "document.getElementById('zoom-toggle').getAttribute('aria-pressed') === 'false'", "unzoomed")
        .await?;
    let board = in_view(c, "board").await?;
    ensure!(board[2] - board[0] >= 360.0, "unzoomed, the 16x16 board is {:.0} px wide", board[2] - board[0]);
    Ok(())
}

/// (y2) Painting a Nonogram by touch and by mouse.
pub async fn nonogram_paint(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &[("kind", "nonogram"), ("size", "5"), ("difficulty", "easy")]).await?;
    let w = width(&game);
    let empty = vec![0; w * w];
    let scroll = js(c, "scrollY").await?;
    let depth = undo_depth(c).await?;
    // Along row 2: cells 10 to 13 shaded, by a slow touch drag.
    touch_drag(c, w, &[10, 11, 12, 13], 150).await?;
    wait_js(c, "JSON.parse(localStorage.getItem('tessera.game')).cells[13] === 1", "the painted row").await?;
    let after = board_cells(c).await?;
    let want: Vec<i32> = (0..w * w).map(|i| i32::from((10..=13).contains(&i))).collect();
    ensure!(after == want, "the touch stroke left {after:?}");
    ensure!(js(c, "scrollY").await? == scroll, "the page scrolled during the stroke");
    ensure!(undo_depth(c).await? == depth + 1, "the stroke is not one undo step");
    let shaded = js(c, "[...document.querySelectorAll('#board td.shaded')].length").await?;
    ensure!(shaded == 4, "{shaded} cells drawn shaded");
    h.shot(c, "y2-nonogram-painted").await?;

    // A mouse drag from a shaded cell dots the shaded ones it passes (11, 12), not the empty 14,
    // and a wobble into the next row (17) paints nothing there.
    mouse_drag(c, w, &[11, 12, 17, 14]).await?;
    wait_js(c, "JSON.parse(localStorage.getItem('tessera.game')).cells[12] === 2", "the dotted cells")
        .await?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let after = board_cells(c).await?;
    let mut want = empty.clone();
    for (i, v) in [(10, 1), (11, 2), (12, 2), (13, 2)] {
        want[i] = v;
    }
    ensure!(after == want, "the mouse stroke left {after:?}, not {want:?}");

    // Undo twice: the board as it was; then a tap still cycles one cell (shaded).
    by_testid(c, "undo").await?.click().await?;
    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        "JSON.parse(localStorage.getItem('tessera.game')).cells.every((v) => v === 0)",
        "the strokes undone",
    )
    .await?;
    crate::page::cell(c, 0, 0).await?.click().await?;
    wait_js(c, "JSON.parse(localStorage.getItem('tessera.game')).cells[0] === 1", "a tap's shading").await?;
    ensure!(
        board_cells(c).await?.iter().filter(|&&v| v != 0).count() == 1,
        "a tap changed more than its cell"
    );
    Ok(())
}
