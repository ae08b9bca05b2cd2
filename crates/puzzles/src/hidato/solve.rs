//! The dedicated Hidato / Numbrix solver: depth-first search over *numbers*, most constrained
//! first, with a global feasibility check at every node.
//!
//! # Algorithm
//!
//! A partial answer is the set of placed numbers (givens and guesses). Sorted, consecutive placed
//! numbers `a < b` delimit a *gap* of `b - a - 1` numbers that must form a path of free cells from
//! a neighbour of `a`'s cell to a neighbour of `b`'s; below the smallest placed number and above the
//! largest lie two *tails* (when 1 or N is not placed), paths with one free end. At every node
//! [`Search::check`] recomputes, from scratch:
//!
//! 1. **Components** of the free cells (flood fill). A gap's path is made of free cells that
//!    follow each other, so it lies inside one component: every component's size must be the sum
//!    of the lengths of the gaps put in it. We check the two cheap halves of that: the gaps that
//!    can only go into a component fit in it, and the gaps that can go into it are enough to fill
//!    it (region-size check).
//! 2. **Distance windows** (breadth-first distance *through free cells*, not Chebyshev). For a gap
//!    `(a, b)`, BFS from both ends, bounded by `b - a`; a free cell `c` can hold a number of the gap
//!    only if `dist_a(c) + dist_b(c) <= b - a`. Every free cell must be covered by some gap or tail
//!    (a tail covers the cells within its length of its end). The candidates for `a + 1` are the
//!    free neighbours `x` of `a`'s cell with `dist_b(x) <= b - a - 1`, and symmetrically for `b - 1`;
//!    for `b - a = 2` that is exactly the common free neighbours of both ends.
//! 3. **Dead ends.** A free cell needs two usable neighbours (free, or a placed number with an
//!    unplaced consecutive number) unless it is an end of the path: no more free cells with one
//!    usable neighbour than unplaced numbers among {1, N}. A placed number whose two consecutive
//!    numbers are both unplaced needs two free neighbours (James Clark's "blocked number").
//!
//! The node then branches on the unplaced number with the fewest candidates among the gap and
//! tail ends (HoustonWeHaveABug's MRV over numbers, which makes the search bidirectional): a
//! number with one candidate is a forced move, a number with none a dead node.
//!
//! # Data layout
//!
//! ```text
//!   board cell index  ──index──►  compact cell 0..N (holes dropped)
//!   nbr_start[c]..nbr_start[c+1]  slice of the flat `nbrs: Vec<u32>` (≤ 8 neighbours each)
//!   value[c]  0 = free, else the number         pos[k]  the cell of k, or NONE
//!   stamp arrays (component, distances, coverage): reset in O(1) by bumping an epoch
//! ```
//!
//! Why these choices: flat `u32` arrays with no fixed width, so boards of any size work (a 64-bit
//! row mask would cap the board); neighbours precomputed from [`Hidato::neighbours`], so a path
//! never wraps from one row's end to the next row's start; epoch stamps instead of clearing
//! arrays, because the check runs at every node; and recomputing the check from scratch instead
//! of updating it incrementally, because a node places one number and the check is linear in the
//! cells a gap can reach, which keeps the code short and obviously right (the exact-cover route in
//! `exact.rs` cross-checks it).
//!
//! The budget's node limit counts placements (guesses and forced moves alike); the clock and the
//! cancel flag are read every [`CHECK_EVERY`] nodes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use tessera_xc::{Budget, GaveUp};

use crate::hidato::{Adjacency, Hidato};

/// Which solver to use. Both give the same answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The dedicated solver.
    #[default]
    Auto,
    /// The exact-cover reduction through `tessera-xc`.
    ExactCover,
}

/// What a dedicated search did: solutions found (up to the limit) and nodes (placements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SolveStats {
    /// Solutions found, at most the limit asked for.
    pub solutions: u64,
    /// Numbers placed by the search (forced moves included).
    pub nodes: u64,
}

/// The first solution, `None` if there is none, or why the search gave up.
///
/// ```
/// use tessera::hidato::{solve, Adjacency, Budget, Engine, Hidato};
/// let puzzle = Hidato::new(3, 1, vec![1, 0, 3], Adjacency::King).unwrap();
/// let answer = solve(&puzzle, Engine::Auto, &Budget::unlimited()).unwrap().unwrap();
/// assert_eq!(answer.cells(), &[1, 2, 3]);
/// ```
pub fn solve(puzzle: &Hidato, engine: Engine, budget: &Budget) -> Result<Option<Hidato>, GaveUp> {
    match engine {
        Engine::ExactCover => crate::hidato::exact::solve(puzzle, budget),
        _ if uses_bitsets(puzzle) => {
            let mut search = BitSearch::new(puzzle, 1, true, budget);
            search.run()?;
            Ok(search.first.take())
        }
        _ => {
            let mut search = Search::new(puzzle, 1, true, budget);
            search.run()?;
            Ok(search.first.take())
        }
    }
}

