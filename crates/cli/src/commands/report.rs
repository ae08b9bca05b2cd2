//! How a search ended: the core keys of every `count --json` ([`CountJson`], one writer for xc,
//! sudoku, hidato, tiling and queens), and for a search over one problem (queens, tiling) the
//! `--json` object, the `--stats` line, the notes on standard error and the exit status.

use std::io::{self, Write};

use anyhow::Result;
use serde::Serialize;
use tessera::queens::{Count, Outcome};
use tessera::{Named, Puzzle};

use super::Status;
use crate::args::OutputArgs;

/// What one run found, besides its count.
#[derive(Debug, Default)]
pub struct Found {
    /// `queens`: the board's size.
    pub n: Option<u64>,
    /// `tiling count --distinct`.
    pub distinct: bool,
}

/// The core keys of every `count --json` object (xc, sudoku, hidato, tiling, queens), in this
/// order: `solutions`, `outcome`, `reason` (only when it gave up), `nodes`, `seconds`, `threads`,
/// `engine`. The words are the library's ([`Outcome::name`], [`GaveUp::name`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct CountKeys<'a> {
    count: Count,
    seconds: f64,
    threads: usize,
    engine: &'a str,
}

impl<'a> CountKeys<'a> {
    /// The keys of a search whose engine is named by `engine` (xc's engines have no
    /// [`tessera::Named`] list).
    pub(crate) fn new(count: &Count, seconds: f64, threads: usize, engine: &'a str) -> Self {
        CountKeys { count: *count, seconds, threads, engine }
    }

    /// Whether the search gave up.
    pub(crate) fn gave_up(&self) -> bool {
        self.count.gave_up()
    }

    /// The solutions counted.
    pub(crate) fn solutions(&self) -> u64 {
        self.count.solutions
    }

    /// The nodes the search spent.
    pub(crate) fn nodes(&self) -> u64 {
        self.count.stats.nodes
    }

    /// The keys of a puzzle's search, its engine named by the library.
    pub(crate) fn of<P: Puzzle>(
        count: &Count,
        seconds: f64,
        threads: usize,
        engine: P::Engine,
    ) -> CountKeys<'static> {
        CountKeys::new(count, seconds, threads, engine.name())
    }
}

/// One puzzle's line of a `count` over a file of puzzles: its `--json` object when there is one,
/// else `gave-up` or the count of solutions.
pub(crate) fn count_line(out: &mut impl Write, count: &Count, json: Option<String>) -> io::Result<()> {
    match json {
        Some(json) => writeln!(out, "{json}"),
        None if count.gave_up() => writeln!(out, "gave-up"),
        None => writeln!(out, "{}", count.solutions),
    }
}

/// Writes one `count --json` object: the command's own keys in its own order, the core keys
/// ([`CountKeys`]) where the command places them ([`CountJson::core`]), and every core key not
/// placed appended at the end, so that each command keeps its order and every one has them all.
pub(crate) struct CountJson<'a> {
    keys: CountKeys<'a>,
    text: String,
    written: [bool; CountJson::CORE.len()],
}

impl<'a> CountJson<'a> {
    /// The core keys, in the order they are appended.
    const CORE: [&'static str; 7] =
        ["solutions", "outcome", "reason", "nodes", "seconds", "threads", "engine"];

    pub(crate) fn new(keys: CountKeys<'a>) -> Self {
        CountJson { keys, text: String::from("{"), written: [false; Self::CORE.len()] }
    }

    /// One of the command's own keys.
    pub(crate) fn own(mut self, name: &str, value: &impl Serialize) -> Result<Self> {
        self.key(name, &serde_json::to_string(value)?);
        Ok(self)
    }

    /// One of the command's own keys, left out when `None`.
    pub(crate) fn own_some<T: Serialize>(self, name: &str, value: Option<T>) -> Result<Self> {
        match value {
            Some(value) => self.own(name, &value),
            None => Ok(self),
        }
    }

    /// The core key `name` (one of [`CountJson::CORE`]) here; `reason` is left out unless the
    /// search gave up.
    pub(crate) fn core(mut self, name: &str) -> Result<Self> {
        let Some(i) = Self::CORE.iter().position(|&core| core == name) else {
            anyhow::bail!("internal error: {name} is not a core key of count --json");
        };
        if self.written[i] {
            return Ok(self);
        }
        self.written[i] = true;
        let keys = self.keys;
        let value = match name {
            "solutions" => serde_json::to_string(&keys.count.solutions)?,
            "outcome" => serde_json::to_string(keys.count.outcome.name())?,
            "reason" => match keys.count.outcome.reason() {
                Some(reason) => serde_json::to_string(reason.name())?,
                None => return Ok(self),
            },
            "nodes" => serde_json::to_string(&keys.count.stats.nodes)?,
            "seconds" => serde_json::to_string(&keys.seconds)?,
            "threads" => serde_json::to_string(&keys.threads)?,
            _ => serde_json::to_string(keys.engine)?,
        };
        self.key(name, &value);
        Ok(self)
    }

    /// The object, every core key in it, without a line end.
    pub(crate) fn finish(mut self) -> Result<String> {
        for name in Self::CORE {
            self = self.core(name)?;
        }
        self.text.push('}');
        Ok(self.text)
    }

    fn key(&mut self, name: &str, json: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        self.text.push('"');
        self.text.push_str(name);
        self.text.push_str("\":");
        self.text.push_str(json);
    }
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
        let json = CountJson::new(CountKeys::new(count, seconds, threads, engine))
            .own_some("n", found.n)?
            .core("solutions")?
            .core("outcome")?
            .core("reason")?
            .own_some("limit", limit)?
            .own_some("distinct", found.distinct.then_some(true))?
            .finish()?;
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

/// The `--json` line that `sudoku generate` and `hidato generate` print for a puzzle given up
/// on (the readers skip it with a note).
#[derive(Debug, Serialize)]
pub(crate) struct GaveUpRecord {
    index: u64,
    seed: u64,
    outcome: &'static str,
    reason: &'static str,
}

impl GaveUpRecord {
    pub(crate) fn new(index: u64, seed: u64, reason: tessera::xc::GaveUp) -> Self {
        GaveUpRecord { index, seed, outcome: Outcome::GaveUp(reason).name(), reason: reason.name() }
    }
}

/// `1 solution`, `2 solutions`.
pub(crate) fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether `--quiet` was given: notes are not printed, errors are.
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `--quiet`.
pub(crate) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, std::sync::atomic::Ordering::Relaxed);
}

/// A note on standard error (`tessera: ...`), unless `--quiet`: control characters escaped (no
/// input reaches the terminal as it is). Failing to write it is not worth failing the command
/// for.
pub(crate) fn note(message: &str) {
    if !QUIET.load(std::sync::atomic::Ordering::Relaxed) {
        error(message);
    }
}

/// An error on standard error, in the one style of every message (`tessera: ...`), even under
/// `--quiet`.
pub(crate) fn error(message: &str) {
    let _ = writeln!(io::stderr(), "tessera: {}", escape_controls(message));
}

/// `text` with its control characters written as escapes (`\u{1b}`).
pub(crate) fn escape_controls(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() { c.escape_default().collect() } else { vec![c] };
            escaped
        })
        .collect()
}
