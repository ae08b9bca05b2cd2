//! The generator: a random placement of the stars, regions grown around them, then reshaped
//! until the puzzle has one solution, and rated.
//!
//! 1. **Stars.** Row by row, K columns in a random order that do not touch each other nor the
//!    row above, no column past K, and every column still able to get its missing stars in the
//!    rows left (at most one star per two rows). Depth-first with a node cap and restarts.
//! 2. **Regions.** Each region starts at a star not yet taken and grows by breadth-first search
//!    over free cells (random order) to its K-1 nearest free stars, keeping the paths: every
//!    region holds exactly K stars and is connected. The cells left are then given, one at a
//!    time at random, to the region of a random neighbour, so every region stays connected.
//! 3. **Uniqueness.** The solver looks for up to nine solutions (50,000 nodes and probes at most
//!    unless the budget says otherwise; past them the attempt starts over). For each one other
//!    than the intended answer that still fits the regions, one of its stars outside the
//!    intended answer moves to a neighbouring region (the donor staying connected): the
//!    intended answer still fits, the other no longer counts the same in two regions. Several
//!    second solutions are repaired per search (one search per move made the 10x10 one-star
//!    boards take seconds). After `4N` rounds without success, the attempt starts over.
//! 4. **Level.** The rater rates the puzzle; with [`Generator::difficulty`] only that level is
//!    kept, else the next attempt (a seed mixed from the seed and the attempt) starts.
//!
//! Why reshape instead of starting over: a random partition of a 10x10 two-star board is rarely
//! unique at once, but the second solutions differ from the answer in a few cells, and a move
//! or two removes them: far fewer searches than drawing new partitions.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::GaveUp;

use crate::common::{generator_settings, Settings};
use crate::starbattle::logic::{rate, Difficulty};
use crate::starbattle::{solve::search, Cell, StarBattle, Stars, MAX_SIDE};
use crate::Error;

/// A generated puzzle: the puzzle, its only solution, its seed and level.
pub type Generated = crate::common::Made<StarBattle, Difficulty>;

/// Settings for generating puzzles; [`generate`](Self::generate) makes one from a seed.
///
/// ```
/// use tessera::starbattle::{count, Generator, Query};
/// let made = Generator::new(8, 1)?.generate(7).unwrap();
/// assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    size: usize,
    stars: usize,
    settings: Settings<Difficulty>,
}

impl Generator {
    /// Puzzles of `size × size` cells with `stars` stars per row, column and region, any level;
    /// a board that cannot hold them is bad input (no search is tried): `size` from 1 to
    /// [`MAX_SIDE`], at least one star, and `stars × size` at most the `⌈size/2⌉²` stars that fit
    /// on the board without touching (each 2x2 block holds at most one).
    pub fn new(size: usize, stars: usize) -> Result<Self, Error> {
        if !(1..=MAX_SIDE).contains(&size) {
            return Err(Error::OutOfRange {
                what: "the side",
                value: size as u64,
                min: 1,
                max: MAX_SIDE as u64,
            });
        }
        let fit = size.div_ceil(2).pow(2);
        if stars == 0 || stars * size > fit {
            return Err(Error::shape(format!(
                "a {size}x{size} board cannot hold {stars} star(s) in every row: {} stars in all, and at most {fit} fit \
                 without touching",
                stars * size
            )));
        }
        Ok(Generator { size, stars, settings: Settings::new(1_000) })
    }

    generator_settings!(Difficulty, "1,000");

    /// One puzzle from `seed`: the same settings and seed give the same puzzle. Boards that
    /// hold the stars but where no random placement and regions become unique in the attempts
    /// (more than about a quarter of the side in stars) give up with [`GaveUp::NodeLimit`].
    pub fn generate(&self, seed: u64) -> Result<Generated, GaveUp> {
        let (n, k) = (self.size, self.stars);
        self.settings.run(seed, |rng| {
            let Some(stars) = place_stars(n, k, rng) else { return Ok(None) };
            let Some(regions) = grow_regions(n, k, &stars, rng) else { return Ok(None) };
            let Some((puzzle, solution)) = self.make_unique(regions, &stars, rng)? else { return Ok(None) };
            let level = rate(&puzzle, &self.settings.budget)?.level;
            Ok(Some((puzzle, solution, level)))
        })
    }

