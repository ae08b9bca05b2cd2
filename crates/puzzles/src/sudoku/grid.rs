//! [`Sudoku`]: a grid of digits over a [`Layout`], the value type every solver, generator, rater
//! and printer works on.

use std::fmt;
use std::sync::Arc;

use crate::sudoku::Layout;
use crate::Error;

/// A Sudoku grid: its layout (shared) and one digit per cell, `0` for an empty cell.
///
/// ```
/// use tessera::sudoku::{Layout, Sudoku};
/// let layout = std::sync::Arc::new(Layout::classic(4).unwrap());
/// let grid = Sudoku::from_digits(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
/// assert_eq!(grid.clues(), 4);
/// assert!(grid.is_consistent());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    layout: Arc<Layout>,
    cells: Vec<u8>,
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sudoku({}: ", self.layout.name())?;
        for &digit in &self.cells {
            write!(f, "{}", self.layout.symbol(digit))?;
        }
        write!(f, ")")
    }
}

impl Sudoku {
    /// An empty grid of this layout.
    pub fn empty(layout: Arc<Layout>) -> Self {
        let cells = vec![0; layout.cells()];
        Sudoku { layout, cells }
    }

    /// A grid from its digits, row by row (`0` empty). Fails if the count is wrong or a digit is
    /// out of range; clashes between givens are allowed here (see [`is_consistent`](Self::is_consistent)).
    pub fn from_digits(layout: Arc<Layout>, cells: Vec<u8>) -> Result<Self, Error> {
        if cells.len() != layout.cells() {
            return Err(Error::shape(format!(
                "a {} grid has {} cells, not {}",
                layout.name(),
                layout.cells(),
                cells.len()
            )));
        }
        if let Some(cell) = cells.iter().position(|&d| d as usize > layout.size()) {
            return Err(Error::shape(format!(
                "{} holds {}, but a {} grid has digits 1 to {}",
                layout.cell_name(cell),
                cells[cell],
                layout.name(),
                layout.size()
            )));
        }
        Ok(Sudoku { layout, cells })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The shared layout, for building more grids of the same shape.
    pub fn layout_arc(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The digits, row by row, `0` for empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in a cell (`0`: empty).
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (`0` clears it). Panics if the digit is larger than the size.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit as usize <= self.layout.size(), "digit {digit} out of range");
        self.cells[cell] = digit;
    }

    /// Number of filled cells.
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Whether no house holds a digit twice (empty cells allowed).
    pub fn is_consistent(&self) -> bool {
        self.first_clash().is_none()
    }

    /// A full, consistent grid: a solution of any puzzle it contains.
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.is_consistent()
    }

    /// The first house that holds a digit twice: (house, first cell, second cell).
    pub fn first_clash(&self) -> Option<(usize, usize, usize)> {
        let mut seen = vec![usize::MAX; self.layout.size() + 1];
        for (h, house) in self.layout.houses().iter().enumerate() {
            seen.iter_mut().for_each(|s| *s = usize::MAX);
            for &cell in house {
                let digit = self.cells[cell as usize] as usize;
                if digit == 0 {
                    continue;
                }
                if seen[digit] != usize::MAX {
                    return Some((h, seen[digit], cell as usize));
                }
                seen[digit] = cell as usize;
            }
        }
        None
    }

    /// Whether `other` keeps every filled cell of `self` (same layout, same givens).
    pub fn is_completed_by(&self, other: &Sudoku) -> bool {
        self.layout == other.layout
            && self.cells.iter().zip(&other.cells).all(|(&given, &digit)| given == 0 || given == digit)
    }
}
