//! `tessera sudoku solve` and `count` (`verify` is in `sudoku_verify`).
//!
//! `solve` and `count` read the puzzles of a file as they go with [`PuzzleReader`] (lines, grids,
//! JSON; a file that is not text gets one error), answer them on `--threads` threads with a
//! bounded window (`crate::ordered`), and print each answer as soon as those before it are out,
//! so that output streams and memory stays bounded whatever the file's length.
//! Each puzzle has its own budget (`--max-nodes`, `--timeout` from when its search starts). A
//! puzzle that cannot be read gets `error` in its output slot and its message on standard error;
//! the rest are still answered and the status is 2 at the end. "No solution" and "several
//! solutions" are answers, not errors.

use std::io::{self, BufRead, BufWriter, Read, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use tessera::sudoku::{self, teach, Budget, Format, GaveUp, Outcome, Parsed, PuzzleReader, Sudoku};

use super::files::{flush_now_and_then, no_puzzle, note_gave_up, open_reader, skip_gave_up, ErrorLines};
use super::report::{note, CountJson, CountKeys};
use super::Status;
use crate::args::{SudokuCountArgs, SudokuEngine, SudokuEngineArg, SudokuRunArgs, SudokuSolveArgs};
use crate::ordered::map_in_order;

/// Puzzles in flight at once (read, answered, or waiting for the ones before), per thread.
const CHUNK_PER_THREAD: usize = 64;

/// `tessera sudoku solve [FILE]`
pub fn solve(args: &SudokuSolveArgs) -> Result<Status> {
    let engine = args.run.engine.engine().resolve();
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
        let budget = budget(&args.run);
        let (found, nodes) = match engine {
            SudokuEngine::Teach(teacher) => {
                let taught = teach::solve(puzzle, teacher, 1, &budget);
                let found = match taught.count.outcome {
                    Outcome::GaveUp(reason) => Err(reason),
                    _ => Ok(taught.first),
                };
                (found, Some(taught.count.stats.nodes))
            }
            // The general solver's nodes (its guesses) come with its list of solutions.
            SudokuEngine::Solver(solver @ sudoku::Engine::General) => {
                let query = sudoku::Query::default().with_engine(solver).with_limit(1).with_budget(budget);
                let found = sudoku::solutions(puzzle, &query);
                let nodes = Some(found.count.stats.nodes);
                match found.count.outcome {
                    Outcome::GaveUp(reason) => (Err(reason), nodes),
                    _ => (Ok(found.found.into_iter().next()), nodes),
                }
            }
            SudokuEngine::Solver(solver) => {
                let query = sudoku::Query::default().with_engine(solver).with_budget(budget);
                (sudoku::solve(puzzle, &query), None)
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        match found {
            Ok(Some(solution)) => Answer::Solved(solution, seconds, nodes),
            Ok(None) => Answer::NoSolution(seconds, nodes),
            Err(reason) => Answer::GaveUp(reason, nodes),
        }
    })
}

/// `tessera sudoku count [FILE] --limit N`
pub fn count(args: &SudokuCountArgs) -> Result<Status> {
    let plain = |cells: &[u8; 81], out: &mut Vec<u8>| {
        let count = sudoku::count_9x9(cells, args.limit, &budget(&args.run));
        if count.gave_up() {
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
    let threads = args.run.threads.count();
    let engine = args.run.engine.engine().resolve();
    let name: &'static str = match engine {
        SudokuEngine::Solver(solver) => solver.name(),
        SudokuEngine::Teach(teacher) => teacher.name(),
    };
    run(&args.file, &args.run, plain, |puzzle| {
        let start = Instant::now();
        let count = match engine {
            SudokuEngine::Teach(teacher) => {
                teach::solve(puzzle, teacher, args.limit, &budget(&args.run)).count
            }
            SudokuEngine::Solver(solver) => sudoku::count(
                puzzle,
                &sudoku::Query::default()
                    .with_limit(args.limit)
                    .with_engine(solver)
                    .with_budget(budget(&args.run)),
            ),
        };
        let keys = CountKeys::new(&count, start.elapsed().as_secs_f64(), threads, name);
        Answer::Counted(keys, args.limit)
    })
}

/// A puzzle's budget, started now.
fn budget(args: &SudokuRunArgs) -> Budget {
    super::budget(&args.budget)
}

/// What became of one puzzle.
enum Answer {
    /// The solution, the seconds, and the nodes when the engine counts them.
    Solved(Sudoku, f64, Option<u64>),
    NoSolution(f64, Option<u64>),
    /// `count`: its core keys and `--limit`.
    Counted(CountKeys<'static>, u64),
    GaveUp(GaveUp, Option<u64>),
    /// The puzzle could not be read: the message, `line L, column C: ...`.
    Error(String),
}

impl Answer {
    /// The nodes the search spent, when its engine counts them.
    fn nodes(&self) -> Option<u64> {
        match self {
            Answer::Solved(_, _, nodes) | Answer::NoSolution(_, nodes) | Answer::GaveUp(_, nodes) => *nodes,
            Answer::Counted(keys, _) => Some(keys.nodes()),
            Answer::Error(_) => None,
        }
    }
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
    let fast = !printer.json
        && threads == 1
        && matches!(args.engine.engine(), SudokuEngineArg::Auto | SudokuEngineArg::Fast);
    let mut nodes: Option<u64> = None;
    let rest = if fast {
        plain_lines(reader, &name, &mut printer, &plain, &mut gave_up)?
    } else {
        Some(PuzzleReader::new(skip_gave_up(reader, &name, 1)))
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
                Answer::GaveUp(..) => gave_up = true,
                Answer::Counted(keys, _) if keys.gave_up() => gave_up = true,
                _ => {}
            }
            if let Some(spent) = answer.nodes() {
                nodes = Some(nodes.unwrap_or(0) + spent);
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
        // The nodes of every puzzle answered, when the engine counts them (the plain fast path
        // does not, so no partial sum).
        let nodes = nodes.filter(|_| !fast).map_or_else(String::new, |nodes| format!(" nodes={nodes}"));
        note(&format!(
            "puzzles={} seconds={:.3} threads={threads} engine={}{nodes}",
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
    name: &str,
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
        } else if complete && body == b"gave-up" {
            // A puzzle `generate` gave up on: skipped like a comment, with a note.
            note_gave_up(name, number);
        } else if !(complete && body.trim_ascii_start().starts_with(b"#")) {
            // Not ours: the reader takes it from this line, its bytes put back in front.
            let rest: Box<dyn BufRead + Send> =
                Box::new(io::Cursor::new(std::mem::take(&mut line)).chain(reader));
            let rest = skip_gave_up(rest, name, number);
            return Ok(Some(PuzzleReader::resume(rest, number, offset, in_line_block)));
        }
        number += 1;
        offset += line.len() as u64;
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
            let json = match answer {
                // The core keys of every count, after this command's own.
                Answer::Counted(keys, limit) => CountJson::new(*keys)
                    .own("index", &self.index)
                    .and_then(|json| json.own("line", &parsed.line))
                    .and_then(|json| json.core("outcome"))
                    .and_then(|json| json.core("solutions"))
                    .and_then(|json| json.own("limit", limit))
                    .and_then(|json| json.core("reason"))
                    .and_then(CountJson::finish)
                    .map_err(io::Error::other)?,
                _ => serde_json::to_string(&Report::new(self.index, parsed.line, answer))
                    .map_err(io::Error::other)?,
            };
            return writeln!(self.out, "{json}");
        }
        if self.previous.is_some_and(|previous| previous == Format::Grid || parsed.format == Format::Grid) {
            writeln!(self.out)?;
        }
        self.previous = Some(parsed.format);
        match answer {
            Answer::Solved(solution, ..) if parsed.format == Format::Grid => {
                write!(self.out, "{}", solution.to_grid())
            }
            Answer::Solved(solution, ..) => writeln!(self.out, "{}", solution.to_format(parsed.format)),
            Answer::NoSolution(..) => writeln!(self.out, "none"),
            Answer::Counted(keys, _) if keys.gave_up() => writeln!(self.out, "gave-up"),
            Answer::Counted(keys, _) => writeln!(self.out, "{}", keys.solutions()),
            Answer::GaveUp(..) => writeln!(self.out, "gave-up"),
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
    /// "solved", "none", "gave-up", "error" (`count`'s objects are [`CountJson`]'s).
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    /// Nodes, when the engine counts them (`backtrack`, `mrv`, `xc`, `general`).
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
}

impl Report {
    fn new(index: usize, line: usize, answer: &Answer) -> Self {
        let mut report = Report {
            index,
            line,
            outcome: "",
            solution: None,
            reason: None,
            error: None,
            seconds: None,
            nodes: answer.nodes(),
        };
        match answer {
            Answer::Solved(solution, seconds, _) => {
                report.outcome = "solved";
                let layout = solution.layout();
                report.solution = Some(solution.cells().iter().map(|&d| layout.symbol(d)).collect());
                report.seconds = Some(*seconds);
            }
            Answer::NoSolution(seconds, _) => {
                report.outcome = "none";
                report.seconds = Some(*seconds);
            }
            // Written by `CountJson`.
            Answer::Counted(..) => {}
            Answer::GaveUp(reason, _) => {
                report.outcome = "gave-up";
                report.reason = Some(reason.name());
            }
            Answer::Error(message) => {
                report.outcome = "error";
                report.error = Some(message.clone());
            }
        }
        report
    }
}
