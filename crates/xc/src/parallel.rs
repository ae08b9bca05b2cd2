//! Parallel counting and enumeration by splitting the search tree.
//!
//! The standard split (Knuth's XCCDC, Hadoop's DistributedPentomino, SageMath's `ncpus`): run the
//! ordinary search down to a depth `d`, record every partial solution reached at that depth as a
//! prefix, and solve each prefix as an independent subproblem on its own copy of the links. The
//! subproblems go to a rayon pool, whose work stealing evens out subtree sizes that differ by
//! orders of magnitude; `d` grows until there are at least [`ParallelSearch::SUBPROBLEMS_PER_THREAD`]
//! prefixes per thread, so no single subtree dominates.
//!
//! The totals equal the sequential search's exactly, nodes and updates included: the enumeration
//! counts the nodes above depth `d` once, each subproblem counts the nodes at and below it, and
//! replaying a prefix is not counted as work. With one thread, nothing is split: the plain
//! sequential [`Solver`] runs.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use crate::budget::{Budget, GaveUp, Progress};
use crate::problem::{OptionId, Problem};
use crate::search::{Count, Engine, Outcome, Solver, Stats, Step};

/// A count or enumeration spread over several threads.
///
/// ```
/// use tessera_xc::{ParallelSearch, ProblemBuilder};
/// // Latin squares of order 3: 12.
/// let mut b = ProblemBuilder::new();
/// let mut ids = std::collections::HashMap::new();
/// for kind in ["rc", "rv", "cv"] {
///     for a in 0..3 {
///         for v in 0..3 {
///             ids.insert(format!("{kind}{a}{v}"), b.primary(format!("{kind}{a}{v}")).unwrap());
///         }
///     }
/// }
/// for r in 0..3 {
///     for c in 0..3 {
///         for v in 0..3 {
///             let items = [format!("rc{r}{c}"), format!("rv{r}{v}"), format!("cv{c}{v}")].map(|n| ids[&n]);
///             b.option(&items).unwrap();
///         }
///     }
/// }
/// let problem = b.build();
/// assert_eq!(ParallelSearch::new(&problem).with_threads(2).count_all().solutions, 12);
/// ```
#[derive(Debug, Clone)]
pub struct ParallelSearch<'p> {
    problem: &'p Problem,
    threads: usize,
    engine: Engine,
    budget: Budget,
    progress: Option<Arc<Progress>>,
}

impl<'p> ParallelSearch<'p> {
    /// Prefixes wanted per thread before the split stops deepening: finer splits even out the
    /// last, largest subtrees. Tuned on pent6x10 with 2 threads (docs/performance-history.md, "Two
    /// threads on this machine").
    pub const SUBPROBLEMS_PER_THREAD: usize = 128;
    /// The split never goes deeper than this.
    pub const MAX_SPLIT_DEPTH: usize = 12;

    /// A search over `problem` on one thread, as `tessera::common::Query` defaults to: ask for
    /// more with [`with_threads`](Self::with_threads) (every CPU is
    /// `std::thread::available_parallelism()`).
    pub fn new(problem: &'p Problem) -> Self {
        ParallelSearch {
            problem,
            threads: 1,
            engine: Engine::Auto,
            budget: Budget::unlimited(),
            progress: None,
        }
    }

    /// Uses `threads` threads (at least one; one means the plain sequential search).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Runs every part of the search on this engine (the default is [`Engine::Auto`]).
    pub fn with_engine(mut self, engine: Engine) -> Self {
        self.engine = engine;
        self
    }

    /// Limits the whole search; the node budget is shared by all threads (checked every
    /// [`Budget::CHECK_INTERVAL`] nodes per thread, so it may be overrun by that much per thread).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Publishes progress (solutions, nodes, subproblems done) to `progress`.
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Counts every solution.
    pub fn count_all(&self) -> Count {
        self.count_up_to(u64::MAX)
    }

    /// Counts solutions, stopping once `limit` have been found.
    pub fn count_up_to(&self, limit: u64) -> Count {
        self.visit_up_to(limit, |_| {})
    }

