//! `tessera hidato solve`, `count` and `verify`.
//!
//! Files are read whole with [`tessera::hidato::parse`] (the seed's text format or JSON): a
//! mistake anywhere is bad input (status 2) with its line and column, since the count line ties
//! the puzzles of a file together. Each puzzle has its own budget. `solve` writes a file in the
//! seed's format, the same puzzles in the same order, solved where a solution was found;
//! `verify` checks the i-th answer against the i-th puzzle with [`tessera::hidato::verify`].

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Result};
use serde::Serialize;
use tessera::hidato::{self, to_text, Adjacency, Budget, Class, GaveUp, Hidato, Violation};

use super::files::without_gave_up;
use super::report::{count_line, note, CountJson, CountKeys};
use super::verdict::{VerifyReport, ViolationReport};
use super::Status;
use crate::args::{HidatoCountArgs, HidatoRunArgs, HidatoSolveArgs, HidatoVerifyArgs};
use crate::input::{BadInput, Input};

/// `tessera hidato solve [FILE]`
pub fn solve(args: &HidatoSolveArgs) -> Result<Status> {
    let (puzzles, engine) = setup(&args.run)?;
    let start_all = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut gave_up = false;
    let mut printed = Vec::with_capacity(puzzles.len());
    for (i, puzzle) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let result = hidato::solve(puzzle, &query(&args.run, engine));
        let seconds = start.elapsed().as_secs_f64();
        let mut report = Report::new(i + 1, seconds);
        match result {
            Ok(Some(solution)) => {
                report.outcome = "solved";
                report.solution = Some(solution.clone());
                printed.push(solution);
            }
            Ok(None) => {
                report.outcome = "none";
                note(&format!("puzzle {}: no solution", i + 1));
                printed.push(puzzle.clone());
            }
            Err(reason) => {
                gave_up = true;
                report.gave_up(reason);
                note(&format!("puzzle {}: gave up ({reason})", i + 1));
                printed.push(puzzle.clone());
            }
        }
        if args.run.output.json() {
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        }
    }
    if !args.run.output.json() {
        write!(out, "{}", to_text(&printed))?;
    }
    out.flush()?;
    stats(&args.run, puzzles.len(), start_all);
    // "No solution" is an answer, status 0, as for every puzzle.
    Ok(if gave_up { Status::GaveUp } else { Status::Done })
}

/// `tessera hidato count [FILE] --limit N`
pub fn count(args: &HidatoCountArgs) -> Result<Status> {
    let (puzzles, engine) = setup(&args.run)?;
    let start_all = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut gave_up = false;
    let threads = threads(&args.run);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let count = hidato::count(puzzle, &query(&args.run, engine).with_limit(args.limit));
        let keys = CountKeys::of::<Hidato>(&count, start.elapsed().as_secs_f64(), threads, engine);
        gave_up |= count.gave_up();
        let json = if args.run.output.json() {
            // This command's keys first, in the order they always had, then the other core keys.
            let json = CountJson::new(keys)
                .own("index", &(i + 1))?
                .core("outcome")?
                .core("solutions")?
                .own("limit", &args.limit)?
                .core("reason")?
                .core("seconds")?
                .finish()?;
            Some(json)
        } else {
            None
        };
        count_line(&mut out, &count, json)?;
    }
    out.flush()?;
    stats(&args.run, puzzles.len(), start_all);
    Ok(if gave_up { Status::GaveUp } else { Status::Done })
}

/// The query of `solve` and `count`: engine, threads, seed and budget.
fn query(args: &HidatoRunArgs, engine: hidato::Engine) -> hidato::Query {
    hidato::Query::default()
        .with_engine(engine)
        .with_threads(threads(args))
        .with_seed(args.seed)
        .with_budget(budget(args))
}

/// `--threads`, 0 read as one per CPU.
fn threads(args: &HidatoRunArgs) -> usize {
    match args.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    }
}

/// The puzzles of `solve` and `count`, and the engine, refused when too large for it.
fn setup(args: &HidatoRunArgs) -> Result<(Vec<Hidato>, hidato::Engine)> {
    let (name, puzzles) = read(&args.file, args.numbrix)?;
    let engine = args.engine.engine().into();
    refuse_too_large(&name, &puzzles, engine)?;
    Ok((puzzles, engine))
}

/// `--engine xc` on a puzzle whose reduction would be too large to build (above
/// [`hidato::MAX_OPTIONS`] options by [`hidato::ExactCover::estimate`]) is refused before any
/// puzzle is solved, naming the puzzle and the engines that take it: bad input (status 2), as
/// for every puzzle whose exact cover passes its limit, not a usage error.
fn refuse_too_large(name: &str, puzzles: &[Hidato], engine: hidato::Engine) -> Result<()> {
    if engine != hidato::Engine::ExactCover {
        return Ok(());
    }
    for (i, puzzle) in puzzles.iter().enumerate() {
        let options = hidato::ExactCover::estimate(puzzle);
        if options > hidato::MAX_OPTIONS {
            let message = format!(
                "puzzle {}: the xc engine cannot take it: {}x{} with {} given would need up to {options} options \
                 in its exact-cover reduction, above the {} it builds (about 1 GiB of memory); use --engine auto, \
                 domain or walk",
                i + 1,
                puzzle.width(),
                puzzle.height(),
                puzzle.givens(),
                hidato::MAX_OPTIONS
            );
            return Err(BadInput { name: name.to_owned(), message }.into());
        }
    }
    Ok(())
}

