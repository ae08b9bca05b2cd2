//! [`Puzzle`]: the calling convention as a type, which every puzzle implements and every front end
//! (the CLI, the Python package, the web game, the books) is written against once.
//!
//! - [`Puzzle`] is what every puzzle answers: `solve`, `count`, `visit` (each solution as it is
//!   found), `verify`, the exact-cover reduction, and, built on `visit`, `solutions` (a lazy
//!   iterator) and `collect`. Its [`Puzzle::NAME`] is the one word for it on the command line, in
//!   Python and in JSON.
//! - [`Named`] is what every engine and level enum answers: its names, in order. The front ends
//!   list and parse them from here, so one vocabulary exists.
//! - [`Readable`] (puzzles that come in files), [`Generate`] and [`Rate`] are the optional parts.
//!
//! A new puzzle is one module that implements these, plus one line of registration in each front
//! end (docs/ARCHITECTURE.md, "Adding a puzzle").
//!
//! # Why `visit` and a thread for the lazy iterator
//! The searches are recursive (or split over threads), so they hand solutions to a callback rather
//! than yield them. `visit` is the one required listing: a front end that prints streams through
//! it with no buffer at all. [`Puzzle::solutions`] turns it into a real `Iterator` by running the
//! search on its own thread into a channel of [`LAZY_BUFFER`] solutions: the search blocks when
//! the consumer is slow, so memory stays bounded whatever the limit, and dropping the iterator
//! raises the search's cancel flag, so an abandoned listing stops at once.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::{Query, Reduction, Solutions, Verdict};
use crate::Error;

/// Solutions a lazy listing finds ahead of its consumer.
pub const LAZY_BUFFER: usize = 16;

/// A closed list of names: a puzzle's engines or difficulty levels. The names are the words a
/// user sees on the command line, in Python, in JSON and in the web game, in this order.
pub trait Named: Copy + Eq + fmt::Debug + fmt::Display + FromStr + Send + Sync + 'static {
    /// Every value, in the order they are listed (levels: easiest first).
    fn all() -> &'static [Self];

    /// Its name.
    fn name(self) -> &'static str;

    /// Every name, in order.
    fn names() -> Vec<&'static str> {
        Self::all().iter().map(|value| value.name()).collect()
    }
}

/// A puzzle: the calling convention of docs/ARCHITECTURE.md as a type.
///
/// ```
/// use tessera::queens::Board;
/// use tessera::{Puzzle, Query};
/// let board = Board::new(8)?;
/// assert_eq!(board.count(&Query::default()).solutions, 92);
/// let first = board.solutions(&Query::default()).next().expect("a solution");
/// assert!(board.verify(&first).is_valid());
/// assert_eq!(<Board as Puzzle>::NAME, "queens");
/// # Ok::<(), tessera::Error>(())
/// ```
pub trait Puzzle: Clone + fmt::Debug + Send + Sync + 'static {
    /// Its name on the command line (`tessera NAME ...`), in Python and in JSON.
    const NAME: &'static str;

    /// What a solution is.
    type Solution: Clone + fmt::Debug + Send + 'static;

    /// Its solvers; `Default` is `auto`, the fastest for the input.
    type Engine: Named + Default;

    /// What its verifier reports.
    type Violation: fmt::Display + fmt::Debug + Send;

    /// Its exact-cover reduction, the independent cross-check of every engine.
    type Cover: Reduction<Solution = Self::Solution> + Sync;

    /// The engine that goes through the exact-cover reduction (`xc`).
    const EXACT_COVER: Self::Engine;

    /// The first solution, `None` if there is none, or why the search gave up.
    fn solve(&self, query: &Query<Self::Engine>) -> Result<Option<Self::Solution>, GaveUp>;

    /// Solutions counted up to `query.limit`: exact, the limit, or a lower bound.
    fn count(&self, query: &Query<Self::Engine>) -> Count;

    /// Hands each solution to `visit` as it is found (in no fixed order on several threads), up
    /// to `query.limit`, and says how the search ended. To stop early, raise the cancel flag of
    /// `query.budget`.
    fn visit(&self, query: &Query<Self::Engine>, visit: &(dyn Fn(Self::Solution) + Sync)) -> Count;

    /// Every rule `answer` breaks, checked from the rules alone (no solver involved).
    fn verify(&self, answer: &Self::Solution) -> Verdict<Self::Violation>;

    /// The puzzle as exact cover.
    fn exact_cover(&self) -> Self::Cover;

    /// The solutions, lazily: the search runs ahead by at most [`LAZY_BUFFER`] solutions and
    /// stops when the iterator is dropped. [`Lazy::finish`] says how it ended.
    fn solutions(&self, query: &Query<Self::Engine>) -> Lazy<Self::Solution> {
        Lazy::start(self.clone(), query.clone())
    }

    /// Up to `query.limit` solutions, all in memory, and how the search ended.
    fn collect(&self, query: &Query<Self::Engine>) -> Solutions<Self::Solution> {
        let found = std::sync::Mutex::new(Vec::new());
        let count = self.visit(query, &|solution| {
            found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(solution);
        });
        Solutions::new(found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
    }
}

