//! `tessera sudoku generate`: puzzles from [`tessera::sudoku::Generator`], in parallel chunks,
//! printed in seed order so that the output does not depend on the thread count.

use std::io::{self, BufWriter, Write};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use tessera::sudoku::{logic, Budget, GaveUp, Generated, Generator, Layout};

use super::Status;
use crate::args::SudokuGenerateArgs;

/// Puzzles generated between two writes, per thread.
const CHUNK_PER_THREAD: u64 = 16;

/// One line of `--json`.
#[derive(Debug, Serialize)]
struct Record {
    puzzle: String,
    solution: String,
    seed: u64,
    clues: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<&'static str>,
    attempts: u32,
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
    let mut budget = Budget::unlimited();
    if let Some(timeout) = args.timeout {
        budget = budget.with_timeout(timeout);
    }
    let mut generator = Generator::new(Arc::new(layout))
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .rated(args.json)
        .budget(budget.clone());
    if let Some(level) = args.difficulty {
        generator = generator.difficulty(level);
    }
    let first_seed = args
        .seed
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let progress = progress_bar(args);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Done;
    let mut next = 0;
    while next < args.count {
        let chunk = (args.count - next).min(CHUNK_PER_THREAD * threads as u64);
        let made: Vec<Result<Generated, GaveUp>> = pool.install(|| {
            (next..next + chunk)
                .into_par_iter()
                .map(|i| {
                    // A fresh deadline per puzzle: --timeout is per puzzle.
                    let mut generator = generator.clone();
                    if let Some(timeout) = args.timeout {
                        generator = generator.budget(Budget::unlimited().with_timeout(timeout));
                    }
                    generator.generate(first_seed.wrapping_add(i))
                })
                .collect()
        });
        for result in made {
            match result {
                Ok(made) => write_one(&mut out, &made, args.json)?,
                Err(reason) => {
                    writeln!(out, "gave-up")?;
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
    Ok(status)
}

fn write_one(out: &mut impl Write, made: &Generated, json: bool) -> Result<()> {
    if !json {
        writeln!(out, "{}", made.puzzle.to_line())?;
        return Ok(());
    }
    let record = Record {
        puzzle: made.puzzle.to_line(),
        solution: made.solution.to_line(),
        seed: made.seed,
        clues: made.puzzle.clues(),
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
    if args.no_progress || args.count < 100 || !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(args.count);
    let style = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}
