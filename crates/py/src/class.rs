//! The searches every Python class shares, written once: a generic core per method (`solve`,
//! `count`, `solutions`, `verify`, `count_shard`) over [`Search`], which every
//! [`tessera::Puzzle`] is, and [`python_class!`], which stamps the pyo3 methods of a class from
//! those cores, so that each method's body and signature exist once.
//!
//! # Registering a puzzle
//!
//! A new puzzle of `tessera` is a `#[pyclass]` holding it, an `impl Class` (which Rust puzzle,
//! and how a solution crosses to Python), an `impl Answers` when it has `verify`, and one line:
//!
//! ```ignore
//! python_class!(Sudoku [solve count solutions verify] { /* its own methods */ });
//! ```
//!
//! plus its name in the module list (lib.rs) and its class in `_tessera.pyi`.
//!
//! # The options
//!
//! Every search takes the same keyword-only options with the same defaults: `engine='auto'`
//! (parsed by the puzzle's [`Named`] engine names, which the error lists), `limit=None`,
//! `threads=1`, `max_nodes=None`, `timeout=None`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tessera::{Named, Query};
use tessera_xc::shard::Tree;
use tessera_xc::GaveUp;

use crate::common::{self, budget, Count, Verdict};
use crate::errors::gave_up;
use crate::listing::Solutions;

/// What a Python class searches: any [`tessera::Puzzle`], and `ExactCover`'s problem.
pub(crate) trait Search: Clone + Send + Sync + 'static {
    /// Its name in messages (the puzzle's `NAME`).
    const NAME: &'static str;
    /// Its engines.
    type Engine: Named + Default;
    /// What a solution is in Rust.
    type Solution: Send + 'static;

    /// The first solution, `None` if there is none, or why the search gave up.
    fn solve(&self, query: &Query<Self::Engine>) -> Result<Option<Self::Solution>, GaveUp>;

    /// Solutions counted up to `query.limit`.
    fn count(&self, query: &Query<Self::Engine>) -> tessera_xc::Count;

    /// Hands the solutions to `each`, one at a time on the calling thread, until `each` says
    /// `false` or the search ends; how it ended.
    fn list(
        &self,
        query: Query<Self::Engine>,
        each: &mut dyn FnMut(Self::Solution) -> bool,
    ) -> tessera_xc::Count;
}

impl<P: tessera::Puzzle> Search for P {
    const NAME: &'static str = P::NAME;
    type Engine = P::Engine;
    type Solution = P::Solution;

    fn solve(&self, query: &Query<P::Engine>) -> Result<Option<P::Solution>, GaveUp> {
        tessera::Puzzle::solve(self, query)
    }

    fn count(&self, query: &Query<P::Engine>) -> tessera_xc::Count {
        tessera::Puzzle::count(self, query)
    }

    /// On [`tessera::Lazy`]: the search runs ahead by a few solutions on its own thread.
    fn list(&self, query: Query<P::Engine>, each: &mut dyn FnMut(P::Solution) -> bool) -> tessera_xc::Count {
        let mut lazy = self.solutions(&query);
        for solution in lazy.by_ref() {
            if !each(solution) {
                break;
            }
        }
        lazy.finish()
    }
}

/// A Python class over a [`Search`].
pub(crate) trait Class: Clone + Send + Sync + 'static {
    /// What it searches.
    type Search: Search;

    /// The Rust puzzle.
    fn search(&self) -> &Self::Search;

    /// A solution as the Python object its methods return.
    fn to_python(&self, py: Python<'_>, solution: Solution<Self>) -> PyResult<Py<PyAny>>;
}

/// A class whose `verify` takes answers from Python.
pub(crate) trait Answers: Class {
    /// The answer a Python caller gave, as a Rust solution.
    fn answer(&self, py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<Solution<Self>>;
}

/// The Rust solution of a class.
pub(crate) type Solution<C> = <<C as Class>::Search as Search>::Solution;

/// The options every search takes, as Python gave them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options<'a> {
    pub(crate) engine: &'a str,
    pub(crate) limit: Option<i64>,
    pub(crate) threads: i64,
    pub(crate) max_nodes: Option<i64>,
    pub(crate) timeout: Option<f64>,
}

