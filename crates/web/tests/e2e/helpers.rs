//! The player's helpers (scenarios (p) to (r) of the crate's header): auto notes fill the right
//! candidates and follow a placement, Undo and a cleared digit; a colour mark survives a
//! reload; the records page shows the player's statistics after a solved game.

use anyhow::{anyhow, ensure, Result};
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::Client;

use crate::harness::Harness;
use crate::page::{
    by_testid, cell, cells, fill, js, label, open_game_page, press, saved_game, solved_dialog, start_game,
    sudoku_solution, type_into, wait_js, width, SETTINGS_SUDOKU_4,
};

/// The candidates of every cell of a classic Sudoku of side `n` (boxes `br` x `bc`), as the
/// page's notes masks (bit d for the digit d; 0 for a filled cell).
fn expected_candidates(puzzle: &[i32], n: usize) -> Vec<i64> {
    let (br, bc) = match n {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => (4, 4),
    };
    (0..n * n)
        .map(|i| {
            if puzzle[i] != 0 {
                return 0;
            }
            let (r, c) = (i / n, i % n);
            let mut mask: i64 = ((1 << (n + 1)) - 1) & !1;
            for (j, &v) in puzzle.iter().enumerate() {
                let (r2, c2) = (j / n, j % n);
                let peer = j != i && (r2 == r || c2 == c || (r2 / br == r / br && c2 / bc == c / bc));
                if peer && v > 0 {
                    mask &= !(1 << v);
                }
            }
            mask
        })
        .collect()
}

async fn notes(c: &Client) -> Result<Vec<i64>> {
    let saved = saved_game(c).await?;
    Ok(saved["notes"]
        .as_array()
        .map_or_else(Vec::new, |a| a.iter().map(|v| v.as_i64().unwrap_or(-1)).collect()))
}

async fn wait_note(c: &Client, i: usize, bit: i64, present: bool, what: &str) -> Result<()> {
    let test = if present { "!== 0" } else { "=== 0" };
    wait_js(
        c,
        &format!("(JSON.parse(localStorage.getItem('tessera.game')).notes[{i}] & {bit}) {test}"),
        what,
    )
    .await?;
    Ok(())
}

