//! Guessing (bifurcation), and the small backtracking solver it relies on.
//!
//! When no technique applies, the rater picks the empty cell with the fewest candidates (a
//! bivalue cell when there is one; the first such cell, row by row) and settles it by trial and
//! error: a depth-first search over the current pencil marks finds a solution, and each other
//! candidate of the cell is tried in turn and shown to lead to a contradiction. The step places
//! the solution's digit, and logical solving goes on from there. For a puzzle with one solution
//! every other candidate fails; for a puzzle with several, the step says so and takes the
//! digit of the solution found first.
//!
//! The search propagates naked and hidden singles and branches on a cell with the fewest
//! candidates. It stops after [`NODE_BUDGET`] branches (a tenth of that for the check of the
//! other candidates); when no solution is found in that time the guess is not made and the
//! solve ends unsolved, which only big grids with few clues reach (25x25 with a third of the
//! cells given can). The caller's budget clock is read every [`CLOCK_EVERY`] branches, so that
//! a rating with `--timeout` ends in time even inside one long search. A solution found for one guess is kept for the later guesses of the same
//! solve while it still fits the marks, so a solve searches once, not once per guess.

use crate::sudoku::Layout;
use tessera_xc::Budget;

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};
use crate::common::bits::digits_of;

/// Branches one search may take before giving up.
pub(crate) const NODE_BUDGET: u64 = 200_000;
/// Branches between two readings of the budget's clock: a branch copies and propagates the whole
/// grid, up to a few dozen microseconds on 25x25.
const CLOCK_EVERY: u64 = 16;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Solved(Vec<u8>),
    NoSolution,
    GaveUp,
}

/// Searches for a solution of placed `digits` and candidate `marks` (both consumed).
pub(crate) fn search(
    layout: &Layout,
    mut digits: Vec<u8>,
    mut marks: Vec<u32>,
    budget: &mut u64,
    clock: &Budget,
) -> Outcome {
    if !propagate(layout, &mut digits, &mut marks) {
        return Outcome::NoSolution;
    }
    let Some(cell) =
        (0..digits.len()).filter(|&cell| digits[cell] == 0).min_by_key(|&cell| marks[cell].count_ones())
    else {
        return Outcome::Solved(digits);
    };
    let mut gave_up = false;
    for d in digits_of(marks[cell]) {
        if *budget == 0 || (*budget % CLOCK_EVERY == 0 && clock.check_clock().is_some()) {
            return Outcome::GaveUp;
        }
        *budget -= 1;
        let (mut digits, mut marks) = (digits.clone(), marks.clone());
        place(layout, &mut digits, &mut marks, cell, d);
        match search(layout, digits, marks, budget, clock) {
            Outcome::Solved(solution) => return Outcome::Solved(solution),
            Outcome::NoSolution => {}
            Outcome::GaveUp => gave_up = true,
        }
    }
    if gave_up {
        Outcome::GaveUp
    } else {
        Outcome::NoSolution
    }
}

fn place(layout: &Layout, digits: &mut [u8], marks: &mut [u32], cell: usize, d: u8) {
    digits[cell] = d;
    marks[cell] = 0;
    for &peer in layout.peers(cell) {
        marks[peer as usize] &= !bit(d);
    }
}

