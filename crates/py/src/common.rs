//! What every class shares: the [`Count`] a search reports (its `outcome` and `reason` are the
//! library's words, `Outcome::name` and `GaveUp::name`), the [`Verdict`] of a verifier, the
//! [`Generated`] puzzle of a generator, the checks of the arguments every search takes (`limit`,
//! `threads`, `max_nodes`, `timeout`), and [`search`], through which every search runs.
//!
//! # Why a long search moves to a helper thread
//!
//! A search releases the GIL so that other Python threads run meanwhile. But Python delivers
//! Ctrl-C only to the main thread, and only when that thread runs Python code, so a count of
//! several minutes started from the main thread could not be interrupted. So when the caller is
//! the thread that imported the module (the main thread, for nearly every program), a search that
//! is still running after [`PROBE`] is started again on a scoped helper thread, and the main
//! thread waits for it with the GIL released, waking every [`POLL`] to let Python handle pending
//! signals; on `KeyboardInterrupt` it raises the budget's cancel flag, waits for the search to stop
//! (every engine looks at the flag every few thousand nodes) and raises.
//!
//! Why not always the helper thread: starting one costs tens of microseconds, more than solving a
//! 9x9 Sudoku, and a batch of small searches would pay it on every call. The first [`PROBE`] runs
//! on the calling thread under a deadline; only a search that the deadline cuts short is run
//! again, from the start. Every search is deterministic, so the second run gives what one
//! uninterrupted run would have, for at most [`PROBE`] of extra work. The user's own deadline is
//! an instant fixed before the probe, so the probe does not extend it. Calls from other threads run
//! the search in place: Python would never deliver them a signal.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tessera_xc::{Budget, GaveUp, Outcome};

pub(crate) use crate::generated::Generated;

/// How often a search on the helper thread lets Python look at pending signals.
const POLL: Duration = Duration::from_millis(50);

/// How long a search from the main thread runs in place before it moves to a helper thread.
const PROBE: Duration = Duration::from_millis(5);

/// The thread that imported the module (set by the module's initialisation).
static MAIN_THREAD: OnceLock<ThreadId> = OnceLock::new();

/// Remembers the importing thread as the one whose searches must stay interruptible.
pub(crate) fn set_main_thread() {
    let _ = MAIN_THREAD.set(std::thread::current().id());
}

/// What a search answered: whether its budget's deadline cut it short, so that a probe can tell
/// a finished search from one to run again.
pub(crate) trait Answer {
    /// Whether the search gave up because the deadline passed.
    fn hit_deadline(&self) -> bool;
}

impl Answer for Count {
    fn hit_deadline(&self) -> bool {
        self.outcome == Outcome::GaveUp(GaveUp::Deadline)
    }
}

impl Answer for tessera_xc::Count {
    fn hit_deadline(&self) -> bool {
        self.outcome == Outcome::GaveUp(GaveUp::Deadline)
    }
}

impl<T> Answer for tessera::Solutions<T> {
    fn hit_deadline(&self) -> bool {
        self.count.hit_deadline()
    }
}

impl<T> Answer for Result<T, GaveUp> {
    fn hit_deadline(&self) -> bool {
        matches!(self, Err(GaveUp::Deadline))
    }
}

/// A search with no budget (a hint, a Hidato rating): it never gives up.
impl<T> Answer for Option<T> {
    fn hit_deadline(&self) -> bool {
        false
    }
}

/// The Hidato rater has no budget: it never gives up.
impl Answer for tessera::hidato::Rating {
    fn hit_deadline(&self) -> bool {
        false
    }
}

/// An answer with its statistics or timing: the first part says.
impl<A: Answer, B> Answer for (A, B) {
    fn hit_deadline(&self) -> bool {
        self.0.hit_deadline()
    }
}

impl<A: Answer, B, C> Answer for (A, B, C) {
    fn hit_deadline(&self) -> bool {
        self.0.hit_deadline()
    }
}

