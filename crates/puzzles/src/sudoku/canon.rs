//! A canonical form of Sudoku puzzles under the symmetries of the grid: [`canonical`].
//!
//! Two puzzles are *equivalent* when one becomes the other by the moves that keep every Sudoku a
//! Sudoku: permuting the bands (groups of box rows), the rows inside a band, the stacks (groups
//! of box columns), the columns inside a stack, transposing (only when the boxes are square:
//! otherwise it changes the box shape), and relabelling the digits. [`canonical`] maps a puzzle
//! to one representative of its class, the same for every member: two puzzles have the same
//! canonical form exactly when they are equivalent.
//!
//! # Why through the solution
//!
//! The usual key is the *minlex* form of the puzzle itself: the least grid, read row by row with
//! empty cells as 0, over the whole group. Searching it directly is hard to prune on a sparse
//! puzzle (an empty row is equal under every column permutation, so nothing is decided early).
//! A puzzle with one solution is found through its solution instead:
//!
//! 1. The solution's minlex form `C` (least over the group, digits relabelled in order of first
//!    appearance). A full grid prunes well: its first row always relabels to `1 2 … n`, so the
//!    row chosen first and the column permutation fix the labels, and the second row (a row of
//!    the same band) decides most branches after two stacks are placed.
//! 2. Among the transforms that take the solution to `C` (its automorphisms times one of them:
//!    usually one, a few for symmetric grids), the least image of the puzzle.
//!
//! If `P` becomes `Q` under `T`, the transforms taking `Q`'s solution to `C` are those taking
//! `P`'s, composed with `T⁻¹`: the two sets of images are the same set, so the least is the same.
//! Conversely, equal images mean equivalent puzzles. The key is exact, and it is a puzzle of the
//! class (the answer is a [`Sudoku`]).
//!
//! # The search
//!
//! For each transposition (square boxes only), each row `r0` sent to the top and each row `s` of
//! its band sent second, the columns are placed one output position at a time (a whole stack
//! before the next, as the group requires). The labels are fixed by `r0`: the digit in column
//! `j` of row `r0` is called after the output position of column `j`. A branch is cut as soon as
//! its second row is certainly greater than the best so far: a value whose column is not yet
//! placed will be at least the number placed. At a leaf the rows left are put in their least
//! order (the rest of the first band sorted, each other band sorted, then the bands sorted:
//! with the labels and columns fixed, that order is least, since full-grid rows are distinct).
//!
//! Jigsaw and Sudoku X have other groups (a jigsaw's regions are kept only by the moves that map
//! its regions onto themselves; X's diagonals only by a subgroup), and boxes one cell thick
//! (`1xN`, a Latin square's group is larger) are refused with an error rather than answered
//! with a key that is not exact. Timings are in docs/performance.md.

use std::cmp::Ordering;

use crate::sudoku::{Layout, Regions, Sudoku};
use crate::Error;

/// The canonical form of `puzzle`, whose solution is `solution`: the same puzzle for every
/// member of its class under band, stack, row, column and digit permutations and (square boxes)
/// transposition, and different for puzzles that are not equivalent.
///
/// Exact when `solution` is the puzzle's only solution. A full grid is its own puzzle and
/// solution: `canonical(&grid, &grid)` is its minlex form.
///
/// Errors: a jigsaw or Sudoku X layout, boxes one cell thick, a `solution` that is not a full
/// valid grid of the same layout, or a puzzle it does not complete.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{canonical, Generator, Layout, Sudoku};
/// let layout = Arc::new(Layout::classic(9).unwrap());
/// let made = Generator::new(layout.clone()).generate(3).unwrap();
/// // Relabel the digits (d -> 10 - d) and swap the first two rows: the same class.
/// let mut other = made.puzzle.cells().iter().map(|&d| if d == 0 { 0 } else { 10 - d }).collect::<Vec<_>>();
/// let mut other_solution = made.solution.cells().iter().map(|&d| 10 - d).collect::<Vec<_>>();
/// for grid in [&mut other, &mut other_solution] {
///     for col in 0..9 {
///         grid.swap(col, 9 + col);
///     }
/// }
/// let other = Sudoku::from_digits(layout.clone(), other).unwrap();
/// let other_solution = Sudoku::from_digits(layout, other_solution).unwrap();
/// assert_eq!(
///     canonical(&made.puzzle, &made.solution).unwrap(),
///     canonical(&other, &other_solution).unwrap()
/// );
/// ```
pub fn canonical(puzzle: &Sudoku, solution: &Sudoku) -> Result<Sudoku, Error> {
    let layout = puzzle.layout();
    let (rows, cols) = box_shape(layout)?;
    if solution.layout() != layout {
        return Err(Error::shape(format!(
            "the solution is a {} grid, the puzzle a {} one",
            solution.layout().name(),
            layout.name()
        )));
    }
    if !solution.is_solved() {
        return Err(Error::shape("the solution is not a full valid grid"));
    }
    if !puzzle.is_completed_by(solution) {
        return Err(Error::shape("the solution does not complete the puzzle"));
    }
    let n = layout.size();
    let mut search = Search::new(n, rows, cols);
    let transposes: &[bool] = if rows == cols { &[false, true] } else { &[false] };
    for &transpose in transposes {
        let grid = oriented(solution.cells(), n, transpose);
        let clues = oriented(puzzle.cells(), n, transpose);
        search.run(&grid, &clues);
    }
    let cells = search.best_puzzle.into_iter().map(|v| if v == EMPTY { 0 } else { v + 1 }).collect();
    Sudoku::from_digits(puzzle.layout_arc().clone(), cells)
}

