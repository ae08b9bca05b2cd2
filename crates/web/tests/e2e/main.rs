//! End-to-end tests of the web game in real headless Chromium, driven over WebDriver
//! (fantoccini) through Debian's `chromedriver`.
//!
//! Three tests (`browser_families`, `browser_sudoku_and_hidato`,
//! `browser_page_records_hints_and_learn`), which the test runner plays side by side: each starts
//! the server in-process on 127.0.0.1:0 over a temporary SQLite file of its own, starts
//! `chromedriver` on a free port, and plays its scenarios one after another, each in a fresh
//! browser session (so a fresh profile and `localStorage`):
//!
//! - (a) Sudoku 4x4: a digit that repeats a given of its row is marked as a conflict (class and
//!   `aria-label`), Undo removes it, the rest is filled with the library's solution, the solved
//!   dialog shows the time and place, and the record is on `/records` and `GET /api/records`;
//! - (b) keyboard only: Tab into the grid, arrows, Home/End, a digit, Backspace;
//! - (c) Pause hides the board and stops the timer; Resume;
//! - (d) a reload keeps the game and the digits typed;
//! - (e) Hidato 5x5 finished with the library's solution, dialog shown;
//! - (f), (g), (h) in `pwa.rs`: installable (manifest, icons, service worker and its cache),
//!   a game finished without the server, new games retried while a pool is empty.
//! - (j) to (n): the page at 390x844, 844x390 and 1280x800 (`layout.rs`: no sideways scroll, board
//!   and pad in view, 44 px pad buttons, equal rows with notes, Ctrl+Home/End, both cells of a
//!   conflict, the confirmation before Start and Quit).
//! - (p) to (r) in `helpers.rs`, each at 390x844 and 1280x800: auto notes (filled, following a
//!   digit typed, cleared, undone, and a hint applied exactly as the digit typed, Undo and Redo
//!   of it), colour marks (several a cell, undone and redone like digits, kept through a
//!   reload), corner marks beside centre notes (Corner mode by button and K, cleared by a digit,
//!   undone, kept through a reload), digit first (a picked digit into each cell tapped), the mistake mode "three lives" (crossed out, hearts, the
//!   third mistake ends the game, assisted on the server), the player's statistics.
//! - (t) in `families.rs`: Killer Sudoku, KenKen, Star Battle and Variant Sudoku at 390x844,
//!   each played to the end through the page with the library's solution (picture, cage
//!   outlines, names, a conflict, a hint), and the largest side of one at 844x390 and of another
//!   at 1280x800; (tv) in `variant.rs`: five published variants (lines, dots, cages, regions,
//!   global rules) pasted as f-puzzles links, drawn, hinted and played to the end (`browser_families`).
//! - (w) to (z) in `steady.rs` and `phone.rs` (issue 26): the layout shift of the start page,
//!   a share link and a resumed game under 0.1 (390x844 and 1280x800); an offline reload keeps
//!   the clock and says "Offline", never "Could not"; a Hidato drawn by a touch drag and a mouse
//!   drag, undone in one step; the zoomed 16x16 board with 44 px cells at 390x844 (in
//!   `browser_page_records_hints_and_learn`, with (aa) to (ad)).
//! - (aa) in `records.rs`: at 390x844, the paste panel's solve of the game in progress marks it
//!   assisted; the solved dialog shows "(assisted)" whole, no place and the reason.
//! - (s) in `daily.rs`: the daily puzzle at 390x844 and 1280x800, started from the start page,
//!   finished, its place in the daily ranking in the dialog, and listed on `/records`.
//! - (ac) in `learn.rs`: the Learn page at 390x844 and 1280x800: the seed's example stepped to
//!   its cover A, D, E with DLX1's choices and counters, the first pentomino tiling of 6x10, and
//!   with `&to=end` 9356 solutions and the gallery of the distinct tilings.
//! - (ab) in `hints.rs`: at 390x844, a fresh diabolical 9x9 solved by Hint and "Apply this step"
//!   alone in at most 160 steps, none offered twice; before that, a wrong digit told as a
//!   mistake with no cell named, then located by "Show where"; every chain hint's chain drawn
//!   over the board at its second stage, link by link. (ab') a textbook AIC from a share link
//!   hinted until its chain step, the chain drawn.
//!
//! - In every test, axe-core (`axe.rs`) on the pages above: 0 violations of any impact, and a
//!   planted violation found (skipped without `TESSERA_AXE` unless `TESSERA_REQUIRE_BROWSER=1`).
//!
//! Screenshots go to `$TESSERA_E2E_SHOTS`, else `<target>/tmp/tessera-e2e/` (their paths are
//! printed; run with `--nocapture` to see them).
//!
//! Without `/usr/bin/chromium` or `/usr/bin/chromedriver` the test prints "SKIPPED" and passes,
//! unless `TESSERA_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs both): then it fails.
//! `TESSERA_CHROMIUM` and `TESSERA_CHROMEDRIVER` override the two paths.

