//! Benchmarks: counting every solution of the shared instances, one thread and two.
//!
//! The data come from `$TESSERA_DATA/xc/`, or else from `../../../shared/data/xc/` relative to this
//! crate; if neither exists, nothing is registered. `cargo bench -p tessera-xc --bench xc`.
#![allow(missing_docs, reason = "criterion_group! defines an undocumented pub fn")]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use tessera_xc::{Outcome, ParallelSearch, Problem};

fn data_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("TESSERA_DATA") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
    };
    let dir = dir.join("xc");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "tessera-xc benches: no instances at {}; set TESSERA_DATA to the shared data folder. \
             No benchmarks registered.",
            dir.display()
        );
        None
    }
}

fn load(dir: &Path, file: &str) -> Option<Problem> {
    let path = dir.join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(tessera_xc::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))),
        Err(e) => {
            eprintln!("tessera-xc benches: skipping {}: {e}", path.display());
            None
        }
    }
}

/// Counts all solutions on `threads` threads and checks the count, so that a broken engine cannot
/// post a fast time.
fn count(problem: &Problem, threads: usize, expected: u64) -> u64 {
    let count = if threads == 1 {
        problem.solver().count_all()
    } else {
        ParallelSearch::new(problem).with_threads(threads).count_all()
    };
    assert_eq!((count.solutions, count.outcome), (expected, Outcome::Exhausted));
    count.solutions
}

fn count_all(c: &mut Criterion) {
    let Some(dir) = data_dir() else { return };

    // Seconds per iteration: ten samples of one iteration each.
    let mut group = c.benchmark_group("pentominoes");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(30));
    let cases: [(&str, &str, usize, u64); 3] = [
        ("pent6x10", "pent6x10.dlx", 1, 9356),
        ("pent6x10-sym", "pent6x10-sym.dlx", 1, 2339),
        ("pent6x10/2-threads", "pent6x10.dlx", 2, 9356),
    ];
    for (name, file, threads, expected) in cases {
        let Some(problem) = load(&dir, file) else { continue };
        group.bench_function(name, |b| b.iter(|| count(black_box(&problem), threads, expected)));
    }
    group.finish();

    // Tens of milliseconds per iteration: criterion's defaults.
    let mut group = c.benchmark_group("queens");
    if let Some(problem) = load(&dir, "queens12.dlx") {
        group.bench_function("queens12", |b| b.iter(|| count(black_box(&problem), 1, 14200)));
    }
    group.finish();
}

/// Hostile shapes (issue 14): n items of one one-item option each, parsed and counted, at two
/// sizes four times apart; a time that grows 16-fold instead of 4-fold is a quadratic back
/// (the item choice scanned every item at every level: 41.6 s for 200,000). One option of
/// 100,000 items likewise (the look-ahead's test, `|zeros| x |option|`).
fn hostile(c: &mut Criterion) {
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    for n in [50_000, 200_000] {
        let mut text: String = (0..n).map(|i| format!("i{i} ")).collect();
        text.push('\n');
        (0..n).for_each(|i| text += &format!("i{i}\n"));
        group.bench_function(format!("tiny-options-{n}"), |b| {
            b.iter(|| count(&tessera_xc::parse(black_box(&text)).expect("valid"), 1, 1));
        });
    }
    let items: Vec<String> = (0..100_000).map(|i| format!("x{i}")).collect();
    let huge = format!("{}\n{}\n", items.join(" "), items.join(" "));
    group.bench_function("one-huge-option", |b| {
        b.iter(|| count(&tessera_xc::parse(black_box(&huge)).expect("valid"), 1, 1));
    });
    group.finish();
}

criterion_group!(benches, count_all, hostile);
criterion_main!(benches);
