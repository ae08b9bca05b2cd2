//! The rater: a logic solver that works as a person does, one explained [`Step`] at a time, and
//! the level of the hardest technique it needed.
//!
//! Techniques, cheapest first (the weight each adds to the score in brackets); at every step the
//! cheapest that finds something is taken, so the steps are the order a player would see them:
//!
//! | technique | weight | what it does |
//! |---|---|---|
//! | given | 1 | a one-cell cage holds its target |
//! | naked single | 1 | a cell with one candidate left holds it |
//! | hidden single | 2 | a value with one place left in a row or column goes there |
//! | cage combination | 2 (up to three cells) or 3 | only the values of some combination that makes the clue, none twice in a line, stay in the cage's cells (3- in 1..4 is {1,4}; 12* in an L of three cells of 1..6 is {1,2,6}, {1,3,4} or {2,2,3}) |
//! | naked pair | 4 | two cells of a line with the same two candidates take them from the rest of the line |
//! | hidden operation | 5 | a cage with only a target keeps the values some operation allows |
//! | line sum | 6 | a line sums to 1+...+N and multiplies to N!: the cells outside its `+` (or `*`) cages and its known cells are worked out when one is left (innies) |
//! | naked triple | 6 | three cells of a line whose candidates lie within three values take them from the rest |
//! | trial | 8 | a candidate that, placed, leads by singles and cage combinations to a cell with no value or a line with no place for one is removed; the chain is told |
//!
//! Levels: **easy** needs weights up to 2, **medium** up to 4, **hard** up to 6; **expert** is a
//! puzzle these techniques do not finish without trial (it needs trial and error or reasoning not
//! listed). Trial is what makes the hints of an expert puzzle steps rather than revealed values
//! (issue 39: 60 to 70 of a 9x9 expert's 81 hints were bare reveals); the generator rates without
//! it (`trial: false`), since any trial makes a puzzle expert and the techniques before it decide
//! the level alone, and it costs a propagation per candidate tried (at most [`PROBES`] a rating).
//! Every step removes only candidates that no solution has (cage combinations enumerate the
//! clue's tuples with the current candidates, as the solver does), so steps are sound on any
//! puzzle, and on a unique puzzle every placed value is the answer's.

mod technique;

use tessera_xc::{Budget, GaveUp};

use crate::kenken::model::KenKen;

pub use crate::common::Step;

/// The rater's answer: a [`crate::common::Rating`] over [`Difficulty`].
pub type Rating = crate::common::Rating<Difficulty>;

crate::common::levels! {
    /// A KenKen's difficulty, easiest first.
    #[derive(Default, serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Difficulty {
        /// Givens, singles and the combinations of cages of up to three cells.
        #[default]
        Easy => "easy",
        /// Combinations of cages of four cells or more, and naked pairs.
        Medium => "medium",
        /// Hidden operations, the line-sum rule, naked triples.
        Hard => "hard",
        /// Trial (a candidate led to a contradiction), or beyond the rater's techniques.
        Expert => "expert",
    }
}

impl Difficulty {
    /// The level of the hardest weight used (and whether the techniques finished).
    fn of(weight: u32, solved: bool) -> Self {
        match weight {
            _ if !solved => Difficulty::Expert,
            0..=2 => Difficulty::Easy,
            3..=4 => Difficulty::Medium,
            5..=6 => Difficulty::Hard,
            _ => Difficulty::Expert,
        }
    }
}

/// The weight of a trial step.
const TRIAL_WEIGHT: u32 = 8;

/// Candidates a rating tries at most (trial), over all its steps.
pub const PROBES: usize = 20_000;

/// The rating of `puzzle` with no budget (the techniques are polynomial; each step removes at
/// least one candidate, so there are at most N^3 steps).
pub fn rate(puzzle: &KenKen) -> Rating {
    rate_within(puzzle, &Budget::unlimited(), usize::MAX, true).expect("no budget")
}

/// The rating, or why it gave up within `budget` (read between steps and trials); at most
/// `steps` steps; `trial` whether a stalled rating tries candidates.
pub(crate) fn rate_within(
    puzzle: &KenKen,
    budget: &Budget,
    steps: usize,
    trial: bool,
) -> Result<Rating, GaveUp> {
    rate_board(technique::Board::new(puzzle), budget, steps, trial)
}

/// The rating from a partly filled board: `values` (row by row, `None` empty) placed first, as a
/// player's correct placements, and the steps from there. What a hint on a played board rests on:
/// KenKen has no givens, so a rating of the printed puzzle would walk past what the player has
/// done and, once stalled, stay stalled however many values were revealed since (issue 39: 76 of
/// 162 hints were bare reveals). A value that is not a candidate of its cell any more (the board
/// contradicts itself) is left out rather than placed.
pub(crate) fn rate_from(puzzle: &KenKen, values: &[Option<u32>], budget: &Budget) -> Result<Rating, GaveUp> {
    let mut board = technique::Board::new(puzzle);
    for (cell, value) in values.iter().enumerate() {
        if let Some(v) = *value {
            board.place_given(cell, v);
        }
    }
    rate_board(board, budget, usize::MAX, true)
}

fn rate_board(
    mut board: technique::Board<'_>,
    budget: &Budget,
    steps: usize,
    trial: bool,
) -> Result<Rating, GaveUp> {
    let mut found = Vec::new();
    let (mut score, mut hardest, mut top) = (0u32, None, 0u32);
    let mut contradiction = false;
    let mut probes = if trial { PROBES } else { 0 };
    while found.len() < steps && !board.solved() {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        let next = match board.next_step() {
            Some(next) => Some(next),
            None if probes > 0 => board.trial(budget, &mut probes)?.map(|step| (step, TRIAL_WEIGHT)),
            None => None,
        };
        let Some((step, weight)) = next else { break };
        score += weight;
        if weight >= top {
            top = weight;
            hardest = Some(step.technique);
        }
        if !board.apply(&step) {
            contradiction = true;
            found.push(step);
            break;
        }
        found.push(step);
    }
    let solved = board.solved() && !contradiction;
    Ok(Rating { level: Difficulty::of(top, solved), score, hardest, steps: found, solved, contradiction })
}
