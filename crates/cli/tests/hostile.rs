//! The hostile corpus's sample (issue 14, "Budgets that hold"): every case ends within its
//! `--timeout` plus 10 % and a start-up allowance, without a panic, under 2 GiB of memory.
//!
//! The only timed test of the suite, because the promise it checks is about time. The
//! allowance, [`ALLOWANCE`], covers what the budget cannot see: the kernel starting the
//! process before `main` reads the clock, and freeing the memory and exiting after the search
//! gave up (measured at most some 0.1 s for the largest cases, docs/performance.md), with room
//! for a loaded two-CPU CI machine. The budget itself starts when `main` does, so reading and
//! building the input count against `--timeout`.
//!
//! The Sudoku cases that still overrun are left out of the sample until their fixes land
//! (docs/performance.md, "Hostile inputs"); `scripts/hostile-bench.sh` runs the whole corpus.

#[path = "hostile/corpus.rs"]
mod corpus;
#[path = "hostile/runner.rs"]
mod runner;

use std::path::Path;
use std::time::Duration;

/// The timeout every case runs with, seconds.
const TIMEOUT: f64 = 1.0;

/// Seconds allowed on top of `TIMEOUT * 1.1` (see the module header).
const ALLOWANCE: f64 = 0.5;

/// Sudoku cases that already hold their budget (the others wait for the Sudoku fixes).
const SUDOKU_SAMPLE: &[&str] = &[
    "sudoku-25-empty-solve",
    "sudoku-25-few-solve",
    "sudoku-25-few-count",
    "sudoku-25-contradiction",
    "sudoku-16-empty-count",
    "sudoku-9-empty-count",
    "sudoku-25-xc",
    "sudoku-generate-25",
    "sudoku-generate-16",
];

/// The most memory any case may take.
const MAX_PEAK: u64 = 2 << 30;

#[test]
fn the_hostile_sample_holds_its_budgets() {
    let dir = std::env::temp_dir().join(format!("tessera-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("make a scratch folder");
    let binary = Path::new(env!("CARGO_BIN_EXE_tessera"));
    let mut failures = Vec::new();
    let cases = corpus::corpus(14, false);
    for case in cases.iter().filter(|c| c.sample || SUDOKU_SAMPLE.contains(&c.name.as_str())) {
        runner::write_files(case, &dir);
        let run = runner::run(binary, case, &dir, TIMEOUT, Duration::from_secs(60));
        for (name, _) in &case.files {
            let _ = std::fs::remove_file(dir.join(name));
        }
        let wall = run.wall.as_secs_f64();
        if run.crashed() {
            failures.push(format!("{}: crashed (status {:?}): {}", case.name, run.status, run.stderr));
        }
        if wall > TIMEOUT * 1.1 + ALLOWANCE {
            failures.push(format!("{}: {wall:.3} s with --timeout {TIMEOUT}", case.name));
        }
        if run.peak > MAX_PEAK {
            failures.push(format!("{}: peak memory {} MiB", case.name, run.peak >> 20));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
