//! # tessera for Python
//!
//! The Python extension module `tessera._tessera`, re-exported by the pure-Python package
//! `tessera` (crates/py/python/tessera/__init__.py). It wraps the two Rust libraries without
//! adding any logic of its own: [`tessera_xc`] (exact cover) and [`tessera`] (Sudoku, Hidato,
//! polyomino tiling, N-queens).
//!
//! # Layout
//!
//! - `common`: what every class shares: `Count`, `Verdict`, the budget and
//!   engine arguments, and `search`, the one place that releases the GIL;
//! - `errors`: the exception types and the conversion of every Rust error into them;
//! - `xc`: `ExactCover` and its lazy solution iterator (the extension point for shards and the
//!   estimator: a new method on `ExactCover` sees the shared `Problem`);
//! - `sudoku`, `hidato`, `tiling`, `queens`: one class per puzzle, each with the calls of the Rust
//!   crate's calling convention (docs/ARCHITECTURE.md, "One calling convention") as methods:
//!   `solve`, `count`, `solutions`, `verify`, and `generate` and `rate` where Rust has them.
//!
//! # Conventions
//!
//! - Every search runs with the GIL released, so other Python threads keep running.
//! - `count` never raises for a budget: it returns a `Count` whose `outcome` is `"gave-up"`.
//!   Everything that returns solutions (`solve`, `first`, `solutions`, a solution iterator)
//!   raises `tessera.GaveUp` instead, because a partial answer returned silently would be taken
//!   for the whole one.
//! - Errors the Rust crates report become Python exceptions: `tessera.ParseError` (a
//!   `ValueError`, with `.line` and `.column`), `ValueError` for out-of-range numbers, bad shapes
//!   and unknown names. Nothing panics across the boundary: the few internal invariants that could
//!   fail are turned into `RuntimeError`.

#![forbid(unsafe_code)]

mod class;
mod common;
mod errors;
mod hidato;
mod listing;
mod queens;
mod shard;
mod sudoku;
mod tiling;
mod xc;

/// The compiled core of the `tessera` package; import `tessera` rather than this module.
#[pyo3::pymodule]
mod _tessera {
    use pyo3::prelude::*;

    #[pymodule_export]
    use super::common::{Count, Generated, Verdict};
    #[pymodule_export]
    use super::errors::{GaveUp, ParseError};
    #[pymodule_export]
    use super::hidato::{Hidato, HidatoRating};
    #[pymodule_export]
    use super::listing::Solutions;
    #[pymodule_export]
    use super::queens::Queens;
    #[pymodule_export]
    use super::shard::{merge, MergeError};
    #[pymodule_export]
    use super::sudoku::{Hint, Sudoku, SudokuRating};
    #[pymodule_export]
    use super::tiling::{Tiling, TilingPuzzle};
    #[pymodule_export]
    use super::xc::ExactCover;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        super::common::set_main_thread();
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}
