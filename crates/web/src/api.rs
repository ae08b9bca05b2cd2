//! The JSON answers of the API (`docs/web.md`), one type per shape, shared where the shape is.
//!
//! Fields are declared in alphabetical order on purpose: the answers were built with
//! `serde_json::json!`, whose maps sort their keys, and keeping that order keeps every answer
//! byte for byte what it was. Request bodies are in the handlers that read them.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::family::{Entry, Rules};
use crate::game::{Source, Status};
use crate::model::Kind;

/// `GET /api/health`.
#[derive(Debug, Serialize)]
pub struct Health {
    /// Always true.
    pub ok: bool,
}

/// `GET /api/options`: the configurations a new game can ask for.
#[derive(Debug, Serialize)]
pub struct Options {
    /// The families served through the library's traits, by name (`"killer"`, ...): written
    /// beside `hidato` and `sudoku`.
    #[serde(flatten)]
    pub families: BTreeMap<&'static str, FamilyOptions>,
    /// Hidato boards.
    pub hidato: HidatoOptions,
    /// Sudoku boards.
    pub sudoku: SudokuOptions,
}

/// The Hidato part of [`Options`].
#[derive(Debug, Serialize)]
pub struct HidatoOptions {
    /// `"hidato"`, `"numbrix"`.
    pub adjacencies: [&'static str; 2],
    /// The levels, easiest first (the library's), every size.
    pub difficulties: Vec<&'static str>,
    /// The boards offered.
    pub sizes: Vec<Dimensions>,
    /// The rules in two sentences, in English (the library's; the pages translate them).
    pub rules: &'static str,
}

/// A Hidato board's size.
#[derive(Debug, Serialize)]
pub struct Dimensions {
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
}

/// A family's part of [`Options`].
#[derive(Debug, Serialize)]
pub struct FamilyOptions {
    /// Every level, easiest first (the library's).
    pub difficulties: Vec<&'static str>,
    /// How values are entered: `"digits"` or `"stars"`.
    pub entry: Entry,
    /// The levels offered per side (the side as a string key), easiest first.
    pub levels: BTreeMap<String, Vec<&'static str>>,
    /// The sides of the square boards offered.
    pub sizes: Vec<usize>,
    /// For players: `"Killer Sudoku"`.
    pub title: &'static str,
    /// The rules in two sentences, in English (the library's `Family::RULES`; the pages
    /// translate them).
    pub rules: &'static str,
}

/// The Sudoku part of [`Options`].
#[derive(Debug, Serialize)]
pub struct SudokuOptions {
    /// Every level, easiest first (the library's).
    pub difficulties: Vec<&'static str>,
    /// The levels offered per size (the size as a string key), easiest first; the same for
    /// both variants.
    pub levels: BTreeMap<String, Vec<&'static str>>,
    /// The sizes offered.
    pub sizes: [usize; 4],
    /// `"classic"`, `"x"`.
    pub variants: [&'static str; 2],
    /// The rules in two sentences, in English (the library's; the pages translate them).
    pub rules: &'static str,
}

/// The `Game` object: `POST /api/games`, `GET /api/games/{id}`.
#[derive(Debug, Serialize)]
pub struct GameView<'a> {
    /// Whether a hint was used.
    pub assisted: bool,
    /// The board's configuration.
    pub config: ConfigView,
    /// The date of the daily puzzle it plays (`YYYY-MM-DD`, UTC); left out for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<&'a str>,
    /// The level; `None` for a pasted puzzle the rater could not place.
    pub difficulty: Option<&'a str>,
    /// Random, URL-safe.
    pub id: &'a str,
    /// The family.
    pub kind: Kind,
    /// A family's board as drawn (regions, cages, clues, blocked cells); left out for Sudoku and
    /// Hidato, `null` while paused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<Option<&'a tessera::common::Picture>>,
    /// The cells, row by row; `None` (`null`) while the game is paused.
    pub puzzle: Option<&'a [i32]>,
    /// A family's rules as the page checks them; left out for Sudoku and Hidato, `null` while
    /// paused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Option<&'a Rules>>,
    /// Whole seconds played, by the server's clock.
    pub seconds: i64,
    /// The puzzle's text form, for a share link; `None` (`null`) while the game is paused.
    pub share: Option<String>,
    /// From the pool, pasted, or the daily puzzle.
    pub source: Source,
    /// Playing, paused, solved or quit.
    pub status: Status,
}

/// A game's `config`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ConfigView {
    /// A Sudoku.
    Sudoku {
        /// Columns of a box (0 for irregular regions).
        box_cols: usize,
        /// Rows of a box (0 for irregular regions).
        box_rows: usize,
        /// Digits, rows and columns.
        size: usize,
        /// `"classic"` or `"x"`.
        variant: &'static str,
    },
    /// A family's board.
    Family {
        /// Rows.
        height: usize,
        /// Columns.
        width: usize,
    },
    /// A Hidato.
    Hidato {
        /// `"hidato"` or `"numbrix"`.
        adjacency: &'static str,
        /// Rows.
        height: usize,
        /// Columns.
        width: usize,
    },
}

