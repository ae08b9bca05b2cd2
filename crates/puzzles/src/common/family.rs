//! [`Family`]: what every front end needs of a puzzle, said once in the library, so that the
//! command line, the Python package, the web game and the books register a puzzle in one line
//! and never restate its facts (its title, the sides its generator takes, how its answers are
//! read) nor read meaning back from what it draws: [`Family::values`] gives a solution's values
//! and [`Family::live`] the rules a partly filled grid is checked against, as data ([`Live`]).
//!
//! A family is a puzzle that implements the whole convention: [`Readable`], [`Generate`] making
//! a [`Made`], [`Rate`] with the shared [`Rating`] and [`Step`], and [`Draw`].

use std::ops::RangeInclusive;

use tessera_xc::{Budget, GaveUp};

use crate::common::canon::{grid_key, Relabel};
use crate::common::{Draw, Generate, Made, Rate, Rating, Readable, Step};
use crate::Error;

/// The level type of a family.
pub type Level<P> = <P as Rate>::Level;

/// A puzzle family as every front end sees it.
///
/// ```
/// use tessera::{Budget, Family, Generate, Puzzle};
/// use tessera::kenken::{Difficulty, KenKen};
/// let generator = KenKen::generator(4, Some(Difficulty::Easy), &Budget::unlimited()).expect("a side it takes");
/// let made = KenKen::generate(&generator, 7).expect("a puzzle");
/// let values = made.puzzle.values(&made.solution);
/// assert_eq!(made.puzzle.answer(&values).map(|a| made.puzzle.verify(&a).is_valid()), Some(true));
/// assert!(KenKen::side(13).is_err(), "KenKen's generator takes sides 3 to 12");
/// let live = made.puzzle.live();
/// assert_eq!(live.distinct.len(), 8, "four rows and four columns");
/// ```
pub trait Family:
    Readable<ReadOptions = ()>
    + Generate<Made = Made<Self, Level<Self>>>
    + Rate<Rating = Rating<Level<Self>>, Step = Step>
    + Draw
{
    /// Its name for people ("Killer Sudoku").
    const TITLE: &'static str;

    /// Its rules for a player who has never seen it, in two short sentences of plain English
    /// (front ends translate them by this text as the key; the web game shows them beside a
    /// small solved example on its start page).
    const RULES: &'static str;

    /// The sides of the square boards its generator takes; [`Family::generator`] refuses the
    /// others (and, within them, those the puzzle has no boxes for: Killer's primes) as bad
    /// input.
    const SIDES: RangeInclusive<usize>;

    /// `size` if it is one of [`Family::SIDES`], else the bad-input error that names them.
    fn side(size: usize) -> Result<usize, Error> {
        if Self::SIDES.contains(&size) {
            Ok(size)
        } else {
            Err(Error::OutOfRange {
                what: "the side",
                value: size as u64,
                min: *Self::SIDES.start() as u64,
                max: *Self::SIDES.end() as u64,
            })
        }
    }

    /// The generator of `size`x`size` puzzles at `level` (`None`: any) within `budget`, with the
    /// family's defaults for its other settings.
    fn generator(size: usize, level: Option<Level<Self>>, budget: &Budget) -> Result<Self::Spec, Error>;

    /// One answer in the family's answer format (what [`Readable::solution_text`] writes).
    fn read_answer(text: &str) -> Result<Self::Solution, Error>;

    /// How many non-blank lines an answer takes after its first line `first` (`next` are the
    /// lines after it, blank ones included): by default the second number of a `W H` or `W H K`
    /// header counts its rows.
    fn answer_rows(first: &str, next: &[&str]) -> usize {
        let _ = next;
        first.split_whitespace().nth(1).and_then(|h| h.parse().ok()).unwrap_or(0)
    }

    /// A solution's values, row by row: digits; for Star Battle 1 a star and 0 none.
    fn values(&self, solution: &Self::Solution) -> Vec<u32>;

    /// The solution with these values (as [`Family::values`] gives them); `None` when they are
    /// no answer of this board's shape.
    fn answer(&self, values: &[u32]) -> Option<Self::Solution>;

    /// The puzzle with these cells given as well (`None`: empty), where the family has givens;
    /// `None` when it has none.
    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        let _ = values;
        None
    }

    /// The rating from a partly filled board (`values` as for [`Family::with_placed`]): what a
    /// hint on a played board rests on. By default the rating of [`Family::with_placed`]'s
    /// puzzle, or of the printed one where the family has no givens; a family without givens
    /// whose rater can start from placed values says so here, so that its hints go on from what
    /// the player has (and from values revealed to them) instead of stalling where the printed
    /// puzzle's rating stalls.
    fn rate_placed(&self, values: &[Option<u32>], budget: &Budget) -> Result<Self::Rating, GaveUp> {
        match self.with_placed(values) {
            Some(placed) => placed.rate(budget),
            None => self.rate(budget),
        }
    }

    /// How a copy of the puzzle may rename its values and stay a copy ([`Relabel`]):
    /// [`Family::answer_key`]'s moves besides the board's rotations and reflections.
    const RELABEL: Relabel = Relabel::Permute;

    /// A key of `solution` that is the same for its copies under the board's rotations and
    /// reflections and [`Family::RELABEL`] ([`grid_key`]): what a front end marks as answered
    /// when it gives the answer out, so that a disguised copy is not a way around it.
    fn answer_key(&self, solution: &Self::Solution) -> String {
        let values = self.values(solution);
        let side = values.len().isqrt();
        let (width, height) = if side * side == values.len() { (side, side) } else { (values.len(), 1) };
        format!("{} {}", Self::TITLE, grid_key(&values, width, height, Self::RELABEL))
    }

    /// A violation's kind, one word such as `repeated-in-row` or a rule's name, and
    /// its cells (row by row from 0).
    fn violation(&self, violation: &Self::Violation) -> (&'static str, Vec<usize>);

    /// The rules as data: what a partly filled grid is checked against while it is played.
    fn live(&self) -> Live;

    /// Why `engine` cannot take this puzzle at all, which is bad input rather than a search that
    /// ran out (the exact-cover engine of Killer, KenKen and variant Sudoku refuses a puzzle whose
    /// reduction would pass its limit of options, whatever the budget); `None` when it can. The
    /// engines themselves give up at once on such a puzzle ([`GaveUp::NodeLimit`]), for callers
    /// that do not ask first.
    ///
    /// [`GaveUp::NodeLimit`]: tessera_xc::GaveUp::NodeLimit
    fn refusal(&self, engine: Self::Engine) -> Option<String> {
        let _ = engine;
        None
    }
}

