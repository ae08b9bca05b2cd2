//! The janko.at text (`N N`, N rows of clues, N rows of cage ids), the same as JSON
//! (`{"width":N,"height":N,"clues":[[..]],"cages":[[..]]}` or an array of them), and the answers
//! (`N N`, N rows of digits).
//!
//! Both forms go through one builder ([`build`]) over tokens with their places, so that every
//! mistake (a clue outside its cage, two clues in a cage, none, a bad sign, a target of 0) is
//! reported at its line and column. JSON's own syntax errors are placed by serde_json; its
//! puzzle checks point at the start of the puzzle's object, which a small scanner finds.

use std::collections::HashMap;

use serde_json::Value;

use crate::common::janko::{self, Cursor, Header, Token};
use crate::kenken::model::{Cage, Grid, KenKen, Op, MAX_SIDE};
use crate::Error;

/// Every puzzle of a text: janko's format, or JSON when its first non-blank character is `{` or
/// `[`. Each item is a puzzle or the error that stopped it; after an error the text is not read
/// further.
pub fn read_puzzles(text: &str) -> Box<dyn Iterator<Item = Result<KenKen, Error>> + '_> {
    if janko::is_json(text) {
        let all = read_json(text);
        return Box::new(all.into_iter());
    }
    Box::new(janko::each(text, |cursor, header| read_one(cursor, header)))
}

/// Every puzzle of a text, or the first error.
pub fn parse_puzzles(text: &str) -> Result<Vec<KenKen>, Error> {
    read_puzzles(text).collect()
}

impl KenKen {
    /// The first puzzle of a text (janko's format or JSON).
    ///
    /// ```
    /// use tessera::kenken::KenKen;
    /// let puzzle = KenKen::parse("2 2\n3+ .\n2 1\n1 1\n2 3\n")?;
    /// assert_eq!(puzzle.size(), 2);
    /// # Ok::<(), tessera::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<KenKen, Error> {
        read_puzzles(text).next().unwrap_or_else(|| Err(Error::parse(1, 1, "no puzzle in the text")))
    }

    /// The first answer of a text in janko's answer format (`N N`, then N rows of numbers).
    pub fn parse_answer(text: &str) -> Result<Grid, Error> {
        text.parse()
    }

    /// The puzzle in janko's format, with its comment lines: what [`KenKen::parse`] reads back.
    pub fn to_text(&self) -> String {
        let n = self.size();
        let mut out = janko::comment_lines(self.comments());
        out.push_str(&format!("{n} {n}\n"));
        let mut clues = vec![".".to_string(); n * n];
        let mut ids = vec![String::new(); n * n];
        for cage in self.cages() {
            clues[cage.clue_cell] = cage.clue();
            for &cell in &cage.cells {
                ids[cell] = cage.id.clone();
            }
        }
        for grid in [clues, ids] {
            for row in grid.chunks(n) {
                out.push_str(&row.join(" "));
                out.push('\n');
            }
        }
        out
    }

    /// An answer in janko's answer format, after this puzzle's comment lines (as the published
    /// solution files have them).
    pub fn solution_text(&self, solution: &Grid) -> String {
        janko::comment_lines(self.comments()) + &solution.to_string()
    }

    /// The puzzle as a JSON object.
    pub fn to_json(&self) -> String {
        let n = self.size();
        let mut clues = vec![vec![".".to_string(); n]; n];
        let mut ids = vec![vec![String::new(); n]; n];
        for cage in self.cages() {
            clues[cage.clue_cell / n][cage.clue_cell % n] = cage.clue();
            for &cell in &cage.cells {
                ids[cell / n][cell % n] = cage.id.clone();
            }
        }
        serde_json::json!({ "width": n, "height": n, "clues": clues, "cages": ids }).to_string()
    }
}

impl std::str::FromStr for Grid {
    type Err = Error;

    fn from_str(text: &str) -> Result<Grid, Error> {
        let mut cursor = Cursor::new(text);
        let header = cursor.header().ok_or_else(|| Error::parse(1, 1, "no answer in the text"))?;
        let n = side(&header)?;
        let mut cells = Vec::with_capacity(n * n);
        for r in 0..n {
            for token in cursor.row(n, &format!("row {} of the answer", r + 1))? {
                let value: u8 = token.number("a number")?;
                if value == 0 || usize::from(value) > n {
                    return Err(token.error(format!("{value} is not from 1 to {n}")));
                }
                cells.push(value);
            }
        }
        Ok(Grid::from_cells(n, cells))
    }
}

