//! The model: [`Killer`] (the grid's size and boxes, its cages, optional givens), [`Cage`], and
//! [`Grid`], a filled grid (the answer).

use std::fmt;

use crate::Error;

/// The largest side (candidate masks are `u32`).
pub const MAX_SIZE: usize = 25;

/// The boxes of an `n`x`n` grid, `(height, width)`, as in Sudoku of that size: the height is the
/// largest divisor of `n` not above its square root, the width `n / height`. `None` for a side
/// under 4, over [`MAX_SIZE`], or prime (its boxes would be its rows).
///
/// ```
/// use tessera::killer::box_shape;
/// assert_eq!(box_shape(6), Some((2, 3)));
/// assert_eq!(box_shape(12), Some((3, 4)));
/// assert_eq!(box_shape(7), None);
/// ```
pub fn box_shape(n: usize) -> Option<(usize, usize)> {
    if !(4..=MAX_SIZE).contains(&n) {
        return None;
    }
    let height = (1..=n).take_while(|h| h * h <= n).filter(|h| n % h == 0).last()?;
    (height > 1).then_some((height, n / height))
}

/// The least and greatest sums of `k` different digits from 1 to `n`.
pub(crate) fn sum_range(k: usize, n: usize) -> (u32, u32) {
    let (k, n) = (k as u32, n as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// A cell's name, `r1c1` style (1-based).
pub(crate) fn cell_name(cell: usize, n: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// A cage: cells whose digits differ and add up to its sum.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<usize>,
    sum: u32,
    anchor: usize,
    label: String,
}

impl Cage {
    /// A cage of these cells (numbered row by row from 0) with this sum; its sum is written in its
    /// first cell, its id is given by the puzzle.
    pub fn new(mut cells: Vec<usize>, sum: u32) -> Self {
        cells.sort_unstable();
        cells.dedup();
        let anchor = cells.first().copied().unwrap_or(0);
        Cage { cells, sum, anchor, label: String::new() }
    }

    pub(crate) fn with_text(mut self, anchor: usize, label: &str) -> Self {
        self.anchor = anchor;
        self.label = label.to_string();
        self
    }

    /// Its cells, in reading order.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Its sum.
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// The cell whose corner shows the sum.
    pub fn anchor(&self) -> usize {
        self.anchor
    }

    /// Its id in the text (janko's cage ids are numbers; any word is read).
    pub fn label(&self) -> &str {
        &self.label
    }
}

/// A Killer Sudoku: an `n`x`n` Sudoku grid (boxes by [`box_shape`]) divided into cages, each with
/// a sum, and optional givens. Every cell is in exactly one cage; a cage need not be connected
/// (janko's are, but the rules and the solvers do not depend on it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Killer {
    n: usize,
    boxes: (usize, usize),
    cages: Vec<Cage>,
    cage_of: Vec<u32>,
    givens: Vec<u8>,
    comments: Vec<String>,
}

impl Killer {
    /// The puzzle of side `n` with these cages (which must cover every cell once, each of at most
    /// `n` cells with a sum that `k` different digits can make) and givens (`0` for an empty
    /// cell; empty for none).
    ///
    /// ```
    /// use tessera::killer::{Cage, Killer};
    /// let cages = (0..16).map(|c| Cage::new(vec![c], [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1][c])).collect();
    /// assert!(Killer::new(4, cages, vec![]).is_ok());
    /// ```
    pub fn new(n: usize, cages: Vec<Cage>, givens: Vec<u8>) -> Result<Self, Error> {
        let boxes = box_shape(n).ok_or_else(|| {
            Error::shape(format!(
                "a Killer Sudoku of side {n} is not supported: the side must be from 4 to {MAX_SIZE} and not \
                 prime (boxes as in Sudoku)"
            ))
        })?;
        let cells = n * n;
        let givens = if givens.is_empty() { vec![0; cells] } else { givens };
        if givens.len() != cells {
            return Err(Error::shape(format!("{} givens for {cells} cells", givens.len())));
        }
        if let Some(cell) = givens.iter().position(|&g| usize::from(g) > n) {
            return Err(Error::shape(format!(
                "the given {} in {} is above {n}",
                givens[cell],
                cell_name(cell, n)
            )));
        }
        let mut cage_of = vec![u32::MAX; cells];
        let mut labelled = Vec::with_capacity(cages.len());
        // In reading order of their first cells, as the text lists them: printing and reading
        // back gives the same puzzle.
        let mut cages = cages;
        cages.sort_by_key(|cage| cage.cells.first().copied());
        for (index, cage) in cages.into_iter().enumerate() {
            let first = cage.cells.first().copied();
            let Some(first) = first else {
                return Err(Error::shape(format!("cage {} has no cells", index + 1)));
            };
            let k = cage.cells.len();
            for &cell in &cage.cells {
                if cell >= cells {
                    return Err(Error::shape(format!("cage {} has cell {cell}, off the grid", index + 1)));
                }
                if cage_of[cell] != u32::MAX {
                    return Err(Error::shape(format!("{} is in two cages", cell_name(cell, n))));
                }
                cage_of[cell] = index as u32;
            }
            let (low, high) = sum_range(k, n);
            if k > n || cage.sum < low || cage.sum > high {
                return Err(Error::shape(format!(
                    "the cage at {} has {k} cells and sum {}: {k} different digits from 1 to {n} make {}",
                    cell_name(first, n),
                    cage.sum,
                    if k > n { "no sum".to_string() } else { format!("{low} to {high}") }
                )));
            }
            let label = if cage.label.is_empty() { (index + 1).to_string() } else { cage.label.clone() };
            let anchor = if cage.cells.contains(&cage.anchor) { cage.anchor } else { first };
            labelled.push(cage.with_text(anchor, &label));
        }
        if let Some(cell) = cage_of.iter().position(|&c| c == u32::MAX) {
            return Err(Error::shape(format!("{} is in no cage", cell_name(cell, n))));
        }
        Ok(Killer { n, boxes, cages: labelled, cage_of, givens, comments: Vec::new() })
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The `#` comment lines read before the puzzle (its address, often).
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// The same puzzle with these comment lines (written before it, and before its answers).
    pub fn with_comments(mut self, comments: Vec<String>) -> Self {
        self.comments = comments;
        self
    }

    /// The boxes' `(height, width)`.
    pub fn box_shape(&self) -> (usize, usize) {
        self.boxes
    }

    /// The box of a cell, numbered row by row from 0.
    pub fn box_of(&self, cell: usize) -> usize {
        let (h, w) = self.boxes;
        (cell / self.n / h) * h + (cell % self.n) / w
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index of the cage of a cell.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell] as usize
    }

    /// The givens, row by row (`0`: empty).
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Whether any cell is given.
    pub fn has_givens(&self) -> bool {
        self.givens.iter().any(|&g| g != 0)
    }

    /// The same cages with these givens (`0`: empty).
    pub fn with_givens(&self, givens: Vec<u8>) -> Result<Self, Error> {
        Killer::new(self.n, self.cages.clone(), givens).map(|k| k.with_comments(self.comments.clone()))
    }
}

/// A filled (or partly filled) grid: the answer of a Killer Sudoku, row by row, `0` for an empty
/// cell. Its `Display` is janko's answer format (`N N`, then the rows), which
/// [`Grid::parse_answer`] and `FromStr` read back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    n: usize,
    digits: Vec<u8>,
}

impl Grid {
    /// A grid of side `n` from its digits, row by row.
    pub fn new(n: usize, digits: Vec<u8>) -> Result<Self, Error> {
        if n == 0 || n > MAX_SIZE || digits.len() != n * n {
            return Err(Error::shape(format!(
                "a grid of side {n} (1 to {MAX_SIZE}) needs {} digits, not {}",
                n * n,
                digits.len()
            )));
        }
        if let Some(&d) = digits.iter().find(|&&d| usize::from(d) > n) {
            return Err(Error::shape(format!("the digit {d} is above {n}")));
        }
        Ok(Grid { n, digits })
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digits, row by row.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit at a row and column (0-based).
    pub fn get(&self, row: usize, column: usize) -> u8 {
        self.digits[row * self.n + column]
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.n, self.n)?;
        for row in self.digits.chunks(self.n) {
            let words: Vec<String> =
                row.iter().map(|&d| if d == 0 { "-".to_string() } else { d.to_string() }).collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Grid {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        Grid::parse_answer(text)
    }
}
