//! KenKen (Calcudoku): fill an NxN grid with 1..=N, each once in every row and column, so that
//! the cells of each cage meet its clue: a target and an operation.
//!
//! # The rules as read here
//! - `+` and `*` (also written `x`, `×`): the cells sum, or multiply, to the target.
//! - `-` and `/` (also `:`, `÷`): on two cells the difference and the exact quotient. On more
//!   cells, the common convention: the largest value minus the sum of the others, the largest
//!   divided by the product of the others (exactly). Refusing them would reject published
//!   puzzles; this reading is the one that gives those puzzles their answers.
//! - A bare number on a one-cell cage is a given; on a larger cage the operation is hidden, and
//!   the cage holds if any of the four operations (with the rule above) makes the target.
//! - Every cage has exactly one clue, in one of its cells; targets are at least 1; the side is 1
//!   to [`MAX_SIDE`] (31, so that candidates are one `u32`; janko.at publishes up to 9x9 mostly,
//!   the engine stays fast well past it). Cages need not be contiguous: the rules hold over any
//!   set of cells and nothing here relies on shape, so such files are accepted rather than
//!   refused; the generator makes contiguous cages only.
//!
//! # Engines
//! - `auto` (`solve` module): bit-set candidates, naked and hidden singles, and generalised arc
//!   consistency on every cage whose candidates changed (its consistent tuples enumerated with
//!   sum and product bounds, `tuples`), to a fixpoint at each node; branching on the cell with
//!   the fewest candidates.
//! - `xc` ([`ExactCover`]): cells, row-values and column-values as primary items, one option per
//!   consistent tuple of each cage; it checks every count of the dedicated engine.
//!
//! The rater (`logic`) solves as a person does, step by step ([`Step`]), and the generator
//! ([`Generator`]) makes a Latin square at random, cuts it into cages, chooses their operations,
//! and repairs the cages until the solution is unique.
//!
//! ```
//! use tessera::kenken::{count, solve, verify, KenKen, Query};
//! let puzzle = KenKen::parse("4 4\n24* 2/ . 3-\n. . 7+ .\n3- 5+ . 3\n. . 2/ .\n1 2 2 3\n1 1 4 3\n5 6 4 7\n5 6 8 8\n")?;
//! assert_eq!(count(&puzzle, &Query::default().with_limit(2)).solutions, 1);
//! let answer = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
//! assert_eq!(answer.to_string(), "4 4\n3 1 2 4\n2 4 3 1\n1 2 4 3\n4 3 1 2\n");
//! assert!(verify(&puzzle, &answer).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```

mod exact;
mod format;
mod generate;
mod logic;
mod model;
mod puzzle;
mod solve;
mod tuples;
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use exact::{ExactCover, MAX_OPTIONS};
pub use format::{parse_puzzles, read_puzzles};
pub use generate::{Generated, Generator};
pub use logic::{rate, Difficulty, Rating, Step};
pub use model::{Cage, Grid, KenKen, Op, MAX_SIDE};
pub use verify::{verify, Violation};

use crate::Reduction;

crate::common::query_and_verdict!();

crate::common::engines! {
    /// Which solver to use. Both find the same solutions, each in its own order.
    pub enum Engine {
        /// The propagating search.
        Auto => "auto",
        /// The propagating search, by name.
        Propagate => "propagate",
        /// The exact-cover reduction through `tessera-xc`.
        ExactCover => "xc",
    }
}

/// The first solution, `None` if there is none, or why the search gave up.
pub fn solve(puzzle: &KenKen, query: &Query) -> Result<Option<Grid>, GaveUp> {
    crate::common::first(solutions(puzzle, &query.clone().with_limit(1)))
}

/// Solutions counted up to `query.limit`.
pub fn count(puzzle: &KenKen, query: &Query) -> Count {
    visit(puzzle, query, |_| {})
}

/// Up to `query.limit` solutions, in memory, and how the search ended.
pub fn solutions(puzzle: &KenKen, query: &Query) -> Solutions<Grid> {
    let found = std::sync::Mutex::new(Vec::new());
    let count = visit(puzzle, query, |grid| {
        found.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(grid);
    });
    Solutions::new(found.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
}

/// Hands each solution to `visit` as it is found, up to `query.limit`, and says how the search
/// ended. The `xc` engine gives up at once ([`GaveUp::NodeLimit`]) on a puzzle whose reduction
/// would pass [`MAX_OPTIONS`].
pub fn visit(puzzle: &KenKen, query: &Query, visit: impl Fn(Grid) + Sync) -> Count {
    match query.engine {
        Engine::ExactCover => match ExactCover::with_limit(puzzle, MAX_OPTIONS) {
            Some(cover) => cover.visit(&query.cover(), &visit),
            None => {
                Count { solutions: 0, outcome: Outcome::GaveUp(GaveUp::NodeLimit), stats: Stats::default() }
            }
        },
        _ => {
            let model = solve::Model::new(puzzle);
            let n = puzzle.size();
            solve::list(&model, query.limit, &query.budget, query.seed, &mut |cells| {
                visit(Grid::from_cells(n, cells));
            })
        }
    }
}
