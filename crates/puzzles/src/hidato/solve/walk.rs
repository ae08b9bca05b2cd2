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

use tessera_xc::{Budget, GaveUp};

use super::{Stop, NONE};
use crate::hidato::{Adjacency, Hidato};

/// Nodes between two looks at the clock on a board of up to 4,096 cells: a node is a few passes
/// over the board, so on bigger boards the clock is read more often (at every node from 65,536
/// cells).
const CHECK_EVERY: u64 = 16;

/// Legs and components up to which the component check solves the exact assignment.
const EXACT_ASSIGNMENT: usize = 12;

/// Pending gaps whose distance windows are checked at every node (the nearest ones).
const DISTANCE_CHECKS: usize = 6;

/// A stretch of the path walked from the placed number `from` towards `to`. A gap's `to` is a
/// given; a tail's is 1 or N, free. `from == 0` marks the tail of a board with no givens,
/// whose first number, 1, is itself placed by branching.
#[derive(Debug, Clone, Copy)]
struct Leg {
    from: u32,
    to: u32,
    up: bool,
    gap: bool,
}

impl Leg {
    /// The next number after `head` along this leg.
    fn step(&self, head: u32) -> u32 {
        if self.up {
            head + 1
        } else {
            head - 1
        }
    }

    /// Numbers still to place once `head` is placed.
    fn left(&self, head: u32) -> u32 {
        let span = self.to.abs_diff(head);
        if self.gap {
            span - 1
        } else {
            span
        }
    }
}

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

    /// Static arguments that the puzzle has no solution, true when none applies: a board in
    /// pieces, too many cells with one neighbour, Numbrix colours that cannot alternate along a
    /// path, two givens farther apart through the free cells than their difference, and the
    /// walker's own check at the root (components, dead ends).
    pub(super) fn precheck(&mut self) -> bool {
        self.reset();
        let cells = self.board.len();
        // Connected board.
        self.epoch += 1;
        let mut reached = 0;
        self.queue.clear();
        self.queue.push(0);
        self.seen[0] = self.epoch;
        while let Some(c) = self.queue.pop() {
            reached += 1;
            for i in self.nb_start[c as usize]..self.nb_start[c as usize + 1] {
                let x = self.nbrs[i as usize];
                if self.seen[x as usize] != self.epoch {
                    self.seen[x as usize] = self.epoch;
                    self.queue.push(x);
                }
            }
        }
        if reached != cells {
            return false;
        }
        if cells > 1 {
            let mut ends = 0;
            for c in 0..cells {
                let degree = self.nb_start[c + 1] - self.nb_start[c];
                if degree == 0 {
                    return false;
                }
                ends += u32::from(degree == 1);
            }
            if ends > 2 {
                return false;
            }
        }
        if self.orthogonal && !self.colours_fit() {
            return false;
        }
        // Consecutive givens: adjacent when next to each other, else within reach.
        for leg in self.legs.clone() {
            if leg.gap && leg.from != 0 {
                let (s, t) = (self.pos[leg.from as usize], self.pos[leg.to as usize]);
                let span = leg.to.abs_diff(leg.from);
                if span == 1 {
                    if !self.touch(s, t) {
                        return false;
                    }
                } else if self.reach(t, s, span) > span {
                    return false;
                }
            }
        }
        self.legs.retain(|leg| !(leg.gap && leg.from != 0 && leg.to.abs_diff(leg.from) == 1));
        self.head.truncate(self.legs.len());
        self.reset();
        self.check(0)
    }

    /// On a chequerboard every orthogonal step changes colour: number k's colour is 1's colour
    /// flipped k - 1 times, so the colours' counts differ by at most one, the majority colour
    /// holds 1 when they differ, and every given agrees.
    fn colours_fit(&self) -> bool {
        let colour = |c: u32| {
            let (x, y) = self.xy[c as usize];
            ((x + y) & 1) as usize
        };
        let mut count = [0usize; 2];
        for c in 0..self.board.len() as u32 {
            count[colour(c)] += 1;
        }
        // The colour of number 1 if forced by the counts.
        let mut one: Option<usize> = match count[0].abs_diff(count[1]) {
            0 => None,
            1 => Some(if count[0] > count[1] { 0 } else { 1 }),
            _ => return false,
        };
        for k in 1..=self.n {
            let c = self.given[k];
            if c != NONE {
                let implied = colour(c) ^ ((k - 1) & 1);
                match one {
                    Some(o) if o != implied => return false,
                    _ => one = Some(implied),
                }
            }
        }
        true
    }

    /// Breadth-first distance from `from` to `to` through free cells (both ends may be
    /// placed), `bound + 1` when farther than `bound`.
    fn reach(&mut self, from: u32, to: u32, bound: u32) -> u32 {
        self.bfs(from, bound);
        for &x in self.neighbours(to) {
            if self.dist_seen[x as usize] == self.dist_epoch && (self.value[x as usize] == 0 || x == from) {
                let d = self.dist[x as usize] + 1;
                if d <= bound {
                    return d;
                }
            }
        }
        bound + 1
    }

    /// Breadth-first distances from `from` through free cells, up to `bound`.
    fn bfs(&mut self, from: u32, bound: u32) {
        self.dist_epoch += 1;
        let epoch = self.dist_epoch;
        self.queue.clear();
        self.queue.push(from);
        self.dist_seen[from as usize] = epoch;
        self.dist[from as usize] = 0;
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            let d = self.dist[c as usize] + 1;
            if d > bound {
                continue;
            }
            for j in self.nb_start[c as usize]..self.nb_start[c as usize + 1] {
                let x = self.nbrs[j as usize];
                if self.value[x as usize] == 0 && self.dist_seen[x as usize] != epoch {
                    self.dist_seen[x as usize] = epoch;
                    self.dist[x as usize] = d;
                    self.queue.push(x);
                }
            }
        }
    }

    /// The distance found by the last [`bfs`](Self::bfs), or `u32::MAX`.
    fn dist_of(&self, c: u32) -> u32 {
        if self.dist_seen[c as usize] == self.dist_epoch {
            self.dist[c as usize]
        } else {
            u32::MAX
        }
    }

    /// The check of the module header with `leg` the current leg: false when no solution can
    /// extend the placed numbers.
    fn check(&mut self, leg: usize) -> bool {
        let cells = self.board.len();
        if self.free == 0 {
            return true;
        }
        // Open ends: cells from which an unfinished leg leaves, and how many legs leave each.
        self.epoch += 1;
        let epoch = self.epoch;
        let mut tails = 0;
        for j in leg..self.legs.len() {
            let l = self.legs[j];
            let left = l.left(self.head[j]);
            if left == 0 {
                continue;
            }
            // Free ends: a tail's last number, and 1 when its cell is still to be chosen.
            tails += u32::from(!l.gap) + u32::from(self.head[j] == 0);
            let mut ends = [NONE; 2];
            if self.head[j] != 0 {
                ends[0] = self.pos[self.head[j] as usize];
            }
            if l.gap {
                ends[1] = self.pos[l.to as usize];
            }
            for c in ends.into_iter().filter(|&c| c != NONE) {
                if self.open[c as usize] != epoch {
                    self.open[c as usize] = epoch;
                    self.open_need[c as usize] = 0;
                }
                self.open_need[c as usize] += 1;
            }
        }
        // Dead ends, and components of the free cells.
        self.comp_size.clear();
        self.comp_dark.clear();
        let mut lonely = 0;
        for c in 0..cells as u32 {
            let v = self.value[c as usize];
            if v != 0 {
                if self.open[c as usize] == epoch {
                    let free = self.neighbours(c).iter().filter(|&&x| self.value[x as usize] == 0).count();
                    if (free as u32) < self.open_need[c as usize] {
                        return false;
                    }
                }
                continue;
            }
            let usable = self
                .neighbours(c)
                .iter()
                .filter(|&&x| self.value[x as usize] == 0 || self.open[x as usize] == epoch)
                .count();
            match usable {
                // Only a path of one cell (both ends free) sits on a cell with no neighbour.
                0 if self.free > 1 || tails < 2 => return false,
                1 => {
                    lonely += 1;
                    if lonely > tails {
                        return false;
                    }
                }
                _ => {}
            }
            if self.seen[c as usize] != epoch && !self.component(c, epoch, tails) {
                return false;
            }
        }
        if !self.components_fit(leg) {
            return false;
        }
        // Distance windows of the nearest pending gaps (the current leg's is the move filter).
        let mut checked = 0;
        for j in leg + 1..self.legs.len() {
            if checked == DISTANCE_CHECKS {
                break;
            }
            let l = self.legs[j];
            if l.gap {
                checked += 1;
                let span = l.to.abs_diff(l.from);
                let (s, t) = (self.pos[l.from as usize], self.pos[l.to as usize]);
                if self.cheap_distance(s, t) > span || self.reach(t, s, span) > span {
                    return false;
                }
            }
        }
        true
    }

    /// Numbers the component of free cell `root` (its size and dark cells pushed on
    /// `comp_size` and `comp_dark`) by an iterative depth-first search that also finds its
    /// articulation cells (Tarjan): false when removing one free cell leaves more parts out of
    /// reach of every open end than there are tails to end in them. Such a part can only be
    /// entered through that cell, visited once, so the path cannot come back out: it ends there.
    fn component(&mut self, root: u32, epoch: u32, tails: u32) -> bool {
        let id = self.comp_size.len() as u32;
        let (mut size, mut dark, mut clock) = (0u32, 0u32, 0u32);
        let anchored = |walker: &Self, c: u32| {
            u32::from(walker.neighbours(c).iter().any(|&x| walker.open[x as usize] == epoch))
        };
        let mut stack = std::mem::take(&mut self.dfs_stack);
        stack.clear();
        let enter = |walker: &mut Self, c: u32, clock: &mut u32| {
            walker.seen[c as usize] = epoch;
            walker.comp[c as usize] = id;
            walker.disc[c as usize] = *clock;
            walker.low[c as usize] = *clock;
            walker.anchors[c as usize] = anchored(walker, c);
            walker.cut_anchors[c as usize] = 0;
            walker.cut_bare[c as usize] = 0;
            walker.cut_parts[c as usize] = 0;
            *clock += 1;
        };
        enter(self, root, &mut clock);
        stack.push((root, NONE, self.nb_start[root as usize]));
        let mut ok = true;
        let mut cells = std::mem::take(&mut self.comp_cells);
        cells.clear();
        cells.push(root);
        while let Some(top) = stack.last_mut() {
            let (v, parent, next) = *top;
            if next < self.nb_start[v as usize + 1] {
                top.2 += 1;
                let x = self.nbrs[next as usize];
                if self.value[x as usize] != 0 {
                    continue;
                }
                if self.seen[x as usize] != epoch {
                    enter(self, x, &mut clock);
                    cells.push(x);
                    stack.push((x, v, self.nb_start[x as usize]));
                } else if x != parent {
                    self.low[v as usize] = self.low[v as usize].min(self.disc[x as usize]);
                }
                continue;
            }
            stack.pop();
            size += 1;
            dark += self.colour(v);
            if parent == NONE {
                continue;
            }
            let (p, vi) = (parent as usize, v as usize);
            self.low[p] = self.low[p].min(self.low[vi]);
            self.anchors[p] += self.anchors[vi];
            if self.low[vi] >= self.disc[p] {
                // v's subtree is a part of the component once p is removed.
                self.cut_parts[p] += 1;
                self.cut_anchors[p] += self.anchors[vi];
                self.cut_bare[p] += u32::from(self.anchors[vi] == 0);
            }
        }
        self.dfs_stack = stack;
        // Every articulation cell: its bare parts (the part holding the root included).
        let total = self.anchors[root as usize];
        for &c in &cells {
            let ci = c as usize;
            let parts = self.cut_parts[ci];
            let mut bare = self.cut_bare[ci];
            if c == root {
                if parts < 2 {
                    continue;
                }
            } else {
                if parts == 0 {
                    continue;
                }
                let own = u32::from(self.neighbours(c).iter().any(|&x| self.open[x as usize] == epoch));
                bare += u32::from(total - own - self.cut_anchors[ci] == 0);
            }
            if bare > tails.min(2) {
                ok = false;
                break;
            }
        }
        self.comp_cells = cells;
        self.comp_size.push(size);
        self.comp_dark.push(dark);
        ok
    }

    /// The chequerboard colour of a cell, 0 or 1.
    fn colour(&self, c: u32) -> u32 {
        let (x, y) = self.xy[c as usize];
        ((x + y) & 1) as u32
    }

    /// Chebyshev (King) or Manhattan (Numbrix) distance: a lower bound on any path's steps.
    fn cheap_distance(&self, a: u32, b: u32) -> u32 {
        let ((ax, ay), (bx, by)) = (self.xy[a as usize], self.xy[b as usize]);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        if self.orthogonal {
            dx + dy
        } else {
            dx.max(dy)
        }
    }

    /// Rule 1 of the check: the unfinished legs can share out the components exactly. On a
    /// Numbrix board a leg's cells alternate colours from the one after its start, so it also
    /// needs a known number of dark cells, and the components' dark cells must be met too.
    fn components_fit(&mut self, leg: usize) -> bool {
        let comps = self.comp_size.len();
        let mut legs = std::mem::take(&mut self.leg_comps);
        legs.iter_mut().for_each(Vec::clear);
        let mut lengths = Vec::new();
        let mut covered = vec![false; comps];
        let mut forced = vec![0u32; comps];
        let mut can = vec![0u32; comps];
        let mut ok = true;
        for j in leg..self.legs.len() {
            let l = self.legs[j];
            let left = l.left(self.head[j]);
            if left == 0 {
                continue;
            }
            let idx = lengths.len();
            if legs.len() <= idx {
                legs.push(Vec::new());
            }
            let list = &mut legs[idx];
            // Dark cells among the leg's: the i-th cell after the start (i from 1) has the
            // start's colour flipped i times. NONE: either colour (no start yet).
            let mut dark = NONE;
            if self.head[j] == 0 {
                list.extend(0..comps as u32);
            } else {
                let s = self.pos[self.head[j] as usize];
                if self.orthogonal {
                    dark = if self.colour(s) == 1 { left / 2 } else { left.div_ceil(2) };
                }
                for &x in self.neighbours(s) {
                    if self.value[x as usize] == 0 && !list.contains(&self.comp[x as usize]) {
                        list.push(self.comp[x as usize]);
                    }
                }
            }
            if l.gap {
                let t = self.pos[l.to as usize];
                let near_t: Vec<u32> = self
                    .neighbours(t)
                    .iter()
                    .filter(|&&x| self.value[x as usize] == 0)
                    .map(|&x| self.comp[x as usize])
                    .collect();
                list.retain(|c| near_t.contains(c));
            }
            lengths.push((left, dark));
            match list.len() {
                0 => ok = false,
                1 => forced[list[0] as usize] += left,
                _ => {}
            }
            for &c in list.iter() {
                covered[c as usize] = true;
                can[c as usize] += left;
            }
        }
        if ok {
            ok = (0..comps)
                .all(|c| covered[c] && forced[c] <= self.comp_size[c] && can[c] >= self.comp_size[c]);
        }
        let exact = comps > 1 || (self.orthogonal && comps == 1);
        if ok && exact && lengths.len() <= EXACT_ASSIGNMENT && comps <= EXACT_ASSIGNMENT {
            let mut room: Vec<(u32, u32)> =
                self.comp_size.iter().zip(&self.comp_dark).map(|(&size, &dark)| (size, dark)).collect();
            if !self.orthogonal {
                room.iter_mut().for_each(|r| r.1 = 0);
                lengths.iter_mut().for_each(|l| l.1 = 0);
            }
            ok = assign(&legs[..lengths.len()], &lengths, &mut room, 0);
        }
        self.leg_comps = legs;
        ok
    }

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
    pub(super) fn run(
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
            let every = (65_536 / self.board.len() as u64).clamp(1, CHECK_EVERY);
            budget.spend(self.nodes, every).map_err(Stop::GaveUp)?;
            self.place(leg, number, c);
            entering = true;
        }
    }
}

