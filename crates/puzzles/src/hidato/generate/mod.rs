//! Generating Hidato puzzles: a random Hamiltonian path over the shape, its numbers, then clues
//! removed while the puzzle keeps exactly one solution and the asked level.
//!
//! 1. **Checks.** The shape's cells must be connected, have at most two cells with a single
//!    neighbour, and (Numbrix) the two colours of the chequerboard may differ by one at most;
//!    otherwise no path exists. [`Generator::no_path`] says which (with the solver's linear
//!    static checks after these), so a caller can report "no path exists" and why before
//!    generating; [`Generator::generate`] on such a shape fails at once with
//!    [`GaveUp::NodeLimit`].
//! 2. **A first path.** Depth-first search with Warnsdorff's order (the neighbour with the fewest
//!    free neighbours first, ties at random), restarted from other cells after a bounded number of
//!    nodes. On full rectangles the greedy order nearly always succeeds without backtracking; on
//!    an awkward shape where the bounded restarts give up, the solver's portfolio (complete, with
//!    its own checks) finds the path or shows there is none.
//! 3. **Mixing.** `10 * N` backbite moves (Oberdorf et al. 2006, as in `hamilton.c` and Ascent):
//!    an end of the path jumps to one of its neighbours and the segment after that neighbour is
//!    reversed. Each move keeps a Hamiltonian path on any graph, so holes need no special case,
//!    and it removes Warnsdorff's bias toward the edges. Each attempt mixes anew from the same
//!    first path.
//! 4. **Removal.** Clues are visited in a random order; 1 and `N` stay given below hard, and at
//!    every level with [`Generator::keep_ends`] (a book whose puzzles all show where the path
//!    starts and ends; an attempt that then cannot reach the asked level is rejected as any
//!    other). A removal
//!    is kept when one of these proves the puzzle still unique and no harder than asked:
//!    - the number is forced by its given neighbours (the only empty cell touching given `k-1`
//!      and `k+1`): an easy step leads back to the previous puzzle, no solver needed;
//!    - the logical solver with the rules of the asked level finishes it (Tatham's method: a
//!      puzzle solved by deduction has one solution, and it cannot be harder than asked);
//!    - expert only, in a second pass over the clues the hard rules kept: no other solution
//!      exists. The puzzle was unique with the clue, so another solution must put the removed
//!      number on another cell: one search with that cell taken out of its domain answers it,
//!      after a look for a solution one reversal away from the known one (no search at all).
//!      A budget overrun keeps the clue. Without a node limit in the budget each search gets
//!      2,000 nodes: most proofs need far fewer, the few that overrun cost more than all the
//!      others together, and an unproven clue simply stays (a few more givens than with a larger
//!      budget, for a fraction of the time).
//!
//!    Unrated generation uses the hard rules, no counting: orders of magnitude faster, with
//!    unique puzzles of every level but expert.
//! 5. **The level.** The result is rated; it is kept only at exactly the asked level, else the
//!    next attempt (a seed mixed from the seed and the attempt number) starts. An expert attempt
//!    succeeds when the counting pass removed a clue: the hard rules could not remove it, and
//!    fewer clues never make the rules stronger.

mod path;

use crate::common::seed::mix;
use crate::common::{generator_settings, Settings};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::hidato::logic::{self, Difficulty};
use crate::hidato::solve::{path_of, solution_avoiding};
use crate::hidato::{solve, Budget, GaveUp, Hidato, Query, EMPTY};
use path::Graph;

/// A generated puzzle with its solution and what it took.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle: exactly one solution.
    pub puzzle: Hidato,
    /// Its solution.
    pub solution: Hidato,
    /// The seed that reproduces it with the same generator settings.
    pub seed: u64,
    /// Its level by the logical rater.
    pub difficulty: Difficulty,
    /// Attempts made (rejected for the wrong level, plus the one kept).
    pub attempts: u32,
}

/// Settings for generating puzzles over a shape; [`generate`](Self::generate) makes one from a
/// seed.
///
/// ```
/// use tessera::hidato::{Adjacency, Difficulty, Generator, Hidato};
/// let shape = Hidato::new(5, 5, vec![0; 25], Adjacency::King).unwrap();
/// let made = Generator::new(shape).difficulty(Difficulty::Easy).generate(7).unwrap();
/// assert_eq!(made.difficulty, Difficulty::Easy);
/// assert_eq!(made.puzzle.shape(), made.solution.shape());
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    shape: Hidato,
    settings: Settings<Difficulty>,
    keep_ends: bool,
}

impl Generator {
    /// Puzzles over this shape (holes stay holes; givens in it are ignored), any level.
    pub fn new(shape: Hidato) -> Self {
        Generator { shape: shape.shape(), settings: Settings::new(1_000), keep_ends: false }
    }

    generator_settings!(Difficulty, "1,000");