/// Runs `run` with the GIL released, within `budget`; from the main thread, a search longer than
/// [`PROBE`] runs again on a helper thread where Ctrl-C can stop it (see the module header).
pub(crate) fn search<T, F>(py: Python<'_>, budget: Budget, run: F) -> PyResult<T>
where
    T: Send + Answer,
    F: Fn(Budget) -> T + Send + Sync,
{
    let on_main = MAIN_THREAD.get() == Some(&std::thread::current().id());
    if !on_main {
        return Ok(py.detach(|| run(budget)));
    }
    let probe_end = Instant::now() + PROBE;
    let probe_deadline = budget.deadline().map_or(probe_end, |deadline| deadline.min(probe_end));
    let answer = py.detach(|| run(budget.clone().with_deadline(probe_deadline)));
    let own_deadline_passed = budget.deadline().is_some_and(|deadline| Instant::now() >= deadline);
    if !answer.hit_deadline() || own_deadline_passed {
        return Ok(answer);
    }
    interruptible(py, budget, &run)
}

/// A search that answers or gives up (a generator, a rating) within `max_nodes` and `timeout`,
/// through [`search`]; giving up raises `tessera.GaveUp`.
pub(crate) fn within<T, F>(
    py: Python<'_>,
    max_nodes: Option<i64>,
    timeout: Option<f64>,
    run: F,
) -> PyResult<T>
where
    T: Send,
    F: Fn(Budget) -> Result<T, GaveUp> + Send + Sync,
{
    search(py, budget(max_nodes, timeout)?, run)?.map_err(|reason| crate::errors::gave_up(py, reason, None))
}

/// A count, as every puzzle's `count` method answers it: `run` through [`search`], timed.
pub(crate) fn count<F>(py: Python<'_>, budget: Budget, run: F) -> PyResult<Count>
where
    F: Fn(Budget) -> tessera_xc::Count + Send + Sync,
{
    search(py, budget, |budget| {
        let start = Instant::now();
        let count = run(budget);
        Count::new(&count, start.elapsed().as_secs_f64())
    })
}

/// Runs `run` on a helper thread, waiting with the GIL released and letting Python handle signals
/// every [`POLL`]; Ctrl-C cancels the search and raises `KeyboardInterrupt`.
fn interruptible<T, F>(py: Python<'_>, budget: Budget, run: &F) -> PyResult<T>
where
    T: Send,
    F: Fn(Budget) -> T + Sync,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = budget.with_cancel(cancel.clone());
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        // The receiver is used with the GIL released, from a closure that must be `Send`.
        let receiver = Mutex::new(receiver);
        let wait = |timeout: Option<Duration>| {
            let receiver = receiver.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            match timeout {
                Some(timeout) => receiver.recv_timeout(timeout),
                None => receiver.recv().map_err(|_| RecvTimeoutError::Disconnected),
            }
        };
        scope.spawn(move || {
            let _ = sender.send(run(budget));
        });
        loop {
            match py.detach(|| wait(Some(POLL))) {
                Ok(answer) => return Ok(answer),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        let _ = py.detach(|| wait(None));
                        return Err(interrupt);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("the search stopped without an answer"));
                }
            }
        }
    })
}

/// The budget of the `max_nodes` and `timeout` arguments (seconds, counted from now).
pub(crate) fn budget(max_nodes: Option<i64>, timeout: Option<f64>) -> PyResult<Budget> {
    let mut budget = Budget::unlimited();
    if let Some(nodes) = natural("max_nodes", max_nodes)? {
        budget = budget.with_nodes(nodes);
    }
    if let Some(seconds) = timeout {
        let timeout = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("timeout is {seconds}; expected a number of seconds, 0 or more"))
        })?;
        budget = budget.with_timeout(timeout);
    }
    Ok(budget)
}

/// A non-negative integer argument, or a `ValueError` that names it.
pub(crate) fn natural(name: &str, value: Option<i64>) -> PyResult<Option<u64>> {
    match value {
        None => Ok(None),
        Some(value) => u64::try_from(value)
            .map(Some)
            .map_err(|_| PyValueError::new_err(format!("{name} is {value}; expected an integer, 0 or more"))),
    }
}

/// The `limit` argument: `None` is no limit.
pub(crate) fn limit(value: Option<i64>) -> PyResult<u64> {
    Ok(natural("limit", value)?.unwrap_or(u64::MAX))
}

/// The `threads` argument: 0 is one per CPU; at most 4 per CPU (at least 8), as on the command
/// line, where more only added switching.
pub(crate) fn threads(value: i64) -> PyResult<usize> {
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    let max = (4 * cpus).max(8);
    match usize::try_from(value) {
        Ok(0) => Ok(cpus),
        Ok(n) if n <= max => Ok(n),
        _ => Err(PyValueError::new_err(format!(
            "threads is {value}; expected 0 (one per CPU) or 1 to {max} on this machine"
        ))),
    }
}

/// A level by name, for the generators (`Err` is the message listing the names).
pub(crate) fn level<L: std::str::FromStr>(name: &str) -> PyResult<L>
where
    L::Err: std::fmt::Display,
{
    name.parse().map_err(|err: L::Err| PyValueError::new_err(err.to_string()))
}

/// How many solutions a search found, whether that is all of them, and what it took.
///
/// ``outcome`` is ``'exhausted'`` (the count is exact), ``'limit-reached'`` (the ``limit`` was
/// reached; there may be more) or ``'gave-up'`` (the budget ran out: the count is a lower bound,
/// and ``reason`` says which budget). ``nodes`` and ``updates`` are the engine's own counters
/// (Knuth's for exact cover), ``seconds`` the search's wall time. ``int(count)`` is
/// ``count.solutions``.
///
/// >>> count = tessera.Queens(8).count()
/// >>> count.solutions, count.outcome, count.exact
/// (92, 'exhausted', True)
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Count {
    solutions: u64,
    outcome: Outcome,
    nodes: u64,
    updates: u64,
    seconds: f64,
}

impl Count {
    /// The Python view of a Rust count that took `seconds`.
    pub(crate) fn new(count: &tessera_xc::Count, seconds: f64) -> Self {
        Count {
            solutions: count.solutions,
            outcome: count.outcome,
            nodes: count.stats.nodes,
            updates: count.stats.updates,
            seconds,
        }
    }