/// (p) Auto notes on a 4x4 Sudoku: every empty cell gets exactly the digits no peer holds; a
/// digit placed leaves its peers' notes, Undo puts it back, a digit cleared gives the cell its
/// candidates back; the switch is kept through a reload.
pub async fn auto_notes(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    let expected = expected_candidates(&puzzle, n);
    ensure!(notes(c).await?.iter().all(|&m| m == 0), "notes before auto notes: {:?}", notes(c).await?);

    by_testid(c, "auto-notes").await?.click().await?;
    wait_js(
        c,
        "document.getElementById('auto-notes').getAttribute('aria-pressed') === 'true'",
        "auto notes on",
    )
    .await?;
    let got = notes(c).await?;
    ensure!(got == expected, "auto notes {got:?}, expected the candidates {expected:?} of {puzzle:?}");
    // The page shows them too (the spoken name lists the candidates).
    let first = puzzle.iter().position(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    let spoken = label(&cell(c, first / n, first % n).await?).await?;
    let digits: Vec<String> =
        (1..=n).filter(|d| expected[first] & (1 << d) != 0).map(|d| d.to_string()).collect();
    ensure!(
        spoken.contains(&format!("candidates {}", digits.join(" "))),
        "cell {first} is named {spoken:?}, expected candidates {digits:?}"
    );
    h.shot(c, "p1-auto-notes").await?;

    // An empty cell and an empty peer with the cell's solution digit among its candidates.
    let (i, p, d) = (0..n * n)
        .filter(|&i| puzzle[i] == 0)
        .find_map(|i| {
            let d = solution[i];
            let p = (0..n * n).find(|&p| {
                p != i && puzzle[p] == 0 && (p / n == i / n || p % n == i % n) && expected[p] & (1 << d) != 0
            })?;
            Some((i, p, d))
        })
        .ok_or_else(|| anyhow!("no empty cell with an empty peer sharing a candidate in {puzzle:?}"))?;
    let bit = 1i64 << d;
    type_into(c, i / n, i % n, &d.to_string()).await?;
    wait_note(c, p, bit, false, "the digit to leave the peer's notes").await?;
    let after = notes(c).await?;
    ensure!(after[i] == 0, "the filled cell keeps notes {}", after[i]);
    ensure!(after[p] == expected[p] & !bit, "peer {p} notes {} after placing {d} in {i}", after[p]);

    by_testid(c, "undo").await?.click().await?;
    wait_note(c, p, bit, true, "Undo to put the digit back in the peer's notes").await?;
    ensure!(notes(c).await? == expected, "Undo did not restore every note");

    // Placed again, then cleared with Backspace: the cell and its peer get the digit back.
    type_into(c, i / n, i % n, &d.to_string()).await?;
    wait_note(c, p, bit, false, "the digit to leave the peer's notes again").await?;
    press(c, &["\u{E003}"]).await?; // Backspace
    wait_note(c, p, bit, true, "the cleared digit to come back to the peer's notes").await?;
    let cleared = notes(c).await?;
    ensure!(cleared[i] == expected[i], "cleared cell {i} notes {} (expected {})", cleared[i], expected[i]);

    // The switch is part of the saved game.
    c.refresh().await?;
    wait_js(
        c,
        "document.getElementById('auto-notes').getAttribute('aria-pressed') === 'true'",
        "auto notes on after a reload",
    )
    .await?;
    ensure!(notes(c).await? == cleared, "the reload changed the notes");

    hint_keeps_auto_notes(h, c, n).await?;
    ensure!(notes(c).await? == cleared, "the hint's Undo left other notes");

    // Off again: the notes stay.
    press(c, &["m"]).await?;
    wait_js(
        c,
        "document.getElementById('auto-notes').getAttribute('aria-pressed') === 'false'",
        "M to turn auto notes off",
    )
    .await?;
    ensure!(notes(c).await? == cleared, "turning auto notes off changed the notes");
    Ok(())
}

async fn grid(c: &Client) -> Result<Vec<i32>> {
    Ok(cells(&saved_game(c).await?["cells"]))
}

/// Hint with auto notes on (part of (p)): applying a hint that places a digit updates the notes
/// exactly as typing that digit does (the digit leaves the peers' notes, every other note stays
/// the candidates, but where the hint itself removes a candidate); Undo restores every note,
/// Redo puts the hint's notes back. Ends with the hint undone.
async fn hint_keeps_auto_notes(h: &Harness, c: &Client, n: usize) -> Result<()> {
    let before_cells = grid(c).await?;
    let before = notes(c).await?;
    ensure!(
        before == expected_candidates(&before_cells, n),
        "before the hint the auto notes {before:?} are not the candidates of {before_cells:?}"
    );
    by_testid(c, "hint").await?.click().await?;
    wait_js(c, "!document.getElementById('hint-apply').hidden", "a hint that can be applied").await?;
    // The cells whose candidates the hint removes (none for a single).
    let targets: Vec<usize> = js(
        c,
        &format!(
            "[...document.querySelectorAll('#board td.hint-target')]\
               .map((td) => Number(td.dataset.row) * {n} + Number(td.dataset.col))"
        ),
    )
    .await?
    .as_array()
    .map_or_else(Vec::new, |a| a.iter().filter_map(serde_json::Value::as_u64).map(|v| v as usize).collect());
    by_testid(c, "hint-apply").await?.click().await?;
    let before_json = serde_json::to_string(&before_cells)?;
    wait_js(
        c,
        &format!(
            "JSON.stringify(JSON.parse(localStorage.getItem('tessera.game')).cells) !== '{before_json}'"
        ),
        "the hint's digit on the board",
    )
    .await?;
    let after_cells = grid(c).await?;
    let placed: Vec<(usize, i32)> =
        (0..n * n).filter(|&k| after_cells[k] != before_cells[k]).map(|k| (k, after_cells[k])).collect();
    ensure!(!placed.is_empty(), "the hint placed nothing");
    let after = notes(c).await?;
    let candidates = expected_candidates(&after_cells, n);
    for k in 0..n * n {
        let ok =
            if targets.contains(&k) { after[k] & !candidates[k] == 0 } else { after[k] == candidates[k] };
        ensure!(
            ok,
            "after the hint placed {placed:?}, cell {k} has notes {} where the candidates are {} \
             (notes {after:?}, before {before:?})",
            after[k],
            candidates[k]
        );
    }
    let w = js(c, "innerWidth").await?;
    h.shot(c, &format!("p2-hint-auto-notes-{w}")).await?;

    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!(
            "JSON.stringify(JSON.parse(localStorage.getItem('tessera.game')).cells) === '{before_json}'"
        ),
        "Undo to take the hint's digit back",
    )
    .await?;
    ensure!(notes(c).await? == before, "Undo of the hint left notes {:?}, not {before:?}", notes(c).await?);
    by_testid(c, "redo").await?.click().await?;
    wait_js(
        c,
        &format!(
            "JSON.stringify(JSON.parse(localStorage.getItem('tessera.game')).cells) !== '{before_json}'"
        ),
        "Redo to put the hint's digit back",
    )
    .await?;
    ensure!(notes(c).await? == after, "Redo of the hint gave notes {:?}, not {after:?}", notes(c).await?);
    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!(
            "JSON.stringify(JSON.parse(localStorage.getItem('tessera.game')).cells) === '{before_json}'"
        ),
        "Undo after Redo",
    )
    .await?;

    // The same digits typed: the same notes (but the hint's own eliminations).
    if targets.is_empty() {
        for &(k, d) in &placed {
            type_into(c, k / n, k % n, &d.to_string()).await?;
        }
        wait_js(
            c,
            &format!(
                "JSON.stringify(JSON.parse(localStorage.getItem('tessera.game')).cells) !== '{before_json}'"
            ),
            "the typed digits",
        )
        .await?;
        let typed = notes(c).await?;
        ensure!(typed == after, "typing {placed:?} gives notes {typed:?}, the hint gave {after:?}");
        for _ in &placed {
            by_testid(c, "undo").await?.click().await?;
        }
        wait_js(
            c,
            &format!(
                "JSON.stringify(JSON.parse(localStorage.getItem('tessera.game')).cells) === '{before_json}'"
            ),
            "Undo of the typed digits",
        )
        .await?;
    }
    Ok(())
}

