//! The board ([`Akari`]: a width, a height and each cell white or a wall, a wall perhaps
//! numbered 0 to 4) and an answer ([`Bulbs`]: which cells hold a bulb), with their text forms.

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// The largest side read or generated: puzz.link's editor goes to 100, but published Akari stop
/// well before 40, and the SAT route's at-most-one clauses grow with the square of a segment.
pub const MAX_SIDE: usize = 60;

/// One cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A white cell: it may hold a bulb, and must be lit.
    White,
    /// A black wall, with the number of bulbs beside it when it has one (0 to 4).
    Wall(Option<u8>),
}

/// An Akari board, row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Akari {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

/// Checks a side against 1 to [`MAX_SIDE`].
pub(crate) fn check_side(what: &'static str, side: usize) -> Result<(), Error> {
    if (1..=MAX_SIDE).contains(&side) {
        Ok(())
    } else {
        Err(Error::OutOfRange { what, value: side as u64, min: 1, max: MAX_SIDE as u64 })
    }
}

impl Akari {
    /// A board from its cells (row by row). Bad input: a side outside 1 to [`MAX_SIDE`], a
    /// number of cells other than `width x height`, a wall numbered above 4.
    pub fn new(width: usize, height: usize, cells: Vec<Cell>) -> Result<Self, Error> {
        check_side("the width", width)?;
        check_side("the height", height)?;
        if cells.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} board", cells.len())));
        }
        if let Some(i) = cells.iter().position(|c| matches!(c, Cell::Wall(Some(n)) if *n > 4)) {
            return Err(Error::shape(format!("the wall at {} is numbered above 4", name(i, width))));
        }
        Ok(Akari { width, height, cells })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether cell `i` is white.
    pub fn is_white(&self, i: usize) -> bool {
        self.cells[i] == Cell::White
    }

    /// The cells beside `i` (up, left, right, down), inside the board.
    pub(crate) fn neighbours(&self, i: usize) -> Vec<usize> {
        let (w, h) = (self.width, self.height);
        let (r, c) = (i / w, i % w);
        let mut out = Vec::with_capacity(4);
        if r > 0 {
            out.push(i - w);
        }
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < w {
            out.push(i + 1);
        }
        if r + 1 < h {
            out.push(i + w);
        }
        out
    }

    /// The board with the number of wall `i` replaced (a sketch while generating).
    pub(crate) fn with_cell(&self, i: usize, cell: Cell) -> Akari {
        let mut board = self.clone();
        board.cells[i] = cell;
        board
    }
}

/// A cell in words, r1c1 style.
pub(crate) fn name(cell: usize, width: usize) -> String {
    format!("r{}c{}", cell / width + 1, cell % width + 1)
}

/// Cells in words, separated by commas.
pub(crate) fn names(cells: &[usize], width: usize) -> String {
    cells.iter().map(|&c| name(c, width)).collect::<Vec<_>>().join(", ")
}

/// The `W H` header of a text form at line `number`, or an error naming it.
pub(crate) fn header(number: usize, line: &str, what: &str) -> Result<(usize, usize), Error> {
    let numbers: Vec<&str> = line.split_whitespace().collect();
    let parse = |i: usize| {
        numbers.get(i).and_then(|n| n.parse::<usize>().ok()).filter(|&n| (1..=MAX_SIDE).contains(&n))
    };
    match (parse(0), parse(1), numbers.len()) {
        (Some(width), Some(height), 2) => Ok((width, height)),
        _ => Err(Error::parse(
            number,
            1,
            format!("expected {what}'s width and height (1 to {MAX_SIDE}), found {line:?}"),
        )),
    }
}

