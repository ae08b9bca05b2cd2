//! `tessera sudoku solve`, `count` and `verify`.
//!
//! `solve` and `count` read the puzzles of a file as they go with [`PuzzleReader`] (lines, grids,
//! JSON; a file that is not text gets one error), answer them on `--threads` threads with a
//! bounded window (`crate::ordered`), and print each answer as soon as those before it are out,
//! so that output streams and memory stays bounded whatever the file's length.
//! Each puzzle has its own budget (`--max-nodes`, `--timeout` from when its search starts). A
//! puzzle that cannot be read gets `error` in its output slot and its message on standard error;
//! the rest are still answered and the status is 2 at the end. "No solution" and "several
//! solutions" are answers, not errors.
//!
//! `verify` reads one puzzle and one answer (files, standard input or the text itself) and prints
//! the verdict of [`tessera::sudoku::verify`]; status 4 when the answer is wrong.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use serde::Serialize;
use tessera::sudoku::{self, Budget, Format, GaveUp, Outcome, Parsed, PuzzleReader, Sudoku, Violation};

use super::Status;
use crate::args::{SudokuCountArgs, SudokuRunArgs, SudokuSolveArgs, SudokuVerifyArgs};
use crate::input::{BadInput, Input};
use crate::ordered::map_in_order;

/// Puzzles in flight at once (read, answered, or waiting for the ones before), per thread.
const CHUNK_PER_THREAD: usize = 64;

/// `tessera sudoku solve [FILE]`
pub fn solve(args: &SudokuSolveArgs) -> Result<Status> {
    let engine = args.run.engine.engine().into();
    let plain = |cells: &[u8; 81], out: &mut Vec<u8>| match sudoku::solve_9x9(cells, &budget(&args.run)) {
        Ok(Some(solution)) => {
            out.extend(solution.iter().map(|&digit| b'0' + digit));
            out.push(b'\n');
            true
        }
        Ok(None) => {
            out.extend_from_slice(b"none\n");
            true
        }
        Err(_) => {
            out.extend_from_slice(b"gave-up\n");
            false
        }
    };
    run(&args.file, &args.run, plain, |puzzle| {
        let start = Instant::now();
        match sudoku::solve(
            puzzle,
            &sudoku::Query::default().with_engine(engine).with_budget(budget(&args.run)),
        ) {
            Ok(Some(solution)) => Answer::Solved(solution, start.elapsed().as_secs_f64()),
            Ok(None) => Answer::NoSolution(start.elapsed().as_secs_f64()),
            Err(reason) => Answer::GaveUp(reason),
        }
    })
}

/// `tessera sudoku count [FILE] --limit N`
pub fn count(args: &SudokuCountArgs) -> Result<Status> {
    let engine = args.run.engine.engine().into();
    let plain = |cells: &[u8; 81], out: &mut Vec<u8>| {
        let count = sudoku::count_9x9(cells, args.limit, &budget(&args.run));
        if matches!(count.outcome, Outcome::GaveUp(_)) {
            out.extend_from_slice(b"gave-up\n");
            return false;
        }
        // Same as `writeln!("{}")`, without the formatting machinery for the usual 0, 1 and 2.
        match count.solutions {
            small @ 0..=9 => out.extend_from_slice(&[b'0' + small as u8, b'\n']),
            more => out.extend_from_slice(format!("{more}\n").as_bytes()),
        }
        true
    };
    run(&args.file, &args.run, plain, |puzzle| {
        let count = sudoku::count(
            puzzle,
            &sudoku::Query::default()
                .with_limit(args.limit)
                .with_engine(engine)
                .with_budget(budget(&args.run)),
        );
        match count.outcome {
            Outcome::GaveUp(reason) => Answer::GaveUp(reason),
            _ => Answer::Counted(count.solutions, count.outcome, args.limit),
        }
    })
}

/// A puzzle's budget, started now.
fn budget(args: &SudokuRunArgs) -> Budget {
    super::budget(&args.budget)
}

/// What became of one puzzle.
enum Answer {
    Solved(Sudoku, f64),
    NoSolution(f64),
    Counted(u64, Outcome, u64),
    GaveUp(GaveUp),
    /// The puzzle could not be read: the message, `line L, column C: ...`.
    Error(String),
}

