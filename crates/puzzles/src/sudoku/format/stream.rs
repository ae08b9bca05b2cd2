//! Reading a file of puzzles as it comes: [`PuzzleReader`] reads lines from any [`BufRead`] and
//! yields the same puzzles, with the same lines and errors, as [`parse_puzzles`] on the whole
//! text, while holding only a piece of it.
//!
//! # Pieces
//!
//! Lines are gathered into a piece of at least [`PIECE_LINES`] lines, which is parsed whole, and
//! the next piece starts with the parser's state carried over (its line number, whether it was
//! inside a block of puzzle lines, the layouts met). A piece may only end where no parse can
//! look past the cut: after at least [`SAFE_RUN`] plain puzzle lines in a row (not blank, not a
//! comment, not JSON, a first field of a puzzle's length) and before another one. Every lookahead
//! of the parser stops at a blank line or JSON, or after the 26 lines of the largest grid, so a
//! cut inside such a run is inside a block of puzzle lines, where each line stands alone. A file
//! of one puzzle a line, whatever its length, is therefore read in pieces of a few thousand
//! lines; a file of grids or JSON is cut wherever such a run occurs, and otherwise at
//! [`PIECE_BYTES`], where a value spanning the cut is reported as broken (no grid or JSON value of
//! puzzles comes near that size).
//!
//! # Bytes that are not text
//!
//! Each line is checked to be UTF-8 as it is read. A comment line may hold any bytes (they are
//! shown as U+FFFD); any other line that is not UTF-8 ends the reading with one error that names
//! its line, column and byte offset: a binary file gets one message, not one per line. A line
//! longer than [`MAX_LINE`] ends it too, before it is held whole.

use std::collections::VecDeque;
use std::io::{BufRead, Read};

use super::file::parse_piece;
use super::{parse_error, Format, Layouts, Parsed};

#[cfg(doc)]
use super::parse_puzzles;

/// Lines in a piece, at least (when the file allows a cut there).
pub const PIECE_LINES: usize = 4096;
/// Bytes in a piece at most: a piece is cut there even where a value may span the cut.
pub const PIECE_BYTES: usize = 64 << 20;
/// Plain puzzle lines in a row before a cut: more than the rows of the largest grid.
const SAFE_RUN: usize = 27;
/// The longest line read (16 MiB).
pub const MAX_LINE: usize = 16 << 20;

/// The puzzles of a reader, read piece by piece (see the module header).
///
/// ```
/// use tessera::sudoku::{parse_puzzles, PuzzleReader};
/// let text = "# two puzzles\n1.3.......2....4\n1.3.......2....x\n";
/// let streamed: Vec<_> = PuzzleReader::new(text.as_bytes()).collect();
/// assert_eq!(streamed, parse_puzzles(text).collect::<Vec<_>>());
/// let binary: Vec<_> = PuzzleReader::new(&b"1.3.......2....4\n\x00\xff\xfe"[..]).collect();
/// assert_eq!(
///     binary[1].puzzle.as_ref().unwrap_err().to_string(),
///     "line 2, column 2: not UTF-8 (byte 0xFF at byte offset 18); expected a text file of puzzles"
/// );
/// ```
#[derive(Debug)]
pub struct PuzzleReader<R> {
    reader: R,
    /// Puzzles parsed and not yet given out.
    ready: VecDeque<Parsed>,
    /// A line read but not yet put in a piece: the first of the next one.
    carried: Option<String>,
    /// The line number of the next line to put in a piece.
    line: usize,
    /// Lines read from the reader so far.
    lines_read: usize,
    /// Bytes read before the next line.
    offset: u64,
    in_line_block: bool,
    layouts: Option<Layouts>,
    /// A reading error, given out after the puzzles before it.
    error: Option<Parsed>,
    /// Reading has ended (the end of the input, or an error).
    ended: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    /// Reads the puzzles of `reader`.
    pub fn new(reader: R) -> Self {
        PuzzleReader {
            reader,
            ready: VecDeque::new(),
            carried: None,
            line: 1,
            lines_read: 0,
            offset: 0,
            in_line_block: false,
            layouts: Some(Layouts::default()),
            error: None,
            ended: false,
        }
    }