impl Options<'_> {
    /// The query (without its budget) and the budget, checked.
    pub(crate) fn query<S: Search>(&self) -> PyResult<(Query<S::Engine>, tessera_xc::Budget)> {
        let query = Query::default()
            .with_engine(engine::<S::Engine>(S::NAME, self.engine)?)
            .with_limit(common::limit(self.limit)?)
            .with_threads(common::threads(self.threads)?);
        Ok((query, budget(self.max_nodes, self.timeout)?))
    }

    /// The query of a listing, its budget's cancel flag raised to stop it (see [`Solutions`]).
    pub(crate) fn listing<S: Search>(&self) -> PyResult<(Query<S::Engine>, Arc<AtomicBool>)> {
        let (query, budget) = self.query::<S>()?;
        let cancel = Arc::new(AtomicBool::new(false));
        Ok((query.with_budget(budget.with_cancel(cancel.clone())), cancel))
    }
}

/// An engine by its [`Named`] name, or a `ValueError` that lists the names.
pub(crate) fn engine<E: Named>(puzzle: &str, name: &str) -> PyResult<E> {
    let wanted = name.trim().to_ascii_lowercase();
    E::all().iter().copied().find(|engine| engine.name() == wanted).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown engine '{name}' for {puzzle}; expected one of {}",
            E::names().join(", ")
        ))
    })
}

/// `solve`: the first solution, `None`, or `tessera.GaveUp`.
pub(crate) fn solve<C: Class>(
    class: &C,
    py: Python<'_>,
    options: Options<'_>,
) -> PyResult<Option<Py<PyAny>>> {
    let (query, budget) = options.query::<C::Search>()?;
    let search = class.search();
    let answer = common::search(py, budget, |budget| search.solve(&query.clone().with_budget(budget)))?;
    match answer {
        Ok(Some(solution)) => class.to_python(py, solution).map(Some),
        Ok(None) => Ok(None),
        Err(reason) => Err(gave_up(py, reason, None)),
    }
}

/// `count`, by the search's own count.
pub(crate) fn count<C: Class>(class: &C, py: Python<'_>, options: Options<'_>) -> PyResult<Count> {
    count_by(class, py, options, Search::count)
}

/// `count`, by `run` (a class with options of its own counts its way).
pub(crate) fn count_by<C, F>(class: &C, py: Python<'_>, options: Options<'_>, run: F) -> PyResult<Count>
where
    C: Class,
    F: Fn(&C::Search, &Query<<C::Search as Search>::Engine>) -> tessera_xc::Count + Send + Sync,
{
    let (query, budget) = options.query::<C::Search>()?;
    let search = class.search();
    common::count(py, budget, |budget| run(search, &query.clone().with_budget(budget)))
}

/// `solutions`: a lazy iterator (see [`Solutions`]).
pub(crate) fn solutions<C: Class>(class: &C, _py: Python<'_>, options: Options<'_>) -> PyResult<Solutions> {
    let (query, cancel) = options.listing::<C::Search>()?;
    let search = class.search().clone();
    let class = class.clone();
    Solutions::start(
        C::Search::NAME,
        cancel,
        move |each| search.list(query, each),
        move |py, solution| class.to_python(py, solution),
    )
}

/// `verify`: the puzzle's own verifier, on the answer as Python gave it.
pub(crate) fn verify<C>(class: &C, py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<Verdict>
where
    C: Answers,
    C::Search: tessera::Puzzle<Solution = Solution<C>>,
{
    let answer = class.answer(py, answer)?;
    Ok(Verdict::new(&tessera::Puzzle::verify(class.search(), &answer)))
}

/// `count_shard`: shard `index` of `of` of `tree`'s count (see `shard.rs`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn count_shard<T: Tree>(
    py: Python<'_>,
    tree: PyResult<T>,
    index: i64,
    of: i64,
    threads: i64,
    max_nodes: Option<i64>,
    timeout: Option<f64>,
    checkpoint: Option<std::path::PathBuf>,
    checkpoint_every: f64,
) -> PyResult<Py<PyAny>> {
    let call =
        crate::shard::ShardCall { index, of, threads, max_nodes, timeout, checkpoint, checkpoint_every };
    crate::shard::count_shard(py, &tree?, call)
}

