//! The scenarios, (a) to (e) of the crate's header; each runs in its own browser session.

use std::time::Duration;

use anyhow::{anyhow, ensure, Result};
use fantoccini::key::Key;
use fantoccini::Client;

use crate::harness::Harness;
use crate::page::{
    by_testid, cell, cell_text, cells, classes, fill, focused_cell, hidato_solution, is_hms, js, label,
    open_game_page, press, saved_game, solved_dialog, start_game, sudoku_solution, type_into, wait_js, width,
    SETTINGS_SUDOKU_4,
};

/// (a) Start, a conflict, Undo, finish with the solution, the dialog, the record.
pub async fn sudoku_conflict_undo_finish(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    h.shot(c, "a0-empty-page").await?;
    crate::axe::catches_a_planted_violation(c).await?;
    crate::axe::clean(c, "the start page").await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    let n = width(&game);
    ensure!(n == 4, "asked for a 4x4 Sudoku, got {}", game["config"]);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    h.shot(c, "a1-started").await?;
    crate::axe::clean(c, "a 4x4 Sudoku game").await?;

    // A row with a given and an empty cell: type the given's digit in the empty cell.
    let (r, empty_col, given) = (0..n)
        .find_map(|r| {
            let row = &puzzle[r * n..(r + 1) * n];
            let empty = row.iter().position(|&v| v == 0)?;
            let given = row.iter().copied().find(|&v| v > 0)?;
            Some((r, empty, given))
        })
        .ok_or_else(|| anyhow!("no row with both a given and an empty cell in {puzzle:?}"))?;
    type_into(c, r, empty_col, &given.to_string()).await?;
    let el = cell(c, r, empty_col).await?;
    ensure!(cell_text(c, r, empty_col).await? == given.to_string(), "the digit {given} was not entered");
    let class = classes(&el).await?;
    ensure!(class.iter().any(|c| c == "conflict"), "no class conflict on the cell: {class:?}");
    let aria = label(&el).await?;
    ensure!(aria.contains("conflict"), "the aria-label does not say conflict: {aria:?}");
    h.shot(c, "a2-conflict").await?;

    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!(
            "document.querySelector('[data-testid=\"cell-{r}-{empty_col}\"]').textContent.trim() === ''"
        ),
        "Undo to clear the cell",
    )
    .await?;
    let class = classes(&el).await?;
    ensure!(!class.iter().any(|c| c == "conflict"), "the conflict stays after Undo: {class:?}");
    let aria = label(&el).await?;
    ensure!(!aria.contains("conflict") && aria.contains("empty"), "aria-label after Undo: {aria:?}");

    // The rest, with the library's solution: the last digit makes the page check and finish.
    fill(c, &game, &solution).await?;
    let (time, place) = solved_dialog(c).await?;
    ensure!(is_hms(&time), "the dialog's time is {time:?}");
    ensure!(place.starts_with("1st"), "the dialog's place is {place:?} (the first record of 4x4 easy)");
    println!("    solved dialog: time {time}, place {place}");
    h.shot(c, "a3-solved-dialog").await?;

    // The server ended the game and saved the record.
    let (_, after) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(after["status"] == "solved", "the game's status after solving: {}", after["status"]);
    let (status, records) =
        h.api("GET", "/api/records?kind=sudoku&size=4&variant=classic&difficulty=easy", None).await?;
    ensure!(status == 200, "GET /api/records: {status} {records}");
    let list = records["records"].as_array().cloned().unwrap_or_default();
    ensure!(list.len() == 1, "expected one 4x4 easy record, got {records}");
    let seconds = list[0]["seconds"].as_u64().unwrap_or(u64::MAX);
    ensure!(
        time == format!("00:{:02}:{:02}", seconds / 60, seconds % 60),
        "dialog {time} vs record {seconds} s"
    );

    by_testid(c, "solved-close").await?.click().await?;
    wait_js(c, "!document.getElementById('solved-dialog').open", "the dialog to close").await?;
    c.goto(&h.url("/records")).await?;
    let row = by_testid(c, "best-sudoku-4x4-classic-easy").await?;
    let text = row.text().await?;
    ensure!(text.contains(&time), "the records row {text:?} does not show the time {time}");
    h.shot(c, "a4-records").await?;
    crate::axe::clean(c, "the records page").await?;
    Ok(())
}

