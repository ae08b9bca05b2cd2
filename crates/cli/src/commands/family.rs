//! `tessera <family> solve|count|verify|generate|rate|hint`, written once over
//! [`Family`](crate::args::Family) (the library's `Puzzle`, `Readable`, `Generate`, `Rate` and
//! `Draw`): Killer Sudoku, KenKen, Star Battle and variant Sudoku all run through this file.
//!
//! A file is read whole (at most [`Family::FILE_BYTES`]) and parsed by the family's reader, which
//! names the line and column of every mistake; a mistake is bad input (status 2). JSON lines as
//! `generate --json` and `solve --json` write them are read through their `"puzzle"` (or
//! `"solution"`) object, and the lines of puzzles given up on are skipped with a note. Every
//! puzzle has its own budget. Text output is the family's own format, so that every output reads
//! back; `generate` writes a `# seed S level L` comment before each puzzle.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::{bail, Result};
use serde::Serialize;
use tessera::{Named, Query};

use super::family_input::{json_lines, limit, read, read_answers, text_of, with_newline};
use super::report::{count_line, note, CountJson, CountKeys, GaveUpRecord};
use super::verdict::{VerifyReport, ViolationReport};
use super::Status;
use crate::args::{
    Family, FamilyCommand, FamilyCountArgs, FamilyGenerateArgs, FamilyRateArgs, FamilyRunArgs,
    FamilySpecArgs, FamilyVerifyArgs,
};
use crate::input::BadInput;
use crate::ordered::map_in_order;

/// Runs `tessera <family> ...`.
pub fn run<P: Family>(command: &FamilyCommand<P>) -> Result<Status> {
    match command {
        FamilyCommand::Solve(args) => solve::<P>(args),
        FamilyCommand::Count(args) => count::<P>(args),
        FamilyCommand::Verify(args) => verify::<P>(args),
        FamilyCommand::Generate(args) => generate::<P>(args),
        FamilyCommand::Rate(args) => rate::<P>(args),
        FamilyCommand::Hint(args) => hint::<P>(args),
        FamilyCommand::Book(args) => super::book::family::<P>(args),
    }
}

/// `tessera <family> solve [FILE]`
pub fn solve<P: Family>(args: &FamilyRunArgs<P::Engine>) -> Result<Status> {
    let engine = args.engine();
    let puzzles = searchable::<P>(&args.file, engine)?;
    let started = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut gave_up = false;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let query = Query::default().with_engine(engine).with_budget(super::budget(&args.budget));
        let result = puzzle.solve(&query);
        let seconds = start.elapsed().as_secs_f64();
        let (outcome, reason, text) = match &result {
            Ok(Some(solution)) => ("solved", None, puzzle.solution_text(solution)),
            Ok(None) => {
                note(&format!("puzzle {}: no solution", i + 1));
                ("none", None, puzzle.to_text())
            }
            Err(reason) => {
                gave_up = true;
                note(&format!("puzzle {}: gave up ({reason})", i + 1));
                ("gave-up", Some(reason.name()), puzzle.to_text())
            }
        };
        if args.output.json() {
            let solution = matches!(result, Ok(Some(_))).then_some(text);
            let report = SolveReport { index: i + 1, outcome, solution, reason, seconds };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            write!(out, "{}", with_newline(&text))?;
        }
    }
    out.flush()?;
    finish(args.output.stats, puzzles.len(), started, engine.name(), gave_up)
}

/// The puzzles of `file` for `solve` and `count`. A puzzle the engine cannot take at all
/// ([`tessera::Family::refusal`]: the exact cover would pass its limit) is bad input, before
/// anything is printed: not a give-up.
fn searchable<P: Family>(file: &std::path::Path, engine: P::Engine) -> Result<Vec<P>, BadInput> {
    let (name, puzzles) = read::<P>(file, "puzzle")?;
    match puzzles.iter().enumerate().find_map(|(i, puzzle)| Some((i, puzzle.refusal(engine)?))) {
        Some((i, why)) => Err(BadInput {
            name,
            message: format!(
                "puzzle {}: the {engine} engine cannot take it: {why}; use --engine auto",
                i + 1
            ),
        }),
        None => Ok(puzzles),
    }
}