/// Whether [`canonical`] answers for puzzles of `layout`: boxes at least two cells each way,
/// neither jigsaw nor Sudoku X; the error says why not.
pub fn check_canonical(layout: &Layout) -> Result<(), Error> {
    box_shape(layout).map(|_| ())
}

/// The box shape (rows, columns) of a layout the canonical form supports.
fn box_shape(layout: &Layout) -> Result<(usize, usize), Error> {
    match layout.regions() {
        Regions::Jigsaw(_) => Err(Error::shape(
            "no canonical form for jigsaw puzzles: their symmetries are those of their regions, not the box moves",
        )),
        _ if layout.has_diagonals() => Err(Error::shape(
            "no canonical form for Sudoku X: only some of the box moves keep the diagonals",
        )),
        &Regions::Boxes { rows, cols } if rows < 2 || cols < 2 => Err(Error::shape(format!(
            "no canonical form for boxes of {rows}x{cols}: boxes one cell thick make a Latin square, whose group is larger"
        ))),
        &Regions::Boxes { rows, cols } => Ok((rows, cols)),
    }
}

/// The cells of a grid, transposed or not, as 0-based digits (`EMPTY` for an empty cell).
fn oriented(cells: &[u8], n: usize, transpose: bool) -> Vec<u8> {
    (0..n * n)
        .map(|cell| {
            let (row, col) = (cell / n, cell % n);
            let digit = if transpose { cells[col * n + row] } else { cells[cell] };
            if digit == 0 {
                EMPTY
            } else {
                digit - 1
            }
        })
        .collect()
}

/// An empty cell, after the digits 0..n-1 (so an empty cell sorts last; the canonical puzzle is
/// compared in this order, which is as good a total order as any for a key).
const EMPTY: u8 = u8::MAX;
/// A column not yet placed.
const UNPLACED: u8 = u8::MAX;

/// The search's state: the shape, and the best solution image and puzzle image so far.
struct Search {
    n: usize,
    /// Rows per box (rows per band).
    rows: usize,
    /// Columns per box (columns per stack).
    cols: usize,
    best_grid: Vec<u8>,
    best_puzzle: Vec<u8>,
    /// Scratch: the column at each output position, and each column's output position.
    sigma: Vec<u8>,
    inv: Vec<u8>,
    stack_used: Vec<bool>,
}

/// One choice of first and second rows: the solution with each digit renamed after the column
/// it takes in row `r0`, and the puzzle's clues in the same names.
struct Root<'a> {
    /// `named[i * n + j]`: the column of row `r0` holding the digit of cell (i, j).
    named: Vec<u8>,
    clues: &'a [u8],
    grid: &'a [u8],
    r0: usize,
    s: usize,
}

impl Search {
    fn new(n: usize, rows: usize, cols: usize) -> Self {
        Search {
            n,
            rows,
            cols,
            best_grid: Vec::new(),
            best_puzzle: Vec::new(),
            sigma: vec![0; n],
            inv: vec![UNPLACED; n],
            stack_used: vec![false; n / cols],
        }
    }

    /// Every first row `r0` and second row `s` (of `r0`'s band) of one orientation.
    fn run(&mut self, grid: &[u8], clues: &[u8]) {
        let n = self.n;
        for r0 in 0..n {
            let mut column_of = vec![0u8; n];
            for j in 0..n {
                column_of[grid[r0 * n + j] as usize] = j as u8;
            }
            let named: Vec<u8> = grid.iter().map(|&d| column_of[d as usize]).collect();
            let band = r0 / self.rows;
            for s in band * self.rows..(band + 1) * self.rows {
                if s == r0 {
                    continue;
                }
                let root = Root { named: named.clone(), clues, grid, r0, s };
                self.place(&root, 0);
            }
        }
    }

    /// Places a column at output position `k`, and on to the leaves.
    fn place(&mut self, root: &Root, k: usize) {
        if k == self.n {
            self.leaf(root);
            return;
        }
        let c = self.cols;
        let candidates: Vec<u8> = if k % c == 0 {
            (0..self.n / c)
                .filter(|&stack| !self.stack_used[stack])
                .flat_map(|stack| (stack * c..(stack + 1) * c).map(|j| j as u8))
                .collect()
        } else {
            let stack = self.sigma[k - k % c] as usize / c;
            (stack * c..(stack + 1) * c).filter(|&j| self.inv[j] == UNPLACED).map(|j| j as u8).collect()
        };
        for j in candidates {
            let stack = j as usize / c;
            let opens = k % c == 0;
            if opens {
                self.stack_used[stack] = true;
            }
            self.sigma[k] = j;
            self.inv[j as usize] = k as u8;
            if !self.second_row_worse(root, k + 1) {
                self.place(root, k + 1);
            }
            self.inv[j as usize] = UNPLACED;
            if opens {
                self.stack_used[stack] = false;
            }
        }
    }