/// A puzzle that comes in files: read in every format its reader knows, printed back in text
/// and JSON that the reader accepts.
pub trait Readable: Puzzle {
    /// What reading needs besides the text (Hidato: the adjacency; `()` for most puzzles).
    type ReadOptions: Clone + Default + Send + Sync;

    /// Every puzzle of a file, one after another, each with the line and column of a mistake.
    fn read<'t>(
        text: &'t str,
        options: &Self::ReadOptions,
    ) -> Box<dyn Iterator<Item = Result<Self, Error>> + 't>;

    /// The puzzle as text its reader reads back.
    fn to_text(&self) -> String;

    /// A solution as text (the same format as the puzzle).
    fn solution_text(&self, solution: &Self::Solution) -> String;
}

/// A puzzle with a generator: puzzles with one solution, made from a seed.
pub trait Generate: Puzzle {
    /// What to make: size or shape, level, symmetry, budget (the puzzle's `Generator` builder).
    type Spec: Clone + fmt::Debug + Send + Sync;

    /// What the generator made: the puzzle, its solution, its seed and rating.
    type Made: fmt::Debug + Send;

    /// One puzzle from `seed` (the same seed, the same puzzle), or why it gave up.
    fn generate(spec: &Self::Spec, seed: u64) -> Result<Self::Made, GaveUp>;
}

/// A puzzle rated by the human techniques its logic solver knows, and hinted one step at a time.
pub trait Rate: Puzzle {
    /// Its difficulty levels, easiest first.
    type Level: Named + Ord;

    /// The rating: level, score, the hardest technique.
    type Rating: fmt::Debug + Send;

    /// One explained step of the logic solver.
    type Step: fmt::Debug + Send;

    /// The rating, or why it gave up within `budget`.
    fn rate(&self, budget: &Budget) -> Result<Self::Rating, GaveUp>;

    /// The level a rating gives.
    fn level(rating: &Self::Rating) -> Self::Level;

    /// The next step a player could take, or `None` when logic alone finds none.
    fn hint(&self) -> Option<Self::Step>;
}

/// A lazy listing of solutions (see [`Puzzle::solutions`]).
#[derive(Debug)]
pub struct Lazy<T> {
    solutions: Option<Receiver<T>>,
    stop: Arc<AtomicBool>,
    outside: Option<Arc<AtomicBool>>,
    search: Option<JoinHandle<Count>>,
    count: Option<Count>,
}

impl<T: Send + 'static> Lazy<T> {
    fn start<P: Puzzle<Solution = T>>(puzzle: P, query: Query<P::Engine>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let outside = query.budget.cancel_flag().cloned();
        let budget = query.budget.clone().with_cancel(stop.clone());
        let query = query.with_budget(budget);
        let (sender, solutions) = sync_channel(LAZY_BUFFER);
        let halt = stop.clone();
        let search =
            std::thread::Builder::new().name(format!("tessera {} solutions", P::NAME)).spawn(move || {
                puzzle.visit(&query, &|solution| {
                    if sender.send(solution).is_err() {
                        halt.store(true, Ordering::Relaxed);
                    }
                })
            });
        match search {
            Ok(search) => {
                Lazy { solutions: Some(solutions), stop, outside, search: Some(search), count: None }
            }
            // No thread to run it on: an empty listing that says it gave up.
            Err(_) => Lazy {
                solutions: None,
                stop,
                outside,
                search: None,
                count: Some(Count {
                    solutions: 0,
                    outcome: Outcome::GaveUp(GaveUp::Cancelled),
                    stats: Stats::default(),
                }),
            },
        }
    }
}

impl<T> Lazy<T> {
    /// Stops the search (if it is still running) and says how it ended: `Exhausted` or
    /// `LimitReached` when every solution was taken, `GaveUp(Cancelled)` when it was stopped
    /// early.
    pub fn finish(mut self) -> Count {
        self.halt()
    }