/// The end of `solve` and `count`: the `--stats` line, and the status.
fn finish(stats: bool, puzzles: usize, started: Instant, engine: &str, gave_up: bool) -> Result<Status> {
    if stats {
        note(&format!("puzzles={puzzles} seconds={:.3} engine={engine}", started.elapsed().as_secs_f64()));
    }
    Ok(if gave_up { Status::GaveUp } else { Status::Done })
}

/// The `--json` object of one puzzle of `solve`.
#[derive(Debug, Serialize)]
struct SolveReport {
    index: usize,
    outcome: &'static str,
    /// The answer in the family's answer format.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    seconds: f64,
}

/// `tessera <family> count [FILE] --limit N`
pub fn count<P: Family>(args: &FamilyCountArgs<P::Engine>) -> Result<Status> {
    let run = &args.run;
    let engine = run.engine();
    let puzzles = searchable::<P>(&run.file, engine)?;
    let started = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut gave_up = false;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let start = Instant::now();
        let query = Query::default()
            .with_engine(engine)
            .with_limit(if args.limit == 0 { u64::MAX } else { args.limit })
            .with_budget(super::budget(&run.budget));
        let count = puzzle.count(&query);
        gave_up |= count.gave_up();
        let json = if run.output.json() {
            let keys = CountKeys::of::<P>(&count, start.elapsed().as_secs_f64(), 1, engine);
            Some(CountJson::new(keys).own("index", &(i + 1))?.own("limit", &args.limit)?.finish()?)
        } else {
            None
        };
        count_line(&mut out, &count, json)?;
    }
    out.flush()?;
    finish(run.output.stats, puzzles.len(), started, engine.name(), gave_up)
}

/// `tessera <family> verify PUZZLE ANSWER`
pub fn verify<P: Family>(args: &FamilyVerifyArgs) -> Result<Status> {
    if args.puzzle.as_os_str() == "-" && args.answer.as_os_str() == "-" {
        bail!("only one of PUZZLE and ANSWER can be `-` (standard input)");
    }
    let (puzzle_name, puzzles) = read::<P>(&args.puzzle, "puzzle")?;
    let (answer_name, text) = text_of(&args.answer, limit::<P>())?;
    let text = json_lines(&answer_name, &text, "solution");
    let answers =
        read_answers::<P>(&text).map_err(|message| BadInput { name: answer_name.clone(), message })?;
    super::verdict::one_answer_each(answer_name, answers.len(), puzzles.len(), &puzzle_name)?;
    let several = puzzles.len() > 1;
    let mut valid = true;
    let mut reports = Vec::new();
    let mut out = BufWriter::new(io::stdout().lock());
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        let verdict = puzzle.verify(answer);
        let width = puzzle.picture(None).width.max(1);
        valid &= verdict.is_valid();
        for violation in verdict.violations() {
            let (kind, cells) = puzzle.violation(violation);
            if args.output.json {
                let cells = cells.iter().map(|&c| format!("r{}c{}", c / width + 1, c % width + 1)).collect();
                reports.push(ViolationReport::of::<P>(violation, kind, cells).at(i + 1));
            } else if several {
                writeln!(out, "puzzle {}: {violation}", i + 1)?;
            } else {
                writeln!(out, "{violation}")?;
            }
        }
    }
    if args.output.json {
        VerifyReport::new(reports).write(&mut out)?;
    } else if valid {
        match puzzles.len() {
            1 => writeln!(out, "the answer is correct")?,
            n => writeln!(out, "all {n} answers are correct")?,
        }
    }
    out.flush()?;
    Ok(if valid { Status::Done } else { Status::Rejected })
}

