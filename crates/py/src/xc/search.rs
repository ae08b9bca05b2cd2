//! `ExactCover`'s problem as a [`Search`], so that its `solve`, `count` and listing are the
//! generic cores of `class.rs`, like every puzzle's.
//!
//! `tessera_xc::Problem` is not a `tessera::Puzzle` (it is the reduction's target, and a verdict
//! of its own cannot be built outside `tessera`), so it implements the Python side's [`Search`]
//! directly; its engines are named by [`XcEngine`], a [`Named`] mirror of `tessera_xc::Engine`
//! whose names are the library's (`Engine::name`).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use tessera::{Named, Query};
use tessera_xc::{Count, Engine, GaveUp, OptionId, Outcome, ParallelSearch, Problem, Solver};

use crate::class::Search;

/// The engines of `tessera_xc`, by their names (`auto`, `links`, `dlx1`, `bitset`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct XcEngine(pub(crate) Engine);

/// Every engine, in the order the names are listed.
const ENGINES: [XcEngine; 4] =
    [XcEngine(Engine::Auto), XcEngine(Engine::Links), XcEngine(Engine::Dlx1), XcEngine(Engine::Bitset)];

impl Named for XcEngine {
    fn all() -> &'static [Self] {
        &ENGINES
    }

    fn name(self) -> &'static str {
        self.0.name()
    }
}

impl fmt::Display for XcEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

impl FromStr for XcEngine {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let wanted = text.trim().to_ascii_lowercase();
        ENGINES.into_iter().find(|engine| engine.name() == wanted).ok_or_else(|| {
            format!("unknown engine {text:?}; expected one of {}", XcEngine::names().join(", "))
        })
    }
}

/// An exact-cover problem, shared with every search over it.
#[derive(Debug, Clone)]
pub(crate) struct Cover(pub(crate) Arc<Problem>);

impl Cover {
    /// A solver for `query`'s engine and budget, from `seed` when given.
    fn solver(&self, query: &Query<XcEngine>, seed: Option<u64>) -> Solver<'_> {
        let solver = Solver::new(&self.0).with_engine(query.engine.0).with_budget(query.budget.clone());
        match seed {
            Some(seed) => solver.with_seed(seed),
            None => solver,
        }
    }

    /// The first solution in search order (from `seed`'s order when given), with the search's
    /// count.
    pub(crate) fn first(
        &self,
        query: &Query<XcEngine>,
        seed: Option<u64>,
    ) -> (Result<Option<Vec<OptionId>>, GaveUp>, Count) {
        let mut solver = self.solver(query, seed);
        let first = solver.first();
        let outcome = match &first {
            Err(reason) => Outcome::GaveUp(*reason),
            Ok(_) => Outcome::Exhausted,
        };
        let found = u64::from(matches!(first, Ok(Some(_))));
        (first, Count { solutions: found, outcome, stats: solver.stats() })
    }

    /// The listing of [`Search::list`] on one thread, nothing searched ahead of `each`, in
    /// `seed`'s order when given.
    pub(crate) fn list_from(
        &self,
        query: &Query<XcEngine>,
        seed: Option<u64>,
        each: &mut dyn FnMut(Vec<OptionId>) -> bool,
    ) -> Count {
        let mut solver = self.solver(query, seed);
        let mut found = 0;
        loop {
            if found >= query.limit {
                return Count { solutions: found, outcome: Outcome::LimitReached, stats: solver.stats() };
            }
            let Some(solution) = solver.next() else { break };
            found += 1;
            if !each(solution) {
                let outcome = Outcome::GaveUp(GaveUp::Cancelled);
                return Count { solutions: found, outcome, stats: solver.stats() };
            }
        }
        let outcome = solver.gave_up().map_or(Outcome::Exhausted, Outcome::GaveUp);
        Count { solutions: found, outcome, stats: solver.stats() }
    }
}

impl Search for Cover {
    const NAME: &'static str = "xc";
    type Engine = XcEngine;
    type Solution = Vec<OptionId>;

    fn solve(&self, query: &Query<XcEngine>) -> Result<Option<Vec<OptionId>>, GaveUp> {
        self.first(query, None).0
    }

    fn count(&self, query: &Query<XcEngine>) -> Count {
        if query.threads <= 1 {
            self.solver(query, None).count_up_to(query.limit)
        } else {
            ParallelSearch::new(&self.0)
                .with_threads(query.threads)
                .with_engine(query.engine.0)
                .with_budget(query.budget.clone())
                .count_up_to(query.limit)
        }
    }

    /// On one thread (`threads` is not used), nothing searched ahead.
    fn list(&self, query: Query<XcEngine>, each: &mut dyn FnMut(Vec<OptionId>) -> bool) -> Count {
        self.list_from(&query, None, each)
    }
}
