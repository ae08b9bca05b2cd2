//! Counting pentomino tilings with both solvers: `cargo bench -p tessera --bench tiling`.
//! Figures and the commands behind them are in docs/performance.md.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented pub fn")]

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::tiling::{builtin, count, Board, Engine, Puzzle, Query};

fn pentominoes(size: &str) -> Puzzle {
    let (pieces, motion) = builtin("pentominoes").expect("a built-in set");
    Puzzle::new(Board::parse_size(size).expect("a size"), pieces, motion)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("tiling");
    group.sample_size(10);
    for size in ["6x10", "5x12", "4x15", "3x20"] {
        let puzzle = pentominoes(size);
        for (name, engine, threads) in
            [("bits", Engine::Bits, 1), ("bits-2t", Engine::Bits, 2), ("xc", Engine::ExactCover, 1)]
        {
            group.bench_function(format!("{size}/{name}"), |b| {
                b.iter(|| {
                    count(&puzzle, &Query::default().with_engine(engine).with_threads(threads)).solutions
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
