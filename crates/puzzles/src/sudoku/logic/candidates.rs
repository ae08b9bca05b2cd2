//! The pencil-mark grid every technique reads.
//!
//! Each empty cell keeps its candidates as a bitmask (`bit d - 1` for digit `d`, so a `u32`
//! covers sizes up to 25), and every house keeps, for each digit, the mask of its cells that
//! can still take it (`bit i` for the house's `i`-th cell, in [`Layout::houses`] order), and
//! its count of empty cells. Both are kept up to date as candidates go: each cell knows its
//! houses and its index in each (`slots`), so removing a candidate touches 3 to 5 words.
//!
//! ```text
//!   marks[cell]          positions[house * n + d - 1]
//!   r1c1: 0b1_0010_0100  row 1, digit 3: 0b0_1000_0101 -> r1c1, r1c3, r1c8
//! ```

use crate::common::bits::digits_of;
use std::fmt;
use std::sync::Arc;

use crate::sudoku::{Layout, Sudoku};
use crate::Error;

use super::Step;

/// The bit of digit `d` (1-based) in a candidate mask.
#[inline]
pub(crate) fn bit(d: u8) -> u32 {
    1 << (d - 1)
}

/// A grid's placed digits and the candidates (pencil marks) of its empty cells.
///
/// ```
/// use tessera::sudoku::{logic::Candidates, Layout, Sudoku};
/// let layout = std::sync::Arc::new(Layout::classic(4).unwrap());
/// let grid = Sudoku::from_digits(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
/// let marks = Candidates::new(&grid);
/// assert_eq!(marks.candidates(1), 0b0110); // r1c2 can be 2 or 3 (its column has the 4)
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    layout: Arc<Layout>,
    digits: Vec<u8>,
    marks: Vec<u32>,
    positions: Vec<u32>,
    /// Empty cells per house.
    empty: Vec<u8>,
    /// Each cell's houses and its index in each: `(house, index)`, as many as
    /// `layout.cell_houses(cell)`.
    slots: Vec<[(u16, u8); MAX_HOUSES]>,
    /// Each cell's row, column, region and diagonals (bit 0 main, bit 1 anti), for [`Self::sees`].
    coords: Vec<[u8; 4]>,
    /// Whether steps found on this grid skip their explanations (for rating).
    quiet: bool,
    /// Whether the placed digits are known to have exactly one completion, which the
    /// uniqueness techniques need (see [`Self::check_unique`]).
    unique: bool,
}

/// The node budget of [`Candidates::check_unique`]: far above what any 9x9 puzzle needs; a
/// grid that needs more is treated as not known to be unique.
const UNIQUE_NODES: u64 = 1_000_000;

/// A cell is in a row, a column, a region and at most both diagonals.
const MAX_HOUSES: usize = 5;

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({}: ", self.layout.name())?;
        for cell in 0..self.digits.len() {
            if self.digits[cell] != 0 {
                write!(f, "{}", self.layout.symbol(self.digits[cell]))?;
            } else {
                write!(f, "{{")?;
                for d in digits_of(self.marks[cell]) {
                    write!(f, "{}", self.layout.symbol(d))?;
                }
                write!(f, "}}")?;
            }
            if cell + 1 < self.digits.len() {
                write!(f, " ")?;
            }
        }
        write!(f, ")")
    }
}

impl Candidates {
    /// The candidates implied by the placed digits: every digit not yet in a cell's houses.
    pub fn new(puzzle: &Sudoku) -> Self {
        let layout = Arc::clone(puzzle.layout_arc());
        let n = layout.size();
        let all = (1u32 << n) - 1;
        let mut slots = vec![[(0u16, 0u8); MAX_HOUSES]; layout.cells()];
        let mut filled = vec![0usize; layout.cells()];
        let mut empty = vec![0u8; layout.houses().len()];
        for (h, house) in layout.houses().iter().enumerate() {
            for (i, &cell) in house.iter().enumerate() {
                let cell = cell as usize;
                slots[cell][filled[cell]] = (h as u16, i as u8);
                filled[cell] += 1;
                empty[h] += u8::from(puzzle.get(cell) == 0);
            }
        }
        let coords = (0..layout.cells())
            .map(|cell| {
                let diagonals =
                    layout.cell_houses(cell)[3..].iter().fold(0, |acc, &h| acc | 1 << (h as usize - 3 * n));
                [(cell / n) as u8, (cell % n) as u8, layout.region_of(cell) as u8, diagonals]
            })
            .collect();
        let mut grid = Candidates {
            digits: puzzle.cells().to_vec(),
            marks: vec![all; layout.cells()],
            positions: vec![0; layout.houses().len() * n],
            empty,
            slots,
            coords,
            layout,
            quiet: false,
            unique: false,
        };
        for cell in 0..grid.digits.len() {
            let d = grid.digits[cell];
            if d != 0 {
                grid.marks[cell] = 0;
                for &peer in grid.layout.peers(cell) {
                    grid.marks[peer as usize] &= !bit(d);
                }
            }
        }
        grid.refresh();
        grid
    }

