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
//! - clues outside the grid (little killer, sandwich) sit in the frame, row or column 0 or N+1.
//!
//! A constraint array this reader does not know is an error naming it (a rule silently dropped
//! gives a puzzle with other answers); an empty one is ignored. Cosmetics (`line`, `circle`,
//! `rectangle`, `text`) become [`Cosmetic`]s whose `extra` keeps every field of the item not
//! read into `cells`, `text` and `color`, so that writing puts the item back as it was.
//!
//! Writing groups constraints by kind in the order of [`KINDS`]; reading what was written gives
//! the same puzzle with its constraints in that order.

use serde_json::{json, Map, Value};

use crate::variant::model::{default_regions, Cell, Constraint, Cosmetic, Direction, Negative, Variant};
use crate::Error;

/// The constraint arrays read, in the order written.
const KINDS: &[&str] = &[
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "thermometer",
    "slowthermometer",
    "arrow",
    "difference",
    "ratio",
    "xv",
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

struct Reader {
    n: usize,
    puzzle: Variant,
}

impl Reader {
    fn grid(&mut self, grid: Option<&Value>) -> Result<(), Error> {
        let n = self.n;
        let rows = grid.and_then(Value::as_array).ok_or_else(|| err("grid", "missing or not a list"))?;
        if rows.len() != n {
            return Err(err("grid", format!("{} rows for a {n}x{n} grid", rows.len())));
        }
        for (r, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|row| row.len() == n)
                .ok_or_else(|| err(&format!("grid[{r}]"), format!("not a list of {n} cells")))?;
            for (c, cell) in row.iter().enumerate() {
                let path = format!("grid[{r}][{c}]");
                let i = r * n + c;
                let Some(cell) = cell.as_object() else {
                    return Err(err(&path, format!("{cell} is not an object")));
                };
                if cell.get("given").and_then(Value::as_bool) == Some(true) {
                    if let Some(value) = cell.get("value") {
                        let d = number(&format!("{path}.value"), value)?;
                        if d as usize > n {
                            return Err(err(&format!("{path}.value"), format!("{d} is over {n}")));
                        }
                        self.puzzle.givens[i] = d as u8;
                    }
                }
                match cell.get("region") {
                    None => {}
                    Some(Value::Null) => self.puzzle.regions[i] = None,
                    Some(region) => {
                        let k = region.as_u64().filter(|&k| k < 256).ok_or_else(|| {
                            err(&format!("{path}.region"), format!("{region} is not a region number"))
                        })?;
                        self.puzzle.regions[i] = Some(k as u16);
                    }
                }
                let cell_at = Cell::at(i, n);
                match cell.get("parity").and_then(Value::as_str) {
                    Some("Odd") | Some("odd") => {
                        self.puzzle.constraints.push(Constraint::Odd { cell: cell_at });
                    }
                    Some("Even") | Some("even") => {
                        self.puzzle.constraints.push(Constraint::Even { cell: cell_at });
                    }
                    Some(other) => {
                        return Err(err(&format!("{path}.parity"), format!("{other:?} is not Odd or Even")))
                    }
                    None => {}
                }
            }
        }
        Ok(())
    }

    fn solution(&mut self, solution: &Value) -> Result<(), Error> {
        let n = self.n;
        let list = solution.as_array().ok_or_else(|| err("solution", "not a list"))?;
        if list.len() != n * n {
            return Err(err("solution", format!("{} digits for a {n}x{n} grid", list.len())));
        }
        let mut digits = Vec::with_capacity(n * n);
        for (i, d) in list.iter().enumerate() {
            let path = format!("solution[{i}]");
            let d = number(&path, d)?;
            if d == 0 || d as usize > n {
                // A partial solution (".", 0) is no solution.
                return Ok(());
            }
            digits.push(d as u8);
        }
        self.puzzle.solution = Some(digits);
        Ok(())
    }

    /// A cell inside the grid.
    fn cell(&self, path: &str, value: &Value) -> Result<Cell, Error> {
        let cell = self.any_cell(path, value)?;
        if cell.index(self.n).is_none() {
            return Err(err(path, format!("{value} is outside the {0}x{0} grid", self.n)));
        }
        Ok(cell)
    }

    /// A cell of the grid or of the frame around it.
    fn any_cell(&self, path: &str, value: &Value) -> Result<Cell, Error> {
        let text = value.as_str().ok_or_else(|| err(path, format!("{value} is not a cell")))?;
        let cell: Cell = text.parse().map_err(|e| err(path, e))?;
        let n = self.n as i16;
        if !(-1..=n).contains(&cell.row) || !(-1..=n).contains(&cell.col) {
            return Err(err(path, format!("{value} is outside the {0}x{0} grid and its frame", self.n)));
        }
        Ok(cell)
    }

    fn cells(&self, path: &str, value: Option<&Value>) -> Result<Vec<Cell>, Error> {
        let list = value.and_then(Value::as_array).ok_or_else(|| err(path, "missing or not a list"))?;
        list.iter().enumerate().map(|(i, c)| self.cell(&format!("{path}[{i}]"), c)).collect()
    }

    fn lines(&self, path: &str, item: &Value) -> Result<Vec<Vec<Cell>>, Error> {
        let path = format!("{path}.lines");
        let lines =
            item.get("lines").and_then(Value::as_array).ok_or_else(|| err(&path, "missing or not a list"))?;
        lines.iter().enumerate().map(|(i, line)| self.cells(&format!("{path}[{i}]"), Some(line))).collect()
    }

    fn pair(&self, path: &str, item: &Value) -> Result<[Cell; 2], Error> {
        let path = format!("{path}.cells");
        let cells = self.cells(&path, item.get("cells"))?;
        <[Cell; 2]>::try_from(cells).map_err(|c| err(&path, format!("{} cells; a dot joins 2", c.len())))
    }

    fn constraint(&mut self, kind: &str, path: &str, item: &Value) -> Result<(), Error> {
        use Constraint as C;
        let value = |default: Option<u32>| -> Result<Option<u32>, Error> {
            match item.get("value") {
                None | Some(Value::Null) => Ok(default),
                Some(Value::String(s)) if s.trim().is_empty() => Ok(default),
                Some(v) => number(&format!("{path}.value"), v).map(Some),
            }
        };
        let needed = |default: Option<u32>| -> Result<u32, Error> {
            value(default)?.ok_or_else(|| err(&format!("{path}.value"), "missing"))
        };
        let one = |this: &Self| this.cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null));
        let mut out = Vec::new();
        match kind {
            "killercage" => out.push(C::Cage {
                cells: self.cells(&format!("{path}.cells"), item.get("cells"))?,
                sum: value(None)?,
            }),
            "littlekillersum" => {
                let clue =
                    self.any_cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null))?;
                let direction = match item.get("direction").and_then(Value::as_str) {
                    Some("DR") => Direction::DR,
                    Some("DL") => Direction::DL,
                    Some("UR") => Direction::UR,
                    Some("UL") => Direction::UL,
                    _ => {
                        let found = item.get("direction").unwrap_or(&Value::Null);
                        return Err(err(
                            &format!("{path}.direction"),
                            format!("{found} is not DR, DL, UR or UL"),
                        ));
                    }
                };
                // An arrow without a number is drawn, not a rule.
                if let Some(sum) = value(None)? {
                    out.push(C::LittleKiller { clue, direction, sum });
                }
            }
            "sandwichsum" => {
                let clue =
                    self.any_cell(&format!("{path}.cell"), item.get("cell").unwrap_or(&Value::Null))?;
                out.push(C::Sandwich { clue, sum: needed(None)? });
            }
            "thermometer" | "slowthermometer" => {
                let slow = kind == "slowthermometer";
                for cells in self.lines(path, item)? {
                    out.push(C::Thermometer { cells, slow });
                }
            }
            "arrow" => {
                let circle = self.cells(&format!("{path}.cells"), item.get("cells"))?;
                let lines = self
                    .lines(path, item)?
                    .into_iter()
                    .map(|line| line.into_iter().filter(|c| !circle.contains(c)).collect::<Vec<_>>())
                    .filter(|line| !line.is_empty())
                    .collect();
                out.push(C::Arrow { circle, lines });
            }
            "difference" => {
                out.push(C::Difference { cells: self.pair(path, item)?, value: needed(Some(1))? });
            }
            "ratio" => out.push(C::Ratio { cells: self.pair(path, item)?, value: needed(Some(2))? }),
            "xv" => {
                let sum = match item.get("value") {
                    Some(Value::String(s)) if s.eq_ignore_ascii_case("x") => 10,
                    Some(Value::String(s)) if s.eq_ignore_ascii_case("v") => 5,
                    _ => needed(None)?,
                };
                out.push(C::Xv { cells: self.pair(path, item)?, sum });
            }
            "odd" => out.push(C::Odd { cell: one(self)? }),
            "even" => out.push(C::Even { cell: one(self)? }),
            "minimum" => out.push(C::Minimum { cell: one(self)? }),
            "maximum" => out.push(C::Maximum { cell: one(self)? }),
            "quadruple" => {
                let cells = self.cells(&format!("{path}.cells"), item.get("cells"))?;
                let vpath = format!("{path}.values");
                let list =
                    item.get("values").and_then(Value::as_array).ok_or_else(|| err(&vpath, "missing"))?;
                let values = list
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let d = number(&format!("{vpath}[{i}]"), v)?;
                        u8::try_from(d)
                            .map_err(|_| err(&format!("{vpath}[{i}]"), format!("{d} is not a digit")))
                    })
                    .collect::<Result<_, _>>()?;
                out.push(C::Quadruple { cells, values });
            }
            "palindrome" | "renban" | "whispers" | "betweenline" | "regionsumline" => {
                let difference = if kind == "whispers" { needed(Some(5))? } else { 0 };
                for cells in self.lines(path, item)? {
                    out.push(match kind {
                        "palindrome" => C::Palindrome { cells },
                        "renban" => C::Renban { cells },
                        "whispers" => C::Whispers { cells, difference },
                        "betweenline" => C::Between { cells },
                        _ => C::RegionSumLine { cells },
                    });
                }
            }
            "clone" => out.push(C::Clone {
                cells: self.cells(&format!("{path}.cells"), item.get("cells"))?,
                clones: self.cells(&format!("{path}.cloneCells"), item.get("cloneCells"))?,
            }),
            "extraregion" => {
                out.push(C::ExtraRegion { cells: self.cells(&format!("{path}.cells"), item.get("cells"))? });
            }
            _ => unreachable!("a kind of KINDS"),
        }
        self.puzzle.constraints.extend(out);
        Ok(())
    }

    fn negative(&mut self, negative: &Value) -> Result<(), Error> {
        let list = negative.as_array().ok_or_else(|| err("negative", "not a list"))?;
        let mut of = Vec::new();
        for (i, kind) in list.iter().enumerate() {
            of.push(match kind.as_str() {
                Some("ratio") => Negative::Ratio,
                Some("difference") => Negative::Difference,
                Some("xv") => Negative::Xv,
                _ => {
                    return Err(err(
                        &format!("negative[{i}]"),
                        format!("{kind} is not ratio, difference or xv"),
                    ))
                }
            });
        }
        if !of.is_empty() {
            self.puzzle.constraints.push(Constraint::Negative { of });
        }
        Ok(())
    }

    fn cosmetic(&self, kind: &str, path: &str, item: &Value) -> Result<Cosmetic, Error> {
        let mut extra = item.as_object().cloned().ok_or_else(|| err(path, "not an object"))?;
        let color_key = color_key(kind);
        let mut cells = Vec::new();
        let single_line =
            kind == "line" && extra.get("lines").and_then(Value::as_array).is_some_and(|l| l.len() == 1);
        if single_line {
            let line = extra.remove("lines").expect("a line");
            cells = self.frame_cells(&format!("{path}.lines[0]"), &line[0])?;
        } else if kind == "line" {
            for (i, line) in extra.get("lines").and_then(Value::as_array).into_iter().flatten().enumerate() {
                cells.extend(self.frame_cells(&format!("{path}.lines[{i}]"), line)?);
            }
        } else if let Some(list) = extra.remove("cells") {
            cells = self.frame_cells(&format!("{path}.cells"), &list)?;
        }
        let text = match extra.get("value") {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        if text.is_some() {
            extra.remove("value");
        }
        let color = match extra.get(color_key) {
            Some(Value::String(s)) => Some(s.clone()),
            _ => None,
        };
        if color.is_some() {
            extra.remove(color_key);
        }
        let extra = if extra.is_empty() { Value::Null } else { Value::Object(extra) };
        Ok(Cosmetic { kind: kind.to_string(), cells, text, color, extra })
    }

    fn frame_cells(&self, path: &str, list: &Value) -> Result<Vec<Cell>, Error> {
        let list = list.as_array().ok_or_else(|| err(path, "not a list"))?;
        list.iter().enumerate().map(|(i, c)| self.any_cell(&format!("{path}[{i}]"), c)).collect()
    }
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

/// A non-negative whole number, written as a number or a string.
fn number(path: &str, value: &Value) -> Result<u32, Error> {
    let found = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    found
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| err(path, format!("{value} is not a whole number")))
}

