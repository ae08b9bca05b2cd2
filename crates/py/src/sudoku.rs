//! `tessera.Sudoku`: a Sudoku of any size from 4x4 to 25x25 (classic, X, jigsaw), read in every
//! format the Rust reader accepts, with the calls of `tessera::sudoku` as methods, and
//! `tessera.SudokuRating` and `tessera.Hint`, what the human-style solver says about it.
//!
//! Answers (solutions, the `answer` of `verify`) are `Sudoku` objects too: a solution is the full
//! grid, written in the same layout as its puzzle.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::sync::Arc;
use tessera::sudoku::logic::{self, Difficulty, Technique};
use tessera::sudoku::{self as rust, Generator, Layout, Symmetry};

use crate::class::{python_class, wrapping_class, Answers};
use crate::common::{self, Generated};
use crate::errors::puzzle_error;

/// A Sudoku puzzle (or a filled grid): 4x4 to 25x25, with boxes or jigsaw regions, optionally
/// Sudoku X (both diagonals hold every digit).
///
/// ``Sudoku(text)`` reads one puzzle in any format: a line (``'53..7....6..195...'``, with
/// ``.``, ``0`` or ``_`` for empty cells, letters from 10 up, and optional region line, box
/// shape ``RxC`` and ``X`` after it), a grid as people paste it (rows on lines, ``|`` and
/// ``---+---`` ignored), or a JSON object (``{"cells": "...", "variant": "x"}``). A mistake
/// raises ``tessera.ParseError`` with its ``line`` and ``column``.
///
/// The searches are methods: ``solve``, ``count`` and ``solutions`` take ``engine``
/// (``'auto'``, ``'fast'``, ``'general'``, ``'xc'``), ``max_nodes`` and ``timeout``;
/// ``verify(answer)`` checks an answer; ``rate()`` and ``hint()`` solve like a person;
/// ``Sudoku.generate(...)`` makes new puzzles.
///
/// >>> puzzle = tessera.Sudoku(
/// ...     '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')
/// >>> solution = puzzle.solve()
/// >>> solution.to_line()[:9]
/// '534678912'
/// >>> puzzle.verify(solution).valid
/// True
/// >>> puzzle.count(limit=2).solutions
/// 1
#[pyclass(frozen, eq, hash, module = "tessera")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    pub(crate) grid: rust::Sudoku,
}

wrapping_class!(Sudoku(grid: rust::Sudoku));