    /// Its fields as `repr` shows them.
    pub(crate) fn describe(&self) -> String {
        let reason = self.reason().map(|r| format!(", reason='{r}'")).unwrap_or_default();
        format!(
            "solutions={}, outcome='{}'{reason}, nodes={}, updates={}, seconds={:.3}",
            self.solutions,
            self.outcome(),
            self.nodes,
            self.updates,
            self.seconds
        )
    }

    /// Why the search gave up, if it did.
    pub(crate) fn gave_up(&self) -> Option<GaveUp> {
        match self.outcome {
            Outcome::GaveUp(reason) => Some(reason),
            _ => None,
        }
    }
}

/// Saved as its fields, the outcome as one number (0 exhausted, 1 limit reached, 2-4 gave up
/// for the node budget, the deadline, cancellation).
impl crate::pickle::Pickle for Count {
    const NAME: &'static str = "Count";

    fn save(&self, out: &mut Vec<u8>) {
        use crate::pickle::Field;
        let outcome: u8 = match self.outcome {
            Outcome::Exhausted => 0,
            Outcome::LimitReached => 1,
            Outcome::GaveUp(GaveUp::NodeLimit) => 2,
            Outcome::GaveUp(GaveUp::Deadline) => 3,
            Outcome::GaveUp(GaveUp::Cancelled) => 4,
            // A reason added to the library later reads back as cancelled.
            Outcome::GaveUp(_) => 4,
        };
        (self.solutions, outcome, self.nodes).put(out);
        (self.updates, self.seconds).put(out);
    }

    fn load(input: &mut crate::pickle::Reader<'_>) -> Result<Self, String> {
        use crate::pickle::Field;
        let (solutions, outcome, nodes) = <(u64, u8, u64)>::take(input)?;
        let outcome = match outcome {
            0 => Outcome::Exhausted,
            1 => Outcome::LimitReached,
            2 => Outcome::GaveUp(GaveUp::NodeLimit),
            3 => Outcome::GaveUp(GaveUp::Deadline),
            4 => Outcome::GaveUp(GaveUp::Cancelled),
            other => return Err(format!("outcome {other}")),
        };
        let (updates, seconds) = <(u64, f64)>::take(input)?;
        Ok(Count { solutions, outcome, nodes, updates, seconds })
    }
}

crate::class::python_class!(Count [pickle] {
    /// Solutions found: exact, the limit, or a lower bound (see ``outcome``).
    #[getter]
    fn solutions(&self) -> u64 {
        self.solutions
    }

    /// ``'exhausted'``, ``'limit-reached'`` or ``'gave-up'``.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.outcome.name()
    }

    /// Why the search gave up (``'max-nodes'``, ``'timeout'``, ``'cancelled'``), else ``None``.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.gave_up().map(GaveUp::name)
    }

    /// Whether ``solutions`` is the exact number (the whole tree was explored).
    #[getter]
    fn exact(&self) -> bool {
        self.outcome == Outcome::Exhausted
    }

    /// Search-tree nodes visited (Knuth's count for exact cover).
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Knuth's updates for exact cover (links removed); 0 for engines that do not count them.
    #[getter]
    fn updates(&self) -> u64 {
        self.updates
    }

    /// Wall-clock seconds the search took.
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    fn __int__(&self) -> u64 {
        self.solutions
    }

    fn __repr__(&self) -> String {
        format!("Count({})", self.describe())
    }
});

/// What a verifier found wrong with an answer: nothing when ``valid``.
///
/// ``violations`` lists every problem in the order a player would fix them, each a sentence that
/// names cells; ``bool(verdict)`` is ``verdict.valid`` and ``str(verdict)`` one violation per line.
///
/// >>> verdict = tessera.Queens(4).verify([1, 3, 0, 2])
/// >>> verdict.valid, verdict.violations
/// (True, [])
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Verdict {
    violations: Vec<String>,
}

impl Verdict {
    /// The Python view of a Rust verdict.
    pub(crate) fn new<V: std::fmt::Display>(verdict: &tessera::Verdict<V>) -> Self {
        Verdict { violations: verdict.violations().iter().map(ToString::to_string).collect() }
    }
}

crate::pickle::pickle_fields!(Verdict { violations });

crate::class::python_class!(Verdict [pickle] {
    /// Whether the answer is correct.
    #[getter]
    fn valid(&self) -> bool {
        self.violations.is_empty()
    }

    /// Everything wrong, one sentence each (empty when the answer is correct).
    #[getter]
    fn violations(&self) -> Vec<String> {
        self.violations.clone()
    }

    fn __bool__(&self) -> bool {
        self.valid()
    }

    fn __str__(&self) -> String {
        if self.violations.is_empty() {
            "the answer is correct".to_owned()
        } else {
            self.violations.join("\n")
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Verdict(valid={}, violations={:?})",
            if self.valid() { "True" } else { "False" },
            self.violations
        )
    }
});
