//! `tessera.Registry`: the library's puzzle registry ([`tessera::common::registry`]) for Python,
//! so that a publishing script keeps the same file the command line keeps (`--registry`): one
//! canonical form a line, Sudoku lines up to the grid's symmetries, Hidato lines up to the
//! board's symmetries and reversed numbering.

use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tessera::common::registry::{Entry, Registry as Inner};
use tessera::{hidato, sudoku};

use crate::hidato::Hidato;
use crate::sudoku::Sudoku;

/// A file of the puzzles already published, read when opened (created with its header when
/// missing) and appended to by ``add``, the same file ``tessera sudoku generate --registry``
/// reads and writes. A puzzle is known when it or an equivalent one (the same up to the grid's
/// symmetries) is in the file, whoever wrote it, another process included.
///
/// >>> import tempfile, os
/// >>> path = os.path.join(tempfile.mkdtemp(), 'published')
/// >>> registry = tessera.Registry(path)
/// >>> made = tessera.Sudoku.generate(size=4, seed=1)
/// >>> registry.add(made.puzzle, made.solution), registry.add(made.puzzle, made.solution)
/// (True, False)
/// >>> made.puzzle in tessera.Registry(path), len(registry)
/// (True, 1)
#[pyclass(frozen, module = "tessera")]
#[derive(Debug)]
pub struct Registry {
    inner: Mutex<Inner>,
    path: PathBuf,
}

#[pymethods]
impl Registry {
    /// Opens the registry at ``path``; ``ValueError`` names the line of a bad line.
    #[new]
    fn new(path: PathBuf) -> PyResult<Self> {
        let inner =
            Inner::open(&path, Box::new(check)).map_err(|err| PyValueError::new_err(err.to_string()))?;
        Ok(Registry { inner: Mutex::new(inner), path })
    }

    /// Adds a Sudoku (with its ``solution``, or solved here: it must have exactly one) or a
    /// Hidato: ``True`` when it was new (and is now in the file), ``False`` when it or an
    /// equivalent puzzle was there already.
    #[pyo3(signature = (puzzle, solution = None))]
    fn add(
        &self,
        py: Python<'_>,
        puzzle: &Bound<'_, PyAny>,
        solution: Option<PyRef<'_, Sudoku>>,
    ) -> PyResult<bool> {
        let entry = entry(py, puzzle, solution)?;
        let mut inner =
            self.inner.lock().map_err(|_| PyValueError::new_err("the registry's lock is poisoned"))?;
        inner.insert(&entry).map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// Whether the puzzle, or an equivalent one, is in the file (lines other processes added
    /// since included).
    fn __contains__(&self, py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<bool> {
        let entry = entry(py, puzzle, None)?;
        let mut inner =
            self.inner.lock().map_err(|_| PyValueError::new_err("the registry's lock is poisoned"))?;
        inner.contains(&entry).map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// The entries known: read from the file, and added since.
    fn __len__(&self) -> PyResult<usize> {
        let inner =
            self.inner.lock().map_err(|_| PyValueError::new_err("the registry's lock is poisoned"))?;
        Ok(inner.len())
    }

    /// The file.
    #[getter]
    fn path(&self) -> String {
        self.path.display().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Registry({:?})", self.path.display().to_string())
    }
}

/// The registry line of a Python puzzle.
fn entry(py: Python<'_>, puzzle: &Bound<'_, PyAny>, solution: Option<PyRef<'_, Sudoku>>) -> PyResult<Entry> {
    if let Ok(board) = puzzle.cast::<Hidato>() {
        return Ok(hidato::registry_entry(&board.get().board));
    }
    let Ok(grid) = puzzle.cast::<Sudoku>() else {
        return Err(PyValueError::new_err("a registry holds Sudoku and Hidato puzzles"));
    };
    let grid = &grid.get().grid;
    let solution = match solution {
        Some(solution) => solution.grid.clone(),
        None => {
            let query = sudoku::Query::default().with_limit(2);
            if py.detach(|| sudoku::count(grid, &query)).solutions != 1 {
                return Err(PyValueError::new_err(
                    "the puzzle has no solution or several; a registry keeps puzzles with one",
                ));
            }
            py.detach(|| sudoku::solve(grid, &sudoku::Query::default()))
                .ok()
                .flatten()
                .ok_or_else(|| PyValueError::new_err("the puzzle could not be solved"))?
        }
    };
    sudoku::registry_entry(grid, &solution).map_err(|err| PyValueError::new_err(err.to_string()))
}

/// The check of each line read, by kind (as the command line's).
fn check(entry: &Entry) -> Result<(), String> {
    match entry.kind.as_str() {
        sudoku::REGISTRY_KIND => sudoku::check_registry_entry(entry),
        hidato::REGISTRY_HIDATO | hidato::REGISTRY_NUMBRIX => hidato::check_registry_entry(entry),
        other => Err(format!("unknown kind {other:?}; a registry holds sudoku, hidato and numbrix lines")),
    }
}
