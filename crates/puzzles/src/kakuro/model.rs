//! The board ([`Kakuro`]: a grid of white cells and blocks, some blocks with a sum for the run
//! below them and one for the run to their right) and an answer ([`Digits`]: a digit 1 to 9 in
//! every white cell).

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// The largest side read or generated (puz.link's addresses stop at 100 inner cells; janko.at's
/// largest Kakuro is 31x46).
pub const MAX_SIDE: usize = 101;

/// One cell of the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A cell to fill with a digit.
    White,
    /// A block: never filled; it may hold the sum of the run of white cells below it (`down`)
    /// and of the run to its right (`right`).
    Block {
        /// The sum of the run below, if clued.
        down: Option<u32>,
        /// The sum of the run to the right, if clued.
        right: Option<u32>,
    },
}

impl Cell {
    /// A block without clues.
    pub const BLOCK: Cell = Cell::Block { down: None, right: None };

    /// Whether it is a white cell.
    pub fn is_white(self) -> bool {
        self == Cell::White
    }
}

/// A run: white cells side by side in a row (across) or a column (down) between two blocks or
/// the grid's edge, whose digits differ and, when it has a clue, add up to it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Run {
    /// Its cells (row by row from 0), in order.
    pub cells: Vec<usize>,
    /// Its sum, when a block clues it.
    pub sum: Option<u32>,
    /// A down run (a column's) rather than an across one.
    pub down: bool,
    /// The block before it (`None`: the run starts at the grid's edge).
    pub clue: Option<usize>,
}

/// A Kakuro board: `width x height` cells, row by row. Runs are at most 9 cells long; a clue
/// lies between the least and the greatest sum of distinct digits its run's length allows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Kakuro {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    runs: Vec<Run>,
    /// The across and the down run of each white cell (indices into `runs`).
    run_of: Vec<[usize; 2]>,
}

/// The least sum of `n` distinct digits 1 to 9.
pub(crate) fn least(n: usize) -> u32 {
    (n * (n + 1) / 2) as u32
}

/// The greatest sum of `n` distinct digits 1 to 9.
pub(crate) fn greatest(n: usize) -> u32 {
    (n * (19 - n) / 2) as u32
}

/// `r1c1`-style name of cell `i` of a grid `width` wide.
pub(crate) fn name(i: usize, width: usize) -> String {
    format!("r{}c{}", i / width + 1, i % width + 1)
}

impl Kakuro {
    /// A board from its cells (row by row). Bad input, with the cell named: a side outside 1 to
    /// [`MAX_SIDE`], a cell count other than `width x height`, a clue with no run after it, a
    /// clue of 0 or outside what its run's length allows, a run longer than 9 cells.
    pub fn new(width: usize, height: usize, cells: Vec<Cell>) -> Result<Self, Error> {
        for (what, side) in [("the width", width), ("the height", height)] {
            if !(1..=MAX_SIDE).contains(&side) {
                return Err(Error::OutOfRange { what, value: side as u64, min: 1, max: MAX_SIDE as u64 });
            }
        }
        if cells.len() != width * height {
            return Err(Error::shape(format!("{} cells for a {width}x{height} grid", cells.len())));
        }
        let mut runs = Vec::new();
        let mut run_of = vec![[usize::MAX; 2]; width * height];
        // Across runs row by row, then down runs column by column.
        for down in [false, true] {
            let (lines, length) = if down { (width, height) } else { (height, width) };
            for line in 0..lines {
                let at = |k: usize| if down { k * width + line } else { line * width + k };
                let mut k = 0;
                while k < length {
                    if !cells[at(k)].is_white() {
                        k += 1;
                        continue;
                    }
                    let start = k;
                    while k < length && cells[at(k)].is_white() {
                        k += 1;
                    }
                    let run: Vec<usize> = (start..k).map(at).collect();
                    let clue = (start > 0).then(|| at(start - 1));
                    let sum = clue.and_then(|b| match cells[b] {
                        Cell::Block { down: d, right: r } => {
                            if down {
                                d
                            } else {
                                r
                            }
                        }
                        Cell::White => None,
                    });
                    let what = if down { "down" } else { "across" };
                    if run.len() > 9 {
                        return Err(Error::shape(format!(
                            "the {what} run from {} has {} cells: a run holds distinct digits, 9 at most",
                            name(run[0], width),
                            run.len()
                        )));
                    }
                    if let Some(sum) = sum {
                        let (lo, hi) = (least(run.len()), greatest(run.len()));
                        if !(lo..=hi).contains(&sum) {
                            return Err(Error::shape(format!(
                                "the {what} clue {sum} at {} is out of reach: {} distinct digits add up to {lo} to {hi}",
                                name(clue.expect("a clue has its block"), width),
                                run.len()
                            )));
                        }
                    }
                    for &cell in &run {
                        run_of[cell][usize::from(down)] = runs.len();
                    }
                    runs.push(Run { cells: run, sum, down, clue });
                }
            }
        }
        // A clue whose run is missing: its next cell is a block or off the grid.
        for (i, cell) in cells.iter().enumerate() {
            if let Cell::Block { down, right } = *cell {
                let (r, c) = (i / width, i % width);
                if down.is_some() && (r + 1 >= height || !cells[i + width].is_white()) {
                    return Err(Error::shape(format!(
                        "the down clue at {} has no white cell below it",
                        name(i, width)
                    )));
                }
                if right.is_some() && (c + 1 >= width || !cells[i + 1].is_white()) {
                    return Err(Error::shape(format!(
                        "the across clue at {} has no white cell right of it",
                        name(i, width)
                    )));
                }
            }
        }
        Ok(Kakuro { width, height, cells, runs, run_of })
    }

