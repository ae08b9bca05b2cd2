//! The domino listing that both the hostile corpus and the streaming test run: 50 dominoes on a
//! 10x10 board, billions of tilings listed as JSON lines (3.9 GB once collected), so that a run
//! ends only by its budget. `tests/hostile/corpus/tiling.rs` reaches this file by `#[path]`, as
//! the corpus must build without the rest of `common` (its example has no test binary to run).

/// The pieces file: one domino, 50 copies.
pub const PIECES: &str = "AA\n* A 50\n";

/// `tiling solve --all --json` of the pieces in `pieces_file` on 10x10 with `engine`.
pub fn listing<'a>(pieces_file: &'a str, engine: &'a str) -> [&'a str; 10] {
    [
        "tiling",
        "solve",
        "--all",
        "--json",
        "--pieces-file",
        pieces_file,
        "--board",
        "10x10",
        "--engine",
        engine,
    ]
}
