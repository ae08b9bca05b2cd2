//! The exact-cover reduction of a [`Variant`] for `tessera-xc`.

use tessera_xc::{Count, GaveUp, OptionId, Outcome, Problem, ProblemBuilder, Stats};

use crate::variant::model::{Grid, Variant};
use crate::variant::Query;
use crate::Reduction;

/// The exact-cover problem of a variant puzzle and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    n: usize,
    problem: Problem,
}

impl ExactCover {
    /// The reduction of `puzzle`.
    pub fn new(puzzle: &Variant) -> Self {
        let mut b = ProblemBuilder::new();
        let _ = b.primary("unbuilt");
        ExactCover { n: puzzle.size, problem: b.build() }
    }
}

impl Reduction for ExactCover {
    type Solution = Grid;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, _options: &[OptionId]) -> Grid {
        Grid::new(self.n, vec![0; self.n * self.n]).expect("an empty grid")
    }
}

/// Hands each solution (digits row by row) to `visit`, up to `query.limit`.
pub(crate) fn visit(_puzzle: &Variant, _query: &Query, _visit: &(dyn Fn(Vec<u8>) + Sync)) -> Count {
    // Placeholder until the reduction lands (issue 37): refuses rather than answers.
    Count { solutions: 0, outcome: Outcome::GaveUp(GaveUp::NodeLimit), stats: Stats::default() }
}
