//! The gap search (see the `solve` module header): the search state over compact cells, the
//! depth-first search over numbers and its budget. The per-node check is in `check`, the flood
//! fills it uses in `flood`.

mod check;
mod flood;

use tessera_xc::{Budget, GaveUp};

use super::{Stop, Tally, NONE};
use crate::common::budget::check_every;
use crate::hidato::{Adjacency, Hidato};

/// A branching choice: the (number, cell) moves of one number's candidate cells, or of one
/// cell's candidate numbers; exactly one of them holds in every solution below the node.
#[derive(Clone, Copy)]
struct Choice {
    len: usize,
    moves: [(u32, u32); 8],
}

impl Choice {
    const EMPTY: Choice = Choice { len: 0, moves: [(0, 0); 8] };

    fn push(&mut self, number: u32, cell: u32) {
        self.moves[self.len] = (number, cell);
        self.len += 1;
    }
}

/// The gap search of the `solve` module header.
pub(super) struct Search<'a> {
    puzzle: &'a Hidato,
    /// Compact cell -> board index.
    board_index: Vec<u32>,
    nbr_start: Vec<u32>,
    nbrs: Vec<u32>,
    /// Number in each compact cell, 0 if free.
    value: Vec<u32>,
    /// Cell of each number 0..=N (index 0 unused), or NONE.
    pos: Vec<u32>,
    n: u32,
    placed: u32,
    orthogonal: bool,
    // Scratch, reset by epochs.
    epoch: u32,
    comp_stamp: Vec<u32>,
    comp: Vec<u32>,
    comp_size: Vec<u32>,
    comp_forced: Vec<u32>,
    comp_possible: Vec<u32>,
    dist_a_stamp: Vec<u32>,
    dist_a: Vec<u32>,
    dist_b_stamp: Vec<u32>,
    dist_b: Vec<u32>,
    covered: Vec<u32>,
    queue: Vec<u32>,
    visited: Vec<u32>,
    order: Vec<u32>,
    window: Vec<i32>,
    /// Per free cell, under the `covered` stamp: how many numbers it may hold, and the first two.
    cell_count: Vec<u32>,
    cell_numbers: Vec<[u32; 2]>,
    /// Per free cell, under the `covered` stamp: the one gap that can reach it, or NONE. A gap is
    /// named by its upper end's number, the lower tail by its end (the smallest placed number, no
    /// gap's upper end), the upper tail by N + 1.
    cell_gap: Vec<u32>,
    /// Per gap name, this node's gap length and (stamped) owned cells.
    gap_len: Vec<u32>,
    owned: Vec<u32>,
    owned_stamp: Vec<u32>,
    // Outcome and budget.
    pub(super) tally: Tally,
    pub(super) nodes: u64,
    /// Its deadline and cancel flag, read every so many nodes.
    budget: &'a Budget,
    /// Givens contradict each other (placed consecutive numbers not touching, parity).
    broken: bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(puzzle: &'a Hidato, limit: u64, keep: u64, budget: &'a Budget) -> Self {
        let total = puzzle.cells().len();
        let mut compact = vec![NONE; total];
        let mut board_index = Vec::with_capacity(puzzle.size());
        for (cell, slot) in compact.iter_mut().enumerate() {
            if !puzzle.is_hole(cell) {
                *slot = board_index.len() as u32;
                board_index.push(cell as u32);
            }
        }
        let n = board_index.len();
        let mut nbr_start = Vec::with_capacity(n + 1);
        let mut nbrs = Vec::with_capacity(n * 8);
        nbr_start.push(0);
        for &cell in &board_index {
            nbrs.extend(puzzle.neighbours(cell as usize).map(|b| compact[b]));
            nbr_start.push(nbrs.len() as u32);
        }
        let mut value = vec![0u32; n];
        let mut pos = vec![NONE; n + 1];
        let mut placed = 0;
        for (c, &cell) in board_index.iter().enumerate() {
            let v = puzzle.get(cell as usize);
            if v > 0 {
                value[c] = v as u32;
                pos[v as usize] = c as u32;
                placed += 1;
            }
        }
        let orthogonal = puzzle.adjacency() == Adjacency::Orthogonal;
        let mut search = Search {
            puzzle,
            board_index,
            nbr_start,
            nbrs,
            value,
            pos,
            n: n as u32,
            placed,
            orthogonal,
            epoch: 0,
            comp_stamp: vec![0; n],
            comp: vec![0; n],
            comp_size: Vec::new(),
            comp_forced: Vec::new(),
            comp_possible: Vec::new(),
            dist_a_stamp: vec![0; n],
            dist_a: vec![0; n],
            dist_b_stamp: vec![0; n],
            dist_b: vec![0; n],
            covered: vec![0; n],
            queue: Vec::with_capacity(n),
            visited: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            window: Vec::with_capacity(n + 2),
            cell_count: vec![0; n],
            cell_numbers: vec![[0; 2]; n],
            cell_gap: vec![0; n],
            gap_len: vec![0; n + 2],
            owned: vec![0; n + 2],
            owned_stamp: vec![0; n + 2],
            tally: Tally::new(limit, keep),
            nodes: 0,
            budget,
            broken: false,
        };
        search.broken = !search.givens_agree();
        search
    }

    /// Consecutive givens touch, and on a Numbrix board (bipartite) every given's number has the
    /// parity its cell's colour demands.
    fn givens_agree(&self) -> bool {
        let n = self.n as usize;
        for k in 1..n {
            let (a, b) = (self.pos[k], self.pos[k + 1]);
            if a != NONE && b != NONE && !self.nbr(a).contains(&b) {
                return false;
            }
        }
        if self.orthogonal {
            let w = self.puzzle.width();
            let mut parity = None;
            for k in 1..=n {
                let c = self.pos[k];
                if c != NONE {
                    let b = self.board_index[c as usize] as usize;
                    let p = (b % w + b / w + k) % 2;
                    if *parity.get_or_insert(p) != p {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn nbr(&self, c: u32) -> &[u32] {
        &self.nbrs[self.nbr_start[c as usize] as usize..self.nbr_start[c as usize + 1] as usize]
    }

    pub(super) fn run(&mut self) -> Result<(), GaveUp> {
        if self.broken || self.tally.nothing_asked() {
            return Ok(());
        }
        match self.dfs() {
            Ok(()) | Err(Stop::Limit) => Ok(()),
            Err(Stop::GaveUp(reason)) => Err(reason),
        }
    }

    fn dfs(&mut self) -> Result<(), Stop> {
        if self.placed == self.n {
            return self.found();
        }
        let Some(choice) = self.check() else { return Ok(()) };
        if choice.len == 0 {
            return self.dfs_root_empty();
        }
        for &(k, c) in &choice.moves[..choice.len] {
            self.tick()?;
            self.value[c as usize] = k;
            self.pos[k as usize] = c;
            self.placed += 1;
            let result = self.dfs();
            self.placed -= 1;
            self.pos[k as usize] = NONE;
            self.value[c as usize] = 0;
            result?;
        }
        Ok(())
    }

    /// Root with nothing placed: number 1 may go anywhere.
    fn dfs_root_empty(&mut self) -> Result<(), Stop> {
        for c in 0..self.n {
            self.tick()?;
            self.value[c as usize] = 1;
            self.pos[1] = c;
            self.placed += 1;
            let result = self.dfs();
            self.placed -= 1;
            self.pos[1] = NONE;
            self.value[c as usize] = 0;
            result?;
        }
        Ok(())
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        // A node's check is linear in the cells a gap reaches, up to the whole board: on the
        // largest boards (a million cells) the clock is read at every node.
        let every = (65_536 / u64::from(self.n.max(1))).clamp(1, check_every::SMALL_NODE);
        self.budget.spend(self.nodes, every).map_err(Stop::GaveUp)
    }

    fn found(&mut self) -> Result<(), Stop> {
        self.tally.found(|| {
            let mut answer = self.puzzle.clone();
            for (c, &cell) in self.board_index.iter().enumerate() {
                answer.set(cell as usize, self.value[c] as i32);
            }
            answer
        })
    }

    fn bump(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            for v in [
                &mut self.comp_stamp,
                &mut self.dist_a_stamp,
                &mut self.dist_b_stamp,
                &mut self.covered,
                &mut self.owned_stamp,
            ] {
                v.fill(0);
            }
            self.epoch = 1;
        }
        self.epoch
    }
}
