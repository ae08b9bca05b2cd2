//! Files of many puzzles: [`parse_puzzles`] walks the text once, line by line, and yields every
//! puzzle with its own result, so that one bad puzzle does not hide the others.

use std::collections::VecDeque;

use serde_json::Value;

use super::{json, parse_error, text, Format, Layouts};
use crate::sudoku::{Sudoku, MAX_SIZE};
use crate::Error;

/// One puzzle read from a file: where it starts, how it was written, and the puzzle or what is
/// wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The 1-based line where the puzzle starts.
    pub line: usize,
    /// How it was written (an answer is best written the same way).
    pub format: Format,
    /// The puzzle, or an [`Error::Parse`] naming the line and column of the mistake.
    pub puzzle: Result<Sudoku, Error>,
}

/// Reads every puzzle of a text: puzzle lines, grids and JSON, with `#` comment lines and blank
/// lines (see [`Format`]). Puzzles come in the order of the text, each with its own
/// result; the caller decides whether a bad one stops the rest.
///
/// ```
/// use tessera::sudoku::{parse_puzzles, Format};
/// let text = "# two puzzles\n1.3.......2....4\n1.3.......2....x\n";
/// let puzzles: Vec<_> = parse_puzzles(text).collect();
/// assert_eq!(puzzles.len(), 2);
/// assert_eq!((puzzles[0].line, puzzles[0].format), (2, Format::Line));
/// assert_eq!(
///     puzzles[1].puzzle.as_ref().unwrap_err().to_string(),
///     "line 3, column 16: 'x' is out of range: a 4x4 puzzle has digits 1-4"
/// );
/// ```
pub fn parse_puzzles(text: &str) -> Puzzles<'_> {
    let offset = if text.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
    Puzzles {
        text,
        cursor: Cursor { offset, line: 1 },
        layouts: Layouts::default(),
        pending: VecDeque::new(),
        in_line_block: false,
        masked: None,
    }
}

/// [`parse_puzzles`] on a piece of a longer text that starts at line `first_line`, inside a
/// block of puzzle lines or not (what [`Puzzles::in_line_block`] said at the end of the piece
/// before): the stream reader's way of parsing a file piece by piece.
pub(super) fn parse_piece(
    text: &str,
    first_line: usize,
    in_line_block: bool,
    layouts: Layouts,
) -> Puzzles<'_> {
    Puzzles {
        text,
        cursor: Cursor { offset: 0, line: first_line },
        layouts,
        pending: VecDeque::new(),
        in_line_block,
        masked: None,
    }
}

/// The iterator of [`parse_puzzles`].
#[derive(Debug)]
pub struct Puzzles<'a> {
    text: &'a str,
    cursor: Cursor,
    layouts: Layouts,
    /// Puzzles read but not yet given out (the elements of a JSON array).
    pending: VecDeque<Parsed>,
    /// Inside a block of puzzle lines: every line is a puzzle until a blank line.
    in_line_block: bool,
    /// The text with comment lines blanked out (same offsets), made for the first JSON value.
    masked: Option<String>,
}

/// A place in the text: the byte offset of a line's start and its number.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    offset: usize,
    line: usize,
}

/// One line of the text, without its line break.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    number: usize,
    /// Byte offset of its first character.
    start: usize,
    text: &'a str,
}

impl Line<'_> {
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    fn is_comment(&self) -> bool {
        self.text.trim_start().starts_with('#')
    }

    fn starts_json(&self) -> bool {
        self.text.trim_start().starts_with(['{', '['])
    }
}

/// The line at `cursor`, moving the cursor past it.
fn next_line<'a>(text: &'a str, cursor: &mut Cursor) -> Option<Line<'a>> {
    let rest = text.get(cursor.offset..).filter(|rest| !rest.is_empty())?;
    let (raw, advance) = match rest.find('\n') {
        Some(end) => (&rest[..end], end + 1),
        None => (rest, rest.len()),
    };
    let line =
        Line { number: cursor.line, start: cursor.offset, text: raw.strip_suffix('\r').unwrap_or(raw) };
    cursor.offset += advance;
    cursor.line += 1;
    Some(line)
}

/// The 1-based line and column of byte `offset`, counting from a line that starts at `from`.
fn position(text: &str, from: usize, line: usize, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let between = &text[from..offset];
    let line_start = between.rfind('\n').map_or(from, |i| from + i + 1);
    (line + between.matches('\n').count(), text[line_start..offset].chars().count() + 1)
}

