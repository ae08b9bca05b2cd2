//! Generating at the hard end of the SE scale (9.0 and up): a local search that keeps moving
//! clues while the puzzle gets harder.
//!
//! Random minimal puzzles are almost never rated 9.5 or more by Sukaku Explainer (SE): in the
//! SE-rated samples of docs/se-rating.md none of thousands went past 9.1. So instead of drawing
//! and filtering, [`climb`] starts from one minimal puzzle of the seed and digs:
//!
//! 1. **A move** swaps one clue: a random clue is removed and a random empty cell receives its
//!    digit of the solution. The solution is kept, so the grid stays consistent; the move is
//!    kept only if the puzzle still has exactly one solution (the dedicated 9x9 counter, to two).
//! 2. **The measure** of a puzzle is the SE pass capped at the "dynamic forcing chains (+)"
//!    level ([`crate::sudoku::logic::probe_se`]): its rating, then the sum of the ratings of its
//!    steps from 6.0 up (a finer measure of the chain work, so that plateaus still lead
//!    somewhere). A puzzle with a step that needs more than that level is a candidate: SE's
//!    nested forcing chains start at 9.5.
//! 3. **Hill climbing.** Each round tries [`NEIGHBOURS`] moves and goes to the best of them if it
//!    measures at least as high as the current puzzle (sideways moves allowed, so the search
//!    crosses plateaus); after [`STALE_ROUNDS`] rounds without a rise it gives up this start and
//!    the generator's next attempt starts again from another seed.
//! 4. **The check.** A candidate is rated in full ([`crate::sudoku::logic::rate_within`]); it
//!    is kept when its SE estimate reaches the target.
//!
//! Everything follows the seed: the same seed and settings give the same puzzle. Every count,
//! probe and rating carries the generator's budget, so the search ends with the deadline.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::sudoku::fast9::count_9x9;
use crate::sudoku::logic::{self, Rating};
use crate::sudoku::{Budget, GaveUp, Outcome, Sudoku};

/// Minimal puzzles drawn for a climb; it starts from the hardest.
pub(crate) const DRAWS: u64 = 6;
/// Moves tried per round.
const NEIGHBOURS: usize = 16;
/// Rounds without a rise before a start is abandoned.
const STALE_ROUNDS: usize = 80;
/// The chaining level the measure stops above (1: dynamic forcing chains (+), SE 9.0).
const PROBE_CAP: u8 = 1;

/// A puzzle's measure: its capped rating in tenths, whether it went beyond the cap, and its effort.
type Measure = (u32, bool, u32);

fn measure(puzzle: &Sudoku, budget: &Budget) -> Result<Option<Measure>, GaveUp> {
    Ok(logic::probe_se(puzzle, budget, PROBE_CAP)?
        .map(|p| ((p.rating * 10.0).round() as u32, p.beyond, (p.effort * 10.0).round() as u32)))
}

/// From the hardest of the minimal puzzles `starts` (9x9, each with its solution), a puzzle whose
/// SE estimate is at least `target`, with its solution and rating, or `None` if the climb got
/// stuck (module header).
pub(crate) fn climb(
    starts: &[(Sudoku, Sudoku)],
    target: f32,
    seed: u64,
    budget: &Budget,
) -> Result<Option<(Sudoku, Sudoku, Rating)>, GaveUp> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed_c11b);
    let mut first: Option<(Measure, usize)> = None;
    for (i, (puzzle, _)) in starts.iter().enumerate() {
        if let Some(m) = measure(puzzle, budget)? {
            if first.is_none_or(|(b, _)| rank(m) > rank(b)) {
                first = Some((m, i));
            }
        }
    }
    let Some((mut score, index)) = first else { return Ok(None) };
    let (mut current, solution) = starts[index].clone();
    let cells = solution.layout().cells();
    let trace = std::env::var_os("TESSERA_CLIMB_TRACE").is_some();
    let mut stale = 0;
    while stale < STALE_ROUNDS {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if trace {
            eprintln!("climb {score:?} {:?}", current.cells());
        }
        // A candidate: beyond the cap (nested chains), or already at the target below it.
        if score.1 || f64::from(score.0) / 10.0 >= f64::from(target) - 1e-4 {
            let rating = logic::rate_within(&current, budget)?;
            if rating.se >= target - 1e-4 {
                return Ok(Some((current, solution, rating)));
            }
        }
        let mut best: Option<(Measure, Sudoku)> = None;
        let mut clues: Vec<usize> = (0..cells).filter(|&c| current.get(c) != 0).collect();
        let mut empty: Vec<usize> = (0..cells).filter(|&c| current.get(c) == 0).collect();
        clues.shuffle(&mut rng);
        empty.shuffle(&mut rng);
        for k in 0..NEIGHBOURS {
            let out = clues[k % clues.len()];
            let into = empty[rng.random_range(0..empty.len())];
            let mut next = current.clone();
            next.set(out, 0);
            next.set(into, solution.get(into));
            if !unique(&next, budget)? {
                continue;
            }
            let Some(m) = measure(&next, budget)? else { continue };
            if best.as_ref().is_none_or(|(b, _)| rank(m) > rank(*b)) {
                best = Some((m, next));
            }
        }
        match best {
            Some((m, next)) if rank(m) >= rank(score) => {
                stale = if rank(m) > rank(score) { 0 } else { stale + 1 };
                current = next;
                score = m;
            }
            _ => stale += 1,
        }
    }
    Ok(None)
}

/// The order of measures: beyond the cap first, then the rating, then the effort.
fn rank(m: Measure) -> (bool, u32, u32) {
    (m.1, m.0, m.2)
}

/// Whether `puzzle` (9x9) has exactly one solution.
fn unique(puzzle: &Sudoku, budget: &Budget) -> Result<bool, GaveUp> {
    let cells: [u8; 81] = puzzle.cells().try_into().map_err(|_| GaveUp::NodeLimit)?;
    let count = count_9x9(&cells, 2, budget);
    if let Outcome::GaveUp(reason) = count.outcome {
        return Err(reason);
    }
    Ok(count.solutions == 1)
}
