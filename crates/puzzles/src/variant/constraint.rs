//! The kinds of rule a variant can carry: [`Constraint`], one value per rule with the cells it
//! names, and the small types its kinds take (the [`Direction`] of a little killer, the kinds a
//! [`Negative`] constraint covers). Apart from the grid in `model.rs` because the list is long;
//! what each kind means lives under `rules/`.

use serde::{Deserialize, Serialize};

use crate::variant::model::Cell;

/// The four diagonal directions of a little killer clue, as f-puzzles writes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Down and right.
    DR,
    /// Down and left.
    DL,
    /// Up and right.
    UR,
    /// Up and left.
    UL,
}

impl Direction {
    /// The step `(row, column)` of one move.
    pub fn step(self) -> (i16, i16) {
        match self {
            Direction::DR => (1, 1),
            Direction::DL => (1, -1),
            Direction::UR => (-1, 1),
            Direction::UL => (-1, -1),
        }
    }
}

/// Which marked relations the negative constraint applies to: every pair of neighbours *without*
/// such a mark must not have its property.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Negative {
    /// No unmarked neighbours differ by 1 (all white kropki dots given).
    Difference,
    /// No unmarked neighbours in ratio 2 (all black kropki dots given).
    Ratio,
    /// No unmarked neighbours sum to 5 or 10 (all X and V given).
    Xv,
}

/// One rule of the puzzle, as data. The grid's rows, columns and regions (see
/// [`Variant`](crate::variant::Variant)) are rules of every puzzle and are not listed here.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Constraint {
    /// The cells' digits differ (an extra region of f-puzzles, for example a windoku window).
    ExtraRegion {
        /// Its cells.
        cells: Vec<Cell>,
    },
    /// The positive diagonal (bottom left to top right) has different digits.
    DiagonalPositive,
    /// The negative diagonal (top left to bottom right) has different digits.
    DiagonalNegative,
    /// No two cells a chess knight's move apart hold the same digit.
    AntiKnight,
    /// No two cells a king's move apart (diagonally) hold the same digit.
    AntiKing,
    /// No two orthogonal neighbours hold consecutive digits (except across a white kropki dot).
    NonConsecutive,
    /// The cells in the same position of each box hold different digits.
    DisjointGroups,
    /// A killer cage: its digits differ and, with a sum, add up to it.
    Cage {
        /// Its cells.
        cells: Vec<Cell>,
        /// The sum, or none (a cage that only forbids repeats).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sum: Option<u32>,
    },
    /// A little killer clue outside the grid: the digits along its diagonal add up to `sum`
    /// (repeats allowed).
    LittleKiller {
        /// The clue's cell in the frame around the grid.
        clue: Cell,
        /// The way the diagonal runs from it.
        direction: Direction,
        /// The sum.
        sum: u32,
    },
    /// A sandwich clue outside the grid: the digits between the 1 and the N of its row or column
    /// add up to `sum`.
    Sandwich {
        /// The clue's cell: column -1 or N for a row, row -1 or N for a column.
        clue: Cell,
        /// The sum.
        sum: u32,
    },
    /// A skyscraper clue outside the grid: seen from it, with each digit a building of that
    /// height, `count` buildings of its row or column are visible (a building hides every lower
    /// one behind it).
    Skyscraper {
        /// The clue's cell: column -1 or N for a row, row -1 or N for a column.
        clue: Cell,
        /// The buildings seen, 1 to N.
        count: u32,
    },
    /// An inequality sign between two neighbours (Futoshiki): the first cell's digit is the
    /// smaller.
    Less {
        /// The smaller, then the larger.
        cells: [Cell; 2],
    },
    /// A thermometer: digits rise from the bulb (the first cell); a slow one may stay level.
    Thermometer {
        /// Bulb first.
        cells: Vec<Cell>,
        /// Non-decreasing instead of increasing.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        slow: bool,
    },
    /// An arrow: the digits on its lines add up to the number in its circle (several circle
    /// cells read as one number, in their order).
    Arrow {
        /// The circle's cells, most significant digit first.
        circle: Vec<Cell>,
        /// The lines, each without the circle.
        lines: Vec<Vec<Cell>>,
    },
    /// A white kropki dot: the two digits differ by `value` (1 by default).
    Difference {
        /// The two neighbours.
        cells: [Cell; 2],
        /// The difference.
        value: u32,
    },
    /// A black kropki dot: one digit is `value` times the other (2 by default).
    Ratio {
        /// The two neighbours.
        cells: [Cell; 2],
        /// The ratio.
        value: u32,
    },
    /// An X (sum 10) or V (sum 5) between two neighbours; any sum is accepted.
    Xv {
        /// The two neighbours.
        cells: [Cell; 2],
        /// The sum: 10 for X, 5 for V.
        sum: u32,
    },
    /// The negative constraint: every mark of these kinds is given.
    Negative {
        /// Which kinds.
        of: Vec<Negative>,
    },
    /// An odd digit.
    Odd {
        /// The cell.
        cell: Cell,
    },
    /// An even digit.
    Even {
        /// The cell.
        cell: Cell,
    },
    /// A minimum: less than each orthogonal neighbour (that is not itself a minimum).
    Minimum {
        /// The cell.
        cell: Cell,
    },
    /// A maximum: greater than each orthogonal neighbour (that is not itself a maximum).
    Maximum {
        /// The cell.
        cell: Cell,
    },
    /// A quadruple: these digits appear among the (usually four) cells, as many times as listed.
    Quadruple {
        /// The cells around the clue.
        cells: Vec<Cell>,
        /// The digits that must appear.
        values: Vec<u8>,
    },
    /// A palindrome: the line reads the same both ways.
    Palindrome {
        /// The line.
        cells: Vec<Cell>,
    },
    /// A renban line: its digits are different and form a run of consecutive numbers, in any
    /// order.
    Renban {
        /// The line.
        cells: Vec<Cell>,
    },
    /// A whispers line: neighbours on it differ by at least `difference` (German: 5, Dutch: 4).
    Whispers {
        /// The line.
        cells: Vec<Cell>,
        /// The least difference.
        difference: u32,
    },
    /// A between line: the digits inside lie strictly between those of its two ends.
    Between {
        /// The line, ends included.
        cells: Vec<Cell>,
    },
    /// A region-sum line: the parts of the line in each region have the same sum.
    RegionSumLine {
        /// The line.
        cells: Vec<Cell>,
    },
    /// A clone: the cells hold the digits of their clones, pair by pair.
    Clone {
        /// The cells.
        cells: Vec<Cell>,
        /// Their clones, in the same order.
        clones: Vec<Cell>,
    },
}

