//! The search: Knuth's Algorithm C (Algorithm X with colours), iterative rather than recursive.
//!
//! Each level of the search tree keeps two numbers, the item it branched on and the node of the
//! option it is trying, in explicit stacks, so a problem with a million levels cannot overflow the
//! call stack, and the search can stop at a solution and resume later (the [`Solver::next`]
//! iterator is this). The loop is Knuth's steps C2–C8:
//!
//! ```text
//!  Enter   all primaries covered? -> solution, Backup.  Else count a node, check the budget,
//!          pick the item with the fewest options (MRV; ties to the first in declaration order,
//!          as Knuth's DLX1 does, so our node and update counts match his), cover it.
//!  Try     no option left at this level? uncover the item, Backup.  Else commit the option's
//!          other items and Enter the next level.
//!  Backup  at the base level? done.  Else go up, uncommit that level's option, move to the next
//!          option, Try.
//! ```
//!
//! With a seed, each level tries its options in a fresh random order (a Fisher–Yates shuffle of
//! the item's list from a PCG generator), reproducible for the same seed and problem.
//!
//! # Layout
//!
//! - `solver`: [`Solver`], what a caller configures and asks, and [`Engine`], the choice of data
//!   layout; `outcome`: what a search reports ([`Count`], [`Outcome`], [`Stats`]).
//! - `walk`: the state machine above, written once over the `Moves` trait, with the per-level
//!   stacks and the counters; `control`: the budget, the flags and counters shared by a parallel
//!   search, and progress reports, looked at every [`Budget::CHECK_INTERVAL`] nodes.
//! - `dance` and `bitset`: the moves of each engine (cover and uncover dancing links; narrow a
//!   per-level bit vector, with nothing to undo).
//! - `multi`: Knuth's Algorithm M on the links, for problems with multiplicities (primary items
//!   with bounds `u:v`), the moves both dancing-links engines run on such problems; the bitset
//!   engine, which has no bounds, gives way to it. Problems without bounds never reach it.
//!
//! The loop is generic over the moves, and the dancing-links moves over `COLORED` (and `PRUNE`,
//! the look-ahead of [`Engine::Links`]), so each engine and each kind of problem gets its own
//! compiled copy of the loop with the moves inlined: problems without colours pay nothing for
//! them, and sharing the loop costs nothing at run time.
//!
//! [`Budget::CHECK_INTERVAL`]: crate::Budget::CHECK_INTERVAL

mod bitset;
mod control;
mod dance;
mod multi;
mod outcome;
mod solver;
mod trace;
mod walk;

pub use outcome::{Count, Outcome, Stats};
pub use solver::{Engine, Solver};
pub use trace::{TraceCounts, TraceEvent};
pub(crate) use walk::Step;