mod axe;
mod daily;
mod families;
mod harness;
mod helpers;
mod hints;
mod languages;
mod layout;
mod learn;
mod learn_views;
mod page;
mod phone;
mod pwa;
mod records;
mod scenarios;
mod steady;
mod variant;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Result};
use fantoccini::Client;
use tessera_web::{Config, Server};

use harness::{start_driver, Harness};
use scenarios::{
    hidato_finish, keyboard_only, pause_and_resume, reload_keeps_game, sudoku_conflict_undo_finish,
};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

fn browser_paths() -> Option<(PathBuf, PathBuf)> {
    let chromium =
        std::env::var_os("TESSERA_CHROMIUM").map_or_else(|| PathBuf::from(CHROMIUM), PathBuf::from);
    let driver =
        std::env::var_os("TESSERA_CHROMEDRIVER").map_or_else(|| PathBuf::from(CHROMEDRIVER), PathBuf::from);
    (chromium.is_file() && driver.is_file()).then_some((chromium, driver))
}

fn shots_dir() -> Result<PathBuf> {
    let dir = std::env::var_os("TESSERA_E2E_SHOTS")
        .map_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("tessera-e2e"), PathBuf::from);
    std::fs::create_dir_all(&dir)?;
    for entry in std::fs::read_dir(&dir)?.flatten() {
        if entry.path().extension().is_some_and(|e| e == "png") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    Ok(dir)
}

/// Runs one scenario in its own browser session; a failure is screenshotted and returned.
async fn scenario<'h, F, Fut>(h: &'h Harness, name: &str, run: F) -> Option<String>
where
    F: FnOnce(&'h Harness, Client) -> Fut,
    Fut: Future<Output = Result<()>> + 'h,
{
    let started = Instant::now();
    let client = match h.browser().await {
        Ok(client) => client,
        Err(err) => return Some(format!("{name}: {err:#}")),
    };
    let result = run(h, client.clone()).await;
    h.conclude(name, started, client, result).await
}

/// The server, chromedriver and screenshot folder of one test, and how to stop them.
struct Run {
    h: Harness,
    stop: tokio::sync::oneshot::Sender<()>,
    serving: tokio::task::JoinHandle<Result<()>>,
    db: PathBuf,
    started: Instant,
}

/// Starts the server over a fresh SQLite file and chromedriver; `None` (after saying so) when
/// Chromium is missing and not required.
async fn start(test: &str) -> Result<Option<Run>> {
    let Some((chromium, chromedriver)) = browser_paths() else {
        let message = format!("chromium/chromedriver not found ({CHROMIUM}, {CHROMEDRIVER})");
        if std::env::var("TESSERA_REQUIRE_BROWSER").is_ok_and(|v| v == "1") {
            bail!("{message}, and TESSERA_REQUIRE_BROWSER=1: install Debian's chromium and chromium-driver");
        }
        eprintln!("\n**************************************************************");
        eprintln!("SKIPPED: {message}; the browser tests did not run");
        eprintln!("**************************************************************\n");
        return Ok(None);
    };
    let started = Instant::now();
    let shots = shots_dir()?;

    let db = std::env::temp_dir().join(format!("tessera-e2e-{test}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let config = Config {
        addr: ([127, 0, 0, 1], 0).into(),
        db: db.clone(),
        pool_target: 2,
        generator_threads: 1,
        // The scenarios type a solution in a second or two: under the floors of a ranked time.
        floor_ms_per_cell: 0,
        floor_percent: 0,
        // Every scenario plays from 127.0.0.1: no cap on one address's places, and each daily
        // scenario (a fresh player) is ranked.
        top_per_address: 0,
        daily_once_per_address: false,
        ..Config::default()
    };
    let server = Server::bind(config).await?;
    let addr = server.local_addr()?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));

    let driver = start_driver(&chromedriver, &shots.join(format!("chromedriver-{test}.log"))).await?;
    let h =
        Harness { driver, chromium, addr, base: format!("http://{addr}"), shots, bugs: Default::default() };
    println!("server {} chromedriver {} screenshots {}", h.base, h.driver.url, h.shots.display());
    Ok(Some(Run { h, stop, serving, db, started }))
}

