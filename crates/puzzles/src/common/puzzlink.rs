//! puzz.link (pzprjs) URLs, the way pencil puzzles travel (issue 40): the address, and the body's
//! shared encoders that every genre's reader and writer is made of.
//!
//! An address is `https://puzz.link/p?<genre>/[<flags>/]<cols>/<rows>/<body>` (also `pzv.jp`'s
//! `p.html?`, pzprxs and other mirrors: only the part after `?` is read). The genre is pzprjs's
//! id (`nurikabe`, `slither`, `mashu`, ...); `flags` is an optional word before the size that a
//! few genres use; the body is the genre's, made of a few shared pieces, each of which reads a
//! run of cells (or edges) and leaves the rest of the body to the next:
//!
//! - **number16** ([`Reader::numbers16`]): a clue a cell as one hex digit `0`-`f`, `-xx` (two hex
//!   digits, 16-255), `+xxx` (three, 256-4095), `=xxx` (4096 more), `%xxx` (8192 more), `*xxxx`
//!   (12240 more) or `$xxxxx` (77776 more); `.` an unknown clue ("?"); `g` to `z` 1 to 20 cells
//!   without a clue.
//! - **number10** ([`Reader::numbers10`]): `0`-`9` a clue, `.` unknown, `a` to `z` 1 to 26 cells
//!   without one.
//! - **4-cell** ([`Reader::cells4`]): clues 0-4 packed with the gap after them: `0`-`4` a clue,
//!   `5`-`9` a clue and one empty cell, `a`-`e` a clue and two; `g`-`z` 1 to 20 empty cells; `.`
//!   unknown.
//! - **circles** ([`Reader::circles`]): Masyu's pearls, 0 (none), 1 (white) or 2 (black), three
//!   cells to a base-27 character, the first the most significant.
//! - **outside clues** ([`Reader::outside16`]): number16 over the cells around the board, top,
//!   bottom, left, then right (Skyscrapers).
//! - **borders** ([`Reader::borders`]): the walls between cells, five to a base-32 character,
//!   the first bit the most significant: the vertical ones (between a cell and the next in its
//!   row, row by row) first, then the horizontal ones (between a cell and the one below).
//!
//! The format is documented only by its code (pzprjs `src/variety-common/Encode.js`); this is a
//! reading of it written here, not a copy. The writers ([`Writer`]) write what pzprjs writes
//! (the shortest form, runs broken at their longest), so that a read and a write give back the
//! same body: the round trip is tested on every encoder. Mistakes name their place: the column
//! of the character in the address, from 1.

use std::fmt;

use crate::error::Error;

/// A clue of a cell (or of an edge, a crossing): a number, or a clue whose number is not given
/// (pzprjs's "?", written `.`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clue {
    /// A number.
    Number(u32),
    /// A clue without its number.
    Unknown,
}

/// A puzz.link address, taken apart: the genre's id, its flags, the board's size and the body
/// (still encoded: the genre's reader reads it with a [`Reader`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    /// pzprjs's id of the genre (`"nurikabe"`).
    pub genre: String,
    /// The word some genres put before the size (`""` for none).
    pub flags: String,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// The genre's encoding of the puzzle.
    pub body: String,
    /// Where the body starts in the text read (0-based, in characters), for the errors' columns.
    body_at: usize,
}

/// The largest side a puzz.link board may have here (pzprjs's editor stops at 100 too).
pub const MAX_SIDE: usize = 100;

impl Url {
    /// A new address (the body written by a [`Writer`]).
    pub fn new(genre: &str, cols: usize, rows: usize, body: String) -> Url {
        Url { genre: genre.to_owned(), flags: String::new(), cols, rows, body, body_at: 0 }
    }

