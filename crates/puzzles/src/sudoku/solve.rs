//! Solving and counting for every layout, and the choice of solver.
//!
//! # The general solver
//!
//! One solver for every [`Layout`]: sizes 4 to 25, boxes or jigsaw regions, with or without the
//! diagonals. It is the classic cell-bitmask design (Norvig's constraint propagation, as in the
//! cell-oriented bit solvers jsolve and fsss): propagation to a fixed point, then a guess on the
//! cell with the fewest candidates (MRV), backtracking on a contradiction.
//!
//! ## Data layout
//!
//! The whole search state is one `u32` per cell: bit `d - 1` set while digit `d` is still a
//! candidate, and bit 31 ([`SOLVED`]) once the cell is placed and its digit removed from its peers.
//! Sizes stop at 25, so the digits always fit.
//!
//! ```text
//!   cand:   [ c0 | c1 | c2 | ... | c(n²-1) ]        one u32 per cell, the only mutable state
//!   trail:  [ cand copy ][ cand copy ] ...          a copy per guess on the current path
//!   guesses:[ (cell, digit bit) ] ...               the guess each copy was taken before
//! ```
//!
//! Rows, columns, regions and diagonals are all just houses (lists of cells from the layout), so
//! jigsaw and X need no special case.
//!
//! ## Propagation, in this order until nothing changes
//!
//! 1. **Naked singles**: a cell left with one candidate is placed and its digit removed from its
//!    peers (a work list of cells, so each placement costs one pass over its peers).
//! 2. **Hidden singles**: per house, "seen once" and "seen twice" masks over the unplaced cells; a
//!    digit seen once goes to its cell, placed at once so that the next houses see it. A digit
//!    neither placed nor seen is a contradiction.
//! 3. **Locked candidates**, only when singles are stuck: for every pair of houses sharing two
//!    cells or more (box and line, jigsaw region and line, box and diagonal), a digit that one
//!    house holds only in the shared cells leaves the rest of the other. On magictour's hard 9x9
//!    puzzles it cuts the guesses from 46 to 19 a puzzle and the time by a third; it costs one
//!    pass over cell lists precomputed per layout (and cached per thread).
//!
//! A cell whose candidates run out, or a house that loses a digit, is a contradiction.
//!
//! ## Search
//!
//! Iterative, with an explicit stack, so that a 25x25 grid (up to 625 levels) cannot overflow the
//! call stack. The branching is binary, as in DPLL and tdoku: guess digit `d` in the MRV cell after
//! copying the state onto the trail; on a contradiction, restore the copy, remove `d` from that
//! cell and propagate again, which may then choose a different cell. A copy of the state is cheaper
//! than an undo log here: 324 bytes for 9x9, 2.5 KB for 25x25, and no bookkeeping on the hot path.
//! The trail holds at most one copy per level, so at most about 1.5 MB for 25x25.
//!
//! `nodes` in the statistics, and the node limit of a [`Budget`], count guesses (tdoku's
//! "guesses/puzzle"): a puzzle solved by propagation alone costs 0 nodes. The deadline and the
//! cancel flag are looked at every [`CHECK_INTERVAL`] guesses.
//!
//! ## Random order
//!
//! [`solve_with_seed`] guesses a random candidate of the MRV cell, drawn from a [`Pcg64Mcg`] seeded
//! with the seed, so the same seed gives the same grid. On empty grids a random descent now and
//! then walks into a hopeless subtree (search times are heavy-tailed on 16x16 and 25x25), so the
//! seeded search restarts from the givens after as many guesses as the grid has cells, and again
//! after twice as many, and so on: still complete, since the cutoff grows without bound, and at
//! most a factor of two slower when the search needed no restart. On 200 empty 25x25 grids this
//! took the slowest from 180 ms to 9 ms (median 3.6 ms); on 500 16x16 grids from 17 ms to 1.6 ms
//! (median 0.5 ms).
//!
//! # The other engines
//!
//! [`Engine::Auto`] and [`Engine::Fast`] hand classic 9x9 grids to the dedicated bitboard solver
//! ([`solve_9x9`], [`count_9x9_with_stats`], whose node count is its guesses too).
//! [`Engine::ExactCover`] goes through [`ExactCover`] and `tessera-xc`: slower, independent, and
//! the cross-check for the others.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::sudoku::{count_9x9, count_9x9_with_stats, solve_9x9, ExactCover, Layout, Stats9, Sudoku};

