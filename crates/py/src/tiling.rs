//! `tessera.TilingPuzzle` (a board and a set of polyominoes, `tessera::tiling::Puzzle`) and
//! `tessera.Tiling` (one way to cover it, `tessera::tiling::Tiling`).
//!
//! A `Tiling` keeps a reference to its puzzle, because a Rust tiling is only a list of placement
//! numbers: the puzzle is what turns them into pieces and squares. `verify` accepts a tiling of
//! another `TilingPuzzle` object too, by matching its placements by piece and squares.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tessera::tiling::{self as rust, Board, Engine, Motion, Puzzle, Query, Style};

use crate::common::{self, budget, engine, Count, Verdict};
use crate::errors::{gave_up, puzzle_error};

/// A polyomino tiling problem: cover a ``board`` with ``pieces``, each used once (or as many
/// times as its piece file says), moved as ``motion`` allows.
///
/// ``board`` is a size ``'WxH'`` (``'6x10'``: 6 wide, 10 high) or a drawing (lines of ``.``
/// for a cell and ``#`` for a hole). ``pieces`` is a built-in set (``'pentominoes'``,
/// ``'tetrominoes'``, ``'hexominoes'``, ``'one-sided-pentominoes'``) or a piece file's text
/// (pieces drawn with letters). ``motion`` is ``'free'`` (turn and flip), ``'rotations'`` or
/// ``'fixed'``; by default the set's own (free for drawn pieces).
///
/// >>> puzzle = tessera.TilingPuzzle('3x20', 'pentominoes')
/// >>> puzzle.count().solutions
/// 8
/// >>> puzzle.count(distinct=True).solutions
/// 2
/// >>> tiling = puzzle.solve()
/// >>> puzzle.verify(tiling).valid
/// True
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct TilingPuzzle {
    puzzle: Arc<Puzzle>,
}

impl TilingPuzzle {
    fn query(py: Python<'_>, engine_name: &str, limit: u64, threads: i64) -> PyResult<Query> {
        Ok(Query::default()
            .with_engine(engine::<Engine>(py, engine_name)?)
            .with_limit(limit)
            .with_threads(common::threads(threads)?))
    }

    fn wrap(&self, tiling: rust::Tiling) -> Tiling {
        Tiling { puzzle: self.puzzle.clone(), tiling }
    }
}

#[pymethods]
impl TilingPuzzle {
    /// TilingPuzzle(board='6x10', pieces='pentominoes', motion=None)
    /// --
    ///
    /// The problem of tiling ``board`` with ``pieces`` (see the class documentation).
    #[new]
    #[pyo3(signature = (board = "6x10", pieces = "pentominoes", motion = None))]
    fn new(py: Python<'_>, board: &str, pieces: &str, motion: Option<&str>) -> PyResult<Self> {
        let board = if board.trim().contains('\n') || !board.contains(['x', 'X']) {
            Board::parse(board)
        } else {
            Board::parse_size(board)
        }
        .map_err(|e| puzzle_error(py, e))?;
        let (pieces, default_motion) = match rust::builtin(pieces.trim()) {
            Some(set) => set,
            None if pieces.contains('\n') => {
                (rust::parse_pieces(pieces).map_err(|e| puzzle_error(py, e))?, Motion::Free)
            }
            None => {
                let names: Vec<&str> = rust::SETS.iter().map(|(name, _)| *name).collect();
                return Err(PyValueError::new_err(format!(
                    "unknown piece set {pieces:?}; expected one of {}, or a piece file's text",
                    names.join(", ")
                )));
            }
        };
        let motion = match motion.map(|m| m.trim().to_ascii_lowercase()) {
            None => default_motion,
            Some(m) if m == "free" => Motion::Free,
            Some(m) if m == "rotations" => Motion::Rotations,
            Some(m) if m == "fixed" => Motion::Fixed,
            Some(m) => {
                return Err(PyValueError::new_err(format!(
                    "unknown motion {m:?}; expected 'free', 'rotations' or 'fixed'"
                )))
            }
        };
        Ok(TilingPuzzle { puzzle: Arc::new(Puzzle::new(board, pieces, motion)) })
    }

    /// The board's width (columns).
    #[getter]
    fn width(&self) -> usize {
        self.puzzle.board().width()
    }

