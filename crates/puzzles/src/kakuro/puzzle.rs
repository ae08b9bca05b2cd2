//! Kakuro under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Draw`],
//! [`Family`]): the module's free functions, gathered where the front ends find them.

use crate::common::{Cage, CageOp, Draw, Family, Live, Mark, Picture, Readable};
use crate::kakuro::{self, read, Budget, Cell, Difficulty, Digits, Generator, Kakuro, Violation};
use crate::Error;

crate::common::puzzle_from_functions!(Kakuro, "kakuro", kakuro, Digits);
crate::common::generator!(Kakuro, kakuro);
crate::common::rated!(Kakuro, Difficulty, kakuro::rate, kakuro::hint);

impl Readable for Kakuro {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Kakuro, Error>> + 't> {
        read(text)
    }

    fn to_text(&self) -> String {
        kakuro::to_text(self)
    }

    fn solution_text(&self, solution: &Digits) -> String {
        solution.to_string()
    }
}

impl Draw for Kakuro {
    /// The grid: blocks filled, a clue block split by its diagonal with the down sum below it
    /// and the across sum above it ([`Mark::Sums`]).
    fn picture(&self, answer: Option<&Digits>) -> Picture {
        let w = self.width();
        let mut picture = Picture::new(w, self.height());
        for (i, cell) in self.cells().iter().enumerate() {
            if let Cell::Block { down, right } = *cell {
                picture.cells[i].blocked = true;
                picture.regions[i] = None;
                if down.is_some() || right.is_some() {
                    picture.marks.push(Mark::Sums { cell: [(i / w) as i32, (i % w) as i32], down, right });
                }
            }
        }
        if let Some(answer) = answer {
            for (i, &d) in answer.cells().iter().enumerate() {
                if self.cells()[i].is_white() {
                    picture.cells[i].put_digit(u32::from(d));
                }
            }
        }
        picture
    }
}

impl Family for Kakuro {
    const TITLE: &'static str = "Kakuro";
    const RULES: &'static str = "Fill the white cells with digits 1 to 9 so that each run of white cells across or down adds up to the clue before it. No digit appears twice in a run.";
    /// From 4x4 (the frame of clues and 3x3 inside) to 24x24, the sizes of books and apps.
    const SIDES: std::ops::RangeInclusive<usize> = 4..=24;
    /// A digit is a digit: the sums tell 1 from 2.
    const RELABEL: crate::common::canon::Relabel = crate::common::canon::Relabel::None;

    /// The key of the answer's digits on the board's own rectangle, under its turns and
    /// reflections (a transposed Kakuro, its clues swapped, is a copy).
    fn answer_key(&self, solution: &Digits) -> String {
        let values = self.values(solution);
        let key = crate::common::canon::grid_key(&values, self.width(), self.height(), Self::RELABEL);
        format!("{} {key}", Self::TITLE)
    }

    fn rate_placed(
        &self,
        values: &[Option<u32>],
        budget: &Budget,
    ) -> Result<kakuro::KakuroRating, kakuro::GaveUp> {
        kakuro::logic::rate_from(self, values, budget)
    }

    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Self::side(size)?;
        Generator::reaches(level, size, size)?;
        Ok(Generator::new(size, size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Digits, Error> {
        text.parse()
    }

    fn values(&self, solution: &Digits) -> Vec<u32> {
        solution.cells().iter().map(|&d| u32::from(d)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Digits> {
        if values.len() != self.cells().len() || values.iter().any(|&v| v > 9) {
            return None;
        }
        Digits::new(self.width(), self.height(), values.iter().map(|&v| v as u8).collect()).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        let kind = match violation {
            Violation::Size { .. } => "size-differs",
            Violation::Empty { .. } => "empty-cell",
            Violation::InBlock { .. } => "digit-in-block",
            Violation::Repeat { .. } => "repeated-in-run",
            Violation::Sum { .. } => "run-sum",
        };
        (kind, violation.cells())
    }

    /// Digits 1 to 9, distinct in every run; each clued run a cage whose sum is its clue.
    fn live(&self) -> Live {
        let runs = self.runs();
        let distinct = runs.iter().map(|run| run.cells.clone()).collect();
        let cages = runs
            .iter()
            .filter_map(|run| {
                run.sum.map(|sum| Cage { cells: run.cells.clone(), op: CageOp::Sum, target: u64::from(sum) })
            })
            .collect();
        Live { max: 9, distinct, cages, ..Live::default() }
    }
}
