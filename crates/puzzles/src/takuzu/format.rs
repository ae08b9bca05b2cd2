//! The forms a Takuzu is read from and written in (docs/formats.md, "Takuzu"):
//!
//! - **Tessera's text**: a line `W H` (or `W H repeat` for a board whose lines may be alike),
//!   then H rows of W cells: `0`, `1`, or `.` (also `-`, `_`) for an open cell.
//! - **a game id of Tatham's `unruly`** (`sgt-unruly --generate` prints them): `WxH:` (or
//!   `WxHu:` for distinct lines; the parameters may carry a difficulty, `dt`/`de`/`dn`, which is
//!   not part of the puzzle) then the givens run-length coded: a letter `a`-`y` is that many open
//!   cells (0 to 24) and then a given 0, `A`-`Y` the same with a given 1, `z` or `Z` 25 open
//!   cells; the last letter's given falls one past the board (the code's end mark). Tatham's
//!   default is lines that may be alike; Binairo's and most published puzzles ask them distinct.
//! - **JSON**, one object a line: `{"width":W,"height":H,"distinct":true,"rows":["1..0",...]}`.
//!
//! puzz.link (pzprjs) has no Takuzu genre (its "nothree" is another puzzle): an address is
//! refused with that reason rather than misread. Every form writes what it reads back to the
//! same board (tested on random boards).

use serde_json::Value;

use crate::takuzu::model::MAX_SIDE;
use crate::takuzu::Takuzu;
use crate::Error;

/// Every puzzle in `text`, in any of the forms, one after another.
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Takuzu, Error>> + '_> {
    Box::new(read_all(text).into_iter())
}

fn read_all(text: &str) -> Vec<Result<Takuzu, Error>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at].trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            at += 1;
            continue;
        }
        if line.starts_with('{') {
            found.push(from_json(line, at + 1));
            at += 1;
            continue;
        }
        if line.contains("://") || line.contains("p?") {
            found.push(Err(Error::parse(
                at + 1,
                1,
                "puzz.link has no Takuzu genre: give Tatham's game id (WxH:...), the text form or JSON",
            )));
            at += 1;
            continue;
        }
        if let Some(board) = from_game_id(line, at + 1) {
            found.push(board);
            at += 1;
            continue;
        }
        match from_text(&lines, &mut at) {
            Ok(board) => found.push(Ok(board)),
            Err(err) => {
                // The rest of a broken grid cannot be told from the next puzzle: stop here.
                found.push(Err(err));
                return found;
            }
        }
    }
    found
}

/// A side of 2 to [`MAX_SIDE`].
fn side(text: &str) -> Option<usize> {
    text.parse::<usize>().ok().filter(|n| (2..=MAX_SIDE).contains(n))
}

/// A game id of Simon Tatham's `unruly` (see the module header); `None` when the line is none.
fn from_game_id(line: &str, number: usize) -> Option<Result<Takuzu, Error>> {
    let (params, desc) = line.split_once(':')?;
    let digits = params.find(|c: char| !c.is_ascii_digit() && c != 'x').unwrap_or(params.len());
    let (size, flags) = params.split_at(digits);
    let (w, h) = size.split_once('x')?;
    let (w, h) = (w.parse::<usize>().ok()?, h.parse::<usize>().ok()?);
    if !flags.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    if side(&w.to_string()).is_none() || side(&h.to_string()).is_none() {
        return Some(Err(Error::parse(number, 1, format!("a {w}x{h} board: each side is 2 to {MAX_SIDE}"))));
    }
    // `u` asks distinct lines; `d` and the letter after it are the difficulty.
    let mut distinct = false;
    let mut chars = flags.chars();
    while let Some(c) = chars.next() {
        match c {
            'u' => distinct = true,
            'd' => {
                chars.next();
            }
            _ => {}
        }
    }
    let cells = w * h;
    let mut givens = vec![None; cells];
    let mut pos = 0usize;
    for (k, c) in desc.chars().enumerate() {
        let column = params.len() + 2 + k;
        let (skip, digit) = match c {
            'z' | 'Z' => (25, None),
            'a'..='y' => (c as usize - 'a' as usize, Some(false)),
            'A'..='Y' => (c as usize - 'A' as usize, Some(true)),
            _ => {
                return Some(Err(Error::parse(
                    number,
                    column,
                    format!("{c:?} is not a letter of an unruly game id"),
                )))
            }
        };
        pos += skip;
        if let Some(digit) = digit {
            if pos < cells {
                givens[pos] = Some(digit);
            } else if pos > cells || k + 1 != desc.chars().count() {
                return Some(Err(Error::parse(
                    number,
                    column,
                    format!("the givens run past the {w}x{h} board"),
                )));
            }
            pos += 1;
        }
    }
    if pos != cells + 1 {
        let message = format!("the givens end at cell {pos}; a {w}x{h} id ends one past its {cells} cells");
        return Some(Err(Error::parse(number, params.len() + 2, message)));
    }
    Some(Takuzu::new(w, h, givens, distinct).map_err(|err| Error::parse(number, 1, err.to_string())))
}

