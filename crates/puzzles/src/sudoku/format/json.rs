//! The JSON form: reading one value (an object, or an array of them) out of a longer text with the
//! line and column of every mistake, and `serde`'s `Serialize`/`Deserialize` for [`Sudoku`].
//!
//! `serde_json::Value` keeps no positions, so a small scanner finds where each key's value (or
//! each element of an array) starts in the text; errors about a key point there, and errors about
//! one character of a `"cells"` string point at that character.
//!
//! An object without `"cells"` is read through its `"puzzle"` (else its `"solution"`): the lines
//! that `tessera sudoku generate --json` and `solve --json` write read back as puzzles.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::{digit, region_numbers, Layouts};
use crate::sudoku::{Regions, Sudoku, MAX_SIZE, MIN_SIZE};

/// A JSON error: the byte offset it is about (in the text being read), and what is wrong.
pub(super) type JsonError = (Option<usize>, String);

/// Where the members of one JSON value start, by byte offset in `text`: each key's value (with the
/// key) for an object, each element for an array. Only the outermost level.
pub(super) fn members(text: &str, start: usize) -> Vec<(Option<&str>, usize)> {
    let bytes = text.as_bytes();
    let is_object = bytes.get(start) == Some(&b'{');
    let mut members = Vec::new();
    let mut depth = 0usize;
    let mut expect_member = false;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let from = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                if depth == 1 && expect_member {
                    if is_object {
                        let key = text.get(from + 1..i - 1);
                        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b':') {
                            i += 1;
                        }
                        members.push((key, i));
                    } else {
                        members.push((None, from));
                    }
                    expect_member = false;
                }
                continue;
            }
            b'{' | b'[' => {
                if depth == 1 && expect_member && !is_object {
                    members.push((None, i));
                }
                depth += 1;
                // Entering the outermost value: its first member comes next; deeper: not ours.
                expect_member = depth == 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            b',' if depth == 1 => expect_member = true,
            b if b.is_ascii_whitespace() => {}
            _ => {
                if depth == 1 && expect_member {
                    if !is_object {
                        members.push((None, i));
                    }
                    expect_member = false;
                }
            }
        }
        i += 1;
    }
    members
}