/// `tessera <family> generate`
pub fn generate<P: Family>(args: &FamilyGenerateArgs<P>) -> Result<Status> {
    let first_seed = args.spec.seed.unwrap_or_else(super::clock_seed);
    let positions = args.shard.range(args.count);
    let started = Instant::now();
    let json = args.output.json();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut gave_up = false;
    let mut written = 0u64;
    let work = |k: u64| {
        let seed = first_seed.wrapping_add(k);
        let spec = spec::<P>(&args.spec, &args.budget)?;
        Ok::<_, anyhow::Error>((k, seed, P::generate(&spec, seed)))
    };
    let threads = args.threads.count();
    map_in_order(threads, 4 * threads, positions, work, |made| -> Result<bool> {
        let (k, seed, made) = made?;
        match made {
            Ok(made) => {
                if json {
                    let record = GenerateRecord {
                        index: k + 1,
                        seed,
                        level: made.level.name(),
                        attempts: made.attempts,
                        puzzle: made.puzzle.to_text(),
                        solution: made.puzzle.solution_text(&made.solution),
                    };
                    writeln!(out, "{}", serde_json::to_string(&record)?)?;
                } else {
                    // A blank line before every puzzle but the run's first, so that shards
                    // joined in order are the whole run byte for byte.
                    if k > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "# seed {seed} level {}", made.level.name())?;
                    write!(out, "{}", with_newline(&made.puzzle.to_text()))?;
                }
                written += 1;
            }
            Err(reason) => {
                gave_up = true;
                note(&format!("puzzle {}: gave up ({reason}); seed {seed}", k + 1));
                if json {
                    writeln!(out, "{}", serde_json::to_string(&GaveUpRecord::new(k + 1, seed, reason))?)?;
                }
            }
        }
        Ok(true)
    })?;
    out.flush()?;
    if args.output.stats {
        note(&format!("puzzles={written} seconds={:.3}", started.elapsed().as_secs_f64()));
    }
    Ok(if gave_up { Status::GaveUp } else { Status::Done })
}

/// The generator's settings from the flags, with the budget of one puzzle (the default
/// timeout of the generators when none is given).
pub(crate) fn spec<P: Family>(spec: &FamilySpecArgs<P>, budget: &crate::args::BudgetArgs) -> Result<P::Spec> {
    let mut budget = budget.clone();
    if budget.timeout.is_none() {
        budget.timeout = Some(super::sudoku_generate::DEFAULT_TIMEOUT);
    }
    Ok(P::spec(&spec.shape, spec.difficulty, &super::budget(&budget))?)
}

/// The `--json` line of one generated puzzle.
#[derive(Debug, Serialize)]
struct GenerateRecord {
    index: u64,
    seed: u64,
    level: &'static str,
    attempts: u32,
    /// The puzzle in the family's text format.
    puzzle: String,
    /// Its answer in the answer format.
    solution: String,
}

/// `tessera <family> rate [FILE]`
pub fn rate<P: Family>(args: &FamilyRateArgs) -> Result<Status> {
    let (_, puzzles) = read::<P>(&args.file, "puzzle")?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Done;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let budget = super::budget(&args.budget);
        if !one_solution(puzzle, i + 1, &budget, Asked::Rate, args.output.json, &mut out, &mut status)? {
            continue;
        }
        match puzzle.rate(&budget) {
            Ok(rating) => {
                if rating.contradiction {
                    note(&format!("puzzle {}: the techniques found a contradiction: no solution", i + 1));
                    status = worse(status, Status::NoSolution);
                }
                let level = P::level(&rating).name();
                let hardest = rating.hardest.unwrap_or("none");
                if args.output.json {
                    let record = RateRecord {
                        index: i + 1,
                        level,
                        score: rating.score,
                        hardest: rating.hardest,
                        steps: rating.steps.len(),
                        solved: rating.solved,
                    };
                    writeln!(out, "{}", serde_json::to_string(&record)?)?;
                } else {
                    writeln!(
                        out,
                        "{level} score={} hardest={hardest} steps={}",
                        rating.score,
                        rating.steps.len()
                    )?;
                }
            }
            Err(reason) => gave_up(i + 1, reason, Asked::Rate, args.output.json, &mut out, &mut status)?,
        }
    }
    out.flush()?;
    Ok(status)
}

