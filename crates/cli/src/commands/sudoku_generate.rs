//! `tessera sudoku generate`: puzzles from [`tessera::sudoku::Generator`] on `--threads`
//! threads, each printed as soon as the ones before it are (seed order, so that the output does
//! not depend on the thread count), with at most a few puzzles per thread in flight: nothing
//! grows with `--count` but the output.
//!
//! The puzzle of index k + 1 comes from the seed `--seed` + k alone, so `--shard I/N` makes just
//! its share of the indices ([`tessera::xc::shard::Shard::range`]) and prints them exactly as the
//! whole run would: the shards' outputs, concatenated in order, are the whole run's.
//!
//! Every puzzle has a time budget, [`DEFAULT_TIMEOUT`] unless `--timeout` says otherwise, so
//! generation always ends; one that runs out prints `gave-up` in its place and a message naming
//! the budget and the flag that raises it. A level the size cannot reach (only easy for 4x4) is
//! refused before anything runs, and so are `--size` and `--boxes` that disagree. On a terminal,
//! a bar shows the puzzles done once the run takes more than half a second.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Result};
use serde::Serialize;
use tessera::sudoku::{logic, Budget, GaveUp, Generated, Generator, Layout};

use super::Status;
use crate::args::SudokuGenerateArgs;
use crate::ordered::map_in_order;
use crate::progress::Indicator;

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

/// The time budget of one puzzle when `--timeout` is not given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// Puzzles in flight at once, per thread: made but waiting for the ones before them.
const WINDOW_PER_THREAD: usize = 4;

/// `tessera sudoku generate`
pub fn generate(args: &SudokuGenerateArgs) -> Result<Status> {
    let layout = layout(args)?;
    if let Some(level) = args.difficulty {
        let levels = Generator::levels(&layout);
        if !levels.contains(&level) {
            let names: Vec<&str> = levels.iter().map(|level| level.name()).collect();
            bail!(
                "--difficulty {level}: no {0}x{0} puzzle is that hard; {0}x{0} puzzles can be made at {1}",
                layout.size(),
                names.join(", ")
            );
        }
    }
    let json = args.output.json();
    // No bound on attempts: the time budget (default or --timeout) bounds each puzzle.
    let mut generator = Generator::new(Arc::new(layout))
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .rated(json)
        .attempts(u32::MAX);
    if let Some(level) = args.difficulty {
        generator = generator.difficulty(level);
    }
    let first_seed = args
        .seed
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
    let threads = args.threads.count();
    // Positions from 0 in the whole run of --count puzzles: all of them, or --shard's share.
    let share = args.shard.range(args.count);
    let puzzles = share.end - share.start;
    let start = Instant::now();
    let done = Arc::new(AtomicU64::new(0));
    let progress = (!args.output.no_progress && io::stderr().is_terminal())
        .then(|| Indicator::counting(done.clone(), puzzles, "puzzles".to_owned()));
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Done;
    let indices = share.map(|k| k + 1);
    let make = |index: u64| {
        // A fresh budget per puzzle: --timeout and --max-nodes are per puzzle.
        let seed = first_seed.wrapping_add(index - 1);
        let made = generator.clone().budget(budget(args)).generate(seed);
        done.fetch_add(1, Ordering::Relaxed);
        (index, seed, made)
    };
    let written = map_in_order(threads, WINDOW_PER_THREAD * threads, indices, make, |(index, seed, made)| {
        match made {
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
                eprintln!(
                    "tessera: gave up on puzzle {index} (seed {seed}): {}",
                    gave_up_message(args, reason)
                );
                status = Status::GaveUp;
            }
        }
        // Each puzzle is written through: one can take seconds.
        out.flush()?;
        anyhow::Ok(true)
    });
    if let Some(progress) = progress {
        progress.stop();
    }
    written?;
    if args.output.stats {
        eprintln!(
            "tessera: puzzles={puzzles} seconds={:.3} threads={threads}",
            start.elapsed().as_secs_f64()
        );
    }
    Ok(status)
}

/// The layout of `--size`, `--boxes` and `--x`; contradicting flags are refused.
fn layout(args: &SudokuGenerateArgs) -> Result<Layout> {
    layout_of(args.size, args.boxes.as_deref(), args.x)
}

/// The layout of `--size`, `--boxes` and `--x` (also `sudoku book`'s).
pub(crate) fn layout_of(size: Option<usize>, boxes: Option<&str>, x: bool) -> Result<Layout> {
    let mut layout = match boxes {
        Some(boxes) => {
            let shape = boxes
                .split_once(['x', 'X'])
                .and_then(|(rows, cols)| Some((rows.parse::<usize>().ok()?, cols.parse::<usize>().ok()?)));
            let Some((rows, cols)) = shape else {
                bail!("--boxes {boxes:?}: expected ROWSxCOLS, e.g. 3x2");
            };
            if let Some(size) = size.filter(|&size| size != rows * cols) {
                bail!(
                    "--size {size} and --boxes {boxes} disagree: boxes of {rows}x{cols} make a {0}x{0} grid; \
                     give --boxes alone, or boxes of {size} cells for --size {size}",
                    rows * cols
                );
            }
            Layout::boxes(rows, cols)?
        }
        None => Layout::classic(size.unwrap_or(9))?,
    };
    if x {
        layout = layout.with_diagonals();
    }
    Ok(layout)
}

/// The budget of one puzzle: `--max-nodes`, and `--timeout` or [`DEFAULT_TIMEOUT`].
fn budget(args: &SudokuGenerateArgs) -> Budget {
    let budget = super::budget(&args.budget);
    if args.budget.timeout.is_none() {
        budget.with_timeout(DEFAULT_TIMEOUT)
    } else {
        budget
    }
}

/// Which budget ran out, and the flag that raises it.
fn gave_up_message(args: &SudokuGenerateArgs, reason: GaveUp) -> String {
    match (reason, args.budget.timeout, args.budget.max_nodes) {
        (GaveUp::Deadline, None, _) => format!(
            "the default time budget of {} s per puzzle ran out; raise it with --timeout SECONDS",
            DEFAULT_TIMEOUT.as_secs()
        ),
        (GaveUp::Deadline, Some(timeout), _) => format!(
            "--timeout {} s per puzzle ran out; raise it with --timeout SECONDS",
            timeout.as_secs_f64()
        ),
        (GaveUp::NodeLimit, _, Some(nodes)) => {
            format!("--max-nodes {nodes} ran out in one search; raise it with --max-nodes N")
        }
        (reason, _, _) => reason.to_string(),
    }
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
