//! One run of the walker: the depth-first loop over explicit frames, the candidates of the next
//! number in Warnsdorff's order (Pohl's on alternate Numbrix runs, random ties from the seed),
//! and placing and taking back numbers.

use tessera_xc::{Budget, GaveUp};

use super::super::Stop;
use super::{Walked, Walker, NONE};

// On a board of up to 4,096 cells the clock is read every `check_every::LINEAR_NODE` nodes: a
// node is a few passes over the board, so on bigger boards it is read more often (at every node
// from 65,536 cells).
use crate::common::budget::check_every;

/// A branch point: the number placed there, its candidate cells (best first) as the range
/// `start..` of the shared candidate stack up to the next frame's start, the next one to try,
/// and whether one is placed now.
struct Frame {
    leg: usize,
    number: u32,
    start: usize,
    next: usize,
    placed: bool,
}

impl Walker {
    /// A random 64-bit number (xorshift).
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// The first unfinished leg, `None` when every leg is done (a solution).
    fn current(&self) -> Option<usize> {
        (0..self.legs.len()).find(|&j| self.legs[j].left(self.head[j]) > 0)
    }

    /// Pushes onto `cands` the candidate cells of leg `j`'s next number, best first, and
    /// returns that number.
    fn candidates(&mut self, j: usize, cands: &mut Vec<u32>) -> u32 {
        let l = self.legs[j];
        let head = self.head[j];
        let number = if head == 0 { 1 } else { l.step(head) };
        let mut keyed: Vec<(u64, u32)> = Vec::with_capacity(8);
        if head == 0 {
            // 1 may go on any free cell within reach of the first given; cells with the fewest
            // neighbours first.
            let window = if l.gap {
                let left = l.to - 1;
                self.bfs(self.pos[l.to as usize], left);
                Some(left)
            } else {
                None
            };
            for c in 0..self.board.len() as u32 {
                if self.value[c as usize] != 0 || window.is_some_and(|left| self.dist_of(c) > left) {
                    continue;
                }
                let degree = u64::from(self.nb_start[c as usize + 1] - self.nb_start[c as usize]);
                let key = degree << 32 | (self.random() & 0xffff_ffff);
                keyed.push((key, c));
            }
        } else {
            let from = self.pos[head as usize];
            let window = if l.gap {
                let left = l.to.abs_diff(number);
                self.bfs(self.pos[l.to as usize], left);
                Some(left)
            } else {
                None
            };
            for i in self.nb_start[from as usize]..self.nb_start[from as usize + 1] {
                let x = self.nbrs[i as usize];
                if self.value[x as usize] != 0 || window.is_some_and(|left| self.dist_of(x) > left) {
                    continue;
                }
                // Warnsdorff: the fewest free neighbours first; in every other pair of runs on a
                // Numbrix board, ties by the fewest free cells two steps away (Pohl's
                // refinement), then at random. Neither order wins on every board.
                let (mut onward, mut second) = (0u64, 0u64);
                for &y in self.neighbours(x) {
                    if self.value[y as usize] == 0 {
                        onward += 1;
                        if self.pohl {
                            second +=
                                self.neighbours(y).iter().filter(|&&z| self.value[z as usize] == 0).count()
                                    as u64;
                        }
                    }
                }
                let key = onward << 48 | second << 32 | (self.random() & 0xffff_ffff);
                keyed.push((key, x));
            }
        }
        keyed.sort_unstable();
        cands.extend(keyed.into_iter().map(|(_, c)| c));
        number
    }

    fn place(&mut self, leg: usize, number: u32, c: u32) {
        self.value[c as usize] = number;
        self.pos[number as usize] = c;
        self.head[leg] = number;
        self.free -= 1;
    }

    fn unplace(&mut self, leg: usize, number: u32) {
        let c = self.pos[number as usize];
        self.value[c as usize] = 0;
        self.pos[number as usize] = NONE;
        // Up from 1 on a board with no givens, this is 0: nothing placed.
        self.head[leg] = if self.legs[leg].up { number - 1 } else { number + 1 };
        self.free += 1;
    }

    /// One run: depth-first from the givens with Warnsdorff's order, ties broken by `seed`, at
    /// most `max_nodes` placements, counting solutions up to `limit`; each solution goes to
    /// `found` as the cell (board index) of each number 1..=N.
    pub(in crate::hidato::solve) fn run(
        &mut self,
        seed: u64,
        max_nodes: u64,
        limit: u64,
        budget: &Budget,
        found: &mut dyn FnMut(Vec<u32>) -> bool,
    ) -> Result<Walked, GaveUp> {
        self.reset();
        self.rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        self.pohl = self.orthogonal && seed / 2 % 2 == 1;
        self.nodes = 0;
        self.solutions = 0;
        if limit == 0 {
            return Ok(Walked::Limit);
        }
        match self.dfs(max_nodes, limit, budget, found) {
            Ok(()) => Ok(Walked::Exhausted),
            Err(Stop::Limit) => Ok(Walked::Limit),
            Err(Stop::GaveUp(GaveUp::NodeLimit)) => Ok(Walked::Cut),
            Err(Stop::GaveUp(reason)) => Err(reason),
        }
    }

    fn dfs(
        &mut self,
        max_nodes: u64,
        limit: u64,
        budget: &Budget,
        found: &mut dyn FnMut(Vec<u32>) -> bool,
    ) -> Result<(), Stop> {
        let mut frames: Vec<Frame> = Vec::new();
        let mut cands: Vec<u32> = Vec::new();
        let mut entering = true;
        loop {
            if entering {
                entering = false;
                let current = self.current();
                if self.check(current.unwrap_or(0)) {
                    match current {
                        None => {
                            self.solutions += 1;
                            let path = (1..=self.n).map(|k| self.board[self.pos[k] as usize]).collect();
                            if !found(path) || self.solutions >= limit {
                                return Err(Stop::Limit);
                            }
                        }
                        Some(leg) => {
                            let start = cands.len();
                            let number = self.candidates(leg, &mut cands);
                            frames.push(Frame { leg, number, start, next: start, placed: false });
                        }
                    }
                }
            }
            let Some(frame) = frames.last_mut() else { return Ok(()) };
            if frame.placed {
                frame.placed = false;
                let (leg, number) = (frame.leg, frame.number);
                self.unplace(leg, number);
            }
            if frame.next == cands.len() {
                cands.truncate(frame.start);
                frames.pop();
                continue;
            }
            let c = cands[frame.next];
            frame.next += 1;
            frame.placed = true;
            let (leg, number) = (frame.leg, frame.number);
            self.nodes += 1;
            if self.nodes > max_nodes {
                return Err(Stop::GaveUp(GaveUp::NodeLimit));
            }
            let every = (65_536 / self.board.len() as u64).clamp(1, check_every::LINEAR_NODE);
            budget.spend(self.nodes, every).map_err(Stop::GaveUp)?;
            self.place(leg, number, c);
            entering = true;
        }
    }
}
