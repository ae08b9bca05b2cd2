//! The path walker: depth-first search that lays the path one cell at a time, for sparse boards.
//!
//! The domain search branches on whichever number has the fewest cells. On a board with a few
//! givens every number has hundreds, the propagation has nothing to bite on, and the search
//! jumps between far-apart numbers, each placement cutting the board somewhere new. A
//! Hamiltonian path is found far more easily by *walking* it: extend one end, cell after cell,
//! to the free neighbour with the fewest free neighbours (Warnsdorff's rule), so the walk hugs
//! walls and holes and leaves behind a compact region, not a pocket it can never reach again.
//!
//! # The legs
//!
//! The givens, sorted, cut the path into *legs*, each walked from a placed number towards the
//! next: from 1 to the smallest given (1's cell is itself a branch, over the free cells within
//! reach of that given, those with the fewest neighbours first), then the gaps between
//! consecutive givens in increasing order, then the tail from the largest given to N (one free
//! end). The whole path is thus laid as one snake from 1: the free cells are always what one
//! path left behind, not the pieces between several. (Walking the gaps first and the tails
//! last, several snakes at once, stalled on open Numbrix boards: the snakes carved the board
//! into regions of the wrong colour balance, found out only hundreds of cells later.) A board
//! with no givens has one tail from 1. The walker always extends the first unfinished leg, so at
//! any node there is one *head*, and its candidates are the free neighbours of the head's cell.
//!
//! # The check at every node
//!
//! After each placement, a linear-time check over the free cells (recomputed, not maintained:
//! a node changes one cell, the check is a few passes over the board, and it stays obviously
//! right):
//!
//! 1. **Components.** A leg's unplaced numbers sit on consecutive free cells, so in one
//!    component of the free cells, next to both of its ends. Every leg needs such a component,
//!    every component a leg, and the components' sizes must be met exactly by the legs put in
//!    them: an exact assignment when legs and components are few (sparse boards), else the two
//!    halves of it (the legs that can only go in a component fit; those that may are enough).
//! 2. **Dead ends.** A free cell needs two usable neighbours (free, or an open end of a leg)
//!    unless a tail ends on it: no more such cells than unfinished tails, and none with zero.
//!    An open end needs as many free neighbours as the legs that leave it (James Clark's
//!    "blocked number").
//! 3. **Distance windows.** A gap's remaining path must reach its target: breadth-first
//!    distance through the free cells, from the target, bounded by the numbers left. For the
//!    current leg this is also the candidate filter (a neighbour farther from the target than
//!    the numbers left cannot be next); the pending gaps are checked while they are few.
//!
//! Colour parity on Numbrix boards and the fixed gaps' lengths against the board's distances are
//! static and checked once, before the walk (`precheck`).
//!
//! # Restarts
//!
//! Warnsdorff's rule finds most paths with almost no backtracking, but its rare bad start
//! sends the walk into a tree it cannot leave. [`Walker::run`] therefore takes a node limit
//! and a seed that breaks Warnsdorff's ties at random; the portfolio in the `solve` module
//! calls it with a Luby sequence of limits (N nodes times 1, 1, 2, 1, 1, 2, 4, ...) and a new
//! seed each time, alternating the puzzle and its reversal (k -> N + 1 - k, which walks from
//! the other end). On Numbrix boards every other pair of runs breaks ties by Pohl's rule
//! first (the fewest free cells two steps away): neither order wins on every board. A run that
//! ends inside its limit has seen its whole tree, so its answer (no solution, or the exact
//! count) is complete, whatever the seed.

mod check;
mod components;
mod distance;
mod legs;
mod precheck;
mod search;

use super::NONE;
use crate::hidato::{Adjacency, Hidato};
use legs::{plan, Leg};

/// Legs and components up to which the component check solves the exact assignment.
const EXACT_ASSIGNMENT: usize = 12;

/// Pending gaps whose distance windows are checked at every node (the nearest ones).
const DISTANCE_CHECKS: usize = 6;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Walked {
    /// The whole tree was seen: the solutions reported are all there are (up to the limit).
    Exhausted,
    /// The limit of solutions was reached.
    Limit,
    /// The run's node limit ran out first.
    Cut,
}

