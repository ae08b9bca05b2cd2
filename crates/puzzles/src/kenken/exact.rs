//! KenKen as exact cover, for `tessera-xc`: the independent route that cross-checks the
//! dedicated engine.
//!
//! ```text
//!   primary items   cRC   (each cell filled once)
//!                   rRvV  (value V once in row R)
//!                   kCvV  (value V once in column C)
//!   options         one per consistent tuple of each cage (values meeting the clue, none twice
//!                   in a line of the cage): its cells' cRC, rRvV and kCvV items
//! ```
//!
//! Every cell lies in exactly one cage, so the cell items are covered once by choosing one tuple
//! per cage (a cage item would be redundant with them), and the row and column items make the
//! Latin square. The tuples are enumerated by `Shape::each` with full candidates;
//! their number is at most N^k for a cage of k cells and, for the clues a puzzle has, far fewer
//! (a 2-cell cage has under 2N tuples). [`ExactCover::with_limit`] refuses a problem above
//! [`MAX_OPTIONS`] options before building it, which the `xc` engine of `count` and `solve` uses.

use tessera_xc::{OptionId, Problem, ProblemBuilder};

use crate::kenken::model::{Grid, KenKen};
use crate::kenken::tuples::{Limit, Shape, TooMany};
use crate::Reduction;

/// The most options the `xc` engine builds (about 10^6 options of up to 3k items each).
pub const MAX_OPTIONS: u64 = 2_000_000;

/// The exact-cover problem of a KenKen and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    n: usize,
    problem: Problem,
    /// For each option, its cage and the offset of its values in `values`.
    options: Vec<(usize, usize)>,
    values: Vec<u8>,
    cells: Vec<Vec<usize>>,
}

impl ExactCover {
    /// The reduction of `puzzle`, however many options it has.
    pub fn new(puzzle: &KenKen) -> Self {
        Self::with_limit(puzzle, u64::MAX).expect("no limit")
    }

    /// The reduction of `puzzle`, or `None` when its cages have more than `max_options`
    /// consistent tuples in all (or their enumeration passes 16 nodes an option allowed).
    pub fn with_limit(puzzle: &KenKen, max_options: u64) -> Option<Self> {
        let n = puzzle.size();
        let full = (((1u64 << (n + 1)) - 2) & u64::from(u32::MAX)) as u32;
        let mut options = Vec::new();
        let mut values = Vec::new();
        let mut cells = Vec::new();
        for (k, cage) in puzzle.cages().iter().enumerate() {
            let shape = Shape::new(n, cage);
            let domains = vec![full; shape.cells.len()];
            let mut over = false;
            let result = shape.each(&domains, Limit(max_options.saturating_mul(16)), &mut |tuple| {
                if options.len() as u64 >= max_options {
                    over = true;
                    return false;
                }
                options.push((k, values.len()));
                values.extend_from_slice(tuple);
                true
            });
            if over || result == Err(TooMany) {
                return None;
            }
            cells.push(shape.cells);
        }
        let mut b = ProblemBuilder::new();
        let expect = "distinct item names";
        let cell_items: Vec<_> =
            (0..n * n).map(|c| b.primary(format!("r{}c{}", c / n + 1, c % n + 1)).expect(expect)).collect();
        let mut row_items = Vec::with_capacity(n * n);
        let mut col_items = Vec::with_capacity(n * n);
        for line in 0..n {
            for v in 1..=n {
                row_items.push(b.primary(format!("r{}v{v}", line + 1)).expect(expect));
            }
        }
        for line in 0..n {
            for v in 1..=n {
                col_items.push(b.primary(format!("k{}v{v}", line + 1)).expect(expect));
            }
        }
        let mut items = Vec::new();
        for &(k, at) in &options {
            items.clear();
            for (i, &cell) in cells[k].iter().enumerate() {
                let v = usize::from(values[at + i]) - 1;
                items.push(cell_items[cell]);
                items.push(row_items[cell / n * n + v]);
                items.push(col_items[cell % n * n + v]);
            }
            b.option(&items).expect("a tuple never repeats a value in a line");
        }
        Some(ExactCover { n, problem: b.build(), options, values, cells })
    }
}

impl Reduction for ExactCover {
    type Solution = Grid;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, chosen: &[OptionId]) -> Grid {
        let grid = crate::common::grid_digits(self.n, chosen, |o| {
            let (k, at) = self.options[o];
            self.cells[k].iter().copied().zip(self.values[at..].iter().copied())
        });
        Grid::from_cells(self.n, grid)
    }
}