    /// Reads an address: everything up to the first `?` is the site (any), then
    /// `genre/[flags/]cols/rows/body`. A size that is not a number from 1 to [`MAX_SIDE`], a
    /// missing part or an empty genre is an error naming its column.
    pub fn parse(text: &str) -> Result<Url, Error> {
        let text = text.trim();
        let start = text.find('?').map_or(0, |q| q + 1);
        let query = &text[start..];
        let col = |byte: usize| text[..start + byte].chars().count() + 1;
        let mut parts = Vec::new();
        let mut at = 0;
        for part in query.split('/') {
            parts.push((at, part));
            at += part.len() + 1;
        }
        let (genre_at, genre) = parts[0];
        if genre.is_empty() || !genre.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(Error::parse(
                1,
                col(genre_at),
                format!("{genre:?} is no puzz.link genre: the address reads ?GENRE/COLS/ROWS/BODY"),
            ));
        }
        let number = |k: usize| {
            parts.get(k).is_some_and(|(_, p)| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        // A flag word before the size: the second part when it is no number but the two after
        // it are.
        let first = if !number(1) && number(2) && number(3) { 2 } else { 1 };
        let flags = if first == 2 { parts[1].1.to_owned() } else { String::new() };
        let side = |k: usize, what: &str| -> Result<usize, Error> {
            let Some(&(at, part)) = parts.get(k) else {
                return Err(Error::parse(
                    1,
                    col(query.len()),
                    format!("the address ends before the {what}: it reads ?GENRE/COLS/ROWS/BODY"),
                ));
            };
            match part.parse::<usize>() {
                Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
                _ => Err(Error::parse(
                    1,
                    col(at),
                    format!("the {what} is {part:?}; expected a number from 1 to {MAX_SIDE}"),
                )),
            }
        };
        let cols = side(first, "number of columns")?;
        let rows = side(first + 1, "number of rows")?;
        let (body_at, body) = match parts.get(first + 2) {
            Some(&(at, _)) => (at, query[at..].to_owned()),
            None => (query.len(), String::new()),
        };
        Ok(Url {
            genre: genre.to_owned(),
            flags,
            cols,
            rows,
            body,
            body_at: text[..start + body_at].chars().count(),
        })
    }

    /// A reader of the body.
    pub fn reader(&self) -> Reader<'_> {
        Reader { body: &self.body, at: 0, origin: self.body_at }
    }
}

impl fmt::Display for Url {
    /// `https://puzz.link/p?genre/[flags/]cols/rows/body`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "https://puzz.link/p?{}/", self.genre)?;
        if !self.flags.is_empty() {
            write!(f, "{}/", self.flags)?;
        }
        write!(f, "{}/{}/{}", self.cols, self.rows, self.body)
    }
}

/// Reads a body piece by piece, from the start; each piece leaves the rest to the next.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    body: &'a str,
    /// Where the reader is in `body` (bytes: the body is ASCII, checked as it is read).
    at: usize,
    /// Where the body starts in the address (characters), for the errors' columns.
    origin: usize,
}

impl<'a> Reader<'a> {
    /// A reader of a bare body (errors count its columns from its own start).
    pub fn of(body: &'a str) -> Reader<'a> {
        Reader { body, at: 0, origin: 0 }
    }

    /// What is left to read.
    pub fn rest(&self) -> &'a str {
        &self.body[self.at..]
    }

    /// An error at the reader's place, in words.
    pub fn error(&self, message: impl Into<String>) -> Error {
        let column = self.origin + self.body[..self.at.min(self.body.len())].chars().count() + 1;
        Error::parse(1, column, message.into())
    }

    /// The body read to its end: anything left is an error naming it.
    pub fn finish(&self) -> Result<(), Error> {
        if self.at < self.body.len() {
            return Err(self.error(format!("{:?} is left over after the puzzle", self.rest())));
        }
        Ok(())
    }

    fn peek(&self) -> Option<char> {
        self.body[self.at..].chars().next()
    }

