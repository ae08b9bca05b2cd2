//! `tessera.Queens`: the N-queens board of `tessera::queens`, with its calls as methods. A
//! solution is, as in Rust, the queen's column in each row (a list of `n` integers from 0).

use pyo3::prelude::*;
use tessera::queens::{self as rust, Board};

use crate::class::{python_class, Answers, Class};
use crate::errors::puzzle_error;

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
    /// The shard tree of `count_shard`.
    fn shard_tree(&self) -> PyResult<tessera::queens::ShardTree> {
        Ok(tessera::queens::ShardTree::new(&self.board))
    }
}

impl Class for Queens {
    type Search = Board;

    fn search(&self) -> &Board {
        &self.board
    }

    fn to_python(&self, py: Python<'_>, columns: Vec<usize>) -> PyResult<Py<PyAny>> {
        Ok(columns.into_pyobject(py)?.into_any().unbind())
    }
}

/// An answer is the queen's column in each row.
impl Answers for Queens {
    fn answer(&self, _py: Python<'_>, answer: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        answer.extract()
    }
}

/// Saved as its side.
impl crate::pickle::Pickle for Queens {
    const NAME: &'static str = "Queens";

    fn save(&self, out: &mut Vec<u8>) {
        crate::pickle::Field::put(&self.board.n(), out);
    }

    fn load(input: &mut crate::pickle::Reader<'_>) -> Result<Self, String> {
        let n: usize = crate::pickle::Field::take(input)?;
        Board::new(n).map(|board| Queens { board }).map_err(|e| e.to_string())
    }
}

python_class!(Queens [solve count solutions verify count_shard() pickle] {
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
});