/// Reads the puzzles of `file` as it goes, answers each with `answer`, prints the answers in
/// input order. On one thread, with plain output and the 9x9 solver (`--engine auto` or `fast`),
/// the file's leading run of plain 81-character lines goes through `plain` instead (see
/// [`plain_lines`]): it writes the answer line of a classic 9x9 puzzle's cells, `false` when the
/// budget ran out.
fn run(
    file: &Path,
    args: &SudokuRunArgs,
    plain: impl Fn(&[u8; 81], &mut Vec<u8>) -> bool,
    answer: impl Fn(&Sudoku) -> Answer + Sync,
) -> Result<Status> {
    let (name, reader) = open_reader(file)?;
    let threads = args.threads.count();
    let start = Instant::now();
    let answer_one = |parsed: Parsed| {
        let answer = match &parsed.puzzle {
            Ok(puzzle) => answer(puzzle),
            Err(err) => Answer::Error(err.to_string()),
        };
        (parsed, answer)
    };
    let mut printer = Printer {
        out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        json: args.output.json(),
        previous: None,
        index: 0,
    };
    let mut errors = ErrorLines::new(&name);
    let (mut bad, mut gave_up) = (false, false);
    let engine: sudoku::Engine = args.engine.engine().into();
    let fast = !printer.json && threads == 1 && matches!(engine, sudoku::Engine::Auto | sudoku::Engine::Fast);
    let rest = if fast {
        plain_lines(reader, &mut printer, &plain, &mut gave_up)?
    } else {
        Some(PuzzleReader::new(reader))
    };
    if let Some(puzzles) = rest {
        let mut flushed = Instant::now();
        map_in_order(threads, CHUNK_PER_THREAD * threads, puzzles, answer_one, |(parsed, answer)| {
            match &answer {
                Answer::Error(message) => {
                    bad = true;
                    // Shown in order with the output; written through so that it comes first.
                    printer.out.flush()?;
                    errors.note(message);
                }
                Answer::GaveUp(_) => gave_up = true,
                _ => {}
            }
            printer.print(&parsed, &answer)?;
            flush_now_and_then(&mut printer.out, &mut flushed)?;
            anyhow::Ok(true)
        })?;
    }
    printer.out.flush()?;
    errors.finish();
    if printer.index == 0 {
        return Err(no_puzzle(name).into());
    }
    if args.output.stats {
        note(&format!(
            "puzzles={} seconds={:.3} threads={threads} engine={}",
            printer.index,
            start.elapsed().as_secs_f64(),
            args.engine.name()
        ));
    }
    Ok(if bad {
        Status::BadInput
    } else if gave_up {
        Status::GaveUp
    } else {
        Status::Done
    })
}

/// The longest line [`plain_lines`] reads at once: a plain line is 81 characters and its break.
const PLAIN_READ: usize = 128;