/// `impl Class` for a class that holds its Rust puzzle in one field and whose solutions are
/// puzzles of the same type (filled grids), returned as the class itself; and its `wrap`.
macro_rules! wrapping_class {
    ($class:ident($field:ident: $puzzle:ty)) => {
        impl $class {
            fn wrap($field: $puzzle) -> Self {
                $class { $field }
            }
        }

        impl $crate::class::Class for $class {
            type Search = $puzzle;

            fn search(&self) -> &$puzzle {
                &self.$field
            }

            fn to_python(
                &self,
                py: pyo3::Python<'_>,
                solution: $puzzle,
            ) -> pyo3::PyResult<pyo3::Py<pyo3::PyAny>> {
                Ok(pyo3::Py::new(py, $class::wrap(solution))?.into_any())
            }
        }
    };
}

/// Stamps the shared methods of a puzzle class, each from its generic core, with its own
/// methods, in the one `#[pymethods]` block of the class:
///
/// ```ignore
/// python_class!(Queens [solve count solutions verify count_shard()] { /* own methods */ });
/// ```
///
/// `count_shard(name: type = default, ...)` adds the class's own keyword options to the shard
/// call and passes them to its `shard_tree(&self, ...) -> PyResult<impl Tree>`; likewise
/// `count(...)` and `solutions(...)` add options after the five every search takes, and call the
/// class's `count_with(&self, py, options, ...)` or `solutions_with(...)` instead of the
/// generic core.
macro_rules! python_class {
    ($class:ident [$($methods:tt)*] { $($body:tt)* }) => {
        $crate::class::python_class!(@munch $class [$($methods)*] [$($body)*]);
    };
    (@munch $class:ident [] [$($body:tt)*]) => {
        #[pyo3::pymethods]
        impl $class {
            $($body)*
        }
    };
    (@munch $class:ident [solve $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@munch $class [$($rest)*] [$($body)*
            /// The first solution, or ``None`` if there is none. Raises ``tessera.GaveUp`` (its
            /// ``reason`` ``'max-nodes'``, ``'timeout'`` or ``'cancelled'``) if the budget runs out
            /// first. A wrong ``engine`` name raises ``ValueError`` listing the class's engines;
            /// ``threads`` is used by the engines that split their search.
            #[pyo3(signature = (*, engine = "auto", threads = 1, max_nodes = None, timeout = None))]
            fn solve(
                &self,
                py: pyo3::Python<'_>,
                engine: &str,
                threads: i64,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
            ) -> pyo3::PyResult<Option<pyo3::Py<pyo3::PyAny>>> {
                let options = $crate::class::Options { engine, limit: None, threads, max_nodes, timeout };
                $crate::class::solve(self, py, options)
            }
        ]);
    };
    (@munch $class:ident [count ($($extra:tt)*) $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@count $class [$($rest)*] [$($body)*] Self::count_with, $($extra)*);
    };
    (@munch $class:ident [count $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@count $class [$($rest)*] [$($body)*] $crate::class::count,);
    };
    (@count $class:ident [$($rest:tt)*] [$($body:tt)*] $core:path, $($extra:tt)*) => {
        $crate::class::python_class!(@options $class [$($rest)*] [$($body)*]
            count -> $crate::common::Count = $core, [$($extra)*]
            /// Counts solutions up to ``limit`` (``None``: all) on ``threads`` threads (0: one per
            /// CPU). Never raises for the budget (``max_nodes`` search nodes, ``timeout``
            /// seconds): the ``Count``'s ``outcome`` is then ``'gave-up'``, its ``reason`` says
            /// which, and ``solutions`` is a lower bound.
        );
    };
    (@munch $class:ident [solutions ($($extra:tt)*) $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@solutions $class [$($rest)*] [$($body)*] Self::solutions_with, $($extra)*);
    };
    (@munch $class:ident [solutions $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@solutions $class [$($rest)*] [$($body)*] $crate::class::solutions,);
    };
    (@solutions $class:ident [$($rest:tt)*] [$($body:tt)*] $core:path, $($extra:tt)*) => {
        $crate::class::python_class!(@options $class [$($rest)*] [$($body)*]
            solutions -> $crate::listing::Solutions = $core, [$($extra)*]
            /// A lazy iterator over the solutions, up to ``limit`` (``None``: all), found as they
            /// are asked for (``tessera.Solutions``). The budget covers the whole listing
            /// (``timeout`` counts from this call); when it runs out, the solutions found so far
            /// have been yielded and the iterator then raises ``tessera.GaveUp``. Its ``count``
            /// (or ``finish()``) says how the search ended; ``close()`` stops it early.
        );
    };
    // A method with the five options of every search, then the class's own (`$name`), whose
    // body is `$core(self, py, options, $name...)`.
    (@options $class:ident [$($rest:tt)*] [$($body:tt)*]
        $method:ident -> $ret:ty = $core:path, [$($name:ident: $type:ty = $default:tt),*] $(#[$doc:meta])*
    ) => {
        $crate::class::python_class!(@munch $class [$($rest)*] [$($body)*
            $(#[$doc])*
            #[pyo3(signature = (*, engine = "auto", limit = None, threads = 1, max_nodes = None, timeout = None $(, $name = $default)*))]
            #[allow(clippy::too_many_arguments)]
            fn $method(
                &self,
                py: pyo3::Python<'_>,
                engine: &str,
                limit: Option<i64>,
                threads: i64,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
                $($name: $type),*
            ) -> pyo3::PyResult<$ret> {
                let options = $crate::class::Options { engine, limit, threads, max_nodes, timeout };
                $core(self, py, options $(, $name)*)
            }
        ]);
    };
    (@munch $class:ident [pickle $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@munch $class [$($rest)*] [$($body)*
            /// Pickling (and ``copy``): the class's ``_from_state`` and its compact bytes form.
            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, (pyo3::Bound<'py, pyo3::types::PyBytes>,))> {
                $crate::pickle::reduce(slf)
            }

            /// The object of a state made by ``__reduce__``; ``ValueError`` for other bytes.
            #[classmethod]
            fn _from_state(_class: &pyo3::Bound<'_, pyo3::types::PyType>, state: &[u8]) -> pyo3::PyResult<Self> {
                $crate::pickle::restore(state)
            }
        ]);
    };
    (@munch $class:ident [verify $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@munch $class [$($rest)*] [$($body)*
            /// Checks ``answer`` against this puzzle from the rules alone, independently of the
            /// solvers: a ``Verdict``, whose ``violations`` list every rule broken.
            fn verify(
                &self,
                py: pyo3::Python<'_>,
                answer: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<$crate::common::Verdict> {
                $crate::class::verify(self, py, answer)
            }
        ]);
    };
    (@munch $class:ident [count_shard($($name:ident: $type:ty = $default:tt),*) $($rest:tt)*] [$($body:tt)*]) => {
        $crate::class::python_class!(@munch $class [$($rest)*] [$($body)*
            /// Counts shard ``index`` of ``of`` of this count and returns its manifest, a
            /// ``dict`` (docs/scale.md): the instance's hash, the engine, the split, the
            /// prefixes covered, ``solutions``, ``nodes``, ``seconds``, ``outcome``. Every shard
            /// of one count, on any machine, cuts the search tree the same way;
            /// ``tessera.merge`` adds the manifests up after checking every prefix was counted
            /// once. With ``checkpoint`` (a file path), finished prefixes are saved every
            /// ``checkpoint_every`` seconds and a rerun resumes from them. A budget that runs
            /// out gives a manifest whose ``outcome`` is ``'gave-up'`` (rerun it with its
            /// checkpoint); one that runs out while the tree is being split raises
            /// ``tessera.GaveUp``.
            #[pyo3(signature = (index, of, *, threads = 1, max_nodes = None, timeout = None, checkpoint = None, checkpoint_every = 30.0 $(, $name = $default)*))]
            #[allow(clippy::too_many_arguments)]
            fn count_shard(
                &self,
                py: pyo3::Python<'_>,
                index: i64,
                of: i64,
                threads: i64,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
                checkpoint: Option<std::path::PathBuf>,
                checkpoint_every: f64,
                $($name: $type),*
            ) -> pyo3::PyResult<pyo3::Py<pyo3::PyAny>> {
                let tree = self.shard_tree($($name),*);
                $crate::class::count_shard(
                    py, tree, index, of, threads, max_nodes, timeout, checkpoint, checkpoint_every,
                )
            }

            /// Cuts this count's search tree once into prefixes, estimates each, and deals them
            /// to ``parts`` parts: a ``tessera.Plan``, for ``count_part`` and
            /// ``count_prefixes`` (on any machine: ``Plan.to_json`` travels). Its cost does not
            /// grow with ``parts`` past a few dozen. A budget that runs out raises
            /// ``tessera.GaveUp``.
            #[pyo3(signature = (parts, *, threads = 1, max_nodes = None, timeout = None $(, $name = $default)*))]
            fn plan(
                &self,
                py: pyo3::Python<'_>,
                parts: i64,
                threads: i64,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
                $($name: $type),*
            ) -> pyo3::PyResult<$crate::shard::Plan> {
                let tree = self.shard_tree($($name),*)?;
                let budget = $crate::common::budget(max_nodes, timeout)?;
                $crate::shard::plan(py, &tree, parts, threads, budget)
            }

            /// Counts part ``part`` of ``plan`` (made by ``plan``, here or anywhere, of this
            /// very problem: another is refused with ``ValueError``) and returns its manifest,
            /// as ``count_shard`` does, without planning.
            #[pyo3(signature = (plan, part, *, threads = 1, max_nodes = None, timeout = None, checkpoint = None, checkpoint_every = 30.0 $(, $name = $default)*))]
            #[allow(clippy::too_many_arguments)]
            fn count_part(
                &self,
                py: pyo3::Python<'_>,
                plan: &$crate::shard::Plan,
                part: i64,
                threads: i64,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
                checkpoint: Option<std::path::PathBuf>,
                checkpoint_every: f64,
                $($name: $type),*
            ) -> pyo3::PyResult<pyo3::Py<pyo3::PyAny>> {
                let tree = self.shard_tree($($name),*)?;
                let call = $crate::shard::ShardCall { index: 0, of: 1, threads, max_nodes, timeout, checkpoint, checkpoint_every };
                $crate::shard::count_part(py, &tree, plan, part, call)
            }

            /// Counts the prefixes of ``plan`` at ``indices`` (any, each once), and the top of
            /// the tree if ``top`` (by default when ``indices`` holds 0), and returns the
            /// manifest of this batch (its ``shard`` is ``None``): ``tessera.merge`` takes any
            /// batches and parts that together count every prefix once and the top once.
            #[pyo3(signature = (plan, indices, *, top = None, threads = 1, max_nodes = None, timeout = None, checkpoint = None, checkpoint_every = 30.0 $(, $name = $default)*))]
            #[allow(clippy::too_many_arguments)]
            fn count_prefixes(
                &self,
                py: pyo3::Python<'_>,
                plan: &$crate::shard::Plan,
                indices: Vec<i64>,
                top: Option<bool>,
                threads: i64,
                max_nodes: Option<i64>,
                timeout: Option<f64>,
                checkpoint: Option<std::path::PathBuf>,
                checkpoint_every: f64,
                $($name: $type),*
            ) -> pyo3::PyResult<pyo3::Py<pyo3::PyAny>> {
                let tree = self.shard_tree($($name),*)?;
                let call = $crate::shard::ShardCall { index: 0, of: 1, threads, max_nodes, timeout, checkpoint, checkpoint_every };
                $crate::shard::count_prefixes(py, &tree, plan, indices, top, call)
            }
        ]);
    };
}

pub(crate) use {python_class, wrapping_class};
