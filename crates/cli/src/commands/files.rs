//! Reading a file of puzzles as it goes, shared by the commands that answer every puzzle of a
//! file (`sudoku solve`, `count`, `rate`, `book`): opening it, the error of a file without any
//! puzzle, the messages about puzzles that cannot be read, and flushing a stream of answers.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use tessera::sudoku::PuzzleReader;

use super::report::note;
use crate::input::BadInput;

/// The puzzles of `file` (`-`: standard input), read as they are needed, and its name for
/// messages.
pub(crate) fn open_puzzles(file: &Path) -> Result<(String, PuzzleReader<Box<dyn BufRead + Send>>), BadInput> {
    let (name, reader) = open_reader(file)?;
    let reader = skip_gave_up(reader, &name, 1);
    Ok((name, PuzzleReader::new(reader)))
}

/// `reader`, whose next line is line `line` of `name`, with its gave-up lines skipped
/// ([`SkipGaveUp`]).
pub(crate) fn skip_gave_up(
    reader: Box<dyn BufRead + Send>,
    name: &str,
    line: usize,
) -> Box<dyn BufRead + Send> {
    Box::new(BufReader::with_capacity(1 << 16, SkipGaveUp::new(reader, name, line)))
}

/// `file` (`-`: standard input) opened for reading, and its name for messages.
pub(crate) fn open_reader(file: &Path) -> Result<(String, Box<dyn BufRead + Send>), BadInput> {
    if file.as_os_str() == "-" {
        return Ok(("<stdin>".to_owned(), Box::new(BufReader::with_capacity(1 << 16, io::stdin()))));
    }
    let name = file.display().to_string();
    match File::open(file) {
        Ok(opened) => Ok((name, Box::new(BufReader::with_capacity(1 << 16, opened)))),
        Err(err) => Err(bad(&name, err.to_string())),
    }
}

/// The error of a file without any puzzle (status 2).
pub(crate) fn no_puzzle(name: String) -> BadInput {
    BadInput { name, message: "no puzzle; expected lines, grids or JSON".to_owned() }
}

/// Writes `out` through when the last time was long enough ago: answers reach a pipe
/// (`| head -1`) within a tenth of a second, without a system call per line.
pub(crate) fn flush_now_and_then(out: &mut impl Write, last: &mut Instant) -> io::Result<()> {
    if last.elapsed() >= Duration::from_millis(100) {
        out.flush()?;
        *last = Instant::now();
    }
    Ok(())
}

/// The messages about puzzles that cannot be read: the first [`ErrorLines::SHOWN`] of a file,
/// then how many more there were, so that a file of garbage does not flood the terminal.
pub(crate) struct ErrorLines<'a> {
    name: &'a str,
    count: usize,
}

impl<'a> ErrorLines<'a> {
    const SHOWN: usize = 20;

    pub(crate) fn new(name: &'a str) -> Self {
        ErrorLines { name, count: 0 }
    }

    /// One more bad puzzle: its message, if it is among the first.
    pub(crate) fn note(&mut self, message: &str) {
        self.count += 1;
        if self.count <= Self::SHOWN {
            note(&format!("{}: {message}", self.name));
        }
    }

    /// The count of those not shown.
    pub(crate) fn finish(&self) {
        if self.count > Self::SHOWN {
            note(&format!(
                "{}: and {} more puzzles that cannot be read ({} in all)",
                self.name,
                self.count - Self::SHOWN,
                self.count
            ));
        }
    }
}

/// Bad input named `name`.
pub(crate) fn bad(name: &str, message: String) -> BadInput {
    BadInput { name: name.to_owned(), message }
}

/// Whether a line (its break may be there) is what `sudoku generate` prints for a puzzle it
/// gave up on: `gave-up` in text, or the `--json` object `{"index":..,"seed":..,"outcome":
/// "gave-up","reason":..}` (no puzzle in it).
pub(crate) fn is_gave_up(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    if line == b"gave-up" {
        return true;
    }
    if !line.starts_with(b"{") || line.len() > GAVE_UP_LINE {
        return false;
    }
    match serde_json::from_slice::<serde_json::Value>(line) {
        Ok(serde_json::Value::Object(record)) => {
            record.get("outcome").and_then(serde_json::Value::as_str) == Some("gave-up")
                && !record.contains_key("puzzle")
        }
        _ => false,
    }
}

