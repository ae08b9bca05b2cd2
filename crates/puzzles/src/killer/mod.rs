//! Killer Sudoku: a Sudoku grid (4x4, 6x6 with 2x3 boxes, 8x8, 9x9, ... up to 25x25; boxes as in
//! Sudoku of that size) divided into cages, each with a sum; a cage's digits differ and add up to
//! its sum. Givens are optional.
//!
//! [`Killer`] is the puzzle and [`Grid`] its answer. The calls are those of every puzzle in this
//! crate: [`solve`], [`count`], [`visit`], [`solutions`] and [`verify`], each taking the puzzle and
//! a [`Query`]; [`ExactCover`] is the independent reduction.
//!
//! # Algorithm
//!
//! The dedicated engine (`solve` module) propagates and searches over `u32` candidate masks:
//! naked and hidden singles in rows, columns and boxes, cage mates as peers (a cage's digits
//! differ), and each cage (the puzzle's and the rule of 45's, re-examined only when its cells
//! changed) narrowed to its cells' supports: the digits a cell can take in some filling of the
//! whole cage, found by enumerating the digit sets that make its remaining sum (with sum bounds
//! as cuts) and matching each to the cells (generalised arc consistency); for cages of more than
//! eight open cells, or too many sets, the union of the sets, and past a step cap (the huge cages
//! of 16x16 and 25x25 grids) the sum bounds alone. It branches on the cell with the fewest
//! candidates. Why this and not Sudoku's dancing links or bitboards: the cage sums are not exact
//! cover constraints, and the digit-set narrowing is what makes Killer puzzles (which often have
//! no givens at all) fall to propagation with very few branches.
//!
//! Reading choices: cages need not be connected (janko's are; the rules and the solvers do not
//! depend on it, so a non-contiguous cage is accepted rather than refused); every cell must be in
//! a cage, each cage has exactly one sum, which `k` different digits must be able to make; prime
//! sides are refused (their boxes would be their rows).
//!
//! ```
//! use tessera::killer::{count, parse, solve, verify, Query};
//! let puzzle = parse("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n")?;
//! assert_eq!(count(&puzzle, &Query::default().with_limit(2)).solutions, 1);
//! let answer = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
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
mod verify;

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};
pub use exact::{ExactCover, NotBuilt, MAX_OPTIONS};
pub use format::{from_json, parse, read, to_json, to_text};
pub use generate::{Generated, Generator};
pub use logic::{hint, rate, Difficulty};
pub use model::{box_shape, Cage, Grid, Killer, MAX_SIZE};
pub use solve::{count, solutions, solve, visit, Engine};
pub use verify::{verify, Violation};

crate::common::query_and_verdict!();