/// How a cage's values make its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CageOp {
    /// They add up to it.
    Sum,
    /// The largest value minus the others is it (two cells: their difference).
    Difference,
    /// They multiply to it.
    Product,
    /// The largest value divided by the product of the others is it, exactly (two cells: their
    /// quotient).
    Quotient,
    /// One of the four (KenKen's hidden operations).
    Any,
    /// The one cell holds it.
    Given,
}

/// A relation between two cells' digits `(a, b)`, as a front end checks it while a puzzle is
/// played (see [`Live`]): variant Sudoku's lines, dots and cell rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "rel", content = "value", rename_all = "kebab-case")]
pub enum Relation {
    /// `a < b` (a thermometer's step).
    Less,
    /// `a <= b` (a slow thermometer's step).
    LessOrEqual,
    /// `|a - b| = v` (a white kropki dot).
    Difference(u32),
    /// One is `v` times the other (a black kropki dot).
    Ratio(u32),
    /// `a + b = v` (X and V).
    Sum(u32),
    /// `|a - b| >= v` (whispers; anti-knight and anti-king are 1, non-consecutive 2).
    Apart(u32),
    /// `a = b` (clones, palindromes).
    Equal,
    /// The digit is odd (the same cell twice).
    Odd,
    /// The digit is even (the same cell twice).
    Even,
}

impl Relation {
    /// Whether digits `a` and `b` keep the relation.
    pub fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Relation::Less => a < b,
            Relation::LessOrEqual => a <= b,
            Relation::Difference(v) => a.abs_diff(b) == v,
            Relation::Ratio(v) => a.min(b) * v == a.max(b),
            Relation::Sum(v) => a + b == v,
            Relation::Apart(v) => a.abs_diff(b) >= v,
            Relation::Equal => a == b,
            Relation::Odd => a % 2 == 1,
            Relation::Even => a % 2 == 0,
        }
    }
}

