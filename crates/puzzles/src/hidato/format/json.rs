//! The JSON form, `{"width":W,"height":H,"cells":[[...],...],"adjacency":"hidato"}` or an array of
//! them, and `serde` for [`Hidato`].
//!
//! serde_json places syntax and type errors itself. The board checks (sizes, a number twice) run
//! after reading, so a small scanner finds where each puzzle's object starts: those errors point
//! there and name the path inside it.
//!
//! So that what `tessera hidato generate --json` and `solve --json` write reads back, the text may
//! also hold several values one after another (one a line), and an object without `"width"` is
//! read through its `"puzzle"` (else its `"solution"`). Those records go through
//! `serde_json::Value`, which keeps no positions: their errors point at the record's start.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::ReadError;
use super::MAX_SIDE;
use crate::hidato::{Adjacency, Hidato, HOLE};
use crate::{Error, ParseError};

/// The adjacency as JSON names it.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum AdjacencyName {
    Hidato,
    Numbrix,
}

impl From<AdjacencyName> for Adjacency {
    fn from(name: AdjacencyName) -> Self {
        match name {
            AdjacencyName::Hidato => Adjacency::King,
            AdjacencyName::Numbrix => Adjacency::Orthogonal,
        }
    }
}

/// A puzzle as read, before the board checks.
#[derive(Debug, Deserialize)]
struct Raw {
    width: usize,
    height: usize,
    cells: Vec<Vec<i64>>,
    #[serde(default)]
    adjacency: Option<AdjacencyName>,
}

/// A puzzle as written.
#[derive(Serialize)]
struct Out<'a> {
    width: usize,
    height: usize,
    cells: Vec<&'a [i32]>,
    adjacency: &'static str,
}

impl<'a> From<&'a Hidato> for Out<'a> {
    fn from(puzzle: &'a Hidato) -> Self {
        Out {
            width: puzzle.width(),
            height: puzzle.height(),
            cells: puzzle.cells().chunks(puzzle.width()).collect(),
            adjacency: puzzle.adjacency().name(),
        }
    }
}

impl Serialize for Hidato {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Out::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Hidato {
    /// The object of the module docs; `"adjacency"` defaults to `"hidato"`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Raw::deserialize(deserializer)?.board(Adjacency::King, "").map_err(D::Error::custom)
    }
}

impl Raw {
    /// The board, or what is wrong with it, naming the path from `path` (`[2]` or empty).
    fn board(self, default: Adjacency, path: &str) -> Result<Hidato, String> {
        let Raw { width, height, cells, adjacency } = self;
        let named = |inner: &str| if path.is_empty() { inner.to_owned() } else { format!("{path}.{inner}") };
        let board = if path.is_empty() { "the board".to_owned() } else { format!("{path}: the board") };
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(format!("{board} is {width}x{height}; width and height go from 1 to {MAX_SIDE}"));
        }
        if cells.len() != height {
            let rows = if cells.len() == 1 { "1 row".to_string() } else { format!("{} rows", cells.len()) };
            return Err(format!("{} has {rows}; the height is {height}", named("cells")));
        }
        let size = cells.iter().flatten().filter(|&&v| v != i64::from(HOLE)).count();
        let mut seen: Vec<Option<(usize, usize)>> = vec![None; width * height + 1];
        for (r, row) in cells.iter().enumerate() {
            if row.len() != width {
                return Err(format!(
                    "{} has {} numbers; the width is {width}",
                    named(&format!("cells[{r}]")),
                    row.len()
                ));
            }
            for (c, &value) in row.iter().enumerate() {
                let at = named(&format!("cells[{r}][{c}]"));
                if value < i64::from(HOLE) {
                    return Err(format!(
                        "{at} is {value}; a cell is -1 (hole), 0 (empty) or a number from 1"
                    ));
                }
                if value > size as i64 {
                    return Err(format!("{at} is {value}, but the board has only {size} cells"));
                }
                if value > 0 {
                    if let Some((r0, c0)) = seen[value as usize] {
                        return Err(format!(
                            "{value} is given twice: at {} and {at}",
                            named(&format!("cells[{r0}][{c0}]"))
                        ));
                    }
                    seen[value as usize] = Some((r, c));
                }
            }
        }
        if size == 0 {
            return Err(format!("{board} has no cells, only holes (-1)"));
        }
        let cells = cells.into_iter().flatten().map(|v| v as i32).collect();
        let adjacency = adjacency.map_or(default, Adjacency::from);
        Hidato::new(width, height, cells, adjacency).map_err(|err| format!("{board}: {err}"))
    }
}

