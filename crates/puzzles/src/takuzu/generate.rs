//! The generator: a random full grid, then givens taken away one at a time while the puzzle stays
//! unique (and, at a level asked for, solvable by that level's techniques); then rated.
//!
//! 1. **Grid.** The solver's search on the empty board, each branch's first digit drawn at
//!    random: a random grid that keeps every rule (distinct lines too, when asked); a fill past
//!    a few hundred nodes starts again (restarts beat a long search into a late clash).
//! 2. **Removal.** Every cell starts given; in a random order, each given is taken away when the
//!    puzzle without it is still settled: at easy, medium or hard, by the closure of that level's
//!    techniques (the rater's deductions without its steps and words; techniques are sound, so a
//!    grid they finish is the only solution, and no search is needed); at expert or any level,
//!    by a count to two. What is left is minimal: no given can
//!    go without the puzzle needing more than the level's techniques (or having two solutions).
//! 3. **Level.** The easiest level whose closure settles the puzzle (the level the rater gives,
//!    checked against it in the tests); with [`Generator::difficulty`] only that level is kept,
//!    else the next attempt (a seed mixed from the seed and the attempt) starts.
//!
//! Why removal from a full grid rather than givens added to an empty one: each step starts from a
//! settled puzzle, so one look says whether the given was needed, and the result is minimal
//! (Tatham's `unruly` does the same).

use rand::seq::SliceRandom;
use tessera_xc::{GaveUp, Outcome};

use crate::common::{generator_settings, Settings};
use crate::takuzu::logic::{level_of, settles_from, Difficulty};
use crate::takuzu::model::MAX_SIDE;
use crate::takuzu::solve::{search, search_with, Layout, Work, UNKNOWN};
use crate::takuzu::{Binary, Takuzu};
use crate::Error;

/// The smallest side of the expert puzzles made.
pub const EXPERT_FROM: usize = 10;

/// The random fills an attempt makes at most, and the nodes of each.
const FILLS: usize = 64;
const FILL_NODES: u64 = 4 * 64;

/// A generated puzzle: the puzzle, its only solution, its seed and level.
pub type Generated = crate::common::Made<Takuzu, Difficulty>;

/// Settings for generating puzzles; [`generate`](Self::generate) makes one from a seed.
///
/// ```
/// use tessera::takuzu::{count, Generator, Query};
/// let made = Generator::new(8, 8)?.generate(7).unwrap();
/// assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    width: usize,
    height: usize,
    distinct: bool,
    settings: Settings<Difficulty>,
}

impl Generator {
    /// Puzzles of `width x height` cells with distinct lines, any level; a side that is odd or
    /// outside 4 to [`MAX_SIDE`] is bad input.
    pub fn new(width: usize, height: usize) -> Result<Self, Error> {
        for (what, side) in [("the width", width), ("the height", height)] {
            if !(4..=MAX_SIDE).contains(&side) {
                return Err(Error::OutOfRange { what, value: side as u64, min: 4, max: MAX_SIDE as u64 });
            }
            if side % 2 == 1 {
                return Err(Error::shape(format!(
                    "{what} is {side}: a Takuzu line holds as many 0s as 1s, so its sides are even"
                )));
            }
        }
        Ok(Generator { width, height, distinct: true, settings: Settings::new(100) })
    }

    generator_settings!(Difficulty, "100");

    /// Whether no two lines may be alike (the default; `false` for Tatham's rules).
    pub fn distinct(mut self, distinct: bool) -> Self {
        self.distinct = distinct;
        self
    }

    /// Whether the generator reaches `level` on a board of `width x height`: every level but
    /// expert on every side; expert (more than one contradiction at a time) from
    /// [`EXPERT_FROM`] (below, the minimal puzzles we made all yield to contradictions). A level
    /// it does not reach is bad input, refused before any attempt.
    pub fn reaches(level: Option<Difficulty>, width: usize, height: usize) -> Result<(), Error> {
        if level == Some(Difficulty::Expert) && width.max(height) < EXPERT_FROM {
            return Err(Error::shape(format!(
                "expert Takuzu are made from {EXPERT_FROM}x{EXPERT_FROM}: below, contradictions settle every one"
            )));
        }
        Ok(())
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let (w, h) = (self.width, self.height);
        let empty = Takuzu::empty(w, h, self.distinct).expect("a side the generator took");
        let wanted = self.settings.difficulty;
        let by_logic = matches!(wanted, Some(Difficulty::Easy | Difficulty::Medium | Difficulty::Hard));
        let budget = self.settings.search_budget(20_000);
        self.settings.run(seed, |rng| {
            // A random fill that runs into a late clash of lines (columns alike when they
            // complete) can wander for a long time; short fills, restarted, find a grid at once
            // (one fill in a few hundred at 14x14 took 0.65 s before).
            let mut grid: Option<Binary> = None;
            for _ in 0..FILLS {
                let short = self.settings.budget.clone().with_nodes(FILL_NODES);
                let filled = search_with(&empty, 1, &short, Some(rng), &mut |answer| grid = Some(answer));
                match filled.outcome {
                    Outcome::GaveUp(GaveUp::NodeLimit) => continue,
                    Outcome::GaveUp(reason) => return Err(reason),
                    _ => break,
                }
            }
            let Some(solution) = grid else { return Ok(None) };
            let mut givens: Vec<Option<bool>> = solution.cells().iter().map(|&one| Some(one)).collect();
            let mut order: Vec<usize> = (0..w * h).collect();
            order.shuffle(rng);
            let layout = Layout::new(&empty);
            let mut work = Work::with_clock(&self.settings.budget);
            for cell in order {
                let kept = givens[cell].take();
                let settled = if let (true, Some(level)) = (by_logic, wanted) {
                    let state = givens.iter().map(|g| g.map_or(UNKNOWN, u8::from)).collect();
                    // Only whether the cell taken away is decided again matters (`settles_from`);
                    // hard's closure runs easy's and medium's first and stops where they do.
                    settles_from(&layout, state, level, &mut work, &self.settings.budget, Some(cell))?
                } else {
                    let board = empty.with_givens(givens.clone()).expect("a solution's digits");
                    let count = search(&board, 2, &budget, &mut |_| {});
                    match count.outcome {
                        Outcome::GaveUp(GaveUp::NodeLimit) => false,
                        Outcome::GaveUp(reason) => return Err(reason),
                        _ => count.solutions == 1,
                    }
                };
                if !settled {
                    givens[cell] = kept;
                }
            }
            let board = empty.with_givens(givens).expect("a solution's digits");
            let level = level_of(&board, &self.settings.budget)?;
            Ok(Some((board, solution, level)))
        })
    }
}