/// Which solver to use. All give the same answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// The dedicated 9x9 solver for classic 9x9 grids, the general solver otherwise.
    #[default]
    Auto,
    /// The dedicated bitboard solver (classic 9x9 only; others fall back to `General`).
    Fast,
    /// Constraint propagation and backtracking over candidate masks, any layout.
    General,
    /// The exact-cover reduction through `tessera-xc`, any layout.
    ExactCover,
}

/// The first solution, `None` if there is none (givens that clash included), or why the search
/// gave up.
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{solve, Budget, Engine, Layout, Sudoku};
/// let layout = Arc::new(Layout::classic(4).unwrap());
/// let puzzle = Sudoku::from_digits(layout, vec![1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2]).unwrap();
/// let solution = solve(&puzzle, Engine::General, &Budget::unlimited()).unwrap().unwrap();
/// assert!(solution.is_solved() && puzzle.is_completed_by(&solution));
/// ```
pub fn solve(puzzle: &Sudoku, engine: Engine, budget: &Budget) -> Result<Option<Sudoku>, GaveUp> {
    match resolve(puzzle, engine) {
        Engine::Fast => {
            let cells = classic_cells(puzzle);
            // `solve_9x9` takes no budget: when the caller set one, a count up to 1 honours it first.
            let limited =
                budget.nodes().is_some() || budget.deadline().is_some() || budget.cancel_flag().is_some();
            if limited && count_9x9(&cells, 1, budget)? == 0 {
                return Ok(None);
            }
            Ok(solve_9x9(&cells).map(|digits| with_digits(puzzle, &digits)))
        }
        Engine::ExactCover => {
            let cover = ExactCover::new(puzzle);
            let mut solver = cover.problem().solver().with_budget(budget.clone());
            Ok(solver.first()?.map(|options| cover.decode(&options)))
        }
        _ => first_general(puzzle, budget, None),
    }
}

/// Counts solutions up to `limit`: [`Outcome::LimitReached`] when `limit` were found (there may
/// be more), [`Outcome::Exhausted`] when the count is exact, [`Outcome::GaveUp`] when the budget
/// ran out (the count is then a lower bound). The statistics are the engine's own: guesses for the
/// general solver and the 9x9 solver, Knuth's nodes and updates for the exact cover.
pub fn count(puzzle: &Sudoku, limit: u64, engine: Engine, budget: &Budget) -> Count {
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    match resolve(puzzle, engine) {
        Engine::Fast => match count_9x9_with_stats(&classic_cells(puzzle), limit, budget) {
            Ok(Stats9 { solutions, guesses, .. }) => Count {
                solutions,
                outcome: if solutions >= limit { Outcome::LimitReached } else { Outcome::Exhausted },
                stats: Stats { nodes: guesses, updates: 0 },
            },
            Err(reason) => Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() },
        },
        Engine::ExactCover => {
            let cover = ExactCover::new(puzzle);
            let mut solver = cover.problem().solver().with_budget(budget.clone());
            solver.count_up_to(limit)
        }
        _ => {
            let tables = Tables::for_layout(puzzle.layout_arc());
            let mut search = Search::new(&tables, budget, None);
            let mut solutions = 0;
            let outcome = search.run(puzzle, limit, &mut |_| solutions += 1);
            Count { solutions, outcome, stats: Stats { nodes: search.nodes, updates: 0 } }
        }
    }
}

