//! The puzzle ([`KenKen`]: side, cages, clues) and its answer ([`Grid`]), and what a cage's
//! operation means ([`Op::holds`]).

use std::fmt;

use crate::Error;

/// The largest side read or solved: candidates are bit sets of one `u32` word, bit `v` for value
/// `v`.
pub const MAX_SIDE: usize = 31;

/// A cage's operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// The cells sum to the target.
    Add,
    /// The largest cell minus the sum of the others is the target (two cells: the difference).
    Sub,
    /// The cells multiply to the target.
    Mul,
    /// The largest cell divided by the product of the others is the target (two cells: the
    /// quotient), exactly.
    Div,
    /// A one-cell cage: the cell holds the target.
    Given,
    /// A cage of several cells whose clue shows only the target: any of the four operations may
    /// hold.
    Hidden,
}

impl Op {
    /// Whether `values` (the cage's cells, in any order) meet `target` under this operation.
    pub fn holds(self, target: u64, values: &[u8]) -> bool {
        let sum: u64 = values.iter().map(|&v| u64::from(v)).sum();
        let max = values.iter().copied().max().map_or(0, u64::from);
        let product = || values.iter().try_fold(1u64, |p, &v| p.checked_mul(u64::from(v)));
        match self {
            Op::Add => sum == target,
            Op::Sub => 2 * max >= sum && 2 * max - sum == target,
            Op::Mul => product() == Some(target),
            Op::Div => match product() {
                // max / (product / max) == target  <=>  max * max == target * product
                Some(p) if max > 0 => u128::from(max) * u128::from(max) == u128::from(target) * u128::from(p),
                _ => false,
            },
            Op::Given => values.len() == 1 && sum == target,
            Op::Hidden => [Op::Add, Op::Sub, Op::Mul, Op::Div].iter().any(|op| op.holds(target, values)),
        }
    }

    /// The sign written after the target (`+`, `-`, `*`, `/`), none for a given or a hidden
    /// operation.
    pub fn sign(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Given | Op::Hidden => "",
        }
    }

    /// Its name in words.
    pub fn word(self) -> &'static str {
        match self {
            Op::Add => "sum",
            Op::Sub => "difference",
            Op::Mul => "product",
            Op::Div => "quotient",
            Op::Given => "given",
            Op::Hidden => "hidden operation",
        }
    }
}

/// One cage: its cells (row by row, numbered from 0), its clue and where the clue is written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    /// Its cells, in increasing order.
    pub cells: Vec<usize>,
    /// The operation.
    pub op: Op,
    /// The target (at least 1).
    pub target: u64,
    /// The cell that shows the clue (one of `cells`).
    pub clue_cell: usize,
    /// Its id as the file wrote it (`1`, `a`, ...), kept so that the text prints back as read.
    pub id: String,
    /// The sign as written (`x` and `*` both multiply), kept for the same reason.
    pub(crate) spelling: &'static str,
}

impl Cage {
    /// A cage of `cells` with a clue, the clue in its first cell, id and sign by default.
    pub fn new(mut cells: Vec<usize>, op: Op, target: u64) -> Self {
        cells.sort_unstable();
        cells.dedup();
        let clue_cell = cells.first().copied().unwrap_or(0);
        Cage { cells, op, target, clue_cell, id: String::new(), spelling: op.sign() }
    }

    /// The clue as written: `24*`, `3-`, `5` (a given or a hidden operation).
    pub fn clue(&self) -> String {
        format!("{}{}", self.target, self.spelling)
    }

    /// Whether `values` (the cage's cells, in any order) meet its clue.
    pub fn holds(&self, values: &[u8]) -> bool {
        self.op.holds(self.target, values)
    }
}

/// A KenKen (Calcudoku): an NxN Latin square of 1..=N cut into cages, each with a clue.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KenKen {
    n: usize,
    cages: Vec<Cage>,
    cage_of: Vec<usize>,
    /// The `#` lines before it (its address, often), printed back.
    comments: Vec<String>,
}