    /// Reshapes the regions until the board's only solution is `stars`; `None` if the moves run
    /// out.
    fn make_unique(
        &self,
        mut regions: Vec<usize>,
        stars: &[bool],
        rng: &mut Pcg64Mcg,
    ) -> Result<Option<(StarBattle, Stars)>, GaveUp> {
        let (n, k) = (self.size, self.stars);
        let budget = match self.settings.budget.nodes() {
            Some(_) => self.settings.budget.clone(),
            None => self.settings.budget.clone().with_nodes(50_000),
        };
        for _ in 0..4 * n {
            let cells = regions.iter().map(|&g| Cell::Region(g as u32 + 1)).collect();
            let board = StarBattle::new(n, n, k, cells).map_err(|_| GaveUp::NodeLimit)?;
            let mut others = Vec::new();
            let count = search(&board, SECONDS + 1, &budget, &mut |found| {
                if found.cells() != stars {
                    others.push(found);
                }
            });
            match count.outcome {
                tessera_xc::Outcome::GaveUp(GaveUp::NodeLimit) => return Ok(None),
                tessera_xc::Outcome::GaveUp(reason) => return Err(reason),
                _ => {}
            }
            if others.is_empty() {
                let solution = Stars::new(n, n, k, stars.to_vec()).map_err(|_| GaveUp::NodeLimit)?;
                return Ok((count.solutions == 1).then_some((board, solution)));
            }
            let mut moved = false;
            for other in others {
                // An earlier move of this round may have broken it already.
                if !fits(n, k, &regions, &other) {
                    continue;
                }
                let mut wrong: Vec<usize> = other.star_cells().filter(|&c| !stars[c]).collect();
                wrong.shuffle(rng);
                moved |= wrong.into_iter().any(|cell| move_cell(n, &mut regions, stars, cell, rng));
            }
            if !moved {
                return Ok(None);
            }
        }

        Ok(None)
    }
}

/// The second solutions one uniqueness search collects, each repaired by a move before the next
/// search: most moves break one solution without making another, so a round repairs several.
const SECONDS: u64 = 8;

/// Whether every region of `regions` holds exactly K of these stars.
fn fits(n: usize, k: usize, regions: &[usize], stars: &Stars) -> bool {
    let mut count = vec![0usize; n];
    stars.star_cells().for_each(|cell| count[regions[cell]] += 1);
    count.iter().all(|&c| c == k)
}

/// The orthogonal neighbours of a cell.
fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    crate::common::grid::orthogonal(n, n, cell)
}