/// Waits until a cell's computed background is `rgb` (the page fades backgrounds).
async fn wait_background(c: &Client, r: usize, col: usize, rgb: &str, what: &str) -> Result<()> {
    let expr = format!(
        "getComputedStyle(document.querySelector('[data-testid=\"cell-{r}-{col}\"]')).backgroundColor === '{rgb}'"
    );
    if wait_js(c, &expr, what).await.is_err() {
        let seen = js(
            c,
            &format!("getComputedStyle(document.querySelector('[data-testid=\"cell-{r}-{col}\"]')).backgroundColor"),
        )
        .await?;
        anyhow::bail!("{what}: the cell's background is {seen}, not {rgb}");
    }
    Ok(())
}

/// Waits until a cell's `data-color` is `mark` (None: no mark).
async fn wait_color(c: &Client, r: usize, col: usize, mark: Option<&str>, what: &str) -> Result<()> {
    let want = mark.map_or_else(|| "undefined".to_owned(), |k| format!("'{k}'"));
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{r}-{col}\"]').dataset.color === {want}"),
        what,
    )
    .await?;
    Ok(())
}

/// (q) A colour mark: the palette colours the selected cell (class, name, background, light and
/// dark); a second colour joins the first (stripes, both named), pressed again it goes; Undo and
/// Redo (and Ctrl+Z) take marks back and forth like digits; the marks survive a reload (saved as
/// a mask, bit k for colour k), "No colour" clears them; no sideways scroll with the palette.
pub async fn colour_marks(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let i = puzzle.iter().position(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    let (r, col) = (i / n, i % n);
    let other = (i + 1) % (n * n);

    ensure!(
        !by_testid(c, "palette").await?.is_displayed().await?,
        "the palette shows before it is asked for"
    );
    by_testid(c, "colors-toggle").await?.click().await?;
    wait_js(c, "!document.getElementById('palette').hidden", "the palette").await?;
    let wide = js(c, "document.documentElement.scrollWidth - innerWidth").await?;
    ensure!(wide.as_i64().unwrap_or(1) <= 0, "sideways scroll with the palette open: {wide} px");
    let clipped = js(
        c,
        "[...document.querySelectorAll('.tools .btn, .palette .btn')]\
           .filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent)",
    )
    .await?;
    ensure!(clipped.as_array().is_some_and(Vec::is_empty), "buttons whose text is cut: {clipped}");
    cell(c, r, col).await?.click().await?;
    by_testid(c, "color-2").await?.click().await?;
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{r}-{col}\"]').dataset.color === '2'"),
        "the cell to be marked amber",
    )
    .await?;
    let spoken = label(&cell(c, r, col).await?).await?;
    ensure!(spoken.contains("marked amber"), "the marked cell is named {spoken:?}");
    wait_background(c, r, col, "rgb(253, 224, 191)", "the light amber").await?;
    let w = js(c, "innerWidth").await?;
    h.shot(c, &format!("q1-colour-mark-{w}")).await?;

    // A mark is an edit like a digit: Undo takes it away, Redo puts it back, and a change of
    // colour is undone to the colour before (Ctrl+Z too).
    by_testid(c, "undo").await?.click().await?;
    wait_color(c, r, col, None, "Undo to take the mark away").await?;
    let colors = cells(&saved_game(c).await?["colors"]);
    ensure!(colors.iter().all(|&v| v == 0), "saved colours after Undo: {colors:?}");
    by_testid(c, "redo").await?.click().await?;
    wait_color(c, r, col, Some("2"), "Redo to put the mark back").await?;
    by_testid(c, "color-4").await?.click().await?;
    wait_color(c, r, col, Some("multi"), "the cell to be marked amber and teal").await?;
    let spoken = label(&cell(c, r, col).await?).await?;
    ensure!(spoken.contains("marked amber, teal"), "the cell of two colours is named {spoken:?}");
    let pressed = js(
        c,
        "[1, 2, 3, 4, 0].map((k) => document.getElementById('color-' + k).getAttribute('aria-pressed')).join(' ')",
    )
    .await?;
    ensure!(pressed == "false true false true false", "the palette's pressed colours: {pressed}");
    let stripes = js(
        c,
        &format!(
            "getComputedStyle(document.querySelector('[data-testid=\"cell-{r}-{col}\"]')).backgroundImage"
        ),
    )
    .await?;
    ensure!(
        stripes.as_str().is_some_and(|b| b.contains("linear-gradient")),
        "two colours are not drawn as stripes: {stripes}"
    );
    h.shot(c, "q1-two-colours").await?;
    by_testid(c, "color-4").await?.click().await?;
    wait_color(c, r, col, Some("2"), "teal pressed again to go").await?;
    by_testid(c, "color-4").await?.click().await?;
    wait_color(c, r, col, Some("multi"), "teal back").await?;
    c.perform_actions(
        KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: Key::Control.into() })
            .then(KeyAction::Down { value: 'z' })
            .then(KeyAction::Up { value: 'z' })
            .then(KeyAction::Up { value: Key::Control.into() }),
    )
    .await?;
    wait_color(c, r, col, Some("2"), "Ctrl+Z to give the cell its amber alone back").await?;

    // Another cell selected: the mark stays and only on the marked cell.
    cell(c, other / n, other % n).await?.click().await?;
    let saved = saved_game(c).await?;
    let colors = cells(&saved["colors"]);
    ensure!(
        colors.len() == n * n
            && colors.iter().enumerate().all(|(k, &v)| v == if k == i { 1 << 2 } else { 0 }),
        "saved colours {colors:?}, expected amber (1 << 2) at {i} only"
    );

    c.refresh().await?;
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{r}-{col}\"]')?.dataset.color === '2'"),
        "the mark after a reload",
    )
    .await?;
    // Dark mode: the dark amber.
    by_testid(c, "theme-toggle").await?.click().await?;
    wait_js(c, "document.documentElement.dataset.theme === 'dark'", "dark mode").await?;
    wait_background(c, r, col, "rgb(71, 48, 26)", "the dark amber").await?;
    h.shot(c, "q2-colour-mark-dark").await?;

    // Cleared with the cell's colour control.
    cell(c, r, col).await?.click().await?;
    if !by_testid(c, "palette").await?.is_displayed().await? {
        by_testid(c, "colors-toggle").await?.click().await?;
    }
    by_testid(c, "color-0").await?.click().await?;
    wait_js(
        c,
        &format!("document.querySelector('[data-testid=\"cell-{r}-{col}\"]').dataset.color === undefined"),
        "No colour to clear the mark",
    )
    .await?;
    let colors = cells(&saved_game(c).await?["colors"]);
    ensure!(colors.iter().all(|&v| v == 0), "saved colours after clearing: {colors:?}");
    Ok(())
}