/// The lines of a text form that count: not blank, not a `//` comment; with their numbers from 1.
pub(crate) fn meaningful(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(at, line)| (at + 1, line.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
}

/// Reads `height` rows of `width` characters from `lines` after the header at line `at`, each
/// character through `cell` (`None`: not one of the form's, an error at its column).
pub(crate) fn rows<'t, T>(
    lines: &mut impl Iterator<Item = (usize, &'t str)>,
    at: usize,
    (width, height): (usize, usize),
    what: &str,
    cell: impl Fn(char) -> Option<T>,
    expected: &str,
) -> Result<Vec<T>, Error> {
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        let Some((number, line)) = lines.next() else {
            return Err(Error::parse(at + 1 + row, 1, format!("row {} of {what} is missing", row + 1)));
        };
        let line = line.trim();
        let found = line.chars().count();
        if found != width {
            return Err(Error::parse(
                number,
                1,
                format!("row {} of {what} has {found} cells, not {width}", row + 1),
            ));
        }
        for (column, ch) in line.chars().enumerate() {
            match cell(ch) {
                Some(value) => cells.push(value),
                None => return Err(Error::parse(number, column + 1, format!("{ch:?} is not {expected}"))),
            }
        }
    }
    Ok(cells)
}

impl fmt::Display for Akari {
    /// The text form: `W H`, then a line a row, `.` white, `X` a wall, `0`-`4` a numbered wall.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.width, self.height)?;
        for row in self.cells.chunks(self.width) {
            let line: String = row
                .iter()
                .map(|cell| match cell {
                    Cell::White => '.',
                    Cell::Wall(None) => 'X',
                    Cell::Wall(Some(n)) => char::from(b'0' + n),
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Akari {
    type Err = Error;

    /// The text `Display` writes: `W H`, then H rows of W cells, `.` (or `-`) white, `X`, `x` or
    /// `#` a wall, `0`-`4` a numbered wall. Nothing may follow.
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut lines = meaningful(text);
        let Some((at, first)) = lines.next() else { return Err(Error::parse(1, 1, "an empty board")) };
        let size = header(at, first, "the board")?;
        let cells = rows(&mut lines, at, size, "the board", board_cell, "., X, # or a digit 0-4")?;
        if let Some((at, line)) = lines.next() {
            return Err(Error::parse(at, 1, format!("{line:?} is left over after the board")));
        }
        Akari::new(size.0, size.1, cells)
    }
}

/// A character of the board's text form.
pub(crate) fn board_cell(ch: char) -> Option<Cell> {
    match ch {
        '.' | '-' => Some(Cell::White),
        'X' | 'x' | '#' => Some(Cell::Wall(None)),
        '0'..='4' => Some(Cell::Wall(Some(ch as u8 - b'0'))),
        _ => None,
    }
}

/// An answer: which cells hold a bulb, row by row. Its text is a `W H` line, then one line a
/// row, `#` a bulb and `.` none.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bulbs {
    width: usize,
    height: usize,
    cells: Vec<bool>,
}

impl Bulbs {
    /// An answer of `width x height` cells (`cells` row by row, `true` a bulb).
    pub fn new(width: usize, height: usize, cells: Vec<bool>) -> Result<Self, Error> {
        if cells.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} answer", cells.len())));
        }
        Ok(Bulbs { width, height, cells })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether each cell holds a bulb, row by row.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }
}

impl fmt::Display for Bulbs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.width, self.height)?;
        for row in self.cells.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|&bulb| if bulb { '#' } else { '.' }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Bulbs {
    type Err = Error;

    /// The text `Display` writes: `W H`, then H rows of W cells, `#` (or `*`, `o`, `O`) a bulb,
    /// `.` none; the board's own wall characters (`X`, `x`, `0`-`4`) and `-` read as no bulb, so
    /// that the board's text with bulbs drawn in is an answer too.
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut lines = meaningful(text);
        let Some((at, first)) = lines.next() else { return Err(Error::parse(1, 1, "an empty answer")) };
        let size = header(at, first, "the answer")?;
        let cell = |ch: char| match ch {
            '#' | '*' | 'o' | 'O' => Some(true),
            '.' | '-' | 'X' | 'x' | '0'..='4' => Some(false),
            _ => None,
        };
        let cells = rows(&mut lines, at, size, "the answer", cell, "# (a bulb) or . (none)")?;
        if let Some((at, line)) = lines.next() {
            return Err(Error::parse(at, 1, format!("{line:?} is left over after the answer")));
        }
        Bulbs::new(size.0, size.1, cells)
    }
}
