//! f-puzzles JSON: the format that carries a variant's *meaning* (a thermometer is a
//! thermometer, not a grey line), and the payload of f-puzzles and SudokuPad share links.
//!
//! The file is read as a [`serde_json::Value`] and walked by hand rather than through derived
//! structs, so that every mistake names its place the way a setter can find it:
//! `f-puzzles: thermometer[2].lines[0][1]: "R10C1" is outside the 9x9 grid`. Details that decide
//! answers (see docs/notes on rules and variants):
//!
//! - only cells with `given: true` are givens (some files store the whole answer as non-given
//!   values);
//! - `region` is 0-based, `null` is no region, absent is the default box;
//! - older files put `"parity": "Odd"|"Even"` on the grid cell;
//! - arrow lines start at the circle: its cells are stripped from the lines;
//! - `difference` defaults to 1, `ratio` to 2, `whispers` to 5; X is 10 and V is 5;
//! - clues outside the grid (little killer, sandwich) sit in the frame, row or column 0 or N+1;
//! - f-puzzles has no skyscraper clues nor inequality signs: Tessera writes them as arrays of its
//!   own, `skyscraper` (`cell` in the frame, `value`) and `less` (`cells`, the smaller first),
//!   which f-puzzles ignores and this reader reads back.
//!
//! A constraint array this reader does not know is an error naming it (a rule silently dropped
//! gives a puzzle with other answers); an empty one is ignored. Cosmetics (`line`, `circle`,
//! `rectangle`, `text`) become [`Cosmetic`](crate::variant::model::Cosmetic)s whose `extra`
//! keeps every field of the item not read into `cells`, `text` and `color`, so that writing puts
//! the item back as it was.
//!
//! Writing groups constraints by kind in the order of [`KINDS`]; reading what was written gives
//! the same puzzle with its constraints in that order.
//!
//! The walk over the grid and over each item is [`read`]'s; writing is [`write`]'s.

mod read;
mod write;

pub use write::to_fpuzzles;

use serde_json::Value;

use crate::variant::model::{Constraint, Variant};
use crate::Error;
use read::Reader;

/// The constraint arrays read, in the order written.
const KINDS: &[&str] = &[
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "skyscraper",
    "thermometer",
    "slowthermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "less",
    "odd",
    "even",
    "minimum",
    "maximum",
    "quadruple",
    "palindrome",
    "renban",
    "whispers",
    "betweenline",
    "regionsumline",
    "clone",
    "extraregion",
];

/// The global rules, f-puzzles' Boolean fields.
const GLOBALS: &[(&str, Constraint)] = &[
    ("diagonal+", Constraint::DiagonalPositive),
    ("diagonal-", Constraint::DiagonalNegative),
    ("antiknight", Constraint::AntiKnight),
    ("antiking", Constraint::AntiKing),
    ("disjointgroups", Constraint::DisjointGroups),
    ("nonconsecutive", Constraint::NonConsecutive),
];

/// Drawing only. f-puzzles' `cage` is its cosmetic cage (an outline with an optional label, the
/// "Cage" tool beside "Killer Cage"): solvers built for f-puzzles read only `killercage` as rules.
const COSMETICS: &[&str] = &["line", "circle", "rectangle", "text", "cage"];

/// Fields that are neither rules nor drawing (solver settings, the editor's state).
const IGNORED: &[&str] = &[
    "size",
    "grid",
    "solution",
    "title",
    "author",
    "ruleset",
    "negative",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
    "version",
    "activeConstraints",
];

fn err(path: &str, message: impl std::fmt::Display) -> Error {
    Error::shape(format!("f-puzzles: {path}: {message}"))
}

/// Reads f-puzzles JSON.
///
/// ```
/// let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiking":true}"#;
/// let puzzle = tessera::variant::from_fpuzzles(json)?;
/// assert_eq!(puzzle.givens[0], 1);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn from_fpuzzles(json: &str) -> Result<Variant, Error> {
    let value: Value = serde_json::from_str(json)
        .map_err(|e| Error::parse(e.line(), e.column(), format!("f-puzzles: {e}")))?;
    from_value(&value)
}