    /// Calls `visit` with each solution, from whichever thread finds it, in no fixed order, until
    /// `limit` solutions have been seen. Exactly `min(limit, total)` calls are made.
    pub fn visit_up_to(&self, limit: u64, visit: impl Fn(&[OptionId]) + Sync) -> Count {
        if self.threads == 1 {
            let mut solver = self.solver();
            return solver.visit_up_to(limit, visit);
        }
        let halt = Arc::new(AtomicBool::new(false));
        let shared_nodes = Arc::new(AtomicU64::new(0));
        let found = AtomicU64::new(0);
        // Deliver a solution only while under the limit; raise `halt` when the limit is reached.
        let deliver = |solution: &[OptionId]| {
            let before = found.fetch_add(1, Ordering::Relaxed);
            if before < limit {
                visit(solution);
            }
            if before + 1 >= limit {
                halt.store(true, Ordering::Relaxed);
            }
        };
        if limit == 0 {
            return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
        }

        // Split: deepen until there are enough prefixes. Solutions shallower than the split are
        // delivered by the final enumeration only.
        let target = self.threads * Self::SUBPROBLEMS_PER_THREAD;
        let mut depth = 1;
        let (prefixes, mut stats, split_end) = loop {
            // Own node counter: a pass that turns out too shallow is thrown away with its work.
            let mut solver = self.solver().with_shared(halt.clone(), Arc::new(AtomicU64::new(0)));
            solver.set_depth_limit(depth);
            let mut prefixes = Vec::new();
            let mut shallow = Vec::new();
            let end = loop {
                match solver.advance() {
                    Step::Leaf => prefixes.push(solver.prefix_nodes()),
                    Step::Solution => {
                        let mut solution = Vec::new();
                        solver.solution_into(&mut solution);
                        shallow.push(solution);
                    }
                    Step::Exhausted => break None,
                    Step::GaveUp(reason) => break Some(reason),
                }
            };
            let deep_enough = prefixes.len() >= target || depth >= Self::MAX_SPLIT_DEPTH;
            if end.is_some() || prefixes.is_empty() || deep_enough {
                for solution in &shallow {
                    deliver(solution);
                }
                shared_nodes.fetch_add(solver.stats().nodes, Ordering::Relaxed);
                break (prefixes, solver.stats(), end);
            }
            depth += 1;
        };
        if let Some(progress) = &self.progress {
            progress.set_subproblems_total(prefixes.len() as u64);
        }

        let totals = Mutex::new((stats, None::<GaveUp>));
        // Why a subproblem stopped: the first real reason is kept and stops every other one.
        // `Cancelled` caused by our own `halt` (limit reached, or another subproblem gave up) is
        // not a reason; the caller's cancel flag is.
        let user_cancelled = || self.budget.cancel_flag().is_some_and(|f| f.load(Ordering::Relaxed));
        let give_up = |reason: GaveUp| {
            if reason != GaveUp::Cancelled || user_cancelled() {
                let mut totals = totals.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                totals.1.get_or_insert(reason);
            }
            halt.store(true, Ordering::Relaxed);
        };
        if split_end.is_none() && !halt.load(Ordering::Relaxed) {
            let run_all = || {
                prefixes.par_iter().for_each(|prefix| {
                    if halt.load(Ordering::Relaxed) {
                        return;
                    }
                    let mut solver = self.solver().with_shared(halt.clone(), shared_nodes.clone());
                    // Subproblems smaller than the check interval would never look at the budget.
                    if let Some(reason) = solver.checkpoint() {
                        give_up(reason);
                        return;
                    }
                    solver.fix_prefix(prefix);
                    let mut solution = Vec::new();
                    let end = loop {
                        match solver.advance() {
                            Step::Solution => {
                                solver.solution_into(&mut solution);
                                deliver(&solution);
                            }
                            Step::Leaf => unreachable!("subproblems have no depth limit"),
                            Step::Exhausted => break None,
                            Step::GaveUp(reason) => break Some(reason),
                        }
                    };
                    solver.publish_final();
                    if let Some(reason) = end {
                        give_up(reason);
                    }
                    totals.lock().unwrap_or_else(std::sync::PoisonError::into_inner).0 += solver.stats();
                    if let Some(progress) = &self.progress {
                        let done = progress.subproblem_done();
                        progress.set_fraction(done as f64 / prefixes.len() as f64);
                    }
                });
            };
            match pool(self.threads) {
                Some(pool) => pool.install(run_all),
                None => run_all(),
            }
        }
        let (subtotal, gave_up) = totals.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        let gave_up = gave_up.or_else(|| user_cancelled().then_some(GaveUp::Cancelled));
        stats = subtotal;
        let solutions = found.load(Ordering::Relaxed).min(limit);
        let outcome = if solutions >= limit {
            Outcome::LimitReached
        } else if let Some(reason) = split_end.or(gave_up) {
            Outcome::GaveUp(reason)
        } else {
            Outcome::Exhausted
        };
        Count { solutions, outcome, stats }
    }

    /// Collects up to `limit` solutions (in no fixed order).
    pub fn solutions_up_to(&self, limit: u64) -> (Vec<Vec<OptionId>>, Count) {
        let solutions = Mutex::new(Vec::new());
        let count = self.visit_up_to(limit, |s| {
            solutions.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(s.to_vec());
        });
        (solutions.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner), count)
    }

    fn solver(&self) -> Solver<'p> {
        let mut solver = Solver::new(self.problem).with_engine(self.engine).with_budget(self.budget.clone());
        if let Some(progress) = &self.progress {
            if self.threads == 1 {
                solver = solver.with_progress(progress.clone());
            }
        }
        solver
    }
}

/// A rayon pool of `threads` threads, built once per size and kept: building one costs more than
/// counting a small problem.
pub(crate) fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    type Pools = Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>>;
    static POOLS: OnceLock<Pools> = OnceLock::new();
    let mut pools =
        POOLS.get_or_init(Mutex::default).lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(size, _)| *size == threads) {
        return Some(pool.clone());
    }
    let pool = Arc::new(rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok()?);
    pools.push((threads, pool.clone()));
    Some(pool)
}
