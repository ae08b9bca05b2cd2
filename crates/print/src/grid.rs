//! A puzzle as a picture: cells with text and marks, and the region of every cell, from which the
//! thick lines follow (see the crate's header). Sudoku: boxes or jigsaw regions, the X variant's
//! diagonals shaded, letters for digits over 9 as the text formats write them. Hidato: holes
//! are left out (no lines, no fill), the givens are bold, and the first and last numbers are
//! circled as puzzle books mark the path's ends.

use tessera::common::{Mark, Picture};
use tessera::hidato::Hidato;
use tessera::sudoku::Sudoku;
use tessera::Draw;

/// One cell as printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cell {
    /// What is written in it (empty for an empty cell).
    pub text: String,
    /// Written in bold.
    pub bold: bool,
    /// A circle around it.
    pub circled: bool,
    /// A grey background.
    pub shaded: bool,
    /// A small label in the top-left corner (a cage's sum, a KenKen clue).
    pub corner: Option<String>,
    /// Filled dark: a blocked cell.
    pub blocked: bool,
    /// A star drawn in it (Star Battle).
    pub star: bool,
}

/// A grid of `rows × cols` cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
    /// The region of each cell; `None` for a hole (nothing drawn).
    regions: Vec<Option<u32>>,
    /// The cage of each cell, drawn as dashed outlines inside the cells (Killer Sudoku); empty
    /// when there are none.
    cages: Vec<u32>,
    /// The picture's marks (variant Sudoku's lines, dots, clues), drawn by `overlay`.
    marks: Vec<Mark>,
    /// A frame one cell wide around the grid, for clues outside it.
    frame: bool,
}

impl Grid {
    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The region of the cell at `(row, col)`; `None` for a hole or outside the grid.
    pub fn region(&self, row: isize, col: isize) -> Option<u32> {
        if row < 0 || col < 0 || row as usize >= self.rows || col as usize >= self.cols {
            return None;
        }
        self.regions[row as usize * self.cols + col as usize]
    }

    /// The cage of the cell at `(row, col)`, where the grid has cages.
    pub fn cage(&self, row: isize, col: isize) -> Option<u32> {
        if self.cages.is_empty()
            || row < 0
            || col < 0
            || row as usize >= self.rows
            || col as usize >= self.cols
        {
            return None;
        }
        Some(self.cages[row as usize * self.cols + col as usize])
    }

    /// The marks drawn over the cells (lines, dots, outside clues...), as the picture gave them.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Whether clues stand in a frame one cell wide around the grid.
    pub fn frame(&self) -> bool {
        self.frame
    }

    /// Whether the grid has cages drawn apart from its regions.
    pub fn has_cages(&self) -> bool {
        !self.cages.is_empty()
    }

    /// Any puzzle the library can draw ([`tessera::Draw`]): its picture's cells, regions and
    /// cages, and its marks (variant Sudoku); a cell the picture says is a star is drawn as one.
    pub fn picture(picture: &Picture) -> Grid {
        let cells = picture
            .cells
            .iter()
            .map(|cell| {
                let star = cell.star;
                Cell {
                    text: if star { String::new() } else { cell.text.clone() },
                    bold: cell.given,
                    circled: cell.circled,
                    shaded: cell.shaded,
                    corner: cell.corner.clone(),
                    blocked: cell.blocked,
                    star,
                }
            })
            .collect();
        Grid {
            rows: picture.height,
            cols: picture.width,
            cells,
            regions: picture.regions.clone(),
            cages: picture.cages.clone(),
            marks: picture.marks.clone(),
            frame: picture.frame,
        }
    }

    /// A Sudoku puzzle: its givens (the library's [`Draw`] picture).
    pub fn sudoku(puzzle: &Sudoku) -> Grid {
        Self::picture(&puzzle.picture(None))
    }

    /// A Sudoku answer: every digit of `solution`, those given in `puzzle` in bold.
    pub fn sudoku_key(puzzle: &Sudoku, solution: &Sudoku) -> Grid {
        Self::picture(&puzzle.picture(Some(solution)))
    }

    /// A Hidato (or Numbrix) puzzle: its givens, bold; 1 and the last number circled.
    pub fn hidato(puzzle: &Hidato) -> Grid {
        Self::picture(&puzzle.picture(None))
    }

    /// A Hidato answer: every number of `solution`, those given in `puzzle` in bold.
    pub fn hidato_key(puzzle: &Hidato, solution: &Hidato) -> Grid {
        Self::picture(&puzzle.picture(Some(solution)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tessera::hidato::Adjacency;
    use tessera::sudoku::Layout;

    #[test]
    fn sudoku_regions_are_its_boxes_and_the_key_bolds_the_givens() {
        let layout = Arc::new(Layout::boxes(2, 3).unwrap());
        let mut puzzle = Sudoku::empty(layout.clone());
        puzzle.set(0, 1);
        let grid = Grid::sudoku(&puzzle);
        assert_eq!((grid.rows(), grid.cols()), (6, 6));
        // Boxes of 2 rows × 3 columns: (0,2) and (0,3) differ, (1,2) and (0,2) do not.
        assert_ne!(grid.region(0, 2), grid.region(0, 3));
        assert_eq!(grid.region(1, 2), grid.region(0, 2));
        assert_ne!(grid.region(1, 0), grid.region(2, 0));
        assert_eq!(grid.region(-1, 0), None);
        assert_eq!(grid.cells()[0].text, "1");
        assert!(grid.cells()[1].text.is_empty());
        let solution = Sudoku::from_line_with_layout("123456456123231564564231312645645312", layout).unwrap();
        let key = Grid::sudoku_key(&puzzle, &solution);
        assert!(key.cells()[0].bold && !key.cells()[1].bold);
        assert_eq!(key.cells()[1].text, "2");
    }

    #[test]
    fn hidato_holes_have_no_region_and_the_ends_are_circled() {
        let puzzle = Hidato::new(3, 2, vec![1, 0, -1, 0, 0, 5], Adjacency::King).unwrap();
        let grid = Grid::hidato(&puzzle);
        assert_eq!(grid.region(0, 2), None);
        assert_eq!(grid.region(0, 1), Some(0));
        assert!(grid.cells()[0].circled && grid.cells()[0].bold);
        assert!(grid.cells()[5].circled, "5 is the last number");
        assert!(grid.cells()[1].text.is_empty());
    }
}