/// (q') Corner marks beside centre notes, as SudokuPad has them: Corner mode (its button, or K)
/// makes the pad's digits corner marks, drawn in the cell's corners and named; centre notes in
/// the same cell shrink to a line in the middle; Notes and Corner are one mode at a time; a digit
/// placed clears both kinds, Undo brings them back, a reload keeps them (saved as `corners`).
pub async fn corner_marks(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let i = puzzle.iter().position(|&v| v == 0).ok_or_else(|| anyhow!("no empty cell"))?;
    let (r, col) = (i / n, i % n);
    let at = format!("document.querySelector('[data-testid=\"cell-{r}-{col}\"]')");
    cell(c, r, col).await?.click().await?;
    by_testid(c, "corner-toggle").await?.click().await?;
    let modes = "['notes-toggle', 'corner-toggle'].map((id) => document.getElementById(id).getAttribute('aria-pressed')).join(' ')";
    ensure!(
        js(c, modes).await? == "false true",
        "Corner mode is not the one pressed: {}",
        js(c, modes).await?
    );
    for d in ["1", "2"] {
        by_testid(c, &format!("pad-{d}")).await?.click().await?;
    }
    wait_js(c, &format!("{at}.querySelectorAll('.corner-marks span').length === 2"), "two corner marks")
        .await?;
    let drawn = js(c, &format!("[...{at}.querySelectorAll('.corner-marks span')].map((s) => s.className + ':' + s.textContent).join(' ')")).await?;
    ensure!(drawn == "slot-0:1 slot-1:2", "the corner marks are drawn as {drawn}");
    let spoken = label(&cell(c, r, col).await?).await?;
    ensure!(spoken.contains("corner marks 1 2"), "the cell with corner marks is named {spoken:?}");
    // Notes mode instead: a centre note in the same cell, drawn small in the middle.
    by_testid(c, "notes-toggle").await?.click().await?;
    ensure!(
        js(c, modes).await? == "true false",
        "Notes and Corner pressed together: {}",
        js(c, modes).await?
    );
    by_testid(c, "pad-3").await?.click().await?;
    wait_js(
        c,
        &format!("{at}.querySelector('.notes.compact')?.textContent === '3'"),
        "the centre note beside the corner marks",
    )
    .await?;
    let saved = saved_game(c).await?;
    ensure!(
        saved["corners"][i] == 0b110 && saved["notes"][i] == 0b1000,
        "saved corners {} notes {}",
        saved["corners"][i],
        saved["notes"][i]
    );
    // K from the keyboard turns Corner mode on (and off).
    cell(c, r, col).await?.click().await?;
    press(c, &["k"]).await?;
    ensure!(js(c, modes).await? == "false true", "K did not turn Corner mode on: {}", js(c, modes).await?);
    press(c, &["k"]).await?;
    ensure!(js(c, modes).await? == "false false", "K again did not turn it off: {}", js(c, modes).await?);
    h.shot(c, "q3-corner-marks").await?;
    // A digit clears both kinds; Undo brings them back; a reload keeps them.
    let answer = sudoku_solution(&game)?[i];
    by_testid(c, &format!("pad-{answer}")).await?.click().await?;
    wait_js(
        c,
        &format!("{at}.querySelector('.corner-marks, .notes') === null"),
        "the marks to go under a digit",
    )
    .await?;
    ensure!(saved_game(c).await?["corners"][i] == 0, "the corner marks stay saved under a digit");
    by_testid(c, "undo").await?.click().await?;
    wait_js(
        c,
        &format!("{at}.querySelectorAll('.corner-marks span').length === 2"),
        "Undo to bring the corner marks back",
    )
    .await?;
    c.refresh().await?;
    wait_js(c, &format!("{at}?.querySelectorAll('.corner-marks span').length === 2 && {at}.querySelector('.notes.compact')?.textContent === '3'"), "the marks after a reload").await?;
    Ok(())
}