/// Solutions counted up to `limit`, or why the search gave up.
pub fn count(puzzle: &Hidato, limit: u64, engine: Engine, budget: &Budget) -> Result<u64, GaveUp> {
    match engine {
        Engine::ExactCover => crate::hidato::exact::count(puzzle, limit, budget),
        _ => count_with_stats(puzzle, limit, budget).map(|stats| stats.solutions),
    }
}

/// [`count`] with the dedicated solver, also reporting its node count.
pub fn count_with_stats(puzzle: &Hidato, limit: u64, budget: &Budget) -> Result<SolveStats, GaveUp> {
    if uses_bitsets(puzzle) {
        let mut search = BitSearch::new(puzzle, limit, false, budget);
        search.run()?;
        return Ok(SolveStats { solutions: search.solutions, nodes: search.nodes });
    }
    let mut search = Search::new(puzzle, limit, false, budget);
    search.run()?;
    Ok(SolveStats { solutions: search.solutions, nodes: search.nodes })
}

/// Numbers with at most this many cells are probed.
const PROBE_CELLS: u32 = 0;

/// Whether a cell with two possible numbers may be branched on.
const BRANCH_ON_CELLS: bool = true;
const BRANCH_RULE: u32 = 1;

/// Whether the bitset search takes this board: its cells, one padding column per row included,
/// fit in a `u128`, and so do its numbers.
fn uses_bitsets(puzzle: &Hidato) -> bool {
    puzzle.height() * (puzzle.width() + 1) <= 128 && puzzle.size() < 127
}

/// Nodes between two looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 4096;
const NONE: u32 = u32::MAX;

/// Why the search stopped early.
enum Stop {
    /// Enough solutions.
    Limit,
    /// The budget ran out.
    GaveUp(GaveUp),
}

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

struct Search<'a> {
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
    limit: u64,
    solutions: u64,
    keep_first: bool,
    first: Option<Hidato>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    /// Givens contradict each other (placed consecutive numbers not touching, parity).
    broken: bool,
}

impl<'a> Search<'a> {
    fn new(puzzle: &'a Hidato, limit: u64, keep_first: bool, budget: &'a Budget) -> Self {
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
            limit,
            solutions: 0,
            keep_first,
            first: None,
            nodes: 0,
            max_nodes: budget.nodes().unwrap_or(u64::MAX),
            deadline: budget.deadline(),
            cancel: budget.cancel_flag().map(|flag| &**flag),
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

    fn run(&mut self) -> Result<(), GaveUp> {
        if self.broken || self.limit == 0 {
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
        if self.nodes > self.max_nodes {
            return Err(Stop::GaveUp(GaveUp::NodeLimit));
        }
        if self.nodes % CHECK_EVERY == 0 {
            if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Err(Stop::GaveUp(GaveUp::Cancelled));
            }
            if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return Err(Stop::GaveUp(GaveUp::Deadline));
            }
        }
        Ok(())
    }

    fn found(&mut self) -> Result<(), Stop> {
        self.solutions += 1;
        if self.keep_first && self.first.is_none() {
            let mut answer = self.puzzle.clone();
            for (c, &cell) in self.board_index.iter().enumerate() {
                answer.set(cell as usize, self.value[c] as i32);
            }
            self.first = Some(answer);
        }
        if self.solutions >= self.limit {
            Err(Stop::Limit)
        } else {
            Ok(())
        }
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

    /// Labels the components of free cells; returns their count.
    fn components(&mut self) -> usize {
        let stamp = self.bump();
        self.comp_size.clear();
        for start in 0..self.n as usize {
            if self.value[start] != 0 || self.comp_stamp[start] == stamp {
                continue;
            }
            let id = self.comp_size.len() as u32;
            self.comp_stamp[start] = stamp;
            self.comp[start] = id;
            self.queue.clear();
            self.queue.push(start as u32);
            let mut head = 0;
            while head < self.queue.len() {
                let c = self.queue[head];
                head += 1;
                let (s, e) = (self.nbr_start[c as usize] as usize, self.nbr_start[c as usize + 1] as usize);
                for i in s..e {
                    let x = self.nbrs[i] as usize;
                    if self.value[x] == 0 && self.comp_stamp[x] != stamp {
                        self.comp_stamp[x] = stamp;
                        self.comp[x] = id;
                        self.queue.push(x as u32);
                    }
                }
            }
            self.comp_size.push(self.queue.len() as u32);
        }
        self.comp_size.len()
    }

    /// BFS through free cells from `from` (a placed cell) up to `depth` steps, into distance
    /// array A (`second == false`) or B; the free cells reached are left in `visited`.
    fn bfs(&mut self, from: u32, depth: u32, second: bool, stamp: u32) {
        let (dist_stamp, dist) = if second {
            (&mut self.dist_b_stamp, &mut self.dist_b)
        } else {
            (&mut self.dist_a_stamp, &mut self.dist_a)
        };
        self.visited.clear();
        self.queue.clear();
        dist_stamp[from as usize] = stamp;
        dist[from as usize] = 0;
        self.queue.push(from);
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            let d = dist[c];
            if d == depth {
                continue;
            }
            let (s, e) = (self.nbr_start[c] as usize, self.nbr_start[c + 1] as usize);
            for &x in &self.nbrs[s..e] {
                let x = x as usize;
                if self.value[x] == 0 && dist_stamp[x] != stamp {
                    dist_stamp[x] = stamp;
                    dist[x] = d + 1;
                    self.queue.push(x as u32);
                    self.visited.push(x as u32);
                }
            }
        }
    }

