//! (s) The daily puzzle, at 390x844 and at 1280x800: the start page says today's daily (its
//! UTC date) under the form with nothing past the right edge; "Daily puzzle" starts it (the
//! server's game is a daily of today), the bar above the board names it; the library's solution
//! finishes it; the solved dialog shows its place in the daily ranking (the same count as
//! `GET /api/daily/records`); the start page then says it is solved and its button is off; and
//! `/records` lists it in today's daily ranking. Each run is a fresh session, so a new player.

use anyhow::{ensure, Result};
use fantoccini::Client;

use crate::harness::Harness;
use crate::layout::{in_view, no_overflow};
use crate::page::{
    by_testid, choose_settings, fill, js, open_game_page, solved_dialog, started_game, sudoku_solution,
    wait_js, SETTINGS_SUDOKU_4,
};

const Q_4X4: &str = "kind=sudoku&size=4&variant=classic&difficulty=easy";

pub async fn daily(h: &Harness, c: &Client, shots: &str) -> Result<()> {
    let (status, today) = h.api("GET", &format!("/api/daily?{Q_4X4}"), None).await?;
    ensure!(status == 200, "GET /api/daily: {status} {today}");
    let date = today["date"].as_str().unwrap_or_default().to_owned();
    ensure!(date.len() == 10, "today's date is {today}");

    open_game_page(h, c).await?;
    choose_settings(h, c, &SETTINGS_SUDOKU_4).await?;
    let info = wait_js(
        c,
        "document.getElementById('daily-info').dataset.state === 'new' && document.getElementById('daily-info').textContent",
        "the daily's line under the form",
    )
    .await?;
    let info = info.as_str().unwrap_or_default().to_owned();
    ensure!(
        info.contains(&date) && info.contains("UTC"),
        "the daily's line says {info:?}, not the date {date}"
    );
    in_view(c, "daily").await?;
    no_overflow(c, "the start page with the daily button").await?;
    h.shot(c, &format!("{shots}1-start-page")).await?;

    by_testid(c, "daily").await?.click().await?;
    let game = started_game(h, c).await?;
    ensure!(
        game["source"] == "daily" && game["daily"] == date.as_str(),
        "the Daily button started {} of {}, not today's daily",
        game["source"],
        game["daily"]
    );
    let title = js(c, "document.getElementById('gameinfo').textContent").await?;
    let title = title.as_str().unwrap_or_default();
    ensure!(title.starts_with(&format!("Daily puzzle of {date}\n")), "the bar says {title:?}");
    // The date is shown whole, not cut off by the bar's ellipsis: its first line's box is inside
    // the bar's.
    let whole = js(
        c,
        "(() => { const g = document.getElementById('gameinfo'); const t = g.firstChild; \
           const r = document.createRange(); r.setStart(t, 0); r.setEnd(t, t.textContent.indexOf('\\n')); \
           const a = r.getBoundingClientRect(), b = g.getBoundingClientRect(); \
           return a.width > 0 && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5; })()",
    )
    .await?;
    ensure!(whole == true, "the daily's date is cut off in the bar above the board");
    no_overflow(c, "a daily game").await?;
    in_view(c, "gameinfo").await?;
    h.shot(c, &format!("{shots}2-daily-game")).await?;

    let solution = sudoku_solution(&game)?;
    fill(c, &game, &solution).await?;
    let (time, place) = solved_dialog(c).await?;
    let (_, ranking) = h.api("GET", &format!("/api/daily/records?date={date}&{Q_4X4}"), None).await?;
    let of = ranking["records"].as_array().map_or(0, Vec::len);
    ensure!(of >= 1, "the daily ranking is empty after solving: {ranking}");
    ensure!(
        place.ends_with(&format!(" of {of}")) && place.chars().next().is_some_and(|ch| ch.is_ascii_digit()),
        "the dialog's place is {place:?}; the daily ranking has {of}"
    );
    let tag = by_testid(c, "solved-daily").await?;
    ensure!(tag.is_displayed().await?, "the dialog does not say it is the daily");
    let tag = tag.text().await?;
    ensure!(tag.contains(&date), "the dialog's daily line says {tag:?}");
    no_overflow(c, "the solved dialog of a daily").await?;
    println!("    daily {date}: time {time}, place {place}");
    h.shot(c, &format!("{shots}3-solved-dialog")).await?;

    by_testid(c, "solved-close").await?.click().await?;
    wait_js(c, "document.getElementById('daily-info').dataset.state === 'solved'", "the daily marked solved")
        .await?;
    let info = by_testid(c, "daily-info").await?.text().await?;
    ensure!(info.contains(&time), "after solving, the daily's line says {info:?}, without the time {time}");
    ensure!(
        !by_testid(c, "daily").await?.is_enabled().await?,
        "the Daily button still starts a solved daily"
    );

    c.goto(&h.url("/records")).await?;
    wait_js(c, "document.getElementById('daily-section').dataset.state === 'shown'", "the daily ranking")
        .await?;
    let caption = by_testid(c, "daily-caption").await?.text().await?;
    ensure!(caption.contains(&date) && caption.contains("4×4"), "the daily ranking's caption is {caption:?}");
    let rows = js(c, "document.querySelectorAll('#daily-list tbody tr').length").await?;
    ensure!(rows.as_u64() == Some(of as u64), "the page lists {rows} daily results, the API {of}");
    let listed =
        js(c, "[...document.querySelectorAll('#daily-list tbody tr')].map((r) => r.textContent).join('|')")
            .await?;
    ensure!(
        listed.as_str().is_some_and(|t| t.contains(&time)),
        "the daily ranking {listed} lacks the time {time}"
    );
    no_overflow(c, "the records page with the daily ranking").await?;
    js(c, "document.getElementById('daily-section').scrollIntoView() ?? true").await?;
    h.shot(c, &format!("{shots}4-records")).await?;
    Ok(())
}
