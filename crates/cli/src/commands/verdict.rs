//! The `verify --json` object, one for every puzzle: `valid`, and each violation with its kind,
//! message (the puzzle's [`tessera::Puzzle::Violation`] as displayed) and cells.

use std::io::Write;

use anyhow::Result;
use serde::Serialize;
use tessera::Puzzle;

/// The `--json` object of `verify`.
#[derive(Debug, Serialize)]
pub(crate) struct VerifyReport {
    valid: bool,
    violations: Vec<ViolationReport>,
}

/// One rule broken.
#[derive(Debug, Serialize)]
pub(crate) struct ViolationReport {
    /// The puzzle's position in a file of several (Hidato).
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    kind: &'static str,
    /// How bad it is, where the puzzle grades its violations (Hidato: changed, broken, incomplete).
    #[serde(skip_serializing_if = "Option::is_none")]
    class: Option<&'static str>,
    message: String,
    /// The cells, named `r7c4` (row 7, column 4, from 1).
    cells: Vec<String>,
}

impl ViolationReport {
    /// `violation` of puzzle `P`, of this kind, at these cells.
    pub(crate) fn of<P: Puzzle>(violation: &P::Violation, kind: &'static str, cells: Vec<String>) -> Self {
        ViolationReport { index: None, kind, class: None, message: violation.to_string(), cells }
    }

    /// The same, for the puzzle at `index` of a file.
    pub(crate) fn at(self, index: usize) -> Self {
        ViolationReport { index: Some(index), ..self }
    }

    /// The same, of this class.
    pub(crate) fn class(self, class: &'static str) -> Self {
        ViolationReport { class: Some(class), ..self }
    }
}

impl VerifyReport {
    /// The verdict over every answer: valid when nothing is broken.
    pub(crate) fn new(violations: Vec<ViolationReport>) -> Self {
        VerifyReport { valid: violations.is_empty(), violations }
    }

    /// Writes it as one line.
    pub(crate) fn write(&self, out: &mut impl Write) -> Result<()> {
        writeln!(out, "{}", serde_json::to_string(self)?)?;
        Ok(())
    }
}

/// One answer for each puzzle, or the bad input that says how many of each there are.
pub(crate) fn one_answer_each(
    answer_name: String,
    answers: usize,
    puzzles: usize,
    puzzle_name: &str,
) -> Result<(), crate::input::BadInput> {
    if answers == puzzles {
        return Ok(());
    }
    Err(crate::input::BadInput {
        name: answer_name,
        message: format!(
            "{} for the {} of {puzzle_name}",
            super::report::plural(answers as u64, "answer", "answers"),
            super::report::plural(puzzles as u64, "puzzle", "puzzles")
        ),
    })
}
