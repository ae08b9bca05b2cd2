//! Throughput of the dedicated 9x9 solver over a file of puzzles, for side-by-side runs against
//! the `sudoku` crate's peer (`../shared/peers/sudoku-crate`, see `scripts/compare-sudoku.sh`).
//!
//! ```text
//! sudoku_bench solve FILE          first solution of each puzzle, one line each ("none" if none)
//! sudoku_bench count FILE [LIMIT]  solutions of each puzzle counted up to LIMIT (default 2)
//! ```
//!
//! FILE holds one 81-character puzzle a line (`1`-`9` clues, anything else empty; `#` comments).
//! All puzzles are read first; only the solving is timed. The answers go to stdout, the rate to
//! stderr.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use tessera::sudoku::{count_9x9, solve_9x9, Budget};

fn load(path: &str) -> Result<Vec<[u8; 81]>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut puzzles = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.len() < 81 {
            return Err(format!("{path}:{}: expected 81 characters", n + 1));
        }
        let mut cells = [0u8; 81];
        for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
            *cell = if (b'1'..=b'9').contains(&ch) { ch - b'0' } else { 0 };
        }
        puzzles.push(cells);
    }
    Ok(puzzles)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: sudoku_bench solve FILE | count FILE [LIMIT]";
    let (Some(mode), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let puzzles = match load(path) {
        Ok(puzzles) => puzzles,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let mut text = String::with_capacity(puzzles.len() * 82);
    let (seconds, extra) = match mode.as_str() {
        "solve" => {
            let start = Instant::now();
            let budget = Budget::unlimited();
            let answers: Vec<Option<[u8; 81]>> =
                puzzles.iter().map(|p| solve_9x9(p, &budget).expect("no budget")).collect();
            let seconds = start.elapsed().as_secs_f64();
            for answer in answers {
                match answer {
                    Some(grid) => text.extend(grid.iter().map(|&d| char::from(b'0' + d))),
                    None => text.push_str("none"),
                }
                text.push('\n');
            }
            (seconds, String::new())
        }
        "count" => {
            let Ok(limit) = args.get(3).map_or(Ok(2), |s| s.parse::<u64>()) else {
                eprintln!("{usage}");
                return ExitCode::from(2);
            };
            let budget = Budget::unlimited();
            let start = Instant::now();
            let answers: Vec<_> = puzzles.iter().map(|p| count_9x9(p, limit, &budget)).collect();
            let seconds = start.elapsed().as_secs_f64();
            let guesses: u64 = answers.iter().map(|count| count.stats.nodes).sum();
            let no_guess = answers.iter().filter(|count| count.stats.nodes == 0).count();
            for stats in answers {
                text.push_str(&stats.solutions.to_string());
                text.push('\n');
            }
            let n = puzzles.len().max(1) as f64;
            (
                seconds,
                format!(
                    ", {:.2} guesses/puzzle, {:.1} % without guessing",
                    guesses as f64 / n,
                    100.0 * no_guess as f64 / n
                ),
            )
        }
        _ => {
            eprintln!("{usage}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    let n = puzzles.len();
    eprintln!("{mode}: {n} puzzles in {seconds:.3} s, {:.0} puzzles/s{extra}", n as f64 / seconds);
    ExitCode::SUCCESS
}
