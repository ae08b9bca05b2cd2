//! Hints for the families: the library's `Rate::hint` on the puzzle as the player has it, made
//! to always move the game on.
//!
//! The player's correct placements are given to the puzzle where the family has givens
//! (`Family::with_placed`); where it has not, the puzzle is the one printed, and the steps the
//! player has done already must be passed over. So a hint is the first step that places a value
//! not on the board yet:
//!
//! 1. `hint()` of that puzzle, if it places something new (the common case, and the cheapest);
//! 2. else the rater's steps from the board as the player has it (`Family::rate_placed` within
//!    the budget: the puzzle with the placements given, or, for a family without givens whose
//!    rater starts from placed values (KenKen), those values placed first), in order: a step whose
//!    placements are all on the board is taken as done (applied, as the page would have), a
//!    step that only removes candidates is kept as the lead-up of the next one, and the first
//!    step placing something new is the hint, with the lead-up's removals and words;
//! 3. else the next value is revealed from the solution (`"technique": "reveal"`, as Sudoku and
//!    Hidato do when their rules are stuck).
//!
//! Every answer thus places at least one value the board lacks, and the steps are finite: the
//! walk is bounded by the rating, and a player who applies each hint fills the board in at most
//! as many hints as it has cells. For stars, a value ruled out of a cell is the other value
//! placed (a star ruled out is a dot), so every Star Battle step places something; so for
//! shading (a cell that cannot be shaded is a dot: every Nonogram step places something).

use tessera::common::Step;
use tessera::Budget;

use super::rules::{Entry, DOT, STAR};
use super::{value_of, wire_value, Family};
use crate::api::Hint;

/// The next step on a grid without mistakes (`cells`, `solution`: grids of the API).
pub(super) fn next_step<P: Family>(
    puzzle: &P,
    entry: Entry,
    width: usize,
    cells: &[i32],
    solution: &[i32],
    budget: &Budget,
) -> Hint {
    let values: Vec<Option<u32>> = cells.iter().map(|&v| value_of(entry, v)).collect();
    let base = puzzle.with_placed(&values).unwrap_or_else(|| puzzle.clone());
    let new = |step: &Step| -> Vec<(usize, u32)> {
        placements(entry, step)
            .into_iter()
            .filter(|&(cell, value)| values.get(cell).copied().flatten() != Some(value))
            .collect()
    };
    if let Some(step) = base.hint() {
        let placed = new(&step);
        if !placed.is_empty() {
            return to_hint(entry, &[], &step, &placed);
        }
    }
    if let Ok(rating) = puzzle.rate_placed(&values, budget) {
        let mut lead: Vec<&Step> = Vec::new();
        for step in &rating.steps {
            let placed = new(step);
            if !placed.is_empty() {
                return to_hint(entry, &lead, step, &placed);
            }
            if placements(entry, step).is_empty() {
                lead.push(step);
            }
        }
    }
    reveal(entry, width, cells, solution)
}

/// A step's placements; for stars and shading, its removals too (a value ruled out is the other
/// one placed).
fn placements(entry: Entry, step: &Step) -> Vec<(usize, u32)> {
    let mut placed = step.placed.clone();
    if entry.is_binary() {
        placed.extend(step.removed.iter().map(|&(cell, value)| (cell, u32::from(value == 0))));
    }
    placed.sort_unstable();
    placed.dedup();
    placed
}

/// The most techniques of a hint's lead-up named in its words; the rest are counted.
const MAX_NAMES: usize = 3;

fn to_hint(entry: Entry, lead: &[&Step], step: &Step, placed: &[(usize, u32)]) -> Hint {
    // The step in its own words; the lead-up it rests on by the names of its techniques, each
    // once and not the step's own (the board shows the lead-up's cells and removals): a hint is a
    // line or two, not the rater's log (issue 39: Killer hints of 1,026 characters).
    let mut names: Vec<&str> = Vec::new();
    for earlier in lead {
        if earlier.technique != step.technique && !names.contains(&earlier.technique) {
            names.push(earlier.technique);
        }
    }
    let earlier = match lead.len() {
        1 => "1 earlier step".to_owned(),
        n => format!("{n} earlier steps"),
    };
    let explanation = match (lead.is_empty(), names.is_empty()) {
        (true, _) => step.explanation.clone(),
        (false, true) => {
            format!("{} (after {earlier} of the same kind, marked).", step.explanation.trim_end_matches('.'))
        }
        (false, false) => {
            // At most three names, then how many more: the line stays a line on a phone.
            let shown = if names.len() > MAX_NAMES {
                format!("{} and {} more", names[..MAX_NAMES].join(", "), names.len() - MAX_NAMES)
            } else {
                names.join(", ")
            };
            format!("{} (after {earlier}, marked: {shown}).", step.explanation.trim_end_matches('.'))
        }
    };
    let eliminations = match entry {
        Entry::Stars | Entry::Shade => Vec::new(),
        Entry::Digits => lead
            .iter()
            .flat_map(|s| &s.removed)
            .chain(&step.removed)
            .map(|&(cell, value)| (cell, wire_value(entry, value)))
            .collect(),
    };
    let mut cells = step.cells.clone();
    cells.extend(lead.iter().flat_map(|s| s.cells.iter().copied()));
    cells.sort_unstable();
    cells.dedup();
    // Where to look: the step's own pattern (its cage, region or line) and where it places,
    // not the lead-up's cells.
    let mut area: Vec<usize> = step.cells.iter().copied().chain(placed.iter().map(|p| p.0)).collect();
    area.sort_unstable();
    area.dedup();
    Hint {
        area,
        cells,
        changes: String::new(),
        eliminations,
        explanation,
        placements: placed.iter().map(|&(cell, value)| (cell, wire_value(entry, value))).collect(),
        technique: step.technique.to_owned(),
        ..Hint::default()
    }
}