    /// The board whose clues are the sums of `digits`' runs (`0` a block, 1 to 9 a white cell):
    /// what a generator makes from a filled grid. Errors as [`Kakuro::new`], and for a digit past
    /// 9 or a run with a repeated digit.
    pub fn from_digits(width: usize, height: usize, digits: &[u8]) -> Result<Self, Error> {
        if digits.len() != width * height || digits.iter().any(|&d| d > 9) {
            return Err(Error::shape(format!("{} digits 0 to 9 for a {width}x{height} grid", digits.len())));
        }
        let shape: Vec<Cell> =
            digits.iter().map(|&d| if d == 0 { Cell::BLOCK } else { Cell::White }).collect();
        let bare = Kakuro::new(width, height, shape)?;
        let mut cells = bare.cells.clone();
        for run in &bare.runs {
            let mut seen = 0u16;
            for &cell in &run.cells {
                if seen & (1 << digits[cell]) != 0 {
                    return Err(Error::shape(format!("{} repeats a digit of its run", name(cell, width))));
                }
                seen |= 1 << digits[cell];
            }
            let Some(block) = run.clue else { continue };
            let sum: u32 = run.cells.iter().map(|&c| u32::from(digits[c])).sum();
            if let Cell::Block { down, right } = &mut cells[block] {
                *if run.down { down } else { right } = Some(sum);
            }
        }
        Kakuro::new(width, height, cells)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The runs: across ones row by row, then down ones column by column.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// The across and the down run of white cell `cell` (indices into [`Kakuro::runs`]);
    /// `usize::MAX` for a block.
    pub(crate) fn runs_of(&self, cell: usize) -> [usize; 2] {
        self.run_of[cell]
    }

    /// The white cells, row by row.
    pub fn whites(&self) -> Vec<usize> {
        (0..self.cells.len()).filter(|&i| self.cells[i].is_white()).collect()
    }

    /// Run `run` in words: "the across run of r2c3 (clue 16)".
    pub(crate) fn run_name(&self, run: usize) -> String {
        let run = &self.runs[run];
        let what = if run.down { "down" } else { "across" };
        match run.sum {
            Some(sum) => format!("the {what} {sum} from {}", name(run.cells[0], self.width)),
            None => format!("the unclued {what} run from {}", name(run.cells[0], self.width)),
        }
    }
}

/// An answer: a digit in every white cell (0 in the blocks), row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Digits {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

impl Digits {
    /// An answer of `width x height` cells (`0` a block or an empty cell).
    pub fn new(width: usize, height: usize, cells: Vec<u8>) -> Result<Self, Error> {
        if cells.len() != width * height || cells.iter().any(|&d| d > 9) {
            return Err(Error::shape(format!("{} digits 0 to 9 for a {width}x{height} answer", cells.len())));
        }
        Ok(Digits { width, height, cells })
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The digits row by row (0 in blocks).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
}

impl fmt::Display for Digits {
    /// `W H`, then a line a row: a digit a white cell, `-` a block (or an empty cell).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.width, self.height)?;
        for row in self.cells.chunks(self.width) {
            let line: String = row.iter().map(|&d| if d == 0 { '-' } else { char::from(b'0' + d) }).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Digits {
    type Err = Error;

    /// What [`Digits`] writes (`W H`, then a line a row of digits and `-`; spaces between the
    /// cells are allowed, as in janko.at's answers, and `.` reads as `-`).
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let Some((_, header)) = lines.next() else {
            return Err(Error::parse(1, 1, "an empty answer: expected `W H` and its rows"));
        };
        let numbers: Vec<usize> = header.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        let [w, h] = numbers[..] else {
            return Err(Error::parse(1, 1, format!("{header:?}: expected the answer's `W H`")));
        };
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(Error::parse(1, 1, format!("{header:?}: sides run from 1 to {MAX_SIDE}")));
        }
        let mut cells = Vec::with_capacity(w * h);
        for _ in 0..h {
            let Some((number, line)) = lines.next() else {
                return Err(Error::parse(1, 1, format!("the answer has fewer than {h} rows")));
            };
            let row: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if row.len() != w {
                return Err(Error::parse(number + 1, 1, format!("{} cells in a row of {w}", row.len())));
            }
            for (k, ch) in row.into_iter().enumerate() {
                cells.push(match ch {
                    '-' | '.' | '0' => 0,
                    '1'..='9' => ch as u8 - b'0',
                    _ => return Err(Error::parse(number + 1, k + 1, format!("{ch:?} is no digit nor `-`"))),
                });
            }
        }
        Digits::new(w, h, cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_of_distinct_digits() {
        assert_eq!((least(1), greatest(1)), (1, 9));
        assert_eq!((least(2), greatest(2)), (3, 17));
        assert_eq!((least(9), greatest(9)), (45, 45));
    }

    #[test]
    fn runs_and_their_clues() {
        // - 4, 3,
        // ,3 1 2
        // ,4 3 1
        let b = |down, right| Cell::Block { down, right };
        let cells = vec![
            Cell::BLOCK,
            b(Some(4), None),
            b(Some(3), None),
            b(None, Some(3)),
            Cell::White,
            Cell::White,
            b(None, Some(4)),
            Cell::White,
            Cell::White,
        ];
        let board = Kakuro::new(3, 3, cells).unwrap();
        assert_eq!(board.runs().len(), 4);
        assert_eq!(board.runs()[0].cells, vec![4, 5]);
        assert_eq!(board.runs()[2].cells, vec![4, 7]);
        assert_eq!(board.runs()[2].sum, Some(4));
        assert_eq!(board.runs_of(8), [1, 3]);
        let again = Kakuro::from_digits(3, 3, &[0, 0, 0, 0, 1, 2, 0, 3, 1]).unwrap();
        assert_eq!(again, board);
    }

    #[test]
    fn bad_clues_are_named() {
        let b = |down, right| Cell::Block { down, right };
        let err =
            Kakuro::new(2, 2, vec![Cell::BLOCK, b(Some(18), None), Cell::BLOCK, Cell::White]).unwrap_err();
        assert!(err.to_string().contains("out of reach"), "{err}");
        let err =
            Kakuro::new(2, 2, vec![b(None, Some(3)), Cell::BLOCK, Cell::BLOCK, Cell::White]).unwrap_err();
        assert!(err.to_string().contains("r1c1"), "{err}");
        let long = Kakuro::new(11, 1, std::iter::once(Cell::BLOCK).chain([Cell::White; 10]).collect());
        assert!(long.unwrap_err().to_string().contains("9 at most"));
    }

    #[test]
    fn answers_read_back() {
        let answer = Digits::new(3, 2, vec![0, 1, 2, 0, 3, 1]).unwrap();
        assert_eq!(answer.to_string(), "3 2\n-12\n-31\n");
        assert_eq!(answer.to_string().parse::<Digits>().unwrap(), answer);
        assert_eq!("3 2\n- 1 2\n- 3 1\n".parse::<Digits>().unwrap(), answer);
    }
}
