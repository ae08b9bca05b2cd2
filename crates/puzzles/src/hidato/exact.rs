//! Hidato (and Numbrix) as exact cover with colours, for `tessera-xc`: the independent route that
//! cross-checks the dedicated solver.
//!
//! ```text
//!   primary items    r{row}c{col}  every non-hole cell holds one number
//!                    #k            every number 1..N sits in one cell
//!   secondary items  w{k}          "the cell of k", coloured by a cell
//!
//!   option "k at c, k+1 at c'" (c' a neighbour of c; for k = N no c'):
//!       cell c   #k   w{k}:c   w{k+1}:c'
//! ```
//!
//! An option for `k` fixes the colour of `w{k+1}`, and the option chosen for `k + 1` must agree
//! with it through its own `w{k+1}:c''`, so `c'' = c'`: consecutive numbers touch. Every cell and
//! every number is covered once, so the chosen options are exactly a filled board. A solution of
//! the board gives exactly one cover (the option of `k` is determined by the cells of `k` and
//! `k + 1`), so counts agree one to one.
//!
//! Options are pruned by sound windows only: between consecutive givens `a` at `g` and `b` at
//! `h` (or beyond the first or last given), `k` may sit at `c` only when the breadth-first
//! distances over the non-hole cells satisfy `dist(g, c) <= k - a` and `dist(h, c) <= b - k`; a
//! given cell takes only its own number and a given number only its own cell. Everything else
//! is left to the search, so the reduction stays simple enough to trust. Only the two givens
//! around `k` prune it (farther ones could prune more): that keeps the construction linear in
//! the options it makes, where pruning by every given cost givens x N x cells steps and an N x
//! cells table (a terabyte on a 1000x1000 board).
//!
//! # Size
//!
//! The problem has up to 8 options per (number, cell) pair allowed: 50 million on a 50x50 board
//! with two givens, a 12 GB build. [`ExactCover::estimate`] bounds the options from the givens'
//! positions alone, in time linear in N, and [`ExactCover::with_budget`] refuses a problem above
//! [`MAX_OPTIONS`] before allocating it, then builds under the budget's clock.

use std::collections::VecDeque;

use crate::Reduction;
use tessera_xc::{Budget, Color, GaveUp, ItemId, OptionId, Problem, ProblemBuilder};

use crate::hidato::Hidato;

/// A Hidato as an exact-cover problem for `tessera-xc`, and the way back from its solutions.
///
/// ```
/// use tessera::hidato::{Adjacency, ExactCover, Hidato};
/// use tessera::Reduction;
/// let puzzle = Hidato::new(2, 2, vec![1, 0, 0, 4], Adjacency::King).unwrap();
/// let cover = ExactCover::new(&puzzle);
/// assert_eq!(cover.problem().solver().count_all().solutions, 2);
/// let options = cover.problem().solver().first().unwrap().expect("a solution");
/// assert!(cover.decode(&options).is_filled());
/// ```
#[derive(Debug, Clone)]
pub struct ExactCover {
    puzzle: Hidato,
    problem: Problem,
    /// The (number, board cell) of each option, by option index.
    choices: Vec<(u32, u32)>,
}

/// The most options [`ExactCover::with_budget`] builds: some 200 bytes each over the builder,
/// the dancing links and a solver's copy, so about 1 GiB.
pub const MAX_OPTIONS: u64 = 5_000_000;

/// Why [`ExactCover::with_budget`] built nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotBuilt {
    /// The problem would have more options than [`MAX_OPTIONS`] (at most `options`).
    TooLarge {
        /// The bound on its options.
        options: u64,
    },
    /// The budget ran out while building.
    GaveUp(GaveUp),
}

impl std::fmt::Display for NotBuilt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotBuilt::TooLarge { options } => write!(
                f,
                "the exact-cover reduction would have up to {options} options; it is built up to {MAX_OPTIONS} \
                 (about 1 GiB)"
            ),
            NotBuilt::GaveUp(reason) => write!(f, "gave up while building the reduction: {reason}"),
        }
    }
}

impl ExactCover {
    /// The reduction of `puzzle`, however large (see [`ExactCover::with_budget`] for a bounded
    /// build).
    pub fn new(puzzle: &Hidato) -> Self {
        Self::build(puzzle, &Budget::unlimited(), u64::MAX).expect("no limit and no budget")
    }

