//! The Hidato board: a grid of cells with holes, givens and empty cells, and its adjacency.

use std::fmt;

use crate::{Error, ShapeError};

/// Which cells touch: consecutive numbers must sit on touching cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Adjacency {
    /// Hidato: the eight neighbours, diagonals included.
    #[default]
    King,
    /// Numbrix: the four orthogonal neighbours.
    Orthogonal,
}

impl Adjacency {
    /// The (column, row) steps to the neighbours.
    pub fn steps(self) -> &'static [(i32, i32)] {
        match self {
            Adjacency::King => &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)],
            Adjacency::Orthogonal => &[(0, -1), (-1, 0), (1, 0), (0, 1)],
        }
    }

    /// The name used on the command line and in JSON: `hidato` or `numbrix`.
    pub fn name(self) -> &'static str {
        match self {
            Adjacency::King => "hidato",
            Adjacency::Orthogonal => "numbrix",
        }
    }
}

/// The value of a hole: not part of the board.
pub const HOLE: i32 = -1;
/// The value of an empty cell.
pub const EMPTY: i32 = 0;

/// A Hidato puzzle or answer: `width * height` cells row by row, each [`HOLE`], [`EMPTY`] or a
/// number `1..=N`, where `N` is the number of cells that are not holes. Every number appears at
/// most once. Positions in messages are `(column,row)`, 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hidato {
    width: usize,
    height: usize,
    cells: Vec<i32>,
    adjacency: Adjacency,
    size: usize,
}

impl Hidato {
    /// A board from its cells, row by row; checks the shape and that numbers are in range and
    /// distinct ([`Error::Shape`] says which rule is broken and where).
    pub fn new(width: usize, height: usize, cells: Vec<i32>, adjacency: Adjacency) -> Result<Self, Error> {
        Self::checked(width, height, cells, adjacency).map_err(Error::from)
    }

    /// [`Hidato::new`], with the rule broken.
    pub(crate) fn checked(
        width: usize,
        height: usize,
        cells: Vec<i32>,
        adjacency: Adjacency,
    ) -> Result<Self, ShapeError> {
        let expected = width.saturating_mul(height);
        if width == 0 || height == 0 || cells.len() != expected {
            return Err(ShapeError::Size { width, height, expected, found: cells.len() });
        }
        let size = cells.iter().filter(|&&v| v != HOLE).count();
        if size == 0 {
            return Err(ShapeError::NoCells);
        }
        let mut seen = vec![usize::MAX; size + 1];
        for (i, &value) in cells.iter().enumerate() {
            let (column, row) = (i % width + 1, i / width + 1);
            if value < HOLE {
                return Err(ShapeError::BadValue { column, row, value });
            }
            if value > 0 {
                let n = value as usize;
                if n > size {
                    return Err(ShapeError::TooLarge { column, row, value, cells: size });
                }
                if seen[n] != usize::MAX {
                    let first = seen[n];
                    return Err(ShapeError::Twice {
                        value,
                        first_column: first % width + 1,
                        first_row: first / width + 1,
                        column,
                        row,
                    });
                }
                seen[n] = i;
            }
        }
        Ok(Hidato { width, height, cells, adjacency, size })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cells row by row.
    pub fn cells(&self) -> &[i32] {
        &self.cells
    }

    /// The value at index `cell` (`row * width + column`, 0-based).
    pub fn get(&self, cell: usize) -> i32 {
        self.cells[cell]
    }

    /// Which cells touch.
    pub fn adjacency(&self) -> Adjacency {
        self.adjacency
    }

    /// The same board with another adjacency.
    pub fn with_adjacency(mut self, adjacency: Adjacency) -> Self {
        self.adjacency = adjacency;
        self
    }

    /// `N`: the number of cells that are not holes, so the largest number.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether `cell` is a hole.
    pub fn is_hole(&self, cell: usize) -> bool {
        self.cells[cell] == HOLE
    }

    /// Whether every cell that is not a hole holds a number.
    pub fn is_filled(&self) -> bool {
        !self.cells.contains(&EMPTY)
    }

    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v > 0).count()
    }

    /// Sets a cell: a number must be in `1..=N` (not checked for duplicates), else `EMPTY`.
    ///
    /// # Panics
    /// If the cell is a hole or `value` is out of range: holes are the shape, fixed at creation.
    pub fn set(&mut self, cell: usize, value: i32) {
        assert!(self.cells[cell] != HOLE, "cell {cell} is a hole");
        assert!((0..=self.size as i32).contains(&value), "{value} is out of range 0..={}", self.size);
        self.cells[cell] = value;
    }

    /// The cells (not holes) touching `cell`, by the board's adjacency; never wraps around an edge.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = ((cell % self.width) as i32, (cell / self.width) as i32);
        self.adjacency.steps().iter().filter_map(move |&(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= self.width as i32 || ny >= self.height as i32 {
                return None;
            }
            let n = ny as usize * self.width + nx as usize;
            (self.cells[n] != HOLE).then_some(n)
        })
    }

    /// Whether two cells touch.
    pub fn touch(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    /// `(column,row)`, 1-based, of a cell index, as used in messages.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        (cell % self.width + 1, cell / self.width + 1)
    }

    /// The same shape with every non-hole cell empty.
    pub fn shape(&self) -> Hidato {
        let cells = self.cells.iter().map(|&v| if v == HOLE { HOLE } else { EMPTY }).collect();
        Hidato { cells, ..self.clone() }
    }
}

impl fmt::Display for Hidato {
    /// The seed's text format for one puzzle: `W H`, then the rows, values right-aligned to the
    /// widest one and separated by a space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.width, self.height)?;
        let width = self.cells.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
        for row in self.cells.chunks(self.width) {
            for (i, value) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{value:>width$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_never_wrap_and_skip_holes() {
        let board = Hidato::new(3, 2, vec![1, 0, -1, 0, 0, 0], Adjacency::King).unwrap();
        assert_eq!(board.size(), 5);
        let mut n: Vec<_> = board.neighbours(2 + 1).collect();
        n.sort_unstable();
        assert_eq!(n, vec![0, 1, 4]); // cell (1,2): not (3,1), the hole, and not row 1's end
        let mut n: Vec<_> = board.neighbours(1).collect();
        n.sort_unstable();
        assert_eq!(n, vec![0, 3, 4, 5]);
        let numbrix = board.clone().with_adjacency(Adjacency::Orthogonal);
        let mut n: Vec<_> = numbrix.neighbours(1).collect();
        n.sort_unstable();
        assert_eq!(n, vec![0, 4]);
    }

    #[test]
    fn bad_boards_say_where() {
        let err = Hidato::new(2, 2, vec![1, 1, 0, 0], Adjacency::King).unwrap_err();
        assert_eq!(err.to_string(), "1 is given twice: at (1,1) and (2,1)");
        let err = Hidato::new(2, 2, vec![5, 0, 0, 0], Adjacency::King).unwrap_err();
        assert_eq!(err.to_string(), "cell (1,1) holds 5, but the board has only 4 cells");
        assert_eq!(Hidato::new(1, 1, vec![-1], Adjacency::King), Err(Error::Shape(ShapeError::NoCells)));
        assert!(matches!(
            Hidato::new(2, 2, vec![0; 3], Adjacency::King),
            Err(Error::Shape(ShapeError::Size { .. }))
        ));
    }

    #[test]
    fn prints_right_aligned() {
        let board = Hidato::new(3, 1, vec![-1, 2, 0], Adjacency::King).unwrap();
        assert_eq!(board.to_string(), "3 1\n-1  2  0\n");
    }
}
