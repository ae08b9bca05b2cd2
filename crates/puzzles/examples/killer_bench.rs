//! Per-puzzle times of Killer Sudoku on a janko-format file: the first solution, then the count
//! to 2 (the uniqueness proof), each from scratch, and the median and worst of each, with the
//! search nodes; the figures of docs/performance.md beside `scripts/cpsat-killer.py` on the same
//! file. With `--timeout S`, each search stops after S seconds (counted as given up).
//!
//! ```text
//! cargo run --release -p tessera --example killer_bench -- FILE [--quiet] [--timeout S]
//! ```

use std::time::{Duration, Instant};

use tessera::killer::{count, read, Query};
use tessera::xc::Budget;
use tessera::Outcome;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: killer_bench FILE [--quiet] [--timeout S]");
        std::process::exit(2);
    };
    let quiet = args.iter().any(|a| a == "--quiet");
    let timeout = args
        .iter()
        .position(|a| a == "--timeout")
        .and_then(|i| args.get(i + 1))
        .map(|s| Duration::from_secs_f64(s.parse().expect("--timeout takes seconds")));
    let query = |limit| {
        let budget = timeout.map_or_else(Budget::unlimited, |t| Budget::unlimited().with_timeout(t));
        Query::default().with_limit(limit).with_budget(budget)
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut solves, mut totals, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
    let mut gave_up = 0;
    for (index, puzzle) in read(&text).enumerate() {
        let puzzle = puzzle.unwrap_or_else(|e| panic!("{path}: {e}"));
        let started = Instant::now();
        let found = count(&puzzle, &query(1));
        let first = started.elapsed();
        let started = Instant::now();
        let unique = count(&puzzle, &query(2));
        let second = started.elapsed();
        solves.push(first);
        totals.push(first + second);
        nodes.push((unique.stats.nodes, index + 1));
        let what = match (found.outcome, unique.outcome, unique.solutions) {
            (Outcome::GaveUp(_), _, _) | (_, Outcome::GaveUp(_), _) => "gave up",
            (_, _, 0) => "no solution",
            (_, _, 1) => "unique",
            _ => "several",
        };
        gave_up += usize::from(what == "gave up");
        if !quiet {
            let n = puzzle.size();
            println!(
                "{} {n}x{n} solve {:.3} ms ({} nodes), uniqueness {:.3} ms ({} nodes), {what}",
                index + 1,
                ms(first),
                found.stats.nodes,
                ms(second),
                unique.stats.nodes
            );
        }
    }
    let stats = |times: &mut Vec<Duration>| {
        times.sort();
        (ms(times[times.len() / 2]), ms(times[times.len() - 1]))
    };
    let (solve_median, solve_worst) = stats(&mut solves);
    let (total_median, total_worst) = stats(&mut totals);
    nodes.sort();
    let (median_nodes, worst_nodes) = (nodes[nodes.len() / 2].0, nodes[nodes.len() - 1]);
    println!(
        "{} puzzles: solve median {solve_median:.3} ms, worst {solve_worst:.3} ms; solve + uniqueness median \
         {total_median:.3} ms, worst {total_worst:.3} ms; uniqueness nodes median {median_nodes}, worst {} (#{}); \
         {gave_up} gave up",
        solves.len(),
        worst_nodes.0,
        worst_nodes.1
    );
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}
