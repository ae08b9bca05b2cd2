//! Shards and the estimator from Python: `ExactCover.count_shard`, `Queens.count_shard`,
//! `TilingPuzzle.count_shard`, `ExactCover.estimate` and `tessera.merge`, over
//! `tessera_xc::shard` (docs/scale.md).
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

/// Counts shard `call.index` of `call.of` of `tree`; the manifest as a `dict`.
pub(crate) fn count_shard<T: Tree>(py: Python<'_>, tree: &T, call: ShardCall) -> PyResult<Py<PyAny>> {
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
        Ran(shard::run(tree, &options))
    })?;
    match result {
        Ok(manifest) => to_python(py, &manifest),
        Err(ShardError::Plan(reason)) => Err(crate::errors::gave_up(py, reason, None)),
        Err(error) => Err(PyValueError::new_err(error.to_string())),
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
