//! The search: Knuth's Algorithm C (Algorithm X with colours), iterative rather than recursive.
//!
//! Each level of the search tree keeps two numbers, the item it branched on and the node of the
//! option it is trying, in explicit stacks, so a problem with a million levels cannot overflow the
//! call stack, and the search can stop at a solution and resume later (the [`Solver::next`]
//! iterator is this). The loop is Knuth's steps C2–C8:
//!
//! ```text
//!  Enter   all primaries covered? -> solution, Backup.  Else count a node, check the budget,
//!          pick the item with the fewest options (MRV; ties to the first in declaration order,
//!          as Knuth's DLX1 does, so our node and update counts match his), cover it.
//!  Try     no option left at this level? uncover the item, Backup.  Else commit the option's
//!          other items and Enter the next level.
//!  Backup  at the base level? done.  Else go up, uncommit that level's option, move to the next
//!          option, Try.
//! ```
//!
//! With a seed, each level tries its options in a fresh random order (a Fisher–Yates shuffle of
//! the item's list from a PCG generator), reproducible for the same seed and problem.
//!
//! The hot loops are generic over `COLORED`, so problems without colours pay nothing for them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::bits::{BitState, BitTables};
use crate::budget::{Budget, GaveUp, Progress};
use crate::links::Links;
use crate::problem::{OptionId, Problem};

/// Knuth's counters for a search: comparable with DLX1/DLX2 when items and options come in the
/// same order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Nodes of the search tree: levels entered, including those where a solution is found.
    pub nodes: u64,
    /// Updates: options' nodes removed from lists, plus items removed from the active list.
    pub updates: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Self) {
        self.nodes += other.nodes;
        self.updates += other.updates;
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The whole tree was explored: the count is exact.
    Exhausted,
    /// The requested number of solutions was reached; there may be more.
    LimitReached,
    /// The budget ran out first: the count is a lower bound.
    GaveUp(GaveUp),
}

/// The result of a count: how many solutions, whether that is all of them, and the work done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// Whether `solutions` is exact, a limit or a lower bound.
    pub outcome: Outcome,
    /// Nodes and updates.
    pub stats: Stats,
}

impl Count {
    /// Whether the search gave up before it could answer.
    pub fn gave_up(&self) -> bool {
        matches!(self.outcome, Outcome::GaveUp(_))
    }
}

/// Which algorithm and data layout a search runs on. All of them find the same solutions in the
/// same order (for the same seed); they differ in speed and in what their counters mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// [`Engine::Bitset`] when the problem is small and dense enough for it to win (a cost
    /// estimate from option sizes and list lengths), else [`Engine::Links`].
    #[default]
    Auto,
    /// Dancing links with look-ahead: an option is abandoned as soon as committing it leaves some
    /// other primary item with no options (as Knuth's SSXCC does), before a node is spent on it.
    Links,
    /// Dancing links exactly as Knuth's DLX1/DLX2: the same tree, node and update counts as his
    /// programs, for comparisons with them.
    Dlx1,
    /// Bit vectors of options (see the `bits` module): the same tree and node counts as DLX1 and
    /// no update counts; for problems up to a few thousand options. Falls back to
    /// [`Engine::Links`] when the problem is too large for its tables.
    Bitset,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Enter,
    Try,
    Backup,
    Done,
}

/// What one call to [`Solver::advance`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// A solution: the options chosen at levels `0..level`.
    Solution,
    /// A node at the depth limit (parallel splitting): the choices at `0..depth` are a prefix.
    Leaf,
    /// No more solutions.
    Exhausted,
    /// The budget ran out.
    GaveUp(GaveUp),
}

