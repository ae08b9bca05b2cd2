//! Reading and writing puzzles: the one-line form, the grid as people paste it, and JSON; files of
//! many puzzles. The formats are described on [`Format`], where users of the crate see them.
//!
//! `text` reads and `write` writes lines and grids, `json` reads JSON (with positions found by a
//! small scanner, since `serde_json::Value` keeps none) and implements `serde`, `file` splits a
//! text into puzzles. Every reader reports the line and column of a mistake and what was
//! expected; none panics, whatever the text (a property test feeds them arbitrary strings).

mod file;
mod json;
mod stream;
mod text;
mod write;

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use crate::sudoku::{Layout, Regions, Sudoku};
use crate::{Error, ShapeError};

pub use file::{parse_puzzles, Parsed, Puzzles};
pub use stream::PuzzleReader;

/// How a puzzle was written, so that an answer can be written the same way. The formats:
///
/// # The line
///
/// One character per cell, row by row: `1`–`9`, then `A`, `B`, ... (any case) for 10 and up; `.`,
/// `0` or `_` for an empty cell. In sizes of 10 and more `0` still means "empty", never 10 (write
/// `A`). The size comes from the length (16 characters: 4x4; 36: 6x6 with 2x3 boxes; 64: 8x8 with
/// 2x4; 81: 9x9; 144: 12x12 with 3x4; 256: 16x16; 625: 25x25) unless a layout is given.
///
/// ```text
/// 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
/// ```
///
/// More fields may follow on the same line, separated by blanks, in any order:
/// - a **region line** of one label per cell (letters or digits, any case), making a jigsaw;
///   the labels, sorted (digits before letters), are regions 1, 2, ... We write `A`, `B`, ...;
/// - a **box shape** `RxC` (rows by columns of a box) when it is not the classic one (`3x2` for
///   a 6x6 with tall boxes);
/// - `X`: the two main diagonals hold every digit too (Sudoku X);
/// - `#` and a comment, to the end of the line.
///
/// The region line is on the puzzle's own line, not the next one: a line of region digits is also
/// a valid puzzle, and a file keeps "one puzzle, one line".
///
/// # The grid
///
/// Rows on lines; cells next to each other or separated by blanks; `|` between boxes and lines of
/// `-`, `+`, `=` (or box-drawing characters) between bands are ignored, as are blank lines between
/// bands. A row of exactly `n` blank-separated fields may write its cells as numbers, as sizes of
/// 10 and more need (`10 . 3 16 ...`; `0` is empty). The size is the number of rows and the boxes
/// the classic ones. The grid form carries no variant: jigsaw and X puzzles are written with their
/// region borders for people, and read back only with their [`Layout`] given
/// ([`Sudoku::from_grid_with_layout`]); use the line or JSON to keep the variant.
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// 6 . . | 1 9 5 | . . .
/// ------+-------+------
/// ```
///
/// # JSON
///
/// One object: `"cells"` (required) is a line as above or an array of numbers (`0` or `null`
/// empty), flat or one array per row; `"size"` (checked against the cells), `"boxes"` (`[3, 3]`
/// or `"3x3"`; default the classic shape), `"variant"` (`"classic"`, `"x"`, `"jigsaw"` or
/// `"jigsaw-x"`; by default `"jigsaw"` when there are regions, else `"classic"`), and `"regions"`
/// for a jigsaw: a region line, or an array of one label (number or string) per cell, flat or by
/// rows. Other keys are ignored. We write
/// `{"size":9,"boxes":[3,3],"variant":"classic","cells":"53..7...."}`. [`Sudoku`] implements
/// `serde`'s `Serialize` and `Deserialize` with this shape.
///
/// # Files
///
/// [`parse_puzzles`] reads any mix of the above: lines starting with `#` are comments; blank
/// lines separate blocks. A block whose first line starts with a field of 16 or more characters
/// holds one puzzle per line; any other block is one grid (so are 16 lines of 16 characters: a
/// 16x16 grid, not sixteen 4x4 puzzles, unless a blank line splits them). A line
/// starting with `{` begins a JSON object, which may span lines, and `[` an array of them. Every
/// puzzle gets its own result: a bad one does not stop the others, and its error names the line
/// and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// One line: `53..7....` and optional region line, box shape, `X`.
    Line,
    /// Rows on lines, as people paste it.
    Grid,
    /// A JSON object.
    Json,
}

impl Sudoku {
    /// Reads one puzzle line (see [`Format`]); the size comes from its length.
    ///
    /// ```
    /// use tessera::sudoku::Sudoku;
    /// let puzzle = Sudoku::from_line("1.3.0..2...4_2..").unwrap();
    /// assert_eq!(puzzle.layout().size(), 4);
    /// assert_eq!(puzzle.clues(), 5);
    /// assert_eq!(puzzle.to_line(), "1.3....2...4.2..");
    /// ```
    pub fn from_line(line: &str) -> Result<Sudoku, Error> {
        text::parse_single_line(line, None, &mut Layouts::default())
    }

