//! The driver: find the easiest step, apply it, repeat; and the public entry points built on it.

use super::candidates::Candidates;
use super::{
    als, chains, colouring, fish, forcing, guess, intersections, se, singles, subsets, uniqueness, wings,
};
use super::{Difficulty, Rating, Step, Technique};
use crate::sudoku::Sudoku;
use tessera_xc::{Budget, GaveUp};

/// One step by `technique` on the current marks, if it applies.
pub fn find(grid: &Candidates, technique: Technique) -> Option<Step> {
    use Technique::*;
    match technique {
        FullHouse => singles::full_house(grid),
        HiddenSingle => singles::hidden_single(grid),
        NakedSingle => singles::naked_single(grid),
        Pointing | Claiming => intersections::locked(grid, technique),
        NakedPair => subsets::naked(grid, 2),
        HiddenPair => subsets::hidden(grid, 2),
        NakedTriple => subsets::naked(grid, 3),
        HiddenTriple => subsets::hidden(grid, 3),
        NakedQuad => subsets::naked(grid, 4),
        HiddenQuad => subsets::hidden(grid, 4),
        XWing => fish::fish(grid, 2),
        FinnedXWing => fish::finned_fish(grid, 2),
        Swordfish => fish::fish(grid, 3),
        FinnedSwordfish => fish::finned_fish(grid, 3),
        XYWing => wings::xy_wing(grid),
        XYZWing => wings::xyz_wing(grid),
        WWing => wings::w_wing(grid),
        Jellyfish => fish::fish(grid, 4),
        FinnedJellyfish => fish::finned_fish(grid, 4),
        UniqueRectangle1 => uniqueness::unique_rectangle_1(grid),
        UniqueRectangle2 => uniqueness::unique_rectangle_2(grid),
        UniqueRectangle4 => uniqueness::unique_rectangle_4(grid),
        BugPlusOne => uniqueness::bug_plus_one(grid),
        SimpleColouring => colouring::simple_colouring(grid),
        XChain => chains::x_chain(grid),
        XYChain => chains::xy_chain(grid),
        Aic => chains::aic(grid),
        AlsXz => als::als_xz(grid),
        ForcingChain => forcing::forcing_step(grid, false),
        ForcingNet => forcing::forcing_step(grid, true),
        Guess => guess::guess(grid),
    }
}

/// [`find`] within one solve: the fish skip the digits that `memo` knows to have none.
fn find_with(grid: &Candidates, technique: Technique, memo: &mut fish::Memo) -> Option<Step> {
    use Technique::*;
    match technique {
        XWing => fish::fish_with(grid, 2, Some(memo)),
        FinnedXWing => fish::finned_fish_with(grid, 2, Some(memo)),
        Swordfish => fish::fish_with(grid, 3, Some(memo)),
        FinnedSwordfish => fish::finned_fish_with(grid, 3, Some(memo)),
        Jellyfish => fish::fish_with(grid, 4, Some(memo)),
        FinnedJellyfish => fish::finned_fish_with(grid, 4, Some(memo)),
        _ => find(grid, technique),
    }
}

/// The step of the easiest technique up to `max` that applies to the marks, `None` when the
/// grid is full or nothing up to `max` applies.
pub fn next_step(grid: &Candidates, max: Technique) -> Option<Step> {
    if grid.is_full() {
        return None;
    }
    Technique::ALL.into_iter().take_while(|&t| t <= max).find_map(|t| find(grid, t))
}

/// Applies the easiest step again and again until the grid is full or nothing up to `max`
/// applies. Every step removes a candidate or fills a cell, so this ends.
///
/// `budget`'s deadline and cancel flag are looked at before each step; `Err` when they stop it.
/// Each step is bounded on its own (a guess by its node budget), so a solve stops within one
/// step of its deadline.
fn run(
    grid: &mut Candidates,
    max: Technique,
    budget: &Budget,
    mut each: impl FnMut(Step),
) -> Result<(), GaveUp> {
    let mut kept = None;
    let mut memo = fish::Memo::new(grid.n());
    while !grid.is_full() {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        let step = Technique::ALL
            .into_iter()
            .take_while(|&t| t <= max.min(Technique::ForcingNet))
            .find_map(|t| find_with(grid, t, &mut memo))
            .or_else(
                || if max >= Technique::Guess { guess::guess_with(grid, &mut kept, budget) } else { None },
            );
        let Some(step) = step else {
            // A guess cut short by the clock is a budget run out, not a puzzle without a solution.
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            break;
        };
        grid.apply(&step);
        each(step);
    }
    Ok(())
}

/// Solves like a person, using techniques up to `max` (pass [`Technique::Guess`] to allow
/// guessing): the grid reached, every step taken, and whether the grid is solved. The
/// uniqueness techniques are used only if the puzzle has exactly one solution (counted first). A grid whose
/// givens clash is returned as it is, unsolved.
///
/// The generator's test "a hard puzzle really needs a hard technique and nothing harder" is
/// `solve_logically(p, Difficulty::Hard.max_technique()).2` and not
/// `solve_logically(p, Difficulty::Medium.max_technique()).2`.
pub fn solve_logically(puzzle: &Sudoku, max: Technique) -> (Sudoku, Vec<Step>, bool) {
    if !puzzle.is_consistent() {
        return (puzzle.clone(), Vec::new(), false);
    }
    let mut grid = Candidates::new(puzzle);
    grid.check_unique();
    let mut steps = Vec::new();
    let unlimited = run(&mut grid, max, &Budget::unlimited(), |step| steps.push(step));
    debug_assert!(unlimited.is_ok());
    let result = grid.grid();
    let solved = result.is_solved();
    (result, steps, solved)
}