/// (b) Keyboard only: Tab into the grid, arrows, Home and End, a digit, Backspace.
pub async fn keyboard_only(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;

    // Focus the control just before the board (Pause), then Tab: the grid's one tab stop.
    js(c, "document.getElementById('pause').focus() ?? true").await?;
    press(c, &[&Key::Tab]).await?;
    let (r0, c0) = focused_cell(c).await?.ok_or_else(|| anyhow!("Tab from Pause did not reach the board"))?;
    let first_empty = puzzle.iter().position(|&v| v == 0).unwrap_or(0);
    ensure!(
        (r0, c0) == (first_empty / n, first_empty % n),
        "Tab landed on {r0},{c0}, not on the selected cell (the first empty one)"
    );

    // Arrows move by one cell, within the grid; Home and End go to the ends of the row.
    let (right, dc) = if c0 + 1 < n { (Key::Right, 1isize) } else { (Key::Left, -1) };
    press(c, &[&right]).await?;
    let want = (r0, c0.wrapping_add_signed(dc));
    ensure!(focused_cell(c).await? == Some(want), "after {right:?} the focus is not on {want:?}");
    let (down, dr) = if r0 + 1 < n { (Key::Down, 1isize) } else { (Key::Up, -1) };
    press(c, &[&down]).await?;
    let want = (r0.wrapping_add_signed(dr), want.1);
    ensure!(focused_cell(c).await? == Some(want), "after {down:?} the focus is not on {want:?}");
    press(c, &[&Key::Home]).await?;
    ensure!(focused_cell(c).await? == Some((want.0, 0)), "Home did not go to column 1");
    press(c, &[&Key::End]).await?;
    ensure!(focused_cell(c).await? == Some((want.0, n - 1)), "End did not go to the last column");
    let selected = js(c, "document.activeElement.classList.contains('selected')").await?;
    ensure!(selected == true, "the focused cell is not the selected one");

    // Walk to the last empty cell with the arrows, type its digit, then Backspace.
    let target = puzzle.iter().rposition(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    let (tr, tc) = (target / n, target % n);
    let (mut r, mut col) = focused_cell(c).await?.unwrap_or_default();
    let mut keys: Vec<&str> = Vec::new();
    while r != tr {
        keys.push(if r < tr { &Key::Down } else { &Key::Up });
        r = if r < tr { r + 1 } else { r - 1 };
    }
    while col != tc {
        keys.push(if col < tc { &Key::Right } else { &Key::Left });
        col = if col < tc { col + 1 } else { col - 1 };
    }
    press(c, &keys).await?;
    ensure!(focused_cell(c).await? == Some((tr, tc)), "the arrows did not reach {tr},{tc}");
    let digit = solution[target].to_string();
    press(c, &[&digit]).await?;
    ensure!(cell_text(c, tr, tc).await? == digit, "typing {digit} did not fill {tr},{tc}");
    let aria = label(&cell(c, tr, tc).await?).await?;
    ensure!(aria.ends_with(&format!(", {digit}")), "aria-label after typing: {aria:?}");
    h.shot(c, "b1-keyboard-typed").await?;
    press(c, &[&Key::Backspace]).await?;
    ensure!(cell_text(c, tr, tc).await?.is_empty(), "Backspace did not clear {tr},{tc}");
    let aria = label(&cell(c, tr, tc).await?).await?;
    ensure!(aria.contains("empty"), "aria-label after Backspace: {aria:?}");
    ensure!(focused_cell(c).await? == Some((tr, tc)), "the focus left the cell after Backspace");
    Ok(())
}

/// (c) Pause hides the board and stops the timer; Resume shows it and the timer runs again.
pub async fn pause_and_resume(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    wait_js(c, "document.getElementById('timer').textContent >= '00:00:01'", "the timer to run").await?;
    let pause = by_testid(c, "pause").await?;
    pause.click().await?;
    wait_js(c, "document.getElementById('board-wrap').classList.contains('paused')", "the paused board")
        .await?;
    ensure!(pause.attr("aria-pressed").await?.as_deref() == Some("true"), "Pause is not aria-pressed");
    ensure!(pause.text().await? == "Resume", "the Pause button does not say Resume");
    let hidden = js(c, "getComputedStyle(document.getElementById('board')).visibility").await?;
    ensure!(hidden == "hidden", "the board's visibility while paused is {hidden}");
    ensure!(!cell(c, 0, 0).await?.is_displayed().await?, "a cell is displayed while paused");
    let (_, state) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(state["status"] == "paused", "the server's status while paused: {}", state["status"]);
    let timer = by_testid(c, "timer").await?;
    let t1 = timer.text().await?;
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let t2 = timer.text().await?;
    ensure!(t1 == t2, "the timer ran while paused: {t1} then {t2}");
    h.shot(c, "c1-paused").await?;

    pause.click().await?;
    wait_js(c, "!document.getElementById('board-wrap').classList.contains('paused')", "the board back")
        .await?;
    ensure!(cell(c, 0, 0).await?.is_displayed().await?, "the board stays hidden after Resume");
    wait_js(c, &format!("document.getElementById('timer').textContent > '{t2}'"), "the timer to run again")
        .await?;
    let (_, state) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(state["status"] == "playing", "the server's status after Resume: {}", state["status"]);
    h.shot(c, "c2-resumed").await?;
    Ok(())
}

/// (d) A reload resumes the same game with the digits typed.
pub async fn reload_keeps_game(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    let typed: Vec<usize> =
        puzzle.iter().enumerate().filter(|(_, &v)| v == 0).map(|(i, _)| i).take(2).collect();
    for &i in &typed {
        type_into(c, i / n, i % n, &solution[i].to_string()).await?;
    }
    c.refresh().await?;
    wait_js(c, "document.querySelector('[data-testid=\"cell-0-0\"]') !== null", "the board after reload")
        .await?;
    let saved = saved_game(c).await?;
    ensure!(
        saved["game"]["id"] == id.as_str(),
        "after reload the page plays {} instead of {id}",
        saved["game"]["id"]
    );
    for i in 0..n * n {
        let want = match puzzle[i] {
            0 if typed.contains(&i) => solution[i].to_string(),
            0 => String::new(),
            given => given.to_string(),
        };
        let got = cell_text(c, i / n, i % n).await?;
        ensure!(got == want, "after reload cell {},{} shows {got:?}, not {want:?}", i / n, i % n);
    }
    let status = by_testid(c, "status").await?.text().await?;
    println!("    after reload the status says {status:?}");
    h.shot(c, "d1-after-reload").await?;
    Ok(())
}

/// (e) Hidato 5x5 finished with the library's solution.
pub async fn hidato_finish(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(
        h,
        c,
        &[("kind", "hidato"), ("size", "5x5"), ("variant", "hidato"), ("difficulty", "easy")],
    )
    .await?;
    ensure!(game["kind"] == "hidato" && width(&game) == 5, "asked for a 5x5 Hidato, got {}", game["config"]);
    let solution = hidato_solution(&game)?;
    h.shot(c, "e1-hidato-started").await?;
    crate::axe::clean(c, "a Hidato game").await?;
    fill(c, &game, &solution).await?;
    let (time, place) = solved_dialog(c).await?;
    ensure!(is_hms(&time), "the dialog's time is {time:?}");
    ensure!(place.starts_with("1st"), "the dialog's place is {place:?}");
    println!("    solved dialog: time {time}, place {place}");
    h.shot(c, "e2-hidato-solved").await?;
    crate::axe::clean(c, "the solved dialog of a Hidato game").await?;
    let (_, records) = h
        .api("GET", "/api/records?kind=hidato&width=5&height=5&adjacency=hidato&difficulty=easy", None)
        .await?;
    ensure!(records["records"].as_array().is_some_and(|r| r.len() == 1), "Hidato records: {records}");
    Ok(())
}
