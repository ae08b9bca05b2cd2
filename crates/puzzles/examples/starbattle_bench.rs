//! Times the Star Battle solver per puzzle on a janko file: solve (1 s budget) and the
//! uniqueness proof (count to 2, 2 s budget), then the median and the worst case; with `gen
//! N K COUNT` it times the generator instead.
//!
//! `cargo run --release -p tessera --example starbattle_bench -- FILE`
//! `cargo run --release -p tessera --example starbattle_bench -- gen 10 2 50`

use std::time::{Duration, Instant};

use tessera::starbattle::{count, read, Generator, Query};
use tessera::xc::Budget;

fn summary(what: &str, mut times: Vec<f64>) {
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    println!("{what}: {} runs, median {median:.3} ms, worst {worst:.3} ms", times.len());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("gen") {
        let number = |i: usize, default: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
        let (n, k, runs) = (number(1, 10), number(2, 2), number(3, 50));
        let mut times = Vec::new();
        for seed in 0..runs as u64 {
            let started = Instant::now();
            let made =
                Generator::new(n, k).expect("a board that holds its stars").generate(seed).expect("a puzzle");
            times.push(started.elapsed().as_secs_f64() * 1e3);
            if args.get(4).is_some() {
                print!("{}", made.puzzle);
            }
        }
        summary(&format!("generate {n}x{n} K={k}"), times);
        return;
    }
    let text = std::fs::read_to_string(&args[0]).expect("a file");
    let (mut solves, mut proofs) = (Vec::new(), Vec::new());
    for (i, puzzle) in read(&text).enumerate() {
        let puzzle = puzzle.expect("a puzzle");
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(1));
        let started = Instant::now();
        let found = count(&puzzle, &Query::default().with_limit(1).with_budget(budget));
        let solve = started.elapsed().as_secs_f64() * 1e3;
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(2));
        let started = Instant::now();
        let unique = count(&puzzle, &Query::default().with_limit(2).with_budget(budget));
        let proof = started.elapsed().as_secs_f64() * 1e3;
        println!(
            "{} {}x{} K={} solve {solve:.3} ms ({:?}) unique {proof:.3} ms ({} {:?}, {} nodes)",
            i + 1,
            puzzle.width(),
            puzzle.height(),
            puzzle.stars(),
            found.outcome,
            unique.solutions,
            unique.outcome,
            unique.stats.nodes
        );
        solves.push(solve);
        proofs.push(proof);
    }
    summary("solve", solves);
    summary("count to 2", proofs);
}