    fn halt(&mut self) -> Count {
        if let Some(count) = self.count {
            return count;
        }
        self.stop.store(true, Ordering::Relaxed);
        self.solutions = None;
        let count = match self.search.take().map(JoinHandle::join) {
            Some(Ok(count)) => count,
            _ => Count { solutions: 0, outcome: Outcome::GaveUp(GaveUp::Cancelled), stats: Stats::default() },
        };
        self.count = Some(count);
        count
    }
}

impl<T> Iterator for Lazy<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let solutions = self.solutions.as_ref()?;
        loop {
            // Passes on the caller's own cancel flag, which the search thread does not watch (its
            // budget carries the listing's flag instead): at each solution, and now and then
            // while none comes.
            if self.outside.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                self.stop.store(true, Ordering::Relaxed);
            }
            match solutions.recv_timeout(Duration::from_millis(50)) {
                Ok(solution) => return Some(solution),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.halt();
                    return None;
                }
            }
        }
    }
}

impl<T> Drop for Lazy<T> {
    fn drop(&mut self) {
        self.halt();
    }
}

/// `impl Puzzle` for a puzzle module whose free functions follow the convention (`solve`,
/// `count`, `visit`, `verify`, `ExactCover::new`, `Engine`, `Violation`, `Query`): the
/// registration of a puzzle in its `puzzle.rs`, one line.
macro_rules! puzzle_from_functions {
    ($ty:ty, $name:literal, $module:ident, $solution:ty) => {
        impl crate::common::Puzzle for $ty {
            const NAME: &'static str = $name;
            const EXACT_COVER: crate::$module::Engine = crate::$module::Engine::ExactCover;
            type Solution = $solution;
            type Engine = crate::$module::Engine;
            type Violation = crate::$module::Violation;
            type Cover = crate::$module::ExactCover;

            fn solve(&self, query: &crate::$module::Query) -> Result<Option<$solution>, crate::GaveUp> {
                crate::$module::solve(self, query)
            }

            fn count(&self, query: &crate::$module::Query) -> crate::Count {
                crate::$module::count(self, query)
            }

            fn visit(
                &self,
                query: &crate::$module::Query,
                visit: &(dyn Fn($solution) + Sync),
            ) -> crate::Count {
                crate::$module::visit(self, query, visit)
            }

            fn verify(&self, answer: &$solution) -> crate::Verdict<crate::$module::Violation> {
                crate::$module::verify(self, answer)
            }

            fn exact_cover(&self) -> crate::$module::ExactCover {
                crate::$module::ExactCover::new(self)
            }
        }
    };
}
pub(crate) use puzzle_from_functions;

/// [`Named`] for an enum with the inherent `ALL` and `name` (a puzzle's difficulty levels), and
/// [`Generate`] for a puzzle whose module has a `Generator` builder making `Generated` (see
/// [`generator!`]; levels declared with `common::levels!` are `Named` already).
macro_rules! levels_and_generator {
    ($ty:ty, $module:ident) => {
        impl crate::common::Named for crate::$module::Difficulty {
            fn all() -> &'static [Self] {
                &crate::$module::Difficulty::ALL
            }

            fn name(self) -> &'static str {
                crate::$module::Difficulty::name(self)
            }
        }

        crate::common::generator!($ty, $module);
    };
}
pub(crate) use levels_and_generator;

/// [`Generate`] for a puzzle whose module has a `Generator` builder making `Generated`.
macro_rules! generator {
    ($ty:ty, $module:ident) => {
        impl crate::common::Generate for $ty {
            type Spec = crate::$module::Generator;
            type Made = crate::$module::Generated;

            fn generate(spec: &Self::Spec, seed: u64) -> Result<Self::Made, crate::GaveUp> {
                spec.generate(seed)
            }
        }
    };
}
pub(crate) use generator;

/// [`Rate`] with the shared [`Rating`](crate::common::Rating) and [`Step`](crate::common::Step)
/// from the module's rater and hint functions, for the families.
macro_rules! rated {
    ($ty:ty, $level:ty, $rate:expr, $hint:expr) => {
        impl crate::common::Rate for $ty {
            type Level = $level;
            type Rating = crate::common::Rating<$level>;
            type Step = crate::common::Step;

            fn rate(&self, budget: &tessera_xc::Budget) -> Result<Self::Rating, tessera_xc::GaveUp> {
                ($rate)(self, budget)
            }

            fn level(rating: &Self::Rating) -> $level {
                rating.level
            }

            fn hint(&self) -> Option<crate::common::Step> {
                ($hint)(self)
            }
        }
    };
}
pub(crate) use rated;