impl Iterator for Puzzles<'_> {
    type Item = Parsed;

    fn next(&mut self) -> Option<Parsed> {
        loop {
            if let Some(parsed) = self.pending.pop_front() {
                return Some(parsed);
            }
            let line = next_line(self.text, &mut self.cursor)?;
            if line.is_blank() {
                self.in_line_block = false;
                continue;
            }
            if line.is_comment() {
                continue;
            }
            if line.starts_json() {
                self.read_json(line);
                continue;
            }
            if self.in_line_block || (text::is_puzzle_line(line.text) && !self.square_grid_ahead(line)) {
                self.in_line_block = true;
                let puzzle = text::parse_line(line.text, line.number, None, &mut self.layouts);
                return Some(Parsed { line: line.number, format: Format::Line, puzzle });
            }
            return Some(self.read_grid(line));
        }
    }
}

impl<'a> Puzzles<'a> {
    /// Whether the last line read was in a block of puzzle lines (where every line is a puzzle).
    pub(super) fn in_line_block(&self) -> bool {
        self.in_line_block
    }

    /// The layouts met so far, to share with the next piece.
    pub(super) fn into_layouts(self) -> Layouts {
        self.layouts
    }

    /// Whether the block starting at `first` (a possible puzzle line) is rather a grid of as many
    /// rows as its first line has characters: a 16x16 grid written without blanks.
    fn square_grid_ahead(&self, first: Line<'a>) -> bool {
        let width = text::row_width(first.text);
        if width > MAX_SIZE {
            return false;
        }
        let mut cursor = self.cursor;
        let mut rows = 1;
        while let Some(line) = next_line(self.text, &mut cursor) {
            if line.is_blank() || line.starts_json() || rows > width {
                break;
            }
            if !line.is_comment() && !text::is_separator(line.text) {
                rows += 1;
            }
        }
        rows == width
    }

