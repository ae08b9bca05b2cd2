//! Killer Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Rate`],
//! `Generate`, [`Draw`]):
//! the module's free functions, gathered where the front ends find them.

use tessera_xc::{Budget, GaveUp};

use crate::common::{Draw, Picture, Rate, Rating, Readable, Step};
use crate::killer::{format, logic, Difficulty, Grid, Killer};
use crate::Error;

crate::common::puzzle_from_functions!(Killer, "killer", killer, Grid);
crate::common::generator!(Killer, killer);

impl Rate for Killer {
    type Level = Difficulty;
    type Rating = Rating<Difficulty>;
    type Step = Step;

    fn rate(&self, budget: &Budget) -> Result<Rating<Difficulty>, GaveUp> {
        logic::rate(self, budget)
    }

    fn level(rating: &Rating<Difficulty>) -> Difficulty {
        rating.level
    }

    fn hint(&self) -> Option<Step> {
        logic::hint(self)
    }
}

impl Readable for Killer {
    /// Nothing: the text says everything.
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Killer, Error>> + 't> {
        format::read(text)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn solution_text(&self, solution: &Grid) -> String {
        crate::common::janko::comment_lines(self.comments()) + &solution.to_string()
    }
}

impl Draw for Killer {
    fn picture(&self, answer: Option<&Grid>) -> Picture {
        let n = self.size();
        let mut picture = Picture::new(n, n);
        for (cell, drawn) in picture.cells.iter_mut().enumerate() {
            let given = self.givens()[cell];
            let digit = answer.map_or(given, |a| a.digits().get(cell).copied().unwrap_or(0));
            drawn.text = if digit == 0 { String::new() } else { digit.to_string() };
            drawn.given = given != 0;
            picture.regions[cell] = Some(self.box_of(cell) as u32);
        }
        for cage in self.cages() {
            picture.cells[cage.anchor()].corner = Some(cage.sum().to_string());
        }
        picture.cages = (0..n * n).map(|cell| self.cage_of(cell) as u32).collect();
        picture
    }
}
