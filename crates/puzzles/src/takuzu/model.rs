//! The board ([`Takuzu`]: a width, a height, the given digits and whether two lines may be
//! alike) and an answer ([`Binary`]: a 0 or a 1 in every cell).

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// The largest side read (a line is one machine word in the solvers; published puzzles stop
/// near 20, Tatham's `unruly` takes any even side).
pub const MAX_SIDE: usize = 64;

/// A Takuzu (Binairo, Unruly, "binary puzzle"): fill every cell with 0 or 1 so that no three
/// cells side by side in a row or column hold the same digit, every row and column holds as many
/// 0s as 1s (a line of odd length: one more of either), and, when [`Takuzu::distinct`], no two
/// rows and no two columns are alike.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Takuzu {
    width: usize,
    height: usize,
    givens: Vec<Option<bool>>,
    distinct: bool,
}

impl Takuzu {
    /// A board from its givens (row by row, `Some(true)` a 1). Bad input: a side outside 2 to
    /// [`MAX_SIDE`], a number of cells other than `width x height`, givens that already break a
    /// rule (three alike side by side, more than half a line of one digit).
    pub fn new(
        width: usize,
        height: usize,
        givens: Vec<Option<bool>>,
        distinct: bool,
    ) -> Result<Self, Error> {
        for (what, side) in [("the width", width), ("the height", height)] {
            if !(2..=MAX_SIDE).contains(&side) {
                return Err(Error::OutOfRange { what, value: side as u64, min: 2, max: MAX_SIDE as u64 });
            }
        }
        if givens.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} board", givens.len())));
        }
        let board = Takuzu { width, height, givens, distinct };
        for line in 0..board.lines() {
            let cells = board.line_cells(line);
            for digit in [false, true] {
                let count = cells.iter().filter(|&&c| board.givens[c] == Some(digit)).count();
                if count > cells.len().div_ceil(2) {
                    return Err(Error::shape(format!(
                        "{} has {count} given {}s, more than half its {} cells",
                        board.line_name(line),
                        u8::from(digit),
                        cells.len()
                    )));
                }
            }
            for three in cells.windows(3) {
                let v: Vec<Option<bool>> = three.iter().map(|&c| board.givens[c]).collect();
                if v[0].is_some() && v[0] == v[1] && v[1] == v[2] {
                    return Err(Error::shape(format!(
                        "{}: three given {}s side by side at {}",
                        board.line_name(line),
                        u8::from(v[0] == Some(true)),
                        name(three[0], width)
                    )));
                }
            }
        }
        Ok(board)
    }

    /// An empty board.
    pub fn empty(width: usize, height: usize, distinct: bool) -> Result<Self, Error> {
        Takuzu::new(width, height, vec![None; width * height], distinct)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The given digits, row by row (`Some(true)` a 1).
    pub fn givens(&self) -> &[Option<bool>] {
        &self.givens
    }

    /// Whether no two rows and no two columns may be alike (Binairo's and most published
    /// Takuzu's third rule; Tatham's `unruly` asks it only with `u` in its parameters).
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// The same board with other givens.
    pub(crate) fn with_givens(&self, givens: Vec<Option<bool>>) -> Result<Takuzu, Error> {
        Takuzu::new(self.width, self.height, givens, self.distinct)
    }

    /// The number of lines: the rows, then the columns.
    pub(crate) fn lines(&self) -> usize {
        self.width + self.height
    }

    /// Line `i`'s cells in order: row `i`, or column `i - height`.
    pub(crate) fn line_cells(&self, line: usize) -> Vec<usize> {
        let (w, h) = (self.width, self.height);
        if line < h {
            (0..w).map(|c| line * w + c).collect()
        } else {
            (0..h).map(|r| r * w + line - h).collect()
        }
    }

    /// Line `i` in words: "row 3", "column 5".
    pub(crate) fn line_name(&self, line: usize) -> String {
        if line < self.height {
            format!("row {}", line + 1)
        } else {
            format!("column {}", line - self.height + 1)
        }
    }
}

/// A cell in words, r1c1 style.
pub(crate) fn name(cell: usize, width: usize) -> String {
    format!("r{}c{}", cell / width + 1, cell % width + 1)
}

/// An answer: the digit of every cell, row by row. Its text is a `W H` line, then one line a
/// row of `0`s and `1`s.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Binary {
    width: usize,
    height: usize,
    cells: Vec<bool>,
}

impl Binary {
    /// An answer of `width x height` cells (`cells` row by row, `true` a 1).
    pub fn new(width: usize, height: usize, cells: Vec<bool>) -> Result<Self, Error> {
        if cells.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} answer", cells.len())));
        }
        Ok(Binary { width, height, cells })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Each cell, row by row: `true` a 1.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }
}

impl fmt::Display for Binary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.width, self.height)?;
        for row in self.cells.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|&one| if one { '1' } else { '0' }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Binary {
    type Err = Error;

    /// The text [`Binary`]'s `Display` writes: `W H`, then H rows of W digits `0` and `1`.
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut lines =
            text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with("//"));
        let Some((at, header)) = lines.next() else { return Err(Error::parse(1, 1, "an empty answer")) };
        let numbers: Vec<&str> = header.split_whitespace().collect();
        let parse = |i: usize| {
            numbers.get(i).and_then(|n| n.parse::<usize>().ok()).filter(|&n| (1..=MAX_SIDE).contains(&n))
        };
        let (Some(width), Some(height), 2) = (parse(0), parse(1), numbers.len()) else {
            return Err(Error::parse(
                at + 1,
                1,
                format!("expected the answer's width and height (1 to {MAX_SIDE}), found {header:?}"),
            ));
        };
        let mut cells = Vec::with_capacity(width * height);
        for row in 0..height {
            let Some((at, line)) = lines.next() else {
                return Err(Error::parse(
                    at + 2 + row,
                    1,
                    format!("row {} of the answer is missing", row + 1),
                ));
            };
            let line = line.trim_end();
            if line.chars().count() != width {
                return Err(Error::parse(
                    at + 1,
                    1,
                    format!("row {} of the answer has {} cells, not {width}", row + 1, line.chars().count()),
                ));
            }
            for (column, ch) in line.chars().enumerate() {
                cells.push(match ch {
                    '1' => true,
                    '0' => false,
                    _ => return Err(Error::parse(at + 1, column + 1, format!("{ch:?} is neither 0 nor 1"))),
                });
            }
        }
        if let Some((at, line)) = lines.next() {
            return Err(Error::parse(at + 1, 1, format!("{line:?} is left over after the answer")));
        }
        Binary::new(width, height, cells)
    }
}
