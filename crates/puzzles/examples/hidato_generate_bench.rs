//! Generates K unique 15x15 Hidato puzzles (seeds 1..=K) per level, and unrated, and prints the
//! median and maximum time per puzzle.
//!
//! ```text
//! cargo run --release -p tessera --example hidato_generate_bench -- [K] [SIDE] [LEVEL|any|all]
//! ```

use std::time::{Duration, Instant};

use tessera::hidato::{Adjacency, Difficulty, Generator, Hidato};

fn main() {
    let mut args = std::env::args().skip(1);
    let k: u64 = args.next().map_or(20, |a| a.parse().expect("K: a count"));
    let side: usize = args.next().map_or(15, |a| a.parse().expect("SIDE: a side length"));
    let which = args.next().unwrap_or_else(|| "all".to_string());
    let shape = Hidato::new(side, side, vec![0; side * side], Adjacency::King).expect("a square");
    let levels: Vec<Option<Difficulty>> = match which.as_str() {
        "all" => std::iter::once(None).chain(Difficulty::ALL.map(Some)).collect(),
        "any" => vec![None],
        level => vec![Some(level.parse().unwrap_or_else(|e| panic!("{e}")))],
    };
    for level in levels {
        let mut generator = Generator::new(shape.clone());
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        let mut times: Vec<Duration> = Vec::new();
        let (mut givens, mut attempts) = (0, 0);
        for seed in 1..=k {
            let start = Instant::now();
            let made = generator.generate(seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            times.push(start.elapsed());
            givens += made.puzzle.givens();
            attempts += made.attempts;
        }
        times.sort_unstable();
        println!(
            "{side}x{side} {:<6} K={k}: median {:>8.2} ms, max {:>8.2} ms, mean givens {:.1}, mean attempts {:.2}",
            level.map_or("any", Difficulty::name),
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
            givens as f64 / k as f64,
            f64::from(attempts) / k as f64,
        );
    }
}
