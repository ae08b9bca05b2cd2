//! What a search answers to outside its own tree: its [`Budget`], the halt flag and node count it
//! shares with the other parts of a parallel search, and the [`Progress`] it publishes. The loop
//! looks at all of them only at a checkpoint, every [`Budget::CHECK_INTERVAL`] nodes, so that the
//! hot path reads no atomics and no clock.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::walk::Walk;
use crate::budget::{Budget, GaveUp, Progress};

#[derive(Debug, Clone)]
pub(super) struct Control {
    pub(super) budget: Budget,
    /// A second cancel flag, raised by a parallel search when its limit is reached.
    pub(super) halt: Option<Arc<AtomicBool>>,
    /// Nodes of all the searches sharing a budget, published every check interval.
    pub(super) shared_nodes: Option<Arc<AtomicU64>>,
    pub(super) progress: Option<Arc<Progress>>,
    /// The walk's nodes and solutions already added to `shared_nodes` and `progress`.
    published_nodes: u64,
    published_solutions: u64,
}

impl Control {
    /// No budget, nothing shared, no progress reported.
    pub(super) fn new() -> Self {
        Control {
            budget: Budget::unlimited(),
            halt: None,
            shared_nodes: None,
            progress: None,
            published_nodes: 0,
            published_solutions: 0,
        }
    }

    /// Looks at the clock, the cancel flags and the shared node count; publishes progress.
    pub(super) fn checkpoint(&mut self, walk: &Walk) -> Option<GaveUp> {
        self.publish(walk, false);
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

    /// Adds the walk's nodes and solutions since the last call to the shared count and the
    /// progress, with the fraction done (1 when `finished`).
    pub(super) fn publish(&mut self, walk: &Walk, finished: bool) {
        let nodes = walk.stats.nodes - self.published_nodes;
        if let Some(shared) = &self.shared_nodes {
            shared.fetch_add(nodes, Ordering::Relaxed);
        }
        if let Some(progress) = &self.progress {
            progress.add(walk.solutions - self.published_solutions, nodes);
            if walk.base == 0 {
                progress.set_fraction(if finished { 1.0 } else { walk.progress_estimate() });
            }
        }
        self.published_nodes = walk.stats.nodes;
        self.published_solutions = walk.solutions;
    }
}
