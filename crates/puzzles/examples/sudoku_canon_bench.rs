//! Time of `sudoku::canonical` by box shape.
//!
//! ```text
//! sudoku_canon_bench RxC COUNT [FIRST_SEED]
//! ```
//!
//! Makes COUNT puzzles of boxes RxC from seeds FIRST_SEED.. (not timed), then times the
//! canonical form of each (puzzle and its solution) and prints the puzzles per second, the
//! median and the slowest, and how many distinct forms there were.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use tessera::sudoku::{canonical, Generator, Layout};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boxes = args.get(1).map_or("3x3", String::as_str);
    let (rows, cols) = boxes.split_once('x').expect("boxes as RxC");
    let layout =
        Arc::new(Layout::boxes(rows.parse().expect("rows"), cols.parse().expect("cols")).expect("a shape"));
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let first: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let generator = Generator::new(layout);
    let made: Vec<_> =
        (first..first + count).map(|seed| generator.generate(seed).expect("a puzzle")).collect();
    let mut times = Vec::with_capacity(made.len());
    let mut forms = HashSet::new();
    let start = Instant::now();
    for made in &made {
        let one = Instant::now();
        forms.insert(canonical(&made.puzzle, &made.solution).expect("a canonical form"));
        times.push(one.elapsed().as_secs_f64());
    }
    let total = start.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!(
        "{boxes}: {count} puzzles in {total:.3} s, {:.0} puzzles/s, median {:.3} ms, slowest {:.3} ms, {} distinct forms",
        count as f64 / total,
        times[times.len() / 2] * 1e3,
        times[times.len() - 1] * 1e3,
        forms.len()
    );
}