/// (q‴) Digit first: with the switch on, a pad digit is picked (pressed) and each cell tapped
/// takes it; a cell that holds it is cleared by a tap; in Notes mode a tap pencils it; the picked
/// digit picked again is dropped and a tap then only selects.
pub async fn digit_first(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    let open: Vec<usize> = (0..n * n).filter(|&k| puzzle[k] == 0).collect();
    let d = solution[open[0]];
    let twin = open.iter().copied().find(|&k| k != open[0] && solution[k] == d);
    by_testid(c, "digit-first").await?.click().await?;
    by_testid(c, &format!("pad-{d}")).await?.click().await?;
    let pressed = js(c, &format!("document.getElementById('pad-{d}').getAttribute('aria-pressed')")).await?;
    ensure!(pressed == "true", "the picked digit is not pressed: {pressed}");
    let value = |k: usize| async move { Ok::<_, anyhow::Error>(cells(&saved_game(c).await?["cells"])[k]) };
    cell(c, open[0] / n, open[0] % n).await?.click().await?;
    ensure!(value(open[0]).await? == d, "a tap did not put the picked {d}");
    if let Some(k) = twin {
        cell(c, k / n, k % n).await?.click().await?;
        ensure!(value(k).await? == d, "a second tap did not put the picked {d}");
    }
    cell(c, open[0] / n, open[0] % n).await?.click().await?;
    ensure!(value(open[0]).await? == 0, "a tap on the picked digit's cell did not clear it");
    by_testid(c, "notes-toggle").await?.click().await?;
    cell(c, open[0] / n, open[0] % n).await?.click().await?;
    let notes = saved_game(c).await?["notes"][open[0]].as_i64().unwrap_or(0);
    ensure!(notes == 1 << d, "in Notes mode a tap did not pencil {d}: notes {notes}");
    by_testid(c, "notes-toggle").await?.click().await?;
    h.shot(c, "q5-digit-first").await?;
    by_testid(c, &format!("pad-{d}")).await?.click().await?;
    let pressed = js(c, &format!("document.getElementById('pad-{d}').getAttribute('aria-pressed')")).await?;
    ensure!(pressed == "false", "the digit picked again stays pressed: {pressed}");
    let other = open[1];
    cell(c, other / n, other % n).await?.click().await?;
    ensure!(value(other).await? == 0, "a tap with no digit picked put a value");
    by_testid(c, "digit-first").await?.click().await?;
    Ok(())
}

