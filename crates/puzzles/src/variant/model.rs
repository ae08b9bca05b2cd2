//! The rules model: a [`Variant`] is a grid (its side, its regions, its givens) and a list of
//! [`Constraint`]s, each a plain serialisable value. What each constraint kind *means* lives in
//! its module under `rules/` (one checker and one propagator per kind); the kinds themselves, and
//! the cells they name, are listed in `constraint.rs` (re-exported here).
//!
//! Cells are [`Cell`]s, `(row, column)` from 0 inside the grid, written `r1c1` (from 1) in JSON and
//! messages. Clues outside the grid (little killer, sandwich) name a cell of the frame around it:
//! row or column `-1` or `N` (written `r0c3`, `r10c3` on a 9x9).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Error;

pub use crate::variant::constraint::{Constraint, Direction, Negative};

/// The smallest side.
pub const MIN_SIZE: usize = 4;
/// The largest side (digits 1..=16 fit a `u32` mask with room to spare).
pub const MAX_SIZE: usize = 16;

/// A cell, `(row, column)` from 0; a clue outside the grid sits at `-1` or `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Row from 0 (-1: the frame above the grid).
    pub row: i16,
    /// Column from 0 (-1: the frame left of the grid).
    pub col: i16,
}

impl Cell {
    /// The cell at `row`, `col` (from 0).
    pub const fn new(row: i16, col: i16) -> Self {
        Cell { row, col }
    }

    /// Its index row by row in an `n`x`n` grid, `None` outside it.
    pub fn index(self, n: usize) -> Option<usize> {
        let inside = (0..n as i16).contains(&self.row) && (0..n as i16).contains(&self.col);
        inside.then(|| self.row as usize * n + self.col as usize)
    }

    /// The cell of index `index` in an `n`x`n` grid.
    pub fn at(index: usize, n: usize) -> Self {
        Cell { row: (index / n) as i16, col: (index % n) as i16 }
    }

    /// Whether the two cells share a side.
    pub fn touches(self, other: Cell) -> bool {
        (self.row - other.row).abs() + (self.col - other.col).abs() == 1
    }
}

/// `r1c1`, from 1.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl std::str::FromStr for Cell {
    type Err = String;

    /// `r1c1` or `R1C1` (from 1; `r0c3` and `r10c3` name the frame of a 9x9).
    fn from_str(text: &str) -> Result<Self, String> {
        let lower = text.trim().to_ascii_lowercase();
        let bad = || format!("{text:?} is not a cell (expected r1c1 style)");
        let rest = lower.strip_prefix('r').ok_or_else(bad)?;
        let (row, col) = rest.split_once('c').ok_or_else(bad)?;
        let row: i16 = row.parse().map_err(|_| bad())?;
        let col: i16 = col.parse().map_err(|_| bad())?;
        if !(0..=64).contains(&row) || !(0..=64).contains(&col) {
            return Err(bad());
        }
        Ok(Cell { row: row - 1, col: col - 1 })
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A drawn item that is not a rule (a line, circle, rectangle or text of f-puzzles): kept, drawn
/// and written back, never solved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cosmetic {
    /// `line`, `circle`, `rectangle` or `text`.
    pub kind: String,
    /// The cells it covers (a line's path, a circle's cells).
    pub cells: Vec<Cell>,
    /// Its text, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Its colour as the file gave it (`#RRGGBB`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// The rest of the item as the file had it, so that it is written back unchanged.
    #[serde(default, skip_serializing_if = "serde_json::Value::is_null")]
    pub extra: serde_json::Value,
}

/// What a puzzle says about itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meta {
    /// Its title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Its setter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Its rules, as the setter wrote them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

/// The boxes of an `n`x`n` grid, `(height, width)`: the height is the largest divisor of `n` not
/// above its square root (6x6: 2 rows of 3). `None` for a prime side (no default boxes).
pub fn box_shape(n: usize) -> Option<(usize, usize)> {
    let height = (1..=n).take_while(|h| h * h <= n).filter(|h| n % h == 0).last()?;
    (height > 1).then_some((height, n / height))
}

/// The default regions of an `n`x`n` grid: its boxes, or none for a prime side.
pub fn default_regions(n: usize) -> Vec<Option<u16>> {
    match box_shape(n) {
        Some((h, w)) => (0..n * n).map(|i| Some(((i / n) / h * (n / w) + (i % n) / w) as u16)).collect(),
        None => vec![None; n * n],
    }
}

/// A variant Sudoku: an `N`x`N` grid of digits 1..=N in which every row and column (and every
/// region) holds different digits, its givens, and its further [`Constraint`]s.
///
/// ```
/// use tessera::variant::{Variant, Constraint, Cell};
/// let mut puzzle = Variant::classic(4);
/// puzzle.constraints.push(Constraint::Cage { cells: vec![Cell::new(0, 0), Cell::new(0, 1)], sum: Some(3) });
/// puzzle.validate()?;
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// The side N: digits 1..=N, N rows, N columns.
    pub size: usize,
    /// The region of each cell, row by row (boxes by default, jigsaw pieces, `None`: no region).
    /// A region of N cells holds each digit once; a smaller one holds different digits.
    /// Read as the default boxes when a file leaves it out (or gives `[]`).
    #[serde(default)]
    pub regions: Vec<Option<u16>>,
    /// The givens, row by row, 0 for an empty cell; none when a file leaves it out.
    #[serde(default)]
    pub givens: Vec<u8>,
    /// The rules beyond rows, columns and regions.
    #[serde(default)]
    pub constraints: Vec<Constraint>,
    /// Drawn items that are not rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cosmetics: Vec<Cosmetic>,
    /// Title, author, rules text.
    #[serde(default)]
    pub meta: Meta,
    /// A solution the file carried (not trusted: checked like any answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<u8>>,
}

