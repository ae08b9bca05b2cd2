//! Checking an answer against its puzzle, independently of every solver.
//!
//! The seed's verifier (slides 004) returns -1 when the answer changed a given and -2 when the
//! path 1, 2, ..., N breaks. This one says where, and lists every problem rather than the first:
//!
//! 1. the shape: the same width and height (if not, nothing else is checked), the same holes;
//! 2. the givens kept (seed's -1);
//! 3. completeness: no empty cell, every number 1..=N present, none twice;
//! 4. the path: k and k+1 touch for every k whose two cells are known (seed's -2).
//!
//! Touching is decided here from the two positions and the puzzle's adjacency (eight neighbours
//! for Hidato, four for Numbrix), not through [`Hidato::touch`], to stay independent of the model.

use std::fmt;

use crate::hidato::{Adjacency, Hidato, EMPTY, HOLE};

/// The three families of violations, which `tessera hidato verify` turns into exit statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Class {
    /// The shape or a given was changed (the seed's -1).
    Changed,
    /// Cells left empty, numbers missing or repeated.
    Incomplete,
    /// Consecutive numbers that do not touch (the seed's -2).
    Broken,
}

impl Class {
    /// The seed verifier's code for this class: -1 for a changed given, -2 for a broken path
    /// (the seed's walk from 1 also stops at a gap in the numbers).
    pub fn seed_code(self) -> i32 {
        match self {
            Class::Changed => -1,
            Class::Incomplete | Class::Broken => -2,
        }
    }
}

/// One thing wrong with an answer. Positions are `(column,row)`, 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Violation {
    /// The answer has another width or height; nothing else was checked.
    SizeDiffers {
        /// The puzzle's `(width, height)`.
        expected: (usize, usize),
        /// The answer's.
        found: (usize, usize),
    },
    /// A hole of the puzzle holds something in the answer, or a cell of the puzzle is a hole.
    HoleChanged {
        /// The cell (0-based, row by row).
        cell: usize,
        /// Its `(column,row)`.
        position: (usize, usize),
        /// The puzzle's value (-1 or not).
        puzzle: i32,
        /// The answer's value.
        found: i32,
    },
    /// A given was changed or erased.
    GivenChanged {
        /// The cell.
        cell: usize,
        /// Its `(column,row)`.
        position: (usize, usize),
        /// The given.
        given: i32,
        /// The answer's value (0 when erased).
        found: i32,
    },
    /// A cell left empty.
    Empty {
        /// The cell.
        cell: usize,
        /// Its `(column,row)`.
        position: (usize, usize),
    },
    /// A number of 1..=N nowhere in the answer.
    Missing {
        /// The number.
        value: i32,
    },
    /// A number in several cells.
    Repeated {
        /// The number.
        value: i32,
        /// Its cells, in order.
        cells: Vec<usize>,
        /// Their `(column,row)`.
        positions: Vec<(usize, usize)>,
    },
    /// `value` and `value + 1` are on cells that do not touch.
    NotAdjacent {
        /// The smaller number.
        value: i32,
        /// Its cell.
        cell: usize,
        /// Its `(column,row)`.
        position: (usize, usize),
        /// The cell of `value + 1`.
        next_cell: usize,
        /// Its `(column,row)`.
        next_position: (usize, usize),
    },
}

impl Violation {
    /// Which family the violation belongs to.
    pub fn class(&self) -> Class {
        match self {
            Violation::SizeDiffers { .. }
            | Violation::HoleChanged { .. }
            | Violation::GivenChanged { .. } => Class::Changed,
            Violation::Empty { .. } | Violation::Missing { .. } | Violation::Repeated { .. } => {
                Class::Incomplete
            }
            Violation::NotAdjacent { .. } => Class::Broken,
        }
    }

    /// A short name: `size-differs`, `hole-changed`, `given-changed`, `empty`, `missing`,
    /// `repeated`, `not-adjacent`.
    pub fn kind(&self) -> &'static str {
        match self {
            Violation::SizeDiffers { .. } => "size-differs",
            Violation::HoleChanged { .. } => "hole-changed",
            Violation::GivenChanged { .. } => "given-changed",
            Violation::Empty { .. } => "empty",
            Violation::Missing { .. } => "missing",
            Violation::Repeated { .. } => "repeated",
            Violation::NotAdjacent { .. } => "not-adjacent",
        }
    }

    /// The cells involved (0-based, row by row), for highlighting.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Violation::SizeDiffers { .. } | Violation::Missing { .. } => Vec::new(),
            Violation::HoleChanged { cell, .. }
            | Violation::GivenChanged { cell, .. }
            | Violation::Empty { cell, .. } => vec![*cell],
            Violation::Repeated { cells, .. } => cells.clone(),
            Violation::NotAdjacent { cell, next_cell, .. } => vec![*cell, *next_cell],
        }
    }
}