/// The walker over one puzzle: the board as a compact graph, the legs, the search state.
pub(super) struct Walker {
    n: usize,
    /// Compact cell -> board index, and (column, row).
    board: Vec<u32>,
    xy: Vec<(i32, i32)>,
    nb_start: Vec<u32>,
    nbrs: Vec<u32>,
    orthogonal: bool,
    /// The givens: number -> compact cell (NONE for the others), kept to reset each run.
    given: Vec<u32>,
    legs: Vec<Leg>,
    // State.
    value: Vec<u32>,
    pos: Vec<u32>,
    head: Vec<u32>,
    free: usize,
    // Scratch for the check: stamps reset by bumping the epoch.
    epoch: u32,
    seen: Vec<u32>,
    comp: Vec<u32>,
    comp_size: Vec<u32>,
    /// Numbrix: the cells of colour 1 in each component.
    comp_dark: Vec<u32>,
    // Tarjan's articulation cells: discovery time, low link, open-end neighbours in the
    // subtree, and per cell the parts its removal cuts off (with and without open ends).
    disc: Vec<u32>,
    low: Vec<u32>,
    anchors: Vec<u32>,
    cut_parts: Vec<u32>,
    cut_anchors: Vec<u32>,
    cut_bare: Vec<u32>,
    dfs_stack: Vec<(u32, u32, u32)>,
    comp_cells: Vec<u32>,
    open: Vec<u32>,
    open_need: Vec<u32>,
    dist: Vec<u32>,
    dist_seen: Vec<u32>,
    dist_epoch: u32,
    queue: Vec<u32>,
    leg_comps: Vec<Vec<u32>>,
    // Outcome of a run.
    /// Whether this run breaks Warnsdorff's ties by Pohl's rule.
    pohl: bool,
    pub(super) nodes: u64,
    pub(super) solutions: u64,
    rng: u64,
}

impl Walker {
    /// The walker for `puzzle`; [`precheck`](Self::precheck) must run before the first
    /// [`run`](Self::run).
    pub(super) fn new(puzzle: &Hidato) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let mut index = vec![NONE; w * h];
        let mut board = Vec::new();
        let mut xy = Vec::new();
        for (cell, slot) in index.iter_mut().enumerate() {
            if !puzzle.is_hole(cell) {
                *slot = board.len() as u32;
                board.push(cell as u32);
                xy.push(((cell % w) as i32, (cell / w) as i32));
            }
        }
        let cells = board.len();
        let mut nb_start = Vec::with_capacity(cells + 1);
        let mut nbrs = Vec::new();
        for &cell in &board {
            nb_start.push(nbrs.len() as u32);
            nbrs.extend(puzzle.neighbours(cell as usize).map(|x| index[x]));
        }
        nb_start.push(nbrs.len() as u32);
        let n = puzzle.size();
        let mut given = vec![NONE; n + 2];
        for (c, &cell) in board.iter().enumerate() {
            let v = puzzle.get(cell as usize);
            if v > 0 {
                given[v as usize] = c as u32;
            }
        }
        let legs = plan(&given, n);
        Walker {
            n,
            board,
            xy,
            nb_start,
            nbrs,
            orthogonal: puzzle.adjacency() == Adjacency::Orthogonal,
            head: vec![0; legs.len()],
            legs,
            value: vec![0; cells],
            pos: vec![NONE; n + 2],
            given,
            free: 0,
            epoch: 0,
            seen: vec![0; cells],
            comp: vec![0; cells],
            comp_size: Vec::new(),
            comp_dark: Vec::new(),
            disc: vec![0; cells],
            low: vec![0; cells],
            anchors: vec![0; cells],
            cut_parts: vec![0; cells],
            cut_anchors: vec![0; cells],
            cut_bare: vec![0; cells],
            dfs_stack: Vec::new(),
            comp_cells: Vec::new(),
            open: vec![0; cells],
            open_need: vec![0; cells],
            dist: vec![0; cells],
            dist_seen: vec![0; cells],
            dist_epoch: 0,
            queue: Vec::with_capacity(cells),
            leg_comps: Vec::new(),
            pohl: false,
            nodes: 0,
            solutions: 0,
            rng: 1,
        }
    }

    fn neighbours(&self, c: u32) -> &[u32] {
        &self.nbrs[self.nb_start[c as usize] as usize..self.nb_start[c as usize + 1] as usize]
    }

    fn touch(&self, a: u32, b: u32) -> bool {
        let ((ax, ay), (bx, by)) = (self.xy[a as usize], self.xy[b as usize]);
        let (dx, dy) = ((ax - bx).abs(), (ay - by).abs());
        if self.orthogonal {
            dx + dy == 1
        } else {
            dx.max(dy) == 1
        }
    }

    /// Puts the board back to its givens.
    fn reset(&mut self) {
        self.value.fill(0);
        self.pos.fill(NONE);
        for k in 1..=self.n {
            let c = self.given[k];
            if c != NONE {
                self.value[c as usize] = k as u32;
                self.pos[k] = c;
            }
        }
        self.free = self.value.iter().filter(|&&v| v == 0).count();
        for (head, leg) in self.head.iter_mut().zip(&self.legs) {
            *head = leg.from;
        }
    }

    /// The chequerboard colour of a cell, 0 or 1.
    fn colour(&self, c: u32) -> u32 {
        let (x, y) = self.xy[c as usize];
        ((x + y) & 1) as u32
    }
}
