//! The forms a Kakuro is read from and written in (docs/formats.md, "Kakuro"):
//!
//! - **text** (the form of janko.at's puzzles as the puzzlekit dataset keeps them; also
//!   Tessera's text form): a line `ROWS COLS`, then a line a row of cells separated by spaces:
//!   `0` (or `.`) a white cell, `-` a block without clues, `D,R` a block with the sum of the run
//!   below (`D`) and of the run to the right (`R`), either part empty (`16,` or `,23`).
//! - **puz.link** (pzprjs's `kakuro`): `https://puzz.link/p?kakuro/<cols>/<rows>/<body>`, where
//!   cols and rows count the cells inside the frame of clue cells (the grid's first row and
//!   column, all blocks). The body: the inside cells row by row, `k` to `z` 1 to 16 white cells,
//!   `.` a block without clues, else a block as two characters, its down clue then its across
//!   clue, each `0`-`9`, `a`-`j` (10 to 19), `A`-`Z` (20 to 45), `-` (or `0`) none; then, for each
//!   column whose first inside cell is white, the down clue of the frame cell above it, and for
//!   each row whose first inside cell is white, the across clue of the frame cell left of it.
//!   A board whose first row or column is not all blocks has no address.
//! - **JSON**, one object a line: `{"width":W,"height":H,"blocks":[[ROW,COL,DOWN,RIGHT],...]}`,
//!   every cell not listed white, `null` for a missing clue.
//!
//! Every form writes what it reads back to the same board (tested on random boards).

use serde_json::{json, Value};

use crate::common::puzzlink::{Reader, Url, Writer};
use crate::kakuro::model::{Cell, MAX_SIDE};
use crate::kakuro::Kakuro;
use crate::Error;

/// pzprjs's name of the genre.
pub const PUZZLINK_GENRE: &str = "kakuro";

/// Every puzzle in `text`, in any of the forms, one after another.
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<Kakuro, Error>> + '_> {
    Box::new(read_all(text).into_iter())
}

fn read_all(text: &str) -> Vec<Result<Kakuro, Error>> {
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
        if line.contains('?') || line.starts_with("http") {
            found.push(from_url(line).map_err(|e| at_line(e, at + 1)));
            at += 1;
            continue;
        }
        match from_text(&lines, &mut at) {
            Ok(board) => found.push(Ok(board)),
            Err(err) => {
                // The rest of a broken puzzle cannot be told from the next: stop here.
                found.push(Err(err));
                return found;
            }
        }
    }
    found
}

/// An error of a one-line form, moved to its line.
fn at_line(err: Error, line: usize) -> Error {
    match err {
        Error::Parse(mut p) => {
            p.line = line;
            Error::Parse(p)
        }
        other => Error::parse(line, 1, other.to_string()),
    }
}

/// The text form from line `*at` (moved past the puzzle).
fn from_text(lines: &[&str], at: &mut usize) -> Result<Kakuro, Error> {
    let header = lines[*at].trim();
    let number = *at + 1;
    let sides: Vec<usize> = header.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    let [rows, cols] = sides[..] else {
        return Err(Error::parse(
            number,
            1,
            format!("{header:?}: expected `ROWS COLS`, a puz.link address or JSON"),
        ));
    };
    if header.split_whitespace().count() != 2 {
        return Err(Error::parse(number, 1, format!("{header:?}: expected `ROWS COLS`")));
    }
    for (what, side) in [("rows", rows), ("columns", cols)] {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(Error::parse(number, 1, format!("{side} {what}: expected 1 to {MAX_SIDE}")));
        }
    }
    *at += 1;
    let mut cells = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        while *at < lines.len() && lines[*at].trim().is_empty() {
            *at += 1;
        }
        let Some(line) = lines.get(*at) else {
            return Err(Error::parse(*at + 1, 1, format!("the puzzle ends after {r} of its {rows} rows")));
        };
        let number = *at + 1;
        let tokens: Vec<(usize, &str)> = line
            .char_indices()
            .filter(|&(i, c)| !c.is_whitespace() && (i == 0 || line[..i].ends_with(char::is_whitespace)))
            .map(|(i, _)| (i, line[i..].split_whitespace().next().expect("a token")))
            .collect();
        if tokens.len() != cols {
            return Err(Error::parse(
                number,
                1,
                format!("{} cells in row {} of {cols}", tokens.len(), r + 1),
            ));
        }
        for (column, token) in tokens {
            cells.push(cell(token).map_err(|m| Error::parse(number, column + 1, m))?);
        }
        *at += 1;
    }
    Kakuro::new(cols, rows, cells).map_err(|e| Error::parse(number, 1, e.to_string()))
}

