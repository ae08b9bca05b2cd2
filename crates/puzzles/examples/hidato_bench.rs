//! Times the dedicated Hidato solver over puzzle files: each puzzle is solved, then proven unique
//! (counted up to 2). Prints per file the median and maximum time per puzzle and the slowest one.
//!
//! ```text
//! cargo run --release -p tessera --example hidato_bench -- /work/shared/data/hidato/janko.txt ...
//! ```
//!
//! `--runs R` makes R passes and keeps each puzzle's best time; `--only 40,395` times only those
//! puzzles (1-based) of each file.
//!
//! With no arguments it reads `$TESSERA_DATA/hidato/{janko,curated,unsolvable}.txt`. The 50x3
//! "snake in the grass" of `curated.txt` is also timed on its own.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tessera::hidato::{count, parse_puzzles, solve, Adjacency, Budget, Hidato, Query};

/// The puzzles of a file in the seed's text format (a count, then `W H` and H rows per puzzle).
fn read(path: &PathBuf) -> Vec<Hidato> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_puzzles(&text, Adjacency::King).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--only 40,395` times just those puzzles (1-based) of each file.
    let mut only: Option<Vec<usize>> = None;
    if let Some(i) = args.iter().position(|a| a == "--only") {
        let list = args.get(i + 1).expect("--only takes a list like 40,395").clone();
        only = Some(list.split(',').map(|x| x.trim().parse().expect("a puzzle number")).collect());
        args.drain(i..i + 2);
    }
    // `--runs 3` times every puzzle in 3 passes over the file and keeps each puzzle's best time
    // (the machine is shared: the best of a few passes filters out other processes' bursts).
    let mut runs = 1;
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs =
            args.get(i + 1).and_then(|r| r.parse().ok()).filter(|&r| r >= 1).expect("--runs takes a count");
        args.drain(i..i + 2);
    }
    let mut files: Vec<PathBuf> = args.into_iter().map(PathBuf::from).collect();
    if files.is_empty() {
        let dir = PathBuf::from(std::env::var_os("TESSERA_DATA").expect("give files or set TESSERA_DATA"));
        files = ["janko.txt", "curated.txt", "unsolvable.txt"]
            .iter()
            .map(|f| dir.join("hidato").join(f))
            .collect();
    }
    let budget = Budget::unlimited();
    for file in &files {
        let mut puzzles = read(file);
        let numbers: Vec<usize> = match &only {
            Some(list) => list.iter().copied().filter(|&i| i >= 1 && i <= puzzles.len()).collect(),
            None => (1..=puzzles.len()).collect(),
        };
        puzzles = numbers.iter().map(|&i| puzzles[i - 1].clone()).collect();
        if puzzles.is_empty() {
            continue;
        }
        let mut times = vec![Duration::MAX; puzzles.len()];
        let mut nodes = vec![0; puzzles.len()];
        for _ in 0..runs {
            for (i, puzzle) in puzzles.iter().enumerate() {
                let start = Instant::now();
                let answer = solve(puzzle, &Query::default().with_budget(budget.clone())).expect("no budget");
                let counted = count(puzzle, &Query::default().with_limit(2).with_budget(budget.clone()));
                assert!(!counted.gave_up(), "no budget");
                let elapsed = start.elapsed();
                assert_eq!(answer.is_some(), counted.solutions > 0);
                times[i] = times[i].min(elapsed);
                nodes[i] = counted.stats.nodes;
            }
        }
        for (i, puzzle) in puzzles.iter().enumerate() {
            if puzzle.width() == 50 && puzzle.height() == 3 {
                println!(
                    "  snake 50x3: {:.3} ms (solve + count to 2, best of {runs}), {} count nodes",
                    ms(times[i]),
                    nodes[i]
                );
            }
        }
        let over: Vec<String> = times
            .iter()
            .enumerate()
            .filter(|(_, t)| only.is_some() || t.as_secs_f64() > 0.005)
            .map(|(i, t)| format!("#{} {:.1} ms {} nodes", numbers[i], ms(*t), nodes[i]))
            .collect();
        if !over.is_empty() {
            let label = if only.is_some() { "selected" } else { "over 5 ms" };
            println!("  {label}: {}", over.join(", "));
        }
        let mut by_time: Vec<usize> = (0..times.len()).collect();
        by_time.sort_by_key(|&i| std::cmp::Reverse(times[i]));
        let slowest_five: Vec<String> = by_time
            .iter()
            .take(5)
            .map(|&i| format!("#{} {:.2} ms {} nodes", numbers[i], ms(times[i]), nodes[i]))
            .collect();
        println!("  slowest: {}", slowest_five.join(", "));
        let mut sorted = times.clone();
        sorted.sort();
        let (slowest, max) = times.iter().enumerate().max_by_key(|(_, t)| **t).map(|(i, t)| (i, *t)).unwrap();
        println!(
            "{} (best of {runs}): {} puzzles, median {:.3} ms, p90 {:.3} ms, max {:.3} ms (puzzle #{}, 1-based, {} count nodes), total {:.1} ms",
            file.display(),
            puzzles.len(),
            ms(sorted[sorted.len() / 2]),
            ms(sorted[sorted.len() * 9 / 10]),
            ms(max),
            numbers[slowest],
            nodes[slowest],
            ms(times.iter().sum()),
        );
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
