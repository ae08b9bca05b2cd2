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
    /// The cell's value as the puzzle counts it (a digit; 1 for a star), `None` when empty: what
    /// the front ends read, never `text`. Not in the JSON, which has `text`.
    #[serde(skip)]
    pub value: Option<u32>,
    /// The value is a star (Star Battle), drawn as one. Not in the JSON.
    #[serde(skip)]
    pub star: bool,
    /// Drawn ringed (Hidato's first and last numbers).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub circled: bool,
    /// Drawn shaded (Sudoku X's diagonals).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub shaded: bool,
}

impl PictureCell {
    /// Writes `digit` in the middle (nothing for 0).
    pub fn put_digit(&mut self, digit: u32) {
        if digit != 0 {
            self.text = digit.to_string();
            self.value = Some(digit);
        }
    }

    /// Draws a star in the middle.
    pub fn put_star(&mut self) {
        self.text = "★".to_owned();
        self.value = Some(1);
        self.star = true;
    }
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
    /// What is drawn over the cells beside digits, regions and cages (variant Sudoku's lines,
    /// dots, clues): each mark with the cells it names and what it means, never pixels. Empty
    /// for the families that draw none (and then left out of the JSON).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
    /// Clues stand outside the grid (little killer, sandwich): a frame one cell wide is drawn
    /// around it, whose cells are named by row or column `-1` and `height` / `width`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub frame: bool,
}

/// A cell as `[row, column]` from 0; `-1` and the side name the frame around the grid.
pub type Spot = [i32; 2];

/// The kind of a line through cell centres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineKind {
    /// Digits rise from the bulb (the first cell, drawn as a filled circle).
    Thermometer,
    /// Digits never fall from the bulb (drawn as a thermometer with a hollow line).
    SlowThermometer,
    /// German (or Dutch) whispers: green.
    Whispers,
    /// Renban: purple.
    Renban,
    /// Palindrome: grey.
    Palindrome,
    /// Between line: circles at both ends.
    Between,
    /// Region-sum line: blue.
    RegionSum,
    /// A drawn line that is no rule, in its `color`.
    Cosmetic,
}

/// A shape drawn small in a cell, or over cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// A circle (odd digit; a cosmetic circle).
    Circle,
    /// A square (even digit; a cosmetic rectangle).
    Square,
}

/// One mark of a [`Picture`], with the data it means.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Mark {
    /// A line through the centres of `cells`, in order.
    Line {
        /// What the line is.
        line: LineKind,
        /// Its cells, in order (a thermometer's bulb first).
        cells: Vec<Spot>,
        /// A cosmetic line's colour (`#RRGGBB`).
        #[serde(skip_serializing_if = "Option::is_none")]
        color: Option<String>,
    },
    /// An arrow: its circle (one or more cells, drawn as one rounded outline) and its lines,
    /// each from the circle to its arrowhead at the last cell.
    Arrow {
        /// The circle's cells.
        circle: Vec<Spot>,
        /// The lines, each without the circle.
        lines: Vec<Vec<Spot>>,
    },
    /// A kropki dot on the edge between two neighbours: white (difference) or black (ratio),
    /// with its value when it is not the usual 1 or 2.
    Dot {
        /// The two neighbours.
        cells: [Spot; 2],
        /// Black (ratio) rather than white (difference).
        black: bool,
        /// The value written in it, if any.
        #[serde(skip_serializing_if = "Option::is_none")]
        value: Option<u32>,
    },
    /// A letter on the edge between two neighbours (X, V, or a sum).
    EdgeText {
        /// The two neighbours.
        cells: [Spot; 2],
        /// What is written.
        text: String,
    },
    /// A small shape in a cell: odd (circle), even (square).
    CellShape {
        /// The cell.
        cell: Spot,
        /// The shape.
        shape: Shape,
    },
    /// A quadruple: a circle at the corner the cells share, with its digits.
    Quadruple {
        /// The cells around the corner.
        cells: Vec<Spot>,
        /// The digits written in the circle.
        values: Vec<u8>,
    },
    /// A little killer clue in the frame: its sum and the diagonal it runs along.
    LittleKiller {
        /// The clue's cell in the frame.
        clue: Spot,
        /// The step `[row, column]` of the diagonal (each -1 or 1).
        step: [i32; 2],
        /// The sum.
        sum: u32,
    },
    /// A number in the frame beside a row or column: a sandwich's sum, a skyscraper clue's
    /// count.
    Outside {
        /// The clue's cell in the frame.
        clue: Spot,
        /// The number.
        value: u32,
    },
    /// The runs of a line in the frame beside it (Nonogram): left of a row (column `-1`),
    /// above a column (row `-1`), read from the grid outwards in the line's order.
    Runs {
        /// The clue's cell in the frame.
        clue: Spot,
        /// The lengths of the line's runs, in order (empty: none, drawn `0`).
        runs: Vec<u32>,
    },
    /// A Kakuro clue cell: a block split by its diagonal from top left to bottom right, the sum
    /// of the run below it written under the diagonal and of the run to its right above it.
    Sums {
        /// The block.
        cell: Spot,
        /// The down run's sum.
        #[serde(skip_serializing_if = "Option::is_none")]
        down: Option<u32>,
        /// The across run's sum.
        #[serde(skip_serializing_if = "Option::is_none")]
        right: Option<u32>,
    },
    /// A main diagonal whose digits differ (X-Sudoku).
    Diagonal {
        /// Bottom left to top right.
        positive: bool,
    },
    /// Shaded cells: an extra region (`group` its number) or a clone pair's cells.
    Shade {
        /// The cells.
        cells: Vec<Spot>,
        /// `extra-region` or `clone`.
        what: String,
        /// Which group of its kind (clones share a tone by pair of groups).
        group: u32,
    },
    /// A minimum or maximum cell: chevrons on its sides pointing to it (minimum) or away.
    Extremum {
        /// The cell.
        cell: Spot,
        /// A maximum rather than a minimum.
        maximum: bool,
    },
    /// A cosmetic shape over cells (circle or rectangle), with its colour and text.
    Cosmetic {
        /// Circle or square (a rectangle over its cells).
        shape: Shape,
        /// The cells it covers.
        cells: Vec<Spot>,
        /// Its colour (`#RRGGBB`).
        #[serde(skip_serializing_if = "Option::is_none")]
        color: Option<String>,
        /// Its text.
        #[serde(skip_serializing_if = "Option::is_none")]
        text: Option<String>,
    },
    /// A cosmetic text over cells.
    Text {
        /// The cells it is centred on.
        cells: Vec<Spot>,
        /// What is written.
        text: String,
    },
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
            marks: Vec::new(),
            frame: false,
        }
    }
}

/// A puzzle that can be drawn: the web game and the books draw any such puzzle the same way.
pub trait Draw: Puzzle {
    /// The puzzle, or with `answer` its solution written in (the puzzle's givens marked given).
    fn picture(&self, answer: Option<&Self::Solution>) -> Picture;
}
