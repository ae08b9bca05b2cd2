//! Star Battle under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Draw`],
//! [`Family`]): the
//! module's free functions, gathered where the front ends find them.

use crate::common::{Draw, Family, Live, Picture, Readable};
use crate::starbattle::{self, read, Budget, Cell, Difficulty, Generator, StarBattle, Stars, Violation};
use crate::Error;

crate::common::puzzle_from_functions!(StarBattle, "starbattle", starbattle, Stars);
crate::common::generator!(StarBattle, starbattle);

crate::common::rated!(StarBattle, Difficulty, starbattle::rate, starbattle::hint);

impl Readable for StarBattle {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<StarBattle, Error>> + 't> {
        read(text)
    }

    fn to_text(&self) -> String {
        crate::common::janko::comment_lines(self.comments()) + &self.to_string()
    }

    fn solution_text(&self, solution: &Stars) -> String {
        crate::common::janko::comment_lines(self.comments()) + &solution.to_string()
    }
}

impl Draw for StarBattle {
    fn picture(&self, answer: Option<&Stars>) -> Picture {
        let mut picture = Picture::new(self.width(), self.height());
        for (i, cell) in self.cells().iter().enumerate() {
            picture.regions[i] = match cell {
                Cell::Region(_) => self.region_index(i).map(|g| g as u32),
                Cell::Blocked => Some(u32::MAX),
                Cell::Outside => None,
            };
            picture.cells[i].blocked = !matches!(cell, Cell::Region(_));
            if answer.is_some_and(|stars| stars.cells().get(i) == Some(&true)) {
                picture.cells[i].put_star();
            }
        }
        picture
    }
}

/// The stars in every row, column and region of a new board of side `size`: one up to 9x9, two
/// from 10x10, as janko.at's are.
pub fn stars_on(size: usize) -> usize {
    if size >= 10 {
        2
    } else {
        1
    }
}

impl Family for StarBattle {
    const TITLE: &'static str = "Star Battle";
    const RULES: &'static str = "Place stars so that every row, every column and every region holds the number of stars the game says. Stars never touch each other, not even at a corner.";
    /// From 4x4 (the smallest that holds a star in every row apart) to 30x30; more than two stars
    /// need [`Generator::new`] itself.
    const SIDES: std::ops::RangeInclusive<usize> = 4..=30;
    /// A star and a blank are not two names of one thing.
    const RELABEL: crate::common::canon::Relabel = crate::common::canon::Relabel::None;

    fn rate_placed(
        &self,
        values: &[Option<u32>],
        budget: &Budget,
    ) -> Result<starbattle::StarRating, starbattle::GaveUp> {
        starbattle::rate_from(self, values, budget)
    }

    /// [`stars_on`] the side.
    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Self::side(size)?;
        Ok(Generator::new(size, stars_on(size))?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Stars, Error> {
        text.parse()
    }

    fn values(&self, solution: &Stars) -> Vec<u32> {
        solution.cells().iter().map(|&star| u32::from(star)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Stars> {
        let cells = values.iter().map(|&v| v == 1).collect();
        Stars::new(self.width(), self.height(), self.stars(), cells).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        use Violation as V;
        let width = self.width();
        let all = 0..self.cells().len();
        match violation {
            V::Size { .. } => ("size-differs", Vec::new()),
            V::Blocked { cell, .. } => ("star-on-blocked-cell", vec![*cell]),
            V::Row { row, .. } => ("row-count", (row * width..(row + 1) * width).collect()),
            V::Column { column, .. } => ("column-count", all.filter(|c| c % width == *column).collect()),
            V::Region { id, .. } => {
                ("region-count", all.filter(|&c| self.cells()[c].region() == Some(*id)).collect())
            }
            V::Touching { cells: (a, b), .. } => ("touching", vec![*a, *b]),
        }
    }

    /// K stars in every row, column and region of open cells, none touching.
    fn live(&self) -> Live {
        let (width, height) = (self.width(), self.height());
        let region = |cell| if self.is_open(cell) { self.region_index(cell).map(|r| r as u32) } else { None };
        let regions = Live::groups(region, width * height);
        Live::stars(width, height, self.stars() as u32, |cell| self.is_open(cell), regions)
    }
}
