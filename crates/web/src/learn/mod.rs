//! The Learn view's API (issue 30; the design is in docs/learn.md): the engines' own searches,
//! traced event by event and served in pages, for the page `/learn` to replay.
//!
//! `GET /api/learn/{view}?<view params>&from=K&limit=N` answers
//! `{"view", "setup", "events", "from", "next", "done", "outcome", "reason", "final"}`.
//!
//! # Why stateless, and what a request may cost
//!
//! A page of events is found by running the trace again from the start and skipping the first
//! `from` events: no session to keep, nothing to expire, any server of a fleet can answer, and a
//! client that reloads simply asks again. What makes that affordable is the bound on each
//! request: at most [`MAX_EVENTS`] events are traced (so the trace itself stops there, with
//! `"outcome":"gave_up","reason":"steps"`), within [`TRACE_TIME`] of wall clock and
//! [`TRACE_NODES`] nodes (the solver's own [`Budget`], reasons `"time"` and `"nodes"`). The
//! work runs on the blocking threads behind a semaphore of [`SLOTS`] permits; a request that
//! finds both taken is answered 503 at once (busy, with `Retry-After`), never queued.
//!
//! `&to=end` sends no events: it runs the plain count, on the same engine as the trace (Knuth's
//! DLX1, so the counters agree), to the end under a budget: [`END_TIME`] and [`END_NODES`] for a
//! problem the user typed; a built-in example is counted once, without those bounds (its cost is
//! known: the largest, pentominoes on 6x10, is 3.6 million nodes), and kept in memory
//! ([`cached`]).
//!
//! # Adding a view
//!
//! One module with its handler, and one line in [`routes`]. A view on tessera-xc builds its
//! [`Problem`] and calls [`traced`]; a view on another engine reads its keys with [`Params`],
//! feeds its trace to a [`Pager`] inside [`Slots::run`] (`state.learn`) under a budget of
//! [`TRACE_TIME`], and answers with [`answer`].

mod board;
mod cache;
pub mod hidato;
mod params;
mod sudoku;
mod trace;
mod xc;

use std::sync::Arc;
use std::time::Duration;

use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use tessera::xc::{Budget, Problem};
use tokio::sync::Semaphore;

use crate::error::{AppError, AppResult};
use crate::state::AppState;

pub use cache::{cached, End};
pub use params::Params;
pub use trace::{count_to_end, trace_page, Ended, Page, Pager, Stopped};

/// Events traced per request, at most (the page's `from + limit` included).
pub const MAX_EVENTS: u64 = 20_000;
/// Events in one page, at most, and by default.
pub const MAX_LIMIT: u64 = 500;
/// The default page.
pub const DEFAULT_LIMIT: u64 = 200;
/// Wall clock of one trace, at most.
pub const TRACE_TIME: Duration = Duration::from_secs(2);
/// Nodes of one trace, at most (20,000 events never need as many; a guard all the same).
pub const TRACE_NODES: u64 = 2_000_000;
/// Wall clock of a typed problem's count to the end.
pub const END_TIME: Duration = Duration::from_secs(2);
/// Nodes of a typed problem's count to the end.
pub const END_NODES: u64 = 2_000_000;
/// Requests of the Learn view computing at once.
pub const SLOTS: usize = 2;

/// The routes under `/api`: one line per view.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/learn/xc", get(xc::get).post(xc::post))
        .route("/learn/queens", get(board::queens))
        .route("/learn/tiling", get(board::tiling))
        .route("/learn/hidato", get(hidato::get))
        .merge(sudoku::routes())
}

/// The semaphore of the Learn view's requests.
#[derive(Debug, Clone)]
pub struct Slots(Arc<Semaphore>);

impl Default for Slots {
    fn default() -> Self {
        Slots(Arc::new(Semaphore::new(SLOTS)))
    }
}

impl Slots {
    /// Runs `work` on a blocking thread if a slot is free now; 503 if not.
    pub async fn run<T, F>(&self, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce() -> AppResult<T> + Send + 'static,
    {
        let permit = self.0.clone().try_acquire_owned().map_err(|_| busy())?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await?
    }

    /// The semaphore, for work that waits for its turn (a built-in example's first count).
    pub(crate) fn semaphore(&self) -> Arc<Semaphore> {
        self.0.clone()
    }
}

fn busy() -> AppError {
    AppError::Busy("the Learn view is busy with other searches; try again in a moment".into())
}

/// The budget of one trace.
pub fn trace_budget() -> Budget {
    Budget::unlimited().with_timeout(TRACE_TIME).with_nodes(TRACE_NODES)
}

/// The budget of a typed problem's count to the end.
pub fn end_budget() -> Budget {
    Budget::unlimited().with_timeout(END_TIME).with_nodes(END_NODES)
}

/// What a view answers for one request: the page of its trace, or its count to the end, with
/// its setup (sent with the first page, `from=0`, and with `to=end`; `null` otherwise: it is
/// static, and can be large).
pub fn answer(view: &str, setup: Value, page: &Page, first: bool) -> Value {
    let mut value = page.to_json();
    value["view"] = json!(view);
    value["setup"] = if first { setup } else { Value::Null };
    value
}

/// A trace page of `problem` for the view, off the async threads.
pub async fn traced(
    state: &AppState,
    view: &'static str,
    problem: Arc<Problem>,
    setup: Value,
    params: &Params,
) -> AppResult<Value> {
    let (from, limit) = params.paging()?;
    state
        .learn
        .run(move || {
            let page = trace_page(&problem, from, limit, trace_budget())?;
            Ok(answer(view, setup, &page, from == 0))
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::Slots;
    use crate::error::AppError;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_third_search_at_once_is_told_busy() {
        let slots = Slots::default();
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = std::sync::Arc::new(std::sync::Mutex::new(wait));
        let mut running = Vec::new();
        for _ in 0..2 {
            let (slots, wait) = (slots.clone(), wait.clone());
            running.push(tokio::spawn(async move {
                slots.run(move || Ok(wait.lock().map(|w| w.recv().is_ok()).unwrap_or(false))).await
            }));
        }
        while slots.0.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let third = slots.run(|| Ok(())).await;
        assert!(matches!(third, Err(AppError::Busy(_))), "{third:?}");
        release.send(()).unwrap();
        release.send(()).unwrap();
        for task in running {
            assert!(task.await.unwrap().unwrap());
        }
        assert!(slots.run(|| Ok(())).await.is_ok(), "a slot is free again");
    }
}
