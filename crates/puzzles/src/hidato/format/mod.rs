//! Reading and writing Hidato puzzles: the text format of the seed slides (004) and JSON.
//!
//! # Text
//!
//! ```text
//! 2            the number of puzzles (may be left out: then the puzzles run to the end)
//! 3 2          a puzzle: its width W and height H
//!  1  0 -1     H rows of W integers: -1 a hole, 0 an empty cell, k > 0 a given number
//!  0  0  5
//! 2 1
//! 1 0
//! ```
//!
//! Fields are separated by any whitespace (spaces or tabs, as the seed's own output uses); blank
//! lines are ignored anywhere (between puzzles, or between rows as in the slides); `\r\n` line
//! ends and a leading byte-order mark are accepted. A single puzzle needs no count line. We write
//! the count line, then each puzzle as [`Hidato`]'s `Display` does (values right-aligned to the
//! widest one, single spaces), which is the layout of the shared data files.
//!
//! Every mistake is a [`ParseError`] with the line and column (1-based, in characters) where it
//! is and what was expected; no input makes the reader panic or allocate more than the board it
//! describes, and boards are capped at [`MAX_SIDE`] on each side.
//!
//! # JSON
//!
//! One object `{"width":3,"height":2,"cells":[[1,0,-1],[0,0,5]],"adjacency":"hidato"}`, or an
//! array of them; `"adjacency"` (`"hidato"`: eight neighbours, `"numbrix"`: four) may be left out.
//! Syntax and type errors carry serde_json's line and column; errors about the board (a row of
//! the wrong length, a number twice) point at the start of the puzzle's object and name the path,
//! `[1].cells[3][4]`. [`Hidato`] implements `Serialize` and `Deserialize` with this shape.

mod error;
mod json;

use std::fmt;

use crate::hidato::{Adjacency, Hidato, HOLE};
use crate::{Error, ParseError};

pub use error::ReadError;

pub use json::{from_json, to_json};

/// The largest width and height read: a bigger board is an error, not an allocation.
pub const MAX_SIDE: usize = 1000;

/// Reads the puzzles of a text in the seed's format (see the module docs). Numbers consecutive
/// along the path touch by `adjacency`.
///
/// ```
/// use tessera::hidato::{parse_puzzles, to_text, Adjacency};
/// let text = "1\n3 2\n 1  0 -1\n 0  0  5\n";
/// let puzzles = parse_puzzles(text, Adjacency::King).unwrap();
/// assert_eq!(puzzles[0].size(), 5);
/// assert_eq!(to_text(&puzzles), text);
/// let err = parse_puzzles("3 2\n1 0\n", Adjacency::King).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 4: row 1 has 2 numbers; the puzzle is 3 wide");
/// ```
pub fn parse_puzzles(text: &str, adjacency: Adjacency) -> Result<Vec<Hidato>, Error> {
    read_puzzles(text, adjacency).map_err(Error::from)
}

