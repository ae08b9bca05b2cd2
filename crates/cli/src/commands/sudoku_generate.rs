//! `tessera sudoku generate`: puzzles from [`tessera::sudoku::Generator`], in parallel chunks,
//! printed in seed order so that the output does not depend on the thread count.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use tessera::sudoku::{logic, GaveUp, Generated, Generator, Layout};

use super::Status;
use crate::args::SudokuGenerateArgs;

/// Puzzles generated between two writes, per thread.
const CHUNK_PER_THREAD: u64 = 16;

/// One line of `--json`.
#[derive(Debug, Serialize)]
struct Record {
    /// The puzzle's position in the output, from 1.
    index: u64,
    seed: u64,
    puzzle: String,
    solution: String,
    /// The number of given digits.
    givens: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    attempts: u32,
}

/// The `--json` line of a puzzle given up on.
#[derive(Debug, Serialize)]
struct GaveUpRecord {
    index: u64,
    seed: u64,
    outcome: &'static str,
    reason: &'static str,
}

/// `tessera sudoku generate`
pub fn generate(args: &SudokuGenerateArgs) -> Result<Status> {
    let mut layout = match &args.boxes {
        Some(boxes) => {
            let Some((rows, cols)) = boxes.split_once(['x', 'X']) else {
                bail!("--boxes {boxes:?}: expected ROWSxCOLS, e.g. 3x2");
            };
            let (Ok(rows), Ok(cols)) = (rows.parse(), cols.parse()) else {
                bail!("--boxes {boxes:?}: expected ROWSxCOLS, e.g. 3x2");
            };
            Layout::boxes(rows, cols)?
        }
        None => Layout::classic(args.size)?,
    };
    if args.x {
        layout = layout.with_diagonals();
    }
    let json = args.output.json();
    let mut generator =
        Generator::new(Arc::new(layout)).symmetry(args.symmetry).minimal(args.minimal).rated(json);
    if let Some(level) = args.difficulty {
        generator = generator.difficulty(level);
    }
    let first_seed = args
        .seed
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
    let threads = args.threads.count();
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let progress = progress_bar(args);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Done;
    let mut next = 0;
    while next < args.count {
        let chunk = (args.count - next).min(CHUNK_PER_THREAD * threads as u64);
        let made: Vec<(u64, Result<Generated, GaveUp>)> = pool.install(|| {
            (next..next + chunk)
                .into_par_iter()
                .map(|i| {
                    // A fresh budget per puzzle: --timeout and --max-nodes are per puzzle.
                    let seed = first_seed.wrapping_add(i);
                    (seed, generator.clone().budget(super::budget(&args.budget)).generate(seed))
                })
                .collect()
        });
        for (index, (seed, result)) in (next + 1..).zip(made) {
            match result {
                Ok(made) => write_one(&mut out, index, &made, json)?,
                Err(reason) => {
                    if json {
                        let record = GaveUpRecord {
                            index,
                            seed,
                            outcome: "gave-up",
                            reason: super::report::reason_name(reason),
                        };
                        writeln!(out, "{}", serde_json::to_string(&record)?)?;
                    } else {
                        writeln!(out, "gave-up")?;
                    }
                    out.flush()?;
                    eprintln!("tessera: gave up on a puzzle: {reason}");
                    status = Status::GaveUp;
                }
            }
        }
        out.flush()?;
        next += chunk;
        if let Some(bar) = &progress {
            bar.set_position(next);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if args.output.stats {
        eprintln!(
            "tessera: puzzles={} seconds={:.3} threads={threads}",
            args.count,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(status)
}

fn write_one(out: &mut impl Write, index: u64, made: &Generated, json: bool) -> Result<()> {
    if !json {
        writeln!(out, "{}", made.puzzle.to_line())?;
        return Ok(());
    }
    let record = Record {
        index,
        seed: made.seed,
        puzzle: made.puzzle.to_line(),
        solution: made.solution.to_line(),
        givens: made.puzzle.clues(),
        difficulty: made.rating.as_ref().map(|r| r.difficulty.name()),
        score: made.rating.as_ref().map(|r| r.score),
        hardest: made.rating.as_ref().and_then(|r| r.hardest).map(logic::Technique::name),
        attempts: made.attempts,
    };
    writeln!(out, "{}", serde_json::to_string(&record)?)?;
    Ok(())
}

/// A bar on standard error for long runs, when it is a terminal.
fn progress_bar(args: &SudokuGenerateArgs) -> Option<ProgressBar> {
    use std::io::IsTerminal;
    if args.output.no_progress || args.count < 100 || !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(args.count);
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}