/// Gives `cell` to a random neighbouring region. If that cuts its own region, the parts cut off
/// from the region's intended stars go with it (they touch `cell`, so the receiver stays
/// connected); false if the region's intended stars would be parted.
fn move_cell(n: usize, regions: &mut [usize], stars: &[bool], cell: usize, rng: &mut Pcg64Mcg) -> bool {
    let own = regions[cell];
    let mut others: Vec<usize> = neighbours(n, cell).map(|c| regions[c]).filter(|&g| g != own).collect();
    others.dedup();
    let Some(&to) = others.get(rng.random_range(0..others.len().max(1))) else { return false };
    regions[cell] = to;
    // The region's cells reachable from its intended stars.
    let mut seen = vec![false; n * n];
    let mut stack: Vec<usize> = (0..n * n).filter(|&c| regions[c] == own && stars[c]).collect();
    stack.iter().for_each(|&c| seen[c] = true);
    while let Some(at) = stack.pop() {
        for next in neighbours(n, at) {
            if regions[next] == own && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    if !stars_joined(n, regions, stars, own) {
        regions[cell] = own;
        return false;
    }
    for c in 0..n * n {
        if regions[c] == own && !seen[c] {
            regions[c] = to;
        }
    }
    true
}

/// Whether the region's intended stars lie in one piece: the flood from the first reaches all.
fn stars_joined(n: usize, regions: &[usize], stars: &[bool], g: usize) -> bool {
    let mut cells = (0..n * n).filter(|&c| regions[c] == g && stars[c]);
    let Some(first) = cells.next() else { return false };
    let mut seen = vec![false; n * n];
    seen[first] = true;
    let mut stack = vec![first];
    while let Some(at) = stack.pop() {
        for next in neighbours(n, at) {
            if regions[next] == g && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    cells.all(|c| seen[c])
}

/// A random placement of K stars per row and column, none touching; `None` past the node cap.
fn place_stars(n: usize, k: usize, rng: &mut Pcg64Mcg) -> Option<Vec<bool>> {
    let mut rows = Vec::with_capacity(n);
    let mut columns = vec![0usize; n];
    let mut nodes = 0u32;
    place_row(n, k, 0, &mut rows, &mut columns, rng, &mut nodes)
        .then(|| (0..n * n).map(|cell| rows[cell / n] >> (cell % n) & 1 == 1).collect())
}

fn place_row(
    n: usize,
    k: usize,
    row: usize,
    rows: &mut Vec<u64>,
    columns: &mut [usize],
    rng: &mut Pcg64Mcg,
    nodes: &mut u32,
) -> bool {
    if row == n {
        return true;
    }
    let above = rows.last().copied().unwrap_or(0);
    let blocked = above | above << 1 | above >> 1;
    let mut order: Vec<usize> = (0..n).filter(|&c| blocked >> c & 1 == 0 && columns[c] < k).collect();
    order.shuffle(rng);
    // Rows left after this one; a column can take at most one star per two rows.
    let left = n - row - 1;
    choose(n, k, row, rows, columns, &order, 0, 0, left, rng, nodes)
}

#[allow(clippy::too_many_arguments, reason = "the recursion's state, kept flat for speed")]
fn choose(
    n: usize,
    k: usize,
    row: usize,
    rows: &mut Vec<u64>,
    columns: &mut [usize],
    order: &[usize],
    from: usize,
    mask: u64,
    left: usize,
    rng: &mut Pcg64Mcg,
    nodes: &mut u32,
) -> bool {
    *nodes += 1;
    if *nodes > 20_000 {
        return false;
    }
    if mask.count_ones() as usize == k {
        let fits = (0..n).all(|c| k - columns[c] <= left.div_ceil(2));
        if !fits {
            return false;
        }
        rows.push(mask);
        if place_row(n, k, row + 1, rows, columns, rng, nodes) {
            return true;
        }
        rows.pop();
        return false;
    }
    for i in from..order.len() {
        let c = order[i];
        if mask & (0b111u64 << c >> 1) != 0 {
            continue;
        }
        columns[c] += 1;
        let done = choose(n, k, row, rows, columns, order, i + 1, mask | 1 << c, left, rng, nodes);
        columns[c] -= 1;
        if done {
            return true;
        }
        if *nodes > 20_000 {
            return false;
        }
    }
    false
}

/// Regions of K stars each grown around the stars (see the module header); `None` when a
/// region cannot reach K free stars.
fn grow_regions(n: usize, k: usize, stars: &[bool], rng: &mut Pcg64Mcg) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let mut regions = vec![FREE; n * n];
    let mut free_stars: Vec<usize> = (0..n * n).filter(|&c| stars[c]).collect();
    free_stars.shuffle(rng);
    for g in 0..n {
        let seed = free_stars.pop()?;
        regions[seed] = g;
        let mut parent = vec![usize::MAX; n * n];
        let mut queue = std::collections::VecDeque::from([seed]);
        parent[seed] = seed;
        let mut needed = k - 1;
        while needed > 0 {
            let cell = queue.pop_front()?;
            let mut next: Vec<usize> = neighbours(n, cell).collect();
            next.shuffle(rng);
            for near in next {
                if regions[near] != FREE || parent[near] != usize::MAX {
                    continue;
                }
                parent[near] = cell;
                if stars[near] && needed > 0 {
                    needed -= 1;
                    free_stars.retain(|&s| s != near);
                    let mut at = near;
                    while regions[at] == FREE {
                        regions[at] = g;
                        at = parent[at];
                    }
                }
                queue.push_back(near);
            }
        }
    }
    // The cells left, to random neighbouring regions.
    let mut left: Vec<usize> = (0..n * n).filter(|&c| regions[c] == FREE).collect();
    while !left.is_empty() {
        left.shuffle(rng);
        let before = left.len();
        left.retain(|&cell| {
            let owners: Vec<usize> = neighbours(n, cell).map(|c| regions[c]).filter(|&g| g != FREE).collect();
            match owners.get(rng.random_range(0..owners.len().max(1))) {
                Some(&g) => {
                    regions[cell] = g;
                    false
                }
                None => true,
            }
        });
        if left.len() == before {
            return None;
        }
    }
    Some(regions)
}
