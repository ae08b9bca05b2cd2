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

/// The events `from..from + limit` of any traced search, for a view whose engine is not
/// tessera-xc's (Sudoku, Hidato): feed it every event from the start with [`Pager::push`]
/// (stop the search when it says `Break`), then [`Pager::finish`].
#[derive(Debug)]
pub struct Pager {
    from: u64,
    end: u64,
    index: u64,
    events: Vec<Value>,
    full: bool,
    last: (u64, u64, u64),
}

/// How a search fed to a [`Pager`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// It looked at its whole tree.
    Exhausted,
    /// The callback stopped it (after [`Pager::push`] said `Break`).
    Broken,
    /// Its own budget ran out: `"time"` or `"nodes"`.
    GaveUp(&'static str),
}

impl Pager {
    /// A pager of the events `from..from + limit`, and never past [`MAX_EVENTS`].
    pub fn new(from: u64, limit: u64) -> Pager {
        let end = from.saturating_add(limit).min(MAX_EVENTS);
        Pager { from, end, index: 0, events: Vec::new(), full: false, last: (0, 0, 0) }
    }

    /// Takes the next event, with the counters (nodes, updates, solutions) after it; `json` is
    /// called only for the events of the page. `Break` once the search should stop: one event
    /// past the page (so the page knows the search goes on), or at [`MAX_EVENTS`].
    pub fn push(&mut self, counters: (u64, u64, u64), json: impl FnOnce() -> Value) -> ControlFlow<()> {
        if self.index >= self.end {
            self.full = true;
            return ControlFlow::Break(());
        }
        if self.index >= self.from {
            self.events.push(json());
        }
        self.last = counters;
        self.index += 1;
        ControlFlow::Continue(())
    }

    /// The page, once the search has stopped.
    pub fn finish(self, stopped: Stopped) -> Page {
        let ended = match stopped {
            Stopped::Exhausted => Ended::Exhausted,
            Stopped::Broken if self.full && self.end < MAX_EVENTS => Ended::Running,
            Stopped::Broken => Ended::GaveUp("steps"),
            Stopped::GaveUp(reason) => Ended::GaveUp(reason),
        };
        Page { from: self.from, events: self.events, ended, last: Some(self.last), result: None }
    }
}

/// Events `from..from + limit` of `problem`'s trace (the search runs from the start and stops
/// after the page's last event, or at [`MAX_EVENTS`] events, or when `budget` runs out).
pub fn trace_page(problem: &Problem, from: u64, limit: u64, budget: Budget) -> AppResult<Page> {
    let mut pager = Pager::new(from, limit);
    let mut solver = problem.solver().with_budget(budget);
    let count = solver
        .trace(u64::MAX, |event, counts: TraceCounts| {
            pager.push((counts.nodes, counts.updates, counts.solutions), || event.to_json(problem, counts))
        })
        .map_err(|err| AppError::unprocessable("problem", format!("this problem cannot be traced: {err}")))?;
    let stopped = match count.outcome {
        Outcome::Exhausted | Outcome::LimitReached => Stopped::Exhausted,
        Outcome::GaveUp(GaveUp::Cancelled) => Stopped::Broken,
        Outcome::GaveUp(other) => Stopped::GaveUp(reason(other)),
    };
    let mut page = pager.finish(stopped);
    if page.ended == Ended::Exhausted {
        page.last = Some((count.stats.nodes, count.stats.updates, count.solutions));
    }
    Ok(page)
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

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use serde_json::json;

    use super::{Ended, Pager, Stopped, MAX_EVENTS};

    /// Feeds `total` numbered events to a pager as a search would, stopping when it says so.
    fn run(from: u64, limit: u64, total: u64) -> super::Page {
        let mut pager = Pager::new(from, limit);
        let mut stopped = Stopped::Exhausted;
        for i in 0..total {
            if pager.push((i + 1, 0, 0), || json!(i)).is_break() {
                stopped = Stopped::Broken;
                break;
            }
        }
        pager.finish(stopped)
    }

    #[test]
    fn a_pager_keeps_its_page_and_knows_whether_the_search_goes_on() {
        let page = run(2, 3, 10);
        assert_eq!(page.events, [json!(2), json!(3), json!(4)]);
        assert_eq!(page.ended, Ended::Running);
        assert_eq!(page.to_json()["next"], 5);
        // A page that ends with the search: done, no next.
        let page = run(7, 3, 10);
        assert_eq!(page.events, [json!(7), json!(8), json!(9)]);
        assert_eq!(page.ended, Ended::Exhausted);
        assert_eq!(page.to_json()["next"], serde_json::Value::Null);
        assert_eq!(page.to_json()["final"]["nodes"], 10);
        // Past the search's end: nothing, done.
        assert_eq!(run(20, 3, 10).events.len(), 0);
    }

    #[test]
    fn a_pager_stops_at_the_bound_on_events() {
        let page = run(MAX_EVENTS - 2, 500, MAX_EVENTS * 2);
        assert_eq!(page.events.len(), 2);
        assert_eq!(page.ended, Ended::GaveUp("steps"));
        let json = page.to_json();
        assert_eq!((json["outcome"].clone(), json["reason"].clone()), (json!("gave_up"), json!("steps")));
        assert_eq!(json["next"], serde_json::Value::Null);
        // The pager breaks the search one event past the bound.
        let mut pager = Pager::new(0, 500);
        let pushed = (0..MAX_EVENTS)
            .take_while(|&i| pager.push((i, 0, 0), || json!(i)) == ControlFlow::Continue(()))
            .count();
        assert_eq!(pushed, 500);
    }
}
