//! The rater and hints: a human solver that applies the techniques players name, easiest first,
//! one step at a time, and the level of the hardest one a puzzle needs.
//!
//! | technique | level | weight |
//! |---|---|---|
//! | naked single, hidden single (row, column, box) | easy | 1 |
//! | cage combination (only the digit sets that make the sum: 3 in 2 cells is {1,2}) | easy | 2 |
//! | cage pointing (a digit every set needs: in its one cell, or out of a house its holders share) | medium | 3 |
//! | rule of 45 (innies and outies of a row, column or box, as a cage) | medium | 4 |
//! | naked pair, pointing and claiming, hidden pair | hard | 6 |
//! | trial (a candidate that leads to a contradiction by propagation) | expert | 20 |
//!
//! A puzzle the techniques do not finish is expert. The score is the sum of the steps' weights.
//!
//! Trial is the one costly technique: each candidate tried is a whole propagation. On grids above
//! 9x9 a rating tries at most 1,000 in all (200 above 16x16; a 16x16 position has thousands of
//! candidates, and a rating may need many trial steps); past that, trial finds nothing and the
//! puzzle rates expert. 9x9 and smaller are rated in full, as before.

mod techniques;

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::killer::model::Killer;

crate::common::family_levels! {
    /// The levels, easiest first, by the hardest technique a puzzle needs.
    easy: "Singles and cage combinations.",
    medium: "Cage pointing and the rule of 45.",
    hard: "Pairs, pointing and claiming.",
    expert: "Trial, or more than the techniques know.",
}

/// A technique: its name, level and weight.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Technique {
    pub name: &'static str,
    pub level: Difficulty,
    pub weight: u32,
}

/// The rating of a puzzle by its techniques, within `budget` (the trial technique propagates).
///
/// ```
/// use tessera::killer::{parse, rate, Difficulty};
/// use tessera::xc::Budget;
/// let puzzle = parse("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n")?;
/// let rating = rate(&puzzle, &Budget::unlimited()).unwrap();
/// assert!(rating.solved);
/// assert_eq!(rating.steps[0].technique, "cage combination");
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn rate(puzzle: &Killer, budget: &Budget) -> Result<Rating<Difficulty>, GaveUp> {
    let mut logic = techniques::Logic::new(puzzle);
    let (mut steps, mut score, mut hardest): (Vec<Step>, u32, Option<Technique>) = (Vec::new(), 0, None);
    let mut contradiction = false;
    loop {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if logic.is_solved() {
            break;
        }
        match logic.next_step(budget)? {
            Some((technique, step)) => {
                score += technique.weight;
                if hardest.is_none_or(|h| {
                    technique.level > h.level || (technique.level == h.level && technique.weight > h.weight)
                }) {
                    hardest = Some(technique);
                }
                steps.push(step);
                if logic.broken() {
                    contradiction = true;
                    break;
                }
            }
            None => {
                contradiction = logic.broken();
                break;
            }
        }
    }
    let solved = logic.is_solved() && !contradiction;
    let level = if solved { hardest.map_or(Difficulty::Easy, |h| h.level) } else { Difficulty::Expert };
    Ok(Rating { level, score, hardest: hardest.map(|h| h.name), steps, solved, contradiction })
}

/// The next step a player could take, or `None` when the techniques find none.
pub fn hint(puzzle: &Killer) -> Option<Step> {
    let budget = Budget::unlimited().with_timeout(std::time::Duration::from_secs(2));
    let mut logic = techniques::Logic::new(puzzle);
    logic.next_step(&budget).ok().flatten().map(|(_, step)| step)
}
