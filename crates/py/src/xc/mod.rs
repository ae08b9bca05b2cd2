//! `tessera.ExactCover`: an exact-cover problem of `tessera-xc`, built from Python lists, from
//! Knuth's text format or from a NumPy 0/1 matrix, with the searches every class has (`solve`,
//! `count`, `solutions`, `count_shard`; written once in `class.rs`), `first` and `solutions` in a
//! seeded order or as item names, and Knuth's tree-size estimate.
//!
//! The class holds the problem in an `Arc` (a [`Cover`]), so that searches share it without
//! copying: a count borrows it on the calling thread (or the helper thread of `common::search`),
//! and a listing's worker thread (`listing.rs`) holds a clone of the `Arc`.
//!
//! - `build`: the problem from Python lists or a NumPy matrix, and solutions back to Python;
//! - `search`: the problem as a `class::Search`, and its engines' names.

mod build;
mod search;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use numpy::PyReadonlyArray2;
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tessera_xc::{OptionId, Problem, ProblemBuilder};

use self::build::{item_of, matrix_problem, option_items, solution_object};
use self::search::{Cover, XcEngine};
use crate::class::{self, python_class, Class, Options};
use crate::common::{self, Count};
use crate::errors::{gave_up, xc_error};
use crate::listing::Solutions;

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
    /// Shared with every search.
    cover: Cover,
}

impl ExactCover {
    fn of(problem: Problem) -> Self {
        ExactCover { cover: Cover(Arc::new(problem)) }
    }

    fn problem(&self) -> &Problem {
        &self.cover.0
    }

    fn option_id(&self, index: i64) -> PyResult<OptionId> {
        usize::try_from(index)
            .ok()
            .filter(|&i| i < self.problem().option_count())
            .map(OptionId::from_index)
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "option {index} is out of range; the problem has {} options",
                    self.problem().option_count()
                ))
            })
    }

    /// `solutions` with ``seed`` (each level's options tried in a random order drawn from it) and
    /// ``names`` (each solution as its options' item names): nothing is searched ahead, on one
    /// thread.
    fn solutions_with(
        &self,
        _py: Python<'_>,
        options: Options<'_>,
        seed: Option<u64>,
        names: bool,
    ) -> PyResult<Solutions> {
        let (query, cancel) = options.listing::<Cover>()?;
        let cover = self.cover.clone();
        let problem = self.cover.0.clone();
        Solutions::start(
            "xc",
            cancel,
            move |each| cover.list_from(&query, seed, each),
            move |py, solution: Vec<OptionId>| solution_object(py, &problem, &solution, names),
        )
    }

    /// The shard tree of `count_shard`, for `engine`.
    fn shard_tree(&self, engine: &str) -> PyResult<tessera_xc::shard::CoverTree<'_>> {
        let engine: XcEngine = class::engine("xc", engine)?;
        Ok(tessera_xc::shard::CoverTree::new(self.problem(), engine.0))
    }
}

impl Class for ExactCover {
    type Search = Cover;

    fn search(&self) -> &Cover {
        &self.cover
    }

    fn to_python(&self, py: Python<'_>, solution: Vec<OptionId>) -> PyResult<Py<PyAny>> {
        solution_object(py, self.problem(), &solution, false)
    }
}

/// Saved by `build::save_problem`.
impl crate::pickle::Pickle for ExactCover {
    const NAME: &'static str = "ExactCover";

    fn save(&self, out: &mut Vec<u8>) {
        build::save_problem(self.problem(), out);
    }

    fn load(input: &mut crate::pickle::Reader<'_>) -> Result<Self, String> {
        build::load_problem(input).map(ExactCover::of)
    }
}

