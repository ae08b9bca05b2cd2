//! The dedicated Hidato / Numbrix solver: depth-first search over *numbers*, most constrained
//! first, with propagation at every node. Two searches share the entry points: a board of at
//! most [`DOMAIN_SEARCH_MAX_BITS`] bits (a padding column per row included: up to 50x50) gets the
//! **domain search** ([`BitSearch`]), a larger one the **gap search** ([`Search`]). Both count
//! the same solutions; the tests cross-check them against each other, against the exact-cover
//! reduction in `exact.rs` and against brute force.
//!
//! # Domain search
//!
//! Each number k keeps its *domain*: the set of cells that may still hold it, a bitset over the
//! board (bit `row * (width + 1) + column`; the padding column stays clear, so shifting a set by
//! one never carries a row's end onto the next row's start, and a neighbourhood is six or four
//! shifts). The bitset is a `u128` when the board fits (every janko.at puzzle, up to 10x10:
//! single-instruction set operations), else [`Wide`] words, 4, 8, 16 or 40 of them, picked by
//! [`domain_search`]. A placed number's domain is its cell. Each node propagates to a fixed
//! point:
//!
//! 1. **Chain arc consistency**: k's domain stays within the neighbourhood of the domains of k - 1
//!    and k + 1 (a worklist holds the numbers whose consecutive numbers' domains shrank). From a
//!    placed a this is the BFS distance window through free cells, from both ends of a gap at
//!    once, and it also cuts a window by what the other numbers' windows have lost; on a Numbrix
//!    board it carries the colour parity.
//! 2. **Singles**: a number with one cell left is placed and its cell leaves every other domain
//!    (a forced move); a free cell in one domain only holds that number (a hidden single); a
//!    free cell in no domain kills the node.
//! 3. At the fixed point of 1-2, the whole-board rules, each of which can shrink domains and
//!    restart 1-2:
//!    - **Dead ends**: a free cell with fewer than two usable neighbours (free, or holding a
//!      number with an unplaced consecutive number) can hold only 1 or N, and there can be no
//!      more such cells than of 1 and N unplaced.
//!    - **Two distinct neighbours**: a middle number k can sit on cell x only if x's
//!      neighbours offer *two different* cells to k - 1 and k + 1 (arc consistency lets the same
//!      single cell support both sides). This one rule took janko #40 from 25,250 to 75 nodes.
//!    - **All different** to arc consistency (Régin): a perfect matching of unplaced numbers to
//!      free cells, warm-started from the previous call (Kuhn's augmenting paths), then Tarjan's
//!      strongly connected components of "k -> the number matched to a cell of k's domain"; k
//!      keeps only the cells matched inside its component. This is every Hall-type check at
//!      once: naked and hidden pairs, a gap's cells that only it can reach, and so on.
//!    - **Runs and components**: a run of consecutive unplaced numbers is a path of free cells,
//!      so it lies in one component of the free cells; it needs as many cells as numbers in the
//!      union of its domains, a component that its two end numbers reach and that is big
//!      enough, is confined to that component when there is one only, and every component must
//!      be filled exactly (the runs confined to it fit, the runs that may enter are enough).
//!
//! It then branches on the unplaced number with the fewest cells, preferring on a tie a number
//! next to a placed one (it extends a path, HoustonWeHaveABug's bidirectional MRV). Going back
//! uses a **trail**: a domain's old value is recorded the first time a branch changes it, so a
//! branch costs what it changes, not a copy of n domains (a 50x50 board would copy 800 KB per
//! level). The search, the augmenting paths and Tarjan's recursion all run on explicit heap
//! stacks, since a 50x50 board nests thousands deep (it overflowed a 2 MB thread stack when
//! recursive). Measured (best of 3, solve + count to 2): janko median 0.05 ms, max 2.2 ms
//! (#395, 1,336 nodes; #40 75 nodes); a 20x20 Hidato giving every 7th number of a serpentine
//! 14 ms, 50x50 2.7 s (the gap search missed 20 s on both).
//!
//! # Gap search
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
//! number with one candidate is a forced move, a number with none a dead node. It recurses once
//! per placement; only boards above 50x50 come here.
//!
//! # Data layout (gap search)
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
//! In both searches the budget's node limit counts placements (guesses and forced moves alike);
//! the clock and the cancel flag are read every [`CHECK_EVERY`] nodes ([`DOMAIN_CHECK_EVERY`] in
//! the domain search, whose nodes cost more on big boards).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};
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
        _ => {
            if let Some(result) = domain_search(puzzle, 1, true, budget) {
                return result.map(|(_, first)| first);
            }
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
    if let Some(result) = domain_search(puzzle, limit, false, budget) {
        return result.map(|(stats, _)| stats);
    }
    let mut search = Search::new(puzzle, limit, false, budget);
    search.run()?;
    Ok(SolveStats { solutions: search.solutions, nodes: search.nodes })
}

