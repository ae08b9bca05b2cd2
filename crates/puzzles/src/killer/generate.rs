//! The generator: a random full grid (the propagating search with the digits tried in a seeded
//! random order), cages grown at random over it (orthogonally connected, no digit twice, sizes
//! by level), their sums; then, while the puzzle has two solutions, the cage of a cell where they
//! differ is split (that cell alone, the rest in its connected pieces), which ends at worst with
//! every cell its own cage (a full grid of givens). Then the rater's level: kept if it is the one
//! asked for, else the next attempt.
//!
//! On grids above 9x9 each uniqueness check has a small node budget (1,000; 200 above 16x16);
//! one that runs out of it splits a random cage (the puzzle was too loose to settle cheaply) and
//! tries again, so the loop stays bounded and the puzzle it ends with is proven unique quickly by the solver.
//! The rater's trial step is capped on those grids too (`logic`).
//!
//! Why split rather than add givens: a one-cell cage is a given said the Killer way, and the
//! puzzle stays a plain janko-format Killer Sudoku (no givens block).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, GaveUp, Outcome};

use crate::common::{generator_settings, Made, Settings};
use crate::killer::logic::{rate, Difficulty};
use crate::killer::model::{box_shape, Cage, Killer, MAX_SIZE};
use crate::killer::solve::{random_grid, solutions};
use crate::killer::{Grid, Query};
use crate::Error;

/// Nodes of each uniqueness check on grids above 9x9 (unless the budget says otherwise); a fifth
/// of that above 16x16, whose nodes cost several times as much.
const UNIQUE_NODES: u64 = 1_000;

/// A generated puzzle: its only solution, its seed, its level.
pub type Generated = Made<Killer, Difficulty>;

/// Settings for generating puzzles of one side; [`generate`](Self::generate) makes one from a
/// seed.
///
/// ```
/// use tessera::killer::{count, Difficulty, Generator, Query};
/// let made = Generator::new(6)?.difficulty(Difficulty::Easy).generate(7).unwrap();
/// assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
/// assert_eq!(made.level, Difficulty::Easy);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    n: usize,
    settings: Settings<Difficulty>,
}

impl Generator {
    /// Puzzles of side `size` (4 to 25, not prime), any level.
    pub fn new(size: usize) -> Result<Self, Error> {
        if box_shape(size).is_none() {
            return Err(Error::OutOfRange {
                what: "a Killer Sudoku's side (not prime)",
                value: size as u64,
                min: 4,
                max: MAX_SIZE as u64,
            });
        }
        Ok(Generator { n: size, settings: Settings::new(200) })
    }

    generator_settings!(Difficulty, "200");

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// One puzzle from `seed`: the same settings and seed give the same puzzle.
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let n = self.n;
        let boxes = box_shape(n).ok_or(GaveUp::NodeLimit)?;
        // Each search's nodes: the budget's, or enough for the size. The uniqueness checks of
        // large grids get few: one that runs out splits a cage instead (see `unique`), which is
        // cheaper than searching on (at a fraction of a millisecond a node) and keeps the loop
        // bounded.
        let nodes = self.settings.budget.nodes().unwrap_or(if n <= 9 { 20_000 } else { 200_000 });
        let search = self.settings.budget.without_nodes().with_nodes(nodes);
        let check = self.settings.budget.without_nodes().with_nodes(self.settings.budget.nodes().unwrap_or(
            if n <= 9 {
                20_000
            } else if n <= 16 {
                UNIQUE_NODES
            } else {
                UNIQUE_NODES / 5
            },
        ));
        // A rating that gave up (its node limit) throws the attempt away; if every attempt
        // ends so, that is the reason given.
        let mut last = GaveUp::NodeLimit;
        let made = self.settings.run(seed, |rng| {
            let grid = match random_grid(n, boxes, rng.random(), &search) {
                Ok(grid) => grid,
                Err(GaveUp::NodeLimit) => return Ok(None),
                Err(reason) => return Err(reason),
            };
            let max = match self.settings.difficulty.unwrap_or(Difficulty::Medium) {
                Difficulty::Easy => 3,
                Difficulty::Medium => 4,
                Difficulty::Hard => 5,
                Difficulty::Expert => 6,
            };
            let mut cages = grow(n, &grid, max, rng);
            let puzzle = match unique(n, &grid, &mut cages, &check, rng) {
                Ok(puzzle) => puzzle,
                Err(GaveUp::NodeLimit) => return Ok(None),
                Err(reason) => return Err(reason),
            };
            match rate(&puzzle, &self.settings.budget) {
                Ok(rating) => Ok(Some((puzzle, Grid::new(n, grid).expect("a full grid"), rating.level))),
                Err(reason) => {
                    last = reason;
                    Ok(None)
                }
            }
        });
        match made {
            Err(GaveUp::NodeLimit) => Err(last),
            made => made,
        }
    }
}