    /// A player's pencil marks (`marks[cell]`, bit `d - 1` for digit `d`) on the grid's empty
    /// cells. They are trusted as given, except that a mark clashing with a placed digit in the
    /// same house is dropped, and marks on filled cells are ignored.
    pub fn with_marks(puzzle: &Sudoku, marks: &[u32]) -> Result<Self, Error> {
        let mut grid = Self::new(puzzle);
        if marks.len() != grid.marks.len() {
            return Err(Error::shape(format!(
                "a {} grid has {} cells, but {} pencil-mark masks were given",
                grid.layout.name(),
                grid.marks.len(),
                marks.len()
            )));
        }
        for (mine, &theirs) in grid.marks.iter_mut().zip(marks) {
            *mine &= theirs;
        }
        grid.refresh();
        Ok(grid)
    }

    /// A player's notes as a web page keeps them: like [`Self::with_marks`], but a cell with no
    /// notes (mask `0`) is one the player has not pencilled yet, so it takes the candidates its
    /// placed peers allow (as [`Self::new`] gives), where `with_marks` would leave it none.
    ///
    /// ```
    /// use tessera::sudoku::{logic::Candidates, Layout, Sudoku};
    /// let layout = std::sync::Arc::new(Layout::classic(4).unwrap());
    /// let grid = Sudoku::from_digits(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
    /// let mut notes = vec![0; 16];
    /// notes[1] = 0b0100; // r1c2 pencilled with 3 alone
    /// let marks = Candidates::with_notes(&grid, &notes).unwrap();
    /// assert_eq!(marks.candidates(1), 0b0100);
    /// assert_eq!(marks.candidates(2), Candidates::new(&grid).candidates(2)); // no notes: as the digits allow
    /// ```
    pub fn with_notes(puzzle: &Sudoku, notes: &[u32]) -> Result<Self, Error> {
        let all = (1u32 << puzzle.layout().size()) - 1;
        let marks: Vec<u32> = notes.iter().map(|&mask| if mask & all == 0 { all } else { mask }).collect();
        Self::with_marks(puzzle, &marks)
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The digit placed in a cell, `0` when empty.
    pub fn digit(&self, cell: usize) -> u8 {
        self.digits[cell]
    }

    /// The candidates of an empty cell (bit `d - 1` for digit `d`); `0` for a filled cell.
    pub fn candidates(&self, cell: usize) -> u32 {
        self.marks[cell]
    }

    /// Whether `d` is a candidate of `cell`.
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.marks[cell] & bit(d) != 0
    }

    /// The placed digits as a grid.
    pub fn grid(&self) -> Sudoku {
        Sudoku::from_digits(Arc::clone(&self.layout), self.digits.clone())
            .expect("the digits came from a grid of this layout")
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.digits.iter().all(|&d| d != 0)
    }