/// A solution found with a random branching order drawn from `seed` (reproducible): on an empty
/// grid, a random complete grid. Runs the general solver, except on the empty classic 9x9, which
/// takes a faster route to a random grid (`random_classic_grid`).
///
/// ```
/// use std::sync::Arc;
/// use tessera::sudoku::{solve_with_seed, Budget, Layout, Sudoku};
/// let empty = Sudoku::empty(Arc::new(Layout::classic(16).unwrap()));
/// let grid = solve_with_seed(&empty, 7, &Budget::unlimited()).unwrap().unwrap();
/// assert!(grid.is_solved());
/// assert_eq!(solve_with_seed(&empty, 7, &Budget::unlimited()), Ok(Some(grid)));
/// ```
pub fn solve_with_seed(puzzle: &Sudoku, seed: u64, budget: &Budget) -> Result<Option<Sudoku>, GaveUp> {
    if puzzle.layout().is_classic_9x9() && puzzle.clues() == 0 {
        return Ok(Some(random_classic_grid(puzzle.layout_arc(), seed)));
    }
    first_general(puzzle, budget, Some(Pcg64Mcg::seed_from_u64(seed)))
}

/// A random complete classic 9x9 grid, for the generator's ~20,000 grids a second: the three
/// diagonal boxes filled with random permutations (they share no house, and any such filling
/// completes), finished by the fast solver, then rows shuffled within bands, bands shuffled, and
/// the same for columns. A tenth of the time of the seeded general solver.
fn random_classic_grid(layout: &Arc<Layout>, seed: u64) -> Sudoku {
    use rand::seq::SliceRandom;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut cells = [0u8; 81];
    for b in [0, 4, 8] {
        let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(&mut rng);
        for (k, &digit) in digits.iter().enumerate() {
            cells[(b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3] = digit;
        }
    }
    let filled = solve_9x9(&cells).expect("three diagonal boxes always complete");
    let mut line_order = || {
        let mut bands = [0usize, 1, 2];
        bands.shuffle(&mut rng);
        let mut order = Vec::with_capacity(9);
        for band in bands {
            let mut lines = [0usize, 1, 2];
            lines.shuffle(&mut rng);
            order.extend(lines.iter().map(|line| band * 3 + line));
        }
        order
    };
    let (rows, cols) = (line_order(), line_order());
    let digits = (0..81).map(|cell| filled[rows[cell / 9] * 9 + cols[cell % 9]]).collect();
    Sudoku::from_digits(layout.clone(), digits).expect("a permuted grid of digits 1-9")
}

/// The general solver's first solution, in digit order or in a random order.
fn first_general(puzzle: &Sudoku, budget: &Budget, rng: Option<Pcg64Mcg>) -> Result<Option<Sudoku>, GaveUp> {
    let tables = Tables::for_layout(puzzle.layout_arc());
    let mut search = Search::new(&tables, budget, rng);
    let mut found = None;
    match search.run(puzzle, 1, &mut |cand| found = Some(tables.digits(cand))) {
        Outcome::GaveUp(reason) => Err(reason),
        _ => Ok(found.map(|digits| with_digits(puzzle, &digits))),
    }
}

/// The engine that actually runs: `Fast` only for classic 9x9, `General` for `Auto` otherwise.
fn resolve(puzzle: &Sudoku, engine: Engine) -> Engine {
    match engine {
        Engine::Auto | Engine::Fast if puzzle.layout().is_classic_9x9() => Engine::Fast,
        Engine::Auto | Engine::Fast => Engine::General,
        other => other,
    }
}

fn classic_cells(puzzle: &Sudoku) -> [u8; 81] {
    puzzle.cells().try_into().expect("a classic 9x9 grid has 81 cells")
}

fn with_digits(puzzle: &Sudoku, digits: &[u8]) -> Sudoku {
    Sudoku::from_digits(puzzle.layout_arc().clone(), digits.to_vec())
        .expect("the solver keeps digits in range")
}

/// Set in a cell's mask once its digit is placed and removed from its peers.
const SOLVED: u32 = 1 << 31;

/// Guesses between two looks at the deadline and the cancel flag.
const CHECK_INTERVAL: u64 = 256;

/// What the solver needs from a layout: the layout itself and the cell lists for locked
/// candidates.
struct Tables {
    layout: Arc<Layout>,
    /// The mask of all digits.
    full: u32,
    /// For each pair of houses sharing two cells or more: the shared cells, the rest of the first
    /// house, the rest of the second, as `locked_cells[span[0]..span[1]]`, `[span[1]..span[2]]`,
    /// `[span[2]..span[3]]`.
    locked_cells: Vec<u16>,
    spans: Vec<[u32; 4]>,
}

thread_local! {
    /// The tables of the layout this thread solved last. Building them costs about as much as
    /// propagating a whole easy 9x9, and callers usually solve many puzzles of one shared layout.
    static LAST_TABLES: RefCell<Option<Rc<Tables>>> = const { RefCell::new(None) };
}

impl Tables {
    /// The tables of `layout`, reused when the last call on this thread had the same `Arc`.
    fn for_layout(layout: &Arc<Layout>) -> Rc<Tables> {
        LAST_TABLES.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(tables) if Arc::ptr_eq(&tables.layout, layout) => tables.clone(),
                _ => {
                    let tables = Rc::new(Tables::new(layout.clone()));
                    *last = Some(tables.clone());
                    tables
                }
            }
        })
    }

    fn new(layout: Arc<Layout>) -> Self {
        let houses = layout.houses();
        let h = houses.len();
        // Count the cells each pair of houses shares.
        let mut shared = vec![0u8; h * h];
        for cell in 0..layout.cells() {
            let mine = layout.cell_houses(cell);
            for (i, &a) in mine.iter().enumerate() {
                for &b in &mine[i + 1..] {
                    shared[a as usize * h + b as usize] += 1;
                }
            }
        }
        let pairs = shared.iter().filter(|&&k| k >= 2).count();
        let mut locked_cells = Vec::with_capacity(pairs * 3 * layout.size());
        let mut spans = Vec::with_capacity(pairs);
        // `mark[cell]` is `b + 1` while the cells of house `b` are being compared with house `a`.
        let mut mark = vec![0u16; layout.cells()];
        for a in 0..h {
            for b in a + 1..h {
                if shared[a * h + b] < 2 {
                    continue;
                }
                let stamp = b as u16 + 1;
                houses[b].iter().for_each(|&c| mark[c as usize] = stamp);
                let start = locked_cells.len() as u32;
                locked_cells.extend(houses[a].iter().filter(|&&c| mark[c as usize] == stamp));
                let inner_end = locked_cells.len() as u32;
                locked_cells.extend(houses[a].iter().filter(|&&c| mark[c as usize] != stamp));
                let rest_a_end = locked_cells.len() as u32;
                houses[a].iter().for_each(|&c| mark[c as usize] = 0);
                locked_cells.extend(houses[b].iter().filter(|&&c| mark[c as usize] == stamp));
                spans.push([start, inner_end, rest_a_end, locked_cells.len() as u32]);
            }
        }
        let full = (1u32 << layout.size()) - 1;
        Tables { layout, full, locked_cells, spans }
    }

    /// The digits of a solved state.
    fn digits(&self, cand: &[u32]) -> Vec<u8> {
        cand.iter().map(|&m| ((m & self.full).trailing_zeros() + 1) as u8).collect()
    }

    /// Runs the three rules to a fixed point; `false` on a contradiction. `queue` holds the cells
    /// left with one candidate but not yet placed.
    fn propagate(&self, cand: &mut [u32], queue: &mut Vec<u16>) -> bool {
        loop {
            while let Some(cell) = queue.pop() {
                if !self.place(cand, queue, cell as usize) {
                    return false;
                }
            }
            match self.hidden_singles(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.locked_candidates(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Places the single candidate of `cell` and removes it from the peers.
    fn place(&self, cand: &mut [u32], queue: &mut Vec<u16>, cell: usize) -> bool {
        let bit = cand[cell];
        if bit & SOLVED != 0 {
            return true;
        }
        debug_assert!(bit.is_power_of_two(), "only single-candidate cells are queued");
        cand[cell] = bit | SOLVED;
        for &peer in self.layout.peers(cell) {
            let before = cand[peer as usize];
            if before & bit == 0 {
                continue;
            }
            let after = before & !bit;
            cand[peer as usize] = after;
            // A peer emptied, or one already placed on the same digit.
            if after & self.full == 0 {
                return false;
            }
            if after.is_power_of_two() {
                queue.push(peer);
            }
        }
        true
    }

    /// Assigns every digit that only one cell of a house can take. `None` on a contradiction,
    /// else whether anything was found.
    fn hidden_singles(&self, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
        let mut found = false;
        for house in self.layout.houses() {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in house {
                let m = cand[cell as usize];
                if m & SOLVED != 0 {
                    placed |= m;
                } else {
                    twice |= once & m;
                    once |= m;
                }
            }
            if (once | placed) & self.full != self.full {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // Recomputed per house from the current masks, so the cell still holds `bit`.
                let cell = *house
                    .iter()
                    .find(|&&c| cand[c as usize] & bit != 0 && cand[c as usize] & SOLVED == 0)?;
                if cand[cell as usize] != bit {
                    cand[cell as usize] = bit;
                    queue.push(cell);
                    found = true;
                }
            }
            // Place them now, so that the houses after this one see the eliminations.
            while let Some(cell) = queue.pop() {
                if !self.place(cand, queue, cell as usize) {
                    return None;
                }
            }
        }
        Some(found)
    }

    /// Box/line (and region/line, box/diagonal) reduction. `None` on a contradiction, else
    /// whether anything was removed.
    fn locked_candidates(&self, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
        let open = |cells: &[u16], cand: &[u32]| {
            cells.iter().fold(0, |acc, &c| {
                let m = cand[c as usize];
                if m & SOLVED == 0 {
                    acc | m
                } else {
                    acc
                }
            })
        };
        let mut changed = false;
        for span in &self.spans {
            let [start, inner_end, rest_a_end, end] = span.map(|i| i as usize);
            let inner = open(&self.locked_cells[start..inner_end], cand);
            if inner == 0 {
                continue;
            }
            let rest_a = &self.locked_cells[inner_end..rest_a_end];
            let rest_b = &self.locked_cells[rest_a_end..end];
            let (in_a, in_b) = (open(rest_a, cand), open(rest_b, cand));
            // Digits the first house keeps to the shared cells leave the rest of the second.
            for (cells, remove) in [(rest_b, inner & !in_a & in_b), (rest_a, inner & !in_b & in_a)] {
                if remove == 0 {
                    continue;
                }
                changed = true;
                for &cell in cells {
                    let before = cand[cell as usize];
                    if before & SOLVED != 0 || before & remove == 0 {
                        continue;
                    }
                    let after = before & !remove;
                    if after == 0 {
                        return None;
                    }
                    cand[cell as usize] = after;
                    if after.is_power_of_two() {
                        queue.push(cell);
                    }
                }
            }
        }
        Some(changed)
    }

    /// The unplaced cell with the fewest candidates (the first of them), or `None` when all are
    /// placed.
    fn choose(&self, cand: &[u32]) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (cell, &m) in cand.iter().enumerate() {
            if m & SOLVED == 0 && m.count_ones() < fewest {
                fewest = m.count_ones();
                best = Some(cell);
                if fewest == 2 {
                    break;
                }
            }
        }
        best
    }
}

/// One search: the state, the trail of copies, the guesses on the current path, the counters.
struct Search<'t> {
    tables: &'t Tables,
    budget: &'t Budget,
    rng: Option<Pcg64Mcg>,
    cand: Vec<u32>,
    queue: Vec<u16>,
    trail: Vec<u32>,
    guesses: Vec<(u16, u32)>,
    /// Guesses made so far, restarts included.
    nodes: u64,
}

impl<'t> Search<'t> {
    fn new(tables: &'t Tables, budget: &'t Budget, rng: Option<Pcg64Mcg>) -> Self {
        let cells = tables.layout.cells();
        Search {
            tables,
            budget,
            rng,
            cand: vec![tables.full; cells],
            queue: Vec::with_capacity(cells),
            trail: Vec::new(),
            guesses: Vec::new(),
            nodes: 0,
        }
    }

    /// Searches until `limit` solutions were passed to `on_solution` (as solved states), the
    /// tree is exhausted, or the budget runs out.
    fn run(&mut self, puzzle: &Sudoku, limit: u64, on_solution: &mut dyn FnMut(&[u32])) -> Outcome {
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                self.cand[cell] = 1 << (digit - 1);
                self.queue.push(cell as u16);
            }
        }
        let mut ok = self.tables.propagate(&mut self.cand, &mut self.queue);
        // Random order restarts from here after `cutoff` guesses; the cutoff doubles each time.
        // Only when looking for one solution: a restart would find the same solutions again.
        let start = if self.rng.is_some() && limit == 1 && ok { Some(self.cand.clone()) } else { None };
        let mut cutoff = self.cand.len() as u64;
        let mut restart_at = cutoff;
        let node_limit = self.budget.nodes().unwrap_or(u64::MAX);
        let mut found = 0;
        loop {
            if ok {
                let Some(cell) = self.tables.choose(&self.cand) else {
                    found += 1;
                    on_solution(&self.cand);
                    if found >= limit {
                        return Outcome::LimitReached;
                    }
                    ok = false;
                    continue;
                };
                if self.nodes >= node_limit {
                    return Outcome::GaveUp(GaveUp::NodeLimit);
                }
                if self.nodes % CHECK_INTERVAL == 0 {
                    if let Some(reason) = self.budget.check_clock() {
                        return Outcome::GaveUp(reason);
                    }
                }
                if let Some(start) = &start {
                    if self.nodes == restart_at {
                        self.cand.copy_from_slice(start);
                        self.trail.clear();
                        self.guesses.clear();
                        cutoff *= 2;
                        restart_at = self.nodes + cutoff;
                        continue;
                    }
                }
                self.nodes += 1;
                let bit = self.pick(self.cand[cell]);
                self.trail.extend_from_slice(&self.cand);
                self.guesses.push((cell as u16, bit));
                self.cand[cell] = bit;
                self.queue.push(cell as u16);
                ok = self.tables.propagate(&mut self.cand, &mut self.queue);
            } else {
                // Undo the latest guess and take its negation: the cell cannot hold that digit.
                self.queue.clear();
                let Some((cell, bit)) = self.guesses.pop() else {
                    return Outcome::Exhausted;
                };
                let copy = self.trail.len() - self.cand.len();
                self.cand.copy_from_slice(&self.trail[copy..]);
                self.trail.truncate(copy);
                let rest = self.cand[cell as usize] & !bit;
                self.cand[cell as usize] = rest;
                if rest.is_power_of_two() {
                    self.queue.push(cell);
                }
                ok = self.tables.propagate(&mut self.cand, &mut self.queue);
            }
        }
    }

    /// The digit to guess among `mask`: the lowest, or a random one.
    fn pick(&mut self, mask: u32) -> u32 {
        let mut mask = mask;
        if let Some(rng) = &mut self.rng {
            for _ in 0..rng.random_range(0..mask.count_ones()) {
                mask &= mask - 1;
            }
        }
        mask & mask.wrapping_neg()
    }
}