/// The fast path of [`run`]: answers the file's lines with `answer` while they are plain classic
/// 9x9 lines (exactly 81 characters, `1`-`9` for clues and `.` or `0` for empty cells, nothing
/// else on the line), skipping comment and blank lines, and hands the rest of the file to a
/// [`PuzzleReader`] from the first other line on (`None` at the end of the file). Those lines are
/// exactly the ones the reader would parse, wherever they are, as one classic 9x9 puzzle each
/// (a line of 81 characters is never a grid's row, and no grid or JSON value is open before
/// it), so the output is the same; what it saves is the general reader's work per line (fields,
/// layout, a `Sudoku` with its vector) and the answer's (a `Sudoku`, a `String`).
fn plain_lines(
    mut reader: Box<dyn BufRead + Send>,
    printer: &mut Printer<impl Write>,
    answer: &impl Fn(&[u8; 81], &mut Vec<u8>) -> bool,
    gave_up: &mut bool,
) -> Result<Option<PuzzleReader<Box<dyn BufRead + Send>>>> {
    let mut line = Vec::with_capacity(PLAIN_READ);
    let mut out = Vec::with_capacity(PLAIN_READ);
    let (mut number, mut offset, mut in_line_block) = (1usize, 0u64, false);
    let mut flushed = Instant::now();
    loop {
        line.clear();
        let read = (&mut reader).take(PLAIN_READ as u64).read_until(b'\n', &mut line);
        let complete = match read {
            Ok(0) => return Ok(None),
            // A line ends at its break, or at the end of the file when shorter than the cap.
            Ok(n) => line.ends_with(b"\n") || n < PLAIN_READ,
            Err(_) => false,
        };
        let body = line.strip_suffix(b"\n").unwrap_or(&line);
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        let mut cells = [0u8; 81];
        let is_plain = complete
            && body.len() == 81
            && body.iter().zip(cells.iter_mut()).all(|(&byte, cell)| match byte {
                b'1'..=b'9' => {
                    *cell = byte - b'0';
                    true
                }
                b'.' | b'0' => true,
                _ => false,
            });
        if is_plain {
            printer.index += 1;
            printer.previous = Some(Format::Line);
            out.clear();
            if !answer(&cells, &mut out) {
                *gave_up = true;
            }
            printer.out.write_all(&out)?;
            if printer.index % 64 == 0 {
                flush_now_and_then(&mut printer.out, &mut flushed)?;
            }
            in_line_block = true;
        } else if complete && body.iter().all(u8::is_ascii_whitespace) {
            in_line_block = false;
        } else if !(complete && body.trim_ascii_start().starts_with(b"#")) {
            // Not ours: the reader takes it from this line, its bytes put back in front.
            let rest: Box<dyn BufRead + Send> =
                Box::new(io::Cursor::new(std::mem::take(&mut line)).chain(reader));
            return Ok(Some(PuzzleReader::resume(rest, number, offset, in_line_block)));
        }
        number += 1;
        offset += line.len() as u64;
    }
}

/// The puzzles of `file` (`-`: standard input), read as they are needed, and its name for
/// messages.
pub(crate) fn open_puzzles(file: &Path) -> Result<(String, PuzzleReader<Box<dyn BufRead + Send>>), BadInput> {
    let (name, reader) = open_reader(file)?;
    Ok((name, PuzzleReader::new(reader)))
}

/// `file` (`-`: standard input) opened for reading, and its name for messages.
fn open_reader(file: &Path) -> Result<(String, Box<dyn BufRead + Send>), BadInput> {
    if file.as_os_str() == "-" {
        return Ok(("<stdin>".to_owned(), Box::new(BufReader::with_capacity(1 << 16, io::stdin()))));
    }
    let name = file.display().to_string();
    match File::open(file) {
        Ok(opened) => Ok((name, Box::new(BufReader::with_capacity(1 << 16, opened)))),
        Err(err) => Err(bad(&name, err.to_string())),
    }
}

/// The error of a file without any puzzle (status 2).
pub(crate) fn no_puzzle(name: String) -> BadInput {
    BadInput { name, message: "no puzzle; expected lines, grids or JSON".to_owned() }
}

/// Writes `out` through when the last time was long enough ago: answers reach a pipe
/// (`| head -1`) within a tenth of a second, without a system call per line.
pub(crate) fn flush_now_and_then(out: &mut impl Write, last: &mut Instant) -> io::Result<()> {
    if last.elapsed() >= Duration::from_millis(100) {
        out.flush()?;
        *last = Instant::now();
    }
    Ok(())
}

/// The messages about puzzles that cannot be read: the first [`ErrorLines::SHOWN`] of a file,
/// then how many more there were, so that a file of garbage does not flood the terminal.
pub(crate) struct ErrorLines<'a> {
    name: &'a str,
    count: usize,
}

impl<'a> ErrorLines<'a> {
    const SHOWN: usize = 20;

    pub(crate) fn new(name: &'a str) -> Self {
        ErrorLines { name, count: 0 }
    }

    /// One more bad puzzle: its message, if it is among the first.
    pub(crate) fn note(&mut self, message: &str) {
        self.count += 1;
        if self.count <= Self::SHOWN {
            note(&format!("{}: {message}", self.name));
        }
    }