/// [`parse_puzzles`], with the mistake's kind.
fn read_puzzles(text: &str, adjacency: Adjacency) -> Result<Vec<Hidato>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| Line::new(i + 1, line))
        .filter(|line| !line.fields.is_empty())
        .peekable();
    let last_line = text.lines().count().max(1);
    let Some(first) = lines.peek() else {
        return Err(ParseError::new(1, 1, ReadError::NoPuzzle));
    };
    let declared = if first.fields.len() == 1 {
        let (column, field) = first.fields[0];
        let count = field.parse::<usize>().map_err(|_| {
            not_an_integer(first.number, column, field, "the number of puzzles (an integer from 0)")
        })?;
        lines.next();
        Some(count)
    } else {
        None
    };
    let mut puzzles = Vec::new();
    // The previous puzzle's header line, width and height: for "one row too many".
    let mut previous: Option<(usize, usize, usize)> = None;
    while let Some(line) = lines.next() {
        let extra_row = previous.filter(|&(_, width, _)| width != 2 && line.fields.len() == width);
        if let Some((header, _, height)) = extra_row {
            return Err(line.error(1, ReadError::TooManyRows { header, height }));
        }
        if let Some(declared) = declared.filter(|&declared| puzzles.len() == declared) {
            let found = "more".to_owned();
            return Err(line.error(1, ReadError::CountMismatch { declared, found }));
        }
        let (width, height) = header(&line)?;
        let mut cells = Vec::with_capacity(width * height);
        let mut places = Vec::with_capacity(width * height);
        for row in 1..=height {
            let next = lines.next_if(|next| width == 2 || !next.is_header());
            let Some(next) = next else {
                let (at, column) = match lines.peek() {
                    Some(next) => (next.number, 1),
                    None => (last_line, text.lines().last().map_or(0, |l| l.chars().count()) + 1),
                };
                let kind = ReadError::TooFewRows { header: line.number, expected: height, found: row - 1 };
                return Err(ParseError::new(at, column, kind));
            };
            if next.fields.len() != width {
                let column = next.fields.get(width).map_or(next.end, |&(column, _)| column);
                let kind = ReadError::RowLength { row, expected: width, found: next.fields.len() };
                return Err(next.error(column, kind));
            }
            for &(column, field) in &next.fields {
                let value = field.parse::<i64>().map_err(|_| {
                    not_an_integer(next.number, column, field, "a cell: -1 (hole), 0 (empty) or a number")
                })?;
                if value < i64::from(HOLE) {
                    return Err(next.error(column, ReadError::BelowHole { value }));
                }
                let cells_at_most = (width * height) as i64;
                if value > cells_at_most {
                    let cells = width * height;
                    return Err(next.error(column, ReadError::TooLarge { value, cells }));
                }
                cells.push(value as i32);
                places.push((next.number, column));
            }
        }
        let puzzle = board(width, height, cells, &places, adjacency, (line.number, line.fields[0].0))?;
        puzzles.push(puzzle);
        previous = Some((line.number, width, height));
    }
    if let Some(declared) = declared.filter(|&declared| declared != puzzles.len()) {
        let kind = ReadError::CountMismatch { declared, found: format!("only {}", puzzles.len()) };
        return Err(ParseError::new(1, 1, kind));
    }
    Ok(puzzles)
}

/// Reads exactly one puzzle, in the seed's format (with or without the count line) or JSON.
pub fn parse_puzzle(text: &str, adjacency: Adjacency) -> Result<Hidato, Error> {
    let mut puzzles = parse(text, adjacency)?;
    match puzzles.len() {
        1 => Ok(puzzles.remove(0)),
        n => {
            Err(ParseError::new(1, 1, ReadError::CountMismatch { declared: 1, found: n.to_string() }).into())
        }
    }
}

/// Reads the seed's text format or, when the text starts with `{` or `[`, JSON (whose
/// `"adjacency"`, when present, overrides `adjacency`).
pub fn parse(text: &str, adjacency: Adjacency) -> Result<Vec<Hidato>, Error> {
    let start = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if start.starts_with(['{', '[']) {
        from_json(text, adjacency)
    } else {
        parse_puzzles(text, adjacency)
    }
}

/// Writes puzzles in the seed's format: the count line, then each puzzle.
///
/// ```
/// use tessera::hidato::{to_text, Adjacency, Hidato};
/// let puzzle = Hidato::new(2, 1, vec![1, 0], Adjacency::King).unwrap();
/// assert_eq!(to_text(&[puzzle]), "1\n2 1\n1 0\n");
/// ```
pub fn to_text(puzzles: &[Hidato]) -> String {
    use fmt::Write as _;
    let mut text = format!("{}\n", puzzles.len());
    for puzzle in puzzles {
        // Writing to a String cannot fail.
        let _ = write!(text, "{puzzle}");
    }
    text
}

/// One non-blank line: its number, its fields with their columns, and the column after its end.
struct Line<'a> {
    number: usize,
    fields: Vec<(usize, &'a str)>,
    end: usize,
}