    /// Reads one puzzle line of a known layout. Fields after the cells that describe a different
    /// layout are an error.
    pub fn from_line_with_layout(line: &str, layout: Arc<Layout>) -> Result<Sudoku, Error> {
        text::parse_single_line(line, Some(&layout), &mut Layouts::default())
    }

    /// Reads one grid (rows on lines); the size is the number of rows, the boxes the classic ones.
    pub fn from_grid(text: &str) -> Result<Sudoku, Error> {
        text::parse_single_grid(text, None, &mut Layouts::default())
    }

    /// Reads one grid of a known layout (a jigsaw or X grid, or boxes that are not the classic
    /// ones).
    pub fn from_grid_with_layout(text: &str, layout: Arc<Layout>) -> Result<Sudoku, Error> {
        text::parse_single_grid(text, Some(&layout), &mut Layouts::default())
    }

    /// Reads one JSON object (see [`Format`]).
    pub fn from_json(text: &str) -> Result<Sudoku, Error> {
        let (parsed, format) = Self::parse_with_format(text)?;
        match format {
            Format::Json => Ok(parsed),
            _ => Err(parse_error(1, 1, "expected a JSON object, starting with '{'")),
        }
    }

    /// Reads exactly one puzzle in any format (line, grid or JSON; comments allowed).
    pub fn parse(text: &str) -> Result<Sudoku, Error> {
        Self::parse_with_format(text).map(|(sudoku, _)| sudoku)
    }

    /// Reads exactly one puzzle in any format and says which it was.
    pub fn parse_with_format(text: &str) -> Result<(Sudoku, Format), Error> {
        let mut puzzles = parse_puzzles(text);
        let Some(first) = puzzles.next() else {
            return Err(parse_error(1, 1, "no puzzle; expected a line, a grid or a JSON object"));
        };
        if let Some(second) = puzzles.next() {
            return Err(parse_error(second.line, 1, "a second puzzle; expected only one"));
        }
        first.puzzle.map(|sudoku| (sudoku, first.format))
    }

    /// The puzzle as one line: the cells, then its region line, box shape or `X` when it has
    /// them. No newline at the end.
    pub fn to_line(&self) -> String {
        write::line(self)
    }

    /// The puzzle as a grid for people: blanks between cells, `|` and `-+-` lines between boxes
    /// (a jigsaw's region borders); every line ends with a newline.
    pub fn to_grid(&self) -> String {
        write::grid(self)
    }

    /// The puzzle as one line of JSON (no newline at the end).
    pub fn to_json(&self) -> String {
        // Writing our own plain struct to a string cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The puzzle written in `format`.
    pub fn to_format(&self, format: Format) -> String {
        match format {
            Format::Line => self.to_line(),
            Format::Grid => self.to_grid(),
            Format::Json => self.to_json(),
        }
    }
}

impl FromStr for Sudoku {
    type Err = Error;

    /// [`Sudoku::parse`]: one puzzle in any format.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Sudoku::parse(text)
    }
}

/// A parse error at a place.
fn parse_error(line: usize, column: usize, message: impl Into<String>) -> Error {
    Error::parse(line, column, message)
}

/// The message of an error from [`Layout`], to be placed at a line and column.
/// Why boxes of `rows` x `cols` do not fit a `size` x `size` grid. The product is taken wide:
/// a box shape in a file can be any two numbers (the fuzzer found `rows * cols` overflowing).
fn boxes_mismatch(rows: usize, cols: usize, size: usize) -> String {
    let cells = rows as u128 * cols as u128;
    format!("boxes of {rows}x{cols} make a {cells}x{cells} grid, not {size}x{size}")
}

fn message_of(err: Error) -> String {
    match err {
        Error::Shape(ShapeError::Message(message)) => message,
        other => other.to_string(),
    }
}

/// The digit a character stands for in a puzzle of `size` (`0`: empty).
fn digit(c: char, size: usize) -> Result<u8, String> {
    let value = match c {
        '.' | '0' | '_' => return Ok(0),
        '1'..='9' => c as usize - '0' as usize,
        'a'..='z' | 'A'..='Z' => c.to_ascii_uppercase() as usize - 'A' as usize + 10,
        _ => return Err(format!("{} is not a digit; expected {}", shown(c), expected(size))),
    };
    if value <= size {
        Ok(value as u8)
    } else {
        Err(format!("{} is out of range: a {size}x{size} puzzle has digits {}", shown(c), digits(size)))
    }
}