/// The board as a game id of Tatham's `unruly` (`WxH:` or `WxHu:`).
pub fn to_game_id(board: &Takuzu) -> String {
    let mut id = format!("{}x{}{}:", board.width(), board.height(), if board.distinct() { "u" } else { "" });
    let mut run = 0usize;
    let put = |id: &mut String, run: &mut usize, one: bool| {
        while *run >= 25 {
            id.push('z');
            *run -= 25;
        }
        let base = if one { b'A' } else { b'a' };
        id.push(char::from(base + *run as u8));
        *run = 0;
    };
    for given in board.givens() {
        match given {
            None => run += 1,
            Some(one) => put(&mut id, &mut run, *one),
        }
    }
    put(&mut id, &mut run, false);
    id
}

/// One puzzle of Tessera's text from line `*at`; `*at` is left at the first line after it.
fn from_text(lines: &[&str], at: &mut usize) -> Result<Takuzu, Error> {
    let number = *at + 1;
    let header = lines[*at].trim();
    let words: Vec<&str> = header.split_whitespace().collect();
    let sides = (words.first().and_then(|w| side(w)), words.get(1).and_then(|h| side(h)));
    let (Some(w), Some(h)) = sides else {
        return Err(Error::parse(
            number,
            1,
            format!(
                "expected a Takuzu's width and height (2 to {MAX_SIDE}), a game id or JSON, found {header:?}"
            ),
        ));
    };
    let distinct = match words.get(2..) {
        Some([]) | None => true,
        Some(["repeat"]) => false,
        Some(rest) => {
            return Err(Error::parse(
                number,
                1,
                format!(
                    "after the sides, only `repeat` (lines may be alike) is known, not {:?}",
                    rest.join(" ")
                ),
            ))
        }
    };
    *at += 1;
    let mut givens = Vec::with_capacity(w * h);
    for row in 0..h {
        let Some(line) = lines.get(*at) else {
            return Err(Error::parse(*at + 1, 1, format!("row {} of the {w}x{h} board is missing", row + 1)));
        };
        let line = line.trim();
        if line.chars().count() != w {
            return Err(Error::parse(
                *at + 1,
                1,
                format!("row {} has {} cells, not {w}", row + 1, line.chars().count()),
            ));
        }
        for (column, ch) in line.chars().enumerate() {
            givens.push(match ch {
                '0' => Some(false),
                '1' => Some(true),
                '.' | '-' | '_' => None,
                _ => {
                    return Err(Error::parse(
                        *at + 1,
                        column + 1,
                        format!("{ch:?} is none of 0, 1 and . (open)"),
                    ))
                }
            });
        }
        *at += 1;
    }
    Takuzu::new(w, h, givens, distinct).map_err(|err| Error::parse(number, 1, err.to_string()))
}

/// A board's text (Tessera's text form).
pub(crate) fn to_text(board: &Takuzu) -> String {
    let mut text =
        format!("{} {}{}\n", board.width(), board.height(), if board.distinct() { "" } else { " repeat" });
    for row in board.givens().chunks(board.width()) {
        text.extend(row.iter().map(|g| match g {
            Some(true) => '1',
            Some(false) => '0',
            None => '.',
        }));
        text.push('\n');
    }
    text
}

/// One JSON object.
fn from_json(text: &str, line: usize) -> Result<Takuzu, Error> {
    let value: Value =
        serde_json::from_str(text).map_err(|err| Error::parse(line, err.column(), format!("JSON: {err}")))?;
    let number = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| Error::parse(line, 1, format!("the JSON has no number {key:?}")))
    };
    let (w, h) = (number("width")?, number("height")?);
    let distinct = match value.get("distinct") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err(Error::parse(line, 1, "the JSON's \"distinct\" is not true or false")),
    };
    let Some(Value::Array(rows)) = value.get("rows") else {
        return Err(Error::parse(line, 1, "the JSON has no list \"rows\""));
    };
    if w > MAX_SIDE || h > MAX_SIDE || rows.len() != h {
        return Err(Error::parse(
            line,
            1,
            format!("a {w}x{h} board needs {h} rows (each side 2 to {MAX_SIDE})"),
        ));
    }
    let mut givens = Vec::with_capacity(w * h);
    for (r, row) in rows.iter().enumerate() {
        let bad = || Error::parse(line, 1, format!("rows[{r}] is not a string of {w} cells 0, 1 and ."));
        let Some(row) = row.as_str() else { return Err(bad()) };
        if row.chars().count() != w {
            return Err(bad());
        }
        for ch in row.chars() {
            givens.push(match ch {
                '0' => Some(false),
                '1' => Some(true),
                '.' | '-' | '_' => None,
                _ => return Err(bad()),
            });
        }
    }
    Takuzu::new(w, h, givens, distinct).map_err(|err| Error::parse(line, 1, err.to_string()))
}

/// The board as JSON.
pub fn to_json(board: &Takuzu) -> Value {
    let rows: Vec<String> = board
        .givens()
        .chunks(board.width())
        .map(|row| {
            row.iter()
                .map(|g| match g {
                    Some(true) => '1',
                    Some(false) => '0',
                    None => '.',
                })
                .collect()
        })
        .collect();
    serde_json::json!({
        "width": board.width(),
        "height": board.height(),
        "distinct": board.distinct(),
        "rows": rows,
    })
}