    /// The feasibility checks of the module header; `None` if this node is dead, else the number
    /// to branch on and its candidate cells.
    fn check(&mut self) -> Option<Choice> {
        let n = self.n;
        self.order.clear();
        for k in 1..=n {
            if self.pos[k as usize] != NONE {
                self.order.push(k);
            }
        }
        if self.order.is_empty() {
            // Only at a root with no givens: handled by the caller through `dfs_root_empty`.
            return Some(Choice::EMPTY);
        }
        let comps = self.components();
        self.comp_forced.clear();
        self.comp_forced.resize(comps, 0);
        self.comp_possible.clear();
        self.comp_possible.resize(comps, 0);

        // Dead ends and blocked numbers.
        let open_ends = u32::from(self.pos[1] == NONE) + u32::from(self.pos[n as usize] == NONE);
        let mut ends = 0;
        for c in 0..n as usize {
            let v = self.value[c];
            let (s, e) = (self.nbr_start[c] as usize, self.nbr_start[c + 1] as usize);
            if v == 0 {
                let mut usable = 0;
                for &x in &self.nbrs[s..e] {
                    let w = self.value[x as usize];
                    if w == 0
                        || (w < n && self.pos[w as usize + 1] == NONE)
                        || (w > 1 && self.pos[w as usize - 1] == NONE)
                    {
                        usable += 1;
                        if usable >= 2 {
                            break;
                        }
                    }
                }
                if usable == 0 {
                    return None;
                }
                if usable == 1 {
                    ends += 1;
                    if ends > open_ends {
                        return None;
                    }
                }
            } else if v > 1 && v < n && self.pos[v as usize - 1] == NONE && self.pos[v as usize + 1] == NONE {
                let free = self.nbrs[s..e].iter().filter(|&&x| self.value[x as usize] == 0).count();
                if free < 2 {
                    return None;
                }
            }
        }

        let cover = self.bump();
        let mut best: Option<Choice> = None;
        let consider = |best: &mut Option<Choice>, choice: Choice| {
            if best.is_none_or(|b| choice.len < b.len) {
                *best = Some(choice);
            }
        };
        // Tails.
        let low = self.order[0];
        let high = *self.order.last().expect("not empty");
        for (end, len, number) in [(low, low - 1, low.wrapping_sub(1)), (high, n - high, high + 1)] {
            if len == 0 {
                continue;
            }
            let cell = self.pos[end as usize];
            let name = if number < end { end } else { n + 1 };
            self.gap_len[name as usize] = len;
            let stamp = self.bump();
            self.bfs(cell, len, false, stamp);
            let stride = if self.orthogonal { 2 } else { 1 };
            for i in 0..self.visited.len() {
                let x = self.visited[i];
                let d = self.dist_a[x as usize];
                // Below: k in [1, low - d]; above: k in [high + d, n]; same parity as the end's
                // distance on a Numbrix board.
                let (lo, hi) = if number < end {
                    ((low - d - 1) % stride + 1, low - d)
                } else {
                    (high + d, n - (n - high - d) % stride)
                };
                self.note(x, cover, lo, hi, stride, name);
            }
            let mut choice = Choice::EMPTY;
            let mut ids = [NONE; 8];
            let mut id_count = 0;
            for &x in self.nbr(cell) {
                if self.value[x as usize] == 0 {
                    choice.push(number, x);
                    let id = self.comp[x as usize];
                    if self.comp_size[id as usize] >= len && !ids[..id_count].contains(&id) {
                        ids[id_count] = id;
                        id_count += 1;
                    }
                }
            }
            if !self.place_gap(&ids[..id_count], len) {
                return None;
            }
            consider(&mut best, choice);
        }
        // Gaps between consecutive placed numbers.
        for i in 1..self.order.len() {
            let (a, b) = (self.order[i - 1], self.order[i]);
            if b - a == 1 {
                continue;
            }
            let span = b - a;
            let len = span - 1;
            let (ca, cb) = (self.pos[a as usize], self.pos[b as usize]);
            self.gap_len[b as usize] = len;
            let stamp = self.bump();
            self.bfs(cb, len, true, stamp);
            self.bfs(ca, len, false, stamp);
            let stride = if self.orthogonal { 2 } else { 1 };
            for i in 0..self.visited.len() {
                let x = self.visited[i];
                let xi = x as usize;
                if self.dist_b_stamp[xi] == stamp && self.dist_a[xi] + self.dist_b[xi] <= span {
                    let (lo, hi) = (a + self.dist_a[xi], b - self.dist_b[xi]);
                    self.note(x, cover, lo, hi, stride, b);
                }
            }
            let mut up = Choice::EMPTY;
            let mut ids = [NONE; 8];
            let mut id_count = 0;
            for &x in self.nbr(ca) {
                let xi = x as usize;
                if self.value[xi] == 0 && self.dist_b_stamp[xi] == stamp && self.dist_b[xi] <= len {
                    up.push(a + 1, x);
                    let id = self.comp[xi];
                    if self.comp_size[id as usize] >= len && !ids[..id_count].contains(&id) {
                        ids[id_count] = id;
                        id_count += 1;
                    }
                }
            }
            if up.len == 0 || !self.place_gap(&ids[..id_count], len) {
                return None;
            }
            consider(&mut best, up);
            if len > 1 {
                let mut down = Choice::EMPTY;
                for &x in self.nbr(cb) {
                    let xi = x as usize;
                    if self.value[xi] == 0 && self.dist_a_stamp[xi] == stamp && self.dist_a[xi] <= len {
                        down.push(b - 1, x);
                    }
                }
                if down.len == 0 {
                    return None;
                }
                consider(&mut best, down);
            }
            if len > 2 && !self.middle_windows(a, span, stamp, &mut best) {
                return None;
            }
        }
        // Every free cell within some gap's window; every component filled exactly.
        // Cells that only one gap (named by its end, see `note`) can reach are its own: no more
        // of them than its length.
        for c in 0..n as usize {
            if self.value[c] == 0 && self.covered[c] == cover && self.cell_gap[c] != NONE {
                let g = self.cell_gap[c] as usize;
                if self.owned_stamp[g] != cover {
                    self.owned_stamp[g] = cover;
                    self.owned[g] = 0;
                }
                self.owned[g] += 1;
                if self.owned[g] > self.gap_len[g] {
                    return None;
                }
            }
        }
        // A cell with fewer possible numbers than the best number has cells is branched on.
        for c in 0..n as usize {
            if self.value[c] == 0 {
                if self.covered[c] != cover {
                    return None;
                }
                let count = self.cell_count[c] as usize;
                if count <= 2 && best.is_none_or(|b| count < b.len) {
                    let mut choice = Choice::EMPTY;
                    for &k in &self.cell_numbers[c][..count] {
                        choice.push(k, c as u32);
                    }
                    best = Some(choice);
                }
            }
        }
        for id in 0..comps {
            let size = self.comp_size[id];
            if self.comp_forced[id] > size || self.comp_possible[id] < size {
                return None;
            }
        }
        best
    }