    /// The board's height (rows).
    #[getter]
    fn height(&self) -> usize {
        self.puzzle.board().height()
    }

    /// The pieces' names (one letter each).
    #[getter]
    fn pieces(&self) -> Vec<char> {
        self.puzzle.pieces().iter().map(rust::Piece::name).collect()
    }

    /// The number of placements (one piece in one position): the options of the exact cover.
    #[getter]
    fn placement_count(&self) -> usize {
        self.puzzle.placements().len()
    }

    /// Counts tilings up to ``limit`` (``None``: all) on ``threads`` threads (0: one per CPU).
    /// ``distinct=True`` counts them up to the board's symmetries (rotations and reflections
    /// the pieces' motion allows; ``limit`` must then be ``None``). ``engine`` is ``'auto'``
    /// (the bitboard search), ``'bits'`` or ``'xc'`` (the exact-cover reduction). Never raises
    /// for the budget: the ``Count``'s ``outcome`` is then ``'gave-up'``.
    ///
    /// >>> tessera.TilingPuzzle('5x12').count(threads=2).solutions
    /// 4040
    #[pyo3(signature = (limit = None, threads = 1, engine = "auto", distinct = false, max_nodes = None, timeout = None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        threads: i64,
        engine: &str,
        distinct: bool,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Count> {
        if distinct && limit.is_some() {
            return Err(PyValueError::new_err("distinct=True counts every class: leave limit out"));
        }
        let query = Self::query(py, engine, common::limit(limit)?, threads)?;
        let puzzle = &*self.puzzle;
        common::count(py, budget(max_nodes, timeout)?, move |budget| {
            let query = query.clone().with_budget(budget);
            if distinct {
                rust::count_distinct(puzzle, &query).count
            } else {
                rust::count(puzzle, &query)
            }
        })
    }

    /// Counts shard ``index`` of ``of`` of this count and returns its manifest, a ``dict``
    /// (docs/scale.md): the instance's hash, the engine, the split, the prefixes covered,
    /// ``solutions``, ``nodes``, ``seconds``, ``outcome``. Every shard of one count, on any
    /// machine, cuts the search tree the same way; ``tessera.merge`` adds the manifests up after
    /// checking every prefix was counted once. With ``checkpoint`` (a file path), finished
    /// prefixes are saved every ``checkpoint_every`` seconds and a rerun resumes from them.
    /// A budget that runs out gives a manifest whose ``outcome`` is ``'gave-up'`` (rerun it with
    /// its checkpoint); one that runs out while the tree is being split raises ``tessera.GaveUp``.
    /// ``symmetry=False`` counts without the symmetry reduction (the same total; the tree differs,
    /// so its shards are of another count). Classes (``distinct``) cannot be sharded.
    ///
    /// >>> t = tessera.TilingPuzzle('5x12')
    /// >>> tessera.merge([t.count_shard(i, 3) for i in range(3)])['solutions']
    /// 4040
    #[pyo3(signature = (index, of, threads = 1, max_nodes = None, timeout = None, checkpoint = None, checkpoint_every = 30.0, symmetry = true))]
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
        symmetry: bool,
    ) -> PyResult<Py<PyAny>> {
        let call =
            crate::shard::ShardCall { index, of, threads, max_nodes, timeout, checkpoint, checkpoint_every };
        crate::shard::count_shard(py, &rust::ShardTree::new(&self.puzzle, symmetry), call)
    }

    /// The first tiling found, or ``None`` if there is none. Raises ``tessera.GaveUp`` if
    /// ``max_nodes`` or ``timeout`` runs out first.
    #[pyo3(signature = (engine = "auto", max_nodes = None, timeout = None))]
    fn solve(
        &self,
        py: Python<'_>,
        engine: &str,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Option<Tiling>> {
        let query = Self::query(py, engine, 1, 1)?;
        let puzzle = &*self.puzzle;
        let answer = common::search(py, budget(max_nodes, timeout)?, move |budget| {
            rust::solve(puzzle, &query.clone().with_budget(budget))
        })?;
        answer.map(|found| found.map(|t| self.wrap(t))).map_err(|reason| gave_up(py, reason, None))
    }

    /// Up to ``limit`` tilings (``None``: all; in the solver's order on one thread, in no fixed
    /// order on several). Raises ``tessera.GaveUp`` (whose ``count`` says how many were found)
    /// if the budget runs out.
    #[pyo3(signature = (limit = None, threads = 1, engine = "auto", max_nodes = None, timeout = None))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        threads: i64,
        engine: &str,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Tiling>> {
        let query = Self::query(py, engine, common::limit(limit)?, threads)?;
        let puzzle = &*self.puzzle;
        let (found, seconds) = common::search(py, budget(max_nodes, timeout)?, move |budget| {
            let start = Instant::now();
            (rust::solutions(puzzle, &query.clone().with_budget(budget)), start.elapsed().as_secs_f64())
        })?;
        if let tessera::Outcome::GaveUp(reason) = found.count.outcome {
            return Err(gave_up(py, reason, Some(Count::new(&found.count, seconds))));
        }
        Ok(found.found.into_iter().map(|t| self.wrap(t)).collect())
    }

    /// Checks a ``Tiling`` independently of the solvers: every cell covered exactly once, each
    /// piece used as many times as it must be.
    fn verify(&self, tiling: PyRef<'_, Tiling>) -> Verdict {
        let tiling = if Arc::ptr_eq(&tiling.puzzle, &self.puzzle) {
            tiling.tiling.clone()
        } else {
            // Match each placement by piece name and squares; one that is not a placement of
            // this puzzle gets a number past the end, which the verifier reports.
            let index: HashMap<(char, Vec<(i32, i32)>), usize> = self
                .puzzle
                .placements()
                .iter()
                .enumerate()
                .map(|(i, _)| (placement_key(&self.puzzle, i), i))
                .collect();
            let unknown = self.puzzle.placements().len();
            rust::Tiling::new(
                (0..tiling.tiling.placements.len())
                    .map(|k| {
                        let key = placement_key(&tiling.puzzle, tiling.tiling.placements[k]);
                        index.get(&key).copied().unwrap_or(unknown + k)
                    })
                    .collect(),
            )
        };
        Verdict::new(&rust::verify(&self.puzzle, &tiling))
    }

    fn __repr__(&self) -> String {
        let board = self.puzzle.board();
        format!(
            "TilingPuzzle({}x{} board, {} pieces, {} placements)",
            board.width(),
            board.height(),
            self.puzzle.pieces().len(),
            self.puzzle.placements().len()
        )
    }
}

