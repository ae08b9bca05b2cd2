//! Nonogram under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Draw`],
//! [`Family`]): the module's free functions, gathered where the front ends find them.

use crate::common::{Draw, Family, Live, Mark, Picture, Readable};
use crate::nonogram::{self, read, Budget, Difficulty, Generator, Nonogram, Shading, Violation};
use crate::Error;

crate::common::puzzle_from_functions!(Nonogram, "nonogram", nonogram, Shading);
crate::common::generator!(Nonogram, nonogram);
crate::common::rated!(Nonogram, Difficulty, nonogram::rate, nonogram::hint);

impl Readable for Nonogram {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Nonogram, Error>> + 't> {
        read(text)
    }

    fn to_text(&self) -> String {
        nonogram::format::to_non(self)
    }

    fn solution_text(&self, solution: &Shading) -> String {
        solution.to_string()
    }
}

impl Draw for Nonogram {
    /// The grid with its clues in the frame: each row's runs left of it, each column's above
    /// it ([`Mark::Runs`]).
    fn picture(&self, answer: Option<&Shading>) -> Picture {
        let (w, h) = (self.width(), self.height());
        let mut picture = Picture::new(w, h);
        picture.frame = true;
        for (r, runs) in self.rows().iter().enumerate() {
            picture.marks.push(Mark::Runs { clue: [r as i32, -1], runs: runs.clone() });
        }
        for (c, runs) in self.columns().iter().enumerate() {
            picture.marks.push(Mark::Runs { clue: [-1, c as i32], runs: runs.clone() });
        }
        if let Some(answer) = answer {
            for (i, &shaded) in answer.cells().iter().enumerate() {
                if shaded {
                    picture.cells[i].shaded = true;
                    picture.cells[i].value = Some(1);
                }
            }
        }
        picture
    }
}

impl Family for Nonogram {
    const TITLE: &'static str = "Nonogram";
    const RULES: &'static str = "Shade cells so that each row and each column shows runs of shaded cells of the lengths its clue gives, in order. Two runs of a line have at least one empty cell between them.";
    /// From 5x5 to 40x40, the sizes of published books and apps.
    const SIDES: std::ops::RangeInclusive<usize> = 5..=40;
    /// A shaded cell and an empty one are not two names of one thing.
    const RELABEL: crate::common::canon::Relabel = crate::common::canon::Relabel::None;

    fn rate_placed(
        &self,
        values: &[Option<u32>],
        budget: &Budget,
    ) -> Result<nonogram::NonogramRating, nonogram::GaveUp> {
        nonogram::logic::rate_from(self, values, budget)
    }

    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Self::side(size)?;
        Generator::reaches(level, size, size)?;
        Ok(Generator::new(size, size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Shading, Error> {
        text.parse()
    }

    fn values(&self, solution: &Shading) -> Vec<u32> {
        solution.cells().iter().map(|&shaded| u32::from(shaded)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Shading> {
        if values.iter().any(|&v| v > 1) {
            return None;
        }
        Shading::new(self.width(), self.height(), values.iter().map(|&v| v == 1).collect()).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        let (w, h) = (self.width(), self.height());
        match violation {
            Violation::Size { .. } => ("size-differs", Vec::new()),
            Violation::Row { row, .. } => ("row-runs", (row * w..(row + 1) * w).collect()),
            Violation::Column { column, .. } => ("column-runs", (0..h).map(|r| r * w + column).collect()),
        }
    }

    /// Every line with its runs ([`Live::runs`]).
    fn live(&self) -> Live {
        let lines = self.lines().into_iter().map(|(cells, runs)| (cells, runs.to_vec())).collect();
        Live { max: 1, runs: lines, ..Live::default() }
    }

    fn refusal(&self, engine: nonogram::Engine) -> Option<String> {
        match engine {
            nonogram::Engine::ExactCover => nonogram::ExactCover::refusal(self),
            nonogram::Engine::Sat if nonogram::sat::too_large(self) => Some(format!(
                "its lines' automata have {} states, past the SAT encoding's limit of {}",
                nonogram::sat::states(self),
                nonogram::sat::MAX_STATES
            )),
            _ => None,
        }
    }
}
