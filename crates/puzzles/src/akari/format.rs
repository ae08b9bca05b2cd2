//! The forms an Akari board is read from and written in (docs/formats.md, "Akari"):
//!
//! - **text** (Tessera's): a `W H` line, then H lines of W cells: `.` white, `X` a wall (`x`
//!   and `#` read too), `0`-`4` a numbered wall. Puzzles follow one another.
//! - **puz.link** (pzprjs's `lightup`, whose address name is also `akari`):
//!   `https://puzz.link/p?lightup/<cols>/<rows>/<body>`, the body pzprjs's 4-cell encoding over
//!   the cells row by row (`common::puzzlink::Reader::cells4`): `0`-`4` a numbered wall, `5`-`9`
//!   and `a`-`e` the same followed by one or two white cells, `.` a wall without a number, `g`-`z`
//!   1 to 20 white cells. An address naming `akari` reads the same; one is written `lightup`.
//! - **a game id of Tatham's `lightup`** (`sgt-lightup --generate` prints them): `WxH:` then
//!   the cells row by row, `a`-`z` a run of 1 to 26 white cells, `B` a wall without a number,
//!   `0`-`4` a numbered wall (read only; a wall of pzprjs's or Tatham's is a wall here).
//! - **JSON**, one object a line: `{"width":W,"height":H,"rows":["..X1.", ...]}`, the rows in
//!   the text form's characters.
//!
//! Every form writes what it reads back to the same board (tested on random boards).

use serde_json::Value;

use crate::akari::model::{board_cell, header, MAX_SIDE};
use crate::akari::{Akari, Cell};
use crate::common::puzzlink::{Clue, Url, Writer};
use crate::Error;

/// pzprjs's name of the genre.
pub const PUZZLINK_GENRE: &str = "lightup";

/// The other name pzprjs reads in an address.
const PUZZLINK_ALIAS: &str = "akari";

/// Every puzzle in `text`, in any of the forms, one after another.
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Akari, Error>> + '_> {
    Box::new(read_all(text).into_iter())
}

fn read_all(text: &str) -> Vec<Result<Akari, Error>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at].trim();
        // Between puzzles a `#` line is a comment (what `generate` writes before each puzzle):
        // a puzzle starts with its `W H` line, and only its rows may start with `#` (a wall).
        if line.is_empty() || line.starts_with("//") || line.starts_with('#') {
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
            found.push(from_url_at(line, at + 1));
            at += 1;
            continue;
        }
        match from_text(&lines, &mut at) {
            Ok(board) => found.push(Ok(board)),
            Err(err) => {
                // The rest of a broken block cannot be told from the next puzzle: stop here.
                found.push(Err(err));
                return found;
            }
        }
    }
    found
}

/// A game id of Simon Tatham's `lightup` (see the module header); `None` when the line is none.
fn from_game_id(line: &str, number: usize) -> Option<Result<Akari, Error>> {
    let (size, body) = line.split_once(':')?;
    let (w, h) = size.split_once('x')?;
    let side = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
    let (Some(w), Some(h)) = (side(w), side(h)) else { return None };
    let mut cells = Vec::with_capacity(w * h);
    for (k, ch) in body.chars().enumerate() {
        let column = size.len() + 2 + k;
        match ch {
            'a'..='z' => cells.extend(std::iter::repeat_n(Cell::White, ch as usize - 'a' as usize + 1)),
            'B' => cells.push(Cell::Wall(None)),
            '0'..='4' => cells.push(Cell::Wall(Some(ch as u8 - b'0'))),
            _ => {
                return Some(Err(Error::parse(
                    number,
                    column,
                    format!("{ch:?} is not a run a-z, a wall B or a number 0-4"),
                )))
            }
        }
        if cells.len() > w * h {
            return Some(Err(Error::parse(
                number,
                column,
                format!("the id passes the {} cells of {w}x{h}", w * h),
            )));
        }
    }
    if cells.len() < w * h {
        let message = format!("the id has {} of the {} cells of {w}x{h}", cells.len(), w * h);
        return Some(Err(Error::parse(number, line.len(), message)));
    }
    Some(Akari::new(w, h, cells).map_err(|err| Error::parse(number, 1, err.to_string())))
}

/// Whether a line is an address: one word with `?GENRE/` in it.
fn is_url(line: &str) -> bool {
    !line.contains(char::is_whitespace) && line.split_once('?').is_some_and(|(_, query)| query.contains('/'))
}