/// An answer is a `Sudoku`, or text in any format.
impl Answers for Sudoku {
    fn answer(&self, py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<rust::Sudoku> {
        if answer.is_instance_of::<PyString>() {
            let text: String = answer.extract()?;
            return rust::Sudoku::parse(&text).map_err(|e| puzzle_error(py, e));
        }
        Ok(answer.extract::<PyRef<'_, Sudoku>>()?.grid.clone())
    }
}

/// Saved as its line (cells, then region line, box shape or `X`), which reads back exactly.
impl crate::pickle::Pickle for Sudoku {
    const NAME: &'static str = "Sudoku";

    fn save(&self, out: &mut Vec<u8>) {
        crate::pickle::Field::put(&self.grid.to_line(), out);
    }

    fn load(input: &mut crate::pickle::Reader<'_>) -> Result<Self, String> {
        let line: String = crate::pickle::Field::take(input)?;
        rust::Sudoku::parse(&line).map(Sudoku::wrap).map_err(|e| e.to_string())
    }
}

python_class!(Sudoku [solve count solutions verify pickle] {
    /// Sudoku(text)
    /// --
    ///
    /// One puzzle in any format (line, grid or JSON; see the class documentation).
    #[new]
    fn new(py: Python<'_>, text: &str) -> PyResult<Self> {
        rust::Sudoku::parse(text).map(Sudoku::wrap).map_err(|e| puzzle_error(py, e))
    }

    /// One puzzle in any format; the same as ``Sudoku(text)``.
    ///
    /// >>> tessera.Sudoku.parse('1.3.0..2...4_2..').clues
    /// 5
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Self> {
        Self::new(py, text)
    }

    /// Every puzzle of a text (a file's contents): puzzle lines, grids separated by blank lines,
    /// JSON objects, ``#`` comment lines. Raises ``tessera.ParseError`` at the first bad puzzle.
    ///
    /// >>> len(tessera.Sudoku.parse_many('1.3.0..2...4_2..\n# a comment\n1...............\n'))
    /// 2
    #[staticmethod]
    fn parse_many(py: Python<'_>, text: &str) -> PyResult<Vec<Sudoku>> {
        rust::parse_puzzles(text)
            .map(|parsed| parsed.puzzle.map(Sudoku::wrap).map_err(|e| puzzle_error(py, e)))
            .collect()
    }

    /// The side of the grid (4 to 25).
    #[getter]
    fn size(&self) -> usize {
        self.grid.layout().size()
    }

    /// The cells row by row: 0 for empty, else the digit (1 to the size).
    #[getter]
    fn cells(&self) -> Vec<u32> {
        // Not `Vec<u8>`, which Python would receive as `bytes`.
        self.grid.cells().iter().map(|&digit| u32::from(digit)).collect()
    }

    /// The number of filled cells.
    #[getter]
    fn clues(&self) -> usize {
        self.grid.clues()
    }

    /// The layout's name: ``'9x9'``, ``'6x6 (2x3 boxes)'``, a jigsaw, an X, ...
    #[getter]
    fn layout(&self) -> String {
        self.grid.layout().name()
    }

    /// Whether the grid is full and breaks no rule.
    #[getter]
    fn is_solved(&self) -> bool {
        self.grid.is_solved()
    }

    /// The puzzle on one line (cells, then its region line, box shape or ``X`` if it has them).
    fn to_line(&self) -> String {
        self.grid.to_line()
    }

    /// The puzzle as a grid for people, with ``|`` and ``---+---`` between boxes.
    fn to_grid(&self) -> String {
        self.grid.to_grid()
    }

    /// The puzzle as one line of JSON (what ``Sudoku(text)`` reads back, variant included).
    fn to_json(&self) -> String {
        self.grid.to_json()
    }

    /// Rates the puzzle by solving it like a person (see ``SudokuRating``). With
    /// ``max_nodes`` or ``timeout``, raises ``tessera.GaveUp`` when that runs out.
    ///
    /// >>> tessera.Sudoku(
    /// ...     '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
    /// ... ).rate().difficulty
    /// 'easy'
    #[pyo3(signature = (*, max_nodes = None, timeout = None))]
    fn rate(&self, py: Python<'_>, max_nodes: Option<i64>, timeout: Option<f64>) -> PyResult<SudokuRating> {
        let grid = &self.grid;
        let rating = common::within(py, max_nodes, timeout, |budget| logic::rate_within(grid, &budget))?;
        Ok(SudokuRating::new(&rating))
    }

    /// The next step a person would take (the easiest technique that applies), or ``None`` when
    /// the grid is full, its givens clash or it has no solution.
    ///
    /// >>> hint = tessera.Sudoku(
    /// ...     '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
    /// ... ).hint()
    /// >>> hint.technique, hint.placements
    /// ('Hidden single', [(1, 1, 6)])
    /// >>> print(hint)
    /// Hidden single: In box 1, 6 can only go in r2c2
    fn hint(&self, py: Python<'_>) -> PyResult<Option<Hint>> {
        let grid = &self.grid;
        let step = common::search(py, tessera::Budget::unlimited(), move |_| logic::hint(grid))?;
        Ok(step.map(|step| Hint::new(&self.grid, &step)))
    }

    /// Generates a puzzle with exactly one solution, reproducibly from ``seed``: a ``size`` x
    /// ``size`` grid (4, 6, 8, 9 (the default), 12, 16, 25, ...; classic boxes) or boxes of ``boxes='RxC'``,
    /// ``x=True`` for Sudoku X, ``level`` one of ``'easy'``, ``'medium'``, ``'hard'``,
    /// ``'expert'``, ``'extreme'``, ``'fiendish'``, ``'diabolical'`` (``None``: any), ``symmetry`` of the clues
    /// (``'none'``, ``'rot180'``, ``'rot90'``, ``'mirror'``, ``'diagonal'``), ``minimal=True`` for
    /// a puzzle from which no clue can be removed, ``clues`` a number of clues (``30``) or a range
    /// (``(28, 32)``, both included), ``mask`` the givens' pattern as text (one row a line, ``x``
    /// a given, ``.`` an empty cell: the givens are exactly those cells), ``attempts`` the attempts
    /// with ``clues`` or ``mask`` before giving up (default 1,000 and 100,000). Returns a
    /// ``Generated`` (``puzzle``, ``solution``, ``seed``, ``difficulty``). Raises
    /// ``tessera.GaveUp`` when ``max_nodes`` or ``timeout`` runs out, when ``level`` cannot be
    /// made at this size, or when the attempts of ``clues`` or ``mask`` run out; ``ValueError``
    /// for a range or mask no puzzle can meet.
    ///
    /// >>> made = tessera.Sudoku.generate(size=9, level='easy', seed=1, symmetry='rot180')
    /// >>> made.difficulty, made.puzzle.count().solutions
    /// ('easy', 1)
    #[staticmethod]
    #[pyo3(signature = (*, size = None, level = None, seed = 0, symmetry = "none", boxes = None, x = false, minimal = false, clues = None, mask = None, attempts = None, max_nodes = None, timeout = None))]
    #[allow(clippy::too_many_arguments)]
    fn generate(
        py: Python<'_>,
        size: Option<usize>,
        level: Option<&str>,
        seed: u64,
        symmetry: &str,
        boxes: Option<&str>,
        x: bool,
        minimal: bool,
        clues: Option<Clues>,
        mask: Option<&str>,
        attempts: Option<u32>,
        max_nodes: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<Generated> {
        let mut layout = match boxes {
            Some(boxes) => {
                let shape = boxes.split_once(['x', 'X']).and_then(|(rows, cols)| {
                    Some((rows.trim().parse::<usize>().ok()?, cols.trim().parse::<usize>().ok()?))
                });
                let Some((rows, cols)) = shape else {
                    return Err(PyValueError::new_err(format!(
                        "boxes {boxes:?}: expected 'RxC', e.g. '3x2'"
                    )));
                };
                if let Some(size) = size.filter(|&size| size != rows * cols) {
                    return Err(PyValueError::new_err(format!(
                        "size {size} and boxes {boxes} disagree: boxes of {rows}x{cols} make a {0}x{0} grid",
                        rows * cols
                    )));
                }
                Layout::boxes(rows, cols)
            }
            None => Layout::classic(size.unwrap_or(9)),
        }
        .map_err(|e| puzzle_error(py, e))?;
        if x {
            layout = layout.with_diagonals();
        }
        let symmetry: Symmetry = symmetry.parse().map_err(|e| puzzle_error(py, e))?;
        let mut generator = Generator::new(Arc::new(layout.clone())).symmetry(symmetry).minimal(minimal);
        if let Some(clues) = clues {
            let (min, max) = match clues {
                Clues::One(n) => (n, n),
                Clues::Range(min, max) => (min, max),
            };
            tessera::sudoku::check_clues(&layout, symmetry, min, max).map_err(|e| puzzle_error(py, e))?;
            generator = generator.clues(min..=max).attempts(attempts.unwrap_or(1_000));
        } else if let Some(mask) = mask {
            let mask = tessera::sudoku::parse_mask(mask, layout.size()).map_err(|e| puzzle_error(py, e))?;
            tessera::sudoku::check_mask(&layout, symmetry, &mask).map_err(|e| puzzle_error(py, e))?;
            generator = generator.mask(mask).attempts(attempts.unwrap_or(100_000));
        } else if attempts.is_some() {
            return Err(PyValueError::new_err("attempts bounds the attempts of clues and mask; give one of them"));
        }
        if let Some(level) = level {
            generator = generator.difficulty(common::level::<Difficulty>(level)?);
        }
        let made =
            common::within(py, max_nodes, timeout, |budget| generator.clone().budget(budget).generate(seed))?;
        let pair = (Sudoku::wrap(made.puzzle), Sudoku::wrap(made.solution));
        Generated::of(py, pair, made.seed, made.rating.map(|rating| rating.difficulty.name()), made.attempts)
    }

    fn __str__(&self) -> String {
        self.grid.to_grid()
    }

    fn __repr__(&self) -> String {
        format!("Sudoku({:?})", self.grid.to_line())
    }
});

/// How hard a Sudoku is for a person: ``difficulty`` (``'easy'``, ``'medium'``, ``'hard'``,
/// ``'expert'``, ``'extreme'``, ``'fiendish'``, ``'diabolical'``), the level of the hardest technique the solve
/// needed; ``score`` (the SE estimate in tenths times 10,000 plus the capped sum of the steps'
/// weights), ``se`` (the estimate of the Sudoku Explainer rating), ``hardest`` (that technique's name),
/// ``steps``, ``guesses`` (bifurcations), ``techniques`` (name to times used) and ``solved``
/// (``False`` when the givens clash or there is no solution).
#[pyclass(frozen, get_all, module = "tessera")]
#[derive(Debug, Clone)]
pub struct SudokuRating {
    difficulty: &'static str,
    score: u32,
    se: f64,
    hardest: Option<&'static str>,
    steps: usize,
    guesses: usize,
    techniques: Vec<(&'static str, usize)>,
    solved: bool,
}

impl SudokuRating {
    fn new(rating: &logic::Rating) -> Self {
        SudokuRating {
            difficulty: rating.difficulty.name(),
            score: rating.score,
            se: (f64::from(rating.se) * 10.0).round() / 10.0,
            hardest: rating.hardest.map(Technique::name),
            steps: rating.steps,
            guesses: rating.guesses,
            techniques: rating.techniques.iter().map(|&(t, n)| (t.name(), n)).collect(),
            solved: rating.solved,
        }
    }
}

crate::pickle::pickle_fields!(SudokuRating {
    difficulty,
    score,
    se,
    hardest,
    steps,
    guesses,
    techniques,
    solved
});

crate::class::python_class!(SudokuRating [pickle] {
    fn __repr__(&self) -> String {
        format!(
            "SudokuRating(difficulty='{}', score={}, se={:.1}, steps={}, guesses={}, solved={})",
            self.difficulty,
            self.score,
            self.se,
            self.steps,
            self.guesses,
            if self.solved { "True" } else { "False" }
        )
    }
});

/// One step of the human-style solver: the ``technique``'s name, the ``placements`` and
/// ``eliminations`` it makes (``(row, column, digit)``, 0-based row and column), the ``cells``
/// of its pattern (``(row, column)``), an ``explanation`` a player can follow (cells named
/// ``r4c7``, 1-based) and, for an alternating inference chain (X-chain, XY-chain, AIC), its
/// ``chain``: the nodes ``(row, column, digit)`` in order, links alternating strong and weak from
/// a strong one (empty for other steps).
#[pyclass(frozen, get_all, module = "tessera")]
#[derive(Debug, Clone)]
pub struct Hint {
    technique: &'static str,
    placements: Vec<(usize, usize, u8)>,
    eliminations: Vec<(usize, usize, u8)>,
    cells: Vec<(usize, usize)>,
    explanation: String,
    chain: Vec<(usize, usize, u8)>,
}

impl Hint {
    fn new(grid: &rust::Sudoku, step: &logic::Step) -> Self {
        let n = grid.layout().size();
        let place = |&(cell, digit): &(usize, u8)| (cell / n, cell % n, digit);
        Hint {
            technique: step.technique.name(),
            placements: step.placements.iter().map(place).collect(),
            eliminations: step.eliminations.iter().map(place).collect(),
            cells: step.cells.iter().map(|&cell| (cell / n, cell % n)).collect(),
            explanation: step.explanation.clone(),
            chain: step.chain.iter().map(place).collect(),
        }
    }
}

crate::pickle::pickle_fields!(Hint { technique, placements, eliminations, cells, explanation, chain });

crate::class::python_class!(Hint [pickle] {
    fn __str__(&self) -> String {
        format!("{}: {}", self.technique, self.explanation)
    }

    fn __repr__(&self) -> String {
        format!("Hint(technique='{}', explanation={:?})", self.technique, self.explanation)
    }
});

/// ``clues=``: a number of clues, or a ``(min, max)`` range.
#[derive(Debug, Clone, Copy, FromPyObject)]
pub(crate) enum Clues {
    One(usize),
    Range(usize, usize),
}