/// A placement as its piece's name and its squares `(row, column)`, sorted.
fn placement_key(puzzle: &Puzzle, placement: usize) -> (char, Vec<(i32, i32)>) {
    let placement = &puzzle.placements()[placement];
    let mut squares: Vec<(i32, i32)> = placement.cells.iter().map(|&c| puzzle.cells()[c as usize]).collect();
    squares.sort_unstable();
    (puzzle.pieces()[placement.piece].name(), squares)
}

/// One tiling of a ``TilingPuzzle``: ``placements`` lists each piece put down, as its name and
/// its squares ``(row, column)``; ``str(tiling)`` draws it with one letter per square.
///
/// >>> print(tessera.TilingPuzzle('20x3').solve())
/// UUXIIIIINNNFTWYYYYZV
/// UXXXPPLNNFFFTWWYZZZV
/// UUXPPPLLLLFTTTWWZVVV
/// <BLANKLINE>
#[pyclass(frozen, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Tiling {
    puzzle: Arc<Puzzle>,
    tiling: rust::Tiling,
}

#[pymethods]
impl Tiling {
    /// Each piece put down: ``(name, [(row, column), ...])``, squares sorted.
    #[getter]
    fn placements(&self) -> Vec<(char, Vec<(i32, i32)>)> {
        self.tiling.placements.iter().map(|&p| placement_key(&self.puzzle, p)).collect()
    }

    /// The board drawn with one character per square (the piece's letter; ``.`` for a hole),
    /// with ANSI background colours when ``color`` is true.
    #[pyo3(signature = (color = false))]
    fn render(&self, color: bool) -> String {
        let style = if color { Style::Color } else { Style::Plain };
        rust::render(&self.puzzle, &self.tiling, style)
    }

    fn __str__(&self) -> String {
        self.render(false)
    }

    fn __repr__(&self) -> String {
        format!("Tiling({} pieces)", self.tiling.placements.len())
    }

    fn __len__(&self) -> usize {
        self.tiling.placements.len()
    }
}