/// Reads a puzzle from a JSON value. `text` and `members` (from [`members`]) place errors; both
/// may be empty when positions are unknown.
pub(super) fn from_value(
    value: &Value,
    at: Option<usize>,
    text: &str,
    members: &[(Option<&str>, usize)],
    layouts: &mut Layouts,
) -> Result<Sudoku, JsonError> {
    let Value::Object(object) = value else {
        return Err((at, "expected a JSON object with \"cells\"".to_owned()));
    };
    let key_at = |key: &str| members.iter().find(|(k, _)| *k == Some(key)).map(|&(_, offset)| offset).or(at);

    // Cells, as digits once the size is known; first their count.
    let Some(cells) = object.get("cells") else {
        return from_record(object, at, key_at, layouts);
    };
    let cells_at = key_at("cells");
    let count = match cells {
        Value::String(s) => s.chars().count(),
        Value::Array(items) if items.iter().all(Value::is_array) => items.len() * items.len(),
        Value::Array(items) => items.len(),
        _ => return Err((cells_at, "\"cells\" must be a string or an array".to_owned())),
    };
    let size = match object.get("size") {
        None => (MIN_SIZE..=MAX_SIZE).find(|n| n * n == count).ok_or_else(|| {
            (
                cells_at,
                format!("{count} cells; a puzzle has n² cells for a size n from {MIN_SIZE} to {MAX_SIZE}"),
            )
        })?,
        Some(size) => {
            let size =
                size.as_u64().map(|n| n as usize).filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n)).ok_or_else(
                    || (key_at("size"), format!("\"size\" must be a number from {MIN_SIZE} to {MAX_SIZE}")),
                )?;
            if count != size * size {
                return Err((cells_at, format!("{count} cells; a {size}x{size} puzzle has {}", size * size)));
            }
            size
        }
    };

    let variant = match object.get("variant") {
        None => None,
        Some(Value::String(name)) => Some(name.to_ascii_lowercase()),
        Some(_) => return Err((key_at("variant"), "\"variant\" must be a string".to_owned())),
    };
    let (jigsaw, diagonals) = match variant.as_deref() {
        None => (object.contains_key("regions"), false),
        Some("classic") => (false, false),
        Some("x") => (false, true),
        Some("jigsaw") => (true, false),
        Some("jigsaw-x") => (true, true),
        Some(other) => {
            return Err((
                key_at("variant"),
                format!(
                    "unknown variant \"{other}\"; expected \"classic\", \"x\", \"jigsaw\" or \"jigsaw-x\""
                ),
            ))
        }
    };

    let layout = if jigsaw {
        if object.contains_key("boxes") {
            return Err((key_at("boxes"), "a jigsaw has \"regions\", not \"boxes\"".to_owned()));
        }
        let Some(regions) = object.get("regions") else {
            return Err((at, "a jigsaw needs \"regions\": one label per cell".to_owned()));
        };
        let numbers = regions_of(regions, size).map_err(|message| (key_at("regions"), message))?;
        layouts.get(size, Regions::Jigsaw(numbers), diagonals)
    } else {
        if object.contains_key("regions") {
            return Err((key_at("regions"), "\"regions\" are for the jigsaw variants".to_owned()));
        }
        match object.get("boxes") {
            None => layouts.classic(size, diagonals),
            Some(boxes) => {
                let (rows, cols) = box_shape(boxes).ok_or_else(|| {
                    (key_at("boxes"), "\"boxes\" must be [rows, columns] or \"RxC\"".to_owned())
                })?;
                if rows.checked_mul(cols) != Some(size) {
                    return Err((key_at("boxes"), super::boxes_mismatch(rows, cols, size)));
                }
                layouts.get(size, Regions::Boxes { rows, cols }, diagonals)
            }
        }
    }
    .map_err(|message| (at, message))?;

    let digits = match cells {
        Value::String(s) => {
            // Where each character is in the text, when the string there has no escapes.
            let raw = cells_at
                .and_then(|offset| text.get(offset + 1..))
                .filter(|raw| raw.starts_with(s.as_str()) && raw[s.len()..].starts_with('"'));
            let mut digits = Vec::with_capacity(count);
            for (offset, c) in s.char_indices() {
                let here = raw.map_or(cells_at, |_| cells_at.map(|at| at + 1 + offset));
                digits.push(digit(c, size).map_err(|message| (here, message))?);
            }
            digits
        }
        Value::Array(items) => {
            let flat: Vec<&Value> = if items.iter().all(Value::is_array) {
                let length = |row: &Value| row.as_array().map_or(0, Vec::len);
                if let Some(row) = items.iter().position(|row| length(row) != size) {
                    return Err((
                        cells_at,
                        format!(
                            "row {} of \"cells\" has {} cells; a row of a {size}x{size} puzzle has {size}",
                            row + 1,
                            length(&items[row])
                        ),
                    ));
                }
                items.iter().filter_map(Value::as_array).flatten().collect()
            } else {
                items.iter().collect()
            };
            let mut digits = Vec::with_capacity(count);
            for (i, item) in flat.into_iter().enumerate() {
                let value = match item {
                    Value::Null => Some(0),
                    Value::Number(n) => n.as_u64().filter(|&n| n as usize <= size).map(|n| n as u8),
                    Value::String(s) if s.chars().count() == 1 => {
                        s.chars().next().and_then(|c| digit(c, size).ok())
                    }
                    _ => None,
                };
                digits.push(value.ok_or_else(|| {
                    (
                        cells_at,
                        format!(
                            "cell {} (r{}c{}) is {item}; expected a number from 0 (empty) to {size}",
                            i + 1,
                            i / size + 1,
                            i % size + 1
                        ),
                    )
                })?);
            }
            digits
        }
        _ => return Err((cells_at, "\"cells\" must be a string or an array".to_owned())),
    };
    Sudoku::from_digits(layout, digits).map_err(|err| (cells_at, super::message_of(err)))
}

