//! `tessera queens N`: the first solution, K of them, all, or their number, from the bitmask
//! solver or the exact-cover route, within `--max-nodes` and `--timeout`.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use tessera::queens::{self, Board, Count, Engine, Outcome, Query};

use super::Status;
use crate::args::{QueensArgs, TilingSolverArg};

/// `tessera queens N [--count|--all|--limit K]`
pub fn run(args: &QueensArgs) -> Result<Status> {
    let n = args.n as usize;
    let board = Board::new(n).map_err(|e| anyhow::anyhow!("{e}"))?;
    let threads = threads(args.threads);
    let engine = match args.solver {
        TilingSolverArg::Bits => Engine::Bits,
        TilingSolverArg::Xc => Engine::ExactCover,
    };
    let query = Query::default()
        .with_engine(engine)
        .with_threads(threads)
        .with_budget(super::budget(args.max_nodes, args.timeout));
    let start = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let count = if args.count {
        let count = queens::count(&board, &query.with_limit(args.limit.unwrap_or(u64::MAX)));
        if !count.gave_up() {
            writeln!(out, "{}", count.solutions)?;
        }
        count
    } else {
        let limit = if args.all { u64::MAX } else { args.limit.unwrap_or(1) };
        let queens::Solutions { found: solutions, count, .. } =
            queens::solutions(&board, &query.with_limit(limit));
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
