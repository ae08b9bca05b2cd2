//! The text convention of janko.at's puzzle collections, shared by the families that publish in it
//! (Killer Sudoku, KenKen, Star Battle): a file holds puzzles one after another, each a header line
//! of numbers (`W H` or `W H K`) and then a known number of rows of whitespace-separated tokens;
//! blank lines and `#` comment lines may stand between puzzles.
//!
//! Why the reader is driven by the header: inside a puzzle a row may itself start with `#` (a
//! blocked cell of Star Battle), so a `#` line is a comment only where a header is expected. Rows
//! are the next non-blank lines, however many blank lines stand between them.
//!
//! Every token keeps its 1-based line and column (in characters), so that each family's reader
//! says where every mistake is.

use std::str::FromStr;

use crate::Error;

/// A word of a row, where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    /// The characters of the word.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl<'a> Token<'a> {
    /// A parse error at this token.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::parse(self.line, self.column, message)
    }

    /// The token as a number of type `T`, or an error naming `what` it should have been.
    pub fn number<T: FromStr>(&self, what: &str) -> Result<T, Error> {
        self.text.parse().map_err(|_| self.error(format!("expected {what}, found {:?}", self.text)))
    }
}

/// `#` comment lines as a file writes them, one a line (the puzzle's address, often).
pub(crate) fn comment_lines(lines: &[String]) -> String {
    lines.iter().map(|line| format!("# {line}\n")).collect()
}

/// One puzzle's header: its numbers, and the comment lines just before it (the last one is often
/// the puzzle's address).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Header<'a> {
    /// The header's words.
    pub tokens: Vec<Token<'a>>,
    /// The text of the `#` lines between the previous puzzle and this one, without the `#`.
    pub comments: Vec<&'a str>,
}

impl Header<'_> {
    /// The header's line.
    pub fn line(&self) -> usize {
        self.tokens.first().map_or(0, |t| t.line)
    }

    /// The header's numbers, which must be exactly as many as `names` (e.g. `["width",
    /// "height"]`), each from 1 to `max`.
    pub fn numbers(&self, names: &[&str], max: usize) -> Result<Vec<usize>, Error> {
        let expected = names.join(" ");
        if self.tokens.len() != names.len() {
            let at = self.tokens.get(names.len()).or(self.tokens.last()).copied();
            let at = at.unwrap_or(Token { text: "", line: self.line(), column: 1 });
            let letters: Vec<String> =
                names.iter().map(|n| n.chars().take(1).collect::<String>().to_uppercase()).collect();
            let found = self.tokens.len();
            return Err(at.error(format!(
                "a puzzle starts with the line \"{}\" ({expected}), found {found} number{}",
                letters.join(" "),
                if found == 1 { "" } else { "s" }
            )));
        }
        self.tokens
            .iter()
            .zip(names)
            .map(|(token, name)| {
                let value: usize = token.number(&format!("the {name} (a whole number)"))?;
                if value == 0 || value > max {
                    return Err(token.error(format!("the {name} is {value}; it must be from 1 to {max}")));
                }
                Ok(value)
            })
            .collect()
    }
}

/// Reads a janko.at-style text puzzle by puzzle: [`header`](Self::header) finds the next
/// puzzle's first line, [`row`](Self::row) takes its rows.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    /// The line after the last one taken (1-based), for errors at the end of the text.
    next_line: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Cursor { lines: text.lines().enumerate().peekable(), next_line: 1 }
    }

    /// The next puzzle's header, skipping blank and `#` lines; `None` at the end of the text.
    pub fn header(&mut self) -> Option<Header<'a>> {
        let mut comments = Vec::new();
        for (index, line) in self.lines.by_ref() {
            self.next_line = index + 2;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if let Some(comment) = trimmed.strip_prefix('#') {
                comments.push(comment.trim());
                continue;
            }
            return Some(Header { tokens: tokens(line, index + 1), comments });
        }
        None
    }

    /// The next non-blank line as `width` tokens: `what` names the row in errors (e.g. "row 3
    /// of the cage sums").
    pub fn row(&mut self, width: usize, what: &str) -> Result<Vec<Token<'a>>, Error> {
        for (index, line) in self.lines.by_ref() {
            self.next_line = index + 2;
            if line.trim().is_empty() {
                continue;
            }
            let row = tokens(line, index + 1);
            if row.len() != width {
                let column = row.get(width).map_or(line.chars().count() + 1, |t| t.column);
                return Err(Error::parse(
                    index + 1,
                    column,
                    format!("{what} needs {width} entries, found {}", row.len()),
                ));
            }
            return Ok(row);
        }
        Err(Error::parse(self.next_line, 1, format!("the text ends before {what}")))
    }
}

