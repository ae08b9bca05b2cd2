//! [`Query`]: what a search is asked (engine, limit, threads, budget), the one argument every
//! puzzle's `solve`, `count` and `solutions` take after the puzzle; and [`Solutions`], what
//! `solutions` answers.

use tessera_xc::{Budget, Count};

/// A question to a puzzle's solvers: which engine, how many solutions at most, on how many
/// threads, within what budget. Build it from [`Default`] with the `with_` methods; each puzzle
/// names its own as `Query` (for example `tessera::sudoku::Query`), over its own `Engine`.
///
/// ```
/// use tessera::sudoku::{Engine, Query};
/// use tessera::xc::Budget;
/// let query = Query::default().with_limit(2).with_engine(Engine::ExactCover).with_budget(Budget::unlimited().with_nodes(1_000));
/// assert_eq!((query.limit, query.threads), (2, 1));
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Query<E> {
    /// The solver; every engine finds the same solutions (perhaps in another order).
    pub engine: E,
    /// The most solutions to find (`count` and `solutions`); [`u64::MAX`] by default. `solve`
    /// ignores it: it stops at the first.
    pub limit: u64,
    /// Threads the search may use; 1 by default. Sudoku runs on one thread whatever this says;
    /// Hidato's portfolio on 2 or more runs its learner beside its depth-first members.
    pub threads: usize,
    /// Nodes, deadline and cancel flag; unlimited by default.
    pub budget: Budget,
    /// A random order of trying, the same for the same seed; `None` (the default) is each
    /// engine's own fixed order. Sudoku's `solve` takes it (a random solution of a grid with
    /// several, as the generator needs), and Hidato's restarts draw their orders from it; the
    /// other searches keep their fixed order.
    pub seed: Option<u64>,
}

impl<E: Default> Default for Query<E> {
    fn default() -> Self {
        Query { engine: E::default(), limit: u64::MAX, threads: 1, budget: Budget::unlimited(), seed: None }
    }
}

impl<E> Query<E> {
    /// The same query with another engine.
    pub fn with_engine(mut self, engine: E) -> Self {
        self.engine = engine;
        self
    }

    /// The same query stopping at `limit` solutions.
    pub fn with_limit(mut self, limit: u64) -> Self {
        self.limit = limit;
        self
    }

    /// The same query on `threads` threads (0 is read as 1).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The same query within `budget`.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same query trying in the random order of `seed`.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The same limit, threads and budget for an exact-cover search by `tessera-xc`'s default
    /// engine: what a puzzle's `Engine::ExactCover` runs.
    pub(crate) fn cover(&self) -> Query<tessera_xc::Engine> {
        Query {
            engine: tessera_xc::Engine::default(),
            limit: self.limit,
            threads: self.threads,
            budget: self.budget.clone(),
            seed: self.seed,
        }
    }
}

/// Up to a query's limit of solutions, and the [`Count`] that says whether they are all of them
/// ([`Outcome::Exhausted`](tessera_xc::Outcome::Exhausted)), the limit, or what was found before
/// the budget ran out. Iterating it yields the solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Solutions<T> {
    /// The solutions found, in the engine's order (sequential searches) or in no fixed order
    /// (searches on several threads).
    pub found: Vec<T>,
    /// How many, and how the search ended.
    pub count: Count,
}

impl<T> Solutions<T> {
    pub(crate) fn new(found: Vec<T>, count: Count) -> Self {
        Solutions { found, count }
    }
}

impl<T> IntoIterator for Solutions<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.found.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Solutions<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.found.iter()
    }
}