impl KenKen {
    /// The puzzle of side `n` with these cages, checked: the side from 1 to [`MAX_SIDE`], every
    /// cell in exactly one cage, targets at least 1, one-cell cages are givens (`Op::Given`, or
    /// any operation, read as a given) and a `Given` covers one cell. Cages need not be
    /// contiguous: the rules hold over any set of cells, and no solver relies on shape.
    pub fn new(n: usize, mut cages: Vec<Cage>) -> Result<Self, Error> {
        if n == 0 || n > MAX_SIDE {
            return Err(Error::OutOfRange {
                what: "the side",
                value: n as u64,
                min: 1,
                max: MAX_SIDE as u64,
            });
        }
        let mut cage_of = vec![usize::MAX; n * n];
        for (index, cage) in cages.iter_mut().enumerate() {
            if cage.cells.is_empty() {
                return Err(Error::shape(format!("cage {} has no cells", index + 1)));
            }
            if cage.target == 0 {
                return Err(Error::shape(format!("cage {} has target 0; targets are at least 1", index + 1)));
            }
            for &cell in &cage.cells {
                if cell >= n * n {
                    return Err(Error::shape(format!("cage {}: cell {cell} is off the board", index + 1)));
                }
                if cage_of[cell] != usize::MAX {
                    return Err(Error::shape(format!("{} is in two cages", cell_name(n, cell))));
                }
                cage_of[cell] = index;
            }
            if !cage.cells.contains(&cage.clue_cell) {
                cage.clue_cell = cage.cells[0];
            }
            if cage.cells.len() == 1 && cage.op == Op::Hidden {
                cage.op = Op::Given;
            }
            if cage.op == Op::Given && cage.cells.len() > 1 {
                cage.op = Op::Hidden;
            }
            if cage.id.is_empty() {
                cage.id = (index + 1).to_string();
            }
        }
        if let Some(cell) = cage_of.iter().position(|&c| c == usize::MAX) {
            return Err(Error::shape(format!("{} is in no cage", cell_name(n, cell))));
        }
        Ok(KenKen { n, cages, cage_of, comments: Vec::new() })
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cages, in the order of their first cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index (into [`cages`](Self::cages)) of the cage of `cell`.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
    }

    /// The `#` comment lines read before the puzzle (its address, often).
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// The same puzzle with these comment lines.
    pub fn with_comments(mut self, comments: Vec<String>) -> Self {
        self.comments = comments;
        self
    }

    /// Whether some cage hides its operation.
    pub fn has_hidden_operations(&self) -> bool {
        self.cages.iter().any(|c| c.op == Op::Hidden)
    }
}

/// A cell's name, `r1c1` style.
pub(crate) fn cell_name(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// A filled (or partly filled, 0 = empty) NxN grid: the answer's type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    n: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// A grid of side `n` from its cells row by row (0 for empty), or an error if the count is
    /// wrong or a value is above `n`.
    pub fn new(n: usize, cells: Vec<u8>) -> Result<Self, Error> {
        if cells.len() != n * n {
            return Err(Error::Shape(crate::ShapeError::Size {
                width: n,
                height: n,
                expected: n * n,
                found: cells.len(),
            }));
        }
        if let Some(&v) = cells.iter().find(|&&v| usize::from(v) > n) {
            return Err(Error::shape(format!("{v} is above the side {n}")));
        }
        Ok(Grid { n, cells })
    }

    pub(crate) fn from_cells(n: usize, cells: Vec<u8>) -> Self {
        Grid { n, cells }
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cells row by row (0 = empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value at row `row`, column `column` (0-based).
    pub fn get(&self, row: usize, column: usize) -> u8 {
        self.cells[row * self.n + column]
    }
}

/// The janko answer format: `N N`, then the rows of digits separated by spaces.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.n, self.n)?;
        for row in self.cells.chunks(self.n.max(1)) {
            let words: Vec<String> =
                row.iter().map(|v| if *v == 0 { "-".into() } else { v.to_string() }).collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}
