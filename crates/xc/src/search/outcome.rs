//! What a search reports: how many solutions, whether that is all of them ([`Outcome`]), and
//! Knuth's counters of the work done ([`Stats`]).

use crate::budget::GaveUp;

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

impl Outcome {
    /// Its name in JSON, on the command line and in Python: `exhausted`, `limit-reached`,
    /// `gave-up` (the reason is [`GaveUp::name`]).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Exhausted => "exhausted",
            Outcome::LimitReached => "limit-reached",
            Outcome::GaveUp(_) => "gave-up",
        }
    }

    /// Why the search gave up, if it did.
    pub fn reason(self) -> Option<GaveUp> {
        match self {
            Outcome::GaveUp(reason) => Some(reason),
            _ => None,
        }
    }
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

    /// The solutions counted (exact, or the limit), or why the search gave up: for `?`.
    pub fn result(&self) -> Result<u64, GaveUp> {
        match self.outcome {
            Outcome::GaveUp(reason) => Err(reason),
            _ => Ok(self.solutions),
        }
    }
}
