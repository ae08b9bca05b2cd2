//! N-queens: place N queens on an NxN board so that no two share a row, a column or a diagonal.
//!
//! A solution is the column of the queen in each row. Two engines agree on every count: a
//! dedicated bitmask backtracker (`solve` module) and the exact-cover reduction ([`ExactCover`]:
//! rows and columns primary, diagonals secondary). The calls are those of every puzzle in this
//! crate: [`solve`], [`count`], [`solutions`] and [`verify`], each taking the [`Board`] and a
//! [`Query`].
//!
//! ```
//! use tessera::queens::{count, solutions, verify, Board, Engine, Query};
//! let board = Board::new(8)?;
//! assert_eq!(count(&board, &Query::default()).solutions, 92);
//! assert_eq!(count(&board, &Query::default().with_engine(Engine::ExactCover)).solutions, 92);
//! let first = solutions(&board, &Query::default().with_limit(1)).found;
//! assert_eq!(first[0], [0, 4, 7, 5, 2, 6, 1, 3]);
//! assert!(verify(&board, &first[0]).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```

mod exact;
mod puzzle;
mod shard;
mod solve;
mod verify;

pub use exact::ExactCover;
pub use shard::{ShardPrefix, ShardTree};
pub use solve::MAX_N;
pub use verify::{verify, Violation};

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
use crate::Error;

crate::common::query_and_verdict!();

/// An empty `n`x`n` board, `n` from 0 to [`MAX_N`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
}

impl Board {
    /// The `n`x`n` board, or [`Error::OutOfRange`] above [`MAX_N`].
    pub fn new(n: usize) -> Result<Self, Error> {
        if n > MAX_N {
            return Err(Error::OutOfRange {
                what: "the board's side",
                value: n as u64,
                min: 0,
                max: MAX_N as u64,
            });
        }
        Ok(Board { n })
    }

    /// The side.
    pub fn n(&self) -> usize {
        self.n
    }
}

crate::common::engines! {
    /// Which solver to use. Both find the same solutions: the bitmask search in lexicographic order,
    /// the reduction in its own.
    pub enum Engine {
        /// The bitmask backtracker.
        Auto => "auto",
        /// The bitmask backtracker, by name.
        Bits => "bits",
        /// The exact-cover reduction through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution found (the bitmask search's is the first in lexicographic order of the
/// columns), `None` if there is none (n = 2, 3), or why the search gave up.
pub fn solve(board: &Board, query: &Query) -> Result<Option<Vec<usize>>, GaveUp> {
    crate::common::first(solutions(board, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`, on `query.threads` threads.
pub fn count(board: &Board, query: &Query) -> Count {
    match query.engine {
        Engine::ExactCover => crate::Reduction::count(&ExactCover::new(board), &query.cover()),
        _ if query.limit == u64::MAX => solve::count_all(board.n, query.threads, &query.budget),
        _ => solve::list(board.n, query.limit, &query.budget, &mut |_| {}),
    }
}

/// Up to `query.limit` solutions, each the queen's column in each row (in lexicographic order
/// from the bitmask search), and how the search ended. They are all held in memory: to list
/// many, [`visit`] them one at a time.
pub fn solutions(board: &Board, query: &Query) -> Solutions<Vec<usize>> {
    let found = std::sync::Mutex::new(Vec::new());
    let count = visit(board, query, |columns| {
        found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(columns.to_vec());
    });
    Solutions::new(found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
}

/// Calls `visit` with each solution (the queen's column in each row) as soon as it is found, up
/// to `query.limit`, and says how many and how the search ended; nothing is kept, so memory
/// stays that of the search however many there are. The bitmask search visits them in
/// lexicographic order on one thread; the exact-cover route in its own order, from whichever of
/// `query.threads` threads finds each. To stop early (output closed), raise the budget's cancel
/// flag from `visit`.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use tessera::queens::{visit, Board, Query};
/// let seen = AtomicU64::new(0);
/// let count = visit(&Board::new(8)?, &Query::default(), |_| {
///     seen.fetch_add(1, Ordering::Relaxed);
/// });
/// assert_eq!((count.solutions, seen.into_inner()), (92, 92));
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn visit(board: &Board, query: &Query, visit: impl Fn(Vec<usize>) + Sync) -> Count {
    match query.engine {
        Engine::ExactCover => {
            let cover = ExactCover::new(board);
            let problem = crate::Reduction::problem(&cover);
            crate::xc::ParallelSearch::new(problem)
                .with_threads(query.threads)
                .with_engine(query.cover().engine)
                .with_budget(query.budget.clone())
                .visit_up_to(query.limit, |options| visit(crate::Reduction::decode(&cover, options)))
        }
        _ => solve::list(board.n, query.limit, &query.budget, &mut |columns| visit(columns.to_vec())),
    }
}

/// The board drawn with `Q` for a queen and `.` for an empty square, separated by spaces.
///
/// ```
/// assert_eq!(tessera::queens::render(&[1, 3, 0, 2]), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// ```
pub fn render(columns: &[usize]) -> String {
    let n = columns.len();
    let mut out = String::with_capacity(n * 2 * n);
    for &c in columns {
        for col in 0..n {
            out.push(if col == c { 'Q' } else { '.' });
            out.push(if col + 1 == n { '\n' } else { ' ' });
        }
    }
    out
}