    /// The next character, the reader moving past it: for a genre whose body is its own
    /// (Kakuro's clue pairs), read character by character with errors at their place.
    pub fn next_char(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    /// The next character, the reader staying where it is.
    pub fn peek_char(&self) -> Option<char> {
        self.peek()
    }

    /// `digits` hex digits after the current character, as a number; the reader moves past them.
    fn hex(&mut self, digits: usize) -> Result<u32, Error> {
        let from = self.at + 1;
        let text = self.body.get(from..from + digits).filter(|t| t.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(text) = text else {
            return Err(
                self.error(format!("{:?} needs {digits} hex digits after it", self.peek().unwrap_or(' ')))
            );
        };
        self.at = from + digits;
        Ok(u32::from_str_radix(text, 16).expect("hex digits"))
    }

    /// A run of `run` cells without clues at the reader's character; an error naming it when the
    /// run goes past the board's `n` cells.
    fn skip(&self, cells: &mut Vec<Option<Clue>>, run: usize, n: usize) -> Result<(), Error> {
        if cells.len() + run > n {
            let c = self.peek().unwrap_or(' ');
            return Err(self.error(format!("{c:?} skips {run} cells; only {} are left", n - cells.len())));
        }
        cells.extend(std::iter::repeat_n(None, run));
        Ok(())
    }

    /// `n` cells of number16 clues (the body may end early: the cells left have none).
    pub fn numbers16(&mut self, n: usize) -> Result<Vec<Option<Clue>>, Error> {
        let mut cells = Vec::with_capacity(n);
        while cells.len() < n {
            let Some(c) = self.peek() else { break };
            let clue = match c {
                '0'..='9' | 'a'..='f' => {
                    self.at += 1;
                    Clue::Number(c.to_digit(16).expect("hex"))
                }
                '-' => Clue::Number(self.hex(2)?),
                '+' => Clue::Number(self.hex(3)?),
                '=' => Clue::Number(self.hex(3)? + 4096),
                '%' => Clue::Number(self.hex(3)? + 8192),
                '*' => Clue::Number(self.hex(4)? + 12240),
                '$' => Clue::Number(self.hex(5)? + 77776),
                '.' => {
                    self.at += 1;
                    Clue::Unknown
                }
                'g'..='z' => {
                    self.skip(&mut cells, c as usize - 'f' as usize, n)?;
                    self.at += 1;
                    continue;
                }
                _ => {
                    return Err(self.error(format!(
                        "{c:?} is no clue of this puzzle (0-9, a-f, -xx, +xxx, . or a run g-z)"
                    )))
                }
            };
            cells.push(Some(clue));
        }
        cells.resize(n, None);
        Ok(cells)
    }

    /// `n` cells of number10 clues.
    pub fn numbers10(&mut self, n: usize) -> Result<Vec<Option<Clue>>, Error> {
        let mut cells = Vec::with_capacity(n);
        while cells.len() < n {
            let Some(c) = self.peek() else { break };
            match c {
                '0'..='9' => cells.push(Some(Clue::Number(c.to_digit(10).expect("digit")))),
                '.' => cells.push(Some(Clue::Unknown)),
                'a'..='z' => self.skip(&mut cells, c as usize - 'a' as usize + 1, n)?,
                _ => return Err(self.error(format!("{c:?} is no clue of this puzzle (0-9, . or a run a-z)"))),
            }
            self.at += 1;
        }
        cells.resize(n, None);
        Ok(cells)
    }

    /// `n` cells of 4-cell clues (0 to 4).
    pub fn cells4(&mut self, n: usize) -> Result<Vec<Option<Clue>>, Error> {
        let mut cells = Vec::with_capacity(n);
        while cells.len() < n {
            let Some(c) = self.peek() else { break };
            let (clue, gap) = match c {
                '0'..='4' => (Some(Clue::Number(c as u32 - '0' as u32)), 0),
                '5'..='9' => (Some(Clue::Number(c as u32 - '5' as u32)), 1),
                'a'..='e' => (Some(Clue::Number(c as u32 - 'a' as u32)), 2),
                '.' => (Some(Clue::Unknown), 0),
                'g'..='z' => (None, c as usize - 'f' as usize),
                _ => {
                    return Err(self
                        .error(format!("{c:?} is no clue of this puzzle (0-4, 5-9, a-e, . or a run g-z)")))
                }
            };
            // A run may not pass the board's end; a clue's gap may (pzprjs writes the last clue
            // of a board with a gap of two).
            let Some(clue) = clue else {
                self.skip(&mut cells, gap, n)?;
                self.at += 1;
                continue;
            };
            self.at += 1;
            cells.push(Some(clue));
            let gap = gap.min(n - cells.len());
            cells.extend(std::iter::repeat_n(None, gap));
        }
        cells.resize(n, None);
        Ok(cells)
    }

    /// The walls of a `cols` x `rows` board: the vertical ones (`(cols - 1) * rows`, row by row:
    /// between cell `(r, c)` and `(r, c + 1)`) and the horizontal ones (`cols * (rows - 1)`:
    /// between `(r, c)` and `(r + 1, c)`).
    pub fn borders(&mut self, cols: usize, rows: usize) -> Result<(Vec<bool>, Vec<bool>), Error> {
        let vertical = self.bits((cols - 1) * rows)?;
        let horizontal = self.bits(cols * (rows - 1))?;
        Ok((vertical, horizontal))
    }

    /// `n` bits, five to a base-32 character, the first the most significant.
    fn bits(&mut self, n: usize) -> Result<Vec<bool>, Error> {
        let mut bits = Vec::with_capacity(n);
        while bits.len() < n {
            let Some(c) = self.peek() else {
                return Err(self.error(format!("the body ends with {} walls still to read", n - bits.len())));
            };
            let Some(v) = c.to_digit(32) else {
                return Err(self.error(format!("{c:?} is no base-32 digit of the walls (0-9, a-v)")));
            };
            self.at += 1;
            for bit in (0..5).rev() {
                if bits.len() < n {
                    bits.push(v & (1 << bit) != 0);
                }
            }
        }
        Ok(bits)
    }
}

impl Reader<'_> {
    /// `n` cells of circles (Masyu's pearls): 0 none, 1 white, 2 black, three cells to a base-27
    /// character, the first cell the most significant (times 9).
    pub fn circles(&mut self, n: usize) -> Result<Vec<u8>, Error> {
        let mut cells = Vec::with_capacity(n);
        while cells.len() < n {
            let Some(c) = self.peek() else {
                return Err(self.error(format!("the body ends with {} cells still to read", n - cells.len())));
            };
            let Some(v) = c.to_digit(27) else {
                return Err(self.error(format!("{c:?} is no base-27 digit of the circles (0-9, a-q)")));
            };
            self.at += 1;
            for place in [9, 3, 1] {
                if cells.len() < n {
                    cells.push((v / place % 3) as u8);
                }
            }
        }
        Ok(cells)
    }
}

impl Writer {
    /// Cells of circles, as [`Reader::circles`] reads them (values over 2 are written as 2).
    pub fn circles(&mut self, cells: &[u8]) {
        for chunk in cells.chunks(3) {
            let v = chunk.iter().zip([9u32, 3, 1]).map(|(&c, place)| u32::from(c.min(2)) * place).sum();
            self.out.push(char::from_digit(v, 27).expect("three cells of 0-2"));
        }
    }
}

/// The clues outside a board, on its four sides (Skyscrapers' counts): each side in reading
/// order, the top and bottom from the left, the left and right sides from the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outside {
    /// Above the columns.
    pub top: Vec<Option<Clue>>,
    /// Below the columns.
    pub bottom: Vec<Option<Clue>>,
    /// Left of the rows.
    pub left: Vec<Option<Clue>>,
    /// Right of the rows.
    pub right: Vec<Option<Clue>>,
}

