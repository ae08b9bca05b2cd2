//! `tessera.Hidato`: a Hidato (or Numbrix) board with the calls of `tessera::hidato` as methods,
//! and `tessera.HidatoRating`, what the logical rater says about it.
//!
//! Adjacency is a name on the Python side, as on the command line: `'hidato'` (the eight
//! neighbours) or `'numbrix'` (the four orthogonal ones); `'king'` and `'orthogonal'`, the Rust
//! names, are accepted too.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tessera::hidato::{self as rust, Adjacency, Difficulty, Generator};

use crate::class::{python_class, wrapping_class, Answers};
use crate::common::{self, Generated};
use crate::errors::puzzle_error;

/// The adjacency of an `adjacency` argument.
fn adjacency(name: &str) -> PyResult<Adjacency> {
    match name.trim().to_ascii_lowercase().as_str() {
        "hidato" | "king" => Ok(Adjacency::King),
        "numbrix" | "orthogonal" => Ok(Adjacency::Orthogonal),
        _ => {
            Err(PyValueError::new_err(format!("unknown adjacency {name:?}; expected 'hidato' or 'numbrix'")))
        }
    }
}

/// A Hidato board: fill the cells with 1..N so that consecutive numbers touch (diagonals count
/// for ``'hidato'``, not for ``'numbrix'``). Cells are -1 (a hole, not part of the board), 0
/// (empty) or a given number.
///
/// ``Hidato(text, adjacency='hidato')`` reads one puzzle: ``W H`` then ``H`` rows of ``W``
/// numbers (optionally preceded by a line with the count 1), or a JSON object
/// (``{"width": 3, "height": 1, "cells": [[1, 0, 3]]}``). ``Hidato.from_cells(width, height,
/// cells)`` builds one from numbers. A mistake raises ``tessera.ParseError`` (``line``,
/// ``column``) or ``ValueError``.
///
/// The searches are methods: ``solve``, ``count`` and ``solutions`` take ``engine``
/// (``'auto'``, ``'domain'``, ``'walk'``, ``'xc'``), ``max_nodes`` and ``timeout``;
/// ``verify(answer)``, ``rate()`` and ``Hidato.generate(...)`` as for Sudoku. (The library's
/// own engines find every solution before ``solutions()`` hands out the first, so on a board
/// with very many solutions give ``solutions`` a ``limit``, or use ``engine='xc'``.)
///
/// >>> puzzle = tessera.Hidato('3 3\n1 0 0\n0 0 0\n0 0 9\n', adjacency='numbrix')
/// >>> puzzle.count().solutions
/// 2
/// >>> answer = puzzle.solve()
/// >>> answer.rows
/// [[1, 2, 3], [6, 5, 4], [7, 8, 9]]
/// >>> puzzle.verify(answer).valid
/// True
#[pyclass(frozen, eq, hash, module = "tessera")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hidato {
    pub(crate) board: rust::Hidato,
}

wrapping_class!(Hidato(board: rust::Hidato));

/// An answer is a `Hidato`, or text read with this puzzle's adjacency.
impl Answers for Hidato {
    fn answer(&self, py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<rust::Hidato> {
        match answer.extract::<PyRef<'_, Hidato>>() {
            Ok(answer) => Ok(answer.board.clone()),
            Err(_) => {
                let text: String = answer.extract()?;
                rust::parse_puzzle(&text, self.board.adjacency()).map_err(|e| puzzle_error(py, e))
            }
        }
    }
}

/// Saved as its adjacency (0 Hidato, 1 Numbrix), width, height and cells.
impl crate::pickle::Pickle for Hidato {
    const NAME: &'static str = "Hidato";

    fn save(&self, out: &mut Vec<u8>) {
        use crate::pickle::Field;
        u8::from(self.board.adjacency() == Adjacency::Orthogonal).put(out);
        self.board.width().put(out);
        self.board.height().put(out);
        self.board.cells().to_vec().put(out);
    }

    fn load(input: &mut crate::pickle::Reader<'_>) -> Result<Self, String> {
        use crate::pickle::Field;
        let adjacency = match u8::take(input)? {
            0 => Adjacency::King,
            1 => Adjacency::Orthogonal,
            other => return Err(format!("adjacency {other}")),
        };
        let (width, height) = (usize::take(input)?, usize::take(input)?);
        let cells = Vec::<i32>::take(input)?;
        rust::Hidato::new(width, height, cells, adjacency).map(Hidato::wrap).map_err(|e| e.to_string())
    }
}