    /// Whether the second row, with `placed` positions placed, is certainly greater than the
    /// best grid's.
    fn second_row_worse(&self, root: &Root, placed: usize) -> bool {
        if self.best_grid.is_empty() {
            return false;
        }
        let n = self.n;
        let best = &self.best_grid[n..2 * n];
        for (p, &target) in best.iter().enumerate().take(placed) {
            let value = self.inv[root.named[root.s * n + self.sigma[p] as usize] as usize];
            if value == UNPLACED {
                // It will be placed later, at `placed` or after.
                return (target as usize) < placed;
            }
            match value.cmp(&target) {
                Ordering::Less => return false,
                Ordering::Greater => return true,
                Ordering::Equal => {}
            }
        }
        false
    }

    /// A full column order: the rows in their least order, compared with the best.
    fn leaf(&mut self, root: &Root) {
        let n = self.n;
        let row_of = |i: usize| -> Vec<u8> {
            (0..n).map(|k| self.inv[root.named[i * n + self.sigma[k] as usize] as usize]).collect()
        };
        let band_rows = |band: usize| band * self.rows..(band + 1) * self.rows;
        let first_band = root.r0 / self.rows;
        // Rows of the output, as (source row, its image).
        let mut order: Vec<(usize, Vec<u8>)> = vec![(root.r0, row_of(root.r0)), (root.s, row_of(root.s))];
        // Cheap cut: the second row alone against the best's.
        if !self.best_grid.is_empty() && order[1].1[..] > self.best_grid[n..2 * n] {
            return;
        }
        let mut rest: Vec<(usize, Vec<u8>)> =
            band_rows(first_band).filter(|&i| i != root.r0 && i != root.s).map(|i| (i, row_of(i))).collect();
        rest.sort_by(|a, b| a.1.cmp(&b.1));
        order.extend(rest);
        let mut bands: Vec<Vec<(usize, Vec<u8>)>> = (0..n / self.rows)
            .filter(|&band| band != first_band)
            .map(|band| {
                let mut rows: Vec<(usize, Vec<u8>)> = band_rows(band).map(|i| (i, row_of(i))).collect();
                rows.sort_by(|a, b| a.1.cmp(&b.1));
                rows
            })
            .collect();
        bands.sort_by(|a, b| a.iter().map(|r| &r.1).cmp(b.iter().map(|r| &r.1)));
        order.extend(bands.into_iter().flatten());
        let grid: Vec<u8> = order.iter().flat_map(|(_, row)| row.iter().copied()).collect();
        let ordering = if self.best_grid.is_empty() { Ordering::Less } else { grid.cmp(&self.best_grid) };
        if ordering == Ordering::Greater {
            return;
        }
        // The puzzle's image under the same transform: clue d, which the solution also holds
        // there, takes the solution's new name.
        let sigma = &self.sigma;
        let mut puzzle = Vec::with_capacity(n * n);
        for (i, row) in &order {
            for (k, &name) in row.iter().enumerate() {
                let cell = i * n + sigma[k] as usize;
                if root.clues[cell] == EMPTY {
                    puzzle.push(EMPTY);
                } else {
                    debug_assert_eq!(root.clues[cell], root.grid[cell]);
                    puzzle.push(name);
                }
            }
        }
        if ordering == Ordering::Less || puzzle < self.best_puzzle {
            self.best_puzzle = puzzle;
        }
        if ordering == Ordering::Less {
            self.best_grid = grid;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn refuses_layouts_whose_group_differs() {
        let x = Arc::new(Layout::classic(9).unwrap().with_diagonals());
        let grid = Sudoku::empty(x);
        assert!(canonical(&grid, &grid).unwrap_err().to_string().contains("Sudoku X"));
        let thin = Arc::new(Layout::boxes(1, 4).unwrap());
        let grid = Sudoku::empty(thin);
        assert!(canonical(&grid, &grid).unwrap_err().to_string().contains("one cell thick"));
    }

    #[test]
    fn refuses_a_solution_that_does_not_fit() {
        let layout = Arc::new(Layout::classic(4).unwrap());
        let solution =
            Sudoku::from_digits(layout.clone(), vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
                .unwrap();
        let wrong = Sudoku::from_digits(layout.clone(), vec![2; 16]).unwrap();
        assert!(canonical(&solution, &wrong).is_err());
        let mut other = solution.clone();
        other.set(0, 0);
        other.set(1, 0);
        let clash =
            Sudoku::from_digits(layout, vec![2, 1, 3, 4, 3, 4, 1, 2, 1, 2, 4, 3, 4, 3, 2, 1]).unwrap();
        assert!(canonical(&other, &clash).is_err());
        assert!(canonical(&other, &solution).is_ok());
    }
}
