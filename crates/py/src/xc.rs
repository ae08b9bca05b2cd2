//! `tessera.ExactCover`: an exact-cover problem of `tessera-xc`, built from Python lists, from
//! Knuth's text format or from a NumPy 0/1 matrix, with `count`, `first` and a lazy iterator of
//! solutions.
//!
//! The class holds the problem in an `Arc`, so that searches share it without copying: a count
//! borrows it on the calling thread (or the helper thread of `common::search`), and the solution
//! iterator's worker thread holds a clone of the `Arc`. New searches over the same problem (the
//! shards of a split count, the tree-size estimator) belong here as further methods.
//!
//! # Why the iterator has a thread of its own
//!
//! A Rust `Solver` borrows its `Problem`, and a Python iterator must own everything it uses, so
//! the solver cannot live in the iterator object itself without a self-referential struct (that
//! is, `unsafe`). It lives instead on a worker thread that owns an `Arc` of the problem and
//! answers requests: each `__next__` sends one request and the worker advances the solver to the
//! next solution and sends it back. Nothing is searched ahead of the request, so iteration is as
//! lazy as the Rust iterator; the worker ends when the iterator is exhausted, closed or dropped.
//!
//! # Why a NumPy matrix is read in Rust
//!
//! `from_matrix` reads the array through rust-numpy, as a strided view of whatever integer or
//! boolean dtype it has, so a matrix of ten thousand options costs one pass over its entries in
//! Rust and no Python-level loop (or copy to another dtype).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use numpy::ndarray::ArrayView2;
use numpy::PyReadonlyArray2;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use tessera_xc::{Engine, ItemId, OptionId, Outcome, ParallelSearch, Problem, ProblemBuilder, Solver};

use crate::common::{self, budget, Count};
use crate::errors::{gave_up, xc_error};

/// How often a solution iterator waiting for its worker lets Python look at pending signals.
const POLL: Duration = Duration::from_millis(50);

/// The engine of the `engine` argument.
fn xc_engine(name: &str) -> PyResult<Engine> {
    match name.trim().to_ascii_lowercase().as_str() {
        "auto" => Ok(Engine::Auto),
        "links" => Ok(Engine::Links),
        "dlx1" => Ok(Engine::Dlx1),
        "bitset" => Ok(Engine::Bitset),
        _ => Err(PyValueError::new_err(format!(
            "unknown engine {name:?}; expected one of auto, links, dlx1, bitset"
        ))),
    }
}

/// The option's items as written in Knuth's format: `name`, or `name:colour`.
fn option_items(problem: &Problem, option: OptionId) -> Vec<String> {
    problem
        .option_items(option)
        .map(|(item, color)| match color {
            Some(color) => format!("{}:{}", problem.item_name(item), problem.color_name(color)),
            None => problem.item_name(item).to_owned(),
        })
        .collect()
}

/// A solution as Python sees it: the option indices in increasing order, or (`names`) each of
/// those options as its list of items.
fn solution_object(
    py: Python<'_>,
    problem: &Problem,
    solution: &[OptionId],
    names: bool,
) -> PyResult<Py<PyAny>> {
    let mut options = solution.to_vec();
    options.sort_unstable();
    if names {
        let lists: Vec<Vec<String>> = options.iter().map(|&option| option_items(problem, option)).collect();
        Ok(lists.into_pyobject(py)?.into_any().unbind())
    } else {
        let indices: Vec<usize> = options.iter().map(|option| option.index()).collect();
        Ok(indices.into_pyobject(py)?.into_any().unbind())
    }
}

