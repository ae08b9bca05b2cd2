//! # tessera: grid logic puzzles by backtracking and exact cover
//!
//! Sudoku, Hidato (and Numbrix), Killer Sudoku, KenKen (Calcudoku), Star Battle, Akari, polyomino tiling
//! and N-queens, each with a model, a parser and printer, dedicated solvers, the exact-cover
//! reduction that cross-checks them, a verifier, and (all but tiling and queens) a generator and
//! a rater. The exact-cover engine lives in [`tessera_xc`],
//! re-exported here as [`xc`].
//!
//! ## One shape for every puzzle
//!
//! Every puzzle module offers the same calls, with the same argument order and result types:
//!
//! | call | result |
//! |---|---|
//! | `solve(&puzzle, &query)` | `Result<Option<Solution>, GaveUp>`: the first solution, none, or why the search gave up |
//! | `count(&puzzle, &query)` | [`Count`]: how many, and whether that is exact, the limit, or a lower bound |
//! | `solutions(&puzzle, &query)` | [`Solutions`]: up to the limit, with their [`Count`] |
//! | `verify(&puzzle, &answer)` | a [`Verdict`] of that puzzle's `Violation`s |
//! | `ExactCover::new(&puzzle)` | the puzzle as exact cover, a [`Reduction`] |
//!
//! `query` is the puzzle's `Query`: a [`Query`] over that puzzle's `Engine`, built from `default()`
//! with `with_engine`, `with_limit`, `with_threads` and `with_budget`. Every engine enum has
//! `Auto` (the default: the fastest for the input) and `ExactCover`, parses from its name
//! (`"auto"`, `"xc"`, ...) and prints it. Everything fallible that is not a search returns
//! [`Error`], whose parse errors carry their line and column. Generators (`Generator::new(shape)`
//! with builder methods, then `generate(seed)`) and raters (`rate(&puzzle)`) follow one pattern in
//! Sudoku and Hidato.
//!
//! ## Sudoku
//!
//! ```
//! use tessera::sudoku::{count, solve, verify, Query, Sudoku};
//! let puzzle = Sudoku::parse(
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
//! )?;
//! assert_eq!(count(&puzzle, &Query::default().with_limit(2)).solutions, 1);
//! let solution = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&puzzle, &solution).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```
//!
//! ## Hidato
//!
//! ```
//! use tessera::hidato::{parse_puzzle, solve, verify, Adjacency, Query};
//! let puzzle = parse_puzzle("3 3\n1 0 0\n0 0 0\n0 0 9\n", Adjacency::King)?;
//! let answer = solve(&puzzle, &Query::default()).unwrap().expect("a solution");
//! assert!(verify(&puzzle, &answer).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```
//!
//! ## Tiling
//!
//! ```
//! use tessera::tiling::{builtin, count, Board, Engine, Puzzle, Query};
//! let (pieces, motion) = builtin("pentominoes").expect("a built-in set");
//! let puzzle = Puzzle::new(Board::parse_size("10x6")?, pieces, motion);
//! let query = Query::default().with_engine(Engine::ExactCover).with_threads(2);
//! assert_eq!(count(&puzzle, &query).solutions, 9356);
//! # Ok::<(), tessera::Error>(())
//! ```
//!
//! ## Star Battle
//!
//! ```
//! use tessera::starbattle::{count, Query, StarBattle};
//! let board: StarBattle = "5 5 1\n1 1 4 4 4\n2 1 1 1 4\n2 3 1 3 5\n2 3 3 3 5\n2 2 2 5 5\n".parse()?;
//! assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
//! # Ok::<(), tessera::Error>(())
//! ```
//!
//! ## N-queens
//!
//! ```
//! use tessera::queens::{count, Board, Query};
//! assert_eq!(count(&Board::new(10)?, &Query::default()).solutions, 724);
//! assert!(Board::new(40).is_err()); // out of range is an error, not 0 solutions
//! # Ok::<(), tessera::Error>(())
//! ```
//!
//! ## Through the exact-cover reduction
//!
//! ```
//! use tessera::queens::{Board, ExactCover};
//! use tessera::xc::Budget;
//! use tessera::{CoverQuery, Outcome, Reduction};
//! let cover = ExactCover::new(&Board::new(12)?);
//! let count = cover.count(&CoverQuery::default().with_budget(Budget::unlimited().with_nodes(100)));
//! assert!(matches!(count.outcome, Outcome::GaveUp(_))); // a budget ends in a clean "gave up"
//! # Ok::<(), tessera::Error>(())
//! ```

#![warn(missing_docs)]
// `unsafe_code` is denied by the workspace's lints (not forbidden: `sudoku/fast9/simd/lanes.rs`,
// the SIMD engine's intrinsics, is the one module that allows it).

pub mod akari;
pub mod common;
mod error;
pub mod hidato;
pub mod kakuro;
pub mod kenken;
pub mod killer;
pub mod nonogram;
pub mod queens;
pub mod starbattle;
pub mod sudoku;
pub mod takuzu;
pub mod tiling;
pub mod variant;

pub use common::{
    Budget, Count, CoverQuery, Draw, Family, GaveUp, Generate, Lazy, Named, Outcome, Puzzle, Query, Rate,
    Readable, Reduction, SideDiffers, Solutions, Stats, Verdict,
};
pub use error::{Error, ParseError, ParseErrorKind, ReaderError, ShapeError};
pub use tessera_xc as xc;
