//! Takuzu under the one calling convention ([`crate::Puzzle`], [`Readable`], [`Draw`],
//! [`Family`]): the module's free functions, gathered where the front ends find them.

use crate::common::{CageOp, Draw, Family, Live, Picture, Readable};
use crate::takuzu::{self, read, Binary, Budget, Difficulty, Generator, Takuzu, Violation};
use crate::Error;

crate::common::puzzle_from_functions!(Takuzu, "takuzu", takuzu, Binary);
crate::common::generator!(Takuzu, takuzu);
crate::common::rated!(Takuzu, Difficulty, takuzu::rate, takuzu::hint);

impl Readable for Takuzu {
    type ReadOptions = ();

    fn read<'t>(text: &'t str, _: &()) -> Box<dyn Iterator<Item = Result<Takuzu, Error>> + 't> {
        read(text)
    }

    fn to_text(&self) -> String {
        takuzu::format::to_text(self)
    }

    fn solution_text(&self, solution: &Binary) -> String {
        solution.to_string()
    }
}

impl Draw for Takuzu {
    /// The grid with its given digits in bold, and an answer's digits beside them.
    fn picture(&self, answer: Option<&Binary>) -> Picture {
        let mut picture = Picture::new(self.width(), self.height());
        for (i, cell) in picture.cells.iter_mut().enumerate() {
            let digit = match (self.givens()[i], answer) {
                (Some(given), _) => {
                    cell.given = true;
                    Some(given)
                }
                (None, Some(answer)) => Some(answer.cells()[i]),
                (None, None) => None,
            };
            if let Some(one) = digit {
                cell.text = if one { "1" } else { "0" }.to_owned();
                cell.value = Some(u32::from(one));
            }
        }
        picture
    }
}

impl Family for Takuzu {
    const TITLE: &'static str = "Takuzu";
    const RULES: &'static str = "Fill every cell with 0 or 1: no three alike side by side in a row or column, as many 0s as 1s in each. No two rows and no two columns are the same.";
    /// From 4x4 to 20x20, even sides (the sizes of published books, apps and Tatham's `unruly`).
    const SIDES: std::ops::RangeInclusive<usize> = 4..=20;

    fn rate_placed(
        &self,
        values: &[Option<u32>],
        budget: &Budget,
    ) -> Result<takuzu::TakuzuRating, takuzu::GaveUp> {
        takuzu::logic::rate_from(self, values, budget)
    }

    fn generator(size: usize, level: Option<Difficulty>, budget: &Budget) -> Result<Generator, Error> {
        Self::side(size)?;
        Generator::reaches(level, size, size)?;
        Ok(Generator::new(size, size)?.level(level).budget(budget.clone()))
    }

    fn read_answer(text: &str) -> Result<Binary, Error> {
        text.parse()
    }

    fn values(&self, solution: &Binary) -> Vec<u32> {
        solution.cells().iter().map(|&one| u32::from(one)).collect()
    }

    fn answer(&self, values: &[u32]) -> Option<Binary> {
        if values.iter().any(|&v| v > 1) {
            return None;
        }
        Binary::new(self.width(), self.height(), values.iter().map(|&v| v == 1).collect()).ok()
    }

    fn with_placed(&self, values: &[Option<u32>]) -> Option<Self> {
        let mut givens = self.givens().to_vec();
        for (cell, value) in values.iter().enumerate().take(givens.len()) {
            match (givens[cell], *value) {
                (None, Some(v)) if v <= 1 => givens[cell] = Some(v == 1),
                (Some(given), Some(v)) if u32::from(given) != v => return None,
                _ => {}
            }
        }
        self.with_givens(givens).ok()
    }

    fn violation(&self, violation: &Violation) -> (&'static str, Vec<usize>) {
        let key = match violation {
            Violation::Size { .. } => "size-differs",
            Violation::Given { .. } => "given-changed",
            Violation::Three { .. } => "three-alike",
            Violation::Unbalanced { .. } => "unbalanced-line",
            Violation::Alike { .. } => "lines-alike",
        };
        (key, violation.cells())
    }

    /// Every line's count of 1s, as a sum cage over the line (checked when it is full).
    fn live(&self) -> Live {
        let cages = (0..self.lines())
            .map(|line| self.line_cells(line))
            .filter(|cells| cells.len() % 2 == 0)
            .map(|cells| {
                let target = (cells.len() / 2) as u64;
                crate::common::Cage { cells, op: CageOp::Sum, target }
            })
            .collect();
        Live { max: 1, cages, ..Live::default() }
    }

    fn refusal(&self, engine: takuzu::Engine) -> Option<String> {
        match engine {
            takuzu::Engine::ExactCover => takuzu::ExactCover::refusal(self),
            _ => None,
        }
    }
}