    /// Keep 1 and the last number given at every level (below hard they always are).
    ///
    /// ```
    /// use tessera::hidato::{Adjacency, Difficulty, Generator, Hidato};
    /// let shape = Hidato::new(6, 6, vec![0; 36], Adjacency::King).unwrap();
    /// let made = Generator::new(shape).difficulty(Difficulty::Hard).keep_ends(true).generate(2).unwrap();
    /// let cells = made.puzzle.cells();
    /// assert!(cells.contains(&1) && cells.contains(&36));
    /// ```
    pub fn keep_ends(mut self, keep_ends: bool) -> Self {
        self.keep_ends = keep_ends;
        self
    }

    /// Why no puzzle over this shape exists (it has no Hamiltonian path), or `None` when none of
    /// the quick proofs applies: the shape's pieces, its dead ends, Numbrix colours, then the
    /// solver's static checks (linear in the cells; no search).
    ///
    /// ```
    /// use tessera::hidato::{Adjacency, Generator, Hidato, NoPath};
    /// let split = Hidato::new(3, 1, vec![0, -1, 0], Adjacency::King).unwrap();
    /// assert_eq!(Generator::new(split).no_path(), Some(NoPath::Pieces { pieces: 2 }));
    /// # Ok::<(), tessera::Error>(())
    /// ```
    pub fn no_path(&self) -> Option<NoPath> {
        if let Some(reason) = Graph::new(&self.shape).impossible() {
            return Some(reason);
        }
        // With no node to spend, the portfolio answers only from its static checks.
        let query = Query::default().with_budget(Budget::unlimited().with_nodes(0));
        matches!(solve(&self.shape, &query), Ok(None)).then_some(NoPath::StaticChecks)
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let graph = Graph::new(&self.shape);
        let first = match graph.first_path(&mut rng, &self.settings.budget) {
            Err(GaveUp::NodeLimit) => self.solver_path()?,
            other => other?,
        };
        for attempt in 0..self.settings.attempts {
            self.check_clock()?;
            let mut rng = Pcg64Mcg::seed_from_u64(mix(seed, u64::from(attempt) + 1));
            let mut path = first.clone();
            let moves = 10 * path.len();
            graph.backbite(&mut path, moves, &mut rng, &self.settings.budget)?;
            if let Some(mut made) = self.attempt(&path, &mut rng)? {
                made.seed = seed;
                made.attempts = attempt + 1;
                return Ok(made);
            }
        }
        Err(GaveUp::NodeLimit)
    }

    /// A path over the shape from the solver (its walker, complete where the bounded
    /// Warnsdorff restarts of [`Graph::first_path`] gave up on an awkward shape); no path at
    /// all is `GaveUp::NodeLimit`, as there.
    fn solver_path(&self) -> Result<Vec<usize>, GaveUp> {
        let answer = solve(&self.shape, &Query::default().with_budget(self.settings.budget.clone()))?
            .ok_or(GaveUp::NodeLimit)?;
        Ok(path_of(&answer).into_iter().map(|cell| cell as usize).collect())
    }

    fn check_clock(&self) -> Result<(), GaveUp> {
        self.settings.budget.check_clock().map_or(Ok(()), Err)
    }

    /// One attempt from a mixed path: `None` if the result has the wrong level.
    fn attempt(&self, path: &[usize], rng: &mut Pcg64Mcg) -> Result<Option<Generated>, GaveUp> {
        let mut solution = self.shape.clone();
        for (i, &cell) in path.iter().enumerate() {
            solution.set(cell, i as i32 + 1);
        }
        let n = path.len();
        let hide_ends = !self.keep_ends && self.settings.difficulty >= Some(Difficulty::Hard);
        let mut order: Vec<usize> = (0..n).filter(|&i| hide_ends || (i != 0 && i != n - 1)).collect();
        order.shuffle(rng);
        let mut puzzle = solution.clone();
        let cap = self.settings.difficulty.unwrap_or(Difficulty::Hard).min(Difficulty::Hard);
        // First pass: removals the rules of `cap` (hard when unrated) can undo; no counting.
        let mut kept = Vec::new();
        for &i in &order {
            self.check_clock()?;
            puzzle.set(path[i], EMPTY);
            if !(forced(&puzzle, path, i) || logic::solve_logically(&puzzle, cap).solved) {
                puzzle.set(path[i], i as i32 + 1);
                kept.push(i);
            }
        }
        // Expert: a second pass by counting, down to a minimal puzzle.
        let mut counted = false;
        if self.settings.difficulty == Some(Difficulty::Expert) {
            let budget = match self.settings.budget.nodes() {
                Some(_) => self.settings.budget.clone(),
                None => self.settings.budget.clone().with_nodes(COUNT_NODES),
            };
            for &i in &kept {
                self.check_clock()?;
                puzzle.set(path[i], EMPTY);
                // Still unique without the clue when no solution puts its number elsewhere; a
                // node-limit overrun counts as not unique.
                let unique = match solution_avoiding(&puzzle, &solution, i + 1, path[i], &budget) {
                    Ok(other) => !other,
                    Err(GaveUp::NodeLimit) => false,
                    Err(other) => return Err(other),
                };
                if unique {
                    counted = true;
                } else {
                    puzzle.set(path[i], i as i32 + 1);
                }
            }
        }
        let difficulty = match self.settings.difficulty {
            Some(Difficulty::Expert) if counted => Difficulty::Expert,
            _ => logic::rate(&puzzle).difficulty,
        };
        if self.settings.difficulty.is_some_and(|level| level != difficulty) {
            return Ok(None);
        }
        Ok(Some(Generated { puzzle, solution, seed: 0, difficulty, attempts: 0 }))
    }
}