/// The digits of a size as written: `1-9`, `1-9, A-G`.
fn digits(size: usize) -> String {
    match size {
        ..=9 => format!("1-{size}"),
        10 => "1-9, A".to_owned(),
        _ => format!("1-9, A-{}", (b'A' + (size - 10) as u8) as char),
    }
}

/// What a cell may be: `1-9, '.' or '0'`.
fn expected(size: usize) -> String {
    format!("{}, '.' or '0'", digits(size))
}

/// A character as a message shows it: `'x'`, or escaped when it is invisible.
fn shown(c: char) -> String {
    if c.is_control() || c.is_whitespace() || c == '\u{FFFD}' {
        format!("{c:?} (U+{:04X})", c as u32)
    } else {
        format!("'{c}'")
    }
}

/// A field of the input, quoted for a message: control characters, blanks other than the space
/// and undecodable bytes escaped (so that no input can drive the reader's terminal), and long
/// fields cut to their first 32 characters.
fn quoted(field: &str) -> String {
    const SHOWN: usize = 32;
    let mut text = String::from("'");
    for c in field.chars().take(SHOWN) {
        if c.is_control() || (c.is_whitespace() && c != ' ') || c == '\u{FFFD}' {
            text.extend(c.escape_default());
        } else {
            text.push(c);
        }
    }
    text.push('\'');
    let more = field.chars().count().saturating_sub(SHOWN);
    if more > 0 {
        text.push_str(&format!(" (and {more} more characters)"));
    }
    text
}

/// The classic box shape of a size, as [`Layout::classic`] chooses it: rows ≤ columns, squarest.
fn classic_boxes(size: usize) -> Option<(usize, usize)> {
    let rows = (2..=size).filter(|r| size % r == 0 && r * r <= size).max()?;
    Some((rows, size / rows))
}

/// Region labels (characters or numbers) to region numbers: the distinct labels, sorted, are
/// regions 0, 1, 2, ... Checks that there are `size` of them with `size` cells each; an error
/// names the index of the offending cell.
fn region_numbers<K: Ord + Copy + std::fmt::Display>(
    labels: &[K],
    size: usize,
) -> Result<Vec<u8>, (usize, String)> {
    let mut distinct = labels.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != size {
        return Err((
            0,
            format!("{} different region labels; a {size}x{size} jigsaw has {size} regions", distinct.len()),
        ));
    }
    let numbers: Vec<u8> =
        labels.iter().map(|label| distinct.binary_search(label).unwrap_or(0) as u8).collect();
    let mut counts = vec![0usize; size];
    numbers.iter().for_each(|&n| counts[n as usize] += 1);
    if let Some(region) = counts.iter().position(|&count| count != size) {
        let first = numbers.iter().position(|&n| n as usize == region).unwrap_or(0);
        return Err((
            first,
            format!(
                "region {} has {} cells; every region of a {size}x{size} jigsaw has {size}",
                distinct[region], counts[region]
            ),
        ));
    }
    Ok(numbers)
}

/// Layouts already built, shared by the puzzles of a file: building one costs more than reading a
/// puzzle, and a million 9x9 puzzles should share one.
#[derive(Debug, Default)]
struct Layouts {
    known: HashMap<(usize, Regions, bool), Arc<Layout>>,
}

impl Layouts {
    /// Jigsaw layouts are rarely repeated: keep at most this many.
    const MAX: usize = 64;

    /// The classic layout of a size.
    fn classic(&mut self, size: usize, diagonals: bool) -> Result<Arc<Layout>, String> {
        match classic_boxes(size) {
            Some((rows, cols)) if (crate::sudoku::MIN_SIZE..=crate::sudoku::MAX_SIZE).contains(&size) => {
                self.get(size, Regions::Boxes { rows, cols }, diagonals)
            }
            _ => Err(message_of(
                Layout::classic(size)
                    .err()
                    .unwrap_or_else(|| Error::shape(format!("a {size}x{size} grid has no boxes"))),
            )),
        }
    }

    /// The layout of these regions.
    fn get(&mut self, size: usize, regions: Regions, diagonals: bool) -> Result<Arc<Layout>, String> {
        let key = (size, regions, diagonals);
        if let Some(layout) = self.known.get(&key) {
            return Ok(layout.clone());
        }
        let layout = match &key.1 {
            Regions::Boxes { rows, cols } => Layout::boxes(*rows, *cols),
            Regions::Jigsaw(regions) => Layout::jigsaw(size, regions.clone()),
        }
        .map_err(message_of)?;
        let layout = Arc::new(if diagonals { layout.with_diagonals() } else { layout });
        if self.known.len() >= Self::MAX {
            self.known.clear();
        }
        self.known.insert(key, layout.clone());
        Ok(layout)
    }
}