    /// Notes that free cell `x` may hold the numbers `lo, lo + stride, .., hi` (one gap's or
    /// tail's window): counts them and keeps the first two.
    fn note(&mut self, x: u32, cover: u32, lo: u32, hi: u32, stride: u32, gap: u32) {
        let x = x as usize;
        if self.covered[x] != cover {
            self.covered[x] = cover;
            self.cell_count[x] = 0;
            self.cell_gap[x] = gap;
        } else if self.cell_gap[x] != gap {
            self.cell_gap[x] = NONE;
        }
        let count = self.cell_count[x];
        let mut k = lo;
        let mut i = count;
        while i < 2 && k <= hi {
            self.cell_numbers[x][i as usize] = k;
            i += 1;
            k += stride;
        }
        self.cell_count[x] = count.saturating_add((hi - lo) / stride + 1);
    }

    /// Distance windows of the numbers strictly inside a gap `(a, a + span)`, from the distances
    /// of the BFS pass `stamp` (cells reached from `a` in `visited`): a free cell `x` can hold
    /// `a + j` only for `dist_a(x) <= j <= span - dist_b(x)` (and, on a Numbrix board, `j` of the
    /// parity of `dist_a(x)`). False if some number has no cell; a number with fewer cells than
    /// `best` becomes the choice.
    fn middle_windows(&mut self, a: u32, span: u32, stamp: u32, best: &mut Option<Choice>) -> bool {
        let stride = if self.orthogonal { 2 } else { 1 };
        let counts = &mut self.window;
        counts.clear();
        counts.resize(span as usize + 2, 0);
        for &x in &self.visited {
            let x = x as usize;
            if self.dist_b_stamp[x] != stamp {
                continue;
            }
            let (da, db) = (self.dist_a[x], self.dist_b[x]);
            if da + db <= span {
                counts[da as usize] += 1;
                counts[(span - db + stride) as usize] -= 1;
            }
        }
        for j in stride as usize..span as usize {
            counts[j] += counts[j - stride as usize];
        }
        let mut pick = None;
        let mut fewest = best.map_or(usize::MAX, |b| b.len);
        for (j, &count) in counts.iter().enumerate().take(span as usize - 1).skip(2) {
            let count = count as usize;
            if count == 0 {
                return false;
            }
            if count < fewest {
                fewest = count;
                pick = Some(j as u32);
            }
        }
        if let Some(j) = pick {
            let mut choice = Choice::EMPTY;
            for &x in &self.visited {
                let xi = x as usize;
                if self.dist_b_stamp[xi] != stamp {
                    continue;
                }
                let (da, db) = (self.dist_a[xi], self.dist_b[xi]);
                if da <= j && j + db <= span && (j - da) % stride == 0 {
                    choice.push(a + j, x);
                }
            }
            debug_assert_eq!(choice.len, fewest);
            *best = Some(choice);
        }
        true
    }