/// Why a shape has no Hamiltonian path, so that no puzzle over it exists
/// ([`Generator::no_path`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoPath {
    /// The cells fall into several pieces, and a path cannot jump between them.
    Pieces {
        /// How many.
        pieces: usize,
    },
    /// More than two cells have one neighbour each, and a path has only two ends.
    DeadEnds {
        /// How many cells have one neighbour.
        cells: usize,
    },
    /// Numbrix: a path alternates the chequerboard's colours, whose counts differ by more than
    /// one.
    Colours {
        /// Cells of the colour of the top-left square.
        dark: usize,
        /// Cells of the other colour.
        light: usize,
    },
    /// The solver's static checks (a region no stretch of the path can fill, a cut-off part).
    StaticChecks,
}

impl std::fmt::Display for NoPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoPath::Pieces { pieces } => write!(f, "the shape is in {pieces} pieces that do not touch"),
            NoPath::DeadEnds { cells } => {
                write!(f, "{cells} cells have a single neighbour, and a path has only two ends")
            }
            NoPath::Colours { dark, light } => write!(
                f,
                "a Numbrix path alternates the chequerboard's colours, and the shape has {dark} cells of \
                 one and {light} of the other (they may differ by one at most)"
            ),
            NoPath::StaticChecks => {
                f.write_str("the solver's static checks prove it (a part no path can fill)")
            }
        }
    }
}

/// Nodes allowed to each uniqueness search when the budget sets no node limit, so that
/// generation stays bounded: a search that needs more keeps its clue.
const COUNT_NODES: u64 = 2_000;

/// Whether number `i + 1` (just removed from `path[i]`) is the only empty cell touching its given
/// neighbours `i` and `i + 2`: then one easy step restores the previous puzzle.
fn forced(puzzle: &Hidato, path: &[usize], i: usize) -> bool {
    let given = |j: usize| puzzle.get(path[j]) > 0;
    let lo = (i > 0 && given(i - 1)).then(|| path[i - 1]);
    let hi = (i + 1 < path.len() && given(i + 1)).then(|| path[i + 1]);
    let Some(anchor) = lo.or(hi) else { return false };
    let other = if lo.is_some() { hi } else { None };
    let mut candidates = puzzle
        .neighbours(anchor)
        .filter(|&c| puzzle.get(c) == EMPTY && other.is_none_or(|o| puzzle.touch(c, o)));
    candidates.next() == Some(path[i]) && candidates.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidato::{Adjacency, HOLE};

    fn shape(width: usize, height: usize, holes: &[usize]) -> Hidato {
        let cells = (0..width * height).map(|c| if holes.contains(&c) { HOLE } else { EMPTY }).collect();
        Hidato::new(width, height, cells, Adjacency::King).unwrap()
    }

    #[test]
    fn backbite_keeps_a_hamiltonian_path() {
        let board = shape(7, 5, &[3, 10, 17]);
        let graph = Graph::new(&board);
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let mut path = graph.first_path(&mut rng, &Budget::unlimited()).unwrap();
        graph.backbite(&mut path, 1_000, &mut rng, &Budget::unlimited()).unwrap();
        let mut sorted = path.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, graph.cells);
        assert!(path.windows(2).all(|w| board.touch(w[0], w[1])));
    }

    #[test]
    fn impossible_shapes_are_refused() {
        // Two cells apart: disconnected.
        assert_eq!(Graph::new(&shape(3, 1, &[1])).impossible(), Some(NoPath::Pieces { pieces: 2 }));
        // A plus sign in Numbrix: four leaves.
        let plus = Hidato::new(3, 3, vec![-1, 0, -1, 0, 0, 0, -1, 0, -1], Adjacency::Orthogonal).unwrap();
        assert_eq!(Graph::new(&plus).impossible(), Some(NoPath::DeadEnds { cells: 4 }));
        assert_eq!(Graph::new(&shape(1, 1, &[])).impossible(), None);
        // Numbrix on 5x5 less two light squares inside: 13 dark cells, 10 light.
        let mut cells = vec![0; 25];
        cells[7] = -1;
        cells[17] = -1;
        let parity = Hidato::new(5, 5, cells, Adjacency::Orthogonal).unwrap();
        assert_eq!(Generator::new(parity).no_path(), Some(NoPath::Colours { dark: 13, light: 10 }));
        assert_eq!(Generator::new(shape(4, 4, &[])).no_path(), None);
    }
}