python_class!(ExactCover [solve count solutions(seed: Option<u64> = None, names: bool = false) count_shard(engine: &str = "auto") pickle] {
    /// ExactCover(items, options, secondary=None, bounds=None)
    /// --
    ///
    /// A problem from lists: ``items`` the primary items' names, ``options`` a list of options,
    /// each a list of item names (``'name:colour'`` or a tuple ``(name, colour)`` gives a
    /// secondary item a colour), ``secondary`` the secondary items' names. ``bounds`` maps a
    /// primary item to how many options of a solution cover it (Knuth's multiplicities): ``v``
    /// (exactly) or a pair ``(u, v)`` (at least ``u``, at most ``v``); items not named are
    /// covered once. Raises ``ValueError`` for an unknown or repeated item, an empty option or
    /// one without a primary item, or impossible bounds.
    ///
    /// >>> tessera.ExactCover(['pair'], [['pair']] * 3, bounds={'pair': 2}).count().solutions
    /// 3
    #[new]
    #[pyo3(signature = (items, options, secondary = None, bounds = None))]
    fn new(
        items: Vec<String>,
        options: &Bound<'_, PyAny>,
        secondary: Option<Vec<String>>,
        bounds: Option<std::collections::HashMap<String, ItemBounds>>,
    ) -> PyResult<Self> {
        let py = options.py();
        let mut builder = ProblemBuilder::new();
        let mut bounds = bounds.unwrap_or_default();
        for name in items {
            let declared = match bounds.remove(&name) {
                Some(ItemBounds::Exactly(v)) => builder.primary_bounded(name, v, v),
                Some(ItemBounds::Between(u, v)) => builder.primary_bounded(name, u, v),
                None => builder.primary(name),
            };
            declared.map_err(|e| PyValueError::new_err(e.to_string()))?;
        }
        if let Some(name) = bounds.keys().next() {
            return Err(PyValueError::new_err(format!("bounds for {name:?}, which is not a primary item")));
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
        Ok(ExactCover::of(builder.build()))
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
        Ok(ExactCover::of(problem))
    }

    /// A problem read from a file in Knuth's format (see ``parse``).
    #[staticmethod]
    fn from_file(py: Python<'_>, path: PathBuf) -> PyResult<Self> {
        let bytes = std::fs::read(&path)?;
        let problem = tessera_xc::parse_bytes(&bytes).map_err(|e| xc_error(py, e))?;
        Ok(ExactCover::of(problem))
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
                        return Ok(ExactCover::of(problem));
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
        self.problem().items().map(|item| self.problem().item_name(item).to_owned()).collect()
    }

    /// Each primary item's bounds ``(u, v)``: every solution covers it ``u`` to ``v`` times
    /// (``(1, 1)`` unless given others).
    #[getter]
    fn bounds(&self) -> std::collections::HashMap<String, (u32, u32)> {
        let problem = self.problem();
        problem
            .items()
            .filter(|&item| problem.item_kind(item) == tessera_xc::ItemKind::Primary)
            .map(|item| (problem.item_name(item).to_owned(), problem.bounds(item)))
            .collect()
    }

    /// The secondary items' names, in declaration order.
    #[getter]
    fn secondary(&self) -> Vec<String> {
        let problem = self.problem();
        problem
            .items()
            .filter(|&item| problem.item_kind(item) == tessera_xc::ItemKind::Secondary)
            .map(|item| problem.item_name(item).to_owned())
            .collect()
    }

    /// The number of options.
    #[getter]
    fn option_count(&self) -> usize {
        self.problem().option_count()
    }

    /// The items of option ``index``, as ``'name'`` or ``'name:colour'``.
    fn option(&self, index: i64) -> PyResult<Vec<String>> {
        Ok(option_items(self.problem(), self.option_id(index)?))
    }

    /// The problem in Knuth's text format (what ``parse`` reads back).
    fn to_text(&self) -> String {
        tessera_xc::to_text(self.problem())
    }

    /// Whether these options (numbers) are an exact cover, checked independently of the search.
    fn is_solution(&self, options: Vec<i64>) -> PyResult<bool> {
        let options = options.into_iter().map(|i| self.option_id(i)).collect::<PyResult<Vec<_>>>()?;
        Ok(self.problem().is_solution(&options))
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
    #[pyo3(signature = (*, engine = "auto", probes = 1000, seed = 1, measure = 1.0))]
    fn estimate(&self, py: Python<'_>, engine: &str, probes: i64, seed: u64, measure: f64) -> PyResult<Py<PyAny>> {
        let probes = common::natural("probes", Some(probes))?.unwrap_or(1).max(1);
        let measure = Duration::try_from_secs_f64(measure).map_err(|_| {
            PyValueError::new_err(format!("measure is {measure}; expected seconds, 0 or more"))
        })?;
        let engine: XcEngine = class::engine("xc", engine)?;
        let problem = self.problem();
        let estimate = py.detach(|| tessera_xc::shard::estimate(problem, engine.0, probes, seed, measure));
        crate::shard::to_python(py, &estimate)
    }

    /// The first solution in search order (option numbers, increasing; with ``names=True`` the
    /// options as lists of item names), or ``None`` if there is none: ``solve`` with a ``seed``
    /// (each level's options tried in a random order drawn from it) and ``names``. Raises
    /// ``tessera.GaveUp`` (whose ``count`` says what the search did) when the budget runs out
    /// first.
    #[pyo3(signature = (*, engine = "auto", max_nodes = None, timeout = None, seed = None, names = false))]
    fn first(
        &self,
        py: Python<'_>,
        engine: &str,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
        seed: Option<u64>,
        names: bool,
    ) -> PyResult<Option<Py<PyAny>>> {
        let options = Options { engine, limit: None, threads: 1, max_nodes, timeout };
        let (query, budget) = options.query::<Cover>()?;
        let cover = &self.cover;
        let (first, count, seconds) = common::search(py, budget, |budget| {
            let start = std::time::Instant::now();
            let (first, count) = cover.first(&query.clone().with_budget(budget), seed);
            (first, count, start.elapsed().as_secs_f64())
        })?;
        match first {
            Ok(Some(solution)) => Ok(Some(solution_object(py, self.problem(), &solution, names)?)),
            Ok(None) => Ok(None),
            Err(reason) => Err(gave_up(py, reason, Some(Count::new(&count, seconds)))),
        }
    }

    /// Runs Knuth's DLX1 and calls ``callback(event)`` with each step of the search, a ``dict``
    /// as ``tessera xc solve --trace`` prints it: ``event`` (``choose``, ``cover``, ``try``,
    /// ``uncover``, ``backtrack``, ``solution``), ``level``, ``item`` (a name) or ``option``
    /// (a number; ``options`` for a choice and a solution), and ``nodes``, ``updates`` and
    /// ``solutions`` after the step. A callback that returns ``False`` stops the search; an
    /// exception it raises stops it and propagates. Runs until ``limit`` solutions (every one by
    /// default), the budget, or the end; returns the ``tessera.Count`` (DLX1's nodes and
    /// updates, as ``count(engine='dlx1')`` gives them). Problems with bounds are refused
    /// (``ValueError``).
    ///
    /// >>> p = tessera.ExactCover(['a', 'b'], [['a'], ['b'], ['a', 'b']])
    /// >>> steps = []
    /// >>> p.trace(lambda e: steps.append(e['event'])).solutions
    /// 2
    /// >>> steps[:3]
    /// ['choose', 'cover', 'try']
    #[pyo3(signature = (callback, *, limit = None, max_nodes = None, timeout = None, seed = None))]
    fn trace(
        &self,
        py: Python<'_>,
        callback: Bound<'_, PyAny>,
        limit: Option<i64>,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
        seed: Option<u64>,
    ) -> PyResult<Count> {
        let limit = common::limit(limit)?;
        let problem = self.problem();
        let mut solver = tessera_xc::Solver::new(problem).with_budget(common::budget(max_nodes, timeout)?);
        if let Some(seed) = seed {
            solver = solver.with_seed(seed);
        }
        let loads = py.import("json")?.getattr("loads")?;
        let mut raised = None;
        let start = std::time::Instant::now();
        let count = solver
            .trace(limit, |event, counts| {
                let step = || -> PyResult<bool> {
                    let text = event.to_json(problem, counts).to_string();
                    let answer = callback.call1((loads.call1((text,))?,))?;
                    Ok(!answer.is_instance_of::<pyo3::types::PyBool>() || answer.is_truthy()?)
                };
                match step() {
                    Ok(true) => std::ops::ControlFlow::Continue(()),
                    Ok(false) => std::ops::ControlFlow::Break(()),
                    Err(err) => {
                        raised = Some(err);
                        std::ops::ControlFlow::Break(())
                    }
                }
            })
            .map_err(|err| xc_error(py, err))?;
        if let Some(err) = raised {
            return Err(err);
        }
        Ok(Count::new(&count, start.elapsed().as_secs_f64()))
    }

    fn __repr__(&self) -> String {
        let problem = self.problem();
        format!(
            "ExactCover(primary={}, secondary={}, options={})",
            problem.primary_count(),
            problem.item_count() - problem.primary_count(),
            problem.option_count()
        )
    }
});

/// A primary item's bounds as Python gives them: `v` or `(u, v)`.
#[derive(Debug, FromPyObject)]
enum ItemBounds {
    Exactly(u32),
    Between(u32, u32),
}
