//! KenKen under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`], [`Draw`]): the module's free functions, gathered where the front ends find them.

#[cfg(doc)]
use crate::common::Generate;
#[cfg(doc)]
use crate::common::Rate;
use crate::common::{CageOp, Draw, Family, Live, Picture, Readable};
use crate::kenken::logic::{rate_from, rate_within, Difficulty, Rating};
use crate::kenken::model::{Grid, KenKen, Op};
use crate::kenken::{Budget, GaveUp, Generator, Violation};
use crate::Error;

crate::common::puzzle_from_functions!(KenKen, "kenken", kenken, Grid);
crate::common::generator!(KenKen, kenken);

impl Readable for KenKen {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<KenKen, Error>> + 't> {
        crate::kenken::read_puzzles(text)
    }

    fn to_text(&self) -> String {
        KenKen::to_text(self)
    }

    fn solution_text(&self, solution: &Grid) -> String {
        KenKen::solution_text(self, solution)
    }
}

crate::common::rated!(
    KenKen,
    Difficulty,
    |puzzle, budget| rate_within(puzzle, budget, usize::MAX, true),
    |puzzle| {
        let budget = Budget::unlimited().with_timeout(std::time::Duration::from_secs(2));
        rate_within(puzzle, &budget, 1, true).ok()?.steps.into_iter().next()
    }
);

impl Draw for KenKen {
    /// Cages as regions (thick borders), each clue in its cell's corner (`24×`, `2÷`, `3−`, `7+`;
    /// a bare number for a given or a hidden operation), the answer's digits in the middle.
    fn picture(&self, answer: Option<&Grid>) -> Picture {
        let n = self.size();
        let mut picture = Picture::new(n, n);
        for (k, cage) in self.cages().iter().enumerate() {
            for &cell in &cage.cells {
                picture.regions[cell] = Some(k as u32);
            }
            let sign = match cage.op {
                Op::Add => "+",
                Op::Sub => "−",
                Op::Mul => "×",
                Op::Div => "÷",
                Op::Given | Op::Hidden => "",
            };
            picture.cells[cage.clue_cell].corner = Some(format!("{}{sign}", cage.target));
        }
        if let Some(answer) = answer.filter(|a| a.size() == n) {
            for (cell, &v) in answer.cells().iter().enumerate() {
                picture.cells[cell].put_digit(u32::from(v));
            }
        }
        picture
    }
}

impl Family for KenKen {
    const TITLE: &'static str = "KenKen";
    const RULES: &'static str = "Fill the grid so that every row and column holds each number once. The numbers in a cage make its target with its operation (+ − × ÷, the larger first); a cage of one cell gives its number.";
    /// From 3x3 (2x2 has two Latin squares, hardly a puzzle) to 12x12, the largest the generator
    /// makes in seconds (a uniqueness count's node cap grows with the side).
    const SIDES: std::ops::RangeInclusive<usize> = 3..=12;

    fn rate_placed(&self, values: &[Option<u32>], budget: &Budget) -> Result<Rating, GaveUp> {
        rate_from(self, values, budget)
    }

    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Self::side(size)?;
        Ok(Generator::new(size).level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Grid, Error> {
        KenKen::parse_answer(text)
    }

    fn values(&self, solution: &Grid) -> Vec<u32> {
        solution.cells().iter().map(|&d| u32::from(d)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Grid> {
        Grid::new(self.size(), crate::common::family::digits(values)?).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        use Violation as V;
        match violation {
            V::Size(_) => ("size-differs", Vec::new()),
            V::Value { cell, value: 0, .. } => ("empty", vec![*cell]),
            V::Value { cell, .. } => ("out-of-range", vec![*cell]),
            V::Row { cells, .. } => ("repeated-in-row", cells.clone()),
            V::Column { cells, .. } => ("repeated-in-column", cells.clone()),
            V::Cage { cells, .. } => ("cage", cells.clone()),
        }
    }

    /// Its cages' tuples are counted up to the limit, before anything is built.
    fn refusal(&self, engine: crate::kenken::Engine) -> Option<String> {
        use crate::kenken::{ExactCover, MAX_OPTIONS};
        (engine == crate::kenken::Engine::ExactCover && ExactCover::with_limit(self, MAX_OPTIONS).is_none())
            .then(|| format!("the exact-cover reduction would have over {MAX_OPTIONS} options (the limit)"))
    }

    /// Rows and columns; each cage's digits make its clue.
    fn live(&self) -> Live {
        let n = self.size();
        let mut live = Live::latin(n, n, n as u32, |_| true);
        for cage in self.cages() {
            let op = match cage.op {
                Op::Add => CageOp::Sum,
                Op::Sub => CageOp::Difference,
                Op::Mul => CageOp::Product,
                Op::Div => CageOp::Quotient,
                Op::Given => CageOp::Given,
                Op::Hidden => CageOp::Any,
            };
            live.cages.push(crate::common::Cage { cells: cage.cells.clone(), op, target: cage.target });
        }
        live
    }
}
