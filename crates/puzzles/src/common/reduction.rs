//! [`Reduction`]: a puzzle as an exact-cover problem, solved by `tessera-xc`.

use std::sync::{Mutex, PoisonError};

use tessera_xc::{Count, GaveUp, OptionId, Outcome, ParallelSearch, Problem};

use crate::common::{Query, Solutions};

/// The question to an exact-cover search: a [`Query`] over `tessera-xc`'s engines.
pub type CoverQuery = Query<tessera_xc::Engine>;

/// A puzzle reduced to exact cover: its [`Problem`] and the way back from a set of options to the
/// puzzle's solution. Every puzzle's `ExactCover` implements it, so that solving through the
/// reduction reads the same for all of them, and every dedicated solver is checked against it.
///
/// ```
/// use tessera::queens::{Board, ExactCover};
/// use tessera::{CoverQuery, Reduction};
/// let cover = ExactCover::new(&Board::new(6).unwrap());
/// assert_eq!(cover.count(&CoverQuery::default()).solutions, 4);
/// let first = cover.solve(&CoverQuery::default()).unwrap().expect("a solution");
/// assert!(tessera::queens::verify(&Board::new(6).unwrap(), &first).is_valid());
/// ```
pub trait Reduction {
    /// What a solution of the puzzle is.
    type Solution;

    /// The exact-cover problem.
    fn problem(&self) -> &Problem;

    /// The puzzle's solution from the options of an exact cover.
    fn decode(&self, options: &[OptionId]) -> Self::Solution;

    /// Exact covers counted up to `query.limit`, on `query.threads` threads.
    fn count(&self, query: &CoverQuery) -> Count {
        search(self.problem(), query).count_up_to(query.limit)
    }

    /// Up to `query.limit` solutions, decoded (in the engine's order on one thread, in no fixed
    /// order on several), and how the search ended.
    fn solutions(&self, query: &CoverQuery) -> Solutions<Self::Solution>
    where
        Self: Sync,
        Self::Solution: Send,
    {
        let found = Mutex::new(Vec::new());
        let count = self.visit(query, &|solution| {
            found.lock().unwrap_or_else(PoisonError::into_inner).push(solution);
        });
        Solutions::new(found.into_inner().unwrap_or_else(PoisonError::into_inner), count)
    }

    /// Hands each solution, decoded, to `visit` as it is found, up to `query.limit`, and says how
    /// the search ended.
    fn visit(&self, query: &CoverQuery, visit: &(dyn Fn(Self::Solution) + Sync)) -> Count
    where
        Self: Sync,
    {
        search(self.problem(), query).visit_up_to(query.limit, |options| visit(self.decode(options)))
    }

    /// The first solution, `None` if there is none, or why the search gave up.
    fn solve(&self, query: &CoverQuery) -> Result<Option<Self::Solution>, GaveUp>
    where
        Self: Sync,
        Self::Solution: Send,
    {
        first(self.solutions(&query.clone().with_limit(1)))
    }
}

/// The search a query asks for.
fn search<'p>(problem: &'p Problem, query: &CoverQuery) -> ParallelSearch<'p> {
    ParallelSearch::new(problem)
        .with_threads(query.threads)
        .with_engine(query.engine)
        .with_budget(query.budget.clone())
}

/// The first of some solutions, or why the search gave up before finding one.
pub(crate) fn first<T>(solutions: Solutions<T>) -> Result<Option<T>, GaveUp> {
    match (solutions.found.into_iter().next(), solutions.count.outcome) {
        (None, Outcome::GaveUp(reason)) => Err(reason),
        (first, _) => Ok(first),
    }
}

/// The digits, row by row, of the `n`×`n` grid that some options of a grid puzzle's reduction
/// fill (KenKen's, Killer's, variant Sudoku's): each option writes the `(cell, digit)` pairs
/// `writes` gives for its index; a cell no option writes stays 0.
pub(crate) fn grid_digits<I>(n: usize, options: &[OptionId], writes: impl Fn(usize) -> I) -> Vec<u8>
where
    I: IntoIterator<Item = (usize, u8)>,
{
    let mut digits = vec![0; n * n];
    for option in options {
        for (cell, digit) in writes(option.index()) {
            digits[cell] = digit;
        }
    }
    digits
}

/// The most options the Killer and variant reductions are built with.
pub const MAX_OPTIONS: usize = 2_000_000;

/// Why a reduction (Killer's, variant Sudoku's) was not built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotBuilt {
    /// It would have more than [`MAX_OPTIONS`] options.
    TooLarge {
        /// Options counted before stopping.
        options: usize,
    },
    /// The budget ran out while building.
    GaveUp(GaveUp),
}

impl std::fmt::Display for NotBuilt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotBuilt::TooLarge { options } => {
                write!(f, "the exact-cover reduction would have over {options} options (the limit is {MAX_OPTIONS})")
            }
            NotBuilt::GaveUp(reason) => write!(f, "gave up while building the reduction: {reason}"),
        }
    }
}

/// What [`Family::refusal`](crate::Family::refusal) says of a reduction built to know: its
/// words when it would pass [`MAX_OPTIONS`], `None` when it was built (or only a budget stopped
/// it).
pub(crate) fn too_large<T>(built: Result<T, NotBuilt>) -> Option<String> {
    matches!(built, Err(NotBuilt::TooLarge { .. }))
        .then(|| NotBuilt::TooLarge { options: MAX_OPTIONS }.to_string())
}
