//! Files: janko.at's text (`W H K`, then H rows of region ids, `@` and `#` for blocked cells),
//! JSON (`{"width":W,"height":H,"stars":K,"regions":[[1,1,"#",...],...]}` or an array of them),
//! and janko's answer format (`W H K`, then H rows of `x` and `-`).
//!
//! Text goes through [`common::janko`](crate::common::janko), which keeps every token's line and
//! column, so every mistake is reported where it is. JSON's syntax errors are placed by
//! serde_json; a board that breaks a rule is reported at the start of its object.

use serde_json::Value;

use crate::common::janko::{self, Cursor, Token};
use crate::starbattle::{Cell, StarBattle, Stars, MAX_SIDE};
use crate::Error;

/// Every puzzle of a text, janko's or JSON (told apart by the first non-blank character: `{` or
/// `[` is JSON), each read or the error that stopped it; reading stops at the first error.
///
/// ```
/// use tessera::starbattle::read;
/// let text = "# a comment\n2 2 1\n1 1\n# 2\n";
/// let puzzles: Vec<_> = read(text).collect();
/// assert_eq!(puzzles[0].as_ref().unwrap().cell(1, 0), tessera::starbattle::Cell::Blocked);
/// ```
pub fn read(text: &str) -> Box<dyn Iterator<Item = Result<StarBattle, Error>> + '_> {
    match janko::is_json(text) {
        true => Box::new(from_json(text).into_iter()),
        false => Box::new(janko::each(text, |cursor, header| {
            let numbers = header.numbers(&["width", "height", "stars"], MAX_SIDE)?;
            let comments = header.comments.iter().map(ToString::to_string).collect();
            board(cursor, numbers[0], numbers[1], numbers[2]).map(|board| board.with_comments(comments))
        })),
    }
}

/// The rows of one board after its header.
fn board(cursor: &mut Cursor<'_>, width: usize, height: usize, stars: usize) -> Result<StarBattle, Error> {
    let mut cells = Vec::with_capacity(width * height);
    let mut words: Vec<&str> = Vec::new();
    for row in 0..height {
        for token in cursor.row(width, &format!("row {} of the regions", row + 1))? {
            cells.push(cell(&token, &mut words)?);
        }
    }
    StarBattle::new(width, height, stars, cells)
}

/// The first region id given to a word that is not a number (`a`, `B2`): words are numbered in
/// order of first appearance from here, as Killer's reader takes any word for a cage id.
const WORD_IDS: u32 = 1 << 30;

fn cell<'t>(token: &Token<'t>, words: &mut Vec<&'t str>) -> Result<Cell, Error> {
    match token.text {
        "@" => Ok(Cell::Outside),
        "#" => Ok(Cell::Blocked),
        text if text.starts_with(|c: char| c.is_ascii_alphabetic()) => {
            let k = words.iter().position(|w| *w == text).unwrap_or_else(|| {
                words.push(text);
                words.len() - 1
            });
            Ok(Cell::Region(WORD_IDS + k as u32))
        }
        _ => token.number("a region id (a number or a word), `@` or `#`").map(Cell::Region),
    }
}

/// Every answer of a text in janko's answer format (`W H K`, rows of `x` and `-`; `*` also
/// reads as a star, `.` as no star), or the error that stopped it.
pub fn read_answers(text: &str) -> impl Iterator<Item = Result<Stars, Error>> + '_ {
    janko::each(text, |cursor, header| answer(cursor, header))
}

fn answer(cursor: &mut Cursor<'_>, header: &janko::Header<'_>) -> Result<Stars, Error> {
    let numbers = header.numbers(&["width", "height", "stars"], MAX_SIDE)?;
    let (width, height) = (numbers[0], numbers[1]);
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        for token in cursor.row(width, &format!("row {} of the answer", row + 1))? {
            cells.push(match token.text {
                "x" | "X" | "*" => true,
                "-" | "." => false,
                other => return Err(token.error(format!("expected `x` (a star) or `-`, found {other:?}"))),
            });
        }
    }
    Stars::new(width, height, numbers[2], cells)
}

impl std::str::FromStr for Stars {
    type Err = Error;

    /// The first answer of a text (see [`read_answers`]).
    fn from_str(text: &str) -> Result<Self, Error> {
        read_answers(text).next().unwrap_or_else(|| Err(Error::parse(1, 1, "the text holds no answer")))
    }
}

impl std::str::FromStr for StarBattle {
    type Err = Error;

    /// The first puzzle of a text (see [`read`]).
    fn from_str(text: &str) -> Result<Self, Error> {
        read(text).next().unwrap_or_else(|| Err(Error::parse(1, 1, "the text holds no puzzle")))
    }
}

