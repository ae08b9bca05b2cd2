//! `tessera queens N`: the first solution, K of them, all, or their number, from the bitmask
//! solver or the exact-cover route, within `--max-nodes` and `--timeout`.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use tessera::queens::{self, Board, Engine, Query, ShardTree};

use super::report::{note, report, Found};
use super::Status;
use crate::args::{QueensArgs, SolverArg};

/// `tessera queens N [--count|--all|--limit K]`
pub fn run(args: &QueensArgs) -> Result<Status> {
    let n = args.n as usize;
    let threads = args.threads.count();
    let budget = super::budget(&args.budget);
    let json = args.output.json();
    let board = Board::new(n)?;
    let engine = match args.engine.engine() {
        SolverArg::Bits => Engine::Bits,
        SolverArg::Xc => Engine::ExactCover,
    };
    if args.shard.sharded() {
        // clap saw to --count.
        if engine != Engine::Bits {
            anyhow::bail!("{}", super::shard::BITS_ONLY);
        }
        return super::shard::count(&ShardTree::new(&board), &args.shard, threads, budget, &args.output);
    }
    let query = Query::default().with_engine(engine).with_threads(threads).with_budget(budget);
    let start = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut found = Found { n: Some(args.n), ..Found::default() };
    let (count, limit) = if args.count {
        let limit = args.limit.unwrap_or(u64::MAX);
        let count = queens::count(&board, &query.clone().with_limit(limit));
        if !count.gave_up() && !json {
            writeln!(out, "{}", count.solutions)?;
        }
        (count, args.limit)
    } else {
        let limit = if args.all { u64::MAX } else { args.limit.unwrap_or(1) };
        let queens::Solutions { found: solutions, count, .. } =
            queens::solutions(&board, &query.with_limit(limit));
        if json {
            found.boards = Some(
                solutions
                    .iter()
                    .map(|columns| queens::render(columns).lines().map(str::to_owned).collect())
                    .collect(),
            );
        } else {
            for (i, columns) in solutions.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", queens::render(columns))?;
            }
            if solutions.is_empty() && !count.gave_up() {
                note(&format!("no solution for n = {n}"));
            }
        }
        (count, (!args.all).then_some(limit))
    };
    out.flush()?;
    drop(out);
    // Text output notes "--limit" only when the user gave one (not the default of one board).
    let limit = if json { limit } else { args.limit };
    report(&count, &args.output, &args.engine.name(), start.elapsed().as_secs_f64(), threads, limit, found)
}
