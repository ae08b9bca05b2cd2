//! Killer Sudoku as exact cover, for `tessera-xc`: the independent route that cross-checks the
//! propagating search.
//!
//! ```text
//!   primary items   rRdD, cCdD, bBdD   digit D once in row R, column C, box B (3 N^2)
//!                   kK                 cage K filled once
//!   options         one per way to fill a cage: its digits, different, making its sum (and
//!                   agreeing with the givens): "kK" plus rRdD cCdD bBdD of each of its cells
//! ```
//!
//! Why one option per filling rather than per digit set (with cell-digit items secondary): the
//! fillings are what a cover picks, so no second layer of items is needed and the decoding is
//! direct; a 9x9 cage of 5 cells has at most 1,440 fillings (12 sets of 5 digits, 120 orders
//! each), a 9x9 puzzle tens of thousands of options. Cells need no items of their own: every cell
//! is in exactly one cage, so covering the cage covers the cell. Large cages of large grids have
//! too many fillings (a 25x25 cage of 8 cells can have billions): the build counts as it goes and
//! stops past [`MAX_OPTIONS`] with [`NotBuilt::TooLarge`], which the `xc` engine reports as a
//! node-limit give-up.

use tessera_xc::{Budget, OptionId, Problem, ProblemBuilder};

use crate::killer::model::{Grid, Killer};
use crate::Reduction;

pub use crate::common::{NotBuilt, MAX_OPTIONS};

/// The exact-cover problem of a Killer Sudoku and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    n: usize,
    problem: Problem,
    /// Per option: its cage.
    cage: Vec<u32>,
    /// Per option: the digits of its cage's cells, in the cage's order, from `start[o]`.
    start: Vec<usize>,
    digits: Vec<u8>,
    cells: Vec<Vec<usize>>,
}

impl ExactCover {
    /// The reduction of `puzzle`. Above [`MAX_OPTIONS`] options it is built empty of options (no
    /// solution): use [`ExactCover::with_budget`] to be told.
    pub fn new(puzzle: &Killer) -> Self {
        Self::with_budget(puzzle, &Budget::unlimited()).unwrap_or_else(|_| Self::empty(puzzle))
    }

    fn empty(puzzle: &Killer) -> Self {
        let mut b = ProblemBuilder::new();
        let _ = b.primary("k0");
        ExactCover {
            n: puzzle.size(),
            problem: b.build(),
            cage: vec![],
            start: vec![],
            digits: vec![],
            cells: vec![],
        }
    }

    /// The reduction, built under the budget's clock and cancel flag, or why not.
    pub fn with_budget(puzzle: &Killer, budget: &Budget) -> Result<Self, NotBuilt> {
        let n = puzzle.size();
        let expect = "distinct item names";
        let mut b = ProblemBuilder::new();
        let mut units = Vec::with_capacity(3 * n * n);
        for kind in ["r", "c", "b"] {
            for unit in 0..n {
                for d in 1..=n {
                    units.push(b.primary(format!("{kind}{}d{d}", unit + 1)).expect(expect));
                }
            }
        }
        let cage_items: Vec<_> =
            (0..puzzle.cages().len()).map(|k| b.primary(format!("k{}", k + 1)).expect(expect)).collect();
        let mut fillings =
            Fillings { n, givens: puzzle.givens(), digits: Vec::new(), path: Vec::new(), count: 0, steps: 0 };
        let mut cover = ExactCover {
            n,
            problem: ProblemBuilder::new().build(),
            cage: vec![],
            start: vec![],
            digits: vec![],
            cells: vec![],
        };
        for (k, cage) in puzzle.cages().iter().enumerate() {
            let from = cover.digits.len();
            fillings.digits.clear();
            fillings.walk(cage.cells(), 0, cage.sum(), 0, budget)?;
            let len = cage.cells().len();
            cover.digits.extend_from_slice(&fillings.digits);
            for (i, filling) in fillings.digits.chunks(len).enumerate() {
                let mut items = Vec::with_capacity(1 + 3 * len);
                items.push(cage_items[k]);
                for (&cell, &d) in cage.cells().iter().zip(filling) {
                    let (r, c, bx, d) = (cell / n, cell % n, puzzle.box_of(cell), usize::from(d) - 1);
                    items.extend([units[r * n + d], units[n * n + c * n + d], units[2 * n * n + bx * n + d]]);
                }
                b.option(&items).expect("items of distinct cells and digits");
                cover.cage.push(k as u32);
                cover.start.push(from + i * len);
            }
            cover.cells.push(cage.cells().to_vec());
        }
        cover.problem = b.build();
        Ok(cover)
    }
}

/// The fillings of one cage, found depth first.
struct Fillings<'a> {
    n: usize,
    givens: &'a [u8],
    digits: Vec<u8>,
    path: Vec<u8>,
    count: usize,
    steps: u64,
}

impl Fillings<'_> {
    fn walk(
        &mut self,
        cells: &[usize],
        used: u32,
        rest: u32,
        depth: usize,
        budget: &Budget,
    ) -> Result<(), NotBuilt> {
        self.steps += 1;
        if self.steps % 4096 == 0 {
            if let Some(reason) = budget.check_clock() {
                return Err(NotBuilt::GaveUp(reason));
            }
        }
        if depth == cells.len() {
            if rest == 0 {
                self.count += 1;
                if self.count > MAX_OPTIONS {
                    return Err(NotBuilt::TooLarge { options: self.count });
                }
                self.digits.extend_from_slice(&self.path);
            }
            return Ok(());
        }
        let left = (cells.len() - depth - 1) as u32;
        let given = self.givens[cells[depth]];
        for d in 1..=self.n as u32 {
            if used & 1 << d != 0 || (given != 0 && u32::from(given) != d) || d > rest {
                continue;
            }
            // The other cells need at least 1 + 2 + ... and at most n + (n - 1) + ...
            let low = left * (left + 1) / 2;
            let high = left * (2 * self.n as u32 + 1 - left) / 2;
            if rest - d < low || rest - d > high {
                continue;
            }
            self.path.push(d as u8);
            self.walk(cells, used | 1 << d, rest - d, depth + 1, budget)?;
            self.path.pop();
        }
        Ok(())
    }
}

impl Reduction for ExactCover {
    type Solution = Grid;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Grid {
        let digits = crate::common::grid_digits(self.n, options, |o| {
            let cells = &self.cells[self.cage[o] as usize];
            cells.iter().copied().zip(self.digits[self.start[o]..self.start[o] + cells.len()].iter().copied())
        });
        Grid::new(self.n, digits).expect("digits from 1 to n")
    }
}
