//! N-queens under the one calling convention ([`crate::Puzzle`]): the module's free functions,
//! and the bitmask search's listing handed on one solution at a time.

use crate::common::{Puzzle, Reduction};
use crate::queens::{self, solve, Board, Count, Engine, ExactCover, GaveUp, Query, Verdict, Violation};

impl Puzzle for Board {
    const NAME: &'static str = "queens";
    const EXACT_COVER: Engine = Engine::ExactCover;
    type Solution = Vec<usize>;
    type Engine = Engine;
    type Violation = Violation;
    type Cover = ExactCover;

    fn solve(&self, query: &Query) -> Result<Option<Vec<usize>>, GaveUp> {
        solve(self, query)
    }

    fn count(&self, query: &Query) -> Count {
        queens::count(self, query)
    }

    fn visit(&self, query: &Query, visit: &(dyn Fn(Vec<usize>) + Sync)) -> Count {
        match query.engine {
            Engine::ExactCover => ExactCover::new(self).visit(&query.cover(), visit),
            _ => solve::list(self.n(), query.limit, &query.budget, &mut |columns| visit(columns.to_vec())),
        }
    }

    fn verify(&self, answer: &Vec<usize>) -> Verdict {
        queens::verify(self, answer)
    }

    fn exact_cover(&self) -> ExactCover {
        ExactCover::new(self)
    }
}