/// Reads an f-puzzles JSON value (the payload of a share link, decoded).
pub(crate) fn from_value(value: &Value) -> Result<Variant, Error> {
    let top = value.as_object().ok_or_else(|| err("the document", "not a JSON object"))?;
    let n = match top.get("size") {
        Some(size) => size.as_u64().ok_or_else(|| err("size", format!("{size} is not a number")))? as usize,
        None => top.get("grid").and_then(Value::as_array).map_or(0, Vec::len),
    };
    if !(crate::variant::MIN_SIZE..=crate::variant::MAX_SIZE).contains(&n) {
        return Err(err("size", format!("{n} is not a side from 4 to 16")));
    }
    let mut reader = Reader { n, puzzle: Variant::classic(n) };
    reader.grid(top.get("grid"))?;
    for (key, field) in [("title", 0), ("author", 1), ("ruleset", 2)] {
        if let Some(text) = top.get(key) {
            let text = text.as_str().ok_or_else(|| err(key, format!("{text} is not a string")))?;
            let meta = &mut reader.puzzle.meta;
            *[&mut meta.title, &mut meta.author, &mut meta.rules][field] = Some(text.to_string());
        }
    }
    if let Some(solution) = top.get("solution") {
        reader.solution(solution)?;
    }
    for (key, constraint) in GLOBALS {
        match top.get(*key) {
            None | Some(Value::Bool(false)) | Some(Value::Null) => {}
            Some(Value::Bool(true)) => reader.puzzle.constraints.push(constraint.clone()),
            Some(other) => return Err(err(key, format!("{other} is not true or false"))),
        }
    }
    for kind in KINDS {
        if let Some(items) = top.get(*kind) {
            let items = items.as_array().ok_or_else(|| err(kind, "not a list"))?;
            for (i, item) in items.iter().enumerate() {
                reader.constraint(kind, &format!("{kind}[{i}]"), item)?;
            }
        }
    }
    if let Some(negative) = top.get("negative") {
        reader.negative(negative)?;
    }
    for kind in COSMETICS {
        if let Some(items) = top.get(*kind) {
            let items = items.as_array().ok_or_else(|| err(kind, "not a list"))?;
            for (i, item) in items.iter().enumerate() {
                let cosmetic = reader.cosmetic(kind, &format!("{kind}[{i}]"), item)?;
                reader.puzzle.cosmetics.push(cosmetic);
            }
        }
    }
    for (key, field) in top {
        let known = KINDS.contains(&key.as_str())
            || COSMETICS.contains(&key.as_str())
            || IGNORED.contains(&key.as_str())
            || GLOBALS.iter().any(|(k, _)| k == key);
        let empty = match field {
            Value::Array(items) => items.is_empty(),
            Value::Bool(b) => !b,
            Value::Null => true,
            _ => true,
        };
        if !known && !empty {
            return Err(Error::shape(format!("f-puzzles: {key:?} is a rule Tessera does not solve yet")));
        }
    }
    let mut puzzle = reader.puzzle;
    // Grid-cell parity read first goes with the odd and even lists: the order writing keeps.
    puzzle.constraints.sort_by_key(rank);
    puzzle.validate().map_err(|e| Error::shape(format!("f-puzzles: {e}")))?;
    Ok(puzzle)
}

/// Where a constraint comes in the order read (and written): the global rules, then the kinds
/// as [`KINDS`] lists them, the negative constraint last.
fn rank(constraint: &Constraint) -> usize {
    use Constraint as C;
    if let Some(i) = GLOBALS.iter().position(|(_, g)| g == constraint) {
        return i;
    }
    let kind = match constraint {
        C::Cage { .. } => "killercage",
        C::LittleKiller { .. } => "littlekillersum",
        C::Sandwich { .. } => "sandwichsum",
        C::Skyscraper { .. } => "skyscraper",
        C::Less { .. } => "less",
        C::Thermometer { slow: false, .. } => "thermometer",
        C::Thermometer { slow: true, .. } => "slowthermometer",
        C::Arrow { .. } => "arrow",
        C::Difference { .. } => "difference",
        C::Ratio { .. } => "ratio",
        C::Xv { .. } => "xv",
        C::Odd { .. } => "odd",
        C::Even { .. } => "even",
        C::Minimum { .. } => "minimum",
        C::Maximum { .. } => "maximum",
        C::Quadruple { .. } => "quadruple",
        C::Palindrome { .. } => "palindrome",
        C::Renban { .. } => "renban",
        C::Whispers { .. } => "whispers",
        C::Between { .. } => "betweenline",
        C::RegionSumLine { .. } => "regionsumline",
        C::Clone { .. } => "clone",
        C::ExtraRegion { .. } => "extraregion",
        _ => return GLOBALS.len() + KINDS.len(),
    };
    GLOBALS.len() + KINDS.iter().position(|k| *k == kind).unwrap_or(KINDS.len())
}

fn color_key(kind: &str) -> &'static str {
    match kind {
        "text" => "fontC",
        "line" | "cage" => "outlineC",
        _ => "baseC",
    }
}
