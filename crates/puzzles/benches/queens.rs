//! Counting N-queens solutions with both solvers: `cargo bench -p tessera --bench queens`.
//! Figures and the commands behind them are in docs/performance.md.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented pub fn")]

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::queens::{count, Board, ExactCover, Query};
use tessera::{CoverQuery, Reduction};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens");
    group.sample_size(10);
    for n in [12, 14, 16] {
        for threads in [1, 2] {
            group.bench_function(format!("{n}/bits-{threads}t"), |b| {
                let board = Board::new(n).expect("a side up to 32");
                b.iter(|| count(&board, &Query::default().with_threads(threads)).solutions);
            });
        }
    }
    let cover = ExactCover::new(&Board::new(12).expect("a side up to 32"));
    group.bench_function("12/xc", |b| {
        b.iter(|| cover.count(&CoverQuery::default()).solutions);
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
