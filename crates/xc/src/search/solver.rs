//! [`Solver`]: one search over a [`Problem`], configured by its builder methods (engine, budget,
//! seed, progress) and asked for the first solution, a count, a visit of every solution or an
//! iterator; and [`Engine`], the choice of algorithm and data layout it runs on.
//!
//! A solver lays out its engine's state (a copy of the links, or the bit vectors) at its first
//! step, so that building one and asking which engine it will run costs nothing.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::bitset;
use super::control::Control;
use super::dance::Dance;
use super::multi::{self, Multi};
use super::outcome::{Count, Outcome, Stats};
use super::walk::{self, Probe, Step, Walk};
use crate::bits::{BitState, BitTables};
use crate::budget::{Budget, GaveUp, Progress};
use crate::problem::{OptionId, Problem};

/// Which algorithm and data layout a search runs on. All of them find the same solutions in the
/// same order (for the same seed); they differ in speed and in what their counters mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Engine {
    /// [`Engine::Dlx1`] on a problem of at most 64 options (solved at once by any engine; DLX1
    /// reports Knuth's update count), [`Engine::Bitset`] when the problem is small and dense
    /// enough for it to win (a cost estimate from option sizes and list lengths), else
    /// [`Engine::Links`].
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
    /// [`Engine::Links`] when the problem is too large for its tables, or has multiplicities.
    ///
    /// On a problem with multiplicities ([`Problem::has_multiplicities`]) every engine runs
    /// Knuth's Algorithm M on dancing links, as his DLX3 does (the same item choice); `Links`
    /// has no look-ahead there, so it and `Dlx1` walk the same tree.
    Bitset,
}

impl Engine {
    /// The engine's name on the command line and in manifests: `auto`, `links`, `dlx1`, `bitset`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Links => "links",
            Engine::Dlx1 => "dlx1",
            Engine::Bitset => "bitset",
        }
    }
}

/// The state of the engine a solver runs on.
#[derive(Debug, Clone)]
pub(super) enum Core<'p> {
    /// Not laid out yet: the first step does it, for the engine `resolve` picks.
    Unprepared,
    /// [`Engine::Links`] or [`Engine::Dlx1`].
    Links(Dance),
    Bits(BitState<'p>),
    /// Either dancing-links engine on a problem with multiplicities: Algorithm M.
    Multi(Multi),
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
    pub(super) problem: &'p Problem,
    /// The engine asked for; `core` holds the one running, once [`prepare`](Self::prepare) has run.
    pub(super) engine: Engine,
    pub(super) core: Core<'p>,
    pub(super) colored: bool,
    pub(super) walk: Walk,
    pub(super) control: Control,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("problem", self.problem)
            .field("level", &self.walk.level)
            .field("stats", &self.walk.stats)
            .field("solutions", &self.walk.solutions)
            .finish_non_exhaustive()
    }
}

impl<'p> Solver<'p> {
    /// A solver with no budget, trying options in declaration order.
    pub fn new(problem: &'p Problem) -> Self {
        Solver {
            problem,
            engine: Engine::Auto,
            core: Core::Unprepared,
            colored: problem.has_colors(),
            walk: Walk::new(None),
            control: Control::new(),
        }
    }

    /// Runs on this engine (the default is [`Engine::Auto`]).
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// The engine this search runs (or will run) on: never [`Engine::Auto`].
    pub fn engine(&self) -> Engine {
        match &self.core {
            Core::Unprepared => resolve(self.problem, self.engine),
            Core::Links(dance) if dance.prune => Engine::Links,
            Core::Links(_) => Engine::Dlx1,
            Core::Bits(_) => Engine::Bitset,
            Core::Multi(multi) if multi.dlx1 => Engine::Dlx1,
            Core::Multi(_) => Engine::Links,
        }
    }

    /// Lays out the chosen engine's state: the links are copied, or the bit vectors set up.
    pub(super) fn prepare(&mut self) {
        if !matches!(self.core, Core::Unprepared) {
            return;
        }
        self.core = match resolve(self.problem, self.engine) {
            Engine::Bitset => {
                let tables = self.problem.bit_tables().expect("resolve checked the tables");
                Core::Bits(BitState::new(tables))
            }
            engine if self.problem.has_multiplicities() => {
                // A seed shuffles the options once, for the whole search (see `multi`).
                let order = self.walk.levels.rng.as_mut().map(|rng| {
                    let mut order: Vec<u32> = (0..self.problem.option_count() as u32).collect();
                    order.shuffle(rng);
                    order
                });
                Core::Multi(Multi::new(self.problem, order.as_deref(), engine == Engine::Dlx1))
            }
            engine => Core::Links(Dance::new(self.problem.links().clone(), engine != Engine::Dlx1)),
        };
    }

