//! Hidato under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`], [`Draw`]): the module's free functions, gathered where the front ends find them.

#[cfg(doc)]
use crate::common::Generate;
use crate::common::{Draw, Picture, Rate, Readable};
use crate::hidato::{self, logic, parse_puzzles, Adjacency, Budget, Difficulty, GaveUp, Hidato, Rating};
use crate::Error;

crate::common::puzzle_from_functions!(Hidato, "hidato", hidato, Hidato);
crate::common::levels_and_generator!(Hidato, hidato);

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

impl Draw for Hidato {
    /// The numbers, the givens bold (every number of a puzzle; under an answer those the puzzle
    /// gives), 1 and the last number ringed; holes are no region (nothing drawn).
    fn picture(&self, answer: Option<&Hidato>) -> Picture {
        let shown = answer.unwrap_or(self);
        let last = shown.size() as i32;
        let mut picture = Picture::new(shown.width(), shown.height());
        for (cell, drawn) in picture.cells.iter_mut().enumerate() {
            picture.regions[cell] = (!shown.is_hole(cell)).then_some(0);
            let value = shown.get(cell);
            if value > 0 {
                drawn.put_digit(value as u32);
                drawn.given = answer.is_none() || self.get(cell) > 0;
                drawn.circled = value == 1 || value == last;
            }
        }
        picture
    }
}