impl Reader<'_> {
    /// The clues on the four sides of a `cols` x `rows` board, as number16 in pzprjs's order of
    /// its outside cells: top, bottom, left, right.
    pub fn outside16(&mut self, cols: usize, rows: usize) -> Result<Outside, Error> {
        let mut all = self.numbers16(2 * (cols + rows))?.into_iter();
        let mut side = |n: usize| all.by_ref().take(n).collect::<Vec<_>>();
        Ok(Outside { top: side(cols), bottom: side(cols), left: side(rows), right: side(rows) })
    }
}

impl Writer {
    /// The clues on the four sides, as [`Reader::outside16`] reads them.
    pub fn outside16(&mut self, outside: &Outside) {
        let all: Vec<Option<Clue>> = [&outside.top, &outside.bottom, &outside.left, &outside.right]
            .into_iter()
            .flatten()
            .copied()
            .collect();
        self.numbers16(&all);
    }
}

/// How a run of cells without clues is written: its letter is `offset + length` in base 36, at
/// most `longest` cells a letter.
#[derive(Debug, Clone, Copy)]
struct Run {
    offset: u32,
    longest: u32,
}

/// number16's and the 4-cell clues' runs, `g` (1) to `z` (20).
const RUN16: Run = Run { offset: 15, longest: 20 };
/// number10's runs, `a` (1) to `z` (26).
const RUN10: Run = Run { offset: 9, longest: 26 };

/// Writes a body piece by piece, as pzprjs writes it.
#[derive(Debug, Clone, Default)]
pub struct Writer {
    out: String,
}

impl Writer {
    /// An empty body.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// The body written.
    pub fn finish(self) -> String {
        self.out
    }

