//! How a search over one problem ended (queens, tiling): the `--json` object, the `--stats` line,
//! the notes on standard error and the exit status, in one shape for both commands.

use std::io::{self, Write};

use anyhow::Result;
use serde::Serialize;
use tessera::queens::{Count, GaveUp, Outcome};

use super::Status;
use crate::args::OutputArgs;

/// What one run found, besides its count.
#[derive(Debug, Default)]
pub struct Found {
    /// `queens`: the board's size.
    pub n: Option<u64>,
    /// `tiling count --distinct`.
    pub distinct: bool,
    /// The solutions shown, each as its rows (without `--count`).
    pub boards: Option<Vec<Vec<String>>>,
}

/// The `--json` object.
#[derive(Debug, Serialize)]
struct Report<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    solutions: u64,
    /// "exhausted", "limit-reached" or "gave-up".
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u64>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    distinct: bool,
    nodes: u64,
    seconds: f64,
    threads: usize,
    engine: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<Vec<Vec<String>>>,
}

/// One search's end: with `--json` the object on standard output; otherwise notes on standard
/// error (a budget ran out, `--limit` reached when `limit` is set); `--stats` either way.
pub(crate) fn report(
    count: &Count,
    output: &OutputArgs,
    engine: &str,
    seconds: f64,
    threads: usize,
    limit: Option<u64>,
    found: Found,
) -> Result<Status> {
    if output.stats {
        note(&format!("nodes={} seconds={seconds:.3} threads={threads} engine={engine}", count.stats.nodes));
    }
    if output.json() {
        let (outcome, reason) = match count.outcome {
            Outcome::GaveUp(reason) => ("gave-up", Some(reason_name(reason))),
            Outcome::LimitReached => ("limit-reached", None),
            _ => ("exhausted", None),
        };
        let report = Report {
            n: found.n,
            solutions: count.solutions,
            outcome,
            reason,
            limit,
            distinct: found.distinct,
            nodes: count.stats.nodes,
            seconds,
            threads,
            engine,
            boards: found.boards,
        };
        let json = serde_json::to_string(&report)?;
        let mut out = io::stdout().lock();
        writeln!(out, "{json}")?;
        out.flush()?;
        return Ok(if count.gave_up() { Status::GaveUp } else { Status::Done });
    }
    match count.outcome {
        Outcome::GaveUp(reason) => {
            note(&format!(
                "gave up ({reason}) after {} nodes and {seconds:.3} seconds; {} found so far",
                count.stats.nodes,
                plural(count.solutions, "solution", "solutions")
            ));
            Ok(Status::GaveUp)
        }
        Outcome::LimitReached if limit.is_some() => {
            note(&format!("stopped at --limit {}; there may be more", count.solutions));
            Ok(Status::Done)
        }
        _ => Ok(Status::Done),
    }
}

/// `--json`'s name for why a puzzle was given up on, as the other commands name it.
pub(crate) fn reason_name(reason: GaveUp) -> &'static str {
    match reason {
        GaveUp::NodeLimit => "max-nodes",
        GaveUp::Deadline => "timeout",
        _ => "cancelled",
    }
}

/// `1 solution`, `2 solutions`.
pub(crate) fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A line on standard error. Failing to write it is not worth failing the command for.
pub(crate) fn note(message: &str) {
    let _ = writeln!(io::stderr(), "tessera: {message}");
}
