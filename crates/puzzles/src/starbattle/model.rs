//! The board ([`StarBattle`]: cells in regions, `@` and `#` blocked cells) and the answer
//! ([`Stars`]: a grid of stars), with the checks that make a board.

use crate::Error;

/// The largest width and height (a row of cells is one `u64` in the solver).
pub const MAX_SIDE: usize = 64;

/// The numbers of the header `W H K` that a board and an answer both start with, as their
/// `width`, `height` and `stars` (with the doc of `stars`).
macro_rules! header_accessors {
    ($stars:literal) => {
        /// Columns.
        pub fn width(&self) -> usize {
            self.width
        }

        /// Rows.
        pub fn height(&self) -> usize {
            self.height
        }

        #[doc = $stars]
        pub fn stars(&self) -> usize {
            self.stars
        }
    };
}

/// `width × height` cells, or the error of a board or answer of `found` cells.
fn check_cells(width: usize, height: usize, found: usize) -> Result<(), Error> {
    if found == width * height {
        return Ok(());
    }
    Err(crate::ShapeError::Size { width, height, expected: width * height, found }.into())
}

/// One cell of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// An open cell of the region with this id (ids as the file writes them, gaps allowed).
    Region(u32),
    /// A cell outside the board's shape, written `@`: never a star.
    Outside,
    /// A blocked cell inside the shape, written `#`: never a star.
    Blocked,
}

impl Cell {
    /// The region's id, `None` for a blocked cell.
    pub fn region(self) -> Option<u32> {
        match self {
            Cell::Region(id) => Some(id),
            _ => None,
        }
    }
}

/// A Star Battle board: `width × height` cells, each in a region or blocked, and `stars` (K)
/// stars to place in every row, column and region, no two touching, diagonally included.
///
/// ```
/// use tessera::starbattle::StarBattle;
/// let board: StarBattle = "4 4 1\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n".parse()?;
/// assert_eq!((board.width(), board.height(), board.stars(), board.region_count()), (4, 4, 1, 4));
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StarBattle {
    width: usize,
    height: usize,
    stars: usize,
    cells: Vec<Cell>,
    /// The distinct region ids, ascending: a region's index is its place here.
    ids: Vec<u32>,
    /// Each cell's region index, `None` when blocked.
    region_of: Vec<Option<u32>>,
    /// The `#` comment lines read before it.
    comments: Vec<String>,
}

impl StarBattle {
    /// The `#` comment lines read before the board (its address, often).
    pub fn comments(&self) -> &[String] {
        &self.comments
    }

    /// The same board with these comment lines (written before it, and before its answers).
    pub fn with_comments(mut self, comments: Vec<String>) -> Self {
        self.comments = comments;
        self
    }

    /// A board from its cells, row by row. Sides from 1 to [`MAX_SIDE`], K from 1 to
    /// [`MAX_SIDE`]. A board whose rows, columns and regions cannot all hold K stars is still a
    /// board: it has no solution (the solvers say so at once).
    pub fn new(width: usize, height: usize, stars: usize, cells: Vec<Cell>) -> Result<Self, Error> {
        for (what, value) in [("the width", width), ("the height", height), ("the stars per unit", stars)] {
            if value == 0 || value > MAX_SIDE {
                return Err(Error::OutOfRange { what, value: value as u64, min: 1, max: MAX_SIDE as u64 });
            }
        }
        check_cells(width, height, cells.len())?;
        let mut ids: Vec<u32> = cells.iter().filter_map(|c| c.region()).collect();
        ids.sort_unstable();
        ids.dedup();
        let region_of = cells
            .iter()
            .map(|c| c.region().map(|id| ids.binary_search(&id).map_or(0, |i| i as u32)))
            .collect();
        Ok(StarBattle { width, height, stars, cells, ids, region_of, comments: Vec::new() })
    }

    header_accessors!("K: the stars of every row, column and region.");

