//! Benchmarks of the dedicated Hidato solver over the shared sets: every puzzle of a set solved
//! (first solution) and counted up to 2 (solve and prove unique), plus the 50x3 snake alone.
//!
//! The data come from `$TESSERA_DATA/hidato/`, or else from `../../../shared/data/hidato/`
//! relative to this crate; if neither exists, nothing is registered.
//! `cargo bench -p tessera --bench hidato`. Per-puzzle figures: `examples/hidato_bench.rs`.
#![allow(missing_docs, reason = "criterion_group! defines an undocumented pub fn")]

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tessera::hidato::{count, parse_puzzles, solve, Adjacency, Budget, Hidato, Query};

const SETS: [&str; 3] = ["janko.txt", "curated.txt", "unsolvable.txt"];

fn data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("TESSERA_DATA") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
    };
    let dir = dir.join("hidato");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "tessera benches: no puzzles at {}; set TESSERA_DATA to the shared data folder",
            dir.display()
        );
        None
    }
}

/// The puzzles of a file in the seed's text format.
fn read(path: &Path) -> Vec<Hidato> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_puzzles(&text, Adjacency::King).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn solve_and_count(puzzle: &Hidato, budget: &Budget) -> u64 {
    let answer = solve(puzzle, &Query::default().with_budget(budget.clone())).expect("no budget");
    black_box(answer);
    count(puzzle, &Query::default().with_limit(2).with_budget(budget.clone())).result().expect("no budget")
}

fn bench(c: &mut Criterion) {
    let Some(dir) = data_dir() else { return };
    let budget = Budget::unlimited();
    let mut group = c.benchmark_group("hidato");
    group.sample_size(10);
    for set in SETS {
        let puzzles = read(&dir.join(set));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(format!("{set}/solve+count2"), |b| {
            b.iter(|| puzzles.iter().map(|p| solve_and_count(black_box(p), &budget)).sum::<u64>());
        });
        if set == "curated.txt" {
            let snake =
                puzzles.iter().find(|p| p.width() == 50 && p.height() == 3).expect("the snake").clone();
            group.throughput(Throughput::Elements(1));
            group.bench_function("snake_50x3/solve+count2", |b| {
                b.iter(|| solve_and_count(black_box(&snake), &budget));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
