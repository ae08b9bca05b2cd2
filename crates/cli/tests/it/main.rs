//! The integration tests of tessera-cli, gathered into one binary so that the optimised test profile
//! compiles and links the workspace once for them rather than once per file (issue 38). Each
//! former test file is a module here; run one with `cargo test -p tessera-cli --test it <module>::`.
//!
//! The shared helpers stay in `tests/common/`, shared with `tests/examples.rs`. Two binaries stay
//! apart: `examples` (run by name), and `hostile`, the suite's one timed test, which keeps a
//! process, and the machine's two test threads, to itself.

#[path = "../common/mod.rs"]
mod common;

mod book;
mod book_labels;
mod book_page;
mod book_shop;
mod conventions;
mod families;
mod fuzz_corpus;
mod generate_shards;
mod hidato;
mod learn_race;
mod limits;
mod plans;
mod queens;
mod registry;
mod round_trip;
mod serve;
mod shaping;
mod shard_budgets;
mod shard_signals;
mod shards;
mod shared_data;
mod sizes;
mod streaming;
mod sudoku;
mod sudoku_budgets;
mod sudoku_bulk;
mod sudoku_make;
mod sudoku_plain_lines;
mod sudoku_refusals;
mod sudoku_simd;
mod sudoku_teach;
mod tiling;
mod variant;
mod xc;
mod xc_shards;
mod xc_trace;