/// One cell of the text form.
fn cell(token: &str) -> Result<Cell, String> {
    match token {
        "0" | "." => return Ok(Cell::White),
        "-" | "#" => return Ok(Cell::BLOCK),
        _ => {}
    }
    let Some((down, right)) = token.split_once(',') else {
        return Err(format!("{token:?} is no cell: `0` white, `-` a block, `D,R` clues"));
    };
    let clue = |part: &str| -> Result<Option<u32>, String> {
        if part.is_empty() || part == "-" {
            return Ok(None);
        }
        part.parse::<u32>()
            .ok()
            .filter(|&n| n <= 45)
            .map(|n| (n > 0).then_some(n))
            .ok_or_else(|| format!("{part:?} in {token:?} is no clue: a sum 1 to 45"))
    };
    Ok(Cell::Block { down: clue(down)?, right: clue(right)? })
}

/// The text form.
pub fn to_text(board: &Kakuro) -> String {
    let mut out = format!("{} {}\n", board.height(), board.width());
    for row in board.cells().chunks(board.width()) {
        let words: Vec<String> = row
            .iter()
            .map(|cell| match *cell {
                Cell::White => "0".to_owned(),
                Cell::Block { down: None, right: None } => "-".to_owned(),
                Cell::Block { down, right } => format!(
                    "{},{}",
                    down.map(|d| d.to_string()).unwrap_or_default(),
                    right.map(|r| r.to_string()).unwrap_or_default()
                ),
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// A clue's character: `0`-`9`, `a`-`j`, `A`-`Z`; `None` for none (`-`; `0`, pzprjs's "no
/// restriction", reads as none too).
fn decode(c: char) -> Option<Option<u32>> {
    match c {
        '-' | '0' => Some(None),
        '1'..='9' => Some(Some(c as u32 - '0' as u32)),
        'a'..='j' => Some(Some(c as u32 - 'a' as u32 + 10)),
        'A'..='Z' => Some(Some(c as u32 - 'A' as u32 + 20)),
        _ => None,
    }
}

fn encode(clue: Option<u32>) -> char {
    match clue {
        None => '-',
        Some(n @ 0..=9) => char::from(b'0' + n as u8),
        Some(n @ 10..=19) => char::from(b'a' + (n - 10) as u8),
        Some(n) => char::from(b'A' + (n - 20) as u8),
    }
}

fn clue_char(reader: &mut Reader<'_>) -> Result<Option<u32>, Error> {
    let here = reader.error("");
    match reader.next_char() {
        Some(c) => decode(c).ok_or_else(|| {
            reader_error(here, format!("{c:?} is no Kakuro clue: 0-9, a-j (10-19), A-Z (20-45) or -"))
        }),
        None => Err(reader_error(here, "the address ends inside a clue")),
    }
}

/// `template` (an error at the reader's place) with `message`.
fn reader_error(template: Error, message: impl Into<String>) -> Error {
    let (line, column) = template.position().unwrap_or((1, 1));
    Error::parse(line, column, message.into())
}

/// A puz.link address of genre `kakuro`.
pub fn from_url(text: &str) -> Result<Kakuro, Error> {
    let url = Url::parse(text)?;
    if url.genre != PUZZLINK_GENRE {
        return Err(Error::parse(1, 1, format!("a puz.link {} address is no Kakuro", url.genre)));
    }
    let (w, h) = (url.cols + 1, url.rows + 1);
    let mut cells = vec![Cell::BLOCK; w * h];
    let mut reader = url.reader();
    let inside = url.cols * url.rows;
    let mut k = 0;
    while k < inside {
        let here = reader.error("");
        let Some(c) = reader.next_char() else {
            return Err(reader_error(here, format!("the address ends after {k} of its {inside} cells")));
        };
        let cell = (k / url.cols + 1) * w + k % url.cols + 1;
        match c {
            'k'..='z' => {
                let run = c as usize - 'k' as usize + 1;
                if k + run > inside {
                    return Err(reader_error(
                        here,
                        format!("{c:?} makes {run} cells white; only {} are left", inside - k),
                    ));
                }
                for j in k..k + run {
                    cells[(j / url.cols + 1) * w + j % url.cols + 1] = Cell::White;
                }
                k += run;
            }
            '.' => k += 1,
            _ => {
                let down = decode(c).ok_or_else(|| {
                    reader_error(
                        here,
                        format!("{c:?} is no Kakuro cell: k-z white cells, `.` a block, or two clues"),
                    )
                })?;
                let right = clue_char(&mut reader)?;
                cells[cell] = Cell::Block { down, right };
                k += 1;
            }
        }
    }
    for c in 1..w {
        if cells[w + c].is_white() {
            cells[c] = Cell::Block { down: clue_char(&mut reader)?, right: None };
        }
    }
    for r in 1..h {
        if cells[r * w + 1].is_white() {
            cells[r * w] = Cell::Block { down: None, right: clue_char(&mut reader)? };
        }
    }
    reader.finish()?;
    Kakuro::new(w, h, cells).map_err(|e| Error::parse(1, 1, e.to_string()))
}

/// The puz.link address; an error when the first row or column holds a white cell or a clue
/// pzprjs cannot write (past 45), which no address can carry.
pub fn to_url(board: &Kakuro) -> Result<String, Error> {
    let (w, h) = (board.width(), board.height());
    if w < 2 || h < 2 {
        return Err(Error::shape("a puz.link Kakuro has a frame of clue cells: 2x2 at least"));
    }
    let cells = board.cells();
    if (0..w).chain((1..h).map(|r| r * w)).any(|i| cells[i].is_white()) {
        return Err(Error::shape(
            "a puz.link Kakuro's first row and column are clue cells: this board has a white cell there",
        ));
    }
    let mut out = String::new();
    let mut white = 0;
    for r in 1..h {
        for c in 1..w {
            let cell = cells[r * w + c];
            if cell.is_white() {
                white += 1;
                if white == 16 {
                    out.push('z');
                    white = 0;
                }
                continue;
            }
            if white > 0 {
                out.push(char::from(b'k' + white as u8 - 1));
                white = 0;
            }
            match cell {
                Cell::Block { down: None, right: None } => out.push('.'),
                Cell::Block { down, right } => {
                    out.push(encode(down));
                    out.push(encode(right));
                }
                Cell::White => unreachable!("handled above"),
            }
        }
    }
    if white > 0 {
        out.push(char::from(b'k' + white as u8 - 1));
    }
    for c in 1..w {
        if cells[w + c].is_white() {
            let Cell::Block { down, .. } = cells[c] else { unreachable!("the frame is blocks") };
            out.push(encode(down));
        }
    }
    for r in 1..h {
        if cells[r * w + 1].is_white() {
            let Cell::Block { right, .. } = cells[r * w] else { unreachable!("the frame is blocks") };
            out.push(encode(right));
        }
    }
    let mut writer = Writer::new();
    writer.text(&out);
    Ok(Url::new(PUZZLINK_GENRE, w - 1, h - 1, writer.finish()).to_string())
}

/// One board of JSON.
fn from_json(line: &str, number: usize) -> Result<Kakuro, Error> {
    let bad = |m: String| Error::parse(number, 1, m);
    let value: Value =
        serde_json::from_str(line).map_err(|e| Error::parse(number, e.column(), e.to_string()))?;
    let side = |key: &str| -> Result<usize, Error> {
        value[key]
            .as_u64()
            .map(|n| n as usize)
            .filter(|n| (1..=MAX_SIDE).contains(n))
            .ok_or_else(|| bad(format!("`{key}` should be a number from 1 to {MAX_SIDE}")))
    };
    let (w, h) = (side("width")?, side("height")?);
    let mut cells = vec![Cell::White; w * h];
    let blocks = value["blocks"].as_array().ok_or_else(|| bad("`blocks` should be a list".to_owned()))?;
    for block in blocks {
        let parts = block
            .as_array()
            .filter(|p| p.len() == 4)
            .ok_or_else(|| bad(format!("{block}: a block is [ROW, COL, DOWN, RIGHT] (null for no clue)")))?;
        let index = |k: usize, n: usize| parts[k].as_u64().map(|v| v as usize).filter(|&v| v < n);
        let (Some(r), Some(c)) = (index(0, h), index(1, w)) else {
            return Err(bad(format!("{block}: its row and column are off the {w}x{h} grid")));
        };
        let clue = |k: usize| -> Result<Option<u32>, Error> {
            match &parts[k] {
                Value::Null => Ok(None),
                v => v
                    .as_u64()
                    .filter(|&n| (1..=45).contains(&n))
                    .map(|n| Some(n as u32))
                    .ok_or_else(|| bad(format!("{block}: a clue is a sum 1 to 45 or null"))),
            }
        };
        cells[r * w + c] = Cell::Block { down: clue(2)?, right: clue(3)? };
    }
    Kakuro::new(w, h, cells).map_err(|e| bad(e.to_string()))
}

/// The board as one line of JSON.
pub fn to_json(board: &Kakuro) -> String {
    let w = board.width();
    let blocks: Vec<Value> = board
        .cells()
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| match *cell {
            Cell::White => None,
            Cell::Block { down, right } => Some(json!([i / w, i % w, down, right])),
        })
        .collect();
    json!({"width": w, "height": board.height(), "blocks": blocks}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pzprjs's example (cspuz_core's test of its reader).
    const URL: &str = "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG";

    #[test]
    fn an_address_reads_and_writes_back() {
        let board = from_url(URL).unwrap();
        assert_eq!((board.width(), board.height()), (7, 6));
        assert_eq!(board.cells()[7 + 1], Cell::Block { down: Some(23), right: Some(12) });
        assert_eq!(board.cells()[2], Cell::Block { down: Some(29), right: None });
        assert_eq!(board.cells()[4 * 7], Cell::Block { down: None, right: Some(26) });
        assert_eq!(to_url(&board).unwrap(), URL);
        for text in [to_text(&board), to_json(&board)] {
            let again: Vec<Kakuro> = read(&text).collect::<Result<_, _>>().unwrap();
            assert_eq!(again, vec![board.clone()], "{text}");
        }
    }

    #[test]
    fn mistakes_name_their_place() {
        let err =
            from_url("https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-al!eC3BgG").unwrap_err().to_string();
        assert!(err.contains("column"), "{err}");
        assert!(err.contains("'!'"), "{err}");
        let err = read("2 2\n- 3,\n,4 0 0\n").next().unwrap().unwrap_err().to_string();
        assert!(err.contains("line 3"), "{err}");
        let err = read("2 2\n- x\n").next().unwrap().unwrap_err().to_string();
        assert!(err.contains("\"x\""), "{err}");
    }
}
