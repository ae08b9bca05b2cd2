//! The integration tests of tessera, gathered into one binary so that the optimised test profile
//! compiles and links the workspace once for them rather than once per file (issue 38). Each
//! former test file is a module here; run one with `cargo test -p tessera --test it <module>::`.
//!
//! The shared helpers stay in `tests/common/`, in place because `common/hidato_corpus/` is shared with
//! `examples/hidato_corpus.rs` and `examples/hidato_sparse.rs`.

#[path = "../common/mod.rs"]
mod common;

mod akari;
mod api;
mod architecture;
mod convention;
mod genres;
mod hidato_corpus;
mod hidato_format;
mod hidato_generate;
mod hidato_solve;
mod hidato_sparse;
mod hidato_trace;
mod kakuro;
mod kenken;
mod killer;
mod nonogram;
mod queens;
mod starbattle;
mod sudoku_big;
mod sudoku_canon;
mod sudoku_fast9;
mod sudoku_format;
mod sudoku_generate;
mod sudoku_logic;
mod sudoku_se;
mod sudoku_se_hard;
mod sudoku_shaping;
mod sudoku_solve;
mod sudoku_stream;
mod sudoku_teach;
mod takuzu;
mod tiling;
mod variant;
