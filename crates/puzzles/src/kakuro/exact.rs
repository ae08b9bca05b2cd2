//! Kakuro as exact cover, for `tessera-xc`: the independent route that cross-checks the
//! propagating search.
//!
//! ```text
//!   primary items  cK       each white cell K takes one digit
//!                  uR       each run R takes one combination (a set of distinct digits)
//!                  dR.D     digit D of run R is used exactly once: by a cell of R, or by R's
//!                           combination when D is not in it
//!   options        "cK dA.D dB.D"          white cell K holds D (A and B its two runs)
//!                  "uR dR.D for D not in S" run R's digits are the combination S
//! ```
//!
//! With its combination chosen, a run's digits outside it are covered and every digit in it
//! must be taken by exactly one of its cells; as the run has as many cells as the combination
//! has digits, every cell takes one of them, each once: the digits differ and add up to the
//! clue. A run without a clue may take any combination of its length. No colours are needed,
//! and the problem is small: at most 9 options a cell and 126 a run. Building reads the budget's
//! clock every 4,096 options.

use tessera_xc::{Budget, ItemId, OptionId, Problem, ProblemBuilder};

use crate::common::NotBuilt;
use crate::kakuro::solve::combinations;
use crate::kakuro::{Digits, Kakuro};
use crate::Reduction;

/// The exact-cover problem of a board and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    width: usize,
    height: usize,
    /// For each option, the cell and digit it places (`None` for a combination's option).
    places: Vec<Option<(usize, u8)>>,
    problem: Problem,
}

impl ExactCover {
    /// The problem for a board.
    pub fn new(board: &Kakuro) -> Self {
        Self::with_budget(board, &Budget::unlimited()).expect("an unlimited budget")
    }

    /// The problem for a board, or why it was not built: the budget's clock ran out.
    pub fn with_budget(board: &Kakuro, budget: &Budget) -> Result<Self, NotBuilt> {
        let w = board.width();
        let mut b = ProblemBuilder::new();
        let whites = board.whites();
        let cell_items: Vec<ItemId> = whites
            .iter()
            .map(|&i| b.primary(format!("c{}.{}", i / w + 1, i % w + 1)).expect("distinct"))
            .collect();
        let runs = board.runs();
        let run_items: Vec<ItemId> =
            (0..runs.len()).map(|r| b.primary(format!("u{r}")).expect("distinct")).collect();
        let digit_items: Vec<[ItemId; 9]> = (0..runs.len())
            .map(|r| std::array::from_fn(|d| b.primary(format!("d{r}.{}", d + 1)).expect("distinct")))
            .collect();
        let mut places = Vec::new();
        let mut built = 0u64;
        let tick = |built: &mut u64| -> Result<(), NotBuilt> {
            *built += 1;
            match (*built % 4096 == 0).then(|| budget.check_clock()).flatten() {
                Some(reason) => Err(NotBuilt::GaveUp(reason)),
                None => Ok(()),
            }
        };
        for (k, &cell) in whites.iter().enumerate() {
            let [across, down] = board.runs_of(cell);
            for (d, (&a, &c)) in digit_items[across].iter().zip(&digit_items[down]).enumerate() {
                tick(&mut built)?;
                b.option(&[cell_items[k], a, c]).expect("a valid option");
                places.push(Some((cell, d as u8 + 1)));
            }
        }
        for (r, run) in runs.iter().enumerate() {
            for combination in combinations(run.cells.len(), run.sum) {
                tick(&mut built)?;
                let items: Vec<ItemId> = std::iter::once(run_items[r])
                    .chain((0..9).filter(|d| combination >> d & 1 == 0).map(|d| digit_items[r][d]))
                    .collect();
                b.option(&items).expect("a valid option");
                places.push(None);
            }
        }
        Ok(ExactCover { width: w, height: board.height(), places, problem: b.build() })
    }
}

impl Reduction for ExactCover {
    type Solution = Digits;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Digits {
        let mut cells = vec![0u8; self.width * self.height];
        for option in options {
            if let Some(Some((cell, digit))) = self.places.get(option.index()) {
                cells[*cell] = *digit;
            }
        }
        Digits::new(self.width, self.height, cells).expect("the board's size")
    }
}
