//! A puzzle as a picture, the one description the books and the web game draw for every family
//! that implements [`Draw`]: cells with their text, the regions whose borders are drawn thick, and
//! the cages whose outlines are drawn dashed inside the cells with their label in the corner (the
//! way Killer Sudoku books print them).

use crate::common::Puzzle;

/// One cell as drawn.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct PictureCell {
    /// What is written in the middle (a digit, `★` for a star; empty for an empty cell).
    pub text: String,
    /// The text was given in the puzzle (drawn bold).
    pub given: bool,
    /// A small label in the top-left corner (a cage's sum or a KenKen clue such as `24×`).
    pub corner: Option<String>,
    /// A blocked cell: drawn filled, never played.
    pub blocked: bool,
}

/// A grid of `width × height` cells, row by row.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Picture {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells, row by row.
    pub cells: Vec<PictureCell>,
    /// The region of each cell (boxes, Star Battle regions, KenKen cages): a thick line is drawn
    /// between two neighbouring cells of different regions. `None` for a hole (nothing drawn).
    pub regions: Vec<Option<u32>>,
    /// The cage of each cell where cages are drawn apart from the regions (Killer Sudoku): a dashed
    /// outline inside the cells of each cage. Empty when there are none.
    pub cages: Vec<u32>,
}

impl Picture {
    /// An empty picture of `width × height` cells, all in region 0, with no cages.
    pub fn new(width: usize, height: usize) -> Self {
        Picture {
            width,
            height,
            cells: vec![PictureCell::default(); width * height],
            regions: vec![Some(0); width * height],
            cages: Vec::new(),
        }
    }
}

/// A puzzle that can be drawn: the web game and the books draw any such puzzle the same way.
pub trait Draw: Puzzle {
    /// The puzzle, or with `answer` its solution written in (the puzzle's givens marked given).
    fn picture(&self, answer: Option<&Self::Solution>) -> Picture;
}
