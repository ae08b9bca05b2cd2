//! The forms a nonogram is read from and written in (docs/formats.md, "Nonogram"):
//!
//! - **`.non`** (Steve Simpson's format, the one of the nonogram-db collection and of webpbn.com's
//!   exports; also Tessera's text form): `width W` and `height H`, then `rows` followed by H
//!   lines and `columns` followed by W lines, each line its runs separated by commas (or
//!   spaces), `0` or a blank line for none. Other keys (`title`, `by`, `catalogue`, `copyright`,
//!   `license`, `goal`) are skipped, as the format asks of a reader; `color` (a nonogram of
//!   several colours) is refused. Puzzles follow one another: a line `====` between them, or a
//!   new key once a puzzle has its rows and columns.
//! - **puz.link** (pzprjs's `nonogram`): `https://puzz.link/p?nonogram/<cols>/<rows>/<body>`, the
//!   body number16 over the clue cells outside the board: `ceil(rows/2)` cells above each column
//!   (column by column, the one next to the board first), then `ceil(cols/2)` cells left of each
//!   row (row by row, the one next to the board first). So a line's runs are written last run
//!   first, pushed against the board ("flushed"). A `?` clue (`.`) is refused: every run must be
//!   known.
//! - **a game id of Tatham's `pattern`** (`sgt-pattern --generate` prints them): `WxH:` then
//!   the columns' clues and the rows', `/` between them, `.` between runs (`5x5:2.1/3/...`).
//! - **JSON**, one object a line: `{"width":W,"height":H,"rows":[[1,2],[]...],"columns":[...]}`.
//!
//! Every form writes what it reads back to the same board (tested on random boards).

use serde_json::Value;

use crate::common::puzzlink::{Clue, Url, Writer};
use crate::nonogram::model::MAX_SIDE;
use crate::nonogram::Nonogram;
use crate::Error;

/// pzprjs's name of the genre.
pub const PUZZLINK_GENRE: &str = "nonogram";

/// Every puzzle in `text`, in any of the forms, one after another.
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Nonogram, Error>> + '_> {
    Box::new(read_all(text).into_iter())
}

fn read_all(text: &str) -> Vec<Result<Nonogram, Error>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at].trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") || line == "====" {
            at += 1;
            continue;
        }
        if line.starts_with('{') {
            found.push(from_json(line, at + 1));
            at += 1;
            continue;
        }
        if let Some(board) = from_game_id(line, at + 1) {
            found.push(board);
            at += 1;
            continue;
        }
        if is_url(line) {
            found.push(from_url(line, at + 1));
            at += 1;
            continue;
        }
        match from_non(&lines, &mut at) {
            Ok(board) => found.push(Ok(board)),
            Err(err) => {
                // The rest of a broken .non puzzle cannot be told from the next: stop here.
                found.push(Err(err));
                return found;
            }
        }
    }
    found
}

/// A game id of Simon Tatham's `pattern` (what `sgt-pattern --generate` prints): `WxH:`, then
/// the W columns' clues and the H rows', separated by `/`, each its runs separated by `.` (empty
/// for none); `None` when the line is none.
fn from_game_id(line: &str, number: usize) -> Option<Result<Nonogram, Error>> {
    let (size, body) = line.split_once(':')?;
    let (w, h) = size.split_once('x')?;
    let side = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
    let (Some(w), Some(h)) = (side(w), side(h)) else { return None };
    let mut lines = Vec::with_capacity(w + h);
    let mut column = size.len() + 2;
    for (k, part) in body.split('/').enumerate() {
        let mut runs = Vec::new();
        for word in part.split('.').filter(|word| !word.is_empty()) {
            match word.parse::<u32>() {
                Ok(0) => {}
                Ok(n) if n as usize <= MAX_SIDE => runs.push(n),
                _ => {
                    return Some(Err(Error::parse(
                        number,
                        column,
                        format!("{word:?} in clue {} is no run length", k + 1),
                    )))
                }
            }
        }
        column += part.len() + 1;
        lines.push(runs);
    }
    if lines.len() != w + h {
        let message = format!("a {w}x{h} game id needs {} clues; this one has {}", w + h, lines.len());
        return Some(Err(Error::parse(number, size.len() + 2, message)));
    }
    let rows = lines.split_off(w);
    Some(Nonogram::new(w, h, rows, lines).map_err(|err| Error::parse(number, 1, err.to_string())))
}

/// Whether a line is an address: one word with `?GENRE/` in it (a `.non` title may hold a `?`,
/// never without a space before it in a line of one word).
fn is_url(line: &str) -> bool {
    !line.contains(char::is_whitespace) && line.split_once('?').is_some_and(|(_, query)| query.contains('/'))
}