    /// The count of those not shown.
    pub(crate) fn finish(&self) {
        if self.count > Self::SHOWN {
            note(&format!(
                "{}: and {} more puzzles that cannot be read ({} in all)",
                self.name,
                self.count - Self::SHOWN,
                self.count
            ));
        }
    }
}

/// Writes answers: plain, in each puzzle's format, or one JSON object a line.
struct Printer<W: Write> {
    out: W,
    json: bool,
    /// The format of the previous puzzle: grids are set apart by a blank line.
    previous: Option<Format>,
    /// Puzzles printed so far.
    index: usize,
}

impl<W: Write> Printer<W> {
    fn print(&mut self, parsed: &Parsed, answer: &Answer) -> io::Result<()> {
        self.index += 1;
        if self.json {
            let report = Report::new(self.index, parsed.line, answer);
            let json = serde_json::to_string(&report).map_err(io::Error::other)?;
            return writeln!(self.out, "{json}");
        }
        if self.previous.is_some_and(|previous| previous == Format::Grid || parsed.format == Format::Grid) {
            writeln!(self.out)?;
        }
        self.previous = Some(parsed.format);
        match answer {
            Answer::Solved(solution, _) if parsed.format == Format::Grid => {
                write!(self.out, "{}", solution.to_grid())
            }
            Answer::Solved(solution, _) => writeln!(self.out, "{}", solution.to_format(parsed.format)),
            Answer::NoSolution(_) => writeln!(self.out, "none"),
            Answer::Counted(solutions, _, _) => writeln!(self.out, "{solutions}"),
            Answer::GaveUp(_) => writeln!(self.out, "gave-up"),
            Answer::Error(_) => writeln!(self.out, "error"),
        }
    }
}

/// The `--json` object of one puzzle.
#[derive(Debug, Serialize)]
struct Report {
    /// The puzzle's position in the input, from 1.
    index: usize,
    /// The line where it starts.
    line: usize,
    /// solve: "solved", "none"; count: "exhausted", "limit-reached"; both: "gave-up", "error".
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
}

impl Report {
    fn new(index: usize, line: usize, answer: &Answer) -> Self {
        let mut report = Report {
            index,
            line,
            outcome: "",
            solution: None,
            solutions: None,
            limit: None,
            reason: None,
            error: None,
            seconds: None,
        };
        match answer {
            Answer::Solved(solution, seconds) => {
                report.outcome = "solved";
                let layout = solution.layout();
                report.solution = Some(solution.cells().iter().map(|&d| layout.symbol(d)).collect());
                report.seconds = Some(*seconds);
            }
            Answer::NoSolution(seconds) => {
                report.outcome = "none";
                report.seconds = Some(*seconds);
            }
            Answer::Counted(solutions, outcome, limit) => {
                report.outcome =
                    if *outcome == Outcome::LimitReached { "limit-reached" } else { "exhausted" };
                report.solutions = Some(*solutions);
                report.limit = Some(*limit);
            }
            Answer::GaveUp(reason) => {
                report.outcome = "gave-up";
                report.reason = Some(match reason {
                    GaveUp::NodeLimit => "max-nodes",
                    GaveUp::Deadline => "timeout",
                    _ => "cancelled",
                });
            }
            Answer::Error(message) => {
                report.outcome = "error";
                report.error = Some(message.clone());
            }
        }
        report
    }
}

/// `tessera sudoku verify PUZZLE ANSWER`
pub fn verify(args: &SudokuVerifyArgs) -> Result<Status> {
    if args.puzzle == "-" && args.answer == "-" {
        bail!("only one of PUZZLE and ANSWER can be `-` (standard input)");
    }
    let puzzle = read_one(&args.puzzle, "<puzzle>")?;
    let mut answer = read_answer(&args.answer, "<answer>")?;
    // An answer written as a plain line or grid takes the puzzle's jigsaw regions or diagonals.
    let plain = sudoku::Layout::classic(answer.layout().size()).ok();
    if answer.layout() != puzzle.layout()
        && answer.layout().size() == puzzle.layout().size()
        && plain.as_ref() == Some(answer.layout())
    {
        answer = Sudoku::from_digits(puzzle.layout_arc().clone(), answer.cells().to_vec())?;
    }
    let verdict = sudoku::verify(&puzzle, &answer);

    let mut out = io::stdout().lock();
    if args.output.json {
        let violations: Vec<ViolationReport> = verdict
            .violations()
            .iter()
            .map(|violation| ViolationReport {
                kind: kind(violation),
                message: violation.to_string(),
                cells: violation.cells().iter().map(|&cell| puzzle.layout().cell_name(cell)).collect(),
            })
            .collect();
        let json = serde_json::to_string(&VerifyReport { valid: verdict.is_valid(), violations })?;
        writeln!(out, "{json}")?;
    } else {
        writeln!(out, "{verdict}")?;
    }
    out.flush()?;
    Ok(if verdict.is_valid() { Status::Done } else { Status::Rejected })
}

