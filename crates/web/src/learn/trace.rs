//! One page of a trace, and the count to the end: both on Knuth's DLX1 (the engine of
//! `Solver::trace`), so that the counters a page shows at its last event equal the count's.

use std::ops::ControlFlow;

use serde_json::{json, Value};
use tessera::xc::{Budget, Count, Engine, GaveUp, OptionId, Outcome, Problem, TraceCounts};

use super::MAX_EVENTS;
use crate::error::{AppError, AppResult};

/// How a page ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The page is full; the search goes on (`"running"`).
    Running,
    /// The search looked at the whole tree.
    Exhausted,
    /// A budget ran out: `"steps"` ([`MAX_EVENTS`]), `"time"` or `"nodes"`.
    GaveUp(&'static str),
}

/// A page of events, or the count to the end (no events), and how it ended.
#[derive(Debug, Clone)]
pub struct Page {
    /// The first event's number.
    pub from: u64,
    /// The events, as `TraceEvent::to_json` writes them.
    pub events: Vec<Value>,
    /// How it ended.
    pub ended: Ended,
    /// The counters at the end of the search (when it was exhausted).
    pub last: Option<(u64, u64, u64)>,
    /// A view's own result of the count to the end.
    pub result: Option<Value>,
}

impl Page {
    /// The answer's common keys.
    pub fn to_json(&self) -> Value {
        let (outcome, reason) = match self.ended {
            Ended::Running => ("running", None),
            Ended::Exhausted => ("exhausted", None),
            Ended::GaveUp(reason) => ("gave_up", Some(reason)),
        };
        let len = self.events.len() as u64;
        let next = (self.ended == Ended::Running).then_some(self.from + len);
        let last = self.last.filter(|_| self.ended == Ended::Exhausted);
        let mut value = json!({
            "events": self.events,
            "from": self.from,
            "next": next,
            "done": self.ended == Ended::Exhausted,
            "outcome": outcome,
            "reason": reason,
            "final": last.map(|(nodes, updates, solutions)| json!({
                "nodes": nodes, "updates": updates, "solutions": solutions,
            })),
        });
        if let Some(result) = &self.result {
            value["result"] = result.clone();
        }
        value
    }
}

/// Why a budget ran out, in the answer's words.
fn reason(gave_up: GaveUp) -> &'static str {
    match gave_up {
        GaveUp::Deadline => "time",
        GaveUp::NodeLimit => "nodes",
        _ => "steps",
    }
}

/// Events `from..from + limit` of `problem`'s trace (the search runs from the start and stops
/// after the page's last event, or at [`MAX_EVENTS`] events, or when `budget` runs out).
pub fn trace_page(problem: &Problem, from: u64, limit: u64, budget: Budget) -> AppResult<Page> {
    let end = from.saturating_add(limit).min(MAX_EVENTS);
    let mut events = Vec::new();
    let mut index = 0u64;
    let mut full = false;
    let mut last = (0, 0, 0);
    let mut solver = problem.solver().with_budget(budget);
    let count = solver
        .trace(u64::MAX, |event, counts: TraceCounts| {
            if index >= end {
                // One event past the page: the search is not over.
                full = true;
                return ControlFlow::Break(());
            }
            if index >= from {
                events.push(event.to_json(problem, counts));
            }
            last = (counts.nodes, counts.updates, counts.solutions);
            index += 1;
            ControlFlow::Continue(())
        })
        .map_err(|err| AppError::unprocessable("problem", format!("this problem cannot be traced: {err}")))?;
    let ended = match count.outcome {
        Outcome::Exhausted | Outcome::LimitReached => Ended::Exhausted,
        Outcome::GaveUp(GaveUp::Cancelled) if full && end < MAX_EVENTS => Ended::Running,
        Outcome::GaveUp(GaveUp::Cancelled) => Ended::GaveUp("steps"),
        Outcome::GaveUp(other) => Ended::GaveUp(reason(other)),
    };
    if ended == Ended::Exhausted {
        last = (count.stats.nodes, count.stats.updates, count.solutions);
    }
    Ok(Page { from, events, ended, last: Some(last), result: None })
}

/// The plain count of `problem` to the end on DLX1 under `budget`, keeping the first `keep`
/// solutions (and calling `each` with every one).
pub fn count_to_end(
    problem: &Problem,
    budget: Budget,
    keep: usize,
    mut each: impl FnMut(&[OptionId]),
) -> (Count, Vec<Vec<OptionId>>, Page) {
    let mut kept = Vec::new();
    let mut solver = problem.solver().with_engine(Engine::Dlx1).with_budget(budget);
    let count = solver.visit_up_to(u64::MAX, |solution| {
        if kept.len() < keep {
            kept.push(solution.to_vec());
        }
        each(solution);
    });
    let ended = match count.outcome {
        Outcome::GaveUp(gave_up) => Ended::GaveUp(reason(gave_up)),
        _ => Ended::Exhausted,
    };
    let last = (count.stats.nodes, count.stats.updates, count.solutions);
    (count, kept, Page { from: 0, events: Vec::new(), ended, last: Some(last), result: None })
}