/// `(4,7)`.
struct At((usize, usize));

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.0 .0, self.0 .1)
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::SizeDiffers { expected, found } => write!(
                f,
                "the answer is {}x{}, but the puzzle is {}x{}",
                found.0, found.1, expected.0, expected.1
            ),
            Violation::HoleChanged { position, puzzle: HOLE, found, .. } => {
                write!(f, "the hole at {} became {found}", At(*position))
            }
            Violation::HoleChanged { position, .. } => {
                write!(f, "the cell at {} became a hole", At(*position))
            }
            Violation::GivenChanged { position, given, found: EMPTY, .. } => {
                write!(f, "the given {given} at {} was erased", At(*position))
            }
            Violation::GivenChanged { position, given, found, .. } => {
                write!(f, "the given {given} at {} became {found}", At(*position))
            }
            Violation::Empty { position, .. } => write!(f, "the cell at {} is empty", At(*position)),
            Violation::Missing { value } => write!(f, "{value} is missing"),
            Violation::Repeated { value, positions, .. } => {
                write!(f, "{value} appears {} times: at ", positions.len())?;
                for (i, &position) in positions.iter().enumerate() {
                    let separator = match i {
                        0 => "",
                        _ if i + 1 == positions.len() => " and ",
                        _ => ", ",
                    };
                    write!(f, "{separator}{}", At(position))?;
                }
                Ok(())
            }
            Violation::NotAdjacent { value, position, next_position, .. } => write!(
                f,
                "{value} at {} does not touch {} at {}",
                At(*position),
                value + 1,
                At(*next_position)
            ),
        }
    }
}

/// The result of [`verify`]: every violation found, none when the answer is right; in the order
/// shape, givens, completeness, then the path in increasing numbers.
pub type Verdict = crate::Verdict<Violation>;

/// The seed verifier's reading of a Hidato [`Verdict`].
impl Verdict {
    /// The class of the first violation (the most basic problem), `None` when valid.
    pub fn class(&self) -> Option<Class> {
        self.violations().first().map(Violation::class)
    }

    /// The seed verifier's result: 0 valid, -1 a given changed, -2 the path broken.
    pub fn seed_code(&self) -> i32 {
        self.class().map_or(0, Class::seed_code)
    }
}

/// Checks `answer` against `puzzle` (see the module docs), by the puzzle's adjacency.
///
/// ```
/// use tessera::hidato::{verify, Adjacency, Hidato};
/// let puzzle = Hidato::new(3, 1, vec![1, 0, 0], Adjacency::King).unwrap();
/// let answer = Hidato::new(3, 1, vec![1, 2, 3], Adjacency::King).unwrap();
/// assert!(verify(&puzzle, &answer).is_valid());
/// let wrong = Hidato::new(3, 1, vec![1, 3, 2], Adjacency::King).unwrap();
/// let verdict = verify(&puzzle, &wrong);
/// assert_eq!(verdict.to_string(), "1 at (1,1) does not touch 2 at (3,1)");
/// assert_eq!(verdict.seed_code(), -2);
/// ```
pub fn verify(puzzle: &Hidato, answer: &Hidato) -> Verdict {
    let (width, height) = (puzzle.width(), puzzle.height());
    if (answer.width(), answer.height()) != (width, height) {
        let violation =
            Violation::SizeDiffers { expected: (width, height), found: (answer.width(), answer.height()) };
        return Verdict::new(vec![violation]);
    }
    let position = |cell: usize| (cell % width + 1, cell / width + 1);
    let mut violations = Vec::new();
    let pairs = || puzzle.cells().iter().zip(answer.cells()).enumerate();
    for (cell, (&given, &found)) in pairs() {
        if (given == HOLE) != (found == HOLE) {
            violations.push(Violation::HoleChanged { cell, position: position(cell), puzzle: given, found });
        }
    }
    for (cell, (&given, &found)) in pairs() {
        if given > 0 && found != given && found != HOLE {
            violations.push(Violation::GivenChanged { cell, position: position(cell), given, found });
        }
    }
    for (cell, (&given, &found)) in pairs() {
        if given != HOLE && found == EMPTY {
            violations.push(Violation::Empty { cell, position: position(cell) });
        }
    }
    // The numbers run 1..=N, N the puzzle's cells; the answer's holes were reported above.
    let size = puzzle.size();
    let mut places: Vec<Vec<usize>> = vec![Vec::new(); size + 1];
    for (cell, &found) in answer.cells().iter().enumerate() {
        if found > 0 && (found as usize) <= size {
            places[found as usize].push(cell);
        }
    }
    for (value, cells) in places.iter().enumerate().skip(1) {
        match cells.len() {
            0 => violations.push(Violation::Missing { value: value as i32 }),
            1 => {}
            _ => violations.push(Violation::Repeated {
                value: value as i32,
                cells: cells.clone(),
                positions: cells.iter().map(|&cell| position(cell)).collect(),
            }),
        }
    }
    for value in 1..size {
        if let ([cell], [next_cell]) = (places[value].as_slice(), places[value + 1].as_slice()) {
            if !touching(puzzle.adjacency(), position(*cell), position(*next_cell)) {
                violations.push(Violation::NotAdjacent {
                    value: value as i32,
                    cell: *cell,
                    position: position(*cell),
                    next_cell: *next_cell,
                    next_position: position(*next_cell),
                });
            }
        }
    }
    Verdict::new(violations)
}

/// Whether two positions touch: a king's step (Hidato) or a rook's step of one (Numbrix).
fn touching(adjacency: Adjacency, a: (usize, usize), b: (usize, usize)) -> bool {
    let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    match adjacency {
        Adjacency::King => dx.max(dy) == 1,
        Adjacency::Orthogonal => dx + dy == 1,
    }
}