// The scenarios are three tests, each with its own server, database and chromedriver, so that
// the test runner plays them side by side (one test took 5 to 7 minutes of a CI run alone); a
// scenario is run alone by its test's name and `--nocapture` shows each one's time.

/// (t), (tv), (u), (v), (w): the families and the pasted variants, played to the end; the largest
/// boards laid out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_families() -> Result<()> {
    let Some(run) = start("families").await? else { return Ok(()) };
    let h = &run.h;
    let mut failures = Vec::new();
    for (kind, solve) in FAMILIES {
        failures.extend(
            layout::scenario_at(h, &format!("t-{kind}-phone"), (390, 844), |h, c| async move {
                families::play(h, &c, kind, solve).await
            })
            .await,
        );
    }
    // The pencil genres (Nonogram: shading; Kakuro: sums in blocks) in Korean and Hebrew too.
    let pencil: [(&str, Solve); 2] = [
        ("nonogram", families::solved::<tessera::nonogram::Nonogram>),
        ("kakuro", families::solved::<tessera::kakuro::Kakuro>),
    ];
    for (kind, solve) in pencil {
        for lang in ["ko", "he"] {
            failures.extend(
                layout::scenario_at(h, &format!("t-{kind}-{lang}-phone"), (390, 844), |h, c| async move {
                    families::play_in(h, &c, kind, solve, lang).await
                })
                .await,
            );
        }
    }
    for (family, name, drawn) in variant::IMPORTED {
        failures.extend(
            layout::scenario_at(h, &format!("t-variant-{family}"), (390, 844), |h, c| async move {
                variant::imported(h, &c, family, name, drawn).await
            })
            .await,
        );
    }
    for (size, prefix, kind) in [
        ((844, 390), "u-landscape-", "killer"),
        ((1280, 800), "v-desktop-", "starbattle"),
        ((390, 844), "w-phone-largest-", "nonogram"),
        ((390, 844), "w-phone-largest-", "kakuro"),
    ] {
        failures.extend(
            layout::scenario_at(h, &format!("{prefix}{kind}"), size, |h, c| async move {
                families::largest_fits(h, &c, kind, prefix).await
            })
            .await,
        );
    }
    finish(run, failures).await
}