/// A cage: its cells' values make `target` by `op`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Cage {
    /// Row by row, ascending.
    pub cells: Vec<usize>,
    /// How.
    pub op: CageOp,
    /// The clue's number.
    pub target: u64,
}

/// A puzzle's rules as data, for checking a grid while it is played (the full verdict is
/// [`Puzzle::verify`](crate::Puzzle::verify)'s): every cell numbered row by row from 0.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Live {
    /// Digits: the largest value (1 to `max`). Stars: the stars of every unit.
    pub max: u32,
    /// Groups whose values differ (rows, columns, boxes, regions, Killer cages, diagonals).
    pub distinct: Vec<Vec<usize>>,
    /// Cages whose full set of values must make their clue.
    pub cages: Vec<Cage>,
    /// Pairs of cells in a relation.
    pub pairs: Vec<(usize, usize, Relation)>,
    /// Stars: units of exactly `max` stars (rows, columns, regions), and no two stars touch.
    pub units: Vec<Vec<usize>>,
    /// Shading (Nonogram, `max` 1): lines whose shaded cells (value 1) make exactly these runs
    /// in order, each line's cells in its order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub runs: Vec<(Vec<usize>, Vec<u32>)>,
}

impl Live {
    /// Digits 1 to `max` on a `width`x`height` board, differing in every row and column of the
    /// cells `open` says are played.
    pub fn latin(width: usize, height: usize, max: u32, open: impl Fn(usize) -> bool) -> Live {
        Live { max, distinct: lines(width, height, &open), ..Live::default() }
    }

    /// `k` stars in every row and column of the cells `open` says are played, and in each of
    /// `regions` (no two touching, which needs no list).
    pub fn stars(
        width: usize,
        height: usize,
        k: u32,
        open: impl Fn(usize) -> bool,
        regions: Vec<Vec<usize>>,
    ) -> Live {
        let mut units = lines(width, height, &open);
        units.extend(regions);
        Live { max: k, units, ..Live::default() }
    }

    /// The groups of cells sharing a value of `group` (`None`: in none), in order of first
    /// appearance.
    pub fn groups(group: impl Fn(usize) -> Option<u32>, cells: usize) -> Vec<Vec<usize>> {
        let mut order: Vec<u32> = Vec::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for cell in 0..cells {
            let Some(id) = group(cell) else { continue };
            match order.iter().position(|&known| known == id) {
                Some(k) => groups[k].push(cell),
                None => {
                    order.push(id);
                    groups.push(vec![cell]);
                }
            }
        }
        groups
    }
}

/// The rows and the columns of open cells, each as a group.
fn lines(width: usize, height: usize, open: &impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let rows = (0..height).map(|r| (0..width).map(|c| r * width + c).filter(|&i| open(i)).collect());
    let columns = (0..width).map(|c| (0..height).map(|r| r * width + c).filter(|&i| open(i)).collect());
    rows.chain(columns).filter(|group: &Vec<usize>| !group.is_empty()).collect()
}

/// Values as the digits of a grid; `None` if one is not a digit.
pub(crate) fn digits(values: &[u32]) -> Option<Vec<u8>> {
    values.iter().map(|&v| u8::try_from(v).ok()).collect()
}

/// Placed values as givens (0: empty).
pub(crate) fn givens(values: &[Option<u32>]) -> Vec<u8> {
    values.iter().map(|v| v.and_then(|v| u8::try_from(v).ok()).unwrap_or(0)).collect()
}

/// The lengths of the runs of shaded cells along a line, in order (what [`Live::runs`] asks of
/// each line): `[3, 1]` for shaded, shaded, shaded, empty, shaded.
pub fn runs_of(cells: impl Iterator<Item = bool>) -> Vec<u32> {
    let mut runs = Vec::new();
    let mut run = 0;
    for shaded in cells {
        if shaded {
            run += 1;
        } else if run > 0 {
            runs.push(run);
            run = 0;
        }
    }
    if run > 0 {
        runs.push(run);
    }
    runs
}