impl<'a> Line<'a> {
    fn new(number: usize, text: &'a str) -> Self {
        let mut fields = Vec::new();
        let mut start: Option<(usize, usize)> = None;
        let mut column = 0;
        for (column_index, (byte, c)) in text.char_indices().enumerate() {
            column = column_index + 1;
            match (c.is_whitespace(), start) {
                (true, Some((from, at))) => {
                    fields.push((at, &text[from..byte]));
                    start = None;
                }
                (false, None) => start = Some((byte, column)),
                _ => {}
            }
        }
        if let Some((from, at)) = start {
            fields.push((at, &text[from..]));
        }
        Line { number, fields, end: column + 1 }
    }

    /// Whether the line could be a puzzle's `W H` (two positive integers) rather than a row.
    fn is_header(&self) -> bool {
        self.fields.len() == 2 && self.fields.iter().all(|(_, f)| f.parse::<u64>().is_ok_and(|n| n > 0))
    }

    fn error(&self, column: usize, kind: ReadError) -> ParseError {
        ParseError::new(self.number, column, kind)
    }
}

fn not_an_integer(line: usize, column: usize, field: &str, expected: &str) -> ParseError {
    let found: String = field.chars().take(40).collect();
    ParseError::new(line, column, ReadError::NotAnInteger { found, expected: expected.to_owned() })
}

/// A puzzle's `W H`.
fn header(line: &Line<'_>) -> Result<(usize, usize), ParseError> {
    if line.fields.len() != 2 {
        return Err(line.error(1, ReadError::BadHeader { found: line.fields.len() }));
    }
    let mut sides = [0usize; 2];
    for (side, (&(column, field), name)) in sides.iter_mut().zip(line.fields.iter().zip(["width", "height"]))
    {
        let expected = format!("the {name} (an integer from 1 to {MAX_SIDE})");
        *side = field
            .parse::<u64>()
            .map_err(|_| not_an_integer(line.number, column, field, &expected))?
            .try_into()
            .unwrap_or(usize::MAX);
    }
    let [width, height] = sides;
    let at = |index: usize| line.fields[index].0;
    if width == 0 || height == 0 {
        return Err(line.error(at(usize::from(width != 0)), ReadError::ZeroSize { width, height }));
    }
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(line.error(at(usize::from(width <= MAX_SIDE)), ReadError::TooBig { width, height }));
    }
    Ok((width, height))
}

/// The board of checked cells (each in `-1..=W*H`), with the text place of each cell for errors:
/// no cells, a number above the cell count, a number twice.
fn board(
    width: usize,
    height: usize,
    cells: Vec<i32>,
    places: &[(usize, usize)],
    adjacency: Adjacency,
    header: (usize, usize),
) -> Result<Hidato, ParseError> {
    let size = cells.iter().filter(|&&v| v != HOLE).count();
    if size == 0 {
        return Err(ParseError::new(header.0, header.1, ReadError::NoCells));
    }
    let mut seen = vec![usize::MAX; size + 1];
    for (i, &value) in cells.iter().enumerate() {
        if value <= 0 {
            continue;
        }
        let (line, column) = places[i];
        if value as usize > size {
            let kind = ReadError::TooLarge { value: i64::from(value), cells: size };
            return Err(ParseError::new(line, column, kind));
        }
        let first = seen[value as usize];
        if first != usize::MAX {
            let kind = ReadError::Twice {
                value,
                first_column: first % width + 1,
                first_row: first / width + 1,
                first_line: places[first].0,
                first_text_column: places[first].1,
                column: i % width + 1,
                row: i / width + 1,
            };
            return Err(ParseError::new(line, column, kind));
        }
        seen[value as usize] = i;
    }
    Hidato::checked(width, height, cells, adjacency)
        .map_err(|err| ParseError::new(header.0, header.1, ReadError::Board(err)))
}
