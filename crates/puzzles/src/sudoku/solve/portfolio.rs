//! The automatic engine for every layout but classic 9x9: the backtracking search first, the
//! learner ([`Learner`]) once the search stalls.
//!
//! # Why this order
//!
//! Nearly every puzzle of every size is answered by the backtracking search in a few hundred
//! guesses or fewer, in microseconds to milliseconds, while the learner costs an encoding (up
//! to some hundred thousand clauses on a sparse 25x25) before its first decision. The few
//! puzzles on which the search stalls (generated 16x16 and 25x25 puzzles that need fish, wings
//! or subsets, where a doomed guess is refuted again and again) are those the learner answers
//! in well under a second. So the search runs until it has made [`STALL`] guesses (at least,
//! and one guess per cell on big grids) without finding a solution; then the learner starts
//! from the puzzle again, with the solutions found so far blocked, and finds the rest. Both are
//! complete, so the answer does not depend on where the hand-over falls; the cost of a
//! hand-over is at most the stalled search's guesses (figures in docs/performance.md).
//!
//! The search's solutions are kept for blocking only while there are at most
//! [`MAX_HANDED_OVER`]: past that the puzzle has solutions aplenty, the search finds them
//! faster than a learner that blocks each one would, and it runs without a stall limit.
//!
//! `nodes` in the statistics is the search's guesses plus the learner's conflicts as charged
//! (see the learner's header).

use tessera_xc::{Budget, Count, Outcome, Stats};

use super::learn::{Learned, Learner};
use super::propagate::Tables;
use super::search::Search;
use crate::sudoku::Sudoku;

/// The fewest guesses without a solution after which the search hands over.
pub(super) const STALL: u64 = 2_000;

/// The most solutions the search hands over to the learner (see the module header).
const MAX_HANDED_OVER: u64 = 10_000;

/// Which engines run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Members {
    /// The search, then the learner if the search stalls.
    Both,
    /// The learner alone (`Engine::Learn`).
    LearnerOnly,
}

/// Up to `limit` solutions of `puzzle`, each given to `visit` as digits.
pub(super) fn count(
    tables: &Tables,
    puzzle: &Sudoku,
    limit: u64,
    budget: &Budget,
    members: Members,
    visit: &mut dyn FnMut(Vec<u8>),
) -> Count {
    let mut solutions = 0u64;
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut guesses = 0;
    if members == Members::Both {
        let stall = STALL.max(tables.layout.cells() as u64);
        let mut search = Search::new(tables, budget, None).with_stall(stall, MAX_HANDED_OVER);
        let outcome = search.run(puzzle, limit, &mut |cand| {
            solutions += 1;
            let digits = tables.digits(cand);
            if solutions <= MAX_HANDED_OVER {
                found.push(digits.clone());
            }
            visit(digits);
        });
        if !search.stalled {
            return Count { solutions, outcome, stats: Stats { nodes: search.nodes, updates: 0 } };
        }
        guesses = search.nodes;
    }
    let mut learner = Learner::new(tables, puzzle, budget);
    for digits in found.drain(..) {
        learner.block(&digits);
    }
    let outcome = loop {
        if solutions >= limit {
            break Outcome::LimitReached;
        }
        let left = budget.nodes().map(|n| n.saturating_sub(guesses + learner.conflicts));
        match learner.next(left) {
            Ok(Learned::Solution(digits)) => {
                solutions += 1;
                visit(digits);
            }
            Ok(Learned::Exhausted) => break Outcome::Exhausted,
            Err(reason) => break Outcome::GaveUp(reason),
        }
    };
    Count { solutions, outcome, stats: Stats { nodes: guesses + learner.conflicts, updates: 0 } }
}