impl Variant {
    /// An empty classic Sudoku of side `n` (boxes as in Sudoku of that size), no constraints.
    pub fn classic(n: usize) -> Self {
        Variant {
            size: n,
            regions: default_regions(n),
            givens: vec![0; n * n],
            constraints: Vec::new(),
            cosmetics: Vec::new(),
            meta: Meta::default(),
            solution: None,
        }
    }

    /// The side N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Checks that the puzzle is one the solvers take: the side in 4..=16, the regions and
    /// givens of the grid's size, each region at most N cells, every cell a constraint names
    /// inside the grid (clues in the frame where the kind puts them), values in range.
    pub fn validate(&self) -> Result<(), Error> {
        let n = self.size;
        check_side(n)?;
        if self.regions.len() != n * n {
            return Err(Error::shape(format!("regions: {} cells for a {n}x{n} grid", self.regions.len())));
        }
        if self.givens.len() != n * n {
            return Err(Error::shape(format!("givens: {} cells for a {n}x{n} grid", self.givens.len())));
        }
        let mut sizes = std::collections::BTreeMap::new();
        for region in self.regions.iter().flatten() {
            *sizes.entry(*region).or_insert(0usize) += 1;
        }
        if let Some((region, size)) = sizes.iter().find(|(_, size)| **size > n) {
            return Err(Error::shape(format!(
                "region {region} has {size} cells; a {n}x{n} grid's hold at most {n}"
            )));
        }
        if let Some((i, &g)) = self.givens.iter().enumerate().find(|(_, &g)| g as usize > n) {
            return Err(Error::shape(format!("the given {g} at {} is over {n}", Cell::at(i, n))));
        }
        if let Some(solution) = &self.solution {
            if solution.len() != n * n || solution.iter().any(|&d| d == 0 || d as usize > n) {
                return Err(Error::shape(format!("solution: not {} digits from 1 to {n}", n * n)));
            }
        }
        for (i, constraint) in self.constraints.iter().enumerate() {
            crate::variant::rules::validate(self, constraint).map_err(|message| {
                Error::shape(format!("constraint {} ({}): {message}", i + 1, constraint.name()))
            })?;
        }
        Ok(())
    }

    /// The index of `cell`, which must be inside the grid.
    pub(crate) fn index(&self, cell: Cell) -> usize {
        cell.index(self.size).expect("a validated cell")
    }
}

/// A filled grid: the answer of a [`Variant`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    digits: Vec<u8>,
}

impl Grid {
    /// A grid of side `n` from its digits row by row (1..=n; 0 leaves a cell empty).
    pub fn new(n: usize, digits: Vec<u8>) -> Result<Self, Error> {
        if digits.len() != n * n {
            return Err(Error::shape(format!("{} digits for a {n}x{n} grid", digits.len())));
        }
        if let Some(&d) = digits.iter().find(|&&d| d as usize > n) {
            return Err(Error::shape(format!("the digit {d} is over {n}")));
        }
        Ok(Grid { n, digits })
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digits row by row.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Reads an answer: one row a line, digits `1`-`9` then `A`-`G` for 10-16 (or numbers
    /// separated by spaces), `.` or `0` for an empty cell; or the whole grid on one line.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let lines: Vec<&str> =
            text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
        let mut digits = Vec::new();
        for (number, line) in lines.iter().enumerate() {
            if line.contains(' ') {
                for word in line.split_whitespace() {
                    let d = if word == "." {
                        0
                    } else {
                        word.parse::<u8>()
                            .map_err(|_| Error::parse(number + 1, 1, format!("{word:?} is not a digit")))?
                    };
                    digits.push(d);
                }
            } else {
                for (column, ch) in line.chars().enumerate() {
                    digits.push(digit_of(ch).ok_or_else(|| {
                        Error::parse(number + 1, column + 1, format!("{ch:?} is not a digit"))
                    })?);
                }
            }
        }
        let n = (1..=MAX_SIZE).find(|n| n * n == digits.len()).ok_or_else(|| {
            Error::shape(format!("{} digits do not make a square grid of side 1 to {MAX_SIZE}", digits.len()))
        })?;
        Grid::new(n, digits)
    }
}

/// A digit's character: `1`-`9`, then `A`-`G` for 10-16; `.` for none.
pub(crate) fn digit_char(d: u8) -> char {
    match d {
        0 => '.',
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

fn digit_of(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='G' => Some(ch as u8 - b'A' + 10),
        'a'..='g' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// One row a line, `digit_char`s.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.digits.chunks(self.n) {
            let line: String = row.iter().map(|&d| digit_char(d)).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The side `n` if the solvers take it (from [`MIN_SIZE`] to [`MAX_SIZE`]), else the error the
/// model and the generator give.
pub(crate) fn check_side(n: usize) -> Result<(), Error> {
    if (MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Ok(());
    }
    Err(Error::OutOfRange {
        what: "the grid's side",
        value: n as u64,
        min: MIN_SIZE as u64,
        max: MAX_SIZE as u64,
    })
}