    /// Records that a gap of `len` free cells goes into one of the components `ids`; false if
    /// there is none.
    fn place_gap(&mut self, ids: &[u32], len: u32) -> bool {
        match ids {
            [] => false,
            [id] => {
                self.comp_forced[*id as usize] += len;
                self.comp_possible[*id as usize] += len;
                true
            }
            _ => {
                for &id in ids {
                    self.comp_possible[id as usize] += len;
                }
                true
            }
        }
    }
}

/// The bitset search of the module header: one candidate-cell set per number, a `u128` over
/// the board's cells (bit `row * (width + 1) + column`; the padding column stays clear, so a
/// shift by one never wraps a row's end onto the next row's start).
struct BitSearch<'a> {
    puzzle: &'a Hidato,
    n: usize,
    stride: u32,
    king: bool,
    /// The board's cells.
    board: u128,
    /// Candidate cells of each number 0..=n+1 (0 and n+1 unused).
    dom: Vec<u128>,
    /// Cells holding a placed number.
    used: u128,
    /// Bit k: number k placed.
    placed: u128,
    count: usize,
    /// Saved domains per depth (`n + 2` each) and the other state.
    saves: Vec<u128>,
    saved: Vec<(u128, u128, usize)>,
    probe_base: Vec<u128>,
    probe_union: Vec<u128>,
    // All different: matching (number -> cell bit, cell bit -> number) and Tarjan scratch.
    mate: Vec<u32>,
    owner: [u32; 128],
    unmatched: Vec<u32>,
    scc: Vec<u32>,
    low: Vec<u32>,
    index: Vec<u32>,
    on_stack: u128,
    tarjan_stack: Vec<u32>,
    scc_cells: Vec<u128>,
    branches: u64,
    // Outcome and budget.
    limit: u64,
    solutions: u64,
    keep_first: bool,
    first: Option<Hidato>,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> BitSearch<'a> {
    fn new(puzzle: &'a Hidato, limit: u64, keep_first: bool, budget: &'a Budget) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let stride = w + 1;
        let n = puzzle.size();
        let bit = |cell: usize| 1u128 << (cell / w * stride + cell % w);
        let mut board = 0;
        let mut dom = vec![0u128; n + 2];
        let (mut used, mut placed, mut count) = (0, 0, 0);
        for cell in 0..w * h {
            if !puzzle.is_hole(cell) {
                board |= bit(cell);
            }
            let v = puzzle.get(cell);
            if v > 0 {
                dom[v as usize] = bit(cell);
                used |= bit(cell);
                placed |= 1u128 << v;
                count += 1;
            }
        }
        for (k, d) in dom.iter_mut().enumerate().take(n + 1).skip(1) {
            if placed >> k & 1 == 0 {
                *d = board & !used;
            }
        }
        BitSearch {
            puzzle,
            n,
            stride: stride as u32,
            king: puzzle.adjacency() == Adjacency::King,
            board,
            dom,
            used,
            placed,
            count,
            saves: Vec::new(),
            saved: Vec::new(),
            probe_base: Vec::new(),
            probe_union: Vec::new(),
            mate: vec![NONE; n + 2],
            owner: [NONE; 128],
            unmatched: Vec::new(),
            scc: vec![NONE; n + 2],
            low: vec![0; n + 2],
            index: vec![NONE; n + 2],
            on_stack: 0,
            tarjan_stack: Vec::new(),
            scc_cells: Vec::new(),
            branches: 0,
            limit,
            solutions: 0,
            keep_first,
            first: None,
            nodes: 0,
            max_nodes: budget.nodes().unwrap_or(u64::MAX),
            deadline: budget.deadline(),
            cancel: budget.cancel_flag().map(|flag| &**flag),
        }
    }

    fn run(&mut self) -> Result<(), GaveUp> {
        if self.limit == 0 {
            return Ok(());
        }
        let r = match self.dfs(0) {
            Ok(()) | Err(Stop::Limit) => Ok(()),
            Err(Stop::GaveUp(reason)) => Err(reason),
        };
        if std::env::var_os("HDEBUG").is_some() {
            eprintln!("DEBUG branches {} nodes {}", self.branches, self.nodes);
        }
        r
    }

    fn is_placed(&self, k: usize) -> bool {
        self.placed >> k & 1 == 1
    }

    /// The cells next to a cell of `x`.
    #[inline]
    fn nb(&self, x: u128) -> u128 {
        let s = self.stride;
        let around = if self.king {
            let row = x | x << 1 | x >> 1;
            row << s | row >> s | x << 1 | x >> 1
        } else {
            x << 1 | x >> 1 | x << s | x >> s
        };
        around & self.board
    }

    /// Propagates to a fixed point; false if the node is dead.
    fn propagate(&mut self) -> Result<bool, Stop> {
        let n = self.n;
        loop {
            let mut changed = false;
            // Chain: k sits next to k - 1 and to k + 1.
            for k in 2..=n {
                let v = self.dom[k] & self.nb(self.dom[k - 1]);
                if v == 0 {
                    return Ok(false);
                }
                changed |= v != self.dom[k];
                self.dom[k] = v;
            }
            for k in (1..n).rev() {
                let v = self.dom[k] & self.nb(self.dom[k + 1]);
                if v == 0 {
                    return Ok(false);
                }
                changed |= v != self.dom[k];
                self.dom[k] = v;
            }
            // Numbers with one cell left are placed.
            let mut fresh = 0u128;
            for k in 1..=n {
                let d = self.dom[k];
                if self.is_placed(k) || d.count_ones() != 1 {
                    continue;
                }
                if d & (fresh | self.used) != 0 {
                    return Ok(false);
                }
                fresh |= d;
                self.placed |= 1 << k;
                self.count += 1;
                self.tick()?;
            }
            if fresh != 0 {
                changed = true;
                self.used |= fresh;
                for k in 1..=n {
                    if !self.is_placed(k) {
                        self.dom[k] &= !fresh;
                        if self.dom[k] == 0 {
                            return Ok(false);
                        }
                    }
                }
            }
            // Every free cell holds some number; a cell with one possible number holds it.
            let (mut once, mut twice) = (0u128, 0u128);
            for k in 1..=n {
                if !self.is_placed(k) {
                    twice |= once & self.dom[k];
                    once |= self.dom[k];
                }
            }
            let free = self.board & !self.used;
            if free & !once != 0 {
                return Ok(false);
            }
            let mut single = free & !twice;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single ^= bit;
                if let Some(k) = (1..=n).find(|&k| !self.is_placed(k) && self.dom[k] & bit != 0) {
                    self.dom[k] &= bit;
                    changed = true;
                }
            }
            if !changed {
                match self.global() {
                    None => return Ok(false),
                    Some(false) => return Ok(true),
                    Some(true) => {}
                }
            }
        }
    }

    /// The checks that look at the whole board: dead ends, and the components of free cells
    /// against the runs of unplaced numbers. `None` if the node is dead, else whether a domain
    /// shrank.
    fn global(&mut self) -> Option<bool> {
        let n = self.n;
        let mut changed = false;
        let free = self.board & !self.used;
        // Dead ends: a free cell with one usable neighbour (free, or holding a number with an
        // unplaced consecutive number) holds 1 or N.
        let mut open = free;
        for k in 1..=n {
            if self.is_placed(k) && ((k > 1 && !self.is_placed(k - 1)) || (k < n && !self.is_placed(k + 1))) {
                open |= self.dom[k];
            }
        }
        let (mut once, mut twice) = (0u128, 0u128);
        let s = self.stride;
        let mut add = |v: u128| {
            twice |= once & v;
            once |= v;
        };
        add(open << 1);
        add(open >> 1);
        add(open << s);
        add(open >> s);
        if self.king {
            add(open << (s + 1));
            add(open >> (s + 1));
            add(open << (s - 1));
            add(open >> (s - 1));
        }
        if n > 1 && free & !once != 0 {
            return None;
        }
        let ends = free & !twice;
        if ends != 0 {
            let open_ends = u32::from(!self.is_placed(1)) + u32::from(!self.is_placed(n));
            if ends.count_ones() > open_ends {
                return None;
            }
            for k in 2..n {
                if !self.is_placed(k) && self.dom[k] & ends != 0 {
                    self.dom[k] &= !ends;
                    if self.dom[k] == 0 {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        // A middle number's cell needs two distinct neighbours for its two consecutive numbers.
        for k in 2..n {
            if self.is_placed(k) || self.is_placed(k - 1) || self.is_placed(k + 1) {
                continue;
            }
            let (before, after) = (self.dom[k - 1], self.dom[k + 1]);
            let mut cells = self.dom[k];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells ^= bit;
                let around = self.nb(bit);
                if ((before | after) & around).count_ones() < 2 {
                    self.dom[k] &= !bit;
                    changed = true;
                }
            }
            if self.dom[k] == 0 {
                return None;
            }
        }
        if !self.all_different(&mut changed) {
            return None;
        }
        // Components of the free cells.
        let mut comps = [0u128; 64];
        let mut sizes = [0u32; 64];
        let mut count = 0;
        let mut rest = free;
        while rest != 0 && count < 64 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let grown = (comp | self.nb(comp)) & rest;
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            comps[count] = comp;
            sizes[count] = comp.count_ones();
            count += 1;
        }
        let split = count > 1 && rest == 0;
        let mut forced = [0u32; 64];
        let mut possible = [0u32; 64];
        // Runs of unplaced numbers: each is a path of free cells, inside one component.
        let mut k = 1;
        while k <= n {
            if self.is_placed(k) {
                k += 1;
                continue;
            }
            let start = k;
            while k <= n && !self.is_placed(k) {
                k += 1;
            }
            let end = k - 1;
            let len = (end - start + 1) as u32;
            let union = self.dom[start..=end].iter().fold(0, |u, d| u | d);
            if union.count_ones() < len {
                return None;
            }
            if !split {
                continue;
            }
            let mut fits = 0u64;
            for c in 0..count {
                if sizes[c] >= len && self.dom[start] & comps[c] != 0 && self.dom[end] & comps[c] != 0 {
                    fits |= 1 << c;
                    possible[c] += len;
                }
            }
            match fits.count_ones() {
                0 => return None,
                1 => {
                    let c = fits.trailing_zeros() as usize;
                    forced[c] += len;
                    if union & !comps[c] != 0 {
                        changed = true;
                        for d in &mut self.dom[start..=end] {
                            *d &= comps[c];
                            if *d == 0 {
                                return None;
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if split && (0..count).any(|c| forced[c] > sizes[c] || possible[c] < sizes[c]) {
            return None;
        }
        Some(changed)
    }

    /// Failed-literal probing: for each unplaced number with at most [`PROBE_CELLS`] cells,
    /// tries each cell and propagates; a cell whose trial dies is dropped, and the cells kept by
    /// every surviving trial narrow all domains (what holds in every case holds). Repeats while
    /// something shrinks; false if the node is dead.
    fn probe(&mut self) -> Result<bool, Stop> {
        let n = self.n;
        let mut base = std::mem::take(&mut self.probe_base);
        let mut union = std::mem::take(&mut self.probe_union);
        let result = 'outer: loop {
            let mut shrank = false;
            for k in 1..=n {
                if self.is_placed(k) || self.dom[k].count_ones() > PROBE_CELLS {
                    continue;
                }
                base.clear();
                base.extend_from_slice(&self.dom);
                let kept = (self.used, self.placed, self.count);
                union.clear();
                union.resize(n + 2, 0);
                let mut cells = base[k];
                let mut alive = 0;
                while cells != 0 {
                    let bit = cells & cells.wrapping_neg();
                    cells ^= bit;
                    self.dom.copy_from_slice(&base);
                    (self.used, self.placed, self.count) = kept;
                    self.dom[k] = bit;
                    if self.propagate()? {
                        alive += 1;
                        for (u, d) in union.iter_mut().zip(&self.dom) {
                            *u |= d;
                        }
                    }
                }
                self.dom.copy_from_slice(&base);
                (self.used, self.placed, self.count) = kept;
                if alive == 0 {
                    break 'outer false;
                }
                let mut narrowed = false;
                for (d, u) in self.dom.iter_mut().zip(&union).skip(1).take(n) {
                    if *d & !u != 0 {
                        *d &= u;
                        narrowed = true;
                    }
                }
                if narrowed {
                    shrank = true;
                    if !self.propagate()? {
                        break 'outer false;
                    }
                }
            }
            if !shrank {
                break true;
            }
        };
        self.probe_base = base;
        self.probe_union = union;
        Ok(result)
    }

    /// All different, to arc consistency (Régin): a perfect matching of the unplaced numbers to
    /// the free cells (kept between calls as a warm start), then a number keeps a cell only if
    /// the cell's matched number is in its strongly connected component of the graph "k -> the
    /// number matched to a cell of k's domain". False if no matching exists.
    fn all_different(&mut self, changed: &mut bool) -> bool {
        let n = self.n;
        self.owner.fill(NONE);
        let mut owned = 0u128;
        let mut unmatched = Vec::new();
        std::mem::swap(&mut unmatched, &mut self.unmatched);
        unmatched.clear();
        for k in 1..=n {
            if self.is_placed(k) {
                continue;
            }
            let m = self.mate[k];
            if m != NONE && self.dom[k] >> m & 1 == 1 && owned >> m & 1 == 0 {
                self.owner[m as usize] = k as u32;
                owned |= 1 << m;
            } else {
                self.mate[k] = NONE;
                unmatched.push(k as u32);
            }
        }
        for &k in &unmatched {
            let mut visited = 0u128;
            if !self.augment(k as usize, &mut owned, &mut visited) {
                self.unmatched = unmatched;
                return false;
            }
        }
        self.unmatched = unmatched;
        // Tarjan's strongly connected components over the unplaced numbers.
        self.scc.fill(NONE);
        self.low.fill(0);
        self.index.fill(NONE);
        self.tarjan_stack.clear();
        let mut next_index = 0;
        let mut sccs = 0;
        for k in 1..=n {
            if !self.is_placed(k) && self.index[k] == NONE {
                self.strong(k, &mut next_index, &mut sccs);
            }
        }
        // Cells of each component.
        self.scc_cells.clear();
        self.scc_cells.resize(sccs as usize, 0);
        for k in 1..=n {
            if !self.is_placed(k) {
                self.scc_cells[self.scc[k] as usize] |= 1 << self.mate[k];
            }
        }
        for k in 1..=n {
            if !self.is_placed(k) {
                let v = self.dom[k] & self.scc_cells[self.scc[k] as usize];
                if v != self.dom[k] {
                    self.dom[k] = v;
                    *changed = true;
                }
            }
        }
        true
    }

    /// Kuhn's augmenting path from number `k`.
    fn augment(&mut self, k: usize, owned: &mut u128, visited: &mut u128) -> bool {
        let spare = self.dom[k] & !*owned;
        if spare != 0 {
            let c = spare.trailing_zeros();
            self.owner[c as usize] = k as u32;
            self.mate[k] = c;
            *owned |= 1 << c;
            return true;
        }
        let mut cells = self.dom[k];
        while cells != 0 {
            let c = cells.trailing_zeros();
            cells &= cells - 1;
            let other = self.owner[c as usize] as usize;
            if *visited >> other & 1 == 0 {
                *visited |= 1 << other;
                if self.augment(other, owned, visited) {
                    self.owner[c as usize] = k as u32;
                    self.mate[k] = c;
                    return true;
                }
            }
        }
        false
    }

    /// Tarjan's recursion from number `k` (edges: `k` to the owners of its domain's cells).
    fn strong(&mut self, k: usize, next_index: &mut u32, sccs: &mut u32) {
        self.index[k] = *next_index;
        self.low[k] = *next_index;
        *next_index += 1;
        self.tarjan_stack.push(k as u32);
        self.on_stack |= 1 << k;
        let mut cells = self.dom[k] & !(1u128 << self.mate[k]);
        while cells != 0 {
            let c = cells.trailing_zeros();
            cells &= cells - 1;
            let other = self.owner[c as usize] as usize;
            if self.index[other] == NONE {
                self.strong(other, next_index, sccs);
                self.low[k] = self.low[k].min(self.low[other]);
            } else if self.on_stack >> other & 1 == 1 {
                self.low[k] = self.low[k].min(self.index[other]);
            }
        }
        if self.low[k] == self.index[k] {
            loop {
                let top = self.tarjan_stack.pop().expect("on the stack") as usize;
                self.on_stack &= !(1u128 << top);
                self.scc[top] = *sccs;
                if top == k {
                    break;
                }
            }
            *sccs += 1;
        }
    }

    fn dfs(&mut self, depth: usize) -> Result<(), Stop> {
        if !self.propagate()? || (PROBE_CELLS > 0 && !self.probe()?) {
            return Ok(());
        }
        if self.count == self.n {
            return self.found();
        }
        self.branches += 1;
        let n = self.n;
        let mut pick = 0;
        let mut fewest = u32::MAX;
        for k in 1..=n {
            if !self.is_placed(k) {
                let size = self.dom[k].count_ones();
                let end = (k > 1 && self.is_placed(k - 1)) || (k < n && self.is_placed(k + 1));
                let score = match BRANCH_RULE {
                    1 => size * 2 + u32::from(!end),
                    _ => size,
                };
                if score < fewest {
                    fewest = score;
                    pick = k;
                }
            }
        }
        if BRANCH_RULE == 1 {
            fewest = self.dom[pick].count_ones();
        }
        let width = n + 2;
        if self.saved.len() <= depth {
            self.saves.extend_from_slice(&self.dom);
            self.saved.push((0, 0, 0));
        } else {
            self.saves[depth * width..(depth + 1) * width].copy_from_slice(&self.dom);
        }
        self.saved[depth] = (self.used, self.placed, self.count);
        // A free cell with two possible numbers beats a number with three or more cells.
        let mut pair = None;
        if fewest > 2 && BRANCH_ON_CELLS {
            let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
            for k in 1..=n {
                if !self.is_placed(k) {
                    let d = self.dom[k];
                    thrice |= twice & d;
                    twice |= once & d;
                    once |= d;
                }
            }
            let two = twice & !thrice;
            if two != 0 {
                let bit = two & two.wrapping_neg();
                let mut numbers = (1..=n).filter(|&k| !self.is_placed(k) && self.dom[k] & bit != 0);
                let first = numbers.next().expect("two numbers");
                let second = numbers.next().expect("two numbers");
                pair = Some((bit, first, second));
            }
        }
        if let Some((bit, first, second)) = pair {
            for k in [first, second] {
                self.dom.copy_from_slice(&self.saves[depth * width..(depth + 1) * width]);
                (self.used, self.placed, self.count) = self.saved[depth];
                self.dom[k] = bit;
                self.dfs(depth + 1)?;
            }
            return Ok(());
        }
        let mut cells = self.dom[pick];
        while cells != 0 {
            let bit = cells & cells.wrapping_neg();
            cells ^= bit;
            self.dom.copy_from_slice(&self.saves[depth * width..(depth + 1) * width]);
            (self.used, self.placed, self.count) = self.saved[depth];
            self.dom[pick] = bit;
            self.dfs(depth + 1)?;
        }
        Ok(())
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Stop::GaveUp(GaveUp::NodeLimit));
        }
        if self.nodes % CHECK_EVERY == 0 {
            if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Err(Stop::GaveUp(GaveUp::Cancelled));
            }
            if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return Err(Stop::GaveUp(GaveUp::Deadline));
            }
        }
        Ok(())
    }

    fn found(&mut self) -> Result<(), Stop> {
        self.solutions += 1;
        if self.keep_first && self.first.is_none() {
            let (w, stride) = (self.puzzle.width(), self.stride as usize);
            let mut answer = self.puzzle.clone();
            for k in 1..=self.n {
                let bit = self.dom[k].trailing_zeros() as usize;
                answer.set(bit / stride * w + bit % stride, k as i32);
            }
            self.first = Some(answer);
        }
        if self.solutions >= self.limit {
            Err(Stop::Limit)
        } else {
            Ok(())
        }
    }
}