/// An item of an option given from Python: its id and colour, or a message.
fn item_of(
    builder: &mut ProblemBuilder,
    entry: &Bound<'_, PyAny>,
) -> Result<(ItemId, Option<tessera_xc::Color>), String> {
    let (name, color) = if entry.is_instance_of::<PyString>() {
        let text: String = entry.extract().map_err(|e: PyErr| e.to_string())?;
        // A declared name wins; otherwise `name:colour` as in Knuth's format.
        match text.split_once(':') {
            Some((name, color)) if builder.item_id(&text).is_none() => {
                (name.to_owned(), Some(color.to_owned()))
            }
            _ => (text, None),
        }
    } else if let Ok(pair) = entry.cast::<PyTuple>() {
        let (name, color): (String, String) =
            pair.extract().map_err(|_| "a tuple must be (item name, colour), both strings".to_owned())?;
        (name, Some(color))
    } else {
        return Err(format!("{entry} is not an item name (a string, or a tuple (name, colour))"));
    };
    let item = builder.item_id(&name).ok_or_else(|| format!("item {name:?} was not declared"))?;
    let color = match color {
        Some(color) if color.is_empty() => return Err(format!("item {name:?} has an empty colour")),
        Some(color) => Some(builder.color(&color)),
        None => None,
    };
    Ok((item, color))
}

/// The problem of a 0/1 matrix: a column per item (the last `secondary` secondary), a row per
/// option. An entry other than 0 or 1 is an error.
fn matrix_problem<T: Copy + Into<i128>>(
    view: ArrayView2<'_, T>,
    secondary: usize,
    names: Option<Vec<String>>,
) -> Result<Problem, String> {
    let columns = view.ncols();
    if secondary > columns {
        return Err(format!("secondary is {secondary}, but the matrix has only {columns} columns"));
    }
    let names = match names {
        Some(names) if names.len() != columns => {
            return Err(format!("{} item names for {columns} columns", names.len()));
        }
        Some(names) => names,
        None => (0..columns).map(|c| c.to_string()).collect(),
    };
    let mut builder = ProblemBuilder::new();
    let mut ids = Vec::with_capacity(columns);
    for (c, name) in names.into_iter().enumerate() {
        let id = if c < columns - secondary { builder.primary(name) } else { builder.secondary(name) };
        ids.push(id.map_err(|e| e.to_string())?);
    }
    let mut option = Vec::with_capacity(columns);
    for (r, row) in view.outer_iter().enumerate() {
        option.clear();
        for (c, &value) in row.iter().enumerate() {
            match value.into() {
                0 => {}
                1 => option.push(ids[c]),
                other => return Err(format!("entry ({r}, {c}) is {other}; expected 0 or 1")),
            }
        }
        builder.option(&option).map_err(|e| match e {
            tessera_xc::Error::EmptyOption => format!("row {r} has no 1: every option needs an item"),
            tessera_xc::Error::NoPrimaryItem => {
                format!("row {r} has 1s only in secondary columns: every option needs a primary item")
            }
            other => format!("row {r}: {other}"),
        })?;
    }
    Ok(builder.build())
}

/// An exact-cover problem: choose options (sets of items) so that every primary item is covered
/// exactly once and every secondary item at most once, or by options that agree on its colour
/// (Knuth's Algorithm C).
///
/// Build it from lists (``ExactCover(items, options, secondary=[])``, where an option lists item
/// names, ``'name:colour'`` or ``(name, colour)`` for a coloured secondary item), from Knuth's
/// text format (``ExactCover.parse(text)``, ``ExactCover.from_file(path)``) or from a 0/1 NumPy
/// matrix (``ExactCover.from_matrix(matrix, secondary=0)``). Options are numbered from 0 in the
/// order given; a solution is the list of its options' numbers, in increasing order (or, with
/// ``names=True``, the options themselves as lists of item names).
///
/// >>> problem = tessera.ExactCover(
/// ...     ['A', 'B', 'C', 'D', 'E'],
/// ...     [['C', 'E', 'F'], ['A', 'D', 'G'], ['B', 'C', 'F'], ['A', 'D'], ['B', 'G'], ['D', 'E', 'G']],
/// ...     secondary=['F', 'G'])
/// >>> problem.count().solutions
/// 1
/// >>> problem.first()
/// [0, 3, 4]
/// >>> problem.first(names=True)
/// [['C', 'E', 'F'], ['A', 'D'], ['B', 'G']]
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct ExactCover {
    /// Shared with every search; crate-visible so that further searches (shards, estimates) can
    /// live in files of their own.
    pub(crate) problem: Arc<Problem>,
}

