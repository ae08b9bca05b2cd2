//! `tessera.Queens`: the N-queens board of `tessera::queens`, with its calls as methods. A
//! solution is, as in Rust, the queen's column in each row (a list of `n` integers from 0).

use std::time::Instant;

use pyo3::prelude::*;
use tessera::queens::{self as rust, Board, Engine, Query};

use crate::common::{self, budget, engine, Count, Verdict};
use crate::errors::{gave_up, puzzle_error};

/// The N-queens puzzle: place ``n`` queens on an ``n`` x ``n`` board so that no two share a
/// row, a column or a diagonal. ``n`` goes from 0 to 32 (``ValueError`` beyond: never "0
/// solutions"). A solution is the queen's column in each row, from 0.
///
/// ``engine`` is ``'auto'`` (the bitmask search, solutions in lexicographic order), ``'bits'``
/// or ``'xc'`` (the exact-cover reduction).
///
/// >>> queens = tessera.Queens(8)
/// >>> queens.count().solutions
/// 92
/// >>> queens.solve()
/// [0, 4, 7, 5, 2, 6, 1, 3]
/// >>> queens.verify([0, 4, 7, 5, 2, 6, 1, 3]).valid
/// True
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Queens {
    board: Board,
}

impl Queens {
    fn query(py: Python<'_>, engine_name: &str, limit: u64, threads: i64) -> PyResult<Query> {
        Ok(Query::default()
            .with_engine(engine::<Engine>(py, engine_name)?)
            .with_limit(limit)
            .with_threads(common::threads(threads)?))
    }
}

#[pymethods]
impl Queens {
    /// Queens(n)
    /// --
    ///
    /// The empty ``n`` x ``n`` board (``n`` from 0 to 32).
    #[new]
    fn new(py: Python<'_>, n: i64) -> PyResult<Self> {
        // A negative side is out of range too: Board::new says so in its own words.
        let side = usize::try_from(n).unwrap_or(usize::MAX);
        Board::new(side).map(|board| Queens { board }).map_err(|e| puzzle_error(py, e))
    }

    /// The side of the board.
    #[getter]
    fn n(&self) -> usize {
        self.board.n()
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
    /// >>> q = tessera.Queens(10)
    /// >>> tessera.merge([q.count_shard(i, 4) for i in range(4)])['solutions']
    /// 724
    #[pyo3(signature = (index, of, threads = 1, max_nodes = None, timeout = None, checkpoint = None, checkpoint_every = 30.0))]
    #[allow(clippy::too_many_arguments)]
    fn count_shard(
        &self,
        py: Python<'_>,
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
        crate::shard::count_shard(py, &tessera::queens::ShardTree::new(&self.board), call)
    }

    /// Counts placements up to ``limit`` (``None``: all) on ``threads`` threads (0: one per
    /// CPU). Never raises for the budget: the ``Count``'s ``outcome`` is then ``'gave-up'``.
    ///
    /// >>> tessera.Queens(10).count(threads=2).solutions
    /// 724
    #[pyo3(signature = (limit = None, threads = 1, engine = "auto", max_nodes = None, timeout = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        threads: i64,
        engine: &str,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Count> {
        let query = Self::query(py, engine, common::limit(limit)?, threads)?;
        let board = &self.board;
        common::count(py, budget(max_nodes, timeout)?, move |budget| {
            rust::count(board, &query.clone().with_budget(budget))
        })
    }

    /// The first placement (the first in lexicographic order with the default engine), or
    /// ``None`` when there is none (n = 2, 3). Raises ``tessera.GaveUp`` if ``max_nodes`` or
    /// ``timeout`` runs out first.
    #[pyo3(signature = (engine = "auto", max_nodes = None, timeout = None))]
    fn solve(
        &self,
        py: Python<'_>,
        engine: &str,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Option<Vec<usize>>> {
        let query = Self::query(py, engine, 1, 1)?;
        let board = &self.board;
        let answer = common::search(py, budget(max_nodes, timeout)?, move |budget| {
            rust::solve(board, &query.clone().with_budget(budget))
        })?;
        answer.map_err(|reason| gave_up(py, reason, None))
    }

    /// Up to ``limit`` placements (``None``: all). Raises ``tessera.GaveUp`` (whose ``count``
    /// says how many were found) if the budget runs out.
    ///
    /// >>> tessera.Queens(4).solutions()
    /// [[1, 3, 0, 2], [2, 0, 3, 1]]
    #[pyo3(signature = (limit = None, threads = 1, engine = "auto", max_nodes = None, timeout = None))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        threads: i64,
        engine: &str,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Vec<usize>>> {
        let query = Self::query(py, engine, common::limit(limit)?, threads)?;
        let board = &self.board;
        let (found, seconds) = common::search(py, budget(max_nodes, timeout)?, move |budget| {
            let start = Instant::now();
            (rust::solutions(board, &query.clone().with_budget(budget)), start.elapsed().as_secs_f64())
        })?;
        if let tessera::Outcome::GaveUp(reason) = found.count.outcome {
            return Err(gave_up(py, reason, Some(Count::new(&found.count, seconds))));
        }
        Ok(found.found)
    }

    /// Checks a placement (the queen's column in each row), independently of the solvers.
    ///
    /// >>> tessera.Queens(4).verify([0, 1, 2, 3]).valid
    /// False
    fn verify(&self, columns: Vec<usize>) -> Verdict {
        Verdict::new(&rust::verify(&self.board, &columns))
    }

    /// The placement drawn with ``Q`` for a queen and ``.`` for an empty square.
    ///
    /// >>> print(tessera.Queens.render([1, 3, 0, 2]), end='')
    /// . Q . .
    /// . . . Q
    /// Q . . .
    /// . . Q .
    #[staticmethod]
    fn render(columns: Vec<usize>) -> String {
        rust::render(&columns)
    }

    fn __repr__(&self) -> String {
        format!("Queens({})", self.board.n())
    }
}
