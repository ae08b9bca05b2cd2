//! How long Kakuro generation takes, by side and level: the mean and worst over seeds 0..N of
//! one puzzle each, and the attempts they took (the generator's figures in docs/performance.md).
//!
//! ```text
//! cargo run --profile tuning -p tessera --example kakuro_generate -- [SEEDS] [SIDE...]
//! ```

use std::time::{Duration, Instant};

use tessera::kakuro::{Difficulty, Generator};

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let seeds = args.first().copied().unwrap_or(3) as u64;
    let sides = if args.len() > 1 { args[1..].to_vec() } else { vec![6, 8, 10, 12, 16, 20, 24] };
    for &side in &sides {
        for level in std::iter::once(None).chain(Difficulty::ALL.map(Some)) {
            if Generator::reaches(level, side, side).is_err() {
                continue;
            }
            let generator = Generator::new(side, side).expect("a side").level(level);
            let started = Instant::now();
            let (mut attempts, mut failed, mut worst) = (0, 0, Duration::ZERO);
            for seed in 0..seeds {
                let one = Instant::now();
                match generator.generate(seed) {
                    Ok(made) => attempts += made.attempts,
                    Err(_) => failed += 1,
                }
                worst = worst.max(one.elapsed());
            }
            println!(
                "{side:>2} {:<6} mean {:>8.3} s worst {:>8.3} s attempts {attempts:>5} failed {failed}",
                level.map_or("any".to_owned(), |l| l.to_string()),
                started.elapsed().as_secs_f64() / seeds as f64,
                worst.as_secs_f64()
            );
        }
    }
}