    /// The lines of the block from `cursor` on (to a blank line or a JSON value), how many rows
    /// (lines that are not separators) it has, and the place after it.
    fn block(&self, mut cursor: Cursor) -> (Vec<(usize, &'a str)>, usize, Cursor) {
        let mut lines = Vec::new();
        let mut rows = 0;
        loop {
            let before = cursor;
            let Some(line) = next_line(self.text, &mut cursor) else { break };
            if line.is_blank() || line.starts_json() {
                cursor = before;
                break;
            }
            if !line.is_comment() {
                lines.push((line.number, line.text));
                rows += usize::from(!text::is_separator(line.text));
            }
        }
        (lines, rows, cursor)
    }

    /// A grid starting at `first`: its block, and the blocks after blank lines as long as they
    /// complete it (bands pasted with blank lines between them).
    fn read_grid(&mut self, first: Line<'a>) -> Parsed {
        let (rest, rest_rows, after) = self.block(self.cursor);
        self.cursor = after;
        let mut lines = vec![(first.number, first.text)];
        lines.extend(rest);
        let mut rows = rest_rows + usize::from(!text::is_separator(first.text));
        let width = lines
            .iter()
            .find(|(_, line)| !text::is_separator(line))
            .map_or(0, |(_, line)| text::row_width(line));
        while rows < width {
            // Skip blank and comment lines; the next block must be more of this grid.
            let mut cursor = self.cursor;
            let next = loop {
                match next_line(self.text, &mut cursor) {
                    Some(line) if line.is_blank() || line.is_comment() => continue,
                    other => break other,
                }
            };
            let Some(next) = next else { break };
            if next.starts_json() || text::is_puzzle_line(next.text) {
                break;
            }
            let (more, more_rows, after) = self.block(Cursor { offset: next.start, line: next.number });
            if rows + more_rows > width {
                break;
            }
            self.cursor = after;
            lines.extend(more);
            rows += more_rows;
        }
        let puzzle = text::parse_grid(&lines, None, &mut self.layouts);
        Parsed { line: first.number, format: Format::Grid, puzzle }
    }

    /// One or more JSON values starting on `line`: objects, or arrays of objects. Moves the cursor
    /// to the line after the last value.
    fn read_json(&mut self, line: Line<'_>) {
        let text = self.text;
        let masked = self.masked.get_or_insert_with(|| mask_comments(text)).as_str();
        let mut start = line.start + (line.text.len() - line.text.trim_start().len());
        loop {
            let mut stream = serde_json::Deserializer::from_str(&masked[start..]).into_iter::<Value>();
            let value = match stream.next() {
                Some(Ok(value)) => value,
                Some(Err(err)) => {
                    let (err_line, err_column) = (err.line(), err.column());
                    // serde_json counts lines from `start` and columns in bytes.
                    let line_offset = if err_line == 1 {
                        line.start
                    } else {
                        let mut offset = start;
                        for _ in 1..err_line {
                            offset += masked[offset..].find('\n').map_or(masked.len() - offset, |i| i + 1);
                        }
                        offset
                    };
                    let from_start = if err_line == 1 { start - line.start } else { 0 };
                    let (at_line, column) = position(
                        masked,
                        line.start,
                        line.number,
                        // At the offending character; at the end, just after the last one.
                        line_offset + from_start + err_column.saturating_sub(usize::from(!err.is_eof())),
                    );
                    let message = json_message(&err);
                    self.pending.push_back(Parsed {
                        line: line.number,
                        format: Format::Json,
                        puzzle: Err(parse_error(at_line, column, message)),
                    });
                    self.skip_broken_json(at_line);
                    return;
                }
                None => return,
            };
            let end = start + stream.byte_offset();
            let items: Vec<(&Value, Option<usize>)> = match &value {
                Value::Array(items) => {
                    let members = json::members(masked, start);
                    items
                        .iter()
                        .enumerate()
                        .map(|(i, item)| (item, members.get(i).map(|&(_, at)| at)))
                        .collect()
                }
                _ => vec![(&value, Some(start))],
            };
            for (item, at) in items {
                let members = at.map(|at| json::members(masked, at)).unwrap_or_default();
                let place = |offset: Option<usize>| {
                    position(masked, line.start, line.number, offset.or(at).unwrap_or(start))
                };
                let puzzle = json::from_value(item, at, masked, &members, &mut self.layouts).map_err(
                    |(offset, message)| {
                        let (line, column) = place(offset);
                        parse_error(line, column, message)
                    },
                );
                self.pending.push_back(Parsed { line: place(at).0, format: Format::Json, puzzle });
            }
            // What follows on the value's last line: another value, a comment, or nothing.
            let (end_line, _) = position(masked, line.start, line.number, end);
            let line_end = masked[end..].find('\n').map_or(masked.len(), |i| end + i);
            let rest = &masked[end..line_end];
            let next = end + (rest.len() - rest.trim_start().len());
            self.cursor = Cursor { offset: (line_end + 1).min(masked.len()), line: end_line + 1 };
            match rest.trim_start().chars().next() {
                Some('{' | '[') => start = next,
                None | Some('#') => return,
                Some(c) => {
                    let (at_line, column) = position(masked, line.start, line.number, next);
                    self.pending.push_back(Parsed {
                        line: at_line,
                        format: Format::Json,
                        puzzle: Err(parse_error(
                            at_line,
                            column,
                            format!("{} after a JSON value; expected a new line", super::shown(c)),
                        )),
                    });
                    return;
                }
            }
        }
    }

    /// After a JSON syntax error on line `line`: skip to a blank line, or to a line that starts in
    /// its first column a new JSON value or a puzzle line (the inside of a JSON value spread over
    /// lines is indented).
    fn skip_broken_json(&mut self, line: usize) {
        while self.cursor.line <= line {
            if next_line(self.text, &mut self.cursor).is_none() {
                return;
            }
        }
        loop {
            let before = self.cursor;
            match next_line(self.text, &mut self.cursor) {
                Some(next)
                    if next.is_blank()
                        || next.text.starts_with(['{', '['])
                        || (!next.text.starts_with(char::is_whitespace)
                            && text::is_puzzle_line(next.text)) =>
                {
                    self.cursor = before;
                    return;
                }
                Some(_) => {}
                None => return,
            }
        }
    }
}

/// The text with every comment line turned into blanks (same length, same line breaks), so that a
/// JSON value may have comment lines inside it.
fn mask_comments(text: &str) -> String {
    let mut masked = String::with_capacity(text.len());
    for piece in text.split_inclusive('\n') {
        if piece.trim_start().starts_with('#') {
            masked.extend(piece.bytes().map(|b| if b == b'\n' || b == b'\r' { b as char } else { ' ' }));
        } else {
            masked.push_str(piece);
        }
    }
    masked
}

/// A serde_json syntax error's message, without its own "at line L column C".
fn json_message(err: &serde_json::Error) -> String {
    let message = err.to_string();
    let message = match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message,
    };
    format!("not valid JSON: {message}")
}
