//! Tilings under the one calling convention ([`crate::Puzzle`]): the module's free functions,
//! and either engine's listing handed on one tiling at a time.

use crate::common::{Puzzle as Convention, Reduction};
use crate::tiling::{self, Count, Engine, ExactCover, GaveUp, Puzzle, Query, Tiling, Verdict, Violation};

impl Convention for Puzzle {
    const NAME: &'static str = "tiling";
    const EXACT_COVER: Engine = Engine::ExactCover;
    type Solution = Tiling;
    type Engine = Engine;
    type Violation = Violation;
    type Cover = ExactCover;

    fn solve(&self, query: &Query) -> Result<Option<Tiling>, GaveUp> {
        tiling::solve(self, query)
    }

    fn count(&self, query: &Query) -> Count {
        tiling::count(self, query)
    }

    fn visit(&self, query: &Query, visit: &(dyn Fn(Tiling) + Sync)) -> Count {
        match query.engine {
            Engine::ExactCover => Reduction::visit(&ExactCover::new(self), &query.cover(), visit),
            _ => tiling::bits(self, query).visit_up_to(query.limit, |placements| {
                visit(Tiling::new(placements.iter().map(|&p| p as usize).collect()));
            }),
        }
    }

    fn verify(&self, answer: &Tiling) -> Verdict {
        tiling::verify(self, answer)
    }

    fn exact_cover(&self) -> ExactCover {
        ExactCover::new(self)
    }
}
