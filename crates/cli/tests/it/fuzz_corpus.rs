//! Replays every input the fuzzers kept (`fuzz/corpus/<target>/`) and every finding turned into
//! a regression (`fuzz/regressions/<target>/`) through the same checks as the fuzz targets
//! (`fuzz/src/checks.rs`, included here by path), so that the normal test suite keeps what
//! fuzzing found fixed without libFuzzer. How to fuzz: fuzz/README.md.

#[allow(dead_code, unreachable_pub, reason = "shared with the fuzz package, which uses all of it")]
#[path = "../../../../fuzz/src/checks.rs"]
mod checks;

use std::path::{Path, PathBuf};

/// A fuzz target's name and its check.
type Target = (&'static str, fn(&[u8]));

const TARGETS: [Target; 6] = [
    ("xc_knuth", checks::xc_knuth),
    ("sudoku_any", checks::sudoku_any),
    ("hidato_text_json", checks::hidato_text_json),
    ("tiling_board", checks::tiling_board),
    ("tiling_pieces", checks::tiling_pieces),
    ("web_bodies", checks::web_bodies),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn inputs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

fn replay(kind: &str) -> usize {
    let mut replayed = 0;
    for (target, check) in TARGETS {
        let files = inputs(&fuzz_dir().join(kind).join(target));
        for file in &files {
            let data = std::fs::read(file).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            assert!(outcome.is_ok(), "{target}: {} fails its check", file.display());
        }
        if kind == "corpus" {
            assert!(!files.is_empty(), "{target} has no corpus in fuzz/corpus/{target}");
        }
        replayed += files.len();
    }
    replayed
}

#[test]
fn the_fuzz_corpus_passes_every_check() {
    let n = replay("corpus");
    println!("{n} corpus inputs replayed");
}

#[test]
fn every_fuzz_finding_stays_fixed() {
    let n = replay("regressions");
    println!("{n} regressions replayed");
}