/// (a) to (s): Sudoku and Hidato played, the page offline and installed, its layouts, the
/// helpers, the daily.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_sudoku_and_hidato() -> Result<()> {
    let Some(run) = start("sudoku").await? else { return Ok(()) };
    let h = &run.h;
    let mut failures = Vec::new();
    failures.extend(
        scenario(h, "a-sudoku-conflict-undo-finish", |h, c| async move {
            sudoku_conflict_undo_finish(h, &c).await
        })
        .await,
    );
    failures.extend(scenario(h, "b-keyboard-only", |h, c| async move { keyboard_only(h, &c).await }).await);
    failures.extend(scenario(h, "c-pause-resume", |h, c| async move { pause_and_resume(h, &c).await }).await);
    failures.extend(scenario(h, "d-reload", |h, c| async move { reload_keeps_game(h, &c).await }).await);
    failures.extend(scenario(h, "e-hidato-finish", |h, c| async move { hidato_finish(h, &c).await }).await);
    failures.extend(scenario(h, "f-installable", |h, c| async move { pwa::installable(h, &c).await }).await);
    failures
        .extend(scenario(h, "g-offline-game", |h, c| async move { pwa::offline_game(h, &c).await }).await);
    failures.extend(scenario(h, "h-pool-retry", |h, c| async move { pwa::pool_retry(h, &c).await }).await);
    failures.extend(
        layout::scenario_at(h, "j-phone-9x9", (390, 844), |h, c| async move { layout::phone_9(h, &c).await })
            .await,
    );
    failures.extend(
        layout::scenario_at(
            h,
            "k-phone-16x16",
            (390, 844),
            |h, c| async move { layout::phone_16(h, &c).await },
        )
        .await,
    );
    failures.extend(
        layout::scenario_at(h, "l-desktop-16x16", (1280, 800), |h, c| async move {
            layout::desktop_16(h, &c).await
        })
        .await,
    );
    failures.extend(
        layout::scenario_at(
            h,
            "m-desktop-9x9",
            (1280, 800),
            |h, c| async move { layout::desktop_9(h, &c).await },
        )
        .await,
    );
    failures.extend(
        layout::scenario_at(h, "n-landscape-9x9", (844, 390), |h, c| async move {
            layout::landscape_9(h, &c).await
        })
        .await,
    );
    for (size, tag) in [((390, 844), "phone"), ((1280, 800), "desktop")] {
        failures.extend(
            layout::scenario_at(h, &format!("p-auto-notes-{tag}"), size, |h, c| async move {
                helpers::auto_notes(h, &c).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("q-colour-marks-{tag}"), size, |h, c| async move {
                helpers::colour_marks(h, &c).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("q-corner-marks-{tag}"), size, |h, c| async move {
                helpers::corner_marks(h, &c).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("q-digit-first-{tag}"), size, |h, c| async move {
                helpers::digit_first(h, &c).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("q-mistake-lives-{tag}"), size, |h, c| async move {
                helpers::mistake_lives(h, &c).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("r-my-statistics-{tag}"), size, |h, c| async move {
                helpers::my_statistics(h, &c).await
            })
            .await,
        );
    }
    failures.extend(
        layout::scenario_at(h, "s-daily-phone", (390, 844), |h, c| async move {
            daily::daily(h, &c, "s1-phone-").await
        })
        .await,
    );
    failures.extend(
        layout::scenario_at(h, "s-daily-desktop", (1280, 800), |h, c| async move {
            daily::daily(h, &c, "s2-desktop-").await
        })
        .await,
    );
    finish(run, failures).await
}

/// (w) to (z), (aa), (ab), (ac), (ad): the page's steadiness, the assisted record, a diabolical
/// solved by hints, the Learn page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_page_records_hints_and_learn() -> Result<()> {
    let Some(run) = start("page").await? else { return Ok(()) };
    let h = &run.h;
    let mut failures = page_scenarios(h).await;
    failures.extend(assisted(h).await);
    for (lang, start, solved) in [("ko", "시작", "완성!"), ("he", "התחלה", "נפתר!")] {
        failures.extend(
            layout::scenario_at(h, &format!("ae-{lang}-phone"), (390, 844), |h, c| async move {
                languages::played_in(h, &c, lang, start, solved).await
            })
            .await,
        );
    }
    failures.extend(hints_scenario(h).await);
    failures.extend(learn_scenarios(h).await);
    finish(run, failures).await
}

/// (ac) in `learn.rs`: the Learn page at 390x844 and 1280x800.
async fn learn_scenarios(h: &Harness) -> Vec<String> {
    let mut failures = Vec::new();
    for (size, tag) in [((390, 844), "phone"), ((1280, 800), "desktop")] {
        failures.extend(
            layout::scenario_at(h, &format!("ac-learn-seed-{tag}"), size, |h, c| async move {
                learn::seed(h, &c, tag).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("ac-learn-tiling-{tag}"), size, |h, c| async move {
                learn::tiling(h, &c, tag).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("ac-learn-queens-{tag}"), size, |h, c| async move {
                learn::queens(h, &c, tag).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("ad-learn-sudoku-{tag}"), size, |h, c| async move {
                learn_views::sudoku(h, &c, tag).await
            })
            .await,
        );
        failures.extend(
            layout::scenario_at(h, &format!("ad-learn-hidato-{tag}"), size, |h, c| async move {
                learn_views::hidato(h, &c, tag).await
            })
            .await,
        );
    }
    failures
}

/// (aa): "(assisted)" in the solved dialog at 390x844.
async fn assisted(h: &Harness) -> Option<String> {
    layout::scenario_at(h, "aa-assisted-phone", (390, 844), |h, c| async move {
        records::assisted_phone(h, &c).await
    })
    .await
}

/// (ab) A diabolical 9x9 solved by hints alone, at 390x844; (ab') a hint's chain drawn.
async fn hints_scenario(h: &Harness) -> Vec<String> {
    let mut failures = Vec::new();
    failures.extend(
        layout::scenario_at(h, "ab-hints-diabolical-phone", (390, 844), |h, c| async move {
            hints::diabolical_by_hints(h, &c).await
        })
        .await,
    );
    failures.extend(
        layout::scenario_at(h, "ab2-chain-drawn-phone", (390, 844), |h, c| async move {
            hints::chain_on_the_board(h, &c).await
        })
        .await,
    );
    failures
}

/// (w) to (z), in `steady.rs` and `phone.rs`: no layout shift, the clock kept by an offline
/// reload, a Hidato drawn by dragging, the zoomed 16x16 board; then the layout and offline
/// scenarios they touch, (g), (j) and (k).
async fn page_scenarios(h: &Harness) -> Vec<String> {
    let mut failures = Vec::new();
    for (size, tag) in [((390, 844), "phone"), ((1280, 800), "desktop")] {
        failures.extend(
            layout::scenario_at(h, &format!("w-layout-shift-{tag}"), size, |h, c| async move {
                steady::layout_shift_under_bar(h, &c, tag).await
            })
            .await,
        );
    }
    failures.extend(
        scenario(h, "x-offline-reload-clock", |h, c| async move {
            steady::offline_reload_keeps_clock(h, &c).await
        })
        .await,
    );
    failures.extend(
        layout::scenario_at(h, "y-hidato-drag-phone", (390, 844), |h, c| async move {
            phone::hidato_drag(h, &c).await
        })
        .await,
    );
    failures.extend(
        layout::scenario_at(h, "y2-nonogram-paint-phone", (390, 844), |h, c| async move {
            phone::nonogram_paint(h, &c).await
        })
        .await,
    );
    failures.extend(
        layout::scenario_at(
            h,
            "z-zoom-16-phone",
            (390, 844),
            |h, c| async move { phone::zoom_16(h, &c).await },
        )
        .await,
    );
    failures
}

/// The families played in (t), and how the test solves each (the library, by type).
type Solve = fn(&str) -> Result<Vec<i32>>;
const FAMILIES: [(&str, Solve); 8] = [
    ("killer", families::solved::<tessera::killer::Killer>),
    ("kenken", families::solved::<tessera::kenken::KenKen>),
    ("starbattle", families::solved::<tessera::starbattle::StarBattle>),
    ("variant", families::solved::<tessera::variant::Variant>),
    ("skyscrapers", families::solved::<tessera::variant::Skyscrapers>),
    ("futoshiki", families::solved::<tessera::variant::Futoshiki>),
    ("nonogram", families::solved::<tessera::nonogram::Nonogram>),
    ("kakuro", families::solved::<tessera::kakuro::Kakuro>),
];

/// Stops the server, removes the database and reports the failures.
async fn finish(run: Run, mut failures: Vec<String>) -> Result<()> {
    let Run { h, stop, serving, db, started } = run;
    failures.extend(h.bugs.lock().map(|b| b.clone()).unwrap_or_default());
    drop(h);
    let _ = stop.send(());
    serving.await??;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    println!("browser end-to-end: {:.1} s", started.elapsed().as_secs_f64());
    if !failures.is_empty() {
        bail!("{} problem(s) in the browser tests:\n  {}", failures.len(), failures.join("\n  "));
    }
    Ok(())
}
