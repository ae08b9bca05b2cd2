//! Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`]): the module's free functions, gathered where the front ends find them.

use crate::common::{Generate, Named, Puzzle, Rate, Readable};
use crate::sudoku::{
    self, logic, parse_puzzles, Budget, Count, Difficulty, Engine, ExactCover, GaveUp, Generated, Generator,
    Query, Rating, Sudoku, Verdict, Violation,
};
use crate::Error;

impl Puzzle for Sudoku {
    const NAME: &'static str = "sudoku";
    const EXACT_COVER: Engine = Engine::ExactCover;
    type Solution = Sudoku;
    type Engine = Engine;
    type Violation = Violation;
    type Cover = ExactCover;

    fn solve(&self, query: &Query) -> Result<Option<Sudoku>, GaveUp> {
        sudoku::solve(self, query)
    }

    fn count(&self, query: &Query) -> Count {
        sudoku::count(self, query)
    }

    fn visit(&self, query: &Query, visit: &(dyn Fn(Sudoku) + Sync)) -> Count {
        sudoku::visit(self, query, visit)
    }

    fn verify(&self, answer: &Sudoku) -> Verdict {
        sudoku::verify(self, answer)
    }

    fn exact_cover(&self) -> ExactCover {
        ExactCover::new(self)
    }
}

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

impl Generate for Sudoku {
    type Spec = Generator;
    type Made = Generated;

    fn generate(spec: &Generator, seed: u64) -> Result<Generated, GaveUp> {
        spec.generate(seed)
    }
}

impl Named for Difficulty {
    fn all() -> &'static [Self] {
        &Difficulty::ALL
    }

    fn name(self) -> &'static str {
        Difficulty::name(self)
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