impl ExactCover {
    fn option_id(&self, index: i64) -> PyResult<OptionId> {
        usize::try_from(index)
            .ok()
            .filter(|&i| i < self.problem.option_count())
            .map(OptionId::from_index)
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "option {index} is out of range; the problem has {} options",
                    self.problem.option_count()
                ))
            })
    }
}

#[pymethods]
impl ExactCover {
    /// ExactCover(items, options, secondary=None)
    /// --
    ///
    /// A problem from lists: ``items`` the primary items' names, ``options`` a list of options,
    /// each a list of item names (``'name:colour'`` or a tuple ``(name, colour)`` gives a
    /// secondary item a colour), ``secondary`` the secondary items' names. Raises ``ValueError``
    /// for an unknown or repeated item, an empty option or one without a primary item.
    #[new]
    #[pyo3(signature = (items, options, secondary = None))]
    fn new(items: Vec<String>, options: &Bound<'_, PyAny>, secondary: Option<Vec<String>>) -> PyResult<Self> {
        let py = options.py();
        let mut builder = ProblemBuilder::new();
        for name in items {
            builder.primary(name).map_err(|e| xc_error(py, e))?;
        }
        for name in secondary.unwrap_or_default() {
            builder.secondary(name).map_err(|e| xc_error(py, e))?;
        }
        if options.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("options must be a list of options, not a string"));
        }
        for (i, option) in options.try_iter()?.enumerate() {
            let option = option?;
            if option.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err(format!(
                    "option {i} is a string; an option is a list of item names"
                )));
            }
            let mut entries = Vec::new();
            for entry in option.try_iter()? {
                let entry = entry?;
                entries.push(
                    item_of(&mut builder, &entry)
                        .map_err(|e| PyValueError::new_err(format!("option {i}: {e}")))?,
                );
            }
            builder.colored_option(entries).map_err(|e| PyValueError::new_err(format!("option {i}: {e}")))?;
        }
        Ok(ExactCover { problem: Arc::new(builder.build()) })
    }

    /// A problem in Knuth's DLX text format: the first line names the primary items, then
    /// ``|`` and the secondary ones; each further line is an option; lines starting with ``|``
    /// are comments. Raises ``tessera.ParseError`` with ``line`` and ``column``.
    ///
    /// >>> tessera.ExactCover.parse('A B | C\nA C\nB\nA B\n').count().solutions
    /// 2
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Self> {
        let problem = tessera_xc::parse(text).map_err(|e| xc_error(py, e))?;
        Ok(ExactCover { problem: Arc::new(problem) })
    }

    /// A problem read from a file in Knuth's format (see ``parse``).
    #[staticmethod]
    fn from_file(py: Python<'_>, path: PathBuf) -> PyResult<Self> {
        let bytes = std::fs::read(&path)?;
        let problem = tessera_xc::parse_bytes(&bytes).map_err(|e| xc_error(py, e))?;
        Ok(ExactCover { problem: Arc::new(problem) })
    }

    /// A problem from a 2-D NumPy array of 0s and 1s (any boolean or integer dtype): one row per
    /// option, one column per item, the last ``secondary`` columns secondary items. Items are
    /// named by ``items`` (one name per column) or by their column numbers ``'0'``, ``'1'``, ...
    /// The array is read in Rust, without a Python-level loop.
    ///
    /// >>> import numpy as np
    /// >>> matrix = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool)
    /// >>> tessera.ExactCover.from_matrix(matrix).count().solutions
    /// 2
    #[staticmethod]
    #[pyo3(signature = (matrix, secondary = 0, items = None))]
    fn from_matrix(matrix: &Bound<'_, PyAny>, secondary: i64, items: Option<Vec<String>>) -> PyResult<Self> {
        let secondary = usize::try_from(secondary)
            .map_err(|_| PyValueError::new_err(format!("secondary is {secondary}; expected 0 or more")))?;
        macro_rules! read_as {
            ($($t:ty),*) => {
                $(
                    if let Ok(array) = matrix.extract::<PyReadonlyArray2<'_, $t>>() {
                        let problem = matrix_problem(array.as_array(), secondary, items)
                            .map_err(PyValueError::new_err)?;
                        return Ok(ExactCover { problem: Arc::new(problem) });
                    }
                )*
            };
        }
        read_as!(bool, u8, i8, u16, i16, u32, i32, u64, i64);
        let what = match (matrix.getattr("ndim"), matrix.getattr("dtype")) {
            (Ok(ndim), Ok(dtype)) => format!("an array of {ndim} dimensions and dtype {dtype}"),
            _ => format!("a {}", matrix.get_type().name()?),
        };
        Err(PyTypeError::new_err(format!(
            "expected a 2-D NumPy array of booleans or integers (0 and 1), got {what}"
        )))
    }

    /// All items' names, primary and secondary, in declaration order.
    #[getter]
    fn items(&self) -> Vec<String> {
        self.problem.items().map(|item| self.problem.item_name(item).to_owned()).collect()
    }

    /// The secondary items' names, in declaration order.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        let problem = &self.problem;
        problem
            .items()
            .filter(|&item| problem.item_kind(item) == tessera_xc::ItemKind::Secondary)
            .map(|item| problem.item_name(item).to_owned())
            .collect()
    }

    /// The number of options.
    #[getter]
    fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// The items of option ``index``, as ``'name'`` or ``'name:colour'``.
    fn option(&self, index: i64) -> PyResult<Vec<String>> {
        Ok(option_items(&self.problem, self.option_id(index)?))
    }

    /// The problem in Knuth's text format (what ``parse`` reads back).
    fn to_text(&self) -> String {
        tessera_xc::to_text(&self.problem)
    }

    /// Whether these options (numbers) are an exact cover, checked independently of the search.
    fn is_solution(&self, options: Vec<i64>) -> PyResult<bool> {
        let options = options.into_iter().map(|i| self.option_id(i)).collect::<PyResult<Vec<_>>>()?;
        Ok(self.problem.is_solution(&options))
    }

    /// Counts shard ``index`` of ``of`` of this count and returns its manifest, a ``dict``
    /// (docs/scale.md): the instance's hash, the engine, the split, the prefixes covered,
    /// ``solutions``, ``nodes``, ``seconds``, ``outcome``. Every shard of one count, on any
    /// machine, cuts the search tree the same way; ``tessera.merge`` adds the manifests up after
    /// checking every prefix was counted once. With ``checkpoint`` (a file path), finished
    /// prefixes are saved every ``checkpoint_every`` seconds and a rerun resumes from them.
    /// A budget that runs out gives a manifest whose ``outcome`` is ``'gave-up'`` (rerun it with
    /// its checkpoint); one that runs out while the tree is being split raises ``tessera.GaveUp``.
    ///
    /// >>> p = tessera.ExactCover(['a', 'b', 'c'], [['a'], ['b'], ['c'], ['a', 'b'], ['b', 'c']])
    /// >>> tessera.merge([p.count_shard(i, 2) for i in range(2)])['solutions']
    /// 3
    #[pyo3(signature = (index, of, threads = 1, max_nodes = None, timeout = None, checkpoint = None, checkpoint_every = 30.0, engine = "auto"))]
    #[allow(clippy::too_many_arguments)]
    fn count_shard(
        &self,
        py: Python<'_>,
        index: i64,
        of: i64,
        threads: i64,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
        checkpoint: Option<PathBuf>,
        checkpoint_every: f64,
        engine: &str,
    ) -> PyResult<Py<PyAny>> {
        let call =
            crate::shard::ShardCall { index, of, threads, max_nodes, timeout, checkpoint, checkpoint_every };
        let tree = tessera_xc::shard::CoverTree::new(&self.problem, xc_engine(engine)?);
        crate::shard::count_shard(py, &tree, call)
    }

    /// Knuth's estimate of the search tree's size, without counting it: ``probes`` random walks
    /// from the root (each choosing uniformly among the options the search would try), whose
    /// products of branching degrees are unbiased estimates of the nodes and solutions; and the
    /// time a count would take on one thread, from the search's speed measured for up to
    /// ``measure`` seconds. Returns a ``dict``: ``nodes``, ``nodes_error``, ``solutions``,
    /// ``solutions_error`` (standard errors of the means), ``nodes_per_second``, ``seconds``,
    /// ``probes``, ``engine``, and ``exact_solutions``/``exact_nodes`` when the measuring run
    /// finished the tree.
    ///
    /// >>> e = tessera.ExactCover(['a', 'b'], [['a'], ['b'], ['a', 'b']]).estimate(probes=100)
    /// >>> e['exact_solutions'], round(e['solutions'])
    /// (2, 2)
    #[pyo3(signature = (probes = 1000, seed = 1, measure = 1.0, engine = "auto"))]
    fn estimate(
        &self,
        py: Python<'_>,
        probes: i64,
        seed: u64,
        measure: f64,
        engine: &str,
    ) -> PyResult<Py<PyAny>> {
        let probes = common::natural("probes", Some(probes))?.unwrap_or(1).max(1);
        let measure = Duration::try_from_secs_f64(measure).map_err(|_| {
            PyValueError::new_err(format!("measure is {measure}; expected seconds, 0 or more"))
        })?;
        let engine = xc_engine(engine)?;
        let problem = &*self.problem;
        let estimate = py.detach(|| tessera_xc::shard::estimate(problem, engine, probes, seed, measure));
        crate::shard::to_python(py, &estimate)
    }

    /// Counts solutions, up to ``limit`` (``None``: all), on ``threads`` threads (0: one per
    /// CPU), within ``max_nodes`` search nodes and ``timeout`` seconds. ``engine`` is
    /// ``'auto'`` (the default), ``'links'``, ``'dlx1'`` (Knuth's DLX2, for comparing counters)
    /// or ``'bitset'``. Never raises for the budget: the ``Count``'s ``outcome`` says
    /// ``'gave-up'``.
    ///
    /// >>> problem = tessera.ExactCover.parse('A B | C\nA C\nB\nA B\n')
    /// >>> problem.count(limit=1).outcome
    /// 'limit-reached'
    #[pyo3(signature = (limit = None, threads = 1, max_nodes = None, timeout = None, engine = "auto"))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        threads: i64,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
        engine: &str,
    ) -> PyResult<Count> {
        let limit = common::limit(limit)?;
        let threads = common::threads(threads)?;
        let engine = xc_engine(engine)?;
        let problem = &*self.problem;
        common::count(py, budget(max_nodes, timeout)?, move |budget| {
            if threads == 1 {
                Solver::new(problem).with_engine(engine).with_budget(budget).count_up_to(limit)
            } else {
                ParallelSearch::new(problem)
                    .with_threads(threads)
                    .with_engine(engine)
                    .with_budget(budget)
                    .count_up_to(limit)
            }
        })
    }

    /// The first solution in search order (option numbers, increasing; with ``names=True`` the
    /// options as lists of item names), or ``None`` if there is none. ``seed`` tries each level's
    /// options in a random order drawn from it. Raises ``tessera.GaveUp`` when the budget runs
    /// out first.
    #[pyo3(signature = (max_nodes = None, timeout = None, engine = "auto", seed = None, names = false))]
    fn first(
        &self,
        py: Python<'_>,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
        engine: &str,
        seed: Option<u64>,
        names: bool,
    ) -> PyResult<Option<Py<PyAny>>> {
        let engine = xc_engine(engine)?;
        let problem = &*self.problem;
        let (first, stats, seconds) = common::search(py, budget(max_nodes, timeout)?, move |budget| {
            let start = Instant::now();
            let mut solver = Solver::new(problem).with_engine(engine).with_budget(budget);
            if let Some(seed) = seed {
                solver = solver.with_seed(seed);
            }
            let first = solver.first();
            (first, solver.stats(), start.elapsed().as_secs_f64())
        })?;
        match first {
            Ok(Some(solution)) => Ok(Some(solution_object(py, problem, &solution, names)?)),
            Ok(None) => Ok(None),
            Err(reason) => {
                let count = tessera_xc::Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
                Err(gave_up(py, reason, Some(Count::new(&count, seconds))))
            }
        }
    }

    /// An iterator over the solutions, found one at a time as you ask for them (nothing is
    /// searched ahead), up to ``limit``. Each is a list of option numbers, increasing (with
    /// ``names=True``, the options as lists of item names). Stopping early (``break``, or
    /// ``close()``) stops the search. The budget covers the whole iteration (``timeout`` counts
    /// from this call); when it runs out the iterator raises ``tessera.GaveUp``. After the end,
    /// the iterator's ``count`` says how it ended.
    ///
    /// >>> problem = tessera.ExactCover.parse('A B | C\nA C\nB\nA B\n')
    /// >>> [s for s in problem.solutions()]
    /// [[0, 1], [2]]
    /// >>> next(problem.solutions(names=True))
    /// [['A', 'C'], ['B']]
    #[pyo3(signature = (limit = None, max_nodes = None, timeout = None, engine = "auto", seed = None, names = false))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        &self,
        limit: Option<i64>,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
        engine: &str,
        seed: Option<u64>,
        names: bool,
    ) -> PyResult<Solutions> {
        let limit = common::limit(limit)?;
        let engine = xc_engine(engine)?;
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = budget(max_nodes, timeout)?.with_cancel(cancel.clone());
        let worker = Worker::spawn(self.problem.clone(), engine, budget, seed, limit)?;
        Ok(Solutions { problem: self.problem.clone(), names, cancel, worker: Some(worker), finished: None })
    }

    fn __repr__(&self) -> String {
        let problem = &self.problem;
        format!(
            "ExactCover(primary={}, secondary={}, options={})",
            problem.primary_count(),
            problem.item_count() - problem.primary_count(),
            problem.option_count()
        )
    }
}

