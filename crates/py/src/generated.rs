//! `tessera.Generated`, what every generator returns: the puzzle, its solution (Python objects of
//! the puzzle's class, or an `Answer` for the families), the seed, the level and the attempts. It
//! pickles as those fields (the puzzle and solution pickled as themselves), not as bytes.

use pyo3::prelude::*;

/// A generated puzzle: ``puzzle`` (exactly one solution), its ``solution``, the ``seed`` that
/// makes it again with the same settings, its ``difficulty`` (when a level was asked for or the
/// puzzle was rated, else ``None``) and the ``attempts`` it took.
///
/// >>> made = tessera.Sudoku.generate(size=4, seed=7)
/// >>> made.puzzle.solve() == made.solution
/// True
#[pyclass(frozen, module = "tessera")]
#[derive(Debug)]
pub struct Generated {
    pub(crate) puzzle: Py<PyAny>,
    pub(crate) solution: Py<PyAny>,
    pub(crate) seed: u64,
    pub(crate) difficulty: Option<&'static str>,
    pub(crate) attempts: u32,
}

impl Generated {
    /// What a generator made: `puzzle` and its `solution` as objects of one class.
    pub(crate) fn of<C>(
        py: Python<'_>,
        (puzzle, solution): (C, C),
        seed: u64,
        difficulty: Option<&'static str>,
        attempts: u32,
    ) -> PyResult<Self>
    where
        C: pyo3::PyClass + Into<PyClassInitializer<C>>,
    {
        Ok(Generated {
            puzzle: Py::new(py, puzzle)?.into_any(),
            solution: Py::new(py, solution)?.into_any(),
            seed,
            difficulty,
            attempts,
        })
    }
}

#[pymethods]
impl Generated {
    /// Pickling (and ``copy``): ``_from_state`` and the fields, the puzzle and solution pickled
    /// as themselves.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Py<PyAny>, Py<PyAny>, u64, Option<&'static str>, u32))> {
        let py = slf.py();
        let this = slf.get();
        let restore = slf.get_type().getattr("_from_state")?;
        let fields = (
            this.puzzle.clone_ref(py),
            this.solution.clone_ref(py),
            this.seed,
            this.difficulty,
            this.attempts,
        );
        Ok((restore, fields))
    }

    /// The object of ``__reduce__``'s fields.
    #[classmethod]
    fn _from_state(
        _class: &Bound<'_, pyo3::types::PyType>,
        puzzle: Py<PyAny>,
        solution: Py<PyAny>,
        seed: u64,
        difficulty: Option<String>,
        attempts: u32,
    ) -> Self {
        Generated { puzzle, solution, seed, difficulty: difficulty.map(crate::pickle::intern), attempts }
    }

    /// The puzzle: exactly one solution.
    #[getter]
    fn puzzle(&self, py: Python<'_>) -> Py<PyAny> {
        self.puzzle.clone_ref(py)
    }

    /// Its solution.
    #[getter]
    fn solution(&self, py: Python<'_>) -> Py<PyAny> {
        self.solution.clone_ref(py)
    }

    /// The seed that reproduces it with the same settings.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Its level (``'easy'``, ...), or ``None`` when it was not rated.
    #[getter]
    fn difficulty(&self) -> Option<&'static str> {
        self.difficulty
    }

    /// Attempts made (rejected for the wrong level, plus the one kept).
    #[getter]
    fn attempts(&self) -> u32 {
        self.attempts
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let puzzle = self.puzzle.bind(py).repr()?;
        let difficulty = self.difficulty.map_or("None".to_owned(), |d| format!("'{d}'"));
        Ok(format!("Generated(puzzle={puzzle}, seed={}, difficulty={difficulty})", self.seed))
    }
}
