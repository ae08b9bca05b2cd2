//! `tessera queens N`: the first solution, K of them, all, or their number, from the bitmask
//! solver or the exact-cover route, within `--max-nodes` and `--timeout`. Solutions stream
//! ([`Stream`]): each is printed as it is found (a JSON line under `--json`, then the summary
//! line), and none is kept.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use tessera::queens::{self, Board, Engine, Query, ShardTree};

use super::report::{note, report, Found};
use super::stream::{json_string, Stream};
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
    if let Some(parts) = args.parts {
        if engine != Engine::Bits {
            anyhow::bail!("{}", super::shard::BITS_ONLY);
        }
        let output = args.plan_output.as_deref();
        return super::shard::plan(
            &ShardTree::new(&board),
            parts,
            output,
            threads,
            &budget,
            args.output.stats,
        );
    }
    if args.shard.runs_sharded(engine == Engine::Bits && args.count && args.limit.is_none()) {
        // clap saw to --count.
        if engine != Engine::Bits {
            anyhow::bail!("{}", super::shard::BITS_ONLY);
        }
        return super::shard::count(&ShardTree::new(&board), &args.shard, threads, budget, &args.output);
    }
    // Raised when standard output goes away, to stop the search.
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = budget.with_cancel(cancel.clone());
    let query = Query::default().with_engine(engine).with_threads(threads).with_budget(budget);
    let start = Instant::now();
    let found = Found { n: Some(args.n), ..Found::default() };
    let (count, limit) = if args.count {
        let limit = args.limit.unwrap_or(u64::MAX);
        let count = queens::count(&board, &query.clone().with_limit(limit));
        if !count.gave_up() && !json {
            writeln!(io::stdout(), "{}", count.solutions)?;
        }
        (count, args.limit)
    } else {
        let limit = if args.all { u64::MAX } else { args.limit.unwrap_or(1) };
        let rows = Rows::new(n, json);
        let stream = Stream::new(cancel);
        let count = queens::visit(&board, &query.with_limit(limit), |columns| {
            stream.item(|buffer, index| rows.write(buffer, index, &columns));
        });
        // A closed pipe ends here, quietly (see `main`).
        stream.finish()?;
        if count.solutions == 0 && !count.gave_up() && !json {
            note(&format!("no solution for n = {n}"));
        }
        (count, (!args.all).then_some(limit))
    };
    // Text output notes "--limit" only when the user gave one (not the default of one board).
    let limit = if json { limit } else { args.limit };
    report(&count, &args.output, &args.engine.name(), start.elapsed().as_secs_f64(), threads, limit, found)
}

/// Each solution's rows, made once per column: a solution is `n` copies of ready bytes.
struct Rows {
    /// Per column of the queen: its row as text (with the line end) or as a JSON string.
    row: Vec<Vec<u8>>,
    json: bool,
}

impl Rows {
    fn new(n: usize, json: bool) -> Self {
        let row = (0..n)
            .map(|c| {
                // As `queens::render` draws it: Q or . a square, a space between two.
                let text: String = (0..n)
                    .map(|col| if col == c { 'Q' } else { '.' })
                    .flat_map(|square| [' ', square])
                    .skip(1)
                    .collect();
                let mut bytes = Vec::new();
                if json {
                    json_string(&mut bytes, &text);
                } else {
                    bytes.extend_from_slice(text.as_bytes());
                    bytes.push(b'\n');
                }
                bytes
            })
            .collect();
        Rows { row, json }
    }

    /// Solution `index` (from 0): a blank line then its rows (text), or its JSON line.
    fn write(&self, buffer: &mut Vec<u8>, index: u64, columns: &[usize]) {
        if self.json {
            // Writing to a Vec cannot fail.
            let _ = write!(buffer, "{{\"index\":{},\"board\":[", index + 1);
            for (i, &c) in columns.iter().enumerate() {
                if i > 0 {
                    buffer.push(b',');
                }
                buffer.extend_from_slice(&self.row[c]);
            }
            buffer.extend_from_slice(b"]}\n");
        } else {
            if index > 0 {
                buffer.push(b'\n');
            }
            for &c in columns {
                buffer.extend_from_slice(&self.row[c]);
            }
        }
    }
}