fn cell_name(cell: Cell) -> Value {
    Value::String(format!("R{}C{}", cell.row + 1, cell.col + 1))
}

fn names(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().copied().map(cell_name).collect())
}

/// Writes f-puzzles JSON (on one line), which f-puzzles, SudokuPad and [`from_fpuzzles`] read.
/// Reading it back gives the same puzzle with its constraints grouped by kind (the very same
/// puzzle, for one that was read from f-puzzles JSON).
pub fn to_fpuzzles(puzzle: &Variant) -> String {
    to_value(puzzle).to_string()
}

/// The f-puzzles JSON value of a puzzle.
pub(crate) fn to_value(puzzle: &Variant) -> Value {
    use Constraint as C;
    let n = puzzle.size;
    let boxes = default_regions(n);
    let mut top = Map::new();
    top.insert("size".into(), json!(n));
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let mut cell = Map::new();
                        if puzzle.givens[i] != 0 {
                            cell.insert("value".into(), json!(puzzle.givens[i]));
                            cell.insert("given".into(), json!(true));
                        }
                        if puzzle.regions[i] != boxes[i] {
                            cell.insert("region".into(), json!(puzzle.regions[i]));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    top.insert("grid".into(), Value::Array(grid));
    if let Some(title) = &puzzle.meta.title {
        top.insert("title".into(), json!(title));
    }
    if let Some(author) = &puzzle.meta.author {
        top.insert("author".into(), json!(author));
    }
    if let Some(rules) = &puzzle.meta.rules {
        top.insert("ruleset".into(), json!(rules));
    }
    if let Some(solution) = &puzzle.solution {
        top.insert("solution".into(), json!(solution));
    }
    let mut push = |key: &str, item: Value| {
        top.entry(key.to_string()).or_insert_with(|| json!([])).as_array_mut().expect("a list").push(item);
    };
    for constraint in &puzzle.constraints {
        match constraint {
            C::DiagonalPositive => {}
            C::DiagonalNegative => {}
            C::AntiKnight | C::AntiKing | C::DisjointGroups | C::NonConsecutive => {}
            C::Cage { cells, sum } => {
                let mut item = json!({ "cells": names(cells) });
                if let Some(sum) = sum {
                    item["value"] = json!(sum.to_string());
                }
                push("killercage", item);
            }
            C::LittleKiller { clue, direction, sum } => push(
                "littlekillersum",
                json!({ "cell": cell_name(*clue), "direction": format!("{direction:?}"), "value": sum.to_string() }),
            ),
            C::Sandwich { clue, sum } => {
                push("sandwichsum", json!({ "cell": cell_name(*clue), "value": sum.to_string() }));
            }
            C::Thermometer { cells, slow } => push(
                if *slow { "slowthermometer" } else { "thermometer" },
                json!({ "lines": [names(cells)] }),
            ),
            C::Arrow { circle, lines } => {
                // f-puzzles' lines start in the circle: at its cell next to the line's first.
                let lines: Vec<Value> = lines
                    .iter()
                    .map(|l| {
                        let first = l.first().copied();
                        let next = |c: &&Cell| {
                            first.is_some_and(|f| (f.row - c.row).abs() <= 1 && (f.col - c.col).abs() <= 1)
                        };
                        let start = circle.iter().find(next).or(circle.last()).copied();
                        names(&start.into_iter().chain(l.iter().copied()).collect::<Vec<_>>())
                    })
                    .collect();
                push("arrow", json!({ "cells": names(circle), "lines": lines }));
            }
            C::Difference { cells, value } => {
                let mut item = json!({ "cells": names(cells) });
                if *value != 1 {
                    item["value"] = json!(value.to_string());
                }
                push("difference", item);
            }
            C::Ratio { cells, value } => {
                let mut item = json!({ "cells": names(cells) });
                if *value != 2 {
                    item["value"] = json!(value.to_string());
                }
                push("ratio", item);
            }
            C::Xv { cells, sum } => {
                let value = match sum {
                    10 => "X".to_string(),
                    5 => "V".to_string(),
                    other => other.to_string(),
                };
                push("xv", json!({ "cells": names(cells), "value": value }));
            }
            C::Negative { .. } => {}
            C::Odd { cell } => push("odd", json!({ "cell": cell_name(*cell) })),
            C::Even { cell } => push("even", json!({ "cell": cell_name(*cell) })),
            C::Minimum { cell } => push("minimum", json!({ "cell": cell_name(*cell) })),
            C::Maximum { cell } => push("maximum", json!({ "cell": cell_name(*cell) })),
            C::Quadruple { cells, values } => {
                push("quadruple", json!({ "cells": names(cells), "values": values }));
            }
            C::Palindrome { cells } => push("palindrome", json!({ "lines": [names(cells)] })),
            C::Renban { cells } => push("renban", json!({ "lines": [names(cells)] })),
            C::Whispers { cells, difference } => {
                let mut item = json!({ "lines": [names(cells)] });
                if *difference != 5 {
                    item["value"] = json!(difference.to_string());
                }
                push("whispers", item);
            }
            C::Between { cells } => push("betweenline", json!({ "lines": [names(cells)] })),
            C::RegionSumLine { cells } => push("regionsumline", json!({ "lines": [names(cells)] })),
            C::Clone { cells, clones } => {
                push("clone", json!({ "cells": names(cells), "cloneCells": names(clones) }));
            }
            C::ExtraRegion { cells } => push("extraregion", json!({ "cells": names(cells) })),
        }
    }
    for cosmetic in &puzzle.cosmetics {
        let mut item = cosmetic.extra.as_object().cloned().unwrap_or_default();
        if cosmetic.kind == "line" && !item.contains_key("lines") {
            item.insert("lines".into(), json!([names(&cosmetic.cells)]));
        } else if cosmetic.kind != "line" {
            item.insert("cells".into(), names(&cosmetic.cells));
        }
        if let Some(text) = &cosmetic.text {
            item.insert("value".into(), json!(text));
        }
        if let Some(color) = &cosmetic.color {
            item.insert(color_key(&cosmetic.kind).into(), json!(color));
        }
        push(&cosmetic.kind, Value::Object(item));
    }
    for (key, global) in GLOBALS {
        if puzzle.constraints.contains(global) {
            top.insert(key.to_string(), json!(true));
        }
    }
    let negative: Vec<&str> = puzzle
        .constraints
        .iter()
        .filter_map(|c| match c {
            C::Negative { of } => Some(of),
            _ => None,
        })
        .flatten()
        .map(|kind| match kind {
            Negative::Difference => "difference",
            Negative::Ratio => "ratio",
            Negative::Xv => "xv",
        })
        .collect();
    if !negative.is_empty() {
        top.insert("negative".into(), json!(negative));
    }
    Value::Object(top)
}