/// `POST /api/games/{id}/check`.
#[derive(Debug, Serialize)]
pub struct Check {
    /// Every cell filled.
    pub complete: bool,
    /// Cells breaking a rule, ascending.
    pub conflicts: Vec<usize>,
    /// Results of the configuration, once solved (ranked games only).
    pub of: Option<u64>,
    /// The rank among them, once solved (ranked games only).
    pub place: Option<u64>,
    /// Once solved: whether the result is ranked (a pool or daily game at or above its floor,
    /// unassisted, within the caps on one address).
    pub ranked: Option<bool>,
    /// Once solved: why it is ranked or not, in the server's words ("ranked: ..." or "not
    /// ranked: ...", with the figures), for logs and scripts.
    pub reason: Option<String>,
    /// Once solved and not ranked, why, as a key the page words for the player in its language:
    /// `offline`, `pasted`, `too-fast` (under the floor of a ranked time), `assisted`,
    /// `daily-taken` (the daily already ranked for this player or address), `address-cap`.
    pub unranked: Option<&'static str>,
    /// Whole seconds played.
    pub seconds: i64,
    /// The game is over and saved.
    pub solved: bool,
}

/// `POST /api/games/{id}/pause` and `.../resume`.
#[derive(Debug, Serialize)]
pub struct Paused<'a> {
    /// Resume only: the game, its puzzle shown again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameView<'a>>,
    /// Whether the game is now paused.
    pub paused: bool,
    /// Whole seconds played.
    pub seconds: i64,
}

/// `POST /api/games/{id}/quit`.
#[derive(Debug, Serialize)]
pub struct Quit {
    /// Always [`Status::Quit`].
    pub status: Status,
}

/// `POST /api/games/{id}/mistakes`: the player's values that are not the solution's.
#[derive(Debug, Serialize)]
pub struct Mistakes {
    /// The cells, in reading order.
    pub wrong: Vec<usize>,
}

