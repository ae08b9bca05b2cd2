//! `tessera.Solutions`: the lazy iterator that every class's `solutions` returns.
//!
//! # Why the iterator has a thread of its own
//!
//! A search hands its solutions out from inside its own loop (a Rust `Solver` that borrows its
//! `Problem`, or a puzzle's [`tessera::Lazy`] listing), and a Python iterator must own everything
//! it uses, so the search cannot live in the iterator object itself without a self-referential
//! struct (that is, `unsafe`). It lives instead on a worker thread that answers requests: each
//! `__next__` sends one request and the worker hands back the next solution. The worker waits for
//! a request before each solution, so an exact-cover listing searches nothing ahead; a puzzle's
//! `Lazy` keeps its own small buffer. The worker ends when the iterator is exhausted, closed or
//! dropped.
//!
//! # The GIL and Ctrl-C
//!
//! `__next__` waits for the worker with the GIL released, waking every [`POLL`] to let Python
//! handle pending signals; on `KeyboardInterrupt` it raises the search's cancel flag (the budget's,
//! which every engine and `Lazy` watch), waits for the search to stop and raises, as
//! `common::search` does for the other calls.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::common::Count;
use crate::errors::gave_up;

/// How often a listing waiting for its worker lets Python look at pending signals.
const POLL: Duration = Duration::from_millis(50);

/// What the worker answers to one request.
enum Reply<T> {
    Solution(T),
    /// The search ended (exhausted, limit, or out of budget), after `f64` seconds of searching;
    /// no more replies follow.
    End(tessera_xc::Count, f64),
}

/// What a listing yields, on the Python side.
enum Step {
    Solution(Py<PyAny>),
    End(Count),
}

/// The worker of one listing, seen without its solution type.
trait Next: Send + Sync {
    /// Asks for the next solution; `false` if the worker is gone.
    fn request(&self) -> bool;

    /// The next reply, waiting at most `timeout` with the GIL released.
    fn wait(&self, py: Python<'_>, timeout: Duration) -> Result<PyResult<Step>, RecvTimeoutError>;
}

/// A worker thread and the conversion of its solutions to Python.
struct Worker<T, F> {
    requests: Sender<()>,
    /// A `Mutex` only so that the iterator is `Sync`, as every Python class must be; the
    /// iterator's `&mut self` already gives one caller at a time.
    replies: Mutex<Receiver<Reply<T>>>,
    convert: F,
}

impl<T, F> Next for Worker<T, F>
where
    T: Send,
    F: Fn(Python<'_>, T) -> PyResult<Py<PyAny>> + Send + Sync,
{
    fn request(&self) -> bool {
        self.requests.send(()).is_ok()
    }

    fn wait(&self, py: Python<'_>, timeout: Duration) -> Result<PyResult<Step>, RecvTimeoutError> {
        let reply = py.detach(|| {
            self.replies.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv_timeout(timeout)
        })?;
        Ok(match reply {
            Reply::Solution(solution) => (self.convert)(py, solution).map(Step::Solution),
            Reply::End(count, seconds) => Ok(Step::End(Count::new(&count, seconds))),
        })
    }
}

/// The solutions of a search, found one at a time as they are asked for (every class's
/// ``solutions``). Iterating yields each solution; when the budget runs out, the iterator raises
/// ``tessera.GaveUp`` after yielding every solution found before. ``count`` is ``None`` until the
/// iteration ends, then the ``Count`` of the search; ``finish()`` stops the search and returns
/// that ``Count``; ``close()`` stops the search early.
///
/// >>> listing = tessera.Queens(4).solutions()
/// >>> list(listing), listing.count.outcome
/// ([[1, 3, 0, 2], [2, 0, 3, 1]], 'exhausted')
#[pyclass(module = "tessera")]
pub struct Solutions {
    worker: Option<Box<dyn Next>>,
    cancel: Arc<AtomicBool>,
    finished: Option<Count>,
}

impl std::fmt::Debug for Solutions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solutions").field("running", &self.worker.is_some()).finish()
    }
}

