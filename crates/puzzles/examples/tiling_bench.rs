//! Times tiling counts and N-queens counts with both solvers, best of `--runs` runs in one process:
//! `cargo run --release -p tessera --example tiling_bench -- [--runs N] [--threads T] [PROBLEM ...]`
//! where a problem is a pentomino rectangle (`6x10`) or `queensN`; `--bits` or `--xc` keep one
//! solver, `--no-symmetry` turns off the bitboard solver's symmetry shortcut, `--no-distinct`
//! skips the counts up to symmetry. Figures go in docs/performance.md.

use std::time::Instant;

use tessera::queens;
use tessera::tiling::{builtin, count, BitSolver, Board, Engine, Puzzle, Query};

fn main() {
    let mut runs = 3;
    let mut threads = 1;
    let mut problems = Vec::new();
    let mut engines = vec![Engine::Bits, Engine::ExactCover];
    let mut distinct = true;
    let mut symmetry = true;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().and_then(|v| v.parse().ok()).expect("--runs N"),
            "--threads" => threads = args.next().and_then(|v| v.parse().ok()).expect("--threads T"),
            "--bits" => engines = vec![Engine::Bits],
            "--xc" => engines = vec![Engine::ExactCover],
            "--no-distinct" => distinct = false,
            "--no-symmetry" => symmetry = false,
            _ => problems.push(arg),
        }
    }
    if problems.is_empty() {
        problems = ["6x10", "5x12", "4x15", "3x20"].map(String::from).to_vec();
    }
    for problem in &problems {
        if let Some(n) = problem.strip_prefix("queens") {
            let n: usize = n.parse().expect("queensN");
            let (secs, solutions) = best(runs, || {
                queens::count(
                    &queens::Board::new(n).expect("a side up to 32"),
                    &queens::Query::default().with_threads(threads),
                )
                .solutions
            });
            println!("queens {n:>2}  bitmask  threads {threads}  {solutions:>10} solutions  {secs:.4} s");
            if engines.contains(&Engine::ExactCover) {
                let (secs, solutions) = best(runs, || {
                    tessera::Reduction::count(
                        &queens::ExactCover::new(&queens::Board::new(n).expect("a side up to 32")),
                        &tessera::CoverQuery::default().with_threads(threads),
                    )
                    .solutions
                });
                println!("queens {n:>2}  xc       threads {threads}  {solutions:>10} solutions  {secs:.4} s");
            }
            continue;
        }
        let (pieces, motion) = builtin("pentominoes").expect("a built-in set");
        let puzzle = Puzzle::new(Board::parse_size(problem).expect("a size like 6x10"), pieces, motion);
        for &engine in &engines {
            let mut nodes = 0;
            let (secs, solutions) = best(runs, || {
                let c = match engine {
                    Engine::Bits => {
                        BitSolver::new(&puzzle).threads(threads).symmetry(symmetry).count_up_to(u64::MAX)
                    }
                    _ => count(&puzzle, &Query::default().with_engine(engine).with_threads(threads)),
                };
                nodes = c.stats.nodes;
                c.solutions
            });
            println!(
                "{problem:>5}  {engine:?}  threads {threads}  {solutions:>6} tilings  {nodes:>10} nodes  {secs:.4} s"
            );
            if !distinct {
                continue;
            }
            let (secs, solutions) = best(runs, || {
                let c = tessera::tiling::count_distinct(
                    &puzzle,
                    &Query::default().with_engine(engine).with_threads(threads),
                )
                .count;
                nodes = c.stats.nodes;
                c.solutions
            });
            println!(
                "{problem:>5}  {engine:?}  distinct  {solutions:>6} classes  {nodes:>10} nodes  {secs:.4} s"
            );
        }
    }
}

/// The shortest of `runs` timings of `f`, with its answer.
fn best(runs: usize, mut f: impl FnMut() -> u64) -> (f64, u64) {
    (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            let answer = f();
            (start.elapsed().as_secs_f64(), answer)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .expect("at least one run")
}
