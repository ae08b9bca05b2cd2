//! The rater and hints of variant puzzles: a human solver that works on candidate masks (bit `d`
//! for digit `d`) and applies, easiest first, the first technique that changes the board.
//!
//! | technique | level | weight |
//! |---|---|---|
//! | naked single, hidden single (rows, columns, regions, extra regions, diagonals, disjoint groups) | easy | 1 |
//! | odd/even, skyscraper edge clue (a 1 or an N alone), inequality, kropki pair, XV pair, anti-knight / anti-king / non-consecutive elimination, negative constraint, clone copy, palindrome mirror | easy | 2 |
//! | skyscraper view (a line's clues over its candidates), cage combination, thermometer range, arrow range, whispers difference, renban run, between line, quadruple digits, minimum/maximum, region-sum line | medium | 3 |
//! | little killer sum, sandwich total | hard | 5 |
//! | pointing and claiming, naked pair | hard | 6 |
//! | trial (a candidate that leads to a contradiction by propagation) | expert | 20 |
//!
//! Why these levels: singles and the two-cell marks (a dot, an X, a parity circle, a chess move
//! from a placed digit) read off one pair of cells; the lines and cages ask for a range or a set
//! of combinations over several cells; little killers and sandwiches sum over a whole row or
//! diagonal whose cells are not all different; pointing and pairs combine two houses; trial is
//! what the techniques do not explain.
//!
//! A per-constraint step is that constraint alone (with the rows and columns it lies in, which
//! the compiled model always carries) settled by the propagators of `solve/` over the board's
//! candidates: what it removes is what the constraint forbids, named by the constraint's kind and
//! first cell ("the thermometer from r3c4"). The score is the sum of the steps' weights, as for
//! Killer; a puzzle the techniques do not finish is expert. Every loop reads the budget's clock.

mod houses;
mod techniques;

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::variant::model::Variant;
use techniques::Solver;

crate::common::family_levels! {
    /// The levels, easiest first, by the hardest technique a puzzle needs.
    easy: "Singles and direct constraint steps.",
    medium: "Combinations, ranges, pointing.",
    hard: "Subsets, innies and outies, pairs across constraints.",
    expert: "Trial, or more than the techniques know.",
}

/// The rating of a puzzle by its techniques, within `budget`.
pub fn rate(puzzle: &Variant, budget: &Budget) -> Result<Rating<Difficulty>, GaveUp> {
    let solver = Solver::new(puzzle);
    let mut digits = puzzle.givens.clone();
    let mut cand = solver.start(&digits, None);
    let mut rating = Rating::start(Difficulty::Easy);
    let mut worst = 0u32;
    loop {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if cand.contains(&0) {
            rating.contradiction = true;
            break;
        }
        if digits.iter().all(|&d| d != 0) {
            rating.solved = true;
            break;
        }
        let Some((step, weight)) = solver.next(&digits, &cand, budget)? else { break };
        solver.apply(&mut digits, &mut cand, &step);
        rating.score += weight;
        if weight > worst {
            worst = weight;
            rating.hardest = Some(step.technique);
        }
        rating.steps.push(step);
    }
    rating.level = match worst {
        _ if !rating.solved => Difficulty::Expert,
        0..=2 => Difficulty::Easy,
        3 => Difficulty::Medium,
        4..=6 => Difficulty::Hard,
        _ => Difficulty::Expert,
    };
    Ok(rating)
}

/// The next step a player could take, or `None` when the techniques find none.
pub fn hint(puzzle: &Variant) -> Option<Step> {
    hint_with(puzzle, &puzzle.givens, None)
}

/// The next step on a board in play: the player's `digits` (0 for empty) and, optionally, their
/// candidate masks (bit `d` for digit `d`). The step changes something on that board: it places
/// a digit not placed or removes a candidate still shown.
pub fn hint_with(puzzle: &Variant, digits: &[u8], candidates: Option<&[u32]>) -> Option<Step> {
    let n = puzzle.size;
    if digits.len() != n * n || candidates.is_some_and(|c| c.len() != n * n) {
        return None;
    }
    let solver = Solver::new(puzzle);
    let cand = solver.start(digits, candidates);
    if cand.contains(&0) {
        return None;
    }
    let budget = Budget::unlimited().with_timeout(std::time::Duration::from_secs(10));
    solver.next(digits, &cand, &budget).ok()?.map(|(step, _)| step)
}
