//! Shards and the estimator from Python: `count_shard`, and the plan made once (`plan`, giving a
//! `tessera.Plan`, then `count_part` and `count_prefixes` from it) of `ExactCover`, `Queens` and
//! `TilingPuzzle`; `ExactCover.estimate` and `tessera.merge`, over `tessera_xc::shard`
//! (docs/scale.md).
//!
//! A `Plan` is the library's plan as it is (its JSON text is the file `tessera xc plan` writes):
//! a driver makes it once and hands it, or its JSON, to the workers, which rebuild their
//! prefixes from it without planning.
//!
//! A manifest crosses the boundary as a plain `dict` (through JSON, the form a cluster's workers
//! write to files or return from a Ray task), so that it pickles, serialises and merges without
//! any class of ours on the other side.

use std::path::PathBuf;
use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyAny;
use tessera_xc::shard::{self, Manifest, RunOptions, Shard, ShardError, Tree};
use tessera_xc::Budget;
use tessera_xc::GaveUp;

use crate::common::{self, budget, Answer};

pyo3::create_exception!(
    tessera,
    MergeError,
    PyValueError,
    "Manifests that do not add up to one count: a shard missing or given twice, a shard of\n\
     another instance or split, an unfinished shard, or prefixes covered twice or not at all.\n\
     The message names the shard at fault."
);

/// The shard flags every `count_shard` takes.
pub(crate) struct ShardCall {
    pub(crate) index: i64,
    pub(crate) of: i64,
    pub(crate) threads: i64,
    pub(crate) max_nodes: Option<i64>,
    pub(crate) timeout: Option<f64>,
    pub(crate) checkpoint: Option<PathBuf>,
    pub(crate) checkpoint_every: f64,
}

/// What a shard run came to, as `common::search` needs it.
struct Ran(Result<Manifest, ShardError>);

impl Answer for Ran {
    fn hit_deadline(&self) -> bool {
        match &self.0 {
            Ok(manifest) => manifest.reason.as_deref() == Some(GaveUp::Deadline.name()),
            Err(ShardError::Plan(reason)) => *reason == GaveUp::Deadline,
            Err(_) => false,
        }
    }
}

