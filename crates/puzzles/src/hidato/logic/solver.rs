//! The entry points: [`rate`] and [`solve_logically`] apply rules until the board is full, the
//! rules are stuck or they prove a contradiction, and sum up what was used as a [`Rating`].

use super::state::{Progress, State};
use super::technique::{Difficulty, Step, Technique};
use crate::hidato::Hidato;

/// What the logical solver did with a puzzle.
#[derive(Debug, Clone)]
pub struct Rating {
    /// The level of the hardest rule used (easy for a full board); expert when the hard rules
    /// could not finish, or the puzzle has no solution.
    pub difficulty: Difficulty,
    /// The sum of the steps' weights (see the module header).
    pub score: u32,
    /// The hardest rule used.
    pub hardest: Option<Technique>,
    /// Every step in order.
    pub steps: Vec<Step>,
    /// Whether the board was completed.
    pub solved: bool,
    /// Whether the rules proved that there is no solution.
    pub contradiction: bool,
    /// The completed board, when solved (the only solution).
    pub solution: Option<Hidato>,
}

/// Rates a puzzle with every rule up to expert.
pub fn rate(puzzle: &Hidato) -> Rating {
    solve_logically(puzzle, Difficulty::Expert)
}

/// Solves with the rules of `cap` and easier only; `solved` says whether they finished.
pub fn solve_logically(puzzle: &Hidato, cap: Difficulty) -> Rating {
    let mut state = State::new(puzzle);
    let mut steps = Vec::new();
    let mut contradiction = !state.consistent;
    let mut trials = TRIAL_LIMIT;
    while !contradiction && state.unplaced > 0 {
        match state.step(cap, Some(&mut steps), &mut trials) {
            Progress::Made => {}
            Progress::Stuck => break,
            Progress::Contradiction => contradiction = true,
        }
    }
    let solved = !contradiction && state.unplaced == 0;
    let hardest = steps.iter().map(|s| s.technique).max();
    let difficulty =
        if solved { hardest.map_or(Difficulty::Easy, Technique::level) } else { Difficulty::Expert };
    let score = steps.iter().map(|s| s.technique.weight()).sum();
    let solution = solved.then(|| state.board());
    Rating { difficulty, score, hardest, steps, solved, contradiction, solution }
}

/// Propagations allowed to the trial rule over one solve, so rating always ends quickly.
const TRIAL_LIMIT: u32 = 4_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidato::{Adjacency, HOLE};

    #[test]
    fn a_forced_chain_is_easy_and_explained() {
        let puzzle = Hidato::new(3, 1, vec![1, 0, 3], Adjacency::King).unwrap();
        let rating = rate(&puzzle);
        assert!(rating.solved);
        assert_eq!(rating.difficulty, Difficulty::Easy);
        assert_eq!(
            rating.steps[0].explanation,
            "2 must go at (2,1): it is the only free cell touching both 1 and 3"
        );
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        let puzzle = Hidato::new(3, 1, vec![1, HOLE, 2], Adjacency::King).unwrap();
        let rating = rate(&puzzle);
        assert!(!rating.solved && rating.contradiction);
    }
}