/// One text block from line `*at` (its header); `*at` is left at the line after it.
fn from_text(lines: &[&str], at: &mut usize) -> Result<Akari, Error> {
    let (width, height) = header(*at + 1, lines[*at].trim(), "the board")?;
    let start = *at;
    *at += 1;
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        // Blank lines inside a block are skipped, as the answer's reader skips them.
        while lines.get(*at).is_some_and(|l| l.trim().is_empty()) {
            *at += 1;
        }
        let Some(line) = lines.get(*at) else {
            return Err(Error::parse(*at + 1, 1, format!("row {} of the board is missing", row + 1)));
        };
        let line = line.trim();
        let number = *at + 1;
        if line.chars().count() != width {
            return Err(Error::parse(
                number,
                1,
                format!("row {} of the board has {} cells, not {width}", row + 1, line.chars().count()),
            ));
        }
        for (column, ch) in line.chars().enumerate() {
            let Some(cell) = board_cell(ch) else {
                return Err(Error::parse(
                    number,
                    column + 1,
                    format!("{ch:?} is not ., X, # or a digit 0-4"),
                ));
            };
            cells.push(cell);
        }
        *at += 1;
    }
    Akari::new(width, height, cells).map_err(|err| Error::parse(start + 1, 1, err.to_string()))
}

/// A board's text form (what `Display` writes).
pub fn to_text(board: &Akari) -> String {
    board.to_string()
}

/// A puzz.link address alone (see the module header); errors name the column in it.
pub fn from_url(text: &str) -> Result<Akari, Error> {
    from_url_at(text.trim(), 1)
}

fn from_url_at(text: &str, line: usize) -> Result<Akari, Error> {
    let at_line = |err: Error| match err.position() {
        Some((_, column)) => Error::parse(line, column, strip_position(&err)),
        None => err,
    };
    let url = Url::parse(text).map_err(at_line)?;
    if url.genre != PUZZLINK_GENRE && url.genre != PUZZLINK_ALIAS {
        return Err(Error::parse(line, 1, format!("a puz.link {:?} puzzle, not Akari (lightup)", url.genre)));
    }
    let (cols, rows) = (url.cols, url.rows);
    if cols > MAX_SIDE || rows > MAX_SIDE {
        return Err(Error::parse(line, 1, format!("a {cols}x{rows} board: the sides go to {MAX_SIDE}")));
    }
    let mut reader = url.reader();
    let clues = reader.cells4(cols * rows).map_err(at_line)?;
    reader.finish().map_err(at_line)?;
    let cells = clues
        .into_iter()
        .map(|clue| match clue {
            None => Cell::White,
            Some(Clue::Unknown) => Cell::Wall(None),
            Some(Clue::Number(n)) => Cell::Wall(Some(n.min(4) as u8)),
        })
        .collect();
    Akari::new(cols, rows, cells).map_err(|err| Error::parse(line, 1, err.to_string()))
}

/// An error's message without its position.
fn strip_position(err: &Error) -> String {
    match err {
        Error::Parse(parse) => parse.kind.to_string(),
        other => other.to_string(),
    }
}

/// The board as a puzz.link address.
pub fn to_url(board: &Akari) -> String {
    let cells: Vec<Option<Clue>> = board
        .cells()
        .iter()
        .map(|cell| match cell {
            Cell::White => None,
            Cell::Wall(None) => Some(Clue::Unknown),
            Cell::Wall(Some(n)) => Some(Clue::Number(u32::from(*n))),
        })
        .collect();
    let mut writer = Writer::new();
    writer.cells4(&cells);
    Url::new(PUZZLINK_GENRE, board.width(), board.height(), writer.finish()).to_string()
}

/// One JSON object.
fn from_json(text: &str, line: usize) -> Result<Akari, Error> {
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
    let Some(Value::Array(rows)) = value.get("rows") else {
        return Err(Error::parse(line, 1, "the JSON has no list \"rows\""));
    };
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let Some(row) = row.as_str() else {
            return Err(Error::parse(line, 1, format!("rows[{r}] is no string of cells")));
        };
        for (c, ch) in row.chars().enumerate() {
            let Some(cell) = board_cell(ch) else {
                return Err(Error::parse(line, 1, format!("rows[{r}][{c}]: {ch:?} is not ., X, # or 0-4")));
            };
            cells.push(cell);
        }
        if row.chars().count() != width {
            return Err(Error::parse(
                line,
                1,
                format!("rows[{r}] has {} cells, not {width}", row.chars().count()),
            ));
        }
    }
    if rows.len() != height {
        return Err(Error::parse(line, 1, format!("{} rows for a height of {height}", rows.len())));
    }
    Akari::new(width, height, cells).map_err(|err| Error::parse(line, 1, err.to_string()))
}

/// The board as JSON.
pub fn to_json(board: &Akari) -> Value {
    let text = board.to_string();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    serde_json::json!({ "width": board.width(), "height": board.height(), "rows": rows })
}