/// Whether a text is JSON rather than janko's format: its first non-blank character (after a
/// byte-order mark) is `{` or `[`.
pub(crate) fn is_json(text: &str) -> bool {
    matches!(text.trim_start_matches('\u{feff}').trim_start().chars().next(), Some('{' | '['))
}

/// Every puzzle (or answer) of a janko text, each read by `read` from its header on; the first
/// error is the last item (after it the text is not read further).
pub(crate) fn each<'a, T: 'a>(
    text: &'a str,
    mut read: impl FnMut(&mut Cursor<'a>, &Header<'a>) -> Result<T, Error> + 'a,
) -> impl Iterator<Item = Result<T, Error>> + 'a {
    let mut cursor = Cursor::new(text);
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let header = cursor.header()?;
        let item = read(&mut cursor, &header);
        failed = item.is_err();
        Some(item)
    })
}

/// The whitespace-separated words of a line, with their places.
fn tokens(line: &str, line_number: usize) -> Vec<Token<'_>> {
    let mut found = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (true, Some((from, at))) => {
                found.push(Token { text: &line[from..byte], line: line_number, column: at });
                start = None;
            }
            (false, None) => start = Some((byte, column)),
            _ => {}
        }
    }
    if let Some((from, at)) = start {
        found.push(Token { text: &line[from..], line: line_number, column: at });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_skip_comments_but_rows_may_start_with_a_hash() {
        let text = "# https://example/1\n\n3 2 1\n# 1 2\n\n1 1 @\n# second\n2 2\n";
        let mut cursor = Cursor::new(text);
        let header = cursor.header().expect("a header");
        assert_eq!(header.comments, ["https://example/1"]);
        assert_eq!(header.numbers(&["width", "height", "stars"], 99).unwrap(), [3, 2, 1]);
        let row = cursor.row(3, "row 1").unwrap();
        assert_eq!((row[0].text, row[0].line, row[0].column), ("#", 4, 1));
        assert_eq!((row[2].text, row[2].column), ("2", 5));
        assert_eq!(cursor.row(3, "row 2").unwrap()[2].text, "@");
        let next = cursor.header().expect("a second header");
        assert_eq!(next.comments, ["second"]);
        assert_eq!(next.line(), 8);
        assert!(cursor.header().is_none());
    }

    #[test]
    fn every_mistake_has_its_place() {
        let mut cursor = Cursor::new("4 x\n");
        let err = cursor.header().unwrap().numbers(&["width", "height"], 9).unwrap_err();
        assert_eq!(err.position(), Some((1, 3)));
        let err = Cursor::new("4\n").header().unwrap().numbers(&["width", "height"], 9).unwrap_err();
        assert!(err.to_string().contains("\"W H\""), "{err}");
        let err = Cursor::new("4 0\n").header().unwrap().numbers(&["width", "height"], 9).unwrap_err();
        assert_eq!(err.position(), Some((1, 3)));
        let mut cursor = Cursor::new("2 2\n1 2 3\n");
        cursor.header();
        let err = cursor.row(2, "row 1").unwrap_err();
        assert_eq!(err.position(), Some((2, 5)));
        let err = cursor.row(2, "row 2").unwrap_err();
        assert_eq!(err.position(), Some((3, 1)));
        assert!(err.to_string().contains("ends before row 2"), "{err}");
    }
}