/// The domain search on boards it takes (see the module header), as the count, the node count
/// and the first solution when `keep_first`; `None` for a board too big for its widest bitset.
fn domain_search(
    puzzle: &Hidato,
    limit: u64,
    keep_first: bool,
    budget: &Budget,
) -> Option<Result<(SolveStats, Option<Hidato>), GaveUp>> {
    // Bits for the cells (one padding column per row) and for the numbers 0..=n+1.
    let need = (puzzle.height() * (puzzle.width() + 1)).max(puzzle.size() + 2);
    Some(if need <= 128 {
        run_domain_search::<u128>(puzzle, limit, keep_first, budget)
    } else if need <= 256 {
        run_domain_search::<Wide<4>>(puzzle, limit, keep_first, budget)
    } else if need <= 512 {
        run_domain_search::<Wide<8>>(puzzle, limit, keep_first, budget)
    } else if need <= 1024 {
        run_domain_search::<Wide<16>>(puzzle, limit, keep_first, budget)
    } else if need <= DOMAIN_SEARCH_MAX_BITS {
        run_domain_search::<Wide<40>>(puzzle, limit, keep_first, budget)
    } else {
        return None;
    })
}

/// The widest board (bits, padding included) for the domain search: 50x50. Its whole-board
/// rules cost some n sets of `words` words per node, so beyond this the gap search.
const DOMAIN_SEARCH_MAX_BITS: usize = 2560;

fn run_domain_search<B: Cells>(
    puzzle: &Hidato,
    limit: u64,
    keep_first: bool,
    budget: &Budget,
) -> Result<(SolveStats, Option<Hidato>), GaveUp> {
    let mut search = BitSearch::<B>::new(puzzle, limit, keep_first, budget);
    search.run()?;
    Ok((SolveStats { solutions: search.solutions, nodes: search.nodes }, search.first.take()))
}

/// Nodes between two looks at the clock and the cancel flag: gap search, domain search.
const CHECK_EVERY: u64 = 4096;
const DOMAIN_CHECK_EVERY: u64 = 64;
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

/// A set of cells (or of numbers) as a fixed-width bitset: `u128`, or [`Wide`] words.
trait Cells:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    const BITS: usize;
    fn bit(i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    /// Shifted towards higher bits.
    fn shl(self, s: u32) -> Self;
    /// Shifted towards lower bits.
    fn shr(self, s: u32) -> Self;
    fn ones(self) -> u32;
    fn is_zero(self) -> bool;
    /// The lowest set bit's index (the set is not empty).
    fn first(self) -> usize;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    /// Removes the lowest set bit and returns its index.
    fn pop_first(&mut self) -> usize;
}