/// Runs `run` with the options `call` gives (its `index` and `of` as the shard), under the
/// GIL-free search of `common`; the manifest as a `dict`.
fn run_shard<F>(py: Python<'_>, call: ShardCall, run: F) -> PyResult<Py<PyAny>>
where
    F: Fn(&RunOptions) -> Result<Manifest, ShardError> + Send + Sync,
{
    let shard = u32::try_from(call.index)
        .ok()
        .zip(u32::try_from(call.of).ok())
        .ok_or_else(|| {
            PyValueError::new_err(format!("shard {}/{}: I and N must be 0 or more", call.index, call.of))
        })
        .and_then(|(i, n)| Shard::new(i, n).map_err(|e| PyValueError::new_err(e.to_string())))?;
    let threads = common::threads(call.threads)?;
    let every = Duration::try_from_secs_f64(call.checkpoint_every).map_err(|_| {
        PyValueError::new_err(format!(
            "checkpoint_every is {}; expected seconds, 0 or more",
            call.checkpoint_every
        ))
    })?;
    let budget = budget(call.max_nodes, call.timeout)?;
    let checkpoint = call.checkpoint;
    let Ran(result) = common::search(py, budget, move |budget| {
        let mut options = RunOptions::new(shard);
        options.threads = threads;
        options.budget = budget;
        options.checkpoint.clone_from(&checkpoint);
        options.checkpoint_every = every;
        Ran(run(&options))
    })?;
    match result {
        Ok(manifest) => to_python(py, &manifest),
        Err(ShardError::Plan(reason)) => Err(crate::errors::gave_up(py, reason, None)),
        Err(error) => Err(PyValueError::new_err(error.to_string())),
    }
}

/// Counts shard `call.index` of `call.of` of `tree`; the manifest as a `dict`.
pub(crate) fn count_shard<T: Tree>(py: Python<'_>, tree: &T, call: ShardCall) -> PyResult<Py<PyAny>> {
    run_shard(py, call, |options| shard::run(tree, options))
}

/// Counts part `part` of `plan` (no planning: its prefixes are rebuilt from the plan's keys).
pub(crate) fn count_part<T: Tree>(
    py: Python<'_>,
    tree: &T,
    plan: &Plan,
    part: i64,
    call: ShardCall,
) -> PyResult<Py<PyAny>> {
    let part = u64::try_from(part).map_err(|_| {
        PyValueError::new_err(format!(
            "part {part} is out of range: the plan has parts 0 to {}",
            plan.0.parts - 1
        ))
    })?;
    run_shard(py, call, |options| shard::run_part(tree, &plan.0, part, options))
}

/// Counts the prefixes of `plan` at `indices` (and the top of the tree if `top`, by default when
/// `indices` holds prefix 0): a batch whose manifest merges with any others that cover the rest.
pub(crate) fn count_prefixes<T: Tree>(
    py: Python<'_>,
    tree: &T,
    plan: &Plan,
    indices: Vec<i64>,
    top: Option<bool>,
    call: ShardCall,
) -> PyResult<Py<PyAny>> {
    let indices: Vec<u64> = indices
        .into_iter()
        .map(|i| {
            u64::try_from(i).map_err(|_| {
                PyValueError::new_err(format!("prefix {i} is out of range: indices are 0 or more"))
            })
        })
        .collect::<PyResult<_>>()?;
    let top = top.unwrap_or_else(|| indices.contains(&0));
    run_shard(py, call, |options| shard::run_prefixes(tree, &plan.0, &indices, top, options))
}

/// What planning came to, as `common::search` needs it.
struct Planned(Result<shard::Plan, GaveUp>);

impl Answer for Planned {
    fn hit_deadline(&self) -> bool {
        matches!(self.0, Err(GaveUp::Deadline))
    }
}

/// Plans `tree` once for `parts` parts.
pub(crate) fn plan<T: Tree>(
    py: Python<'_>,
    tree: &T,
    parts: i64,
    threads: i64,
    budget: Budget,
) -> PyResult<Plan> {
    let parts = u32::try_from(parts)
        .ok()
        .filter(|&p| (1..=Shard::MAX).contains(&p))
        .ok_or_else(|| PyValueError::new_err(format!("parts is {parts}; expected 1 to {}", Shard::MAX)))?;
    let threads = common::threads(threads)?;
    let Planned(result) =
        common::search(py, budget, move |budget| Planned(shard::Plan::new(tree, parts, threads, &budget)))?;
    result.map(Plan).map_err(|reason| crate::errors::gave_up(py, reason, None))
}

/// Plan
/// --
///
/// A count's search tree cut once into prefixes, each with its estimated cost (nodes, from
/// Knuth's random probes) and its part; made by ``plan(parts)`` of ``ExactCover``, ``Queens`` or
/// ``TilingPuzzle``. Workers count it with ``count_part(plan, i)`` or ``count_prefixes(plan,
/// indices)`` without planning; ``tessera.merge`` adds their manifests up. ``to_json`` gives the
/// file ``tessera xc plan`` writes, and ``Plan.from_json`` reads one (checked: version, parts,
/// keys). ``len(plan)`` is its number of prefixes.
#[pyclass(module = "tessera", frozen)]
#[derive(Debug, Clone)]
pub struct Plan(pub(crate) shard::Plan);

#[pymethods]
impl Plan {
    /// The plan as JSON text (the format ``tessera-plan/1``).
    fn to_json(&self) -> String {
        self.0.to_json()
    }

    /// Reads a plan from its JSON text; ``ValueError`` says what is wrong with it.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Plan> {
        shard::Plan::from_json(text).map(Plan).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    fn __len__(&self) -> usize {
        self.0.prefixes.len()
    }

    /// Pickles as its JSON text, read back (and checked whole) by ``from_json``.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = slf.as_any().get_type().getattr("from_json")?;
        Ok((restore, (slf.get().0.to_json(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "tessera.Plan({} {} on {}, {} prefixes in {} parts)",
            self.0.kind,
            self.0.instance.get(..12).unwrap_or(&self.0.instance),
            self.0.engine,
            self.0.prefixes.len(),
            self.0.parts
        )
    }

    /// How many parts the prefixes are dealt to.
    #[getter]
    fn parts(&self) -> u32 {
        self.0.parts
    }

    /// ``'xc'``, ``'tiling'`` or ``'queens'``.
    #[getter]
    fn kind(&self) -> String {
        self.0.kind.clone()
    }

    /// The engine that counts (the cut depends on it).
    #[getter]
    fn engine(&self) -> String {
        self.0.engine.clone()
    }

    /// Each prefix's estimated nodes, by index.
    #[getter]
    fn costs(&self) -> Vec<f64> {
        self.0.costs()
    }

    /// Each prefix's part, by index.
    #[getter]
    fn owners(&self) -> Vec<u32> {
        self.0.prefixes.iter().map(|p| p.part).collect()
    }

    /// The indices of the prefixes of part ``part``.
    fn prefixes_of(&self, part: i64) -> PyResult<Vec<usize>> {
        let part = u64::try_from(part).unwrap_or(u64::MAX);
        self.0.checked_part(part).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// A serialisable value as the Python object `json.loads` makes of it.
pub(crate) fn to_python(py: Python<'_>, value: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// `tessera.merge(manifests)`: the total of a sharded count, after checking that the manifests
/// (dicts as `count_shard` returns them, or their JSON text) are every shard of one count, once
/// each, covering every prefix exactly once.
///
/// Returns a dict: ``solutions``, ``nodes``, ``shards``, ``prefixes``, ``kind``, ``instance``,
/// ``engine`` and ``seconds`` (each shard's counting time). Raises ``tessera.MergeError`` naming
/// the shard at fault.
///
/// >>> q = tessera.Queens(8)
/// >>> tessera.merge([q.count_shard(i, 3) for i in range(3)])["solutions"]
/// 92
#[pyfunction]
pub(crate) fn merge(py: Python<'_>, manifests: Vec<Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    let mut parsed = Vec::with_capacity(manifests.len());
    for (position, manifest) in manifests.iter().enumerate() {
        let text: String = match manifest.extract::<String>() {
            Ok(text) => text,
            Err(_) => json.call_method1("dumps", (manifest,))?.extract()?,
        };
        let manifest: Manifest = serde_json::from_str(&text)
            .map_err(|e| MergeError::new_err(format!("manifest {position} is not a shard manifest: {e}")))?;
        parsed.push(manifest);
    }
    let merged = shard::merge(&parsed).map_err(|e| MergeError::new_err(e.to_string()))?;
    to_python(py, &merged)
}