/// The four neighbours of a cell.
fn neighbours(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    crate::common::grid::orthogonal(n, n, cell)
}

/// Cages grown from random cells, each to a random size from 2 to `max` where the grid allows.
fn grow(n: usize, grid: &[u8], max: usize, rng: &mut Pcg64Mcg) -> Vec<Vec<usize>> {
    let mut cage_of = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    order.shuffle(rng);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = rng.random_range(2..=max);
        let mut cells = vec![start];
        cage_of[start] = cages.len();
        while cells.len() < target {
            let options: Vec<usize> = cells
                .iter()
                .flat_map(|&c| neighbours(c, n))
                .filter(|&m| cage_of[m] == usize::MAX && cells.iter().all(|&x| grid[x] != grid[m]))
                .collect();
            let Some(&next) = options.choose(rng) else { break };
            cage_of[next] = cages.len();
            cells.push(next);
        }
        cages.push(cells);
    }
    cages
}

fn puzzle_of(n: usize, grid: &[u8], cages: &[Vec<usize>]) -> Killer {
    let cages = cages
        .iter()
        .map(|cells| Cage::new(cells.clone(), cells.iter().map(|&c| u32::from(grid[c])).sum()))
        .collect();
    Killer::new(n, cages, Vec::new()).expect("cages of the grid")
}

/// Splits cages until the puzzle has one solution.
fn unique(
    n: usize,
    grid: &[u8],
    cages: &mut Vec<Vec<usize>>,
    budget: &Budget,
    rng: &mut Pcg64Mcg,
) -> Result<Killer, GaveUp> {
    loop {
        let puzzle = puzzle_of(n, grid, cages);
        let found = solutions(&puzzle, &Query::default().with_limit(2).with_budget(budget.clone()));
        match found.count.outcome {
            // Too loose to settle within the nodes: a random cage of two cells or more split.
            Outcome::GaveUp(GaveUp::NodeLimit) => {
                let Some(k) =
                    (0..cages.len()).filter(|&k| cages[k].len() > 1).collect::<Vec<_>>().choose(rng).copied()
                else {
                    return Err(GaveUp::NodeLimit);
                };
                let cell = *cages[k].choose(rng).expect("two cells or more");
                split(n, cages, k, cell);
                continue;
            }
            Outcome::GaveUp(reason) => return Err(reason),
            _ => {}
        }
        let other = found.found.iter().find(|g| g.digits() != grid).ok_or(GaveUp::NodeLimit);
        let Ok(other) = other else { return Ok(puzzle) };
        let differ: Vec<usize> = (0..n * n).filter(|&c| other.digits()[c] != grid[c]).collect();
        let cell = *differ.choose(rng).expect("two solutions differ");
        let k = cages.iter().position(|c| c.contains(&cell)).expect("every cell in a cage");
        split(n, cages, k, cell);
    }
}

/// Cage `k` split into `cell` alone and the connected pieces of the rest.
fn split(n: usize, cages: &mut Vec<Vec<usize>>, k: usize, cell: usize) {
    let rest: Vec<usize> = cages[k].iter().copied().filter(|&c| c != cell).collect();
    cages[k] = vec![cell];
    cages.extend(pieces(&rest, n));
}

/// The orthogonally connected pieces of a set of cells.
fn pieces(cells: &[usize], n: usize) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut out = Vec::new();
    while let Some(start) = left.pop() {
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            for m in neighbours(piece[i], n) {
                if let Some(at) = left.iter().position(|&x| x == m) {
                    piece.push(left.swap_remove(at));
                }
            }
            i += 1;
        }
        out.push(piece);
    }
    out
}