/// The legs of a puzzle from its givens (number -> cell, NONE when not given): the gaps in
/// increasing order, then the tails, the shorter first; a board with no givens has one tail
/// from 1, whose cell is a branch.
fn plan(given: &[u32], n: usize) -> Vec<Leg> {
    let numbers: Vec<u32> = (1..=n as u32).filter(|&k| given[k as usize] != NONE).collect();
    let Some((&low, &high)) = numbers.first().zip(numbers.last()) else {
        return vec![Leg { from: 0, to: n as u32, up: true, gap: false }];
    };
    let mut legs = Vec::new();
    if low > 1 {
        // From 1, whose cell is a branch, to the smallest given.
        legs.push(Leg { from: 0, to: low, up: true, gap: true });
    }
    legs.extend(numbers.windows(2).map(|pair| Leg { from: pair[0], to: pair[1], up: true, gap: true }));
    if high < n as u32 {
        legs.push(Leg { from: high, to: n as u32, up: true, gap: false });
    }
    legs
}

/// Whether the legs (each with its candidate components, its length and its dark cells,
/// `NONE` for either colour) can be put one in each of their components so that every
/// component's cells, and dark cells, are used exactly.
fn assign(legs: &[Vec<u32>], lengths: &[(u32, u32)], room: &mut [(u32, u32)], i: usize) -> bool {
    if i == legs.len() {
        // A leg of either colour (no start) left its dark cells open: only sizes must match.
        let free_colour = lengths.iter().any(|l| l.1 == NONE);
        return room.iter().all(|&(size, dark)| size == 0 && (dark == 0 || free_colour));
    }
    let (len, dark) = lengths[i];
    for &c in &legs[i] {
        let c = c as usize;
        let dark_here = if dark == NONE { 0 } else { dark };
        if room[c].0 >= len && room[c].1 >= dark_here {
            room[c].0 -= len;
            room[c].1 -= dark_here;
            let ok = assign(legs, lengths, room, i + 1);
            room[c].0 += len;
            room[c].1 += dark_here;
            if ok {
                return true;
            }
        }
    }
    false
}
