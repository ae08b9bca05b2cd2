//! # tessera-xc: exact cover with dancing links
//!
//! Knuth's Algorithm X, and its extensions Algorithm C with colours and Algorithm M with
//! multiplicities, over dancing links stored as `u32` indices in flat arrays. It knows nothing of
//! puzzles: you declare items, primary (covered exactly once, or between `u` and `v` times with
//! [`ProblemBuilder::primary_bounded`]) and secondary (at most once, or shared by options that
//! agree on its colour), add
//! options, and ask for the first solution, a count up to a limit, every solution, or a count on
//! several threads. Every search can carry a [`Budget`] (nodes, deadline, cancel flag) and reports
//! Knuth's node and update counts, so runs compare with his DLX1/DLX2.
//!
//! ```
//! use tessera_xc::{Outcome, ProblemBuilder};
//!
//! // Knuth's example: primary items A..E, secondary F and G.
//! let text = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
//! let problem = tessera_xc::parse(text).unwrap();
//! let mut solver = problem.solver();
//! let solution = solver.first().unwrap().expect("one solution");
//! let mut lines: Vec<String> = solution.iter().map(|&o| problem.option_line(o)).collect();
//! lines.sort();
//! assert_eq!(lines, ["A D", "B G", "C E F"]);
//! assert_eq!(problem.solver().count_all().outcome, Outcome::Exhausted);
//! ```

#![warn(missing_docs)]

mod bits;
mod budget;
mod checks;
mod error;
mod format;
mod links;
mod parallel;
mod problem;
mod search;
pub mod shard;

pub use budget::{Budget, GaveUp, Progress};
pub use checks::{debug_checks, enable_debug_checks};
pub use error::Error;
pub use format::{parse, parse_bytes, to_text, ParseError, ParseErrorKind};
pub use parallel::ParallelSearch;
pub use problem::{Color, ItemId, ItemKind, OptionId, Problem, ProblemBuilder};
pub use search::{Count, Engine, Outcome, Solver, Stats, TraceCounts, TraceEvent};