/// A search over one [`Problem`]: owns a copy of the links, the level stacks and the counters.
///
/// ```
/// use tessera_xc::{ProblemBuilder, Outcome};
/// let mut b = ProblemBuilder::new();
/// let x = b.primary("x").unwrap();
/// let y = b.primary("y").unwrap();
/// b.option(&[x]).unwrap();
/// b.option(&[y]).unwrap();
/// b.option(&[x, y]).unwrap();
/// let problem = b.build();
/// let mut solver = problem.solver();
/// let all: Vec<_> = solver.by_ref().collect();
/// assert_eq!(all.len(), 2);
/// assert!(all.iter().all(|s| problem.is_solution(s)));
/// assert_eq!(problem.solver().count_up_to(1).outcome, Outcome::LimitReached);
/// ```
pub struct Solver<'p> {
    problem: &'p Problem,
    engine: Engine,
    /// The engine actually running, once [`prepare`](Self::prepare) has run.
    resolved: Option<Engine>,
    links: Links,
    bits: Option<BitState<'p>>,
    colored: bool,
    budget: Budget,
    /// A second cancel flag, raised by a parallel search when its limit is reached.
    halt: Option<Arc<AtomicBool>>,
    /// Nodes of all the searches sharing a budget, published every check interval.
    shared_nodes: Option<Arc<AtomicU64>>,
    progress: Option<Arc<Progress>>,
    rng: Option<Pcg64Mcg>,
    state: State,
    level: usize,
    /// Levels below `base` were fixed before the search (a parallel subproblem's prefix).
    base: usize,
    /// Stop at this level and report a [`Step::Leaf`] (prefix enumeration).
    depth_limit: usize,
    /// The item each level branched on.
    item: Vec<u32>,
    /// Primary items emptied by covering each level's item (`level_zeros[zeros_start[level]..]`).
    level_zeros: Vec<u32>,
    zeros_start: Vec<u32>,
    /// The node each level is trying (deterministic order) or its position in `order`.
    choice: Vec<u32>,
    /// Random order only: the options of each level's item, shuffled; `order_start[level]`.
    order: Vec<u32>,
    order_start: Vec<u32>,
    /// Progress estimate: how many options each level has tried, out of how many.
    tried: Vec<u32>,
    width: Vec<u32>,
    stats: Stats,
    published_nodes: u64,
    published_solutions: u64,
    solutions: u64,
    gave_up: Option<GaveUp>,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("problem", self.problem)
            .field("level", &self.level)
            .field("stats", &self.stats)
            .field("solutions", &self.solutions)
            .finish_non_exhaustive()
    }
}

impl<'p> Solver<'p> {
    /// A solver with no budget, trying options in declaration order.
    pub fn new(problem: &'p Problem) -> Self {
        Solver {
            problem,
            engine: Engine::Auto,
            resolved: None,
            links: Links::default(),
            bits: None,
            colored: problem.has_colors(),
            budget: Budget::unlimited(),
            halt: None,
            shared_nodes: None,
            progress: None,
            rng: None,
            state: State::Enter,
            level: 0,
            base: 0,
            depth_limit: usize::MAX,
            item: Vec::new(),
            level_zeros: Vec::new(),
            zeros_start: Vec::new(),
            choice: Vec::new(),
            order: Vec::new(),
            order_start: Vec::new(),
            tried: Vec::new(),
            width: Vec::new(),
            stats: Stats::default(),
            published_nodes: 0,
            published_solutions: 0,
            solutions: 0,
            gave_up: None,
        }
    }

    /// Runs on this engine (the default is [`Engine::Auto`]).
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The engine this search runs (or will run) on: never [`Engine::Auto`].
    pub fn engine(&self) -> Engine {
        self.resolved.unwrap_or_else(|| resolve(self.problem, self.engine))
    }

    /// Lays out the chosen engine's state: the links are copied, or the bit vectors set up.
    fn prepare(&mut self) {
        if self.resolved.is_some() {
            return;
        }
        let engine = resolve(self.problem, self.engine);
        match engine {
            Engine::Bitset => {
                let tables = self.problem.bit_tables().expect("resolve checked the tables");
                self.bits = Some(BitState::new(tables));
            }
            _ => self.links = self.problem.links.clone(),
        }
        self.resolved = Some(engine);
    }