/// The side from a `W H` header: both equal, at most [`MAX_SIDE`].
fn side(header: &Header<'_>) -> Result<usize, Error> {
    let numbers = header.numbers(&["width", "height"], MAX_SIDE)?;
    if numbers[0] != numbers[1] {
        return Err(header.tokens[1]
            .error(format!("a KenKen is square; found width {} and height {}", numbers[0], numbers[1])));
    }
    Ok(numbers[0])
}

fn read_one(cursor: &mut Cursor<'_>, header: &Header<'_>) -> Result<KenKen, Error> {
    let n = side(header)?;
    let mut clues = Vec::with_capacity(n * n);
    for r in 0..n {
        clues.extend(cursor.row(n, &format!("row {} of the clues", r + 1))?);
    }
    let mut ids = Vec::with_capacity(n * n);
    for r in 0..n {
        ids.extend(cursor.row(n, &format!("row {} of the cages", r + 1))?);
    }
    let at = header.tokens[0];
    let comments = header.comments.iter().map(ToString::to_string).collect();
    Ok(build(n, &clues, &ids, at)?.with_comments(comments))
}

/// A clue's target and operation: `24*`, `24x`, `2/`, `3-`, `7+`, or a bare number.
fn clue(token: &Token<'_>) -> Result<(u64, Option<Op>, &'static str), Error> {
    let text = token.text;
    let (digits, op, spelling) = match text.char_indices().last() {
        Some((i, '+')) => (&text[..i], Some(Op::Add), "+"),
        Some((i, '-' | '−')) => (&text[..i], Some(Op::Sub), "-"),
        Some((i, '*')) => (&text[..i], Some(Op::Mul), "*"),
        Some((i, 'x' | 'X')) => (&text[..i], Some(Op::Mul), "x"),
        Some((i, '×')) => (&text[..i], Some(Op::Mul), "×"),
        Some((i, '/' | ':')) => (&text[..i], Some(Op::Div), "/"),
        Some((i, '÷')) => (&text[..i], Some(Op::Div), "÷"),
        _ => (text, None, ""),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(token.error(format!(
            "expected a clue (a target and one of + - * x /, a bare number, or .), found {text:?}"
        )));
    }
    let target: u64 = digits.parse().map_err(|_| token.error(format!("the target {digits} is too large")))?;
    if target == 0 {
        return Err(token.error("a target is at least 1"));
    }
    Ok((target, op, spelling))
}

/// A clue as read: its cell, target, operation (none: bare) and spelling.
type Clue = (usize, u64, Option<Op>, &'static str);

/// The puzzle from its clue and cage-id tokens (row by row): one clue per cage, in one of its
/// cells. `at` places errors about the whole puzzle.
fn build(n: usize, clues: &[Token<'_>], ids: &[Token<'_>], at: Token<'_>) -> Result<KenKen, Error> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut cages: Vec<(Vec<usize>, Option<Clue>, &str)> = Vec::new();
    for (cell, id) in ids.iter().enumerate() {
        if id.text == "." || id.text == "-" {
            return Err(id.error(format!("expected a cage id, found {:?}", id.text)));
        }
        let next = cages.len();
        let k = *index.entry(id.text).or_insert(next);
        if k == next {
            cages.push((Vec::new(), None, id.text));
        }
        cages[k].0.push(cell);
    }
    let cage_of = |cell: usize| index[ids[cell].text];
    for (cell, token) in clues.iter().enumerate() {
        if token.text == "." || token.text == "-" {
            continue;
        }
        let (target, op, spelling) = clue(token)?;
        let k = cage_of(cell);
        if let Some((first, ..)) = cages[k].1 {
            return Err(token.error(format!(
                "cage {} has a second clue; its first is at r{}c{}",
                cages[k].2,
                first / n + 1,
                first % n + 1
            )));
        }
        cages[k].1 = Some((cell, target, op, spelling));
    }
    let mut made = Vec::with_capacity(cages.len());
    for (cells, clue, id) in cages {
        let Some((clue_cell, target, op, spelling)) = clue else {
            let first = ids[cells[0]];
            return Err(first.error(format!("cage {id} has no clue")));
        };
        let op = match op {
            Some(op) => op,
            None if cells.len() == 1 => Op::Given,
            None => Op::Hidden,
        };
        let mut cage = Cage::new(cells, op, target);
        cage.clue_cell = clue_cell;
        cage.id = id.to_string();
        cage.spelling = spelling;
        made.push(cage);
    }
    KenKen::new(n, made).map_err(|err| at.error(err.to_string()))
}

/// Every puzzle of a JSON text: one object, an array of them, or objects one after another.
fn read_json(text: &str) -> Vec<Result<KenKen, Error>> {
    let mut found = Vec::new();
    let stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    let mut stream = stream.peekable();
    let mut offset = 0;
    while let Some(value) = stream.next() {
        let value = match value {
            Ok(value) => value,
            Err(err) => {
                found.push(Err(Error::parse(err.line(), err.column(), format!("JSON: {err}"))));
                return found;
            }
        };
        let start =
            offset + text[offset..].find(|c: char| !c.is_whitespace() && c != '\u{feff}').unwrap_or(0);
        offset = stream.peek().map_or(text.len(), |_| next_offset(text, start));
        let items: Vec<(Value, usize)> = match value {
            Value::Array(items) => {
                let starts = element_starts(text, start);
                items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| (v, starts.get(i).copied().unwrap_or(start)))
                    .collect()
            }
            other => vec![(other, start)],
        };
        for (item, at) in items {
            let (line, column) = place(text, at);
            let result = from_value(&item, line, column);
            let failed = result.is_err();
            found.push(result);
            if failed {
                return found;
            }
        }
    }
    found
}

