//! Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`]): the module's free functions, gathered where the front ends find them.

#[cfg(doc)]
use crate::common::Generate;
use crate::common::{Rate, Readable};
use crate::sudoku::{logic, parse_puzzles, Budget, Difficulty, GaveUp, Rating, Sudoku};
use crate::Error;

crate::common::puzzle_from_functions!(Sudoku, "sudoku", sudoku, Sudoku);
crate::common::levels_and_generator!(Sudoku, sudoku);

impl Readable for Sudoku {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Sudoku, Error>> + 't> {
        Box::new(parse_puzzles(text).map(|parsed| parsed.puzzle))
    }

    fn to_text(&self) -> String {
        self.to_line()
    }

    fn solution_text(&self, solution: &Sudoku) -> String {
        solution.to_line()
    }
}

impl Rate for Sudoku {
    type Level = Difficulty;
    type Rating = Rating;
    type Step = logic::Step;

    fn rate(&self, budget: &Budget) -> Result<Rating, GaveUp> {
        logic::rate_within(self, budget)
    }

    fn level(rating: &Rating) -> Difficulty {
        rating.difficulty
    }

    fn hint(&self) -> Option<logic::Step> {
        logic::hint(self)
    }
}
