//! Variant Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Rate`],
//! `Generate`, [`Draw`]): the module's free functions, gathered where the front ends find them.

use tessera_xc::Budget;

use crate::common::{CageOp, Draw, Family, Live, Picture, Readable};
use crate::variant::{
    format, logic, Constraint, Difficulty, Generator, Grid, Variant, Violation, MAX_SIZE, MIN_SIZE,
};
use crate::Error;

crate::common::puzzle_from_functions!(Variant, "variant", variant, Grid);
crate::common::generator!(Variant, variant);

crate::common::rated!(Variant, Difficulty, logic::rate, logic::hint);

impl Readable for Variant {
    /// Nothing: the text says everything.
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Variant, Error>> + 't> {
        format::read(text)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.to_string()
    }
}

impl Draw for Variant {
    fn picture(&self, answer: Option<&Grid>) -> Picture {
        crate::variant::draw::picture(self, answer)
    }
}

/// The kinds of the grid's own rules, as the verifier names them; a constraint's kind is its
/// [`Constraint::name`].
const GRID_KINDS: [&str; 6] =
    ["size-differs", "empty", "given-changed", "repeated-in-row", "repeated-in-column", "repeated-in-region"];

impl Family for Variant {
    const TITLE: &'static str = "Variant Sudoku";
    const RULES: &'static str = "Fill the grid so that every row, column and box holds each digit once, as in Sudoku. Every mark drawn on the board adds its own rule (cages, thermometers, arrows, dots, lines); the game lists them.";
    const SIDES: std::ops::RangeInclusive<usize> = MIN_SIZE..=MAX_SIZE;

    /// The default template ([`Template::Auto`](crate::variant::Template::Auto)).
    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Ok(Generator::new(size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Grid, Error> {
        Grid::parse(text)
    }

    /// An answer is its rows of digits, no header: a first line of L digits (or numbers between
    /// spaces) starts an LxL grid when L - 1 more rows of L follow; otherwise it is a whole grid
    /// on one line (16 digits: a 4x4 grid, unless 15 rows of 16 follow it).
    fn answer_rows(first: &str, next: &[&str]) -> usize {
        let width = |line: &str| {
            if line.contains(' ') {
                line.split_whitespace().count()
            } else {
                line.trim().chars().count()
            }
        };
        let side = width(first);
        if !(MIN_SIZE..=MAX_SIZE).contains(&side) {
            return 0;
        }
        let rows: Vec<&str> =
            next.iter().copied().filter(|line| !line.trim().is_empty()).take(side - 1).collect();
        // 16 digits are a row of a 16x16 grid or a whole 4x4 grid: the rows that follow tell.
        if side == 16 && !(rows.len() == side - 1 && rows.iter().all(|row| width(row) == side)) {
            return 0;
        }
        side - 1
    }

    fn values(&self, solution: &Grid) -> Vec<u32> {
        solution.digits().iter().map(|&d| u32::from(d)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Grid> {
        Grid::new(self.size(), crate::common::family::digits(values)?).ok()
    }

    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        let mut placed = self.clone();
        for (given, value) in placed.givens.iter_mut().zip(crate::common::family::givens(values)) {
            if *given == 0 {
                *given = value;
            }
        }
        Some(placed)
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        let n = self.size();
        let kind = match violation.constraint {
            Some(at) => self.constraints.get(at.wrapping_sub(1)).map(Constraint::name),
            None => GRID_KINDS.iter().copied().find(|kind| *kind == violation.kind),
        };
        let cells = violation.cells.iter().filter_map(|cell| cell.index(n)).collect();
        (kind.unwrap_or("other"), cells)
    }

    /// The exact cover is built (and dropped) to know: it stops at [`crate::common::MAX_OPTIONS`].
    fn refusal(&self, engine: crate::variant::Engine) -> Option<String> {
        let exact = engine == crate::variant::Engine::ExactCover;
        exact
            .then(|| {
                crate::common::too_large(crate::variant::ExactCover::with_budget(self, &Budget::unlimited()))
            })
            .flatten()
    }

    /// From [`crate::variant::live`]: rows and columns, the regions and every group, cage sum and
    /// pair of cells it lists; the rest is the verifier's, on the full grid.
    fn live(&self) -> Live {
        let n = self.size();
        let described = crate::variant::live(self);
        let mut live = Live::latin(n, n, n as u32, |_| true);
        live.distinct.extend(described.distinct);
        live.cages = described
            .sums
            .into_iter()
            .map(|(cells, sum)| crate::common::Cage { cells, op: CageOp::Sum, target: u64::from(sum) })
            .collect();
        live.pairs = described.pairs;
        live
    }
}