    /// Limits the search; see [`Budget`].
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.control.budget = budget;
        self
    }

    /// Tries each level's options in a random order drawn from `seed`: the same seed and problem
    /// give the same sequence of solutions. On a problem with multiplicities the options are
    /// shuffled once for the whole search rather than at each level (Algorithm M needs every
    /// item's list in one order).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.walk.levels.rng = Some(Pcg64Mcg::seed_from_u64(seed));
        self
    }

    /// Publishes solutions, nodes and the estimated fraction done to `progress` as it goes.
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Self {
        self.control.progress = Some(progress);
        self
    }

    pub(crate) fn with_shared(mut self, halt: Arc<AtomicBool>, nodes: Arc<AtomicU64>) -> Self {
        self.control.halt = Some(halt);
        self.control.shared_nodes = Some(nodes);
        self
    }

    /// Nodes and updates so far.
    pub fn stats(&self) -> Stats {
        self.walk.stats
    }

    /// Why the search gave up, if it did.
    pub fn gave_up(&self) -> Option<GaveUp> {
        self.walk.gave_up
    }

    /// Knuth's estimate of the fraction of the tree explored so far, in `0.0..=1.0`.
    pub fn progress_estimate(&self) -> f64 {
        self.walk.progress_estimate()
    }

    /// The first solution (in search order), `None` if there is none, or why it gave up.
    pub fn first(&mut self) -> Result<Option<Vec<OptionId>>, GaveUp> {
        match self.next() {
            Some(solution) => Ok(Some(solution)),
            None => match self.walk.gave_up {
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
        self.publish_final();
        Count { solutions: found, outcome, stats: self.walk.stats }
    }

    /// The options chosen at the current solution (or prefix), in level order.
    pub(crate) fn solution_into(&self, out: &mut Vec<OptionId>) {
        out.clear();
        let levels = 0..self.walk.level;
        if let Core::Multi(multi) = &self.core {
            // Leave branches (a level that chose no more options for its item) are no options.
            let nodes = levels.map(|level| self.node_at(level)).filter(|&node| multi.is_option(node));
            out.extend(nodes.map(|node| OptionId(multi.option_of(self.problem, node))));
        } else if matches!(self.core, Core::Bits(_)) {
            out.extend(levels.map(|level| OptionId(self.node_at(level))));
        } else {
            out.extend(levels.map(|level| self.problem.node_option(self.node_at(level))));
        }
    }

    /// The node (or, for the bitset engine, the option) chosen at `level`.
    pub(crate) fn node_at(&self, level: usize) -> u32 {
        let levels = &self.walk.levels;
        let in_order = match self.core {
            Core::Bits(_) => true,
            Core::Multi(_) => false,
            _ => levels.rng.is_some(),
        };
        if in_order && level >= self.walk.base {
            levels.order[levels.choice[level] as usize]
        } else {
            levels.choice[level]
        }
    }

    /// The nodes chosen at levels `0..level` (a prefix for the parallel search).
    pub(crate) fn prefix_nodes(&self) -> Vec<u32> {
        (0..self.walk.level).map(|level| self.node_at(level)).collect()
    }

    pub(crate) fn set_depth_limit(&mut self, depth: usize) {
        self.walk.depth_limit = depth;
    }

    /// Fixes the options of `prefix` (nodes, as from [`prefix_nodes`](Self::prefix_nodes) of a
    /// solver over the same problem) as levels `0..prefix.len()`, so that the search explores
    /// only the subtree below them. Updates spent here are not counted: the prefix enumeration
    /// counted them once already.
    pub(crate) fn fix_prefix(&mut self, prefix: &[u32]) {
        debug_assert_eq!(self.walk.level, 0);
        self.prepare();
        if let Core::Multi(multi) = &mut self.core {
            let (levels, stats) = (&mut self.walk.levels, self.walk.stats);
            if self.colored {
                multi::replay(&mut multi.moves::<true>(), levels, prefix);
            } else {
                multi::replay(&mut multi.moves::<false>(), levels, prefix);
            }
            self.walk.stats = stats;
            self.walk.level = prefix.len();
            self.walk.base = prefix.len();
            return;
        }
        let levels = &mut self.walk.levels;
        for (level, &choice) in prefix.iter().enumerate() {
            // The bitset engine's choices are options, the links' are nodes.
            let item = match &mut self.core {
                Core::Bits(bits) => {
                    bits.descend_any(level, choice);
                    0
                }
                Core::Links(dance) => dance.fix(choice, self.colored),
                Core::Unprepared | Core::Multi(_) => unreachable!("prepared above, replayed above"),
            };
            levels.grow(level);
            levels.item[level] = item;
            levels.choice[level] = choice;
            levels.width[level] = 1;
        }
        self.walk.level = prefix.len();
        self.walk.base = prefix.len();
    }

    /// Runs the search to its next event.
    pub(crate) fn advance(&mut self) -> Step {
        self.prepare();
        let (walk, control) = (&mut self.walk, &mut self.control);
        let random = walk.levels.rng.is_some();
        match (&mut self.core, self.colored) {
            (Core::Bits(bits), _) => bitset::run(bits, walk, control),
            (Core::Links(dance), colored) => match (dance.prune, colored) {
                (false, true) => walk::run(&mut dance.moves::<true, false>(random), walk, control),
                (false, false) => walk::run(&mut dance.moves::<false, false>(random), walk, control),
                (true, true) => walk::run(&mut dance.moves::<true, true>(random), walk, control),
                (true, false) => walk::run(&mut dance.moves::<false, true>(random), walk, control),
            },
            (Core::Multi(multi), true) => walk::run(&mut multi.moves::<true>(), walk, control),
            (Core::Multi(multi), false) => walk::run(&mut multi.moves::<false>(), walk, control),
            (Core::Unprepared, _) => unreachable!("prepared above"),
        }
    }

    /// One of Knuth's random probes below the current level (the whole tree, or the subtree of
    /// a fixed prefix). It leaves the solver in the middle of the tree: use a fresh one for the
    /// next probe or search. The budget's clock and cancel flag are read as it goes down (its
    /// node limit is not: a probe visits one path, not nodes of the search); a probe cut short
    /// is `Err`, never a partial estimate.
    pub(crate) fn probe(&mut self, rng: &mut Pcg64Mcg) -> Result<Probe, GaveUp> {
        self.prepare();
        let walk = &mut self.walk;
        let budget = &self.control.budget;
        match (&mut self.core, self.colored) {
            (Core::Bits(bits), _) => bitset::probe(bits, walk, rng, budget),
            (Core::Links(dance), colored) => match (dance.prune, colored) {
                (false, true) => walk::probe(&mut dance.moves::<true, false>(false), walk, rng, budget),
                (false, false) => walk::probe(&mut dance.moves::<false, false>(false), walk, rng, budget),
                (true, true) => walk::probe(&mut dance.moves::<true, true>(false), walk, rng, budget),
                (true, false) => walk::probe(&mut dance.moves::<false, true>(false), walk, rng, budget),
            },
            (Core::Multi(multi), true) => walk::probe(&mut multi.moves::<true>(), walk, rng, budget),
            (Core::Multi(multi), false) => walk::probe(&mut multi.moves::<false>(), walk, rng, budget),
            (Core::Unprepared, _) => unreachable!("prepared above"),
        }
    }

    /// Below the levels fixed so far, enters the child the search would make whose node (or, for
    /// the bitset engine, option) satisfies `wanted`, and fixes it as one more level of the
    /// prefix: a prefix rebuilt choice by choice without searching its siblings. `None` (the
    /// solver is then of no further use) if the search makes no such child there.
    pub(crate) fn enter_child(&mut self, mut wanted: impl FnMut(u32) -> bool) -> Option<u32> {
        self.prepare();
        let wanted: &mut dyn FnMut(u32) -> bool = &mut wanted;
        let walk = &mut self.walk;
        let in_order = matches!(self.core, Core::Bits(_)) || walk.levels.rng.is_some();
        match (&mut self.core, self.colored) {
            (Core::Bits(bits), _) => bitset::enter_child(bits, walk, wanted),
            (Core::Links(dance), colored) => match (dance.prune, colored) {
                (false, true) => {
                    walk::enter_child(&mut dance.moves::<true, false>(false), walk, in_order, wanted)
                }
                (false, false) => {
                    walk::enter_child(&mut dance.moves::<false, false>(false), walk, in_order, wanted)
                }
                (true, true) => {
                    walk::enter_child(&mut dance.moves::<true, true>(false), walk, in_order, wanted)
                }
                (true, false) => {
                    walk::enter_child(&mut dance.moves::<false, true>(false), walk, in_order, wanted)
                }
            },
            (Core::Multi(multi), true) => walk::enter_child(&mut multi.moves::<true>(), walk, false, wanted),
            (Core::Multi(multi), false) => {
                walk::enter_child(&mut multi.moves::<false>(), walk, false, wanted)
            }
            (Core::Unprepared, _) => unreachable!("prepared above"),
        }
    }

    /// Looks at the clock, the cancel flags and the shared node count; publishes progress.
    pub(crate) fn checkpoint(&mut self) -> Option<GaveUp> {
        self.control.checkpoint(&self.walk)
    }

    /// Publishes the last counts of a finished (sub)search.
    pub(crate) fn publish_final(&mut self) {
        self.control.publish(&self.walk, true);
    }
}

/// Problems with at most this many options run on [`Engine::Dlx1`] when the engine is
/// [`Engine::Auto`].
const SMALL_OPTIONS: usize = 64;

/// The engine that `requested` means for `problem`.
fn resolve(problem: &Problem, requested: Engine) -> Engine {
    if problem.has_multiplicities() {
        // Algorithm M runs on the links only; the bitset engine has no bounds.
        return if requested == Engine::Dlx1 { Engine::Dlx1 } else { Engine::Links };
    }
    match requested {
        // A problem this small is solved in microseconds by any engine; DLX1 then reports
        // Knuth's updates, which the bitset engine has no notion of, so a reader can compare the
        // counts with his program's and with a trace of the same problem.
        Engine::Auto if problem.option_count() <= SMALL_OPTIONS => Engine::Dlx1,
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
                self.publish_final();
                None
            }
        }
    }
}