    /// Reads the rest of a file whose first lines were read by someone else: `reader` starts at
    /// line `line` (1-based), `offset` bytes into the file, and the lines before were only plain
    /// puzzle lines, blank lines and comments (so no grid or JSON value is open), the last of
    /// them not blank when `in_line_block`. It yields what [`PuzzleReader::new`] would yield on
    /// the whole file from that line on, with the same line numbers and byte offsets. A caller
    /// that answers a file's plain 9x9 lines itself hands the reader over with this at the
    /// first other line.
    pub fn resume(reader: R, line: usize, offset: u64, in_line_block: bool) -> Self {
        let mut resumed = PuzzleReader::new(reader);
        resumed.line = line.max(1);
        resumed.lines_read = line.max(1) - 1;
        resumed.offset = offset;
        resumed.in_line_block = in_line_block;
        resumed
    }

    /// The next line with its line break, `None` at the end; an error (already queued) ends it.
    fn read_line(&mut self) -> Option<String> {
        self.lines_read += 1;
        let number = self.lines_read;
        let mut bytes = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        match self.reader.by_ref().take(limit).read_until(b'\n', &mut bytes) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(err) => {
                self.fail(number, 1, format!("cannot be read: {err}"));
                return None;
            }
        }
        if bytes.len() > MAX_LINE {
            self.fail(number, 1, format!("the line is longer than {} MiB; expected puzzles", MAX_LINE >> 20));
            return None;
        }
        let start = self.offset;
        self.offset += bytes.len() as u64;
        if self.offset == bytes.len() as u64 && bytes.starts_with("\u{FEFF}".as_bytes()) {
            bytes.drain(..3);
        }
        match String::from_utf8(bytes) {
            Ok(text) => Some(text),
            Err(err) => {
                let bytes = err.into_bytes();
                if bytes.trim_ascii_start().starts_with(b"#") {
                    return Some(String::from_utf8_lossy(&bytes).into_owned());
                }
                let valid = std::str::from_utf8(&bytes).map_or_else(|e| e.valid_up_to(), |_| bytes.len());
                let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                self.fail(
                    number,
                    column,
                    format!(
                        "not UTF-8 (byte 0x{:02X} at byte offset {}); expected a text file of puzzles",
                        bytes[valid],
                        start + valid as u64
                    ),
                );
                None
            }
        }
    }

    /// Queues a reading error at `line`, after the puzzles before it, and ends the reading.
    fn fail(&mut self, line: usize, column: usize, message: String) {
        let puzzle = Err(parse_error(line, column, message));
        self.error = Some(Parsed { line, format: Format::Line, puzzle });
    }

    /// Reads the next piece and parses it into `ready`.
    fn fill(&mut self) {
        let mut piece = String::new();
        let (mut lines, mut run) = (0, 0);
        loop {
            let Some(line) = self.carried.take().or_else(|| self.read_line()) else {
                self.ended = true;
                break;
            };
            let plain = is_plain(&line);
            if plain && ((lines >= PIECE_LINES && run >= SAFE_RUN) || piece.len() + line.len() > PIECE_BYTES)
            {
                self.carried = Some(line);
                break;
            }
            if !plain && piece.len() + line.len() > PIECE_BYTES && !piece.is_empty() {
                self.carried = Some(line);
                break;
            }
            piece.push_str(&line);
            lines += 1;
            run = if plain { run + 1 } else { 0 };
        }
        let layouts = self.layouts.take().unwrap_or_default();
        let mut puzzles = parse_piece(&piece, self.line, self.in_line_block, layouts);
        self.ready.extend(puzzles.by_ref());
        self.in_line_block = puzzles.in_line_block();
        self.layouts = Some(puzzles.into_layouts());
        self.line += lines;
        if let Some(error) = self.error.take() {
            self.ready.push_back(error);
        }
    }
}

/// A line that is a puzzle line on its own: not blank, no comment, no JSON, no indentation (the
/// inside of a JSON value), and a first field of a puzzle's length.
fn is_plain(line: &str) -> bool {
    let line = line.trim_end_matches(['\n', '\r']);
    !line.starts_with(char::is_whitespace)
        && !line.starts_with(['#', '{', '[', '"'])
        && super::text::is_puzzle_line(line)
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Parsed;

    fn next(&mut self) -> Option<Parsed> {
        while self.ready.is_empty() && !self.ended {
            self.fill();
        }
        self.ready.pop_front()
    }
}