/// Whether techniques up to `max` solve `puzzle`, as [`solve_logically`] says, but quietly (no
/// explanations are written) and within `budget`'s deadline and cancel flag: the generator's
/// test while it removes clues for a level.
pub(crate) fn solves_within(puzzle: &Sudoku, max: Technique, budget: &Budget) -> Result<bool, GaveUp> {
    if !puzzle.is_consistent() {
        return Ok(false);
    }
    let mut grid = Candidates::new(puzzle);
    grid.set_quiet();
    // The count that turns the uniqueness techniques on is paid only when the cap allows them:
    // the generator calls this once per clue removed.
    if max >= Technique::UniqueRectangle1 {
        grid.check_unique_within(budget);
    }
    run(&mut grid, max, budget, |_| {})?;
    Ok(grid.is_full() && grid.grid().is_solved())
}

/// Rates a puzzle: solves it with the easiest technique at every step, guessing when nothing
/// else applies, and reports the hardest technique, the level and the score (see the module
/// header). Counts the solutions first (to two, by the fast solver): the uniqueness techniques
/// are used only when there is exactly one.
pub fn rate(puzzle: &Sudoku) -> Rating {
    rate_within(puzzle, &Budget::unlimited()).unwrap_or_else(|_| unreachable!("no budget to run out"))
}

/// [`rate`] within `budget`'s deadline and cancel flag (its node limit is not used: each step
/// is bounded on its own), looked at before each step: what a server answering strangers calls.
///
/// ```
/// use std::time::Duration;
/// use tessera::sudoku::{logic, Sudoku};
/// use tessera::xc::{Budget, GaveUp};
/// let puzzle: Sudoku = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
/// assert!(logic::rate_within(&puzzle, &Budget::unlimited()).unwrap().solved);
/// let spent = Budget::unlimited().with_timeout(Duration::ZERO);
/// assert_eq!(logic::rate_within(&puzzle, &spent).unwrap_err(), GaveUp::Deadline);
/// ```
pub fn rate_within(puzzle: &Sudoku, budget: &Budget) -> Result<Rating, GaveUp> {
    with_se(puzzle, rate_level_within(puzzle, budget)?, budget)
}

/// Completes a rating of `puzzle` from [`rate_level_within`] with the SE pass: its `se` and its
/// `score` (see the module header).
pub(crate) fn with_se(puzzle: &Sudoku, mut rating: Rating, budget: &Budget) -> Result<Rating, GaveUp> {
    let (se, score) = match se::rate_se(puzzle, budget)? {
        Some(outcome) if outcome.solved => (outcome.rating, score_of(outcome.rating, rating.score)),
        _ => (rating.se, score_of(rating.se, rating.score)),
    };
    rating.se = se;
    rating.score = score;
    Ok(rating)
}

/// The level pass of [`rate_within`] alone: the level, techniques and guesses are final, but `se`
/// is only the highest [`Technique::se_weight`] among the steps and `score` is the bare effort
/// (the sum of the weights). The generator uses it to reject candidates of the wrong level
/// without paying for the SE pass, then completes the ones it keeps with [`with_se`].
pub(crate) fn rate_level_within(puzzle: &Sudoku, budget: &Budget) -> Result<Rating, GaveUp> {
    let mut counts = [0usize; Technique::ALL.len()];
    let mut score = 0u32;
    let mut se = 0.0f32;
    let mut steps = 0;
    let solved = if puzzle.is_consistent() {
        let mut grid = Candidates::new(puzzle);
        grid.set_quiet();
        grid.check_unique_within(budget);
        run(&mut grid, Technique::Guess, budget, |step| {
            counts[step.technique as usize] += 1;
            score += step.technique.weight();
            se = se.max(step.technique.se_weight());
            steps += 1;
        })?;
        grid.grid().is_solved()
    } else {
        false
    };
    let techniques: Vec<(Technique, usize)> =
        Technique::ALL.into_iter().zip(counts).filter(|&(_, count)| count > 0).collect();
    let hardest = techniques.last().map(|&(t, _)| t);
    let difficulty = match hardest {
        _ if !solved => Difficulty::Diabolical,
        Some(t) => t.difficulty(),
        None => Difficulty::Easy,
    };
    Ok(Rating {
        difficulty,
        score,
        se,
        hardest,
        steps,
        guesses: counts[Technique::Guess as usize],
        techniques,
        solved,
    })
}

/// The next step for a player, from the placed digits alone (candidates are every digit not yet
/// in a cell's houses): the easiest technique that applies, guessing last. `None` when the grid
/// is full, its digits clash, or it has no solution (a wrong digit was placed).
pub fn hint(puzzle: &Sudoku) -> Option<Step> {
    if !puzzle.is_consistent() {
        return None;
    }
    hint_with_candidates(&Candidates::new(puzzle))
}

/// The next step on a player's own pencil marks (see [`Candidates::with_marks`]). `None` when
/// the grid is full or the marks admit no solution (a wrong digit or a wrongly removed mark).
pub fn hint_with_candidates(grid: &Candidates) -> Option<Step> {
    if grid.is_full() || !matches!(guess::solve(grid, &Budget::unlimited()), guess::Outcome::Solved(_)) {
        return None;
    }
    let mut grid = grid.clone();
    grid.check_unique();
    next_step(&grid, Technique::Guess)
}

/// The score: the SE estimate in tenths first, then the effort (the sum of the steps' weights,
/// capped), so that the score orders puzzles as `se` does and breaks its ties by effort.
fn score_of(se: f32, effort: u32) -> u32 {
    (se * 10.0).round() as u32 * 10_000 + effort.min(9_999)
}