    /// Characters of a genre's own encoding, as they are (Kakuro's clue pairs).
    pub fn text(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Cells of number16 clues.
    pub fn numbers16(&mut self, cells: &[Option<Clue>]) {
        let mut empty = 0;
        for cell in cells {
            let Some(clue) = cell else {
                self.empty_cell(&mut empty, RUN16);
                continue;
            };
            self.run(&mut empty, RUN16);
            match *clue {
                Clue::Unknown => self.out.push('.'),
                Clue::Number(n) => self.out.push_str(&match n {
                    0..=15 => format!("{n:x}"),
                    16..=255 => format!("-{n:02x}"),
                    256..=4095 => format!("+{n:03x}"),
                    4096..=8191 => format!("={:03x}", n - 4096),
                    8192..=12239 => format!("%{:03x}", n - 8192),
                    12240..=77775 => format!("*{:04x}", n - 12240),
                    _ => format!("${:05x}", n - 77776),
                }),
            }
        }
        self.run(&mut empty, RUN16);
    }

    /// One more cell without a clue in the run `empty`, written out once the run is as long as
    /// its letters go.
    fn empty_cell(&mut self, empty: &mut u32, run: Run) {
        *empty += 1;
        if *empty == run.longest {
            self.run(empty, run);
        }
    }

    /// A run of `empty` cells as its letter (number16's `g`..`z`, number10's `a`..`z`), and the
    /// count back to 0.
    fn run(&mut self, empty: &mut u32, run: Run) {
        if *empty > 0 {
            self.out.push(char::from_digit(run.offset + *empty, 36).expect("a run its letters hold"));
            *empty = 0;
        }
    }

    /// Cells of number10 clues (numbers 0 to 9).
    pub fn numbers10(&mut self, cells: &[Option<Clue>]) {
        let mut empty = 0;
        for cell in cells {
            let Some(clue) = cell else {
                self.empty_cell(&mut empty, RUN10);
                continue;
            };
            self.run(&mut empty, RUN10);
            match *clue {
                Clue::Unknown => self.out.push('.'),
                Clue::Number(n) => self.out.push(char::from_digit(n.min(9), 10).expect("0-9")),
            }
        }
        self.run(&mut empty, RUN10);
    }

    /// Cells of 4-cell clues (numbers 0 to 4).
    pub fn cells4(&mut self, cells: &[Option<Clue>]) {
        let mut k = 0;
        let mut empty = 0;
        while k < cells.len() {
            let Some(clue) = cells[k] else {
                self.empty_cell(&mut empty, RUN16);
                k += 1;
                continue;
            };
            self.run(&mut empty, RUN16);
            match clue {
                Clue::Unknown => {
                    self.out.push('.');
                    k += 1;
                }
                Clue::Number(n) => {
                    // The gap after it goes in the same character, as pzprjs chooses it: none
                    // before a clue, one before a clue after one empty cell, else two (past the
                    // board's end too).
                    let clue_at = |j: usize| cells.get(j).is_some_and(Option::is_some);
                    let gap = if clue_at(k + 1) {
                        0
                    } else if clue_at(k + 2) {
                        1
                    } else {
                        2
                    };
                    let base = ['0', '5', 'a'][gap] as u32;
                    self.out.push(char::from_u32(base + n.min(4)).expect("0-9, a-e"));
                    k += 1 + gap;
                }
            }
        }
        self.run(&mut empty, RUN16);
    }

    /// The walls of a board, as [`Reader::borders`] reads them.
    pub fn borders(&mut self, vertical: &[bool], horizontal: &[bool]) {
        self.bits(vertical);
        self.bits(horizontal);
    }

    fn bits(&mut self, bits: &[bool]) {
        for chunk in bits.chunks(5) {
            let v = chunk.iter().enumerate().fold(0u32, |v, (k, &b)| v | (u32::from(b) << (4 - k)));
            self.out.push(char::from_digit(v, 32).expect("five bits"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    fn random_clues(rng: &mut Pcg64Mcg, n: usize, max: u32, density: u64) -> Vec<Option<Clue>> {
        (0..n)
            .map(|_| match rng.random_range(0..100u64) {
                d if d < density / 10 => Some(Clue::Unknown),
                d if d < density => Some(Clue::Number(rng.random_range(0..=max))),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn an_address_is_taken_apart_and_written_back() {
        let url = Url::parse("https://puzz.link/p?nurikabe/5/4/g1h2i3j").unwrap();
        assert_eq!((url.genre.as_str(), url.flags.as_str(), url.cols, url.rows), ("nurikabe", "", 5, 4));
        assert_eq!(url.body, "g1h2i3j");
        assert_eq!(url.to_string(), "https://puzz.link/p?nurikabe/5/4/g1h2i3j");
        // Any site, a flag word, a body with slashes in it.
        let url = Url::parse("http://pzv.jp/p.html?slalom/d/3/2/1/2/3").unwrap();
        assert_eq!((url.flags.as_str(), url.cols, url.rows, url.body.as_str()), ("d", 3, 2, "1/2/3"));
        assert_eq!(url.to_string(), "https://puzz.link/p?slalom/d/3/2/1/2/3");
        // No body: an empty board.
        assert_eq!(Url::parse("puzz.link/p?lightup/7/7").unwrap().body, "");
    }

    #[test]
    fn a_bad_address_names_its_column() {
        for (text, column, words) in [
            ("https://puzz.link/p?/5/5/g", 21, "no puzz.link genre"),
            ("https://puzz.link/p?nurikabe/five/5/g", 30, "number of columns is \"five\""),
            ("https://puzz.link/p?nurikabe/5/0/g", 32, "number of rows is \"0\""),
            ("https://puzz.link/p?nurikabe/5/101/g", 32, "number of rows is \"101\""),
            ("https://puzz.link/p?nurikabe/5", 31, "ends before the number of rows"),
        ] {
            let err = Url::parse(text).unwrap_err();
            assert_eq!(err.position(), Some((1, column)), "{text}: {err}");
            assert!(err.to_string().contains(words), "{text}: {err}");
        }
        // In the body: the column of the character at fault, in the whole address.
        let url = Url::parse("https://puzz.link/p?nurikabe/3/3/1g!").unwrap();
        let err = url.reader().numbers16(9).unwrap_err();
        assert_eq!(err.position(), Some((1, 36)), "{err}");
        let url = Url::parse("https://puzz.link/p?nurikabe/3/3/1z").unwrap();
        let err = url.reader().numbers16(9).unwrap_err();
        assert!(err.to_string().contains("skips 20 cells; only 8 are left"), "{err}");
        let url = Url::parse("https://puzz.link/p?nurikabe/3/3/-1").unwrap();
        let err = url.reader().numbers16(9).unwrap_err();
        assert!(err.to_string().contains("needs 2 hex digits"), "{err}");
    }

    #[test]
    fn number16_reads_what_pzprjs_writes_and_writes_it_back() {
        // 1, two empty, 17 (-11), unknown, 300 (+12c), then empty to the end.
        let mut reader = Reader::of("1h-11.+12cl");
        let cells = reader.numbers16(30).unwrap();
        let mut want = vec![None; 30];
        want[0] = Some(Clue::Number(1));
        want[3] = Some(Clue::Number(17));
        want[4] = Some(Clue::Unknown);
        want[5] = Some(Clue::Number(300));
        assert_eq!(cells[..6], want[..6]);
        assert!(cells[6..].iter().all(Option::is_none));
        assert_eq!(reader.rest(), "");
        let mut writer = Writer::new();
        writer.numbers16(&cells);
        // pzprjs writes the trailing run in full, 24 cells as z (20) then j (4).
        assert_eq!(writer.finish(), "1h-11.+12czj");
        // The large ranges.
        for n in [4095, 4096, 8191, 8192, 12239, 12240, 77775, 77776, 1_000_000] {
            let mut writer = Writer::new();
            writer.numbers16(&[Some(Clue::Number(n))]);
            let body = writer.finish();
            assert_eq!(Reader::of(&body).numbers16(1).unwrap(), vec![Some(Clue::Number(n))], "{n}: {body}");
        }
    }

    #[test]
    fn every_encoder_round_trips_random_boards() {
        let mut rng = Pcg64Mcg::seed_from_u64(40);
        for round in 0..300 {
            let n = rng.random_range(1..=400usize);
            let density = [2, 10, 40, 90][round % 4];
            let clues16 = random_clues(&mut rng, n, 5000, density);
            let clues10 = random_clues(&mut rng, n, 9, density);
            let clues4 = random_clues(&mut rng, n, 4, density);
            let (cols, rows) = (rng.random_range(1..=30usize), rng.random_range(1..=30usize));
            let vertical: Vec<bool> = (0..(cols - 1) * rows).map(|_| rng.random_range(0..3) == 0).collect();
            let horizontal: Vec<bool> = (0..cols * (rows - 1)).map(|_| rng.random_range(0..3) == 0).collect();
            let pearls: Vec<u8> = (0..n).map(|_| rng.random_range(0..3u8)).collect();
            let mut writer = Writer::new();
            writer.numbers16(&clues16);
            writer.numbers10(&clues10);
            writer.cells4(&clues4);
            writer.circles(&pearls);
            writer.borders(&vertical, &horizontal);
            let body = writer.finish();
            let mut reader = Reader::of(&body);
            assert_eq!(reader.numbers16(n).unwrap(), clues16, "round {round}: {body}");
            assert_eq!(reader.numbers10(n).unwrap(), clues10, "round {round}: {body}");
            assert_eq!(reader.cells4(n).unwrap(), clues4, "round {round}: {body}");
            assert_eq!(reader.circles(n).unwrap(), pearls, "round {round}: {body}");
            assert_eq!(reader.borders(cols, rows).unwrap(), (vertical, horizontal), "round {round}: {body}");
            reader.finish().unwrap();
            // And the address around it.
            let url = Url::new("test", cols, rows, body.clone());
            let back = Url::parse(&url.to_string()).unwrap();
            assert_eq!((back.cols, back.rows, back.body), (cols, rows, body));
        }
    }

    /// Nurikabe addresses published with open solvers' tests and puzzle pages (a nurikabe body is
    /// one number16 piece): each reads, fills its board exactly, and writes back as it was.
    #[test]
    fn published_nurikabe_addresses_write_back_as_they_were() {
        for text in [
            "https://puzz.link/p?nurikabe/6/6/m8n8i9u",
            "https://puzz.link/p?nurikabe/10/10/1k4u1j7i3r6y1w-11m3n2",
            "https://puzz.link/p?nurikabe/19/12/g5zw3k2h4g4k.v.h2i2g4z3n7j3k2h4h4k3i4j3zzk2i2k2p6j2k6k",
            "https://puzz.link/p?nurikabe/7/7/2g4h3o2q2p2i4k5",
            "https://puzz.link/p?nurikabe/v:/6/6/4j4p6h4p6j6",
        ] {
            let url = Url::parse(text).unwrap();
            let mut reader = url.reader();
            let cells = reader.numbers16(url.cols * url.rows).unwrap();
            reader.finish().unwrap_or_else(|err| panic!("{text}: {err}"));
            assert!(cells.iter().any(Option::is_some), "{text}");
            let mut writer = Writer::new();
            writer.numbers16(&cells);
            let mut back = url.clone();
            back.body = writer.finish();
            assert_eq!(back.to_string(), text, "{text}");
        }
    }

    /// Skyscrapers addresses of open solvers' tests and puzzle lists (the body is the outside
    /// clues, top, bottom, left, right): each reads and writes back as it was.
    #[test]
    fn published_skyscrapers_addresses_write_back_as_they_were() {
        for text in [
            "https://puzz.link/p?skyscrapers/4/4/k13h4j3g",
            "https://puzz.link/p?skyscrapers/5/5/g2l2g43l35",
            "https://puzz.link/p?skyscrapers/9/9/g4g7g5g5i4g5g7i3g2g8g6i7g8g2h",
            "https://puzz.link/p?skyscrapers/2/1/j1g",
            "https://puzz.link/p?building/5/5/g2l4g2h4h4h2",
        ] {
            let url = Url::parse(text).unwrap();
            let mut reader = url.reader();
            let outside = reader.outside16(url.cols, url.rows).unwrap();
            reader.finish().unwrap_or_else(|err| panic!("{text}: {err}"));
            assert_eq!((outside.top.len(), outside.left.len()), (url.cols, url.rows));
            let mut writer = Writer::new();
            writer.outside16(&outside);
            let mut back = url.clone();
            back.body = writer.finish();
            assert_eq!(back.to_string(), text, "{text}");
        }
        // The 4x4, side by side: 1 and 3 below its middle columns, 4 left of row 2, 3 right of row 3.
        let url = Url::parse("https://puzz.link/p?skyscrapers/4/4/k13h4j3g").unwrap();
        let outside = url.reader().outside16(4, 4).unwrap();
        let n = |v| Some(Clue::Number(v));
        assert_eq!(outside.top, vec![None, None, None, None]);
        assert_eq!(outside.bottom, vec![None, n(1), n(3), None]);
        assert_eq!(outside.left, vec![None, n(4), None, None]);
        assert_eq!(outside.right, vec![None, None, n(3), None]);
    }

    /// Masyu addresses of open solvers' tests and puzzle lists (the body is the pearls, three
    /// cells a character): each reads and writes back as it was.
    #[test]
    fn published_masyu_addresses_write_back_as_they_were() {
        for text in [
            "https://puzz.link/p?mashu/6/6/0366001901i0",
            "https://puzz.link/p?mashu/6/6/02302i000900",
            "https://puzz.link/p?mashu/8/8/20a03900000330i0005000",
            "https://puzz.link/p?mashu/6/6/1063000i3000",
            "https://puzz.link/p?mashu/5/5/001390360",
            "https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20",
        ] {
            let url = Url::parse(text).unwrap();
            let mut reader = url.reader();
            let pearls = reader.circles(url.cols * url.rows).unwrap();
            reader.finish().unwrap_or_else(|err| panic!("{text}: {err}"));
            assert!(pearls.contains(&1) && pearls.contains(&2), "{text}: {pearls:?}");
            let mut writer = Writer::new();
            writer.circles(&pearls);
            let mut back = url.clone();
            back.body = writer.finish();
            assert_eq!(back.to_string(), text, "{text}");
        }
        // "i" is 18: 2, 0, 0 (a black pearl, two empty cells).
        assert_eq!(Reader::of("i").circles(3).unwrap(), vec![2, 0, 0]);
        let err = Reader::of("r").circles(3).unwrap_err();
        assert!(err.to_string().contains("no base-27 digit"), "{err}");
    }

    /// Slitherlink addresses (`slither`: the clues 0-3 as 4-cell). One written by pzprjs writes
    /// back as it was; one written by hand ("g0h": its last cells left out, a 0 without its gap)
    /// reads, and what is written reads back as the same puzzle (pzprjs would write "gak").
    #[test]
    fn slitherlink_addresses_read_write_and_read_the_same() {
        let read = |text: &str| {
            let url = Url::parse(text).unwrap();
            let mut reader = url.reader();
            let clues = reader.cells4(url.cols * url.rows).unwrap();
            reader.finish().unwrap_or_else(|err| panic!("{text}: {err}"));
            let mut writer = Writer::new();
            writer.cells4(&clues);
            let mut back = url.clone();
            back.body = writer.finish();
            (clues, back.to_string())
        };
        let text = "https://puzz.link/p?slither/5/5/cbcbcddad";
        assert_eq!(read(text).1, text);
        let (clues, written) = read("https://puzz.link/p?slither/3/3/g0h");
        assert_eq!(written, "https://puzz.link/p?slither/3/3/gak");
        assert_eq!(read(&written).0, clues);
        assert_eq!(clues.iter().filter(|c| c.is_some()).count(), 1);
        assert_eq!(clues[1], Some(Clue::Number(0)));
    }

    #[test]
    fn a_4_cell_clue_at_the_board_s_end_keeps_pzprjs_s_gap() {
        // pzprjs writes a last clue with a gap of two, past the end: "a" + 3 is 3 and two cells.
        let cells = vec![None, None, Some(Clue::Number(3))];
        let mut writer = Writer::new();
        writer.cells4(&cells);
        let body = writer.finish();
        assert_eq!(body, "hd");
        assert_eq!(Reader::of(&body).cells4(3).unwrap(), cells);
        // A run past the end is refused.
        let err = Reader::of("hi").cells4(3).unwrap_err();
        assert!(err.to_string().contains("skips 3 cells; only 1 are left"), "{err}");
    }

    #[test]
    fn walls_are_five_to_a_character_most_significant_first() {
        // A 3x2 board: 4 vertical walls (2 a row), 3 horizontal. 10100 -> "k"; 111 -> 11100 -> "s".
        let (v, h) = Reader::of("ks").borders(3, 2).unwrap();
        assert_eq!(v, vec![true, false, true, false]);
        assert_eq!(h, vec![true, true, true]);
        let err = Reader::of("k").borders(3, 2).unwrap_err();
        assert!(err.to_string().contains("3 walls still to read"), "{err}");
        let err = Reader::of("kw").borders(3, 2).unwrap_err();
        assert!(err.to_string().contains("no base-32 digit"), "{err}");
    }
}