/// `--stats`: one line on standard error.
fn stats(args: &HidatoRunArgs, puzzles: usize, start: Instant) {
    if args.output.stats {
        note(&format!(
            "puzzles={puzzles} seconds={:.3} engine={}",
            start.elapsed().as_secs_f64(),
            args.engine.name()
        ));
    }
}

/// A puzzle's budget, started now.
fn budget(args: &HidatoRunArgs) -> Budget {
    super::budget(&args.budget)
}

/// The `--json` object of one puzzle of `solve`.
#[derive(Debug, Serialize)]
struct Report {
    /// The puzzle's position in the input, from 1.
    index: usize,
    /// "solved", "none", "gave-up" (`count`'s objects are [`CountJson`]'s).
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Hidato>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    seconds: f64,
}

impl Report {
    fn new(index: usize, seconds: f64) -> Self {
        Report { index, outcome: "", solution: None, reason: None, seconds }
    }

    fn gave_up(&mut self, reason: GaveUp) {
        self.outcome = "gave-up";
        self.reason = Some(reason.name());
    }
}

/// `tessera hidato verify PUZZLE ANSWER`
pub fn verify(args: &HidatoVerifyArgs) -> Result<Status> {
    if args.puzzle.as_os_str() == "-" && args.answer.as_os_str() == "-" {
        bail!("only one of PUZZLE and ANSWER can be `-` (standard input)");
    }
    let (puzzle_name, puzzles) = read(&args.puzzle, args.numbrix)?;
    let answer_input = Input::read_at_most(&args.answer, crate::input::HIDATO_FILE)?;
    let adjacency = if args.numbrix { Adjacency::Orthogonal } else { Adjacency::King };
    let answer_text =
        solutions_of(&without_gave_up(&answer_input.name, &String::from_utf8_lossy(&answer_input.bytes)));
    // A mistake in the answers (a number twice or out of range too) is a parse error, with its
    // line and column, as in any other file.
    let answers = hidato::parse(&answer_text, adjacency)
        .map_err(|err| BadInput { name: answer_input.name.clone(), message: err.to_string() })?;
    super::verdict::one_answer_each(answer_input.name, answers.len(), puzzles.len(), &puzzle_name)?;

    let several = puzzles.len() > 1;
    let mut worst: Option<Class> = None;
    let mut reports = Vec::new();
    let mut out = BufWriter::new(io::stdout().lock());
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        let verdict = hidato::verify(puzzle, answer);
        worst = worst.into_iter().chain(verdict.violations().iter().map(Violation::class)).min();
        let prefix = if several { format!("puzzle {}: ", i + 1) } else { String::new() };
        if args.output.json {
            reports.extend(verdict.violations().iter().map(|violation| {
                let cells = violation.cells().iter().map(|&cell| cell_name(answer.position(cell))).collect();
                ViolationReport::of::<Hidato>(violation, violation.kind(), cells)
                    .at(i + 1)
                    .class(class_name(violation.class()))
            }));
        } else if verdict.is_valid() {
            if !several {
                writeln!(out, "the answer is correct")?;
            }
        } else {
            for violation in verdict.violations() {
                writeln!(out, "{prefix}{violation}")?;
            }
        }
    }
    if several && worst.is_none() && !args.output.json {
        writeln!(out, "all {} answers are correct", puzzles.len())?;
    }
    if args.output.json {
        VerifyReport::new(reports).write(&mut out)?;
    }
    out.flush()?;
    Ok(match worst {
        None => Status::Done,
        Some(Class::Changed) => Status::Rejected,
        Some(Class::Incomplete) => Status::Incomplete,
        Some(_) => Status::PathBroken,
    })
}

/// A cell's name in JSON, as Sudoku names them: `r7c4` for (column 4, row 7), from 1.
fn cell_name((column, row): (usize, usize)) -> String {
    format!("r{row}c{column}")
}

/// The answers' text with every JSON record that carries a `"solution"` (a line of `generate
/// --json` or `solve --json`) replaced by that solution; any other text is returned as it is.
fn solutions_of(text: &str) -> String {
    if !text.trim_start().starts_with('{') {
        return text.to_owned();
    }
    let mut values = Vec::new();
    for value in serde_json::Deserializer::from_str(text).into_iter::<serde_json::Value>() {
        match value {
            Ok(serde_json::Value::Object(mut record)) if record.contains_key("solution") => {
                values.push(record.remove("solution").unwrap_or_default());
            }
            Ok(value) => values.push(value),
            // Left to the parser, which says where the mistake is.
            Err(_) => return text.to_owned(),
        }
    }
    values.iter().map(serde_json::Value::to_string).collect::<Vec<_>>().join("\n")
}

fn class_name(class: Class) -> &'static str {
    match class {
        Class::Changed => "changed",
        Class::Incomplete => "incomplete",
        _ => "broken",
    }
}

/// The puzzles of a file (or `-`), with the name to show; a mistake is bad input.
pub(crate) fn read(path: &Path, numbrix: bool) -> Result<(String, Vec<Hidato>), BadInput> {
    let input = Input::read_at_most(path, crate::input::HIDATO_FILE)?;
    let adjacency = if numbrix { Adjacency::Orthogonal } else { Adjacency::King };
    let text = String::from_utf8_lossy(&input.bytes);
    let text = without_gave_up(&input.name, &text);
    match hidato::parse(&text, adjacency) {
        Ok(puzzles) if puzzles.is_empty() => {
            Err(BadInput { name: input.name, message: "no puzzle (the count line says 0)".to_owned() })
        }
        Ok(puzzles) => Ok((input.name, puzzles)),
        Err(err) => Err(BadInput { name: input.name, message: err.to_string() }),
    }
}
