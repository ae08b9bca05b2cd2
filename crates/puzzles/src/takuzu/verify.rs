//! The verifier, independent of the solvers: it reads every line of the answer straight from its
//! cells and checks the three rules and the givens.

use std::fmt;

use crate::takuzu::{Binary, Takuzu, Verdict};

/// A row or a column (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// A row, from the top.
    Row(usize),
    /// A column, from the left.
    Column(usize),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Column(c) => write!(f, "column {}", c + 1),
        }
    }
}

/// A rule an answer breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The answer's size is not the board's.
    Size {
        /// The answer's width and height.
        found: (usize, usize),
        /// The board's.
        expected: (usize, usize),
    },
    /// A given digit changed.
    Given {
        /// The cell, row by row from 0.
        cell: usize,
        /// Its row and column (0-based).
        at: (usize, usize),
        /// The given digit.
        expected: bool,
    },
    /// Three alike side by side in a line.
    Three {
        /// The line.
        line: Line,
        /// Its three cells, row by row from 0.
        cells: [usize; 3],
        /// The first one's row and column (0-based).
        at: (usize, usize),
        /// The digit.
        digit: bool,
    },
    /// A line with more of one digit than the other (more than one more, in a line of odd
    /// length).
    Unbalanced {
        /// The line.
        line: Line,
        /// Its cells.
        cells: Vec<usize>,
        /// Its 1s.
        ones: usize,
    },
    /// Two lines of one direction alike (on a board that asks them distinct).
    Alike {
        /// The two lines.
        lines: (Line, Line),
        /// The cells of both.
        cells: Vec<usize>,
    },
}

impl Violation {
    /// The cells the broken rule is about.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Violation::Size { .. } => Vec::new(),
            Violation::Given { cell, .. } => vec![*cell],
            Violation::Three { cells, .. } => cells.to_vec(),
            Violation::Unbalanced { cells, .. } | Violation::Alike { cells, .. } => cells.clone(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |(r, c): (usize, usize)| format!("r{}c{}", r + 1, c + 1);
        match self {
            Violation::Size { found, expected } => {
                write!(f, "the answer is {}x{}, the puzzle {}x{}", found.0, found.1, expected.0, expected.1)
            }
            Violation::Given { at, expected, .. } => {
                write!(f, "{} is given as {}", cell(*at), u8::from(*expected))
            }
            Violation::Three { line, at, digit, .. } => {
                write!(f, "{line} has three {}s side by side from {}", u8::from(*digit), cell(*at))
            }
            Violation::Unbalanced { line, cells, ones } => {
                write!(f, "{line} has {ones} 1s and {} 0s", cells.len() - ones)
            }
            Violation::Alike { lines, .. } => write!(f, "{} and {} are alike", lines.0, lines.1),
        }
    }
}

/// Every rule `answer` breaks on `board`.
pub fn verify(board: &Takuzu, answer: &Binary) -> Verdict {
    let (w, h) = (board.width(), board.height());
    if (answer.width(), answer.height()) != (w, h) {
        return Verdict::new(vec![Violation::Size {
            found: (answer.width(), answer.height()),
            expected: (w, h),
        }]);
    }
    let values = answer.cells();
    let mut violations = Vec::new();
    for (cell, given) in board.givens().iter().enumerate() {
        if let Some(expected) = *given {
            if values[cell] != expected {
                violations.push(Violation::Given { cell, at: (cell / w, cell % w), expected });
            }
        }
    }
    // Each line's cells, read here rather than from the model's helpers.
    let lines: Vec<Vec<usize>> = (0..h)
        .map(|r| (0..w).map(|c| r * w + c).collect())
        .chain((0..w).map(|c| (0..h).map(|r| r * w + c).collect()))
        .collect();
    let line_of = |i: usize| if i < h { Line::Row(i) } else { Line::Column(i - h) };
    for (i, cells) in lines.iter().enumerate() {
        let line = line_of(i);
        for k in 0..cells.len().saturating_sub(2) {
            let three = [cells[k], cells[k + 1], cells[k + 2]];
            let digit = values[three[0]];
            if values[three[1]] == digit && values[three[2]] == digit {
                violations.push(Violation::Three {
                    line,
                    cells: three,
                    at: (three[0] / w, three[0] % w),
                    digit,
                });
            }
        }
        let ones = cells.iter().filter(|&&c| values[c]).count();
        let zeros = cells.len() - ones;
        if ones.abs_diff(zeros) > cells.len() % 2 {
            violations.push(Violation::Unbalanced { line, cells: cells.clone(), ones });
        }
    }
    if board.distinct() {
        for (first, count) in [(0, h), (h, w)] {
            for a in first..first + count {
                for b in a + 1..first + count {
                    let same = lines[a].iter().zip(&lines[b]).all(|(&p, &q)| values[p] == values[q]);
                    if same {
                        let mut cells = lines[a].clone();
                        cells.extend(&lines[b]);
                        violations.push(Violation::Alike { lines: (line_of(a), line_of(b)), cells });
                    }
                }
            }
        }
    }
    Verdict::new(violations)
}