/// The `--json` object of `verify`.
#[derive(Debug, Serialize)]
struct VerifyReport {
    valid: bool,
    violations: Vec<ViolationReport>,
}

#[derive(Debug, Serialize)]
struct ViolationReport {
    kind: &'static str,
    message: String,
    cells: Vec<String>,
}

fn kind(violation: &Violation) -> &'static str {
    match violation {
        Violation::LayoutMismatch { .. } => "layout-mismatch",
        Violation::GivenChanged { .. } => "given-changed",
        Violation::EmptyCell { .. } => "empty-cell",
        Violation::Repeated { .. } => "repeated",
        _ => "other",
    }
}

/// One puzzle from an argument of `verify`: `-`, a file, or the puzzle itself.
pub(crate) fn read_one(argument: &str, inline_name: &str) -> Result<Sudoku> {
    let (name, text) = read_text(argument, inline_name)?;
    Sudoku::parse(&text).map_err(|err| bad(&name, err.to_string()).into())
}

/// An answer, read as [`read_one`] reads a puzzle, except that a JSON object with a `"solution"`
/// (a record of `generate --json` or `solve --json`) stands for that solution.
fn read_answer(argument: &str, inline_name: &str) -> Result<Sudoku> {
    let (name, mut text) = read_text(argument, inline_name)?;
    if let Ok(serde_json::Value::Object(mut record)) = serde_json::from_str(&text) {
        match record.remove("solution") {
            Some(serde_json::Value::String(line)) => text = line,
            Some(solution @ serde_json::Value::Object(_)) => text = solution.to_string(),
            _ => {}
        }
    }
    Sudoku::parse(&text).map_err(|err| bad(&name, err.to_string()).into())
}

/// The text of an argument of `verify` or `hint`, and the name to show in messages.
fn read_text(argument: &str, inline_name: &str) -> Result<(String, String)> {
    let (name, text) = if argument == "-" {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes).map_err(|err| bad("<stdin>", err.to_string()))?;
        ("<stdin>".to_owned(), String::from_utf8_lossy(&bytes).into_owned())
    } else if !Path::new(argument).is_file() && looks_like_a_puzzle(argument) {
        (inline_name.to_owned(), argument.to_owned())
    } else {
        let input = Input::read(Path::new(argument))?;
        let text = String::from_utf8_lossy(&input.bytes).into_owned();
        (input.name, text)
    };
    Ok((name, text))
}

/// Text given on the command line rather than a file name: JSON, several lines, or a long first
/// field that does not look like a path (no `/`, no `.txt`-like ending).
fn looks_like_a_puzzle(argument: &str) -> bool {
    let path_like = |field: &str| {
        field.contains(['/', '\\'])
            || field.rsplit_once('.').is_some_and(|(_, extension)| {
                (1..=4).contains(&extension.len()) && extension.bytes().all(|b| b.is_ascii_lowercase())
            })
    };
    argument.contains('\n')
        || argument.trim_start().starts_with('{')
        || argument
            .split_whitespace()
            .next()
            .is_some_and(|field| field.chars().count() >= 16 && !path_like(field))
}

fn bad(name: &str, message: String) -> BadInput {
    BadInput { name: name.to_owned(), message }
}

/// A line on standard error, control characters escaped (no input reaches the terminal as it
/// is). Failing to write it is not worth failing the command for.
pub(crate) fn note(message: &str) {
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
