//! Benchmarks of the dedicated 9x9 solver: the first 2,000 puzzles of each shared set, solved
//! (first solution) and counted up to 2 (solve and prove unique).
//!
//! The data come from `$TESSERA_DATA/sudoku/`, or else from `../../../shared/data/sudoku/`
//! relative to this crate; if neither exists, nothing is registered.
//! `cargo bench -p tessera --bench sudoku`. Cross-tool figures: `scripts/compare-sudoku.sh`.
#![allow(missing_docs, reason = "criterion_group! defines an undocumented pub fn")]

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera::sudoku::{count_9x9, solve_9x9, Budget};

/// Puzzles per set: enough to average over easy and hard ones, few enough for quick samples.
const SAMPLE: usize = 2000;

const SETS: [&str; 3] = ["17_clue.txt", "magictour_top1465.txt", "serg_benchmark.txt"];

fn data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("TESSERA_DATA") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
    };
    let dir = dir.join("sudoku");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "tessera benches: no puzzles at {}; set TESSERA_DATA to the shared data folder. \
             No benchmarks registered.",
            dir.display()
        );
        None
    }
}

fn load(path: &Path) -> Option<Vec<[u8; 81]>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("tessera benches: skipping {}: {e}", path.display());
            return None;
        }
    };
    let puzzles = text
        .lines()
        .map(str::trim)
        .filter(|line| line.len() >= 81 && !line.starts_with('#'))
        .take(SAMPLE)
        .map(|line| {
            let mut cells = [0u8; 81];
            for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
                *cell = if (b'1'..=b'9').contains(&ch) { ch - b'0' } else { 0 };
            }
            cells
        })
        .collect();
    Some(puzzles)
}

fn sudoku(c: &mut Criterion) {
    let Some(dir) = data_dir() else { return };
    let budget = Budget::unlimited();
    for set in SETS {
        let Some(puzzles) = load(&dir.join(set)) else { continue };
        let name = set.trim_end_matches(".txt");
        let mut group = c.benchmark_group(format!("sudoku9/{name}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function("solve", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| solve_9x9(black_box(p), &Budget::unlimited()).unwrap().is_some())
                    .count()
            });
        });
        group.bench_function("count2", |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| count_9x9(black_box(p), 2, &budget).result().expect("no budget"))
                    .sum::<u64>()
            });
        });
        group.finish();
    }
}

criterion_group!(benches, sudoku);
criterion_main!(benches);
