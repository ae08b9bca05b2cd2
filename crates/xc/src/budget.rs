//! Limits on a search (nodes, a deadline, a cancel flag) and a live view of its progress.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much a search may spend before it gives up. The default is unlimited.
///
/// The node count is checked at every node; the clock and the cancel flag every
/// [`Budget::CHECK_INTERVAL`] nodes, so a deadline is overrun by at most the search time of that
/// many nodes.
///
/// ```
/// use std::time::Duration;
/// let budget = tessera_xc::Budget::unlimited().with_nodes(1_000_000).with_timeout(Duration::from_secs(2));
/// assert_eq!(budget.nodes(), Some(1_000_000));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Budget {
    nodes: Option<u64>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// Nodes between two looks at the clock and the cancel flag.
    pub const CHECK_INTERVAL: u64 = 1024;

    /// No limit at all.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// Give up after this many search nodes (Knuth's count).
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Give up at this instant.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Give up this long after now.
    pub fn with_timeout(self, timeout: Duration) -> Self {
        let deadline = Instant::now().checked_add(timeout);
        match deadline {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// Give up as soon as `flag` becomes true (checked every [`Budget::CHECK_INTERVAL`] nodes).
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The same deadline and cancel flag without the node limit, for a caller that shares the
    /// nodes out among several searches itself.
    ///
    /// ```
    /// let budget = tessera_xc::Budget::unlimited().with_nodes(10);
    /// assert_eq!(budget.without_nodes().nodes(), None);
    /// ```
    pub fn without_nodes(&self) -> Self {
        Budget { nodes: None, ..self.clone() }
    }

    /// The node limit, if any.
    pub fn nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The cancel flag, if any.
    pub fn cancel_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// Why a search must stop now, looking only at the cancel flag and the clock (the node limit is
    /// the caller's to count). Solvers call it every so many nodes, not at every node: reading the
    /// clock costs more than a node of a fast search.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tessera_xc::{Budget, GaveUp};
    /// assert_eq!(Budget::unlimited().check_clock(), None);
    /// assert_eq!(Budget::unlimited().with_timeout(Duration::ZERO).check_clock(), Some(GaveUp::Deadline));
    /// ```
    pub fn check_clock(&self) -> Option<GaveUp> {
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Some(GaveUp::Cancelled);
            }
        }
        match self.deadline {
            Some(deadline) if Instant::now() >= deadline => Some(GaveUp::Deadline),
            _ => None,
        }
    }

    /// For a search that counts its own nodes, after it counted the `spent`-th: `Err(NodeLimit)`
    /// past the node limit, and every `check_every` nodes what [`check_clock`](Self::check_clock)
    /// says.
    ///
    /// ```
    /// use tessera_xc::{Budget, GaveUp};
    /// let budget = Budget::unlimited().with_nodes(10);
    /// assert_eq!(budget.spend(10, 4), Ok(()));
    /// assert_eq!(budget.spend(11, 4), Err(GaveUp::NodeLimit));
    /// ```
    #[inline]
    pub fn spend(&self, spent: u64, check_every: u64) -> Result<(), GaveUp> {
        if self.nodes.is_some_and(|max| spent > max) {
            return Err(GaveUp::NodeLimit);
        }
        if spent % check_every == 0 {
            if let Some(reason) = self.check_clock() {
                return Err(reason);
            }
        }
        Ok(())
    }
}

/// Why a search stopped before it had looked at the whole tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GaveUp {
    /// The node budget ran out.
    NodeLimit,
    /// The deadline passed.
    Deadline,
    /// The cancel flag was raised.
    Cancelled,
}

impl GaveUp {
    /// The reason's name in JSON and on the command line: `max-nodes`, `timeout`, `cancelled`.
    pub fn name(self) -> &'static str {
        match self {
            GaveUp::NodeLimit => "max-nodes",
            GaveUp::Deadline => "timeout",
            GaveUp::Cancelled => "cancelled",
        }
    }
}

impl std::fmt::Display for GaveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GaveUp::NodeLimit => "node budget exhausted",
            GaveUp::Deadline => "deadline passed",
            GaveUp::Cancelled => "cancelled",
        })
    }
}

impl std::error::Error for GaveUp {}

/// Counters a running search publishes every [`Budget::CHECK_INTERVAL`] nodes, for progress bars.
///
/// Share one `Arc<Progress>` between the search (through
/// [`Solver::with_progress`](crate::Solver::with_progress) or
/// [`ParallelSearch::with_progress`](crate::ParallelSearch::with_progress)) and a thread that reads it.
#[derive(Debug, Default)]
pub struct Progress {
    solutions: AtomicU64,
    nodes: AtomicU64,
    /// Estimated fraction of the tree done, as `f64::to_bits`.
    fraction: AtomicU64,
    subproblems_done: AtomicU64,
    subproblems_total: AtomicU64,
}

impl Progress {
    /// A fresh set of counters, all zero.
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// Nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Knuth's estimate of the fraction of the search tree already explored, in `0.0..=1.0`.
    pub fn fraction(&self) -> f64 {
        f64::from_bits(self.fraction.load(Ordering::Relaxed))
    }

    /// Parallel searches: subproblems finished and in all (both zero for a sequential search).
    pub fn subproblems(&self) -> (u64, u64) {
        (self.subproblems_done.load(Ordering::Relaxed), self.subproblems_total.load(Ordering::Relaxed))
    }

    pub(crate) fn add(&self, solutions: u64, nodes: u64) {
        self.solutions.fetch_add(solutions, Ordering::Relaxed);
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
    }

    pub(crate) fn set_fraction(&self, fraction: f64) {
        self.fraction.store(fraction.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
    }

    pub(crate) fn set_subproblems_total(&self, total: u64) {
        self.subproblems_total.store(total, Ordering::Relaxed);
    }

    pub(crate) fn subproblem_done(&self) -> u64 {
        self.subproblems_done.fetch_add(1, Ordering::Relaxed) + 1
    }
}
