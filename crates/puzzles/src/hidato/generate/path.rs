//! The generator's paths: a shape's cells and neighbours ([`Graph`]), its static reasons for
//! having no Hamiltonian path, the first path (Warnsdorff's rule with restarts) and the backbite
//! moves that mix it into a uniformly random-looking path. Both read the clock as they go: on the
//! largest boards either can take seconds.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use super::NoPath;
use crate::hidato::{Adjacency, Budget, GaveUp, Hidato, HOLE};

/// Nodes of the first path's search between two readings of the clock.
const PATH_CHECK: u64 = 4096;

/// Backbite moves between two readings of the clock: a move costs at most a reversal of the
/// path (some 50 microseconds on 300x300), so 64 of them stay within a few milliseconds.
const BACKBITE_CHECK: usize = 64;

/// The shape's cells and neighbour lists.
pub(super) struct Graph {
    pub(super) cells: Vec<usize>,
    near: Vec<Vec<usize>>,
    adjacency: Adjacency,
    width: usize,
}

impl Graph {
    pub(super) fn new(shape: &Hidato) -> Self {
        let cells: Vec<usize> = (0..shape.cells().len()).filter(|&c| shape.get(c) != HOLE).collect();
        let near = (0..shape.cells().len())
            .map(|c| if shape.is_hole(c) { Vec::new() } else { shape.neighbours(c).collect() })
            .collect();
        Graph { cells, near, adjacency: shape.adjacency(), width: shape.width() }
    }

    /// Quick proofs that no Hamiltonian path exists.
    pub(super) fn impossible(&self) -> Option<NoPath> {
        let total = self.cells.len();
        if total <= 1 {
            return None;
        }
        let mut seen = vec![false; self.near.len()];
        let mut pieces = 0;
        for &first in &self.cells {
            if seen[first] {
                continue;
            }
            pieces += 1;
            let mut stack = vec![first];
            seen[first] = true;
            while let Some(c) = stack.pop() {
                for &d in &self.near[c] {
                    if !seen[d] {
                        seen[d] = true;
                        stack.push(d);
                    }
                }
            }
        }
        if pieces > 1 {
            return Some(NoPath::Pieces { pieces });
        }
        let dead_ends = self.cells.iter().filter(|&&c| self.near[c].len() == 1).count();
        if dead_ends > 2 {
            return Some(NoPath::DeadEnds { cells: dead_ends });
        }
        let black = self.cells.iter().filter(|&&c| (c % self.width + c / self.width) % 2 == 0).count();
        if self.adjacency == Adjacency::Orthogonal && (2 * black).abs_diff(total) > 1 {
            return Some(NoPath::Colours { dark: black, light: total - black });
        }
        None
    }

    /// A Hamiltonian path by Warnsdorff-ordered search with restarts; bounded work.
    pub(super) fn first_path(&self, rng: &mut Pcg64Mcg, budget: &Budget) -> Result<Vec<usize>, GaveUp> {
        if self.impossible().is_some() {
            return Err(GaveUp::NodeLimit);
        }
        let total = self.cells.len();
        let leaves: Vec<usize> = self.cells.iter().copied().filter(|&c| self.near[c].len() == 1).collect();
        let per_try = 20 * total as u64 + 2_000;
        for restart in 0..64 {
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            let start = if leaves.is_empty() {
                self.cells[rng.random_range(0..total)]
            } else {
                leaves[restart % leaves.len()]
            };
            if let Some(path) = self.search(start, per_try, rng, budget)? {
                return Ok(path);
            }
        }
        Err(GaveUp::NodeLimit)
    }

    /// One bounded Warnsdorff search from `start`: `nodes` at most, the clock read every
    /// [`PATH_CHECK`] of them (a try on 1000x1000 may take a second).
    pub(super) fn search(
        &self,
        start: usize,
        mut nodes: u64,
        rng: &mut Pcg64Mcg,
        budget: &Budget,
    ) -> Result<Option<Vec<usize>>, GaveUp> {
        let total = self.cells.len();
        let mut used = vec![false; self.near.len()];
        let mut path = vec![start];
        used[start] = true;
        // Each level: the ordered moves still to try from the path's end.
        let mut choices: Vec<Vec<usize>> = vec![self.ordered(start, &used, rng)];
        while path.len() < total {
            let Some(next) = choices.last_mut().and_then(Vec::pop) else {
                choices.pop();
                let Some(back) = path.pop() else { return Ok(None) };
                used[back] = false;
                if path.is_empty() {
                    return Ok(None);
                }
                continue;
            };
            if nodes == 0 {
                return Ok(None);
            }
            nodes -= 1;
            if nodes % PATH_CHECK == 0 {
                if let Some(reason) = budget.check_clock() {
                    return Err(reason);
                }
            }
            used[next] = true;
            path.push(next);
            choices.push(self.ordered(next, &used, rng));
        }
        Ok(Some(path))
    }

    /// Free neighbours of `cell`, the best (fewest onward moves) last as the search pops from the
    /// end, ties shuffled.
    pub(super) fn ordered(&self, cell: usize, used: &[bool], rng: &mut Pcg64Mcg) -> Vec<usize> {
        let mut moves: Vec<(usize, u32, usize)> = self.near[cell]
            .iter()
            .filter(|&&d| !used[d])
            .map(|&d| (self.near[d].iter().filter(|&&e| !used[e]).count(), rng.random::<u32>(), d))
            .collect();
        // A neighbour left with no free neighbour of its own must be visited now, as the last cell.
        let dead: Vec<usize> = moves.iter().filter(|m| m.0 == 0).map(|m| m.2).collect();
        if dead.len() > 1 {
            return Vec::new();
        }
        if let [only] = dead[..] {
            return vec![only];
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse((m.0, m.1)));
        moves.into_iter().map(|m| m.2).collect()
    }

    /// `moves` backbite moves at either end, chosen at random, within `budget`'s clock: a move
    /// reverses up to the whole path, so `10 * N` of them on a large board (300x300) take
    /// seconds; the clock is read every [`BACKBITE_CHECK`] moves.
    pub(super) fn backbite(
        &self,
        path: &mut [usize],
        moves: usize,
        rng: &mut Pcg64Mcg,
        budget: &Budget,
    ) -> Result<(), GaveUp> {
        let n = path.len();
        if n < 3 {
            return Ok(());
        }
        let mut pos = vec![usize::MAX; self.near.len()];
        for (i, &c) in path.iter().enumerate() {
            pos[c] = i;
        }
        for done in 0..moves {
            if done % BACKBITE_CHECK == 0 {
                if let Some(reason) = budget.check_clock() {
                    return Err(reason);
                }
            }
            let head = rng.random::<bool>();
            let end = if head { path[n - 1] } else { path[0] };
            let near = &self.near[end];
            let x = near[rng.random_range(0..near.len())];
            let i = pos[x];
            let (from, to) = if head { (i + 1, n) } else { (0, i) };
            if to - from < 2 {
                continue;
            }
            path[from..to].reverse();
            for (j, &c) in path[from..to].iter().enumerate() {
                pos[c] = from + j;
            }
        }
        Ok(())
    }
}