/// The longest line [`is_gave_up`] looks at: a gave-up record is under 100 bytes.
const GAVE_UP_LINE: usize = 256;

/// The longest CSV row read whole; a longer one is passed on as it is (and the parser reports it).
const CSV_ROW: usize = 1 << 16;

/// The note for a skipped gave-up line.
pub(crate) fn note_gave_up(name: &str, line: usize) {
    note(&format!("{name}: line {line}: skipped a puzzle that generate gave up on (no puzzle in it)"));
}

/// A reader that passes a file through with every [`is_gave_up`] line turned into a comment
/// (`#`, so that line numbers stay true) and noted: the output of `sudoku generate` reads back
/// whole, whatever it gave up on. From a CSV header on ([`super::csv_input`]), each row becomes
/// its `puzzle` field, so that `--format csv` reads back too.
pub(crate) struct SkipGaveUp<R> {
    inner: R,
    name: String,
    /// The bytes read but not yet handed on, from `at`.
    pending: Vec<u8>,
    at: usize,
    /// The number of the line that `pending`'s end is in, from 1.
    line: usize,
    line_start: bool,
    /// A CSV header was met: the lines after it are rows.
    csv: bool,
}

impl<R: BufRead> SkipGaveUp<R> {
    /// `inner`, whose next line is line `line` of the file `name`.
    pub(crate) fn new(inner: R, name: &str, line: usize) -> Self {
        SkipGaveUp {
            inner,
            name: name.to_owned(),
            pending: Vec::new(),
            at: 0,
            line,
            line_start: true,
            csv: false,
        }
    }
}

impl<R: BufRead> Read for SkipGaveUp<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            self.pending.clear();
            self.at = 0;
            // The start of a line is looked at whole when it is short; the rest goes in chunks.
            // A CSV row is read whole (rows of the largest grid are under 2 kB).
            let cap = match (self.line_start, self.csv) {
                (true, true) => CSV_ROW as u64,
                (true, false) => GAVE_UP_LINE as u64 + 1,
                (false, _) => 1 << 16,
            };
            let read = (&mut self.inner).take(cap).read_until(b'\n', &mut self.pending)?;
            if read == 0 {
                return Ok(0);
            }
            let ends = self.pending.ends_with(b"\n");
            let whole = ends || read < cap as usize;
            if self.line_start && read <= GAVE_UP_LINE && super::csv_input::is_header(&self.pending) {
                // The header: a comment, and rows from here on.
                self.csv = true;
                self.pending.insert(0, b'#');
            } else if self.line_start && self.csv && whole {
                let row = String::from_utf8_lossy(&self.pending).into_owned();
                match super::csv_input::row_as_line(&row) {
                    Ok(line) => self.pending = line.into_bytes(),
                    Err(()) => {
                        note_gave_up(&self.name, self.line);
                        self.pending.clear();
                        self.pending.extend_from_slice(if ends { b"#\n" } else { b"#" });
                    }
                }
            } else if self.line_start && read <= GAVE_UP_LINE && is_gave_up(&self.pending) {
                note_gave_up(&self.name, self.line);
                self.pending.clear();
                self.pending.extend_from_slice(if ends { b"#\n" } else { b"#" });
            }
            if ends {
                self.line += 1;
            }
            self.line_start = ends;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// `text` (all of a file, `name`) with its [`is_gave_up`] lines left blank and noted, for the
/// readers that take a file whole (Hidato): line numbers stay true.
pub(crate) fn without_gave_up<'t>(name: &str, text: &'t str) -> std::borrow::Cow<'t, str> {
    if !text.contains("gave-up") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut kept = String::with_capacity(text.len());
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if is_gave_up(line.as_bytes()) {
            note_gave_up(name, i + 1);
            kept.push_str(if line.ends_with('\n') { "\n" } else { "" });
        } else {
            kept.push_str(line);
        }
    }
    std::borrow::Cow::Owned(kept)
}
