//! Counting N-queens solutions with both solvers: `cargo bench -p tessera --bench queens`.
//! Figures and the commands behind them are in docs/performance.md.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented pub fn")]

use criterion::{criterion_group, criterion_main, Criterion};
use tessera::queens::{count, Budget, ExactCover};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens");
    group.sample_size(10);
    for n in [12, 14, 16] {
        for threads in [1, 2] {
            group.bench_function(format!("{n}/bits-{threads}t"), |b| {
                b.iter(|| count(n, threads, &Budget::unlimited()).solutions);
            });
        }
    }
    let cover = ExactCover::new(12);
    group.bench_function("12/xc", |b| {
        b.iter(|| cover.count_up_to(u64::MAX, 1, &Budget::unlimited()).solutions);
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
