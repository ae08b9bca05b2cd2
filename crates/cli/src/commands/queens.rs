//! `tessera queens N`: the first solution, K of them, all, or their number, from the bitmask
//! solver or the exact-cover route, within `--max-nodes` and `--timeout`.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use tessera::queens::{self, Count, ExactCover, Outcome};

use super::Status;
use crate::args::{QueensArgs, TilingSolverArg};

/// `tessera queens N [--count|--all|--limit K]`
pub fn run(args: &QueensArgs) -> Result<Status> {
    let n = args.n as usize;
    let threads = threads(args.threads);
    let budget = super::budget(args.max_nodes, args.timeout);
    let start = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let count = if args.count {
        let limit = args.limit.unwrap_or(u64::MAX);
        let count = match args.solver {
            TilingSolverArg::Xc => ExactCover::new(n).count_up_to(limit, threads, &budget),
            // The bitmask count has no limit of its own: it is fast, and a budget bounds it.
            TilingSolverArg::Bits if limit == u64::MAX => queens::count(n, threads, &budget),
            TilingSolverArg::Bits => queens::solutions_up_to(n, limit, &budget).1,
        };
        if !count.gave_up() {
            writeln!(out, "{}", count.solutions)?;
        }
        count
    } else {
        let limit = if args.all { u64::MAX } else { args.limit.unwrap_or(1) };
        let (solutions, count) = match args.solver {
            TilingSolverArg::Bits => queens::solutions_up_to(n, limit, &budget),
            TilingSolverArg::Xc => ExactCover::new(n).solutions_up_to(limit, threads, &budget),
        };
        for (i, columns) in solutions.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", queens::render(columns))?;
        }
        if solutions.is_empty() && !count.gave_up() {
            note(&format!("no solution for n = {n}"));
        }
        count
    };
    out.flush()?;
    report(&count, args.stats, start.elapsed().as_secs_f64(), threads, args.limit.is_some())
}

/// Notes on standard error and the status for how a search ended (shared with `tiling`).
pub(crate) fn report(
    count: &Count,
    stats: bool,
    seconds: f64,
    threads: usize,
    limited: bool,
) -> Result<Status> {
    if stats {
        note(&format!("nodes={} seconds={seconds:.3} threads={threads}", count.stats.nodes));
    }
    match count.outcome {
        Outcome::GaveUp(reason) => {
            note(&format!(
                "gave up ({reason}) after {} nodes and {seconds:.3} seconds; {} solutions found so far",
                count.stats.nodes, count.solutions
            ));
            Ok(Status::GaveUp)
        }
        Outcome::LimitReached if limited => {
            note(&format!("stopped at --limit {}; there may be more", count.solutions));
            Ok(Status::Done)
        }
        _ => Ok(Status::Done),
    }
}

/// `--threads 0` means one per CPU.
pub(crate) fn threads(requested: usize) -> usize {
    if requested == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        requested
    }
}

pub(crate) fn note(message: &str) {
    let _ = writeln!(io::stderr(), "tessera: {message}");
}
