//! What `tessera sudoku generate` writes for each puzzle: its line, the `--json` record, the
//! bulk record of `--format csv` and `--format jsonl`, and what stands for a puzzle given up on;
//! and the rating's keys ([`RatingKeys`]), which `sudoku rate --json` writes too.

use std::io::Write;

use anyhow::Result;
use serde::Serialize;
use tessera::sudoku::logic::{self, Rating};
use tessera::sudoku::{GaveUp, Generated};

use super::report::GaveUpRecord;
use crate::args::GenerateFormat;

/// A rating in JSON, one definition for `generate --json` and `rate --json`: `difficulty`,
/// `score`, `se` (the Sudoku Explainer estimate, to tenths) and `hardest` (the hardest
/// technique's name, `null` for none).
#[derive(Debug, Serialize)]
pub(crate) struct RatingKeys {
    difficulty: &'static str,
    score: u32,
    se: f64,
    hardest: Option<&'static str>,
}

impl RatingKeys {
    pub(crate) fn of(rating: &Rating) -> Self {
        RatingKeys {
            difficulty: rating.difficulty.name(),
            score: rating.score,
            se: tenths(rating.se),
            hardest: rating.hardest.map(logic::Technique::name),
        }
    }
}

/// One line of `--json`.
#[derive(Debug, Serialize)]
struct Record {
    /// The puzzle's position in the output, from 1.
    index: u64,
    seed: u64,
    puzzle: String,
    solution: String,
    /// The number of given digits.
    givens: usize,
    #[serde(flatten)]
    rating: Option<RatingKeys>,
    attempts: u32,
}

/// One row of `--format csv` and one line of `--format jsonl`: the same fields, in this order.
#[derive(Debug, Serialize)]
pub struct BulkRecord {
    pub puzzle: String,
    pub solution: String,
    pub seed: u64,
    /// The level's name (easy .. diabolical).
    pub level: &'static str,
    pub score: u32,
    /// The SE estimate, in tenths.
    pub se: f64,
    /// The number of given digits.
    pub clues: usize,
    /// The hardest technique's name.
    pub hardest: &'static str,
}

/// The CSV header: [`BulkRecord`]'s fields.
pub const CSV_HEADER: &str = "puzzle,solution,seed,level,score,se,clues,hardest";

impl BulkRecord {
    fn from_generated(made: &Generated) -> Self {
        let rating = made.rating.as_ref();
        BulkRecord {
            puzzle: made.puzzle.to_line(),
            solution: made.solution.to_line(),
            seed: made.seed,
            level: rating.map_or("", |r| r.difficulty.name()),
            score: rating.map_or(0, |r| r.score),
            se: rating.map_or(0.0, |r| tenths(r.se)),
            clues: made.puzzle.clues(),
            hardest: rating.and_then(|r| r.hardest).map_or("", logic::Technique::name),
        }
    }

    /// The record as one CSV row (no line end).
    pub fn to_csv(&self) -> String {
        [
            csv_field(&self.puzzle),
            csv_field(&self.solution),
            self.seed.to_string(),
            csv_field(self.level),
            self.score.to_string(),
            format!("{:.1}", self.se),
            self.clues.to_string(),
            csv_field(self.hardest),
        ]
        .join(",")
    }
}

/// A CSV field, quoted (RFC 4180) when it holds a comma, a quote or a line break.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// An SE estimate rounded to tenths, as Sudoku Explainer prints its ratings; `--se` compares
/// this value, so that what is printed is what was filtered.
pub(crate) fn tenths(se: f32) -> f64 {
    (f64::from(se) * 10.0).round() / 10.0
}

pub(crate) fn write_one(
    out: &mut impl Write,
    index: u64,
    made: &Generated,
    format: GenerateFormat,
) -> Result<()> {
    match format {
        GenerateFormat::Text => writeln!(out, "{}", made.puzzle.to_line())?,
        GenerateFormat::Json => {
            let record = Record {
                index,
                seed: made.seed,
                puzzle: made.puzzle.to_line(),
                solution: made.solution.to_line(),
                givens: made.puzzle.clues(),
                rating: made.rating.as_ref().map(RatingKeys::of),
                attempts: made.attempts,
            };
            writeln!(out, "{}", serde_json::to_string(&record)?)?;
        }
        GenerateFormat::Csv => writeln!(out, "{}", BulkRecord::from_generated(made).to_csv())?,
        GenerateFormat::Jsonl => {
            writeln!(out, "{}", serde_json::to_string(&BulkRecord::from_generated(made))?)?;
        }
    }
    Ok(())
}

/// What stands for a puzzle given up on: `gave-up` in text (which `sudoku solve` and the other
/// readers skip with a note), a CSV row with the seed and level
/// `gave-up` and the other fields empty, or a JSON object with "outcome" and "reason".
pub(crate) fn write_gave_up(
    out: &mut impl Write,
    index: u64,
    seed: u64,
    reason: GaveUp,
    format: GenerateFormat,
) -> Result<()> {
    match format {
        GenerateFormat::Text => writeln!(out, "gave-up")?,
        GenerateFormat::Csv => writeln!(out, ",,{seed},gave-up,,,,")?,
        GenerateFormat::Json | GenerateFormat::Jsonl => {
            let record = GaveUpRecord::new(index, seed, reason);
            writeln!(out, "{}", serde_json::to_string(&record)?)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("Hidden single"), "Hidden single");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
    }
}
