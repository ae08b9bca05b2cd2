//! Times the KenKen engine over janko-format files (each puzzle solved, then proven unique by a
//! count to 2), or times the generator and writes what it makes.
//!
//! ```text
//! cargo run --release -p tessera --example kenken_bench -- FILE...        # solve + unique
//! cargo run --release -p tessera --example kenken_bench -- --each FILE    # one line a puzzle
//! cargo run --release -p tessera --example kenken_bench -- --make 6 200 [--hidden] [--max-cage K]
//!     [--level easy] [--out FILE]                                         # generation times
//! ```
//!
//! Every search runs under the acceptance budgets: 1 s to solve, 2 s to prove unique; a puzzle
//! over either is reported.

use std::time::{Duration, Instant};

use tessera::kenken::{count, parse_puzzles, solve, Budget, Difficulty, Generator, KenKen, Query};

fn take(args: &mut Vec<String>, flag: &str) -> Option<String> {
    let i = args.iter().position(|a| a == flag)?;
    let value = args.get(i + 1).cloned();
    args.drain(i..(i + 2).min(args.len()));
    value
}

fn has(args: &mut Vec<String>, flag: &str) -> bool {
    let found = args.iter().any(|a| a == flag);
    args.retain(|a| a != flag);
    found
}

fn summary(what: &str, times: &mut [Duration]) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let median = times[times.len() / 2];
    let worst = times[times.len() - 1];
    println!("{what}: {} puzzles, median {:.3} ms, worst {:.3} ms", times.len(), ms(median), ms(worst));
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(size) = take(&mut args, "--make") {
        let size: usize = size.parse().expect("--make takes a side");
        let total: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
        let hidden = has(&mut args, "--hidden");
        let out = take(&mut args, "--out");
        let mut generator = Generator::new(size).hidden_operations(hidden);
        if let Some(k) = take(&mut args, "--max-cage") {
            generator = generator.max_cage(k.parse().expect("--max-cage takes a size"));
        }
        if let Some(level) = take(&mut args, "--level") {
            generator = generator.difficulty(level.parse::<Difficulty>().expect("a level"));
        }
        let mut times = Vec::new();
        let mut text = String::new();
        let mut levels = [0u32; 4];
        for seed in 0..total {
            let started = Instant::now();
            let made = generator.generate(seed).expect("a puzzle");
            times.push(started.elapsed());
            levels[made.level as usize] += 1;
            text.push_str(
                &made.puzzle.with_comments(vec![format!("generated {size}x{size} seed {seed}")]).to_text(),
            );
            text.push('\n');
        }
        println!("levels (easy, medium, hard, expert): {levels:?}");
        summary(&format!("generate {size}x{size}{}", if hidden { " hidden" } else { "" }), &mut times);
        if let Some(out) = out {
            std::fs::write(&out, text).expect("the output file");
        }
        return;
    }
    let each = has(&mut args, "--each");
    for path in args {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let puzzles: Vec<KenKen> = parse_puzzles(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (mut solving, mut proving) = (Vec::new(), Vec::new());
        let mut nodes = Vec::new();
        for (i, puzzle) in puzzles.iter().enumerate() {
            let budget = Budget::unlimited().with_timeout(Duration::from_secs(1));
            let started = Instant::now();
            let solved = solve(puzzle, &Query::default().with_budget(budget));
            let solve_time = started.elapsed();
            let budget = Budget::unlimited().with_timeout(Duration::from_secs(2));
            let started = Instant::now();
            let counted = count(puzzle, &Query::default().with_limit(2).with_budget(budget));
            let count_time = started.elapsed();
            let fine = matches!(solved, Ok(Some(_))) && counted.result() == Ok(1);
            if each || !fine {
                println!(
                    "{path} #{}: {}x{} solve {:.3} ms count {:.3} ms ({} nodes) -> {:?} {:?}",
                    i + 1,
                    puzzle.size(),
                    puzzle.size(),
                    ms(solve_time),
                    ms(count_time),
                    counted.stats.nodes,
                    solved.map(|s| s.is_some()),
                    counted.result()
                );
            }
            solving.push(solve_time);
            proving.push(count_time);
            nodes.push(counted.stats.nodes);
        }
        summary(&format!("{path} solve"), &mut solving);
        summary(&format!("{path} unique (count to 2)"), &mut proving);
        nodes.sort_unstable();
        println!(
            "{path} nodes of the count: median {}, worst {}",
            nodes[nodes.len() / 2],
            nodes[nodes.len() - 1]
        );
    }
}
