//! Boards: a `WxH` rectangle, or a shape drawn in ASCII with holes.
//!
//! ```text
//! ........      '.' is a cell to fill; '#' or ' ' is a hole (a line may stop early:
//! ........      the rest of it is holes). Lines starting with ';' are comments.
//! ...##...
//! ...##...
//! ........
//! ```

use crate::Error;

/// The most cells a board may have to fill: the bitboard solver's widest mask.
pub const MAX_CELLS: usize = 256;
/// The longest side of a board.
pub const MAX_SIDE: usize = 256;

/// A board: a rectangle of squares, each a cell to fill or a hole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    width: usize,
    height: usize,
    /// Row-major: `open[row * width + column]`.
    open: Vec<bool>,
}

impl Board {
    /// A full `width` x `height` rectangle.
    pub fn rectangle(width: usize, height: usize) -> Result<Self, Error> {
        // The sides are checked before their product is taken: `6x003445173350830411314` overflowed
        // it (a fuzz finding).
        check_size(width, height, width.min(MAX_SIDE + 1) * height.min(MAX_SIDE + 1), 1, 1)?;
        Ok(Board { width, height, open: vec![true; width * height] })
    }

    /// `WxH` (e.g. `6x10`: 6 wide, 10 high).
    ///
    /// ```
    /// let board = tessera::tiling::Board::parse_size("6x10").unwrap();
    /// assert_eq!((board.width(), board.height(), board.cell_count()), (6, 10, 60));
    /// assert_eq!(tessera::tiling::Board::parse_size("6y10").unwrap_err().position(), Some((1, 1)));
    /// ```
    pub fn parse_size(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let Some((w, h)) = text.split_once(['x', 'X']) else {
            return Err(Error::parse(1, 1, format!("`{text}` is not a size WxH such as 6x10")));
        };
        let parse = |s: &str, column: usize| -> Result<usize, Error> {
            s.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
                Error::parse(1, column, format!("`{s}` is not a positive number in the size `{text}`"))
            })
        };
        let width = parse(w, 1)?;
        let height = parse(h, w.chars().count() + 2)?;
        Board::rectangle(width, height)
    }

    /// A board drawn in ASCII (see the module documentation).
    ///
    /// ```
    /// let board = tessera::tiling::Board::parse("...\n.#.\n...\n").unwrap();
    /// assert_eq!(board.cell_count(), 8);
    /// let err = tessera::tiling::Board::parse("..\n.x\n").unwrap_err();
    /// assert_eq!(err.position(), Some((2, 2)));
    /// ```
    pub fn parse(text: &str) -> Result<Self, Error> {
        let mut rows: Vec<(usize, Vec<bool>)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.starts_with(';') {
                continue;
            }
            let mut row = Vec::new();
            for (col, ch) in line.trim_end().chars().enumerate() {
                match ch {
                    '.' => row.push(true),
                    '#' | ' ' => row.push(false),
                    other => {
                        return Err(Error::parse(
                            i + 1,
                            col + 1,
                            format!("unexpected {other:?}: a board is drawn with '.' for a cell, '#' or ' ' for a hole"),
                        ))
                    }
                }
                if row.len() > MAX_SIDE {
                    return Err(Error::parse(i + 1, col + 1, format!("a board is at most {MAX_SIDE} wide")));
                }
            }
            rows.push((i + 1, row));
        }
        // Blank lines at either end are not part of the board.
        while rows.last().is_some_and(|r| r.1.iter().all(|&o| !o)) {
            rows.pop();
        }
        let first = rows.iter().position(|r| r.1.iter().any(|&o| o)).unwrap_or(rows.len());
        rows.drain(..first);
        let left = rows.iter().filter_map(|r| r.1.iter().position(|&o| o)).min().unwrap_or(0);
        let width = rows.iter().map(|r| r.1.len()).max().unwrap_or(0).saturating_sub(left);
        let height = rows.len();
        if height == 0 || width == 0 {
            return Err(Error::parse(1, 1, "the board has no cell ('.')"));
        }
        let mut open = vec![false; width * height];
        for (r, (_, row)) in rows.iter().enumerate() {
            for (c, &o) in row.iter().enumerate().skip(left) {
                open[r * width + c - left] = o;
            }
        }
        let cells = open.iter().filter(|&&o| o).count();
        let line = rows.last().map_or(1, |r| r.0);
        check_size(width, height, cells, line, 1)?;
        Ok(Board { width, height, open })
    }

    /// Removes the square at `(row, column)` from the cells to fill (no effect outside).
    pub fn with_hole(mut self, row: usize, column: usize) -> Self {
        if row < self.height && column < self.width {
            self.open[row * self.width + column] = false;
        }
        self
    }

    /// Width in squares.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in squares.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(row, column)` is a cell to fill (false outside the board).
    pub fn is_open(&self, row: i32, column: i32) -> bool {
        row >= 0
            && column >= 0
            && (row as usize) < self.height
            && (column as usize) < self.width
            && self.open[row as usize * self.width + column as usize]
    }

    /// The number of cells to fill.
    pub fn cell_count(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// The board drawn as [`Board::parse`] reads it.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for r in 0..self.height {
            for c in 0..self.width {
                out.push(if self.open[r * self.width + c] { '.' } else { '#' });
            }
            out.push('\n');
        }
        out
    }
}

fn check_size(width: usize, height: usize, cells: usize, line: usize, column: usize) -> Result<(), Error> {
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(Error::parse(line, column, format!("a board is at most {MAX_SIDE} squares on a side")));
    }
    if cells > MAX_CELLS {
        return Err(Error::parse(
            line,
            column,
            format!("the board has {cells} cells to fill; at most {MAX_CELLS} are supported"),
        ));
    }
    if cells == 0 {
        return Err(Error::parse(line, column, "the board has no cell to fill"));
    }
    Ok(())
}
