//! Time of Sudoku generation by size and level: the complete grid, then the whole puzzle.
//!
//! ```text
//! sudoku_generate_bench SIZE COUNT [LEVEL|any] [FIRST_SEED] [TIMEOUT_SECONDS]
//! ```
//!
//! For each seed from FIRST_SEED (default 1): the seconds of `solve_with_seed` on the empty grid,
//! then of `Generator::generate` (which makes its own grid), the givens and the attempts. The
//! last line has the median and the maximum; a puzzle that gives up counts its whole timeout.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tessera::sudoku::{logic::Difficulty, solve_with_seed, Budget, Generator, Layout, Sudoku};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(25);
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let level: Option<Difficulty> = args.get(3).filter(|s| *s != "any").map(|s| s.parse().expect("a level"));
    let first: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let timeout: f64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let layout = Arc::new(Layout::classic(size).expect("a size"));
    let mut generator = Generator::new(layout.clone());
    if let Some(level) = level {
        generator = generator.difficulty(level);
    }
    let mut times = Vec::new();
    for seed in first..first + count {
        let start = Instant::now();
        let grid = solve_with_seed(&Sudoku::empty(layout.clone()), seed, &Budget::unlimited());
        let grid_seconds = start.elapsed().as_secs_f64();
        assert!(matches!(grid, Ok(Some(_))));
        let start = Instant::now();
        let budget = Budget::unlimited().with_timeout(Duration::from_secs_f64(timeout));
        let made = generator.clone().budget(budget).generate(seed);
        let seconds = start.elapsed().as_secs_f64();
        match made {
            Ok(made) => println!(
                "seed {seed}: grid {grid_seconds:.3} s, puzzle {seconds:.3} s, {} givens, {} attempts{}",
                made.puzzle.clues(),
                made.attempts,
                made.rating.map_or(String::new(), |r| format!(", {}", r.difficulty.name()))
            ),
            Err(reason) => {
                println!("seed {seed}: grid {grid_seconds:.3} s, gave up after {seconds:.3} s: {reason}");
            }
        }
        times.push(seconds);
    }
    times.sort_by(f64::total_cmp);
    println!("median {:.3} s, max {:.3} s", times[times.len() / 2], times[times.len() - 1]);
}