/// The `--json` line of `rate`.
#[derive(Debug, Serialize)]
struct RateRecord {
    index: usize,
    level: &'static str,
    score: u32,
    hardest: Option<&'static str>,
    steps: usize,
    solved: bool,
}

/// `tessera <family> hint [FILE]`
pub fn hint<P: Family>(args: &FamilyRateArgs) -> Result<Status> {
    let (_, puzzles) = read::<P>(&args.file, "puzzle")?;
    let mut out = BufWriter::new(io::stdout().lock());
    let several = puzzles.len() > 1;
    let mut status = Status::Done;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let prefix = if several { format!("puzzle {}: ", i + 1) } else { String::new() };
        let budget = super::budget(&args.budget);
        if !one_solution(puzzle, i + 1, &budget, Asked::Hint, args.output.json, &mut out, &mut status)? {
            continue;
        }
        match puzzle.hint() {
            Some(step) if args.output.json => {
                let mut value = serde_json::to_value(&step)?;
                value["index"] = (i + 1).into();
                writeln!(out, "{value}")?;
            }
            Some(step) => writeln!(out, "{prefix}{step}")?,
            None if args.output.json => {
                writeln!(out, "{}", serde_json::json!({"index": i + 1, "technique": null}))?;
            }
            None => writeln!(out, "{prefix}no step found: the puzzle is solved, or needs a guess")?,
        }
    }
    out.flush()?;
    Ok(status)
}

/// What a puzzle was asked for, which says what its refusal prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asked {
    /// `rate`: a line in text too (`none`, `several`, `gave-up`), as every rating has one.
    Rate,
    /// `hint`: JSON only, with `"technique": null`; the reason goes to the note.
    Hint,
}

/// Counts `puzzle` to 2 within `budget` before it is rated or hinted, as Sudoku's are: true when
/// it has exactly one solution; otherwise the reason is noted and printed, and `status` worsened.
fn one_solution<P: Family>(
    puzzle: &P,
    index: usize,
    budget: &tessera::Budget,
    asked: Asked,
    json: bool,
    out: &mut impl Write,
    status: &mut Status,
) -> Result<bool> {
    let count = puzzle.count(&Query::<P::Engine>::default().with_limit(2).with_budget(budget.clone()));
    if let tessera::Outcome::GaveUp(reason) = count.outcome {
        gave_up(index, reason, asked, json, out, status)?;
        return Ok(false);
    }
    if count.solutions == 1 {
        return Ok(true);
    }
    let (outcome, why) =
        if count.solutions == 0 { ("none", "no solution") } else { ("several", "more than one solution") };
    note(&format!("puzzle {index}: {why}; {}", if asked == Asked::Rate { "not rated" } else { "no hint" }));
    *status = worse(*status, Status::NoSolution);
    match (json, asked) {
        (true, Asked::Rate) => writeln!(out, "{}", serde_json::json!({"index": index, "outcome": outcome}))?,
        (true, Asked::Hint) => {
            writeln!(out, "{}", serde_json::json!({"index": index, "technique": null, "outcome": outcome}))?;
        }
        (false, Asked::Rate) => writeln!(out, "{outcome}")?,
        (false, Asked::Hint) => {}
    }
    Ok(false)
}

/// A puzzle whose count or rating ran out of budget: noted, printed, status 3.
fn gave_up(
    index: usize,
    reason: tessera::GaveUp,
    asked: Asked,
    json: bool,
    out: &mut impl Write,
    status: &mut Status,
) -> Result<()> {
    note(&format!("puzzle {index}: gave up ({reason})"));
    *status = worse(*status, Status::GaveUp);
    if json {
        writeln!(
            out,
            "{}",
            serde_json::json!({"index": index, "outcome": "gave-up", "reason": reason.name()})
        )?;
    } else if asked == Asked::Rate {
        writeln!(out, "gave-up")?;
    }
    Ok(())
}

/// The status that says more: gave up wins over no solution.
fn worse(a: Status, b: Status) -> Status {
    match (a, b) {
        (Status::GaveUp, _) | (_, Status::GaveUp) => Status::GaveUp,
        (Status::Done, other) => other,
        (other, _) => other,
    }
}
