//! The generator: a random Latin square, cut into random contiguous cages, each given an
//! informative clue, repaired until the solution is unique, then rated.
//!
//! 1. The Latin square is the dedicated engine's first solution of an empty grid, with the
//!    values tried in a random order at each branch (seeded), then its rows, columns and symbols
//!    shuffled: every Latin square can come out, not only the shifted-row (cyclic) ones.
//! 2. Cages grow from the cells in random order, each to a size drawn for the level (easy: mostly
//!    pairs; expert: more threes and fours), through random unassigned orthogonal neighbours.
//! 3. Clues: a one-cell cage is a given; a pair takes `/` when its quotient is whole (the most
//!    telling clue), else `-` or, less often, `+` or `*`; a larger cage takes `+` or `*`. With
//!    hidden operations, a cage of two or more cells shows only its target.
//! 4. Uniqueness: the engine counts to two. While a second solution exists, a cell where the two
//!    differ is picked, and its cage is repaired: first by another clue that the first solution
//!    meets and the second does not, else by splitting the cell off as a given (the rest of the
//!    cage keeps its connected pieces as cages with new clues). Each count has a node cap, so a
//!    hard instance is dropped, not waited on.
//! 5. The rater gives the level; with a level asked for, attempts go on (each from its own seed,
//!    [`crate::common::seed::mix`]) until one has it.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, GaveUp, Outcome};

use crate::common::{generator_settings, Settings};
use crate::kenken::logic::{rate_within, Difficulty};
use crate::kenken::model::{Cage, Grid, KenKen, Op, MAX_SIDE};
use crate::kenken::solve::{self, Model};

/// What the generator made: a [`crate::common::Made`] of a [`KenKen`] at a [`Difficulty`].
pub type Generated = crate::common::Made<KenKen, Difficulty>;

/// Nodes of one uniqueness count when the budget sets none.
const COUNT_NODES: u64 = 200_000;

/// The generator's settings, built from [`Generator::new`].
///
/// ```
/// use tessera::kenken::{count, Difficulty, Generator, Query};
/// let made = Generator::new(6).difficulty(Difficulty::Easy).generate(7).expect("a puzzle");
/// assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
/// assert_eq!(made.level, Difficulty::Easy);
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    size: usize,
    hidden: bool,
    max_cage: usize,
    settings: Settings<Difficulty>,
}

impl Generator {
    /// Puzzles of side `size` (brought into 1 to [`MAX_SIDE`]), any level, operations shown,
    /// cages of up to 4 cells, 1000 attempts, no budget.
    pub fn new(size: usize) -> Self {
        Generator { size: size.clamp(1, MAX_SIDE), hidden: false, max_cage: 4, settings: Settings::new(1000) }
    }

    generator_settings!(Difficulty, "1,000");

    /// Cages of two or more cells show their target only (the hidden-operation form).
    pub fn hidden_operations(mut self, hidden: bool) -> Self {
        self.hidden = hidden;
        self
    }

    /// The largest cage (2 to 8; 4 by default).
    pub fn max_cage(mut self, cells: usize) -> Self {
        self.max_cage = cells.clamp(2, 8);
        self
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// One puzzle from `seed`: the same seed and settings give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let count_budget = self.settings.search_budget(COUNT_NODES);
        self.settings.run(seed, |rng| {
            let Some((puzzle, solution)) = self.attempt(rng, &count_budget)? else { return Ok(None) };
            let level = rate_within(&puzzle, &self.settings.budget, usize::MAX, false)?.level;
            Ok(Some((puzzle, solution, level)))
        })
    }

    /// One attempt: `None` when a count ran past its node cap.
    fn attempt(&self, rng: &mut Pcg64Mcg, budget: &Budget) -> Result<Option<(KenKen, Grid)>, GaveUp> {
        let n = self.size;
        let Some(square) = latin_square(n, rng, budget)? else { return Ok(None) };
        let mut cages = self.partition(n, rng);
        let mut clues: Vec<Cage> = cages.drain(..).map(|cells| self.clue(cells, &square, rng)).collect();
        loop {
            let puzzle = KenKen::new(n, clues.clone()).expect("a partition of the grid");
            let model = Model::new(&puzzle);
            let mut found = Vec::new();
            let count = solve::list(&model, 2, budget, None, &mut |cells| found.push(cells));
            match count.outcome {
                Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
                Outcome::GaveUp(reason) => return Err(reason),
                _ => {}
            }
            if found.len() < 2 {
                return Ok(Some((puzzle, Grid::from_cells(n, square))));
            }
            let other = found.iter().find(|cells| **cells != square).expect("two solutions");
            let differ: Vec<usize> = (0..n * n).filter(|&c| other[c] != square[c]).collect();
            let cell = differ[rng.random_range(0..differ.len())];
            let k = puzzle.cage_of(cell);
            self.repair(&mut clues, k, cell, &square, other, rng);
        }
    }