    /// Limits the search; see [`Budget`].
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Tries each level's options in a random order drawn from `seed`: the same seed and problem
    /// give the same sequence of solutions.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.rng = Some(Pcg64Mcg::seed_from_u64(seed));
        self
    }

    /// Publishes solutions, nodes and the estimated fraction done to `progress` as it goes.
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    pub(crate) fn with_shared(mut self, halt: Arc<AtomicBool>, nodes: Arc<AtomicU64>) -> Self {
        self.halt = Some(halt);
        self.shared_nodes = Some(nodes);
        self
    }

    /// Nodes and updates so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Why the search gave up, if it did.
    pub fn gave_up(&self) -> Option<GaveUp> {
        self.gave_up
    }

    /// Knuth's estimate of the fraction of the tree explored so far, in `0.0..=1.0`.
    pub fn progress_estimate(&self) -> f64 {
        if self.state == State::Done {
            return 1.0;
        }
        let mut fraction = 0.0;
        let mut scale = 1.0;
        for level in self.base..self.level.min(self.width.len()) {
            let width = f64::from(self.width[level].max(1));
            fraction += scale * f64::from(self.tried[level]) / width;
            scale /= width;
        }
        fraction + scale / 2.0
    }

    /// The first solution (in search order), `None` if there is none, or why it gave up.
    pub fn first(&mut self) -> Result<Option<Vec<OptionId>>, GaveUp> {
        match self.next() {
            Some(solution) => Ok(Some(solution)),
            None => match self.gave_up {
                Some(reason) => Err(reason),
                None => Ok(None),
            },
        }
    }

    /// Counts solutions, stopping at `limit` ([`Outcome::LimitReached`]).
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.visit_up_to(limit, |_| {})
    }

    /// Counts every solution.
    pub fn count_all(&mut self) -> Count {
        self.count_up_to(u64::MAX)
    }

    /// Calls `visit` with each solution (the chosen options, in search order) until `limit`
    /// solutions have been seen or the tree is exhausted.
    pub fn visit_up_to(&mut self, limit: u64, mut visit: impl FnMut(&[OptionId])) -> Count {
        let mut found = 0;
        let mut solution = Vec::new();
        let outcome = loop {
            if found >= limit {
                break Outcome::LimitReached;
            }
            match self.advance() {
                Step::Solution => {
                    found += 1;
                    self.solution_into(&mut solution);
                    visit(&solution);
                }
                Step::Leaf => unreachable!("no depth limit outside the parallel search"),
                Step::Exhausted => break Outcome::Exhausted,
                Step::GaveUp(reason) => break Outcome::GaveUp(reason),
            }
        };
        self.publish(true);
        Count { solutions: found, outcome, stats: self.stats }
    }

    /// The options chosen at the current solution (or prefix), in level order.
    pub(crate) fn solution_into(&self, out: &mut Vec<OptionId>) {
        out.clear();
        if self.bits.is_some() {
            out.extend((0..self.level).map(|level| OptionId(self.node_at(level))));
        } else {
            out.extend((0..self.level).map(|level| self.problem.node_option(self.node_at(level))));
        }
    }

    /// The node chosen at `level`.
    pub(crate) fn node_at(&self, level: usize) -> u32 {
        if (self.rng.is_some() || self.bits.is_some()) && level >= self.base {
            self.order[self.choice[level] as usize]
        } else {
            self.choice[level]
        }
    }

    /// The nodes chosen at levels `0..level` (a prefix for the parallel search).
    pub(crate) fn prefix_nodes(&self) -> Vec<u32> {
        (0..self.level).map(|level| self.node_at(level)).collect()
    }

    pub(crate) fn set_depth_limit(&mut self, depth: usize) {
        self.depth_limit = depth;
    }

    /// Fixes the options of `prefix` (nodes, as from [`prefix_nodes`](Self::prefix_nodes) of a
    /// solver over the same problem) as levels `0..prefix.len()`, so that the search explores
    /// only the subtree below them. Updates spent here are not counted: the prefix enumeration
    /// counted them once already.
    pub(crate) fn fix_prefix(&mut self, prefix: &[u32]) {
        debug_assert_eq!(self.level, 0);
        self.prepare();
        for (level, &choice) in prefix.iter().enumerate() {
            // The bitset engine's choices are options, the links' are nodes.
            let item = match self.bits.as_mut() {
                Some(bits) => {
                    bits.descend_any(level, choice);
                    0
                }
                None => {
                    let item = self.links.top(choice);
                    if self.colored {
                        self.links.cover::<true>(item);
                        self.links.commit_others::<true>(choice);
                    } else {
                        self.links.cover::<false>(item);
                        self.links.commit_others::<false>(choice);
                    }
                    item
                }
            };
            self.grow_stacks(level);
            self.item[level] = item;
            self.choice[level] = choice;
            self.width[level] = 1;
        }
        self.level = prefix.len();
        self.base = prefix.len();
    }

    /// Runs the search to its next event.
    pub(crate) fn advance(&mut self) -> Step {
        self.prepare();
        match (self.resolved, self.colored) {
            (Some(Engine::Bitset), _) => self.run_bits(),
            (Some(Engine::Dlx1), true) => self.run::<true, false>(),
            (Some(Engine::Dlx1), false) => self.run::<false, false>(),
            (_, true) => self.run::<true, true>(),
            (_, false) => self.run::<false, true>(),
        }
    }

    /// The dancing-links search; `PRUNE` adds the look-ahead of [`Engine::Links`].
    fn run<const COLORED: bool, const PRUNE: bool>(&mut self) -> Step {
        let random = self.rng.is_some();
        let node_limit = self.budget.nodes().unwrap_or(u64::MAX);
        let mut level = self.level;
        let mut state = self.state;
        let step = loop {
            match state {
                State::Enter => {
                    if let Some((next, step)) = self.enter(level, self.links.right(0) == 0, node_limit) {
                        state = next;
                        break step;
                    }
                    let item = self.choose();
                    self.links.zeros.clear();
                    self.stats.updates += self.links.cover::<COLORED>(item);
                    self.grow_stacks(level);
                    // Items left with no option by covering `item` can only be covered by the
                    // option chosen here: an option without them is skipped untried.
                    self.zeros_start[level] = self.level_zeros.len() as u32;
                    self.level_zeros.extend_from_slice(&self.links.zeros);
                    self.item[level] = item;
                    self.tried[level] = 0;
                    self.width[level] = self.links.len(item);
                    if random {
                        self.choice[level] = self.shuffled_list(level, item);
                    } else {
                        self.choice[level] = self.links.down(item);
                    }
                    state = State::Try;
                }
                State::Try => {
                    let item = self.item[level];
                    let node = if random {
                        let position = self.choice[level] as usize;
                        let start = self.order_start[level] as usize;
                        if position == start + self.width[level] as usize {
                            self.order.truncate(start);
                            item
                        } else {
                            self.order[position]
                        }
                    } else {
                        self.choice[level]
                    };
                    if node == item {
                        self.level_zeros.truncate(self.zeros_start[level] as usize);
                        self.links.uncover::<COLORED>(item);
                        #[cfg(feature = "debug-checks")]
                        self.debug_check();
                        state = State::Backup;
                        continue;
                    }
                    if !PRUNE {
                        self.stats.updates += self.links.commit_others::<COLORED>(node);
                        level += 1;
                        state = State::Enter;
                        continue;
                    }
                    let zeros = &self.level_zeros[self.zeros_start[level] as usize..];
                    if zeros.iter().any(|&y| !self.links.option_contains(node, y)) {
                        self.choice[level] =
                            if random { self.choice[level] + 1 } else { self.links.down(node) };
                        self.tried[level] += 1;
                        continue;
                    }
                    let (updates, stopped) = self.links.commit_others_checked::<COLORED>(node);
                    self.stats.updates += updates;
                    if let Some(last) = stopped {
                        self.links.uncommit_from::<COLORED>(node, last);
                        self.choice[level] =
                            if random { self.choice[level] + 1 } else { self.links.down(node) };
                        self.tried[level] += 1;
                        continue;
                    }
                    level += 1;
                    state = State::Enter;
                }
                State::Backup => {
                    if level <= self.base {
                        state = State::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    let node =
                        if random { self.order[self.choice[level] as usize] } else { self.choice[level] };
                    self.links.uncommit_others::<COLORED>(node);
                    #[cfg(feature = "debug-checks")]
                    self.debug_check();
                    self.choice[level] = if random { self.choice[level] + 1 } else { self.links.down(node) };
                    self.tried[level] += 1;
                    state = State::Try;
                }
                State::Done => {
                    break match self.gave_up {
                        Some(reason) => Step::GaveUp(reason),
                        None => Step::Exhausted,
                    };
                }
            }
        };
        self.level = level;
        self.state = state;
        if let Step::GaveUp(reason) = step {
            self.gave_up = Some(reason);
        }
        step
    }

    /// The bitset search: the same steps over per-level bit vectors; nothing to undo on the way
    /// back up.
    fn run_bits(&mut self) -> Step {
        match self.bits.as_ref().map(|b| b.tables.words) {
            Some(1) => self.run_bits_words::<1>(),
            Some(2) => self.run_bits_words::<2>(),
            Some(3) => self.run_bits_words::<3>(),
            Some(4) => self.run_bits_words::<4>(),
            _ => self.run_bits_words::<0>(),
        }
    }

    /// [`run_bits`](Self::run_bits) for problems of exactly `W` option words (0: any number).
    fn run_bits_words<const W: usize>(&mut self) -> Step {
        let mut bits = self.bits.take().expect("prepared for the bitset engine");
        let node_limit = self.budget.nodes().unwrap_or(u64::MAX);
        let mut level = self.level;
        let mut state = self.state;
        let step = loop {
            match state {
                State::Enter => {
                    if let Some((next, step)) = self.enter(level, bits.active_count(level) == 0, node_limit) {
                        state = next;
                        break step;
                    }
                    let (item, count) = bits.choose::<W>(level);
                    self.grow_stacks(level);
                    self.item[level] = item;
                    self.tried[level] = 0;
                    self.width[level] = count;
                    if count == 0 {
                        state = State::Backup;
                        continue;
                    }
                    let start = self.order.len();
                    bits.push_candidates::<W>(level, item, &mut self.order);
                    if let Some(rng) = self.rng.as_mut() {
                        self.order[start..].shuffle(rng);
                    }
                    self.order_start[level] = start as u32;
                    self.choice[level] = start as u32;
                    state = State::Try;
                }
                State::Try => {
                    let position = self.choice[level] as usize;
                    let start = self.order_start[level] as usize;
                    if position == start + self.width[level] as usize {
                        self.order.truncate(start);
                        state = State::Backup;
                        continue;
                    }
                    bits.descend::<W>(level, self.order[position]);
                    level += 1;
                    state = State::Enter;
                }
                State::Backup => {
                    if level <= self.base {
                        state = State::Done;
                        break Step::Exhausted;
                    }
                    level -= 1;
                    self.choice[level] += 1;
                    self.tried[level] += 1;
                    state = State::Try;
                }
                State::Done => {
                    break match self.gave_up {
                        Some(reason) => Step::GaveUp(reason),
                        None => Step::Exhausted,
                    };
                }
            }
        };
        self.bits = Some(bits);
        self.level = level;
        self.state = state;
        if let Step::GaveUp(reason) = step {
            self.gave_up = Some(reason);
        }
        step
    }

    /// Knuth's step C2 up to the item choice, the same for every engine: stop at the depth limit
    /// (a prefix for the parallel search), spend the node budget, count the node (Knuth counts a
    /// level where a solution is found as a node too), report a solution when no primary item
    /// is left, and look at the clock every [`Budget::CHECK_INTERVAL`] nodes. `Some` ends the
    /// step with this state and result; `None` goes on to choose an item.
    #[inline(always)]
    fn enter(&mut self, level: usize, all_covered: bool, node_limit: u64) -> Option<(State, Step)> {
        if level == self.depth_limit && !all_covered {
            return Some((State::Backup, Step::Leaf));
        }
        if self.stats.nodes >= node_limit {
            return Some((State::Done, Step::GaveUp(GaveUp::NodeLimit)));
        }
        self.stats.nodes += 1;
        if all_covered {
            self.solutions += 1;
            return Some((State::Backup, Step::Solution));
        }
        if self.stats.nodes % Budget::CHECK_INTERVAL == 0 {
            self.level = level;
            if let Some(reason) = self.checkpoint() {
                return Some((State::Done, Step::GaveUp(reason)));
            }
        }
        None
    }

    /// Makes room in the per-level stacks for `level`, the first time the search gets that deep.
    #[inline(always)]
    fn grow_stacks(&mut self, level: usize) {
        if level == self.item.len() {
            self.zeros_start.push(0);
            self.item.push(0);
            self.choice.push(0);
            self.order_start.push(0);
            self.tried.push(0);
            self.width.push(0);
        }
    }

    /// The primary item with the fewest options; the first such in declaration order.
    #[inline(always)]
    fn choose(&self) -> u32 {
        let links = &self.links;
        let mut best = 0;
        let mut best_len = u32::MAX;
        let mut x = links.right(0);
        while x != 0 {
            let len = links.len(x);
            if len < best_len {
                best = x;
                best_len = len;
                if len == 0 {
                    break;
                }
            }
            x = links.right(x);
        }
        best
    }

    /// Pushes `item`'s options in a random order; returns the position of the first.
    fn shuffled_list(&mut self, level: usize, item: u32) -> u32 {
        let start = self.order.len();
        let mut p = self.links.down(item);
        while p != item {
            self.order.push(p);
            p = self.links.down(p);
        }
        if let Some(rng) = self.rng.as_mut() {
            self.order[start..].shuffle(rng);
        }
        self.order_start[level] = start as u32;
        start as u32
    }

    /// Looks at the clock, the cancel flags and the shared node count; publishes progress.
    pub(crate) fn checkpoint(&mut self) -> Option<GaveUp> {
        self.publish(false);
        if let Some(reason) = self.budget.check_clock() {
            return Some(reason);
        }
        if let Some(halt) = &self.halt {
            if halt.load(Ordering::Relaxed) {
                return Some(GaveUp::Cancelled);
            }
        }
        if let (Some(shared), Some(limit)) = (&self.shared_nodes, self.budget.nodes()) {
            if shared.load(Ordering::Relaxed) >= limit {
                return Some(GaveUp::NodeLimit);
            }
        }
        None
    }

    /// Publishes the last counts of a finished (sub)search.
    pub(crate) fn publish_final(&mut self) {
        self.publish(true);
    }

    fn publish(&mut self, finished: bool) {
        let nodes = self.stats.nodes - self.published_nodes;
        if let Some(shared) = &self.shared_nodes {
            shared.fetch_add(nodes, Ordering::Relaxed);
        }
        if let Some(progress) = &self.progress {
            progress.add(self.solutions - self.published_solutions, nodes);
            if self.base == 0 {
                progress.set_fraction(if finished { 1.0 } else { self.progress_estimate() });
            }
        }
        self.published_nodes = self.stats.nodes;
        self.published_solutions = self.solutions;
    }

    #[cfg(feature = "debug-checks")]
    fn debug_check(&self) {
        if let Err(broken) = self.links.check() {
            panic!("dancing links broken after an uncover: {broken}");
        }
    }
}

/// The engine that `requested` means for `problem`.
fn resolve(problem: &Problem, requested: Engine) -> Engine {
    match requested {
        Engine::Auto if BitTables::beats_links(problem) && problem.bit_tables().is_some() => Engine::Bitset,
        Engine::Auto => Engine::Links,
        Engine::Bitset if problem.bit_tables().is_some() => Engine::Bitset,
        Engine::Bitset => Engine::Links,
        other => other,
    }
}

/// Solutions one at a time, in search order; stops early if the budget runs out (see
/// [`Solver::gave_up`]).
impl Iterator for Solver<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        match self.advance() {
            Step::Solution => {
                let mut solution = Vec::new();
                self.solution_into(&mut solution);
                Some(solution)
            }
            Step::Leaf => unreachable!("no depth limit outside the parallel search"),
            Step::Exhausted | Step::GaveUp(_) => {
                self.publish(true);
                None
            }
        }
    }
}