/// Where the value starting at `start` ends.
fn next_offset(text: &str, start: usize) -> usize {
    let mut stream = serde_json::Deserializer::from_str(&text[start..]).into_iter::<serde::de::IgnoredAny>();
    let _ = stream.next();
    start + stream.byte_offset()
}

/// The byte offsets of the elements of the JSON array that opens at `start`.
fn element_starts(text: &str, start: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut escaped, mut expect) = (0usize, false, false, true);
    let mut starts = Vec::new();
    for (i, &b) in bytes.iter().enumerate().skip(start) {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if expect && depth == 1 && !b.is_ascii_whitespace() && b != b']' {
            starts.push(i);
            expect = false;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            b',' if depth == 1 => expect = true,
            _ => {}
        }
    }
    starts
}

/// 1-based line and column (in characters) of a byte offset.
fn place(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// One puzzle from its JSON object; errors at (`line`, `column`), the object's start.
fn from_value(value: &Value, line: usize, column: usize) -> Result<KenKen, Error> {
    let error = |message: String| Error::parse(line, column, message);
    let number = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| error(format!("JSON: expected a number \"{key}\"")))
    };
    let (width, height) = (number("width")? as usize, number("height")? as usize);
    if width != height || width == 0 || width > MAX_SIDE {
        return Err(error(format!(
            "JSON: a {width}x{height} KenKen; it is square, 1 to {MAX_SIDE} on a side"
        )));
    }
    let n = width;
    let grid = |key: &str| -> Result<Vec<String>, Error> {
        let rows = value.get(key).and_then(Value::as_array).filter(|rows| rows.len() == n);
        let rows = rows.ok_or_else(|| error(format!("JSON: \"{key}\" must be {n} rows")))?;
        let mut words = Vec::with_capacity(n * n);
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_array().filter(|row| row.len() == n);
            let row =
                row.ok_or_else(|| error(format!("JSON: \"{key}\" row {} must have {n} entries", r + 1)))?;
            for word in row {
                words.push(match word {
                    Value::String(s) => s.clone(),
                    Value::Number(x) => x.to_string(),
                    Value::Null => ".".to_string(),
                    _ => return Err(error(format!("JSON: \"{key}\" row {} holds {word}", r + 1))),
                });
            }
        }
        Ok(words)
    };
    let (clues, ids) = (grid("clues")?, grid("cages")?);
    fn token(text: &str, line: usize, column: usize) -> Token<'_> {
        Token { text, line, column }
    }
    let clues: Vec<Token<'_>> = clues.iter().map(|w| token(w.trim(), line, column)).collect();
    let ids: Vec<Token<'_>> = ids.iter().map(|w| token(w.trim(), line, column)).collect();
    build(n, &clues, &ids, token("", line, column))
}
