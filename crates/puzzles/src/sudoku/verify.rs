//! Checking an answer against its puzzle, independently of every solver: the same shape, the
//! givens kept, every cell filled, no digit twice in a house. A full grid with no repeats holds
//! every digit in every house, so nothing else needs checking.
//!
//! The verdict lists every problem found, in the order a player would fix them (changed givens,
//! empty cells, then repeats house by house), each with a message that names cells as `r4c7`.

use std::fmt;

use crate::sudoku::{Layout, Sudoku};

/// One thing wrong with an answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Violation {
    /// The answer is a grid of another shape; nothing else was checked.
    LayoutMismatch {
        /// The puzzle's shape, as [`Layout::name`] gives it.
        expected: String,
        /// The answer's shape.
        found: String,
    },
    /// A given was changed or erased.
    GivenChanged {
        /// The cell (0-based, row by row).
        cell: usize,
        /// Its name, `r1c3`.
        name: String,
        /// The given's symbol.
        given: char,
        /// The answer's symbol, `.` when the cell was left empty.
        found: char,
    },
    /// A cell without a digit.
    EmptyCell {
        /// The cell (0-based, row by row).
        cell: usize,
        /// Its name, `r2c5`.
        name: String,
    },
    /// A digit more than once in a house.
    Repeated {
        /// The digit's symbol.
        digit: char,
        /// The house (an index into [`Layout::houses`]).
        house: usize,
        /// The house, `row 4`, `box 2`, `the main diagonal`.
        house_name: String,
        /// The cells that hold it, in the house's order.
        cells: Vec<usize>,
        /// Their names.
        names: Vec<String>,
    },
}

impl Violation {
    /// The cells involved, for highlighting (none for a layout mismatch).
    pub fn cells(&self) -> &[usize] {
        match self {
            Violation::LayoutMismatch { .. } => &[],
            Violation::GivenChanged { cell, .. } | Violation::EmptyCell { cell, .. } => {
                std::slice::from_ref(cell)
            }
            Violation::Repeated { cells, .. } => cells,
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::LayoutMismatch { expected, found } => {
                write!(f, "the answer is a {found} grid, but the puzzle is {expected}")
            }
            Violation::GivenChanged { name, given, found: '.', .. } => {
                write!(f, "{name} was given {given}, the answer leaves it empty")
            }
            Violation::GivenChanged { name, given, found, .. } => {
                write!(f, "{name} was given {given}, the answer has {found}")
            }
            Violation::EmptyCell { name, .. } => write!(f, "{name} is empty"),
            Violation::Repeated { digit, house_name, names, .. } => {
                let times = match names.len() {
                    2 => "twice".to_owned(),
                    k => format!("{k} times"),
                };
                write!(f, "{digit} appears {times} in {house_name}: ")?;
                for (i, name) in names.iter().enumerate() {
                    let separator = match i {
                        0 => "",
                        _ if i + 1 == names.len() => " and ",
                        _ => ", ",
                    };
                    write!(f, "{separator}{name}")?;
                }
                Ok(())
            }
        }
    }
}

/// The result of [`verify`]: every violation found, none when the answer is right.
pub type Verdict = crate::Verdict<Violation>;

/// Checks `answer` against `puzzle`: same layout, every given kept, every cell filled, no digit
/// twice in any row, column, region or (X) diagonal.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{verify, Layout, Sudoku};
/// let layout = Arc::new(Layout::classic(4).unwrap());
/// let puzzle = Sudoku::from_digits(layout.clone(), vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
/// let answer = Sudoku::from_digits(layout, vec![1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2]).unwrap();
/// assert!(verify(&puzzle, &answer).is_valid());
/// let mut wrong = answer.clone();
/// wrong.set(1, 4);
/// let verdict = verify(&puzzle, &wrong);
/// assert_eq!(verdict.violations()[0].to_string(), "4 appears twice in row 1: r1c2 and r1c4");
/// ```
pub fn verify(puzzle: &Sudoku, answer: &Sudoku) -> Verdict {
    let layout = puzzle.layout();
    if layout != answer.layout() {
        let violation = Violation::LayoutMismatch { expected: layout.name(), found: answer.layout().name() };
        return Verdict::new(vec![violation]);
    }
    let mut violations = Vec::new();
    for (cell, (&given, &digit)) in puzzle.cells().iter().zip(answer.cells()).enumerate() {
        if given != 0 && given != digit {
            violations.push(Violation::GivenChanged {
                cell,
                name: layout.cell_name(cell),
                given: layout.symbol(given),
                found: layout.symbol(digit),
            });
        }
    }
    for (cell, (&given, &digit)) in puzzle.cells().iter().zip(answer.cells()).enumerate() {
        if given == 0 && digit == 0 {
            violations.push(Violation::EmptyCell { cell, name: layout.cell_name(cell) });
        }
    }
    let mut holders: Vec<Vec<usize>> = vec![Vec::new(); layout.size() + 1];
    for (house, cells) in layout.houses().iter().enumerate() {
        holders.iter_mut().for_each(Vec::clear);
        for &cell in cells {
            holders[answer.get(cell as usize) as usize].push(cell as usize);
        }
        for (digit, cells) in holders.iter().enumerate().skip(1) {
            if cells.len() > 1 {
                violations.push(Violation::Repeated {
                    digit: layout.symbol(digit as u8),
                    house,
                    house_name: house_label(layout, house),
                    cells: cells.clone(),
                    names: cells.iter().map(|&cell| layout.cell_name(cell)).collect(),
                });
            }
        }
    }
    Verdict::new(violations)
}

/// `row 4`, `column 7`, `box 2`, `region 5`, `the main diagonal`, `the anti-diagonal`.
fn house_label(layout: &Layout, house: usize) -> String {
    match layout.house_name(house) {
        (kind, _) if kind.ends_with("diagonal") => format!("the {kind}"),
        (kind, number) => format!("{kind} {number}"),
    }
}