impl Cells for u128 {
    const ZERO: Self = 0;
    const BITS: usize = 128;
    #[inline]
    fn bit(i: usize) -> Self {
        1 << i
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    #[inline]
    fn shl(self, s: u32) -> Self {
        self << s
    }
    #[inline]
    fn shr(self, s: u32) -> Self {
        self >> s
    }
    #[inline]
    fn ones(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline]
    fn first(self) -> usize {
        self.trailing_zeros() as usize
    }
    #[inline]
    fn lowest(self) -> Self {
        self & self.wrapping_neg()
    }
    #[inline]
    fn pop_first(&mut self) -> usize {
        let i = self.trailing_zeros() as usize;
        *self &= *self - 1;
        i
    }
}

/// `W` 64-bit words, bit `i` in word `i / 64`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Wide<const W: usize>([u64; W]);

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $aop:tt) => {
        impl<const W: usize> $assign for Wide<W> {
            #[inline]
            fn $assign_method(&mut self, other: Self) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a $aop b;
                }
            }
        }
        impl<const W: usize> $trait for Wide<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, other: Self) -> Self {
                self.$assign_method(other);
                self
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Wide(self.0.map(|a| !a))
    }
}

impl<const W: usize> Cells for Wide<W> {
    const ZERO: Self = Wide([0; W]);
    const BITS: usize = 64 * W;
    #[inline]
    fn bit(i: usize) -> Self {
        let mut set = Self::ZERO;
        set.0[i / 64] = 1 << (i % 64);
        set
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline]
    fn shl(self, s: u32) -> Self {
        let (ws, bs) = (s as usize / 64, s % 64);
        let mut out = Self::ZERO;
        for i in ws..W {
            out.0[i] = self.0[i - ws] << bs;
            if bs > 0 && i > ws {
                out.0[i] |= self.0[i - ws - 1] >> (64 - bs);
            }
        }
        out
    }
    #[inline]
    fn shr(self, s: u32) -> Self {
        let (ws, bs) = (s as usize / 64, s % 64);
        let mut out = Self::ZERO;
        for i in 0..W.saturating_sub(ws) {
            out.0[i] = self.0[i + ws] >> bs;
            if bs > 0 && i + ws + 1 < W {
                out.0[i] |= self.0[i + ws + 1] << (64 - bs);
            }
        }
        out
    }
    #[inline]
    fn ones(self) -> u32 {
        self.0.iter().map(|a| a.count_ones()).sum()
    }
    #[inline]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&a| a == 0)
    }
    #[inline]
    fn first(self) -> usize {
        let i = self.0.iter().position(|&a| a != 0).expect("not empty");
        i * 64 + self.0[i].trailing_zeros() as usize
    }
    #[inline]
    fn lowest(self) -> Self {
        let mut out = Self::ZERO;
        if let Some(i) = self.0.iter().position(|&a| a != 0) {
            out.0[i] = self.0[i] & self.0[i].wrapping_neg();
        }
        out
    }
    #[inline]
    fn pop_first(&mut self) -> usize {
        let i = self.0.iter().position(|&a| a != 0).expect("not empty");
        let b = self.0[i].trailing_zeros() as usize;
        self.0[i] &= self.0[i] - 1;
        i * 64 + b
    }
}

/// A branch point of [`BitSearch::dfs`]: the number branched on, its cells not yet tried, and
/// what to go back to before the next one (trail length, used cells, placed numbers, count).
struct Branch<B> {
    pick: usize,
    cells: B,
    mark: usize,
    kept: (B, B, usize),
}

/// The bitset search of the module header: one candidate-cell set per number, a `u128` over
/// the board's cells (bit `row * (width + 1) + column`; the padding column stays clear, so a
/// shift by one never wraps a row's end onto the next row's start).
struct BitSearch<'a, B: Cells> {
    puzzle: &'a Hidato,
    n: usize,
    stride: u32,
    king: bool,
    /// The board's cells.
    board: B,
    /// Candidate cells of each number 0..=n+1 (0 and n+1 unused).
    dom: Vec<B>,
    /// Cells holding a placed number.
    used: B,
    /// Bit k: number k placed.
    placed: B,
    count: usize,
    /// Numbers whose domain must be narrowed again by the chain rule, and all numbers 1..=n.
    dirty: B,
    numbers: B,
    /// The trail: (number, domain before this branch changed it), and per number the branch
    /// that last recorded it (branches are numbered in the order they start).
    trail: Vec<(u32, B)>,
    stamp: Vec<u64>,
    branch: u64,
    // All different: matching (number -> cell bit, cell bit -> number) and Tarjan scratch.
    mate: Vec<u32>,
    owner: Vec<u32>,
    unmatched: Vec<u32>,
    scc: Vec<u32>,
    low: Vec<u32>,
    index: Vec<u32>,
    on_stack: B,
    tarjan_stack: Vec<u32>,
    tarjan_frames: Vec<(usize, B)>,
    augment_frames: Vec<(usize, B, usize)>,
    scc_cells: Vec<B>,
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