/// The puzzles of a JSON text: one object, an array of them, or several values one after another.
fn from_json(text: &str) -> Vec<Result<StarBattle, Error>> {
    let mut found = Vec::new();
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    loop {
        let start = text.len() - text[values.byte_offset()..].trim_start().len();
        match values.next() {
            None => return found,
            Some(Err(err)) => {
                found.push(Err(Error::parse(err.line(), err.column(), format!("JSON: {err}"))));
                return found;
            }
            Some(Ok(Value::Array(items))) => {
                for (index, item) in items.iter().enumerate() {
                    found.push(object(item, text, start, &format!("puzzle {} of the array: ", index + 1)));
                    if found.last().is_some_and(Result::is_err) {
                        return found;
                    }
                }
            }
            Some(Ok(value)) => {
                found.push(object(&value, text, start, ""));
                if found.last().is_some_and(Result::is_err) {
                    return found;
                }
            }
        }
    }
}

/// One board from its JSON object; errors point at `start` (a byte of `text`).
fn object(value: &Value, text: &str, start: usize, what: &str) -> Result<StarBattle, Error> {
    let at = |message: String| {
        let before = &text[..start];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Error::parse(line, column, format!("{what}{message}"))
    };
    let number = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| at(format!("\"{key}\" must be a whole number")))
            .map(|n| n.min(u64::from(u32::MAX)) as usize)
    };
    let (width, height, stars) = (number("width")?, number("height")?, number("stars")?);
    let rows = value
        .get("regions")
        .and_then(Value::as_array)
        .ok_or_else(|| at("\"regions\" must be an array of rows (region ids, \"@\" or \"#\")".to_owned()))?;
    if rows.len() != height.min(MAX_SIDE + 1) {
        return Err(at(format!("\"regions\" has {} rows for a height of {height}", rows.len())));
    }
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == width)
            .ok_or_else(|| at(format!("row {} of \"regions\" must be an array of {width} cells", r + 1)))?;
        for (c, cell) in row.iter().enumerate() {
            cells.push(match cell {
                Value::String(s) if s == "@" => Cell::Outside,
                Value::String(s) if s == "#" => Cell::Blocked,
                Value::Number(n) => {
                    Cell::Region(n.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
                        at(format!("row {}, cell {}: a region id is a whole number", r + 1, c + 1))
                    })?)
                }
                _ => return Err(at(format!("row {}, cell {}: a region id, \"@\" or \"#\"", r + 1, c + 1))),
            });
        }
    }
    StarBattle::new(width, height, stars, cells).map_err(|err| at(err.to_string()))
}

/// A board as JSON (`{"width","height","stars","regions"}`), which [`read`] reads back.
pub fn to_json(board: &StarBattle) -> Value {
    let rows: Vec<Value> = board
        .cells()
        .chunks(board.width())
        .map(|row| {
            Value::Array(
                row.iter()
                    .map(|cell| match cell {
                        Cell::Region(id) => Value::from(*id),
                        Cell::Outside => Value::from("@"),
                        Cell::Blocked => Value::from("#"),
                    })
                    .collect(),
            )
        })
        .collect();
    serde_json::json!({
        "width": board.width(),
        "height": board.height(),
        "stars": board.stars(),
        "regions": rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_json_read_back() {
        let text = "3 3 1\n1 1 @\n# 2 2\n3 3 3\n";
        let board: StarBattle = text.parse().unwrap();
        assert_eq!(board.to_string(), text);
        let json = to_json(&board).to_string();
        let again: Vec<_> = read(&json).collect();
        assert_eq!(again, [Ok(board.clone())]);
        let array = format!("[{json}, {json}]");
        assert_eq!(read(&array).count(), 2);
    }

    #[test]
    fn mistakes_have_their_place() {
        let err = read("2 2 1\n1 1\n1 ?\n").next().unwrap().unwrap_err();
        assert_eq!(err.position(), Some((3, 3)));
        let err = read("2 2 1\n1 1\n").next().unwrap().unwrap_err();
        assert_eq!(err.position(), Some((3, 1)));
        let err = read("2 2\n").next().unwrap().unwrap_err();
        assert_eq!(err.position(), Some((1, 3)));
        let err = read("\n  {\"width\": 2}").next().unwrap().unwrap_err();
        assert_eq!(err.position(), Some((2, 3)));
        let err = "1 1 1\nq\n".parse::<Stars>().unwrap_err();
        assert_eq!(err.position(), Some((2, 1)));
    }
}