/// The next value from the solution: the first empty cell (for stars, the first star missing;
/// for shading, the first shaded cell missing).
fn reveal(entry: Entry, width: usize, cells: &[i32], solution: &[i32]) -> Hint {
    let missing = |want: Option<i32>| {
        cells.iter().zip(solution).position(|(&v, &s)| v == 0 && s > 0 && want.is_none_or(|w| w == s))
    };
    let cell = match entry {
        Entry::Stars | Entry::Shade => missing(Some(STAR)).or_else(|| missing(Some(DOT))),
        Entry::Digits => missing(None),
    };
    let Some(cell) = cell else {
        return Hint {
            cells: Vec::new(),
            changes: String::new(),
            eliminations: Vec::new(),
            explanation: "Nothing is left to place.".to_owned(),
            placements: Vec::new(),
            technique: "none".to_owned(),
            ..Hint::default()
        };
    };
    let width = width.max(1);
    let name = format!("r{}c{}", cell / width + 1, cell % width + 1);
    let what = match (entry, solution[cell]) {
        (Entry::Stars, STAR) => "a star".to_owned(),
        (Entry::Stars, _) => "no star".to_owned(),
        (Entry::Shade, STAR) => "shaded".to_owned(),
        (Entry::Shade, _) => "empty".to_owned(),
        (Entry::Digits, v) => v.to_string(),
    };
    Hint {
        cells: vec![cell],
        changes: String::new(),
        eliminations: Vec::new(),
        explanation: format!("No rule finds the next step here; {name} is {what}."),
        placements: vec![(cell, solution[cell])],
        technique: "reveal".to_owned(),
        ..Hint::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(technique: &'static str, placed: Vec<(usize, u32)>, removed: Vec<(usize, u32)>) -> Step {
        Step { technique, explanation: format!("{technique} here."), placed, removed, cells: vec![0] }
    }

    #[test]
    fn a_star_ruled_out_is_a_dot_placed() {
        let s = step("last cell", vec![(4, 1)], vec![(3, 1), (5, 0)]);
        assert_eq!(placements(Entry::Stars, &s), vec![(3, 0), (4, 1), (5, 1)]);
        assert_eq!(placements(Entry::Digits, &s), vec![(4, 1)]);
        let hint = to_hint(Entry::Stars, &[], &s, &placements(Entry::Stars, &s));
        assert_eq!(hint.placements, vec![(3, DOT), (4, STAR), (5, STAR)]);
    }

    #[test]
    fn a_lead_up_of_removals_goes_with_the_step() {
        let lead = [
            step("pair", vec![], vec![(1, 2)]),
            step("box", vec![], vec![(2, 3)]),
            step("x", vec![], vec![]),
        ];
        let lead: Vec<&Step> = lead.iter().collect();
        let s = step("single", vec![(0, 5)], vec![]);
        let hint = to_hint(Entry::Digits, &lead, &s, &[(0, 5)]);
        assert_eq!(hint.eliminations, vec![(1, 2), (2, 3)]);
        assert_eq!(hint.placements, vec![(0, 5)]);
        assert_eq!(hint.explanation, "single here (after 3 earlier steps, marked: pair, box, x).");
        // Past three names, the rest are counted.
        let long = [step("pair", vec![], vec![]), step("box", vec![], vec![]), step("x", vec![], vec![])];
        let more = [step("wing", vec![], vec![]), step("chain", vec![], vec![])];
        let lead: Vec<&Step> = long.iter().chain(&more).collect();
        let hint = to_hint(Entry::Digits, &lead, &s, &[(0, 5)]);
        assert_eq!(hint.explanation, "single here (after 5 earlier steps, marked: pair, box, x and 2 more).");
    }

    #[test]
    fn reveal_takes_the_first_missing_value() {
        let hint = reveal(Entry::Stars, 2, &[2, 0, 0, 0], &[2, 2, 1, 2]);
        assert_eq!((hint.technique.as_str(), hint.placements), ("reveal", vec![(2, STAR)]));
        let hint = reveal(Entry::Digits, 2, &[1, 0, 0, 0], &[1, 2, 2, 1]);
        assert_eq!(hint.placements, vec![(1, 2)]);
        assert!(hint.explanation.contains("r1c2 is 2"), "{}", hint.explanation);
    }
}