impl<'a, B: Cells> BitSearch<'a, B> {
    fn new(puzzle: &'a Hidato, limit: u64, keep_first: bool, budget: &'a Budget) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let stride = w + 1;
        let n = puzzle.size();
        let bit = |cell: usize| B::bit(cell / w * stride + cell % w);
        let mut board = B::ZERO;
        let mut dom = vec![B::ZERO; n + 2];
        let (mut used, mut placed, mut count) = (B::ZERO, B::ZERO, 0);
        for cell in 0..w * h {
            if !puzzle.is_hole(cell) {
                board |= bit(cell);
            }
            let v = puzzle.get(cell);
            if v > 0 {
                dom[v as usize] = bit(cell);
                used |= bit(cell);
                placed |= B::bit(v as usize);
                count += 1;
            }
        }
        for (k, d) in dom.iter_mut().enumerate().take(n + 1).skip(1) {
            if !placed.has(k) {
                *d = board & !used;
            }
        }
        let numbers = (1..=n).fold(B::ZERO, |set, k| set | B::bit(k));
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
            dirty: numbers,
            numbers,
            trail: Vec::new(),
            stamp: vec![0; n + 2],
            branch: 0,
            mate: vec![NONE; n + 2],
            owner: vec![NONE; B::BITS],
            unmatched: Vec::new(),
            scc: vec![NONE; n + 2],
            low: vec![0; n + 2],
            index: vec![NONE; n + 2],
            on_stack: B::ZERO,
            tarjan_stack: Vec::new(),
            tarjan_frames: Vec::new(),
            augment_frames: Vec::new(),
            scc_cells: Vec::new(),
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
        match self.dfs() {
            Ok(()) | Err(Stop::Limit) => Ok(()),
            Err(Stop::GaveUp(reason)) => Err(reason),
        }
    }

    fn is_placed(&self, k: usize) -> bool {
        self.placed.has(k)
    }

    /// The cells next to a cell of `x`.
    #[inline]
    fn nb(&self, x: B) -> B {
        let s = self.stride;
        let around = if self.king {
            let row = x | x.shl(1) | x.shr(1);
            row.shl(s) | row.shr(s) | x.shl(1) | x.shr(1)
        } else {
            x.shl(1) | x.shr(1) | x.shl(s) | x.shr(s)
        };
        around & self.board
    }

    /// Sets `k`'s domain to `v` (a subset), recording the old one on the trail once per branch,
    /// and marks the numbers next to `k` for the chain worklist.
    #[inline]
    fn set(&mut self, k: usize, v: B) {
        if self.stamp[k] != self.branch {
            self.stamp[k] = self.branch;
            self.trail.push((k as u32, self.dom[k]));
        }
        self.dom[k] = v;
        self.touch(k);
    }

    /// Restores the domains recorded on the trail since `mark`.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (k, v) = self.trail.pop().expect("above the mark");
            self.dom[k as usize] = v;
        }
    }

    /// Marks the numbers next to `k` for the chain worklist (`k`'s domain shrank).
    #[inline]
    fn touch(&mut self, k: usize) {
        self.dirty |= (B::bit(k - 1) | B::bit(k + 1)) & self.numbers;
    }

    /// Propagates to a fixed point; false if the node is dead.
    fn propagate(&mut self) -> Result<bool, Stop> {
        let n = self.n;
        loop {
            let mut changed = false;
            // Chain: k sits next to k - 1 and to k + 1 (a worklist of the numbers whose
            // consecutive numbers' domains shrank).
            while !self.dirty.is_zero() {
                let k = self.dirty.pop_first();
                let mut v = self.dom[k];
                if k > 1 {
                    v &= self.nb(self.dom[k - 1]);
                }
                if k < n {
                    v &= self.nb(self.dom[k + 1]);
                }
                if v.is_zero() {
                    return Ok(false);
                }
                if v != self.dom[k] {
                    self.set(k, v);
                }
            }
            // Numbers with one cell left are placed.
            let mut fresh = B::ZERO;
            for k in 1..=n {
                let d = self.dom[k];
                if self.is_placed(k) || d.ones() != 1 {
                    continue;
                }
                if !(d & (fresh | self.used)).is_zero() {
                    return Ok(false);
                }
                fresh |= d;
                self.placed |= B::bit(k);
                self.count += 1;
                self.tick()?;
            }
            if !fresh.is_zero() {
                changed = true;
                self.used |= fresh;
                for k in 1..=n {
                    if !self.is_placed(k) && !(self.dom[k] & fresh).is_zero() {
                        self.set(k, self.dom[k] & !fresh);
                        if self.dom[k].is_zero() {
                            return Ok(false);
                        }
                    }
                }
            }
            // Every free cell holds some number; a cell with one possible number holds it.
            let (mut once, mut twice) = (B::ZERO, B::ZERO);
            for k in 1..=n {
                if !self.is_placed(k) {
                    twice |= once & self.dom[k];
                    once |= self.dom[k];
                }
            }
            let free = self.board & !self.used;
            if !(free & !once).is_zero() {
                return Ok(false);
            }
            let mut single = free & !twice;
            while !single.is_zero() {
                let bit = single.lowest();
                single ^= bit;
                if let Some(k) = (1..=n).find(|&k| !self.is_placed(k) && !(self.dom[k] & bit).is_zero()) {
                    if self.dom[k] != bit {
                        self.set(k, bit);
                        changed = true;
                    }
                }
            }
            if !changed && self.dirty.is_zero() {
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
        let (mut once, mut twice) = (B::ZERO, B::ZERO);
        let s = self.stride;
        let mut add = |v: B| {
            twice |= once & v;
            once |= v;
        };
        add(open.shl(1));
        add(open.shr(1));
        add(open.shl(s));
        add(open.shr(s));
        if self.king {
            add(open.shl(s + 1));
            add(open.shr(s + 1));
            add(open.shl(s - 1));
            add(open.shr(s - 1));
        }
        if n > 1 && !(free & !once).is_zero() {
            return None;
        }
        let ends = free & !twice;
        if !ends.is_zero() {
            let open_ends = u32::from(!self.is_placed(1)) + u32::from(!self.is_placed(n));
            if ends.ones() > open_ends {
                return None;
            }
            for k in 2..n {
                if !self.is_placed(k) && !(self.dom[k] & ends).is_zero() {
                    self.set(k, self.dom[k] & !ends);
                    if self.dom[k].is_zero() {
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
            let (mut cells, mut lost) = (self.dom[k], B::ZERO);
            while !cells.is_zero() {
                let bit = cells.lowest();
                cells ^= bit;
                if ((before | after) & self.nb(bit)).ones() < 2 {
                    lost |= bit;
                }
            }
            if !lost.is_zero() {
                self.set(k, self.dom[k] & !lost);
                if self.dom[k].is_zero() {
                    return None;
                }
                changed = true;
            }
        }
        if !self.all_different(&mut changed) {
            return None;
        }
        // Components of the free cells.
        let mut comps = [B::ZERO; 64];
        let mut sizes = [0u32; 64];
        let mut count = 0;
        let mut rest = free;
        while !rest.is_zero() && count < 64 {
            let mut comp = rest.lowest();
            loop {
                let grown = (comp | self.nb(comp)) & rest;
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            comps[count] = comp;
            sizes[count] = comp.ones();
            count += 1;
        }
        let split = count > 1 && rest.is_zero();
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
            let union = self.dom[start..=end].iter().fold(B::ZERO, |u, &d| u | d);
            if union.ones() < len {
                return None;
            }
            if !split {
                continue;
            }
            let mut fits = 0u64;
            for c in 0..count {
                if sizes[c] >= len
                    && !(self.dom[start] & comps[c]).is_zero()
                    && !(self.dom[end] & comps[c]).is_zero()
                {
                    fits |= 1 << c;
                    possible[c] += len;
                }
            }
            match fits.count_ones() {
                0 => return None,
                1 => {
                    let c = fits.trailing_zeros() as usize;
                    forced[c] += len;
                    if !(union & !comps[c]).is_zero() {
                        changed = true;
                        for j in start..=end {
                            if !(self.dom[j] & !comps[c]).is_zero() {
                                self.set(j, self.dom[j] & comps[c]);
                                if self.dom[j].is_zero() {
                                    return None;
                                }
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

    /// All different, to arc consistency (Régin): a perfect matching of the unplaced numbers to
    /// the free cells (kept between calls as a warm start), then a number keeps a cell only if
    /// the cell's matched number is in its strongly connected component of the graph "k -> the
    /// number matched to a cell of k's domain". False if no matching exists.
    fn all_different(&mut self, changed: &mut bool) -> bool {
        let n = self.n;
        self.owner.fill(NONE);
        let mut owned = B::ZERO;
        let mut unmatched = Vec::new();
        std::mem::swap(&mut unmatched, &mut self.unmatched);
        unmatched.clear();
        for k in 1..=n {
            if self.is_placed(k) {
                continue;
            }
            let m = self.mate[k];
            if m != NONE && self.dom[k].has(m as usize) && !owned.has(m as usize) {
                self.owner[m as usize] = k as u32;
                owned |= B::bit(m as usize);
            } else {
                self.mate[k] = NONE;
                unmatched.push(k as u32);
            }
        }
        for &k in &unmatched {
            let mut visited = B::ZERO;
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
        self.scc_cells.resize(sccs as usize, B::ZERO);
        for k in 1..=n {
            if !self.is_placed(k) {
                self.scc_cells[self.scc[k] as usize] |= B::bit(self.mate[k] as usize);
            }
        }
        for k in 1..=n {
            if !self.is_placed(k) {
                let v = self.dom[k] & self.scc_cells[self.scc[k] as usize];
                if v != self.dom[k] {
                    self.set(k, v);
                    *changed = true;
                }
            }
        }
        true
    }

    /// Kuhn's augmenting path from number `root`, with an explicit stack (a path may be as long
    /// as the board): each frame is a number, its cells not yet tried, and the cell it would
    /// take from the next frame's number.
    fn augment(&mut self, root: usize, owned: &mut B, visited: &mut B) -> bool {
        let spare = self.dom[root] & !*owned;
        if !spare.is_zero() {
            self.take_cell(root, spare.first(), owned);
            return true;
        }
        let mut frames = std::mem::take(&mut self.augment_frames);
        frames.clear();
        frames.push((root, self.dom[root], usize::MAX));
        let mut found = false;
        while let Some(frame) = frames.last_mut() {
            if frame.1.is_zero() {
                frames.pop();
                continue;
            }
            let c = frame.1.pop_first();
            let other = self.owner[c] as usize;
            if visited.has(other) {
                continue;
            }
            *visited |= B::bit(other);
            frame.2 = c;
            let spare = self.dom[other] & !*owned;
            if !spare.is_zero() {
                self.take_cell(other, spare.first(), owned);
                for &(k, _, via) in frames.iter().rev() {
                    self.owner[via] = k as u32;
                    self.mate[k] = via as u32;
                }
                found = true;
                break;
            }
            frames.push((other, self.dom[other], usize::MAX));
        }
        self.augment_frames = frames;
        found
    }

    fn take_cell(&mut self, k: usize, c: usize, owned: &mut B) {
        self.owner[c] = k as u32;
        self.mate[k] = c as u32;
        *owned |= B::bit(c);
    }

    /// Tarjan's strongly connected components from number `root` (edges: a number to the
    /// owners of its domain's other cells), with an explicit stack of (number, cells left).
    fn strong(&mut self, root: usize, next_index: &mut u32, sccs: &mut u32) {
        let mut frames = std::mem::take(&mut self.tarjan_frames);
        frames.clear();
        self.visit(root, next_index, &mut frames);
        while let Some(frame) = frames.last_mut() {
            let k = frame.0;
            if !frame.1.is_zero() {
                let c = frame.1.pop_first();
                let other = self.owner[c] as usize;
                if self.index[other] == NONE {
                    self.visit(other, next_index, &mut frames);
                } else if self.on_stack.has(other) {
                    self.low[k] = self.low[k].min(self.index[other]);
                }
                continue;
            }
            frames.pop();
            if self.low[k] == self.index[k] {
                loop {
                    let top = self.tarjan_stack.pop().expect("on the stack") as usize;
                    self.on_stack &= !B::bit(top);
                    self.scc[top] = *sccs;
                    if top == k {
                        break;
                    }
                }
                *sccs += 1;
            }
            if let Some(parent) = frames.last() {
                self.low[parent.0] = self.low[parent.0].min(self.low[k]);
            }
        }
        self.tarjan_frames = frames;
    }

    fn visit(&mut self, k: usize, next_index: &mut u32, frames: &mut Vec<(usize, B)>) {
        self.index[k] = *next_index;
        self.low[k] = *next_index;
        *next_index += 1;
        self.tarjan_stack.push(k as u32);
        self.on_stack |= B::bit(k);
        frames.push((k, self.dom[k] & !B::bit(self.mate[k] as usize)));
    }

    /// The search, with an explicit stack of branch points (the board may be deep): each frame
    /// is the number branched on, its cells not yet tried, the trail mark and the placed state
    /// to go back to.
    fn dfs(&mut self) -> Result<(), Stop> {
        let mut frames: Vec<Branch<B>> = Vec::new();
        let mut entering = true;
        loop {
            if entering {
                entering = false;
                if self.propagate()? {
                    if self.count == self.n {
                        self.found()?;
                    } else {
                        let pick = self.pick();
                        let kept = (self.used, self.placed, self.count);
                        frames.push(Branch { pick, cells: self.dom[pick], mark: self.trail.len(), kept });
                    }
                }
            }
            let Some(frame) = frames.last_mut() else { return Ok(()) };
            if frame.cells.is_zero() {
                frames.pop();
                continue;
            }
            let bit = frame.cells.lowest();
            frame.cells ^= bit;
            let (pick, mark, kept) = (frame.pick, frame.mark, frame.kept);
            self.undo(mark);
            (self.used, self.placed, self.count) = kept;
            self.branch += 1;
            self.dirty = B::ZERO;
            self.set(pick, bit);
            entering = true;
        }
    }

    /// The number to branch on: the fewest cells; among equals, one next to a placed number
    /// (it extends a path).
    fn pick(&self) -> usize {
        let n = self.n;
        let mut pick = 0;
        let mut fewest = u32::MAX;
        for k in 1..=n {
            if !self.is_placed(k) {
                let end = (k > 1 && self.is_placed(k - 1)) || (k < n && self.is_placed(k + 1));
                let score = self.dom[k].ones() * 2 + u32::from(!end);
                if score < fewest {
                    fewest = score;
                    pick = k;
                }
            }
        }
        pick
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Stop::GaveUp(GaveUp::NodeLimit));
        }
        // A node here costs up to a millisecond on a 50x50 board: look at the clock more often.
        if self.nodes % DOMAIN_CHECK_EVERY == 0 {
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
                let bit = self.dom[k].first();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn domain_count<B: Cells>(puzzle: &Hidato, limit: u64) -> u64 {
        let budget = Budget::unlimited();
        let mut search = BitSearch::<B>::new(puzzle, limit, false, &budget);
        search.run().unwrap();
        search.solutions
    }

    fn gap_count(puzzle: &Hidato, limit: u64) -> u64 {
        let budget = Budget::unlimited();
        let mut search = Search::new(puzzle, limit, false, &budget);
        search.run().unwrap();
        search.solutions
    }

    /// A random board (holes, givens from a random self-avoiding walk or at random).
    fn random_board(next: &mut impl FnMut(u64) -> u64, w: usize, h: usize) -> Hidato {
        let adjacency = if next(2) == 0 { Adjacency::King } else { Adjacency::Orthogonal };
        let holes = next(3);
        let mut cells: Vec<i32> = (0..w * h).map(|_| if next(10) < holes { -1 } else { 0 }).collect();
        if cells.iter().all(|&v| v == -1) {
            cells[0] = 0;
        }
        let shape = Hidato::new(w, h, cells.clone(), adjacency).unwrap();
        let open: Vec<usize> = (0..w * h).filter(|&c| cells[c] != -1).collect();
        let mut path = vec![open[next(open.len() as u64) as usize]];
        loop {
            let last = *path.last().unwrap();
            let free: Vec<usize> = shape.neighbours(last).filter(|c| !path.contains(c)).collect();
            if free.is_empty() {
                break;
            }
            path.push(free[next(free.len() as u64) as usize]);
        }
        let density = next(5);
        if path.len() == shape.size() {
            for (k, &c) in path.iter().enumerate() {
                if next(6) < density {
                    cells[c] = k as i32 + 1;
                }
            }
        } else {
            for &c in &open {
                if next(10) < density {
                    let k = next(shape.size() as u64) as i32 + 1;
                    if !cells.contains(&k) {
                        cells[c] = k;
                    }
                }
            }
        }
        Hidato::new(w, h, cells, adjacency).unwrap()
    }

    fn xorshift(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed | 1;
        move |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        }
    }

    /// The domain search in every width and the gap search count the same solutions.
    #[test]
    fn every_bitset_width_and_the_gap_search_agree() {
        let mut next = xorshift(0x9e37_79b9);
        for _ in 0..1500 {
            let (w, h) = (1 + next(6) as usize, 1 + next(6) as usize);
            let puzzle = random_board(&mut next, w, h);
            let expected = gap_count(&puzzle, 20);
            assert_eq!(domain_count::<u128>(&puzzle, 20), expected, "{puzzle}");
            assert_eq!(domain_count::<Wide<4>>(&puzzle, 20), expected, "{puzzle}");
            assert_eq!(domain_count::<Wide<40>>(&puzzle, 20), expected, "{puzzle}");
        }
        // Rows longer than a word: shifts by the row stride cross whole words.
        let mut next = xorshift(0x5151);
        for _ in 0..40 {
            let (w, h) = (60 + next(20) as usize, 1 + next(2) as usize);
            let mut puzzle = random_board(&mut next, w, h);
            // Dense givens so the gap search answers quickly: every third number of a
            // serpentine where the board is full.
            if puzzle.cells().iter().all(|&v| v != -1) {
                let mut cells = vec![0; w * h];
                for k in 0..w * h {
                    let (row, i) = (k / w, k % w);
                    let column = if row % 2 == 0 { i } else { w - 1 - i };
                    if k % 3 == 0 || k == w * h - 1 {
                        cells[row * w + column] = k as i32 + 1;
                    }
                }
                puzzle = Hidato::new(w, h, cells, puzzle.adjacency()).unwrap();
            }
            let expected = gap_count(&puzzle, 5);
            assert_eq!(domain_count::<Wide<4>>(&puzzle, 5), expected, "{puzzle}");
            assert_eq!(domain_count::<Wide<40>>(&puzzle, 5), expected, "{puzzle}");
        }
    }

    #[test]
    fn wide_shifts_match_u128() {
        let mut next = xorshift(77);
        for _ in 0..2000 {
            let x = (u128::from(next(u64::MAX)) << 64 | u128::from(next(u64::MAX))) >> next(100);
            let wide = Wide::<2>([x as u64, (x >> 64) as u64]);
            let back = |w: Wide<2>| u128::from(w.0[0]) | u128::from(w.0[1]) << 64;
            let s = next(127) as u32;
            assert_eq!(back(wide.shl(s)), x << s);
            assert_eq!(back(wide.shr(s)), x >> s);
            assert_eq!(wide.ones(), x.count_ones());
            if x != 0 {
                assert_eq!(wide.first(), x.first());
                assert_eq!(back(wide.lowest()), x.lowest());
            }
        }
    }
}
