//! The integration tests of tessera-web, gathered into one binary so that the optimised test profile
//! compiles and links the workspace once for them rather than once per file (issue 38). Each
//! former test file is a module here; run one with `cargo test -p tessera-web --test it <module>::`.

mod common;

mod daily;
mod families;
mod games;
mod hints;
mod honesty;
mod i18n;
mod learn;
mod limits;
mod pool_and_pages;
mod puzzles;
mod records;
mod sizes;
mod sudoku_learn;
