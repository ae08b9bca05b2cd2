//! The Killer Sudoku verifier, independent of the solvers: it checks an answer rule by rule.

use std::fmt;

use crate::killer::model::{Grid, Killer};

fn name((row, column): (usize, usize)) -> String {
    format!("r{}c{}", row + 1, column + 1)
}

/// A broken rule, with the cells that break it as `(row, column)` from 0 (shown as r1c1).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The answer's side is not the puzzle's.
    Size(crate::SideDiffers),
    /// A cell left empty.
    Empty {
        /// The cell.
        cell: (usize, usize),
    },
    /// A given changed.
    Given {
        /// The cell.
        cell: (usize, usize),
        /// The given digit.
        given: u8,
        /// The answer's digit.
        found: u8,
    },
    /// A digit twice in a row, column or box.
    Repeated {
        /// "row", "column" or "box".
        house: &'static str,
        /// Its index from 0.
        index: usize,
        /// The digit.
        digit: u8,
        /// The cells holding it.
        cells: Vec<(usize, usize)>,
    },
    /// A digit twice in a cage.
    CageRepeat {
        /// The cage's index.
        cage: usize,
        /// The digit.
        digit: u8,
        /// The cells holding it.
        cells: Vec<(usize, usize)>,
    },
    /// A full cage whose digits do not make its sum.
    CageSum {
        /// The cage's index.
        cage: usize,
        /// Its sum.
        expected: u32,
        /// The digits' sum.
        found: u32,
        /// Its cells.
        cells: Vec<(usize, usize)>,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = |cells: &[(usize, usize)]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(", ");
        match self {
            Violation::Size(differs) => write!(f, "{differs}"),
            Violation::Empty { cell } => write!(f, "{} is empty", name(*cell)),
            Violation::Given { cell, given, found } => {
                write!(f, "{} holds {found}, but {given} is given there", name(*cell))
            }
            Violation::Repeated { house, index, digit, cells } => {
                write!(f, "{house} {} has {digit} twice: {}", index + 1, names(cells))
            }
            Violation::CageRepeat { cage, digit, cells } => {
                write!(f, "cage {} has {digit} twice: {}", cage + 1, names(cells))
            }
            Violation::CageSum { cage, expected, found, cells } => {
                write!(f, "cage {} ({}) adds up to {found}, not {expected}", cage + 1, names(cells))
            }
        }
    }
}

/// Checks an answer against the puzzle: every cell filled, givens kept, no digit twice in a row,
/// column, box or cage, every cage's sum.
///
/// ```
/// use tessera::killer::{parse, verify, Grid};
/// let puzzle = parse("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n")?;
/// assert!(verify(&puzzle, &Grid::parse_answer("4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3\n")?).is_valid());
/// let wrong = Grid::parse_answer("4 4\n3 2 4 1\n4 1 3 2\n2 3 1 4\n1 4 2 3\n")?;
/// // Cage 3 (r2c2, r3c2, r4c2) makes 8, not 7; cage 6 (r3c1, r4c1) makes 3, not 4.
/// assert_eq!(verify(&puzzle, &wrong).violations().len(), 2);
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn verify(puzzle: &Killer, answer: &Grid) -> crate::Verdict<Violation> {
    let n = puzzle.size();
    if let Some(verdict) = crate::SideDiffers::verdict(n, answer.size(), Violation::Size) {
        return verdict;
    }
    let digits = answer.digits();
    let mut violations = Vec::new();
    for (cell, &d) in digits.iter().enumerate() {
        let given = puzzle.givens()[cell];
        if d == 0 {
            violations.push(Violation::Empty { cell: (cell / n, cell % n) });
        } else if given != 0 && given != d {
            violations.push(Violation::Given { cell: (cell / n, cell % n), given, found: d });
        }
    }
    let mut houses: Vec<(&'static str, Vec<usize>)> = Vec::new();
    for i in 0..n {
        houses.push(("row", (0..n).map(|c| i * n + c).collect()));
    }
    for i in 0..n {
        houses.push(("column", (0..n).map(|r| r * n + i).collect()));
    }
    let mut boxes = vec![Vec::new(); n];
    for cell in 0..n * n {
        boxes[puzzle.box_of(cell)].push(cell);
    }
    houses.extend(boxes.into_iter().map(|cells| ("box", cells)));
    for (i, (house, cells)) in houses.iter().enumerate() {
        for (digit, cells) in repeats(digits, cells, n) {
            violations.push(Violation::Repeated { house, index: i % n, digit, cells });
        }
    }
    for (k, cage) in puzzle.cages().iter().enumerate() {
        for (digit, cells) in repeats(digits, cage.cells(), n) {
            violations.push(Violation::CageRepeat { cage: k, digit, cells });
        }
        let found: u32 = cage.cells().iter().map(|&c| u32::from(digits[c])).sum();
        if cage.cells().iter().all(|&c| digits[c] != 0) && found != cage.sum() {
            violations.push(Violation::CageSum {
                cage: k,
                expected: cage.sum(),
                found,
                cells: cage.cells().iter().map(|&c| (c / n, c % n)).collect(),
            });
        }
    }
    crate::Verdict::new(violations)
}

/// Each digit that appears more than once among `cells`, with its cells.
fn repeats(digits: &[u8], cells: &[usize], n: usize) -> Vec<(u8, Vec<(usize, usize)>)> {
    let mut by_digit: Vec<Vec<(usize, usize)>> = vec![Vec::new(); 33];
    for &c in cells {
        if digits[c] != 0 {
            by_digit[usize::from(digits[c])].push((c / n, c % n));
        }
    }
    by_digit.into_iter().enumerate().filter(|(_, v)| v.len() > 1).map(|(d, v)| (d as u8, v)).collect()
}
