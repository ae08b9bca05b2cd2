//! # tessera for Python
//!
//! The Python extension module `tessera._tessera`, re-exported by the pure-Python package
//! `tessera` (crates/py/python/tessera/__init__.py). It wraps the two Rust libraries without
//! adding any logic of its own: [`tessera_xc`] (exact cover) and [`tessera`] (Sudoku, Hidato,
//! polyomino tiling, N-queens).
//!
//! # Layout
//!
//! - `class`: the searches every class shares, written once over the `tessera::Puzzle` trait (a
//!   generic core per method, and `python_class!`, which stamps a class's pyo3 methods from them);
//! - `listing`: `Solutions`, the lazy iterator every class's `solutions` returns;
//! - `common`: what every class shares besides: `Count`, `Verdict`, the budget
//!   arguments, and `search`, the one place that releases the GIL for a call;
//! - `generated`: `Generated`, what every generator returns;
//! - `pickle`: how every class pickles (`__reduce__` and `_from_state`, a compact bytes form);
//! - `errors`: the exception types and the conversion of every Rust error into them;
//! - `xc`: `ExactCover` (its problem as a `class::Search`, and the NumPy reader);
//! - `family`: the janko.at families (Killer, KenKen, Star Battle), every class stamped by
//!   `family_class!` over the library's traits, with `Answer`, `Step` and `Rating`;
//!   `families` registers each with its `generate`;
//! - `sudoku`, `hidato`, `tiling`, `queens`: one class per puzzle, each with only what is its
//!   own (construction, properties, `generate`, `rate`, `hint`) beside the shared searches;
//! - `shard`: `count_shard`'s runs, `Plan` and the runs from it, and `tessera.merge`.
//!
//! A new puzzle is registered with one `python_class!` line (see `class`), its class in the
//! module list below, and its class in `_tessera.pyi`.
//!
//! # Conventions
//!
//! - Every search runs with the GIL released, so other Python threads keep running.
//! - Every option is keyword-only, with the same names and defaults on every class.
//! - `count` never raises for a budget: it returns a `Count` whose `outcome` is `"gave-up"`.
//!   Everything that returns solutions (`solve`, `first`, a solution iterator once it has
//!   yielded what it found) raises `tessera.GaveUp` instead, because a partial answer returned
//!   silently would be taken for the whole one. The words (`gave-up`, `max-nodes`, ...) are the
//!   library's (`Outcome::name`, `GaveUp::name`), as in the command line's JSON.
//! - Errors the Rust crates report become Python exceptions: `tessera.ParseError` (a
//!   `ValueError`, with `.line` and `.column`), `ValueError` for out-of-range numbers, bad shapes
//!   and unknown names. Nothing panics across the boundary: the few internal invariants that could
//!   fail are turned into `RuntimeError`.

#![forbid(unsafe_code)]

mod class;
mod common;
mod errors;
mod families;
mod family;
mod generated;
mod hidato;
mod listing;
mod pickle;
mod queens;
mod registry;
mod shard;
mod sudoku;
mod tiling;
mod xc;

/// The compiled core of the `tessera` package; import `tessera` rather than this module.
#[pyo3::pymodule]
mod _tessera {
    use pyo3::prelude::*;

    // Every class, exception and function of the module, in one list.
    #[pymodule_export]
    use super::{
        common::{Count, Verdict},
        errors::{GaveUp, ParseError},
        families::{
            Akari, Futoshiki, Kakuro, KenKen, Killer, Nonogram, Skyscrapers, StarBattle, Takuzu, Variant,
        },
        family::{Answer, Rating, Step},
        generated::Generated,
        hidato::{Hidato, HidatoRating},
        listing::Solutions,
        queens::Queens,
        registry::Registry,
        shard::{merge, MergeError, Plan},
        sudoku::{Hint, Sudoku, SudokuRating},
        tiling::{Tiling, TilingPuzzle},
        xc::ExactCover,
    };

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        super::common::set_main_thread();
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}
