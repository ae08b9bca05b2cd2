//! The human-style Hidato rater: a deductive solver that names each step, like Simon Tatham's
//! Signpost and Lennard Sprong's Ascent, whose levels are the rule sets a player needs.
//!
//! # State
//! Every number `k` in `1..=N` keeps a set of candidate cells (a bitset over the grid, holes never
//! set); a placed number's set is its one cell. Rules only remove candidates or place numbers, so
//! every deduction holds in every solution: when the rules finish, the puzzle has exactly one
//! solution (the generator relies on this to skip the counting solver).
//!
//! # Rules, by level (the easiest rule that makes progress is always applied first)
//! - **Easy.** *Only cell*: a number whose placed neighbours (k-1, k+1) leave it one free cell.
//!   *Only number*: a free cell that only one number can still take. Candidates are the free cells
//!   touching the placed k-1 and k+1.
//! - **Medium.** *Distance window*: in a run of missing numbers between placed `a` and `b`, `k` lies
//!   within `k-a` steps of `a` and `b-k` steps of `b`, counted through free cells (breadth-first,
//!   so holes and filled cells are walls; tighter than the king's distance).
//! - **Hard.** *Dead end*: `k` at cell `c` needs `k-1` and `k+1` on two different neighbours of
//!   `c` that can take them. *Region*: each run of missing numbers fills part of one connected
//!   region of free cells, a region must be filled exactly by the runs that can reach it, so a run
//!   is excluded from a region when no choice of runs including it adds up to the region's size.
//! - **Expert.** *Trial*: try each cell of a number with the fewest candidates and drop those that
//!   lead to a contradiction under the hard rules (one level deep, bounded). A puzzle the hard rules
//!   cannot finish is rated expert whether or not the trials finish it.
//!
//! The score adds each step's weight (1, 2, 4, 8, 12, 30 in the order above), so it grows with
//! both the length and the depth of the reasoning.

mod dead_ends;
mod regions;
mod solver;
mod state;
mod step;
mod technique;
mod trial;
mod windows;

pub use solver::{rate, solve_logically, Rating};
pub use technique::{Difficulty, Step, Technique};
