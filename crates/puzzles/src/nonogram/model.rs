//! The board ([`Nonogram`]: a width, a height and the runs of every row and column) and an
//! answer ([`Shading`]: which cells are shaded).

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// The largest side read or generated (puzz.link's addresses stop at 100; the `.non` files of
/// webpbn.com go to 99 wide at most, a few taller).
pub const MAX_SIDE: usize = 200;

/// A nonogram: for every row (top to bottom) and every column (left to right), the lengths of
/// its runs of shaded cells in order, an empty list for a line without any.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nonogram {
    width: usize,
    height: usize,
    rows: Vec<Vec<u32>>,
    columns: Vec<Vec<u32>>,
}

impl Nonogram {
    /// A board from its clues. Zeros are dropped (a line clued `0` has no runs). Bad input, with
    /// the line named: a side outside 1 to [`MAX_SIDE`], a number of clue lines other than the
    /// side, a line whose runs cannot fit in it, rows and columns that shade different totals.
    pub fn new(
        width: usize,
        height: usize,
        rows: Vec<Vec<u32>>,
        columns: Vec<Vec<u32>>,
    ) -> Result<Self, Error> {
        for (what, side) in [("the width", width), ("the height", height)] {
            if !(1..=MAX_SIDE).contains(&side) {
                return Err(Error::OutOfRange { what, value: side as u64, min: 1, max: MAX_SIDE as u64 });
            }
        }
        if rows.len() != height || columns.len() != width {
            return Err(Error::shape(format!(
                "a {width}x{height} board needs {height} row clues and {width} column clues, not {} and {}",
                rows.len(),
                columns.len()
            )));
        }
        let clean = |lines: Vec<Vec<u32>>| -> Vec<Vec<u32>> {
            lines.into_iter().map(|line| line.into_iter().filter(|&run| run > 0).collect()).collect()
        };
        let (rows, columns) = (clean(rows), clean(columns));
        for (what, lines, length) in [("row", &rows, width), ("column", &columns, height)] {
            for (i, runs) in lines.iter().enumerate() {
                let need =
                    runs.iter().map(|&r| u64::from(r)).sum::<u64>() + runs.len().saturating_sub(1) as u64;
                if need > length as u64 {
                    return Err(Error::shape(format!(
                        "{what} {}: the runs {} need {need} cells, the {what} has {length}",
                        i + 1,
                        runs_text(runs)
                    )));
                }
            }
        }
        let total = |lines: &[Vec<u32>]| lines.iter().flatten().map(|&r| u64::from(r)).sum::<u64>();
        if total(&rows) != total(&columns) {
            return Err(Error::shape(format!(
                "the rows shade {} cells and the columns {}: no shading can keep both",
                total(&rows),
                total(&columns)
            )));
        }
        Ok(Nonogram { width, height, rows, columns })
    }

    /// The clues of a picture (`cells` row by row, `true` shaded).
    pub fn from_picture(width: usize, height: usize, cells: &[bool]) -> Result<Self, Error> {
        if cells.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} picture", cells.len())));
        }
        let rows = (0..height).map(|r| runs_of((0..width).map(|c| cells[r * width + c]))).collect();
        let columns = (0..width).map(|c| runs_of((0..height).map(|r| cells[r * width + c]))).collect();
        Nonogram::new(width, height, rows, columns)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Each row's runs, top to bottom.
    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    /// Each column's runs, left to right.
    pub fn columns(&self) -> &[Vec<u32>] {
        &self.columns
    }

    /// Every line: the rows, then the columns, each with its cells (row by row from 0) in order
    /// and its runs.
    pub(crate) fn lines(&self) -> Vec<(Vec<usize>, &[u32])> {
        let (w, h) = (self.width, self.height);
        let rows = (0..h).map(|r| ((0..w).map(|c| r * w + c).collect(), self.rows[r].as_slice()));
        let columns = (0..w).map(|c| ((0..h).map(|r| r * w + c).collect(), self.columns[c].as_slice()));
        rows.chain(columns).collect()
    }

    /// Line `i` of [`Nonogram::lines`] in words: "row 3", "column 5".
    pub(crate) fn line_name(&self, line: usize) -> String {
        if line < self.height {
            format!("row {}", line + 1)
        } else {
            format!("column {}", line - self.height + 1)
        }
    }
}

pub(crate) use crate::common::runs_of;

/// Runs as players read them: `3 1 2`, or `0` for none.
pub(crate) fn runs_text(runs: &[u32]) -> String {
    if runs.is_empty() {
        return "0".to_owned();
    }
    runs.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// A cell in words, r1c1 style.
pub(crate) fn name(cell: usize, width: usize) -> String {
    format!("r{}c{}", cell / width + 1, cell % width + 1)
}

/// An answer: which cells are shaded, row by row. Its text is a `W H` line, then one line a
/// row, `#` shaded and `.` not.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Shading {
    width: usize,
    height: usize,
    cells: Vec<bool>,
}

impl Shading {
    /// An answer of `width x height` cells (`cells` row by row).
    pub fn new(width: usize, height: usize, cells: Vec<bool>) -> Result<Self, Error> {
        if cells.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} answer", cells.len())));
        }
        Ok(Shading { width, height, cells })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether each cell is shaded, row by row.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }
}

impl fmt::Display for Shading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.width, self.height)?;
        for row in self.cells.chunks(self.width.max(1)) {
            let line: String = row.iter().map(|&shaded| if shaded { '#' } else { '.' }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Shading {
    type Err = Error;

    /// The text [`Shading`]'s `Display` writes: `W H`, then H rows of W cells, `#` (or `1`, `X`)
    /// shaded and `.` (or `0`, `-`, a space) not.
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
                format!("expected the answer's width and height, found {header:?}"),
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
                    '#' | '1' | 'X' | 'x' => true,
                    '.' | '0' | '-' | ' ' => false,
                    _ => {
                        return Err(Error::parse(
                            at + 1,
                            column + 1,
                            format!("{ch:?} is neither # (shaded) nor . (not)"),
                        ))
                    }
                });
            }
        }
        if let Some((at, line)) = lines.next() {
            return Err(Error::parse(at + 1, 1, format!("{line:?} is left over after the answer")));
        }
        Shading::new(width, height, cells)
    }
}