python_class!(Hidato [solve count solutions verify pickle] {
    /// Hidato(text, adjacency='hidato')
    /// --
    ///
    /// One puzzle in the text format or JSON (see the class documentation). JSON's
    /// ``"adjacency"``, when present, wins over ``adjacency``.
    #[new]
    #[pyo3(signature = (text, adjacency = "hidato"))]
    fn new(py: Python<'_>, text: &str, adjacency: &str) -> PyResult<Self> {
        let adjacency = self::adjacency(adjacency)?;
        rust::parse_puzzle(text, adjacency).map(Hidato::wrap).map_err(|e| puzzle_error(py, e))
    }

    /// One puzzle; the same as ``Hidato(text, adjacency)``.
    #[staticmethod]
    #[pyo3(signature = (text, adjacency = "hidato"))]
    fn parse(py: Python<'_>, text: &str, adjacency: &str) -> PyResult<Self> {
        Self::new(py, text, adjacency)
    }

    /// Every puzzle of a text: the count line and puzzles of the text format, or a JSON array.
    #[staticmethod]
    #[pyo3(signature = (text, adjacency = "hidato"))]
    fn parse_many(py: Python<'_>, text: &str, adjacency: &str) -> PyResult<Vec<Hidato>> {
        let adjacency = self::adjacency(adjacency)?;
        let puzzles = rust::parse(text, adjacency).map_err(|e| puzzle_error(py, e))?;
        Ok(puzzles.into_iter().map(Hidato::wrap).collect())
    }

    /// A board from its cells, row by row (-1 hole, 0 empty, else a given), or from a list of
    /// rows when ``width`` and ``height`` are left out.
    ///
    /// >>> tessera.Hidato.from_cells([[1, 0, 3]]).solve().cells
    /// [1, 2, 3]
    #[staticmethod]
    #[pyo3(signature = (cells, width = None, height = None, adjacency = "hidato"))]
    fn from_cells(
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        width: Option<usize>,
        height: Option<usize>,
        adjacency: &str,
    ) -> PyResult<Self> {
        let adjacency = self::adjacency(adjacency)?;
        let (width, height, cells) = match (width, height) {
            (Some(width), Some(height)) => (width, height, cells.extract::<Vec<i32>>()?),
            (None, None) => {
                let rows = cells.extract::<Vec<Vec<i32>>>()?;
                let width = rows.first().map_or(0, Vec::len);
                if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != width) {
                    return Err(PyValueError::new_err(format!(
                        "row {} has {} cells; the first row has {width}",
                        r + 1,
                        row.len()
                    )));
                }
                (width, rows.len(), rows.concat())
            }
            _ => return Err(PyValueError::new_err("give both width and height, or neither (cells as rows)")),
        };
        rust::Hidato::new(width, height, cells, adjacency).map(Hidato::wrap).map_err(|e| puzzle_error(py, e))
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.board.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.board.height()
    }

    /// The cells row by row: -1 hole, 0 empty, else the number.
    #[getter]
    fn cells(&self) -> Vec<i32> {
        self.board.cells().to_vec()
    }

    /// The cells as a list of rows.
    #[getter]
    fn rows(&self) -> Vec<Vec<i32>> {
        self.board.cells().chunks(self.board.width().max(1)).map(<[i32]>::to_vec).collect()
    }

    /// ``'hidato'`` (eight neighbours) or ``'numbrix'`` (four).
    #[getter]
    fn adjacency(&self) -> &'static str {
        self.board.adjacency().name()
    }

    /// N, the number of cells that are not holes: the path runs from 1 to N.
    #[getter]
    fn size(&self) -> usize {
        self.board.size()
    }

    /// The number of given cells.
    #[getter]
    fn givens(&self) -> usize {
        self.board.givens()
    }

    /// The puzzle in the text format (a count line of 1, ``W H``, the rows).
    fn to_text(&self) -> String {
        rust::to_text(std::slice::from_ref(&self.board))
    }

    /// The puzzle as a JSON object (adjacency included).
    fn to_json(&self) -> String {
        let array = rust::to_json(std::slice::from_ref(&self.board));
        array.strip_prefix('[').and_then(|a| a.strip_suffix(']')).unwrap_or(&array).to_owned()
    }

    /// Rates the puzzle with the logical rules (see ``HidatoRating``).
    ///
    /// >>> tessera.Hidato('3 1\n1 0 3\n').rate().difficulty
    /// 'easy'
    fn rate(&self, py: Python<'_>) -> PyResult<HidatoRating> {
        let board = &self.board;
        let rating = common::search(py, tessera::Budget::unlimited(), move |_| rust::rate(board))?;
        Ok(HidatoRating {
            difficulty: rating.difficulty.name(),
            score: rating.score,
            hardest: rating.hardest.map(tessera::hidato::Technique::name),
            steps: rating.steps.len(),
            solved: rating.solved,
            contradiction: rating.contradiction,
        })
    }

    /// Generates a puzzle with exactly one solution, reproducibly from ``seed``, on a ``width``
    /// x ``height`` board, or on the cells of ``shape`` (a ``Hidato`` whose holes stay holes).
    /// ``level`` is ``'easy'``, ``'medium'``, ``'hard'`` or ``'expert'`` (``None``: any).
    /// Returns a ``Generated``; raises ``tessera.GaveUp`` when ``max_nodes`` or ``timeout``
    /// runs out first or the shape has no path.
    ///
    /// >>> made = tessera.Hidato.generate(width=5, height=5, level='easy', seed=7)
    /// >>> made.difficulty, made.puzzle.count().solutions
    /// ('easy', 1)
    #[staticmethod]
    #[pyo3(signature = (*, width = None, height = None, level = None, seed = 0, adjacency = "hidato", shape = None, keep_ends = false, max_nodes = None, timeout = None))]
    #[allow(clippy::too_many_arguments)]
    fn generate(
        py: Python<'_>,
        width: Option<usize>,
        height: Option<usize>,
        level: Option<&str>,
        seed: u64,
        adjacency: &str,
        shape: Option<PyRef<'_, Hidato>>,
        keep_ends: bool,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Generated> {
        let adjacency = self::adjacency(adjacency)?;
        let shape = match (shape, width, height) {
            (Some(shape), None, None) => shape.board.clone(),
            (None, Some(width), Some(height)) => {
                let cells = vec![0; width.saturating_mul(height)];
                rust::Hidato::new(width, height, cells, adjacency).map_err(|e| puzzle_error(py, e))?
            }
            _ => return Err(PyValueError::new_err("give width and height, or a shape")),
        };
        let mut generator = Generator::new(shape).keep_ends(keep_ends);
        if let Some(level) = level {
            generator = generator.difficulty(common::level::<Difficulty>(level)?);
        }
        let made =
            common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
        let pair = (Hidato::wrap(made.puzzle), Hidato::wrap(made.solution));
        Generated::of(py, pair, made.seed, Some(made.difficulty.name()), made.attempts)
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        format!("Hidato.from_cells({:?}, adjacency='{}')", self.rows(), self.adjacency())
    }
});

/// What the logical rater did with a Hidato: ``difficulty`` (``'easy'``, ``'medium'``,
/// ``'hard'``, ``'expert'``: the level of the hardest rule used, or expert when the rules could
/// not finish), ``score``, ``hardest`` (the rule's name), ``steps``, ``solved`` and
/// ``contradiction`` (the rules proved there is no solution).
#[pyclass(frozen, get_all, module = "tessera")]
#[derive(Debug, Clone)]
pub struct HidatoRating {
    difficulty: &'static str,
    score: u32,
    hardest: Option<&'static str>,
    steps: usize,
    solved: bool,
    contradiction: bool,
}

crate::pickle::pickle_fields!(HidatoRating { difficulty, score, hardest, steps, solved, contradiction });

crate::class::python_class!(HidatoRating [pickle] {
    fn __repr__(&self) -> String {
        let py_bool = |b: bool| if b { "True" } else { "False" };
        format!(
            "HidatoRating(difficulty='{}', score={}, steps={}, solved={})",
            self.difficulty,
            self.score,
            self.steps,
            py_bool(self.solved)
        )
    }
});