/// (q'') The mistake mode "Three lives", as a stuck player uses it: chosen beside the board, it
/// says that the game counts as assisted; each wrong value placed is crossed out and costs a
/// heart (its name says how many are left), the same wrong value typed again costs nothing more,
/// the third ends the game (the server has it quit and assisted); a right value is never crossed.
pub async fn mistake_lives(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().ok_or_else(|| anyhow!("no game id"))?.to_owned();
    let n = width(&game);
    let puzzle = cells(&game["puzzle"]);
    let solution = sudoku_solution(&game)?;
    let open: Vec<usize> = (0..n * n).filter(|&k| puzzle[k] == 0).collect();
    ensure!(open.len() >= 4, "a 4x4 with {} empty cells", open.len());
    crate::page::choose(c, "mistakes", "lives").await?;
    wait_js(
        c,
        "!document.getElementById('mistakes-note').hidden && !document.getElementById('lives').hidden",
        "the note and the hearts",
    )
    .await?;
    let hearts = |left: usize| {
        format!(
            "document.getElementById('lives').getAttribute('aria-label') === '{left} {}'",
            if left == 1 { "life left" } else { "lives left" }
        )
    };
    wait_js(c, &hearts(3), "three lives").await?;
    let put = |k: usize, v: i32| {
        let (r, col) = (k / n, k % n);
        async move {
            cell(c, r, col).await?.click().await?;
            by_testid(c, &format!("pad-{v}")).await?.click().await?;
            Ok::<_, anyhow::Error>(())
        }
    };
    let wrong = |k: usize| (solution[k] % n as i32) + 1;
    let crossed = |k: usize| {
        format!(
            "document.querySelector('[data-testid=\"cell-{}-{}\"]').classList.contains('wrong')",
            k / n,
            k % n
        )
    };
    // A right value: not crossed, no heart lost (the answer came: the game is assisted).
    put(open[0], solution[open[0]]).await?;
    wait_js(
        c,
        "document.getElementById('gameinfo').textContent.includes('(assisted)')",
        "the game marked assisted",
    )
    .await?;
    ensure!(js(c, &crossed(open[0])).await? == false, "a right value is crossed out");
    // A wrong one: crossed out, a heart gone.
    put(open[1], wrong(open[1])).await?;
    wait_js(c, &crossed(open[1]), "the wrong value crossed out").await?;
    wait_js(c, &hearts(2), "two lives left").await?;
    h.shot(c, "q4-mistake-lives").await?;
    // The same wrong value again after clearing it costs nothing more.
    by_testid(c, "pad-clear").await?.click().await?;
    by_testid(c, &format!("pad-{}", wrong(open[1]))).await?.click().await?;
    wait_js(c, &crossed(open[1]), "the same wrong value crossed again").await?;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    wait_js(c, &hearts(2), "still two lives").await?;
    put(open[2], wrong(open[2])).await?;
    wait_js(c, &hearts(1), "one life left").await?;
    put(open[3], wrong(open[3])).await?;
    wait_js(c, &hearts(0), "no life left").await?;
    wait_js(c, "document.getElementById('status').textContent.includes('the game is over')", "the game over")
        .await?;
    let (_, shown) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(
        shown["status"] == "quit" && shown["assisted"] == true,
        "the server's game after three mistakes: {shown}"
    );
    crate::page::choose(c, "mistakes", "off").await?;
    Ok(())
}

