//! The verifier, independent of the solvers: it counts stars per row, column and region and
//! looks at every pair of touching stars, straight from the rules.

use std::fmt;

use crate::starbattle::{model::name, StarBattle, Stars};

/// A rule an answer breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The answer's size or K is not the board's.
    Size {
        /// The answer's width, height and K.
        found: (usize, usize, usize),
        /// The board's.
        expected: (usize, usize, usize),
    },
    /// A star on a blocked cell (row by row from 0).
    Blocked {
        /// The cell.
        cell: usize,
        /// The board's width, to name it.
        width: usize,
    },
    /// A row without exactly K stars.
    Row {
        /// 0-based row.
        row: usize,
        /// Stars in it.
        stars: usize,
        /// K.
        expected: usize,
    },
    /// A column without exactly K stars.
    Column {
        /// 0-based column.
        column: usize,
        /// Stars in it.
        stars: usize,
        /// K.
        expected: usize,
    },
    /// A region without exactly K stars.
    Region {
        /// The region's id as the file writes it.
        id: u32,
        /// Stars in it.
        stars: usize,
        /// K.
        expected: usize,
    },
    /// Two stars that touch (side or corner).
    Touching {
        /// The two cells (row by row from 0), the first before the second.
        cells: (usize, usize),
        /// The board's width, to name them.
        width: usize,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Size { found, expected } => write!(
                f,
                "the answer is {}x{} with {} stars per unit, the puzzle {}x{} with {}",
                found.0, found.1, found.2, expected.0, expected.1, expected.2
            ),
            Violation::Blocked { cell, width } => {
                write!(f, "{}: a star on a blocked cell", name(cell, width))
            }
            Violation::Row { row, stars, expected } => {
                write!(f, "row {} has {stars} stars, not {expected}", row + 1)
            }
            Violation::Column { column, stars, expected } => {
                write!(f, "column {} has {stars} stars, not {expected}", column + 1)
            }
            Violation::Region { id, stars, expected } => {
                write!(f, "region {id} has {stars} stars, not {expected}")
            }
            Violation::Touching { cells: (a, b), width } => {
                write!(f, "the stars at {} and {} touch", name(a, width), name(b, width))
            }
        }
    }
}

/// Every rule `answer` breaks on `board`: stars on blocked cells, rows, columns and regions
/// without exactly K stars, touching stars.
///
/// ```
/// use tessera::starbattle::{verify, StarBattle, Stars};
/// let board: StarBattle = "4 4 1\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n".parse()?;
/// let wrong: Stars = "4 4 1\nx - - -\n- x - -\n- - - x\n- - x -\n".parse()?;
/// let verdict = verify(&board, &wrong);
/// assert_eq!(verdict.to_string(), "region 1 has 2 stars, not 1\nregion 2 has 0 stars, not 1\nregion 3 has 0 stars, not 1\nregion 4 has 2 stars, not 1\nthe stars at r1c1 and r2c2 touch\nthe stars at r3c4 and r4c3 touch");
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn verify(board: &StarBattle, answer: &Stars) -> crate::Verdict<Violation> {
    let (w, h, k) = (board.width(), board.height(), board.stars());
    let found = (answer.width(), answer.height(), answer.stars());
    if found != (w, h, k) {
        return crate::Verdict::new(vec![Violation::Size { found, expected: (w, h, k) }]);
    }
    let mut violations = Vec::new();
    let mut rows = vec![0; h];
    let mut columns = vec![0; w];
    let mut regions = vec![0; board.region_count()];
    for cell in answer.star_cells() {
        rows[cell / w] += 1;
        columns[cell % w] += 1;
        match board.region_index(cell) {
            Some(region) => regions[region] += 1,
            None => violations.push(Violation::Blocked { cell, width: w }),
        }
    }
    let wrong = |stars: &usize| *stars != k;
    for (row, &stars) in rows.iter().enumerate().filter(|(_, s)| wrong(s)) {
        violations.push(Violation::Row { row, stars, expected: k });
    }
    for (column, &stars) in columns.iter().enumerate().filter(|(_, s)| wrong(s)) {
        violations.push(Violation::Column { column, stars, expected: k });
    }
    for (index, &stars) in regions.iter().enumerate().filter(|(_, s)| wrong(s)) {
        violations.push(Violation::Region { id: board.region_id(index), stars, expected: k });
    }
    for a in answer.star_cells() {
        let (r, c) = (a / w, a % w);
        // The neighbours after it: right, and the three below.
        let later = [(r, c + 1), (r + 1, c.wrapping_sub(1)), (r + 1, c), (r + 1, c + 1)];
        for (rr, cc) in later {
            if rr < h && cc < w && answer.is_star(rr, cc) {
                violations.push(Violation::Touching { cells: (a, rr * w + cc), width: w });
            }
        }
    }
    crate::Verdict::new(violations)
}