    /// The cages' cells: random contiguous pieces of sizes drawn for the level.
    fn partition(&self, n: usize, rng: &mut Pcg64Mcg) -> Vec<Vec<usize>> {
        let weights: [u32; 8] = match self.settings.difficulty {
            Some(Difficulty::Easy) => [2, 12, 6, 1, 0, 0, 0, 0],
            Some(Difficulty::Medium) | None => [1, 8, 7, 3, 1, 0, 0, 0],
            Some(Difficulty::Hard) => [1, 6, 7, 5, 2, 1, 1, 1],
            Some(Difficulty::Expert) => [1, 4, 7, 6, 3, 2, 1, 1],
        };
        let weights = &weights[..self.max_cage];
        let total: u32 = weights.iter().sum();
        let mut owner = vec![usize::MAX; n * n];
        let mut order: Vec<usize> = (0..n * n).collect();
        order.shuffle(rng);
        let mut cages: Vec<Vec<usize>> = Vec::new();
        for start in order {
            if owner[start] != usize::MAX {
                continue;
            }
            let mut pick = rng.random_range(0..total);
            let mut size = 1;
            for (i, &w) in weights.iter().enumerate() {
                if pick < w {
                    size = i + 1;
                    break;
                }
                pick -= w;
            }
            let k = cages.len();
            owner[start] = k;
            let mut cells = vec![start];
            while cells.len() < size {
                let mut frontier: Vec<usize> = cells
                    .iter()
                    .flat_map(|&c| neighbours(n, c))
                    .filter(|&c| owner[c] == usize::MAX)
                    .collect();
                frontier.sort_unstable();
                frontier.dedup();
                let Some(&next) = frontier.choose(rng) else { break };
                owner[next] = k;
                cells.push(next);
            }
            cages.push(cells);
        }
        cages
    }

    /// A cage over `cells` with a clue the solution `square` meets.
    fn clue(&self, cells: Vec<usize>, square: &[u8], rng: &mut Pcg64Mcg) -> Cage {
        let values: Vec<u64> = cells.iter().map(|&c| u64::from(square[c])).collect();
        let candidates = clues_of(&values);
        let (op, target) = if values.len() == 1 {
            (Op::Given, values[0])
        } else {
            // The most telling first: a whole quotient, then a difference, then a sum or product.
            let weights: Vec<u32> = candidates
                .iter()
                .map(|&(op, _)| match op {
                    Op::Div => 12,
                    Op::Sub => 6,
                    Op::Mul => 3,
                    _ => 3,
                })
                .collect();
            let total: u32 = weights.iter().sum();
            let mut pick = rng.random_range(0..total);
            let mut chosen = candidates[0];
            for (i, &w) in weights.iter().enumerate() {
                if pick < w {
                    chosen = candidates[i];
                    break;
                }
                pick -= w;
            }
            chosen
        };
        let op = if self.hidden && cells.len() > 1 { Op::Hidden } else { op };
        Cage::new(cells, op, target)
    }

    /// Makes `other` break cage `k` (whose cell `cell` differs): another clue, or the cell split
    /// off as a given.
    fn repair(
        &self,
        clues: &mut Vec<Cage>,
        k: usize,
        cell: usize,
        square: &[u8],
        other: &[u8],
        rng: &mut Pcg64Mcg,
    ) {
        let cage = &clues[k];
        if cage.cells.len() > 1 {
            let values: Vec<u64> = cage.cells.iter().map(|&c| u64::from(square[c])).collect();
            let theirs: Vec<u8> = cage.cells.iter().map(|&c| other[c]).collect();
            let shown = |op| if self.hidden { Op::Hidden } else { op };
            let mut better: Vec<(Op, u64)> = clues_of(&values)
                .into_iter()
                .map(|(op, t)| (shown(op), t))
                .filter(|&(op, t)| !op.holds(t, &theirs))
                .collect();
            better.shuffle(rng);
            if let Some(&(op, target)) = better.first() {
                clues[k] = Cage::new(cage.cells.clone(), op, target);
                return;
            }
        }
        let rest: Vec<usize> = cage.cells.iter().copied().filter(|&c| c != cell).collect();
        clues[k] = Cage::new(vec![cell], Op::Given, u64::from(square[cell]));
        for piece in pieces(self.size, &rest) {
            let made = self.clue(piece, square, rng);
            clues.push(made);
        }
    }
}

/// The clues (operation, target) that `values` meet, each once: the sum and product always, a
/// difference and a whole quotient for two cells (larger cages never get `-` or `/` here).
fn clues_of(values: &[u64]) -> Vec<(Op, u64)> {
    let sum: u64 = values.iter().sum();
    let max = values.iter().copied().max().unwrap_or(0);
    let product = values.iter().try_fold(1u64, |p, &v| p.checked_mul(v));
    let mut clues = vec![(Op::Add, sum)];
    if let Some(p) = product {
        clues.push((Op::Mul, p));
    }
    if let [a, b] = values {
        let (big, small) = (max, a + b - max);
        if big > small {
            clues.push((Op::Sub, big - small));
        }
        if small > 0 && big % small == 0 && big > small {
            clues.push((Op::Div, big / small));
        }
    }
    clues
}

/// Orthogonal neighbours of a cell.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    crate::common::grid::orthogonal(n, n, cell)
}

/// The connected pieces of a set of cells.
fn pieces(n: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut found = Vec::new();
    while let Some(start) = left.pop() {
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            for next in neighbours(n, piece[i]) {
                if let Some(at) = left.iter().position(|&c| c == next) {
                    left.swap_remove(at);
                    piece.push(next);
                }
            }
            i += 1;
        }
        found.push(piece);
    }
    found
}

/// A random Latin square of side `n`, row by row; `None` when the search passed its node cap.
fn latin_square(n: usize, rng: &mut Pcg64Mcg, budget: &Budget) -> Result<Option<Vec<u8>>, GaveUp> {
    let cells = match solve::first(&Model::latin(n), budget, Some(rng.random())) {
        Ok(cells) => cells.expect("a Latin square of every side"),
        Err(GaveUp::NodeLimit) => return Ok(None),
        Err(reason) => return Err(reason),
    };
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    rows.shuffle(rng);
    cols.shuffle(rng);
    symbols.shuffle(rng);
    let square = (0..n * n).map(|i| symbols[usize::from(cells[rows[i / n] * n + cols[i % n]]) - 1]).collect();
    Ok(Some(square))
}