/// A record of `tessera sudoku generate --json` or `solve --json` (an object without `"cells"`):
/// the puzzle is its `"puzzle"`, else its `"solution"`, each a puzzle line (with its ` X` or
/// regions) or a puzzle object; so that whatever the CLI writes, it reads back.
fn from_record(
    object: &serde_json::Map<String, Value>,
    at: Option<usize>,
    key_at: impl Fn(&str) -> Option<usize>,
    layouts: &mut Layouts,
) -> Result<Sudoku, JsonError> {
    let Some((key, inner)) = ["puzzle", "solution"].into_iter().find_map(|key| Some((key, object.get(key)?)))
    else {
        return Err((at, "no \"cells\"; expected the puzzle's digits, a string or an array".to_owned()));
    };
    match inner {
        Value::String(line) => Sudoku::parse(line).map_err(|err| (key_at(key), super::message_of(err))),
        Value::Object(_) => from_value(inner, key_at(key), "", &[], layouts),
        _ => Err((key_at(key), format!("\"{key}\" must be a puzzle line or a puzzle object"))),
    }
}

/// `[3, 2]` or `"3x2"`.
fn box_shape(value: &Value) -> Option<(usize, usize)> {
    match value {
        Value::Array(pair) if pair.len() == 2 => {
            Some((pair[0].as_u64()? as usize, pair[1].as_u64()? as usize))
        }
        Value::String(s) => {
            let (rows, cols) = s.split_once(['x', 'X'])?;
            Some((rows.trim().parse().ok()?, cols.trim().parse().ok()?))
        }
        _ => None,
    }
}

/// The region numbers of a `"regions"` value: a string of labels (letters or digits), or an
/// array of labels (numbers or strings), flat or one array or string per row.
fn regions_of(value: &Value, size: usize) -> Result<Vec<u8>, String> {
    let cells = size * size;
    let mut chars = Vec::new();
    let mut numbers = Vec::new();
    collect_labels(value, 0, &mut chars, &mut numbers)?;
    match (chars.len(), numbers.len()) {
        (n, 0) if n == cells => region_numbers(&chars, size),
        (0, n) if n == cells => region_numbers(&numbers, size),
        (0, _) | (_, 0) => {
            return Err(format!(
                "\"regions\" has {} labels; a {size}x{size} jigsaw needs {cells}, one per cell",
                chars.len() + numbers.len()
            ))
        }
        _ => return Err("\"regions\" mixes numbers and letters; use one kind of label".to_owned()),
    }
    .map_err(|(_, message)| message)
}

fn collect_labels(
    value: &Value,
    depth: usize,
    chars: &mut Vec<char>,
    numbers: &mut Vec<u64>,
) -> Result<(), String> {
    match value {
        Value::String(s) => {
            for c in s.chars().filter(|c| !c.is_whitespace()) {
                if !c.is_ascii_alphanumeric() {
                    return Err(format!(
                        "{} is not a region label; expected letters or digits",
                        super::shown(c)
                    ));
                }
                chars.push(c.to_ascii_uppercase());
            }
        }
        Value::Number(n) => numbers.push(n.as_u64().ok_or_else(|| format!("{n} is not a region label"))?),
        Value::Array(items) if depth < 2 => {
            for item in items {
                collect_labels(item, depth + 1, chars, numbers)?;
            }
        }
        other => {
            return Err(format!("{other} is not a region label; expected a letter, a digit or a number"))
        }
    }
    Ok(())
}

/// What we write: `{"size":9,"boxes":[3,3],"variant":"classic","cells":"..."}`.
#[derive(Serialize)]
struct Written {
    size: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    boxes: Option<[usize; 2]>,
    variant: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<String>,
    cells: String,
}

impl Serialize for Sudoku {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let layout = self.layout();
        let (boxes, regions) = match layout.regions() {
            Regions::Boxes { rows, cols } => (Some([*rows, *cols]), None),
            Regions::Jigsaw(regions) => (None, Some(regions.iter().map(|&r| (b'A' + r) as char).collect())),
        };
        let variant = match (regions.is_some(), layout.has_diagonals()) {
            (false, false) => "classic",
            (false, true) => "x",
            (true, false) => "jigsaw",
            (true, true) => "jigsaw-x",
        };
        let cells = self.cells().iter().map(|&d| layout.symbol(d)).collect();
        Written { size: layout.size(), boxes, variant, regions, cells }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Sudoku {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        from_value(&value, None, "", &[], &mut Layouts::default())
            .map_err(|(_, message)| D::Error::custom(message))
    }
}