/// What the worker of a solution iterator answers to one request.
enum Reply {
    Solution(Vec<OptionId>),
    /// The search ended (exhausted, limit, or out of budget); no more replies follow.
    End(tessera_xc::Count),
}

/// The thread that runs a solution iterator's search, one solution per request.
#[derive(Debug)]
struct Worker {
    requests: Sender<()>,
    /// A `Mutex` only so that the iterator is `Sync`, as every Python class must be; the
    /// iterator's `&mut self` already gives one caller at a time.
    replies: Mutex<Receiver<(Reply, f64)>>,
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reply::Solution(options) => write!(f, "Solution({} options)", options.len()),
            Reply::End(count) => write!(f, "End({count:?})"),
        }
    }
}

impl Worker {
    fn spawn(
        problem: Arc<Problem>,
        engine: Engine,
        budget: tessera_xc::Budget,
        seed: Option<u64>,
        limit: u64,
    ) -> PyResult<Self> {
        let (requests, requested) = mpsc::channel::<()>();
        let (reply, replies) = mpsc::channel();
        let run = move || {
            let mut solver = Solver::new(&problem).with_engine(engine).with_budget(budget);
            if let Some(seed) = seed {
                solver = solver.with_seed(seed);
            }
            let mut found = 0;
            let mut seconds = 0.0;
            while requested.recv().is_ok() {
                let start = Instant::now();
                let answer = if found >= limit {
                    let stats = solver.stats();
                    Reply::End(tessera_xc::Count { solutions: found, outcome: Outcome::LimitReached, stats })
                } else if let Some(solution) = solver.next() {
                    found += 1;
                    Reply::Solution(solution)
                } else {
                    let outcome = solver.gave_up().map_or(Outcome::Exhausted, Outcome::GaveUp);
                    Reply::End(tessera_xc::Count { solutions: found, outcome, stats: solver.stats() })
                };
                seconds += start.elapsed().as_secs_f64();
                let end = matches!(answer, Reply::End(_));
                if reply.send((answer, seconds)).is_err() || end {
                    break;
                }
            }
        };
        std::thread::Builder::new()
            .name("tessera-solutions".into())
            .spawn(run)
            .map_err(|e| PyRuntimeError::new_err(format!("could not start the search thread: {e}")))?;
        Ok(Worker { requests, replies: Mutex::new(replies) })
    }