/// The first word of a `.non` line, lowercased.
fn key(line: &str) -> String {
    line.split_whitespace().next().unwrap_or("").to_ascii_lowercase()
}

/// One `.non` puzzle from line `*at`; `*at` is left at the first line after it.
fn from_non(lines: &[&str], at: &mut usize) -> Result<Nonogram, Error> {
    let (mut width, mut height) = (None, None);
    let mut rows: Option<Vec<Vec<u32>>> = None;
    let mut columns: Option<Vec<Vec<u32>>> = None;
    let start = *at;
    while *at < lines.len() {
        let line = lines[*at].trim();
        let number = *at + 1;
        if line == "====" {
            break;
        }
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            *at += 1;
            continue;
        }
        let word = key(line);
        let complete = width.is_some() && height.is_some() && rows.is_some() && columns.is_some();
        if complete && word != "goal" {
            break;
        }
        match word.as_str() {
            "width" | "height" => {
                let value = line.split_whitespace().nth(1).unwrap_or("");
                let side =
                    value.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n)).ok_or_else(|| {
                        Error::parse(
                            number,
                            word.len() + 2,
                            format!("the {word} is {value:?}; expected 1 to {MAX_SIDE}"),
                        )
                    })?;
                let slot = if word == "width" { &mut width } else { &mut height };
                if slot.is_some() {
                    return Err(Error::parse(number, 1, format!("a second {word} in one puzzle")));
                }
                *slot = Some(side);
                *at += 1;
            }
            "rows" | "columns" => {
                let is_rows = word == "rows";
                let count = if is_rows { height } else { width };
                let Some(count) = count else {
                    return Err(Error::parse(number, 1, format!("{word} before the width and height")));
                };
                if line.split_whitespace().count() > 1 {
                    return Err(Error::parse(
                        number,
                        word.len() + 2,
                        format!("the {word}' clues start on the next line"),
                    ));
                }
                let mut clues = Vec::with_capacity(count);
                for k in 0..count {
                    let index = *at + 1 + k;
                    let Some(text) = lines.get(index) else {
                        return Err(Error::parse(
                            index + 1,
                            1,
                            format!("the file ends after {k} of the {count} {word}"),
                        ));
                    };
                    clues.push(runs(text, index + 1, &word, k)?);
                }
                *at += 1 + count;
                let slot = if is_rows { &mut rows } else { &mut columns };
                if slot.is_some() {
                    return Err(Error::parse(number, 1, format!("a second list of {word} in one puzzle")));
                }
                *slot = Some(clues);
            }
            "color" => {
                return Err(Error::parse(
                    number,
                    1,
                    "a nonogram of several colours: only black and white ones are read",
                ))
            }
            _ if is_url(line) || line.starts_with('{') => break,
            _ => *at += 1, // title, by, catalogue, copyright, license, goal, and keys unknown
        }
    }
    let missing = [
        ("width", width.is_none()),
        ("height", height.is_none()),
        ("rows", rows.is_none()),
        ("columns", columns.is_none()),
    ];
    if let Some((what, _)) = missing.iter().find(|(_, gone)| *gone) {
        return Err(Error::parse(start + 1, 1, format!("a .non puzzle without its {what}")));
    }
    let (Some(width), Some(height), Some(rows), Some(columns)) = (width, height, rows, columns) else {
        unreachable!("checked just above")
    };
    Nonogram::new(width, height, rows, columns).map_err(|err| Error::parse(start + 1, 1, err.to_string()))
}

/// One line of clues: numbers separated by commas or spaces; blank or `0` for none.
fn runs(text: &str, line: usize, what: &str, index: usize) -> Result<Vec<u32>, Error> {
    let mut runs = Vec::new();
    let mut column = 1;
    for word in text.split(|c: char| c == ',' || c.is_whitespace()) {
        let here = column;
        column += word.chars().count() + 1;
        if word.is_empty() {
            continue;
        }
        match word.parse::<u32>() {
            Ok(0) => {}
            Ok(n) if n as usize <= MAX_SIDE => runs.push(n),
            _ => {
                let colour = word.trim_start_matches(|c: char| c.is_ascii_digit());
                let message = if !colour.is_empty() && word.len() > colour.len() {
                    format!(
                        "{word:?}: a run of the colour {colour:?}; only black and white nonograms are read"
                    )
                } else {
                    format!(
                        "{word:?} in {} {} is no run length (1 to {MAX_SIDE})",
                        &what[..what.len() - 1],
                        index + 1
                    )
                };
                return Err(Error::parse(line, here, message));
            }
        }
    }
    Ok(runs)
}

