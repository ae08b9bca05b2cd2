//! The KenKen verifier, independent of the solvers: it checks an answer rule by rule from the
//! puzzle's definition (the size, the Latin square, each cage's clue by [`Op::holds`]).

use std::fmt;

use crate::kenken::model::{cell_name, Grid, KenKen, Op};

/// What is wrong with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The answer's side is not the puzzle's.
    Size(crate::SideDiffers),
    /// A cell empty or holding a value outside 1..=N.
    Value {
        /// The cell (row by row from 0).
        cell: usize,
        /// What it holds.
        value: u8,
        /// The side.
        n: usize,
    },
    /// A value twice (or more) in a row.
    Row {
        /// 0-based row.
        row: usize,
        /// The value.
        value: u8,
        /// The cells that hold it.
        cells: Vec<usize>,
        /// The side.
        n: usize,
    },
    /// A value twice (or more) in a column.
    Column {
        /// 0-based column.
        column: usize,
        /// The value.
        value: u8,
        /// The cells that hold it.
        cells: Vec<usize>,
        /// The side.
        n: usize,
    },
    /// A cage whose values do not meet its clue.
    Cage {
        /// Its index in [`KenKen::cages`].
        cage: usize,
        /// Its clue as written.
        clue: String,
        /// Its operation.
        op: Op,
        /// Its cells.
        cells: Vec<usize>,
        /// Their values in the answer.
        values: Vec<u8>,
        /// The side.
        n: usize,
    },
}

fn names(n: usize, cells: &[usize]) -> String {
    cells.iter().map(|&c| cell_name(n, c)).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size(differs) => write!(f, "{differs}"),
            Violation::Value { cell, value: 0, n } => write!(f, "{} is empty", cell_name(*n, *cell)),
            Violation::Value { cell, value, n } => {
                write!(f, "{} holds {value}, not a value from 1 to {n}", cell_name(*n, *cell))
            }
            Violation::Row { row, value, cells, n } => {
                write!(f, "row {} holds {value} twice ({})", row + 1, names(*n, cells))
            }
            Violation::Column { column, value, cells, n } => {
                write!(f, "column {} holds {value} twice ({})", column + 1, names(*n, cells))
            }
            Violation::Cage { cage, clue, op, cells, values, n } => {
                let values: Vec<String> = values.iter().map(u8::to_string).collect();
                let rule = match op {
                    Op::Hidden => " under any operation",
                    _ => "",
                };
                write!(
                    f,
                    "cage {} ({clue}) at {} holds {}, which does not make {clue}{rule}",
                    cage + 1,
                    names(*n, cells),
                    values.join(", ")
                )
            }
        }
    }
}

/// Checks `answer` against `puzzle`: the side, every cell from 1 to N, no value twice in a row
/// or column, every cage's clue.
///
/// ```
/// use tessera::kenken::{verify, Grid, KenKen};
/// let puzzle = KenKen::parse("2 2\n3+ .\n2 1\n1 1\n2 3\n")?;
/// assert!(verify(&puzzle, &"2 2\n1 2\n2 1\n".parse()?).is_valid());
/// let wrong: Grid = "2 2\n2 1\n1 2\n".parse()?;
/// assert_eq!(
///     verify(&puzzle, &wrong).to_string(),
///     "cage 2 (2) at r2c1 holds 1, which does not make 2\ncage 3 (1) at r2c2 holds 2, which does not make 1"
/// );
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn verify(puzzle: &KenKen, answer: &Grid) -> crate::Verdict<Violation> {
    let n = puzzle.size();
    if let Some(verdict) = crate::SideDiffers::verdict(n, answer.size(), Violation::Size) {
        return verdict;
    }
    let cells = answer.cells();
    let mut violations = Vec::new();
    for (cell, &value) in cells.iter().enumerate() {
        if value == 0 || usize::from(value) > n {
            violations.push(Violation::Value { cell, value, n });
        }
    }
    for line in 0..n {
        for value in 1..=n as u8 {
            let row: Vec<usize> = (0..n).map(|i| line * n + i).filter(|&c| cells[c] == value).collect();
            if row.len() > 1 {
                violations.push(Violation::Row { row: line, value, cells: row, n });
            }
            let column: Vec<usize> = (0..n).map(|i| i * n + line).filter(|&c| cells[c] == value).collect();
            if column.len() > 1 {
                violations.push(Violation::Column { column: line, value, cells: column, n });
            }
        }
    }
    for (k, cage) in puzzle.cages().iter().enumerate() {
        let values: Vec<u8> = cage.cells.iter().map(|&c| cells[c]).collect();
        if !cage.holds(&values) {
            violations.push(Violation::Cage {
                cage: k,
                clue: cage.clue(),
                op: cage.op,
                cells: cage.cells.clone(),
                values,
                n,
            });
        }
    }
    crate::Verdict::new(violations)
}
