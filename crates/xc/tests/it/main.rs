//! The integration tests of tessera-xc, gathered into one binary so that the optimised test profile
//! compiles and links the workspace once for them rather than once per file (issue 38). Each
//! former test file is a module here; run one with `cargo test -p tessera-xc --test it <module>::`.
//!
//! The shared helpers stay in `tests/common/`, shared with `tests/debug_checks.rs`, which stays
//! its own binary: it only builds with `--features debug-checks`.

#[path = "../common/mod.rs"]
mod common;

mod format;
mod known_answers;
mod multiplicities;
mod plans;
mod prefix_times;
mod properties;
mod shards;
mod trace;
