//! The shapes that the families of janko.at-style puzzles (Killer Sudoku, KenKen, Star Battle)
//! share for what their generators make and their raters say, so that the front ends (CLI,
//! Python, web game, books) handle all of them with one piece of code: [`Made`], [`Rating`] and
//! [`Step`].

use std::fmt;

/// A generated puzzle: its only solution, the seed that makes it again, its level.
#[derive(Debug, Clone)]
pub struct Made<P: crate::Puzzle, L> {
    /// The puzzle: exactly one solution.
    pub puzzle: P,
    /// Its solution.
    pub solution: P::Solution,
    /// The seed that reproduces it with the same generator settings.
    pub seed: u64,
    /// Its level by the rater.
    pub level: L,
    /// Attempts made (rejected for the wrong level, plus the one kept).
    pub attempts: u32,
}

/// One step of a human solver: the technique, its explanation in words, and what it changed.
/// Values are the family's: a digit for Killer and KenKen; for Star Battle 1 is a star and 0 no
/// star.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The technique's name, as players know it (e.g. "cage combination", "rule of 45").
    pub technique: &'static str,
    /// Why the step holds, in words, naming rows, columns, cages and regions (r1c1 style).
    pub explanation: String,
    /// Cells given a value: `(cell, value)`, cells numbered row by row from 0.
    pub placed: Vec<(usize, u32)>,
    /// Candidates ruled out: `(cell, value)`.
    pub removed: Vec<(usize, u32)>,
    /// The cells the reasoning looks at (a cage, a row, a region), for highlighting.
    pub cells: Vec<usize>,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.technique, self.explanation)
    }
}

/// What a rater found: the level, a score, the steps in order, and whether they finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating<L> {
    /// The level (from the hardest technique needed, and whether the techniques finished).
    pub level: L,
    /// The sum of the steps' weights (each family's header says how they are weighed).
    pub score: u32,
    /// The name of the hardest technique used.
    pub hardest: Option<&'static str>,
    /// Every step in order.
    pub steps: Vec<Step>,
    /// The techniques completed the grid.
    pub solved: bool,
    /// The techniques proved that there is no solution.
    pub contradiction: bool,
}

impl<L> Rating<L> {
    /// Nothing found yet, at `level` (the rater's easiest).
    pub fn start(level: L) -> Self {
        Rating { level, score: 0, hardest: None, steps: Vec::new(), solved: false, contradiction: false }
    }
}