    /// The cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at a 0-based row and column.
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        self.cells[row * self.width + column]
    }

    /// How many regions.
    pub fn region_count(&self) -> usize {
        self.ids.len()
    }

    /// The region index (0 to `region_count() - 1`, in order of the ids) of a cell (row by row
    /// from 0), `None` when blocked.
    pub fn region_index(&self, cell: usize) -> Option<usize> {
        self.region_of[cell].map(|r| r as usize)
    }

    /// The id the file gives the region of this index.
    pub fn region_id(&self, index: usize) -> u32 {
        self.ids[index]
    }

    /// Whether a cell (row by row from 0) may hold a star.
    pub fn is_open(&self, cell: usize) -> bool {
        self.region_of[cell].is_some()
    }

    /// Why no answer can exist, found without search: the board is not square, or has not as
    /// many regions as rows (each row, column and region holds K stars, so all three counts are
    /// equal), or a row or column has no open cell.
    pub fn impossible(&self) -> Option<String> {
        if self.width != self.height {
            return Some(format!(
                "{} rows and {} columns cannot hold the same number of stars",
                self.height, self.width
            ));
        }
        if self.ids.len() != self.height {
            return Some(format!(
                "{} regions for {} rows: each holds {} stars",
                self.ids.len(),
                self.height,
                self.stars
            ));
        }
        let max = self.height.div_ceil(2);
        if self.stars > max {
            return Some(format!(
                "a line of {} cells holds at most {max} stars that do not touch",
                self.height
            ));
        }
        None
    }
}

/// An answer: which cells hold a star. Its text is janko's answer format: `W H K`, then a row of
/// `x` (star) and `-` (anything else, blocked cells too) per line.
///
/// ```
/// use tessera::starbattle::Stars;
/// let stars: Stars = "4 4 1\n- x - -\n- - - x\nx - - -\n- - x -\n".parse()?;
/// assert!(stars.is_star(0, 1));
/// assert_eq!(stars.to_string(), "4 4 1\n- x - -\n- - - x\nx - - -\n- - x -\n");
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Stars {
    width: usize,
    height: usize,
    stars: usize,
    cells: Vec<bool>,
}

impl Stars {
    /// An answer of `width × height` cells (row by row, `true` a star) for K = `stars`.
    pub fn new(width: usize, height: usize, stars: usize, cells: Vec<bool>) -> Result<Self, Error> {
        check_cells(width, height, cells.len())?;
        Ok(Stars { width, height, stars, cells })
    }

    /// An answer with no star, the size of `board`.
    pub fn empty(board: &StarBattle) -> Self {
        Stars {
            width: board.width,
            height: board.height,
            stars: board.stars,
            cells: vec![false; board.cells.len()],
        }
    }

    header_accessors!("The K of its header.");

    /// Whether the cell at a 0-based row and column holds a star.
    pub fn is_star(&self, row: usize, column: usize) -> bool {
        self.cells[row * self.width + column]
    }

    /// The cells, row by row: `true` a star.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }

    /// The stars' cells (row by row from 0), in order.
    pub fn star_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells.iter().enumerate().filter(|(_, &s)| s).map(|(i, _)| i)
    }

    pub(crate) fn set(&mut self, cell: usize, star: bool) {
        self.cells[cell] = star;
    }
}

impl std::fmt::Display for Stars {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} {} {}", self.width, self.height, self.stars)?;
        for row in self.cells.chunks(self.width.max(1)) {
            let marks: Vec<&str> = row.iter().map(|&s| if s { "x" } else { "-" }).collect();
            writeln!(f, "{}", marks.join(" "))?;
        }
        Ok(())
    }
}

impl std::fmt::Display for StarBattle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{} {} {}", self.width, self.height, self.stars)?;
        for row in self.cells.chunks(self.width) {
            let words: Vec<String> = row
                .iter()
                .map(|cell| match cell {
                    Cell::Region(id) => id.to_string(),
                    Cell::Outside => "@".to_owned(),
                    Cell::Blocked => "#".to_owned(),
                })
                .collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

/// `r3c4`: a cell (row by row from 0) as players name it, 1-based.
pub(crate) fn name(cell: usize, width: usize) -> String {
    format!("r{}c{}", cell / width + 1, cell % width + 1)
}