    /// The reduction of `puzzle`, refused when [`ExactCover::estimate`] is above
    /// [`MAX_OPTIONS`] (before allocating anything of its size), and built under `budget`'s
    /// clock and cancel flag.
    pub fn with_budget(puzzle: &Hidato, budget: &Budget) -> Result<Self, NotBuilt> {
        let options = Self::estimate(puzzle);
        if options > MAX_OPTIONS {
            return Err(NotBuilt::TooLarge { options });
        }
        Self::build(puzzle, budget, MAX_OPTIONS)
    }

    /// An upper bound on the options of the reduction, from the givens' numbers alone: a number
    /// `d` away from the nearest given lies within a ball of radius `d` around it, at most
    /// `(2d + 1)^2` cells, and each of its cells has at most 8 (Numbrix: 4) options.
    pub fn estimate(puzzle: &Hidato) -> u64 {
        let n = puzzle.size();
        let degree: u64 = if puzzle.adjacency() == crate::hidato::Adjacency::King { 8 } else { 4 };
        let mut given = vec![false; n + 2];
        puzzle.cells().iter().filter(|&&v| v > 0).for_each(|&v| given[v as usize] = true);
        // Distance of each number to the nearest given number, from below then from above.
        let mut near = vec![u64::MAX; n + 2];
        let mut last: Option<usize> = None;
        for k in 1..=n {
            if given[k] {
                last = Some(k);
            }
            near[k] = last.map_or(u64::MAX, |g| (k - g) as u64);
        }
        last = None;
        for k in (1..=n).rev() {
            if given[k] {
                last = Some(k);
            }
            near[k] = near[k].min(last.map_or(u64::MAX, |g| (g - k) as u64));
        }
        (1..=n)
            .map(|k| {
                let ball = near[k].saturating_mul(2).saturating_add(1);
                ball.saturating_mul(ball).min(n as u64).saturating_mul(degree)
            })
            .fold(0u64, u64::saturating_add)
    }

    fn build(puzzle: &Hidato, budget: &Budget, max_options: u64) -> Result<Self, NotBuilt> {
        let clock = || budget.check_clock().map_or(Ok(()), |reason| Err(NotBuilt::GaveUp(reason)));
        let total = puzzle.cells().len();
        let cells: Vec<usize> = (0..total).filter(|&c| !puzzle.is_hole(c)).collect();
        let n = cells.len();
        let mut builder = ProblemBuilder::new();
        let expect = "item names are distinct and the problem is small";
        let mut cell_item = vec![None; total];
        for &c in &cells {
            let (column, row) = puzzle.position(c);
            cell_item[c] = Some(builder.primary(format!("r{row}c{column}")).expect(expect));
        }
        let number_item: Vec<ItemId> =
            (1..=n).map(|k| builder.primary(format!("#{k}")).expect(expect)).collect();
        let where_item: Vec<ItemId> =
            (1..=n).map(|k| builder.secondary(format!("w{k}")).expect(expect)).collect();
        let colors: Vec<Option<Color>> = (0..total)
            .map(|c| {
                (!puzzle.is_hole(c)).then(|| {
                    let (column, row) = puzzle.position(c);
                    builder.color(&format!("r{row}c{column}"))
                })
            })
            .collect();
        clock()?;

        let allowed = allowed_cells(puzzle, &cells, &clock)?;
        // mark[c] == k: k (1-based) may sit at c, for the k being built and the next.
        let mut mark = vec![(0u32, 0u32); total];
        let mut choices = Vec::new();
        for k in 1..=n {
            if k % 64 == 0 {
                clock()?;
            }
            for &c in &allowed[k - 1] {
                mark[c as usize].0 = k as u32;
            }
            if k < n {
                for &c in &allowed[k] {
                    mark[c as usize].1 = k as u32 + 1;
                }
            }
            for &c in &allowed[k - 1] {
                let c = c as usize;
                let base = [
                    (cell_item[c].expect("not a hole"), None),
                    (number_item[k - 1], None),
                    (where_item[k - 1], colors[c]),
                ];
                if k == n {
                    builder.colored_option(base).expect("an option's items are distinct");
                    choices.push((k as u32, c as u32));
                    continue;
                }
                for next in puzzle.neighbours(c) {
                    if mark[next].1 != k as u32 + 1 {
                        continue;
                    }
                    let items = base.into_iter().chain([(where_item[k], colors[next])]);
                    builder.colored_option(items).expect("an option's items are distinct");
                    choices.push((k as u32, c as u32));
                }
            }
            if choices.len() as u64 > max_options {
                return Err(NotBuilt::TooLarge { options: choices.len() as u64 });
            }
        }
        clock()?;
        let problem = builder.build();
        Ok(ExactCover { puzzle: puzzle.clone(), problem, choices })
    }