/// Reads one JSON object or an array of them (see the module docs of `format`); a puzzle without
/// `"adjacency"` gets `adjacency`.
///
/// ```
/// use tessera::hidato::{from_json, to_json, Adjacency};
/// let text = r#"{"width":2,"height":1,"cells":[[1,0]],"adjacency":"numbrix"}"#;
/// let puzzles = from_json(text, Adjacency::King).unwrap();
/// assert_eq!(puzzles[0].adjacency(), Adjacency::Orthogonal);
/// assert_eq!(to_json(&puzzles), format!("[{text}]"));
/// ```
pub fn from_json(text: &str, adjacency: Adjacency) -> Result<Vec<Hidato>, Error> {
    read_json(text, adjacency).map_err(Error::from)
}

/// [`from_json`], with the mistake's kind.
fn read_json(text: &str, adjacency: Adjacency) -> Result<Vec<Hidato>, ParseError> {
    let text_start =
        text.len() - text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}').len();
    if let Some(records) = records(text, text_start) {
        return records
            .into_iter()
            .enumerate()
            .map(|(i, (start, value))| {
                let at = |message: String| {
                    let (line, column) = line_column(text, start);
                    ParseError::new(line, column, ReadError::Json { message })
                };
                let raw = Raw::deserialize(value).map_err(|err| at(err.to_string()))?;
                raw.board(adjacency, &format!("puzzle {}", i + 1)).map_err(at)
            })
            .collect();
    }
    let list = text[text_start..].starts_with('[');
    let raws: Vec<Raw> = if list {
        serde_json::from_str(&text[text_start..])
    } else {
        serde_json::from_str::<Raw>(&text[text_start..]).map(|raw| vec![raw])
    }
    .map_err(|err| {
        // serde_json counts from the value's start; the skipped prefix is whitespace.
        let skipped = &text[..text_start];
        let lines_before = skipped.matches('\n').count();
        let column = if err.line() <= 1 {
            skipped.rsplit('\n').next().map_or(0, |l| l.chars().count()) + err.column()
        } else {
            err.column()
        };
        let message = err.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_owned(),
            None => message,
        };
        ParseError::new(err.line().max(1) + lines_before, column.max(1), ReadError::Json { message })
    })?;
    let starts = object_starts(text, text_start, list);
    raws.into_iter()
        .enumerate()
        .map(|(i, raw)| {
            let path = if list { format!("[{i}]") } else { String::new() };
            raw.board(adjacency, &path).map_err(|message| {
                let (line, column) = line_column(text, starts.get(i).copied().unwrap_or(text_start));
                ParseError::new(line, column, ReadError::Json { message })
            })
        })
        .collect()
}

/// The puzzles of a text that is not one plain puzzle or array of them: several JSON values one
/// after another, or records (objects without `"width"`) holding a `"puzzle"` or `"solution"`.
/// Each comes with the byte offset of the value it came from. `None` for one plain value, or
/// when the values cannot be read (the plain reader then says where the mistake is).
fn records(text: &str, text_start: usize) -> Option<Vec<(usize, Value)>> {
    let mut stream = serde_json::Deserializer::from_str(&text[text_start..]).into_iter::<Value>();
    let mut values = Vec::new();
    loop {
        let before = text_start + stream.byte_offset();
        let start = before + (text[before..].len() - text[before..].trim_start().len());
        match stream.next() {
            None => break,
            Some(Ok(value)) => values.push((start, value)),
            Some(Err(_)) => return None,
        }
    }
    let is_record = |value: &Value| {
        value.as_object().is_some_and(|object| {
            !object.contains_key("width")
                && (object.contains_key("puzzle") || object.contains_key("solution"))
        })
    };
    let any_record = values.iter().any(|(_, value)| match value {
        Value::Array(items) => items.iter().any(is_record),
        value => is_record(value),
    });
    if values.len() < 2 && !any_record {
        return None;
    }
    let mut puzzles = Vec::new();
    for (start, value) in values {
        let items = match value {
            Value::Array(items) => items,
            value => vec![value],
        };
        for item in items {
            let item = match item {
                Value::Object(mut object) if is_record(&Value::Object(object.clone())) => {
                    object.remove("puzzle").or_else(|| object.remove("solution")).unwrap_or_default()
                }
                item => item,
            };
            puzzles.push((start, item));
        }
    }
    Some(puzzles)
}

/// Writes puzzles as a JSON array, one line.
pub fn to_json(puzzles: &[Hidato]) -> String {
    let out: Vec<Out<'_>> = puzzles.iter().map(Out::from).collect();
    // Plain structs of numbers and strings always serialize.
    serde_json::to_string(&out).unwrap_or_default()
}

/// The byte offsets where the puzzles' objects start: the value at `start`, or each element of
/// the array at `start`.
fn object_starts(text: &str, start: usize, list: bool) -> Vec<usize> {
    if !list {
        return vec![start];
    }
    let bytes = text.as_bytes();
    let (mut depth, mut i, mut starts) = (0usize, start, Vec::new());
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' | b'[' => {
                if depth == 1 {
                    starts.push(i);
                }
                depth += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    starts
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
