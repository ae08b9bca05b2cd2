//! Akari under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Draw`],
//! [`Family`]): the module's free functions, gathered where the front ends find them.

use crate::akari::{self, read, Akari, Budget, Bulbs, Cell, Difficulty, Generator, Violation};
use crate::common::{Draw, Family, Live, Picture, Readable};
use crate::Error;

crate::common::puzzle_from_functions!(Akari, "akari", akari, Bulbs);
crate::common::generator!(Akari, akari);
crate::common::rated!(Akari, Difficulty, akari::rate, akari::hint);

impl Readable for Akari {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Akari, Error>> + 't> {
        read(text)
    }

    fn to_text(&self) -> String {
        self.to_string()
    }

    fn solution_text(&self, solution: &Bulbs) -> String {
        solution.to_string()
    }
}

impl Draw for Akari {
    /// Walls filled (their number written in them, as given), bulbs as `●` (value 1).
    fn picture(&self, answer: Option<&Bulbs>) -> Picture {
        let mut picture = Picture::new(self.width(), self.height());
        for (i, cell) in self.cells().iter().enumerate() {
            if let Cell::Wall(number) = cell {
                picture.cells[i].blocked = true;
                if let Some(n) = number {
                    picture.cells[i].text = n.to_string();
                    picture.cells[i].given = true;
                }
            }
        }
        if let Some(answer) = answer {
            for (i, &bulb) in answer.cells().iter().enumerate() {
                if bulb && self.is_white(i) {
                    picture.cells[i].text = "●".to_owned();
                    picture.cells[i].value = Some(1);
                }
            }
        }
        picture
    }
}

impl Family for Akari {
    const TITLE: &'static str = "Akari";
    const RULES: &'static str = "Place bulbs in white cells so that every white cell is lit: a bulb lights its row and column up to the walls, and no bulb may light another. A numbered wall has exactly that many bulbs beside it.";
    /// From 5x5 to 25x25, the sizes of published books and apps.
    const SIDES: std::ops::RangeInclusive<usize> = 5..=25;
    /// A bulb and an empty cell are not two names of one thing.
    const RELABEL: crate::common::canon::Relabel = crate::common::canon::Relabel::None;

    fn rate_placed(
        &self,
        values: &[Option<u32>],
        budget: &Budget,
    ) -> Result<akari::AkariRating, akari::GaveUp> {
        akari::logic::rate_from(self, values, budget)
    }

    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Self::side(size)?;
        Generator::reaches(level, size, size)?;
        Ok(Generator::new(size, size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Bulbs, Error> {
        text.parse()
    }

    fn values(&self, solution: &Bulbs) -> Vec<u32> {
        solution.cells().iter().map(|&bulb| u32::from(bulb)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Bulbs> {
        if values.iter().any(|&v| v > 1) {
            return None;
        }
        Bulbs::new(self.width(), self.height(), values.iter().map(|&v| v == 1).collect()).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        match violation {
            Violation::Size { .. } => ("size-differs", Vec::new()),
            Violation::OnWall { cell, .. } => ("bulb-on-wall", vec![*cell]),
            Violation::SeeEachOther { a, b, .. } => ("bulbs-see-each-other", vec![*a, *b]),
            Violation::Unlit { cells, .. } => ("unlit", cells.clone()),
            Violation::WallCount { cell, .. } => ("wall-count", vec![*cell]),
        }
    }

    /// Bulbs are 0 or 1 ([`Live::max`]); the lighting rules have no field of [`Live`] yet: a
    /// front end checks a played grid with [`crate::Puzzle::verify`].
    fn live(&self) -> Live {
        Live { max: 1, ..Live::default() }
    }
}