/// (r) "My statistics" on the records page: hidden before any game, then after a solved 4x4
/// the numbers and the configuration's best and average time; no sideways scroll.
pub async fn my_statistics(h: &Harness, c: &Client) -> Result<()> {
    c.goto(&h.url("/records")).await?;
    wait_js(c, "document.getElementById('my-stats').dataset.state", "the statistics to load").await?;
    let state = js(c, "document.getElementById('my-stats').dataset.state").await?;
    ensure!(state == "none", "a new player's statistics state is {state}");
    ensure!(!by_testid(c, "my-stats").await?.is_displayed().await?, "the statistics show before any game");

    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let solution = sudoku_solution(&game)?;
    fill(c, &game, &solution).await?;
    solved_dialog(c).await?;

    c.goto(&h.url("/records")).await?;
    wait_js(c, "document.getElementById('my-stats').dataset.state === 'shown'", "the statistics").await?;
    ensure!(by_testid(c, "my-stats").await?.is_displayed().await?, "the statistics are hidden");
    let text =
        |id: &'static str| async move { by_testid(c, id).await?.text().await.map_err(anyhow::Error::from) };
    let played = text("stat-played").await?;
    let solved = text("stat-solved").await?;
    ensure!(played == "1" && solved == "1", "played {played:?}, solved {solved:?} after one solved game");
    ensure!(
        text("stat-current-streak").await? == "1 day",
        "current streak {:?}",
        text("stat-current-streak").await?
    );
    ensure!(text("stat-best-streak").await? == "1 day", "best streak {:?}", text("stat-best-streak").await?);
    let row = by_testid(c, "mine-sudoku-4x4-classic-easy").await?.text().await?;
    ensure!(row.contains("4×4 classic") && row.matches("00:").count() >= 2, "my 4x4 row reads {row:?}");
    let wide = js(c, "document.documentElement.scrollWidth - innerWidth").await?;
    ensure!(wide.as_i64().unwrap_or(1) <= 0, "sideways scroll on the records page: {wide} px");
    h.shot(c, "r1-my-statistics").await?;
    Ok(())
}
