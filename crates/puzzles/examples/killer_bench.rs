//! Per-puzzle times of Killer Sudoku on a janko-format file: the first solution, then the count
//! to 2 (the uniqueness proof), each from scratch, and the median and worst of each; the figures
//! of docs/performance.md beside `scripts/cpsat-killer.py` on the same file.
//!
//! ```text
//! cargo run --release -p tessera --example killer_bench -- FILE [--quiet]
//! ```

use std::time::{Duration, Instant};

use tessera::killer::{count, read, solve, Query};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: killer_bench FILE [--quiet]");
        std::process::exit(2);
    };
    let quiet = args.iter().any(|a| a == "--quiet");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut solves, mut totals) = (Vec::new(), Vec::new());
    for (index, puzzle) in read(&text).enumerate() {
        let puzzle = puzzle.unwrap_or_else(|e| panic!("{path}: {e}"));
        let started = Instant::now();
        let found = solve(&puzzle, &Query::default()).expect("no budget");
        let first = started.elapsed();
        let started = Instant::now();
        let unique = count(&puzzle, &Query::default().with_limit(2));
        let second = started.elapsed();
        solves.push(first);
        totals.push(first + second);
        if !quiet {
            let n = puzzle.size();
            let what = match (found.is_some(), unique.solutions) {
                (false, _) => "no solution",
                (true, 1) => "unique",
                _ => "several",
            };
            println!(
                "{} {n}x{n} solve {:.3} ms, uniqueness {:.3} ms, {what}",
                index + 1,
                ms(first),
                ms(second)
            );
        }
    }
    let stats = |times: &mut Vec<Duration>| {
        times.sort();
        (ms(times[times.len() / 2]), ms(times[times.len() - 1]))
    };
    let (solve_median, solve_worst) = stats(&mut solves);
    let (total_median, total_worst) = stats(&mut totals);
    println!(
        "{} puzzles: solve median {solve_median:.3} ms, worst {solve_worst:.3} ms; solve + uniqueness median \
         {total_median:.3} ms, worst {total_worst:.3} ms",
        solves.len()
    );
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}
