//! Star Battle under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Draw`]): the
//! module's free functions, gathered where the front ends find them.

use crate::common::{Draw, Picture, Rate, Rating, Readable, Step};
use crate::starbattle::{self, read, Budget, Cell, Difficulty, GaveUp, StarBattle, Stars};
use crate::Error;

crate::common::puzzle_from_functions!(StarBattle, "starbattle", starbattle, Stars);
crate::common::generator!(StarBattle, starbattle);

impl Rate for StarBattle {
    type Level = Difficulty;
    type Rating = Rating<Difficulty>;
    type Step = Step;

    fn rate(&self, budget: &Budget) -> Result<Rating<Difficulty>, GaveUp> {
        starbattle::rate(self, budget)
    }

    fn level(rating: &Rating<Difficulty>) -> Difficulty {
        rating.level
    }

    fn hint(&self) -> Option<Step> {
        starbattle::hint(self)
    }
}

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
                picture.cells[i].text = "★".to_owned();
            }
        }
        picture
    }
}
