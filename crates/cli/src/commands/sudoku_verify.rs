//! `tessera sudoku verify`: reads one puzzle and one answer (files, standard input or the text
//! itself) and prints the verdict of [`tessera::sudoku::verify`]; status 4 when the answer is
//! wrong. Its readers of one puzzle serve `sudoku hint` too.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{bail, Result};
use tessera::sudoku::{self, Sudoku, Violation};

use super::files::bad;
use super::verdict::{VerifyReport, ViolationReport};
use super::Status;
use crate::args::SudokuVerifyArgs;
use crate::input::Input;

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
            .map(|violation| {
                let cells = violation.cells().iter().map(|&cell| puzzle.layout().cell_name(cell)).collect();
                ViolationReport::of::<Sudoku>(violation, kind(violation), cells)
            })
            .collect();
        VerifyReport::new(violations).write(&mut out)?;
    } else {
        writeln!(out, "{verdict}")?;
    }
    out.flush()?;
    Ok(if verdict.is_valid() { Status::Done } else { Status::Rejected })
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
    let (name, mut text) = read_text(argument, inline_name)?;
    if let Some(puzzle) = super::csv_input::single_field(&text, "puzzle") {
        text = puzzle;
    }
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
    if let Some(solution) = super::csv_input::single_field(&text, "solution") {
        text = solution;
    }
    Sudoku::parse(&text).map_err(|err| bad(&name, err.to_string()).into())
}

/// The text of an argument of `verify` or `hint`, and the name to show in messages.
fn read_text(argument: &str, inline_name: &str) -> Result<(String, String)> {
    let (name, text) = if argument != "-" && !Path::new(argument).is_file() && looks_like_a_puzzle(argument) {
        (inline_name.to_owned(), argument.to_owned())
    } else {
        // Capped as `solve` and `count` cap a line: a huge file is refused before it is held.
        let input = Input::read_at_most(Path::new(argument), crate::input::SUDOKU_PUZZLE)?;
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