    /// The number and board cell an option places.
    pub fn choice(&self, option: OptionId) -> (i32, usize) {
        let (k, c) = self.choices[option.index()];
        (k as i32, c as usize)
    }
}

impl Reduction for ExactCover {
    type Solution = Hidato;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The board that a set of this problem's options describes; cells no option fills keep
    /// the puzzle's value.
    fn decode(&self, solution: &[OptionId]) -> Hidato {
        let mut board = self.puzzle.clone();
        for &option in solution {
            let (k, c) = self.choice(option);
            board.set(c, k);
        }
        board
    }
}

/// The cells each number may take (index k - 1), by the windows of the two givens around it
/// (see the module header).
fn allowed_cells(
    puzzle: &Hidato,
    cells: &[usize],
    clock: &dyn Fn() -> Result<(), NotBuilt>,
) -> Result<Vec<Vec<u32>>, NotBuilt> {
    let n = cells.len();
    let total = puzzle.cells().len();
    let mut place = vec![None; n + 1];
    for &c in cells {
        let v = puzzle.get(c);
        if v > 0 {
            place[v as usize] = Some(c);
        }
    }
    let free = |c: usize| puzzle.get(c) <= 0;
    let mut allowed: Vec<Vec<u32>> = vec![Vec::new(); n];
    // The given numbers in order, with 0 and N + 1 standing for "no given" at the two ends.
    let mut ends: Vec<usize> = (1..=n).filter(|&k| place[k].is_some()).collect();
    for &k in &ends {
        allowed[k - 1].push(place[k].expect("given") as u32);
    }
    ends.insert(0, 0);
    ends.push(n + 1);
    let (mut from_lo, mut from_hi) = (vec![usize::MAX; total], vec![usize::MAX; total]);
    for pair in ends.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if b - a < 2 {
            continue;
        }
        clock()?;
        let reach = b - a;
        let lo = (a > 0).then(|| place[a].expect("given"));
        let hi = (b <= n).then(|| place[b].expect("given"));
        let near_lo = lo.map(|g| distances(puzzle, g, reach, &mut from_lo));
        let near_hi = hi.map(|g| distances(puzzle, g, reach, &mut from_hi));
        // The cells to try: a ball when there is a given on either side, else every cell.
        let candidates: Vec<usize> = match (&near_lo, &near_hi) {
            (Some(ball), _) | (None, Some(ball)) => ball.clone(),
            (None, None) => cells.to_vec(),
        };
        for &c in candidates.iter().filter(|&&c| free(c)) {
            let d_lo = if lo.is_some() { from_lo[c] } else { 0 };
            let d_hi = if hi.is_some() { from_hi[c] } else { 0 };
            let first = if lo.is_some() { a + d_lo.max(1) } else { 1 };
            let last = if hi.is_some() { b.saturating_sub(d_hi.max(1)) } else { n };
            for k in first..=last.min(b - 1) {
                allowed[k - 1].push(c as u32);
            }
        }
        for list in near_lo.iter().chain(&near_hi) {
            for &c in list {
                from_lo[c] = usize::MAX;
                from_hi[c] = usize::MAX;
            }
        }
    }
    allowed.iter_mut().for_each(|cells| cells.sort_unstable());
    Ok(allowed)
}

/// Breadth-first distances from `from` over the non-hole cells, up to `reach`, written into
/// `dist` (which holds `usize::MAX` everywhere else); returns the cells reached.
fn distances(puzzle: &Hidato, from: usize, reach: usize, dist: &mut [usize]) -> Vec<usize> {
    dist[from] = 0;
    let mut reached = vec![from];
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if dist[c] >= reach {
            continue;
        }
        for x in puzzle.neighbours(c) {
            if dist[x] == usize::MAX {
                dist[x] = dist[c] + 1;
                reached.push(x);
                queue.push_back(x);
            }
        }
    }
    reached
}
