//! (aa) Records a script cannot top, in the page at 390x844: a game started, its share text
//! solved by the paste panel's "Solve and count solutions" (the server's solve of the game's own
//! puzzle), the page says the game is now assisted, and so does the server; the grid finished,
//! the solved dialog shows "(assisted)" beside the time, whole (inside the dialog and the
//! viewport, not clipped), no place, and the reason it is not ranked.

use anyhow::{ensure, Result};
use fantoccini::Client;

use crate::harness::Harness;
use crate::layout::no_overflow;
use crate::page::{
    by_testid, fill, js, open_game_page, solved_dialog, start_game, sudoku_solution, wait_js,
    SETTINGS_SUDOKU_4,
};

/// Whether the element `id` is shown whole: displayed, inside the viewport and inside `within`'s
/// box, and its text not clipped (scroll width and height at most its box's).
async fn whole(c: &Client, id: &str, within: &str) -> Result<serde_json::Value> {
    js(
        c,
        &format!(
            "(() => {{ const e = document.getElementById('{id}'), p = document.getElementById('{within}'); \
               const r = e.getBoundingClientRect(), b = p.getBoundingClientRect(); \
               return {{ shown: !e.hidden && r.width > 0, text: e.textContent, \
                 inside: r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5, \
                 in_view: r.left >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5, \
                 unclipped: e.scrollWidth <= Math.ceil(r.width) + 0.5 && e.scrollHeight <= Math.ceil(r.height) + 0.5 }}; }})()"
        ),
    )
    .await
}

pub async fn assisted_phone(h: &Harness, c: &Client) -> Result<()> {
    open_game_page(h, c).await?;
    let game = start_game(h, c, &SETTINGS_SUDOKU_4).await?;
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    let share = game["share"].as_str().unwrap_or_default().to_owned();
    ensure!(!share.is_empty(), "the game has no share text: {game}");

    // The paste panel solves the game's own puzzle.
    js(c, "(document.getElementById('paste-panel').open = true)").await?;
    js(c, &format!("(document.getElementById('paste-text').value = {share:?})")).await?;
    by_testid(c, "paste-analyze").await?.click().await?;
    let said = wait_js(
        c,
        "(() => { const t = document.getElementById('paste-result').textContent; return t.includes('Solution') && t; })()",
        "the paste panel's solution",
    )
    .await?;
    ensure!(
        said.as_str().is_some_and(|t| t.contains("marked assisted")),
        "the paste panel does not say the game in progress is now assisted: {said}"
    );
    let (_, now) = h.api("GET", &format!("/api/games/{id}"), None).await?;
    ensure!(now["assisted"] == true, "the server did not mark the game assisted: {now}");
    let title = js(c, "document.getElementById('gameinfo').textContent").await?;
    ensure!(title.as_str().is_some_and(|t| t.contains("(assisted)")), "the bar says {title}");
    // The bar above the board says "(assisted)" whole on a phone: it takes two lines rather than
    // cutting the end off.
    let bar = whole(c, "gameinfo", "gameinfo").await?;
    ensure!(
        bar["unclipped"] == true && bar["in_view"] == true,
        "the bar above the board cuts \"(assisted)\" off: {bar}"
    );

    fill(c, &game, &sudoku_solution(&game)?).await?;
    let (time, place) = solved_dialog(c).await?;
    ensure!(place == "-", "an assisted result has the place {place:?}");
    let tag = whole(c, "solved-assisted", "solved-dialog").await?;
    ensure!(
        tag["shown"] == true && tag["text"] == "(assisted)",
        "the dialog does not show \"(assisted)\" beside the time {time}: {tag}"
    );
    ensure!(
        tag["inside"] == true && tag["in_view"] == true && tag["unclipped"] == true,
        "\"(assisted)\" is cut off in the solved dialog at 390 px: {tag}"
    );
    let note = by_testid(c, "solved-note").await?.text().await?;
    // In a player's words, not the server's ("under the floor of 150.0 s for sudoku 9x9 ...").
    ensure!(note.starts_with("A hint or the solver helped"), "the dialog's reason is {note:?}");
    ensure!(!note.contains("not ranked:") && !note.contains("floor"), "the dialog's reason is {note:?}");
    let note_box = whole(c, "solved-note", "solved-dialog").await?;
    ensure!(note_box["inside"] == true && note_box["in_view"] == true, "the reason is cut off: {note_box}");
    no_overflow(c, "the solved dialog of an assisted game").await?;
    println!("    assisted: time {time}, place {place}, {note}");
    h.shot(c, "w-assisted-dialog-phone").await?;
    Ok(())
}
