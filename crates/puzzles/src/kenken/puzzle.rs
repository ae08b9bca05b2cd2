//! KenKen under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Generate`],
//! [`Rate`], [`Draw`]): the module's free functions, gathered where the front ends find them.

#[cfg(doc)]
use crate::common::Generate;
use crate::common::{Draw, Picture, Rate, Readable};
use crate::kenken::logic::{rate_within, Difficulty, Rating, Step};
use crate::kenken::model::{Grid, KenKen, Op};
use crate::kenken::Budget;
use crate::{Error, GaveUp};

crate::common::puzzle_from_functions!(KenKen, "kenken", kenken, Grid);
crate::common::generator!(KenKen, kenken);

impl Readable for KenKen {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<KenKen, Error>> + 't> {
        crate::kenken::read_puzzles(text)
    }

    fn to_text(&self) -> String {
        KenKen::to_text(self)
    }

    fn solution_text(&self, solution: &Grid) -> String {
        KenKen::solution_text(self, solution)
    }
}

impl Rate for KenKen {
    type Level = Difficulty;
    type Rating = Rating;
    type Step = Step;

    fn rate(&self, budget: &Budget) -> Result<Rating, GaveUp> {
        rate_within(self, budget, usize::MAX)
    }

    fn level(rating: &Rating) -> Difficulty {
        rating.level
    }

    fn hint(&self) -> Option<Step> {
        rate_within(self, &Budget::unlimited(), 1).ok()?.steps.into_iter().next()
    }
}

impl Draw for KenKen {
    /// Cages as regions (thick borders), each clue in its cell's corner (`24×`, `2÷`, `3−`, `7+`;
    /// a bare number for a given or a hidden operation), the answer's digits in the middle.
    fn picture(&self, answer: Option<&Grid>) -> Picture {
        let n = self.size();
        let mut picture = Picture::new(n, n);
        for (k, cage) in self.cages().iter().enumerate() {
            for &cell in &cage.cells {
                picture.regions[cell] = Some(k as u32);
            }
            let sign = match cage.op {
                Op::Add => "+",
                Op::Sub => "−",
                Op::Mul => "×",
                Op::Div => "÷",
                Op::Given | Op::Hidden => "",
            };
            picture.cells[cage.clue_cell].corner = Some(format!("{}{sign}", cage.target));
        }
        if let Some(answer) = answer.filter(|a| a.size() == n) {
            for (cell, &v) in answer.cells().iter().enumerate() {
                if v != 0 {
                    picture.cells[cell].text = v.to_string();
                }
            }
        }
        picture
    }
}