/// Naked and hidden singles until nothing changes; `false` on a contradiction.
fn propagate(layout: &Layout, digits: &mut [u8], marks: &mut [u32]) -> bool {
    let all = (1u32 << layout.size()) - 1;
    loop {
        let mut changed = false;
        for cell in 0..digits.len() {
            if digits[cell] != 0 {
                continue;
            }
            match marks[cell].count_ones() {
                0 => return false,
                1 => {
                    place(layout, digits, marks, cell, marks[cell].trailing_zeros() as u8 + 1);
                    changed = true;
                }
                _ => {}
            }
        }
        for house in layout.houses() {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in house {
                let cell = cell as usize;
                if digits[cell] != 0 {
                    if placed & bit(digits[cell]) != 0 {
                        return false;
                    }
                    placed |= bit(digits[cell]);
                } else {
                    twice |= once & marks[cell];
                    once |= marks[cell];
                }
            }
            if (once | placed) != all {
                return false;
            }
            for d in digits_of(once & !twice & !placed) {
                if let Some(&cell) = house.iter().find(|&&cell| marks[cell as usize] & bit(d) != 0) {
                    place(layout, digits, marks, cell as usize, d);
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// A solution of the grid's current marks.
pub(crate) fn solve(grid: &Candidates, clock: &Budget) -> Outcome {
    let (digits, marks) = parts(grid);
    search(grid.layout(), digits, marks, &mut { NODE_BUDGET }, clock)
}

fn parts(grid: &Candidates) -> (Vec<u8>, Vec<u32>) {
    let cells = grid.layout().cells();
    ((0..cells).map(|c| grid.digit(c)).collect(), (0..cells).map(|c| grid.candidates(c)).collect())
}

/// The guess step, or `None` when the marks have no solution (or the search gave up).
pub(crate) fn guess(grid: &Candidates) -> Option<Step> {
    guess_with(grid, &mut None, &Budget::unlimited())
}

/// Whether a solution still fits the grid: placed digits agree, and every empty cell still has
/// the solution's digit as a candidate.
fn fits(grid: &Candidates, solution: &[u8]) -> bool {
    solution.iter().enumerate().all(|(cell, &d)| match grid.digit(cell) {
        0 => grid.has(cell, d),
        placed => placed == d,
    })
}

/// [`guess`] with a solution kept from an earlier guess of the same solve. Sound steps never
/// remove a digit of any solution, and guesses place the kept solution's digits, so the kept
/// solution stays valid and each later guess skips the search (it is checked all the same).
pub(crate) fn guess_with(grid: &Candidates, kept: &mut Option<Vec<u8>>, clock: &Budget) -> Option<Step> {
    let layout = grid.layout();
    if !kept.as_deref().is_some_and(|solution| fits(grid, solution)) {
        *kept = match solve(grid, clock) {
            Outcome::Solved(solution) => Some(solution),
            _ => None,
        };
    }
    let solution = kept.as_deref()?;
    let cell = (0..layout.cells())
        .filter(|&cell| grid.digit(cell) == 0)
        .min_by_key(|&cell| grid.candidates(cell).count_ones())?;
    let d = solution[cell];
    let (mut refuted, mut open, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    // The rater only counts guesses; the check is for the player's explanation.
    let others = if grid.quiet() { 0 } else { grid.candidates(cell) & !bit(d) };
    for e in digits_of(others) {
        let (mut digits, mut marks) = parts(grid);
        place(layout, &mut digits, &mut marks, cell, e);
        let name = layout.symbol(e).to_string();
        match search(layout, digits, marks, &mut { NODE_BUDGET / 10 }, clock) {
            Outcome::NoSolution => refuted.push(name),
            Outcome::Solved(_) => open.push(name),
            Outcome::GaveUp => unknown.push(name),
        }
    }
    let name = layout.cell_name(cell);
    let options = explain::digits(layout, grid.candidates(cell)).replace(" and ", " or ");
    let digit = layout.symbol(d);
    let explanation = if grid.quiet() {
        String::new()
    } else if open.is_empty() && unknown.is_empty() {
        format!(
            "No technique applies, so try each candidate of {name} ({options}): {} {} to a contradiction, so {name} is {digit}",
            explain::join_and(&refuted),
            if refuted.len() == 1 { "leads" } else { "each lead" },
        )
    } else if !open.is_empty() {
        format!(
            "No technique applies, so guess: {name} can be {options}, and more than one choice leads to a solution \
             (the puzzle has several); take {digit}"
        )
    } else {
        format!(
            "No technique applies, so guess: {name} can be {options}; {digit} leads to a solution, and a quick search \
             could not settle {}, so take {digit}",
            explain::join_and(&unknown).replace(" and ", " or ")
        )
    };
    Some(Step {
        technique: Technique::Guess,
        placements: vec![(cell, d)],
        eliminations: Vec::new(),
        cells: vec![cell],
        houses: Vec::new(),
        explanation,
        chain: Vec::new(),
    })
}