    /// The next reply, waiting at most `timeout`.
    fn wait(&self, timeout: Duration) -> Result<(Reply, f64), RecvTimeoutError> {
        self.replies.lock().unwrap_or_else(std::sync::PoisonError::into_inner).recv_timeout(timeout)
    }
}

/// The solutions of an ``ExactCover``, found one at a time as they are asked for (see
/// ``ExactCover.solutions``). ``count`` is ``None`` until the iteration ends, then the ``Count``
/// of the search; ``close()`` stops the search early.
#[pyclass(module = "tessera")]
#[derive(Debug)]
pub struct Solutions {
    problem: Arc<Problem>,
    names: bool,
    cancel: Arc<AtomicBool>,
    worker: Option<Worker>,
    finished: Option<Count>,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let Some(worker) = &self.worker else { return Ok(None) };
        if worker.requests.send(()).is_err() {
            self.worker = None;
            return Err(PyRuntimeError::new_err("the search thread stopped"));
        }
        let mut interrupted = None;
        let received = loop {
            match py.detach(|| worker.wait(POLL)) {
                Err(RecvTimeoutError::Timeout) if interrupted.is_none() => {
                    if let Err(interrupt) = py.check_signals() {
                        // Stop the search; its reply (gave up: cancelled) follows soon.
                        self.cancel.store(true, Ordering::Relaxed);
                        interrupted = Some(interrupt);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                other => break other,
            }
        };
        match received {
            Ok((Reply::Solution(solution), _)) if interrupted.is_none() => {
                Ok(Some(solution_object(py, &self.problem, &solution, self.names)?))
            }
            Ok((Reply::Solution(_), _)) => {
                // Interrupted just as a solution arrived: the iteration ends here.
                self.worker = None;
                Err(interrupted.unwrap_or_else(|| PyRuntimeError::new_err("interrupted")))
            }
            Ok((Reply::End(count), seconds)) => {
                self.worker = None;
                let count = Count::new(&count, seconds);
                self.finished = Some(count.clone());
                match (interrupted, count.gave_up()) {
                    (Some(interrupt), _) => Err(interrupt),
                    (None, Some(reason)) => Err(gave_up(py, reason, Some(count))),
                    (None, None) => Ok(None),
                }
            }
            Err(_) => {
                self.worker = None;
                Err(PyRuntimeError::new_err("the search thread stopped without an answer"))
            }
        }
    }

    /// How the search ended (a ``Count``), or ``None`` while it can go on.
    #[getter]
    fn count(&self) -> Option<Count> {
        self.finished.clone()
    }

    /// Stops the search; the iterator then yields nothing more.
    fn close(&mut self) {
        self.worker = None;
    }
}