/// A board's `.non` text (Tessera's text form).
pub(crate) fn to_non(board: &Nonogram) -> String {
    let line = |runs: &Vec<u32>| {
        if runs.is_empty() {
            "0".to_owned()
        } else {
            runs.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
        }
    };
    let mut text = format!("width {}\nheight {}\n\nrows\n", board.width(), board.height());
    for runs in board.rows() {
        text += &line(runs);
        text.push('\n');
    }
    text += "\ncolumns\n";
    for runs in board.columns() {
        text += &line(runs);
        text.push('\n');
    }
    text
}

/// A puzz.link address (see the module header).
fn from_url(text: &str, line: usize) -> Result<Nonogram, Error> {
    let at_line = |err: Error| match err.position() {
        Some((_, column)) => Error::parse(line, column, strip_position(&err)),
        None => err,
    };
    let url = Url::parse(text).map_err(at_line)?;
    if url.genre != PUZZLINK_GENRE {
        return Err(Error::parse(line, 1, format!("a puzz.link {:?} puzzle, not a nonogram", url.genre)));
    }
    let (cols, rows) = (url.cols, url.rows);
    let (above, left) = (rows.div_ceil(2), cols.div_ceil(2));
    let mut reader = url.reader();
    let cells = reader.numbers16(cols * above + rows * left).map_err(at_line)?;
    reader.finish().map_err(at_line)?;
    let mut lines = Vec::with_capacity(cols + rows);
    for (k, group) in
        cells[..cols * above].chunks(above).chain(cells[cols * above..].chunks(left)).enumerate()
    {
        let mut runs = Vec::new();
        for clue in group.iter().rev().flatten() {
            match clue {
                Clue::Number(0) => {}
                Clue::Number(n) => runs.push(*n),
                Clue::Unknown => {
                    let what =
                        if k < cols { format!("column {}", k + 1) } else { format!("row {}", k - cols + 1) };
                    return Err(Error::parse(
                        line,
                        1,
                        format!("{what} has a \"?\" clue: every run must be known"),
                    ));
                }
            }
        }
        lines.push(runs);
    }
    let row_runs = lines.split_off(cols);
    Nonogram::new(cols, rows, row_runs, lines).map_err(|err| Error::parse(line, 1, err.to_string()))
}

/// An error's message without its position.
fn strip_position(err: &Error) -> String {
    match err {
        Error::Parse(parse) => parse.kind.to_string(),
        other => other.to_string(),
    }
}

/// The board as a puzz.link address.
pub fn to_url(board: &Nonogram) -> String {
    let (cols, rows) = (board.width(), board.height());
    let (above, left) = (rows.div_ceil(2), cols.div_ceil(2));
    let mut cells = Vec::with_capacity(cols * above + rows * left);
    let mut push = |runs: &Vec<u32>, room: usize| {
        cells.extend(runs.iter().rev().map(|&n| Some(Clue::Number(n))));
        cells.extend(std::iter::repeat_n(None, room - runs.len()));
    };
    for runs in board.columns() {
        push(runs, above);
    }
    for runs in board.rows() {
        push(runs, left);
    }
    let mut writer = Writer::new();
    writer.numbers16(&cells);
    Url::new(PUZZLINK_GENRE, cols, rows, writer.finish()).to_string()
}

/// One JSON object.
fn from_json(text: &str, line: usize) -> Result<Nonogram, Error> {
    let value: Value =
        serde_json::from_str(text).map_err(|err| Error::parse(line, err.column(), format!("JSON: {err}")))?;
    let side = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .map(|n| n as usize)
            .ok_or_else(|| Error::parse(line, 1, format!("the JSON has no number {key:?}")))
    };
    let (width, height) = (side("width")?, side("height")?);
    let lines = |key: &str| -> Result<Vec<Vec<u32>>, Error> {
        let Some(Value::Array(lines)) = value.get(key) else {
            return Err(Error::parse(line, 1, format!("the JSON has no list {key:?}")));
        };
        lines
            .iter()
            .enumerate()
            .map(|(i, runs)| {
                let bad = || Error::parse(line, 1, format!("{key}[{i}] is no list of run lengths"));
                let Value::Array(runs) = runs else { return Err(bad()) };
                runs.iter()
                    .map(|r| r.as_u64().filter(|&n| n as usize <= MAX_SIDE).map(|n| n as u32).ok_or_else(bad))
                    .collect()
            })
            .collect()
    };
    Nonogram::new(width, height, lines("rows")?, lines("columns")?)
        .map_err(|err| Error::parse(line, 1, err.to_string()))
}

/// The board as JSON.
pub fn to_json(board: &Nonogram) -> Value {
    serde_json::json!({
        "width": board.width(),
        "height": board.height(),
        "rows": board.rows(),
        "columns": board.columns(),
    })
}
