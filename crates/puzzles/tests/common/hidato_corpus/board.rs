//! [`Board`]: a board shape (which cells of the rectangle are holes), its grid distances and
//! neighbours, and the puzzle or solution it makes from givens or a path.

use std::collections::VecDeque;

use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera::hidato::{Adjacency, Hidato};

/// A board shape: which cells of the rectangle are cells (`free`) rather than holes.
#[derive(Debug, Clone)]
pub(super) struct Board {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) adjacency: Adjacency,
    pub(super) free: Vec<bool>,
}

impl Board {
    pub(super) fn full(width: usize, height: usize, adjacency: Adjacency) -> Self {
        Board { width, height, adjacency, free: vec![true; width * height] }
    }

    /// Grid distance: Chebyshev for king steps, Manhattan for orthogonal ones.
    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let dx = (a % self.width).abs_diff(b % self.width);
        let dy = (a / self.width).abs_diff(b / self.width);
        match self.adjacency {
            Adjacency::King => dx.max(dy),
            Adjacency::Orthogonal => dx + dy,
        }
    }

    pub(super) fn touch(&self, a: usize, b: usize) -> bool {
        self.distance(a, b) == 1
    }

    /// The cells of the rectangle one step from `cell`, holes included.
    pub(super) fn around(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = (cell % self.width, cell / self.width);
        let xs = x.saturating_sub(1)..=(x + 1).min(self.width - 1);
        let ys = y.saturating_sub(1)..=(y + 1).min(self.height - 1);
        ys.flat_map(move |ny| xs.clone().map(move |nx| ny * self.width + nx))
            .filter(move |&other| self.touch(cell, other))
    }

    /// The cells (not holes) one step from `cell`.
    pub(super) fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.around(cell).filter(move |&other| self.free[other])
    }

    pub(super) fn degree(&self, cell: usize) -> usize {
        self.neighbours(cell).count()
    }

    /// N: the number of cells.
    pub(super) fn size(&self) -> usize {
        self.free.iter().filter(|&&free| free).count()
    }

    /// Whether the cells form one piece.
    pub(super) fn connected(&self) -> bool {
        let Some(start) = self.free.iter().position(|&free| free) else { return true };
        let mut seen = vec![false; self.free.len()];
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        let mut reached = 1;
        while let Some(cell) = queue.pop_front() {
            for next in self.neighbours(cell) {
                if !seen[next] {
                    seen[next] = true;
                    reached += 1;
                    queue.push_back(next);
                }
            }
        }
        reached == self.size()
    }

    /// Cells of each colour, `(row + column) % 2` being 0 or 1.
    pub(super) fn colour_counts(&self) -> [usize; 2] {
        let mut counts = [0; 2];
        for cell in (0..self.free.len()).filter(|&c| self.free[c]) {
            counts[self.colour(cell)] += 1;
        }
        counts
    }

    pub(super) fn colour(&self, cell: usize) -> usize {
        (cell % self.width + cell / self.width) % 2
    }

    /// A random cell (the board always has some).
    pub(super) fn random_cell(&self, rng: &mut Pcg64Mcg) -> usize {
        loop {
            let cell = rng.random_range(0..self.free.len());
            if self.free[cell] {
                return cell;
            }
        }
    }

    /// Whether two givens `(cell, number)` pass the pairwise checks: distinct cells and numbers,
    /// the grid distance within the difference, and for Numbrix the parity.
    pub(super) fn consistent(&self, (a, x): (usize, i32), (b, y): (usize, i32)) -> bool {
        let (steps, d) = (x.abs_diff(y) as usize, self.distance(a, b));
        a != b && x != y && d <= steps && (self.adjacency == Adjacency::King || (steps - d) % 2 == 0)
    }

    /// Up to `count` more givens, each consistent with all the others.
    pub(super) fn add_extras(&self, givens: &mut Vec<(usize, i32)>, count: usize, rng: &mut Pcg64Mcg) {
        let n = self.size() as i32;
        let target = givens.len() + count;
        for _ in 0..100 * count {
            if givens.len() >= target {
                break;
            }
            let given = (self.random_cell(rng), rng.random_range(1..=n));
            if givens.iter().all(|&other| self.consistent(other, given)) {
                givens.push(given);
            }
        }
    }

    /// The puzzle: holes, givens, 0 elsewhere.
    pub(super) fn puzzle(&self, givens: &[(usize, i32)]) -> Hidato {
        let mut cells: Vec<i32> = self.free.iter().map(|&free| if free { 0 } else { -1 }).collect();
        for &(cell, number) in givens {
            debug_assert!(self.free[cell] && cells[cell] == 0, "a given on a hole or twice on a cell");
            cells[cell] = number;
        }
        Hidato::new(self.width, self.height, cells, self.adjacency).expect("a valid board")
    }

    /// The answer: `path[k]` holds `k + 1`.
    pub(super) fn solution(&self, path: &[usize]) -> Hidato {
        let mut cells = vec![-1; self.free.len()];
        for (k, &cell) in path.iter().enumerate() {
            cells[cell] = k as i32 + 1;
        }
        Hidato::new(self.width, self.height, cells, self.adjacency).expect("a valid answer")
    }
}