    /// Whether the marks show a contradiction: an empty cell without candidates, or a digit
    /// missing from a house with nowhere left to go in it.
    pub fn is_broken(&self) -> bool {
        let n = self.layout.size();
        if (0..self.digits.len()).any(|cell| self.digits[cell] == 0 && self.marks[cell] == 0) {
            return true;
        }
        for (h, house) in self.layout.houses().iter().enumerate() {
            let placed = house.iter().fold(0, |acc, &cell| match self.digits[cell as usize] {
                0 => acc,
                d => acc | bit(d),
            });
            for d in 1..=n as u8 {
                if placed & bit(d) == 0 && self.positions[h * n + d as usize - 1] == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Applies a step: its eliminations, then its placements (each placement clears the digit
    /// from the cell's peers).
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.eliminations {
            self.eliminate(cell, d);
        }
        for &(cell, d) in &step.placements {
            self.place(cell, d);
        }
    }

    /// Places `d` in an empty `cell` and clears it from the peers' candidates.
    pub fn place(&mut self, cell: usize, d: u8) {
        if self.digits[cell] != 0 {
            return;
        }
        for e in digits_of(self.marks[cell]) {
            self.eliminate(cell, e);
        }
        self.digits[cell] = d;
        for k in 0..self.layout.cell_houses(cell).len() {
            self.empty[self.slots[cell][k].0 as usize] -= 1;
        }
        for i in 0..self.layout.peers(cell).len() {
            let peer = self.layout.peers(cell)[i] as usize;
            self.eliminate(peer, d);
        }
    }

    /// Removes candidate `d` from `cell` (nothing happens if it is not there).
    #[inline]
    pub fn eliminate(&mut self, cell: usize, d: u8) {
        if self.marks[cell] & bit(d) == 0 {
            return;
        }
        self.marks[cell] &= !bit(d);
        let n = self.layout.size();
        for k in 0..self.layout.cell_houses(cell).len() {
            let (h, i) = self.slots[cell][k];
            self.positions[h as usize * n + d as usize - 1] &= !(1 << i);
        }
    }

    fn refresh(&mut self) {
        let n = self.layout.size();
        self.positions.iter_mut().for_each(|p| *p = 0);
        for (h, house) in self.layout.houses().iter().enumerate() {
            let row = &mut self.positions[h * n..(h + 1) * n];
            for (i, &cell) in house.iter().enumerate() {
                for d in digits_of(self.marks[cell as usize]) {
                    row[d as usize - 1] |= 1 << i;
                }
            }
        }
    }

    /// Whether steps found on this grid leave their explanations empty.
    #[inline]
    pub(crate) fn quiet(&self) -> bool {
        self.quiet
    }

    /// Makes steps found on this grid leave their explanations empty.
    pub(crate) fn set_quiet(&mut self) {
        self.quiet = true;
    }

    /// Counts the completions of the placed digits (up to two, within a node budget) and
    /// returns whether there is exactly one; if so, the uniqueness techniques (unique
    /// rectangles, BUG+1) may be used on this grid from then on, else they stay off. The marks
    /// do not enter the count: the techniques reason about the puzzle's solutions, and the
    /// marks only narrow down which one.
    ///
    /// Only grids of at most 81 cells (9x9 and smaller) are counted: on larger ones a count to
    /// two can cost more than the whole logical solve, and the rectangle scans grow with the
    /// fourth power of the size, so the uniqueness techniques stay off there.
    pub fn check_unique(&mut self) -> bool {
        self.check_unique_within(&tessera_xc::Budget::unlimited())
    }

    /// [`Self::check_unique`] within `budget`'s deadline and cancel flag (a count cut short
    /// leaves the techniques off).
    pub(crate) fn check_unique_within(&mut self, budget: &tessera_xc::Budget) -> bool {
        use crate::sudoku::{count, Query};
        if self.digits.len() > 81 {
            self.unique = false;
            return false;
        }
        let query =
            Query::default().with_limit(2).with_budget(budget.without_nodes().with_nodes(UNIQUE_NODES));
        let counted = count(&self.grid(), &query);
        self.unique = counted.solutions == 1 && counted.outcome == tessera_xc::Outcome::Exhausted;
        self.unique
    }

    /// Whether the uniqueness techniques may be used (see [`Self::check_unique`]).
    #[inline]
    pub(crate) fn unique(&self) -> bool {
        self.unique
    }

    /// Empty cells of house `h`.
    #[inline]
    pub(crate) fn empty_in(&self, h: usize) -> usize {
        self.empty[h] as usize
    }

    /// Size of the grid (digits per house).
    #[inline]
    pub(crate) fn n(&self) -> usize {
        self.layout.size()
    }

    /// The cells of house `h` that can take `d`, as a mask over the house's cell list.
    #[inline]
    pub(crate) fn positions(&self, h: usize, d: u8) -> u32 {
        self.positions[h * self.layout.size() + d as usize - 1]
    }

    /// The `i`-th cell of house `h`.
    #[inline]
    pub(crate) fn house_cell(&self, h: usize, i: usize) -> usize {
        self.layout.houses()[h][i] as usize
    }

    /// Whether two different cells share a house.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.coords[a], self.coords[b]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2] || x[3] & y[3] != 0)
    }

    /// The houses, in the order the searches visit them: regions first (players look at boxes
    /// first), then rows, columns and diagonals.
    pub(crate) fn house_order(&self) -> impl Iterator<Item = usize> {
        let n = self.layout.size();
        let total = self.layout.houses().len();
        (2 * n..3 * n).chain(0..2 * n).chain(3 * n..total)
    }
}
