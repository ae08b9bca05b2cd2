//! Variant Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Rate`],
//! `Generate`, [`Draw`]): the module's free functions, gathered where the front ends find them.

use tessera_xc::{Budget, GaveUp};

use crate::common::{Draw, Picture, Rate, Rating, Readable, Step};
use crate::variant::{format, logic, Difficulty, Grid, Variant};
use crate::Error;

crate::common::puzzle_from_functions!(Variant, "variant", variant, Grid);
crate::common::generator!(Variant, variant);

impl Rate for Variant {
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