impl Constraint {
    /// Its kind's name as in JSON (`cage`, `thermometer`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Constraint::ExtraRegion { .. } => "extra-region",
            Constraint::DiagonalPositive => "diagonal-positive",
            Constraint::DiagonalNegative => "diagonal-negative",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::NonConsecutive => "non-consecutive",
            Constraint::DisjointGroups => "disjoint-groups",
            Constraint::Cage { .. } => "cage",
            Constraint::LittleKiller { .. } => "little-killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Skyscraper { .. } => "skyscraper",
            Constraint::Less { .. } => "less",
            Constraint::Thermometer { .. } => "thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::Difference { .. } => "difference",
            Constraint::Ratio { .. } => "ratio",
            Constraint::Xv { .. } => "xv",
            Constraint::Negative { .. } => "negative",
            Constraint::Odd { .. } => "odd",
            Constraint::Even { .. } => "even",
            Constraint::Minimum { .. } => "minimum",
            Constraint::Maximum { .. } => "maximum",
            Constraint::Quadruple { .. } => "quadruple",
            Constraint::Palindrome { .. } => "palindrome",
            Constraint::Renban { .. } => "renban",
            Constraint::Whispers { .. } => "whispers",
            Constraint::Between { .. } => "between",
            Constraint::RegionSumLine { .. } => "region-sum-line",
            Constraint::Clone { .. } => "clone",
        }
    }
}
