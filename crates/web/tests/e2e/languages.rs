//! (ae) The game page in Korean and in Hebrew at 390x844, as a player whose browser asks for the
//! language (the top bar's choice, kept in the preferences, stands in for the browser here): the
//! start page, a 4x4 game, a hint (technique and move in the language, the explanation in
//! English apart) and its solved dialog in that language, Hebrew right to left with the
//! board left to right, nothing past either edge and no word cut off; screenshots of the three
//! (`ae-ko-start.png`, ...).

use anyhow::{ensure, Result};
use fantoccini::Client;

use crate::harness::Harness;
use crate::page::{
    by_testid, fill, js, open_game_page, solved_dialog, start_game, sudoku_solution, wait_js,
    SETTINGS_SUDOKU_4,
};

/// Nothing past the left or right edge (but the skip link and the visually hidden labels, off
/// the screen on purpose), and no button, heading, link or line whose text is
/// wider than its box (a clipped word).
pub async fn laid_out(c: &Client, what: &str) -> Result<()> {
    let found = js(
        c,
        "(() => { const w = document.documentElement.clientWidth; const bad = []; \
           for (const e of document.querySelectorAll('body *')) { const r = e.getBoundingClientRect(); \
             if (r.width === 0 || r.height === 0 || e.closest('dialog:not([open]), .skip, .visually-hidden')) continue; \
             if (r.right > w + 0.5 || r.left < -0.5) bad.push(`${e.tagName.toLowerCase()}#${e.id} ${Math.round(r.left)}..${Math.round(r.right)}`); \
             if (e.matches('button, summary, a, h1, h2, label, .gameinfo, .status, option') && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible') \
               bad.push(`${e.tagName.toLowerCase()}#${e.id} clipped: ${e.textContent.trim().slice(0, 30)}`); } \
           return { w, scroll: document.documentElement.scrollWidth, bad: bad.slice(0, 6) }; })()",
    )
    .await?;
    let bad = found["bad"].as_array().map_or(0, Vec::len);
    ensure!(
        bad == 0 && found["scroll"].as_f64() <= found["w"].as_f64(),
        "{what}: {} px of page in {} px; {}",
        found["scroll"],
        found["w"],
        found["bad"]
    );
    Ok(())
}

async fn text_of(c: &Client, id: &str) -> Result<String> {
    Ok(js(c, &format!("document.getElementById('{id}').textContent.trim()"))
        .await?
        .as_str()
        .unwrap_or("")
        .to_owned())
}

/// One language: `start` is what the Start button says in it, `solved` the dialog's title.
pub async fn played_in(h: &Harness, c: &Client, lang: &str, start: &str, solved: &str) -> Result<()> {
    open_game_page(h, c).await?;
    js(c, &format!("localStorage.setItem('tessera.prefs', JSON.stringify({{ lang: '{lang}' }}))")).await?;
    open_game_page(h, c).await?;
    wait_js(
        c,
        &format!("document.getElementById('start').textContent === {start:?}"),
        "the Start button in the language",
    )
    .await?;
    let root = js(c, "[document.documentElement.lang, document.documentElement.dir]").await?;
    let dir = if lang == "he" { "rtl" } else { "ltr" };
    ensure!(root[0] == lang && root[1] == dir, "<html> has lang and dir {root}, not {lang} {dir}");
    ensure!(js(c, "document.getElementById('lang').value").await? == lang, "the select does not show {lang}");
    laid_out(c, &format!("{lang}: the start page")).await?;
    h.shot(c, &format!("ae-{lang}-start")).await?;
    crate::axe::clean(c, &format!("the start page in {lang}")).await?;

    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let status = text_of(c, "status").await?;
    ensure!(!status.is_empty() && !status.starts_with("New "), "{lang}: the status line says {status:?}");
    let board = js(c, "getComputedStyle(document.getElementById('board')).direction").await?;
    ensure!(board == "ltr", "{lang}: the board is laid out {board}");
    let pause = text_of(c, "pause").await?;
    ensure!(pause != "Pause", "{lang}: the Pause button is in English");
    laid_out(c, &format!("{lang}: a 4x4 game")).await?;
    h.shot(c, &format!("ae-{lang}-game")).await?;
    crate::axe::clean(c, &format!("a 4x4 game in {lang}")).await?;

    // A hint in the language: the technique and the move in its words (no English technique
    // name, no "Place"/"Remove"), the library's English explanation apart under them, marked
    // lang="en"; laid out within the screen.
    by_testid(c, "hint").await?.click().await?;
    wait_js(c, "!document.getElementById('hintbox').hidden && document.getElementById('hint-text').textContent.length > 0", "the hint").await?;
    crate::page::hint_to_the_move(c).await?;
    let move_words = text_of(c, "hint-text").await?;
    let english = ["single", "Single", "Place ", "Remove ", "pair", "house", "Full"];
    ensure!(
        !english.iter().any(|w| move_words.contains(w)),
        "{lang}: the hint's move is in English: {move_words:?}"
    );
    let why = js(c, "[!document.getElementById('hint-why').hidden, document.getElementById('hint-why-text').lang, document.getElementById('hint-why-text').textContent.length]").await?;
    ensure!(
        why[0] == true && why[1] == "en" && why[2].as_u64().unwrap_or(0) > 10,
        "{lang}: the hint's explanation: {why}"
    );
    laid_out(c, &format!("{lang}: a hint")).await?;
    h.shot(c, &format!("ae-{lang}-hint")).await?;
    crate::axe::clean(c, &format!("a hint in {lang}")).await?;
    by_testid(c, "hint-close").await?.click().await?;

    fill(c, &game, &sudoku_solution(&game)?).await?;
    let (time, _) = solved_dialog(c).await?;
    let title = text_of(c, "solved-title").await?;
    ensure!(title == solved, "{lang}: the solved dialog's title is {title:?}, not {solved:?}");
    laid_out(c, &format!("{lang}: the solved dialog")).await?;
    h.shot(c, &format!("ae-{lang}-solved")).await?;
    crate::axe::clean(c, &format!("the solved dialog in {lang}")).await?;
    println!("    {lang}: solved in {time}, {status:?}");
    by_testid(c, "solved-close").await?.click().await?;
    Ok(())
}
