//! Sudoku under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`], [`Draw`]): the module's free functions, gathered where the front ends find them.

#[cfg(doc)]
use crate::common::Generate;
use crate::common::{Draw, Picture, Rate, Readable};
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

impl Draw for Sudoku {
    /// The digits (the layout's symbols above 9), the givens bold under an answer, the regions,
    /// and Sudoku X's diagonals shaded.
    fn picture(&self, answer: Option<&Sudoku>) -> Picture {
        let layout = self.layout();
        let n = layout.size();
        let shown = answer.unwrap_or(self);
        let mut picture = Picture::new(n, n);
        for (cell, drawn) in picture.cells.iter_mut().enumerate() {
            let digit = shown.get(cell);
            if digit != 0 {
                drawn.text = layout.symbol(digit).to_string();
                drawn.value = Some(u32::from(digit));
            }
            drawn.given = digit != 0 && (answer.is_none() || self.get(cell) != 0);
            let (row, col) = (cell / n, cell % n);
            drawn.shaded = layout.has_diagonals() && (row == col || row + col == n - 1);
            picture.regions[cell] = Some(layout.region_of(cell) as u32);
        }
        picture
    }
}