impl Solutions {
    /// Starts the worker thread of `list`, a search that hands each solution to its callback
    /// (stopping when that says `false`) and says how it ended; `convert` makes a Python object
    /// of each solution. `cancel` is the search budget's cancel flag.
    pub(crate) fn start<T, L, F>(name: &str, cancel: Arc<AtomicBool>, list: L, convert: F) -> PyResult<Self>
    where
        T: Send + 'static,
        L: FnOnce(&mut dyn FnMut(T) -> bool) -> tessera_xc::Count + Send + 'static,
        F: Fn(Python<'_>, T) -> PyResult<Py<PyAny>> + Send + Sync + 'static,
    {
        let (requests, requested) = mpsc::channel::<()>();
        let (reply, replies) = mpsc::channel();
        let run = move || {
            if requested.recv().is_err() {
                return;
            }
            let mut busy = Duration::ZERO;
            let mut start = Instant::now();
            let count = list(&mut |solution| {
                busy += start.elapsed();
                let asked = reply.send(Reply::Solution(solution)).is_ok() && requested.recv().is_ok();
                start = Instant::now();
                asked
            });
            busy += start.elapsed();
            let _ = reply.send(Reply::End(count, busy.as_secs_f64()));
        };
        std::thread::Builder::new()
            .name(format!("tessera {name} listing"))
            .spawn(run)
            .map_err(|e| PyRuntimeError::new_err(format!("could not start the search thread: {e}")))?;
        let worker = Worker { requests, replies: Mutex::new(replies), convert };
        Ok(Solutions { worker: Some(Box::new(worker)), cancel, finished: None })
    }

    /// The next step of the search, waiting with the GIL released; Ctrl-C stops the search and
    /// raises once it has stopped.
    fn step(&mut self, py: Python<'_>) -> PyResult<Option<Step>> {
        let Some(worker) = &self.worker else { return Ok(None) };
        if !worker.request() {
            self.worker = None;
            return Err(PyRuntimeError::new_err("the search thread stopped"));
        }
        let mut interrupted = None;
        let received = loop {
            match worker.wait(py, POLL) {
                Err(RecvTimeoutError::Timeout) if interrupted.is_none() => {
                    if let Err(interrupt) = py.check_signals() {
                        // Stop the search; its reply (a solution, or the end) follows soon.
                        self.cancel.store(true, Ordering::Relaxed);
                        interrupted = Some(interrupt);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                other => break other,
            }
        };
        if let Some(interrupt) = interrupted {
            self.worker = None;
            return Err(interrupt);
        }
        match received {
            Ok(Ok(Step::End(count))) => {
                self.worker = None;
                self.finished = Some(count.clone());
                Ok(Some(Step::End(count)))
            }
            Ok(step) => step.map(Some),
            Err(_) => {
                self.worker = None;
                Err(PyRuntimeError::new_err("the search thread stopped without an answer"))
            }
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match self.step(py)? {
            Some(Step::Solution(solution)) => Ok(Some(solution)),
            Some(Step::End(count)) => match count.gave_up() {
                Some(reason) => Err(gave_up(py, reason, Some(count))),
                None => Ok(None),
            },
            None => Ok(None),
        }
    }

    /// How the search ended (a ``Count``), or ``None`` while it can go on.
    #[getter]
    fn count(&self) -> Option<Count> {
        self.finished.clone()
    }

    /// Stops the search (if it is still running) and returns how it ended: a ``Count`` whose
    /// ``solutions`` are those found (yielded or not), ``'gave-up'`` with reason ``'cancelled'``
    /// when it was stopped before the end. Never raises for the budget.
    fn finish(&mut self, py: Python<'_>) -> PyResult<Option<Count>> {
        if self.worker.is_some() {
            self.cancel.store(true, Ordering::Relaxed);
        }
        while self.worker.is_some() {
            self.step(py)?;
        }
        Ok(self.finished.clone())
    }

    /// Stops the search; the iterator then yields nothing more.
    fn close(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.worker = None;
    }

    /// A running search cannot travel: pickling raises ``TypeError`` (pickle the problem and
    /// call ``solutions`` again where it arrives).
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "a tessera.Solutions (a running search) cannot be pickled; pickle the problem instead",
        ))
    }

    fn __repr__(&self) -> String {
        match &self.finished {
            Some(count) => format!("<tessera.Solutions ended: {}>", count.describe()),
            None if self.worker.is_some() => "<tessera.Solutions running>".to_owned(),
            None => "<tessera.Solutions closed>".to_owned(),
        }
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