/// `POST /api/games/{id}/hint`: one step, explained. The page shows it in three stages, as
/// Good Sudoku does: where to look (`area`, `houses`), the technique, then the move.
#[derive(Debug, Default, Serialize)]
pub struct Hint {
    /// Where to look first: the cells of the houses the step is about (Sudoku), else the step's
    /// own cells and the ones it places in.
    pub area: Vec<usize>,
    /// The houses of `area` by kind and 1-based number (`[["row", 3], ["box", 2]]`), for the
    /// page's words in the player's language; empty where the step names no house.
    pub houses: Vec<(&'static str, usize)>,
    /// The cells the step is about.
    pub cells: Vec<usize>,
    /// What applying the step changes, in words: "Place 5 in r4c7. Remove 2 from r5c8 and r6c8."
    pub changes: String,
    /// `(cell, value)` candidates removed.
    pub eliminations: Vec<(usize, i32)>,
    /// For the player.
    pub explanation: String,
    /// `(cell, value)` placed.
    pub placements: Vec<(usize, i32)>,
    /// The technique's name, or `"reveal"`.
    pub technique: String,
    /// A chain's nodes `(cell, value)` in order, the links alternating strong and weak from a
    /// strong one (X-chains, XY-chains and AICs of Sudoku: the page draws it); else empty.
    pub chain: Vec<(usize, i32)>,
}

/// `POST /api/puzzles/analyze`.
#[derive(Debug, Serialize)]
pub struct Analysis {
    /// The level, when unique and rated within budget.
    pub difficulty: Option<&'static str>,
    /// Given cells.
    pub givens: usize,
    /// A solution, when there is one.
    pub solution: Option<Vec<i32>>,
    /// Counted up to 2.
    pub solutions: u64,
    /// Exactly one solution.
    pub unique: bool,
}

/// `POST /api/puzzles/verify`.
#[derive(Debug, Serialize)]
pub struct Verdict {
    /// No violation.
    pub valid: bool,
    /// What is wrong, for the player.
    pub violations: Vec<String>,
}

/// `GET /api/records`.
#[derive(Debug, Serialize)]
pub struct Records {
    /// Best first.
    pub records: Vec<Record>,
}

/// One result.
#[derive(Debug, Serialize)]
pub struct Record {
    /// Whether a hint was used.
    pub assisted: bool,
    /// RFC 3339, UTC.
    pub finished_at: String,
    /// Milliseconds played.
    pub ms: i64,
    /// Whole seconds played.
    pub seconds: i64,
}

/// `GET /api/daily`: today's daily puzzle of a configuration, and where the player stands.
#[derive(Debug, Serialize)]
pub struct Daily {
    /// The configuration key, e.g. `"9x9 classic"`.
    pub config: String,
    /// Today, `YYYY-MM-DD` (UTC).
    pub date: String,
    /// The level.
    pub difficulty: String,
    /// The family.
    pub kind: Kind,
    /// The player's place in the daily ranking, when solved and ranked.
    pub place: Option<u64>,
    /// Whether the player (by the cookie) started it.
    pub played: bool,
    /// Ranked results of the daily so far.
    pub results: u64,
    /// The player's time, whole seconds, when solved.
    pub seconds: Option<i64>,
    /// Whether the player solved it (a new daily game is then refused).
    pub solved: bool,
}

/// `GET /api/daily/records`.
#[derive(Debug, Serialize)]
pub struct DailyRecords {
    /// The configuration key.
    pub config: String,
    /// The daily's date.
    pub date: String,
    /// The level.
    pub difficulty: String,
    /// The family.
    pub kind: Kind,
    /// Best first, up to 20.
    pub records: Vec<Record>,
}

/// `GET /api/records/summary`.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// Per kind, configuration and level.
    pub best: Vec<Best>,
}

/// The best time of one kind, configuration and level.
#[derive(Debug, Serialize)]
pub struct Best {
    /// Whether the best is assisted (only when no unassisted result exists).
    pub assisted: bool,
    /// The configuration key, e.g. `"9x9 classic"`.
    pub config: String,
    /// The level.
    pub difficulty: String,
    /// Results of the configuration and level.
    pub games: i64,
    /// The family.
    pub kind: Kind,
    /// Milliseconds.
    pub ms: i64,
    /// Whole seconds.
    pub seconds: i64,
}

/// Every error: `{"error": ..., "field": ...}`, and `wrong` for a hint on a grid with mistakes.
#[derive(Debug, Serialize)]
pub struct ErrorBody<'a> {
    /// What is wrong, for the player.
    pub error: &'a str,
    /// The JSON field at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'a str>,
    /// The cells in the way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong: Option<&'a [usize]>,
}

/// The 409 of a hint on a grid with a mistake: that there is one, and where only if asked.
#[derive(Debug, Serialize)]
pub struct MistakeBody<'a> {
    /// What is wrong, for the player.
    pub error: &'a str,
    /// Always `true`: tells this 409 from the others (paused, complete).
    pub mistake: bool,
    /// The one wrong cell, when the player asked where (`"locate_mistake": true`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrong: Option<&'a [usize]>,
}

/// `GET /api/me/stats`: the player's own games, by the cookie's id.
#[derive(Debug, Serialize)]
pub struct MyStats {
    /// Per kind, configuration and level: the player's ranked results.
    pub best: Vec<MyBest>,
    /// Days in a row (UTC) with a solved game, up to today or yesterday.
    pub current_streak: u32,
    /// The longest run of days in a row with a solved game.
    pub best_streak: u32,
    /// Games started and still stored (abandoned ones expire).
    pub played: u64,
    /// Whether the request carried a player cookie (without one, everything is zero).
    pub player: bool,
    /// Games solved.
    pub solved: u64,
}

/// The player's results of one kind, configuration and level.
#[derive(Debug, Serialize)]
pub struct MyBest {
    /// The mean time, milliseconds (rounded).
    pub average_ms: i64,
    /// The best time, milliseconds.
    pub best_ms: i64,
    /// The configuration key, e.g. `"9x9 classic"`.
    pub config: String,
    /// The level.
    pub difficulty: String,
    /// The family.
    pub kind: Kind,
    /// Ranked results counted.
    pub solved: i64,
}
