//! Hidato under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`]): the module's free functions, gathered where the front ends find them.

use crate::common::{Generate, Named, Puzzle, Rate, Readable};
use crate::hidato::{
    self, logic, parse_puzzles, Adjacency, Budget, Count, Difficulty, Engine, ExactCover, GaveUp, Generated,
    Generator, Hidato, Query, Rating, Verdict, Violation,
};
use crate::Error;

impl Puzzle for Hidato {
    const NAME: &'static str = "hidato";
    const EXACT_COVER: Engine = Engine::ExactCover;
    type Solution = Hidato;
    type Engine = Engine;
    type Violation = Violation;
    type Cover = ExactCover;

    fn solve(&self, query: &Query) -> Result<Option<Hidato>, GaveUp> {
        hidato::solve(self, query)
    }

    fn count(&self, query: &Query) -> Count {
        hidato::count(self, query)
    }

    fn visit(&self, query: &Query, visit: &(dyn Fn(Hidato) + Sync)) -> Count {
        hidato::visit(self, query, visit)
    }

    fn verify(&self, answer: &Hidato) -> Verdict {
        hidato::verify(self, answer)
    }

    fn exact_cover(&self) -> ExactCover {
        ExactCover::new(self)
    }
}

impl Readable for Hidato {
    /// Hidato (king moves) or Numbrix (rook moves).
    type ReadOptions = Adjacency;

    fn read<'t>(
        text: &'t str,
        adjacency: &Adjacency,
    ) -> Box<dyn Iterator<Item = Result<Hidato, Error>> + 't> {
        match parse_puzzles(text, *adjacency) {
            Ok(puzzles) => Box::new(puzzles.into_iter().map(Ok)),
            Err(error) => Box::new(std::iter::once(Err(error))),
        }
    }

    fn to_text(&self) -> String {
        self.to_string()
    }

    fn solution_text(&self, solution: &Hidato) -> String {
        solution.to_string()
    }
}

impl Generate for Hidato {
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

impl Rate for Hidato {
    type Level = Difficulty;
    type Rating = Rating;
    type Step = logic::Step;

    fn rate(&self, _: &Budget) -> Result<Rating, GaveUp> {
        // The Hidato rater's techniques are polynomial and each places or removes something, so
        // it ends on its own.
        Ok(hidato::rate(self))
    }

    fn level(rating: &Rating) -> Difficulty {
        rating.difficulty
    }

    fn hint(&self) -> Option<logic::Step> {
        hidato::rate(self).steps.into_iter().next()
    }
}
