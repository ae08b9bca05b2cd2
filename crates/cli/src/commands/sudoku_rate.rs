//! `tessera sudoku rate` and `tessera sudoku hint`: the logical solver of
//! [`tessera::sudoku::logic`], as a grade per puzzle and as the next step explained.
//!
//! `rate` reads and answers as `solve` does (streamed, in order, a bounded window on
//! `--threads`). A puzzle is rated only when it has exactly one solution: the solutions are
//! counted to two first (cheap next to the rating), and a grid with none or several gets `none`
//! or `several` in its place and exit status 7, since a rating of it would be a rating of
//! something that is not a puzzle. One budget per puzzle covers the count and the rating.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use serde::Serialize;
use tessera::sudoku::logic::{self, Rating, Step};
use tessera::sudoku::{self, Budget, GaveUp, Parsed, Query, Sudoku, Violation};

use super::files::{flush_now_and_then, no_puzzle, open_puzzles, ErrorLines};
use super::report::note;
use super::sudoku_records::RatingKeys;
use super::Status;
use crate::args::{SudokuHintArgs, SudokuRateArgs};
use crate::ordered::map_in_order;

/// One `rate --json` line.
#[derive(Debug, Default, Serialize)]
struct RatingRecord {
    /// The puzzle's position in the input, from 1.
    index: usize,
    line: usize,
    /// "rated", "none" (no solution), "several" (more than one), "gave-up", "error".
    outcome: &'static str,
    #[serde(flatten)]
    rating: Option<RatingKeys>,
    #[serde(skip_serializing_if = "Option::is_none")]
    guesses: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    techniques: Option<Vec<(&'static str, usize)>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What became of one puzzle.
enum Rated {
    Graded(Rating),
    /// No solution, or several (`solutions` is 0 or 2): such a grid is not rated.
    NotAPuzzle(u64),
    GaveUp(GaveUp),
    Error(String),
}

/// Puzzles in flight at once, per thread (see `crate::ordered`).
const WINDOW_PER_THREAD: usize = 64;

/// `tessera sudoku rate [FILE]`
pub fn rate(args: &SudokuRateArgs) -> Result<Status> {
    let (name, puzzles) = open_puzzles(&args.file)?;
    let threads = args.threads.count();
    let rate_one = |parsed: Parsed| {
        let rated = match &parsed.puzzle {
            Ok(puzzle) => rate_puzzle(puzzle, super::budget(&args.budget)),
            Err(err) => Rated::Error(err.to_string()),
        };
        (parsed.line, rated)
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut errors = ErrorLines::new(&name);
    let (mut index, mut bad, mut unsolvable, mut gave_up) = (0, false, false, false);
    let mut flushed = Instant::now();
    map_in_order(threads, WINDOW_PER_THREAD * threads, puzzles, rate_one, |(line, rated)| {
        index += 1;
        let mut record = RatingRecord { index, line, ..RatingRecord::default() };
        let text = match rated {
            Rated::Graded(rating) => {
                let hardest = rating.hardest.map(logic::Technique::name);
                let text =
                    format!("{} {} {}", rating.difficulty.name(), rating.score, hardest.unwrap_or("none"));
                record = RatingRecord {
                    outcome: "rated",
                    rating: Some(RatingKeys::of(&rating)),
                    guesses: Some(rating.guesses),
                    steps: Some(rating.steps),
                    solved: Some(rating.solved),
                    techniques: Some(rating.techniques.iter().map(|&(t, n)| (t.name(), n)).collect()),
                    ..record
                };
                text
            }
            Rated::NotAPuzzle(solutions) => {
                unsolvable = true;
                let (outcome, why) = if solutions == 0 {
                    ("none", "no solution")
                } else {
                    ("several", "more than one solution")
                };
                out.flush()?;
                note(&format!("{name}: the puzzle at line {line} has {why}; not rated"));
                record.outcome = outcome;
                outcome.to_owned()
            }
            Rated::GaveUp(reason) => {
                gave_up = true;
                record.outcome = "gave-up";
                record.reason = Some(reason.name());
                "gave-up".to_owned()
            }
            Rated::Error(message) => {
                bad = true;
                out.flush()?;
                errors.note(&message);
                record.outcome = "error";
                record.error = Some(message);
                "error".to_owned()
            }
        };
        if args.output.json {
            writeln!(out, "{}", serde_json::to_string(&record)?)?;
        } else {
            writeln!(out, "{text}")?;
        }
        flush_now_and_then(&mut out, &mut flushed)?;
        anyhow::Ok(true)
    })?;
    out.flush()?;
    errors.finish();
    if index == 0 {
        return Err(no_puzzle(name).into());
    }
    Ok(if bad {
        Status::BadInput
    } else if unsolvable {
        Status::NoSolution
    } else if gave_up {
        Status::GaveUp
    } else {
        Status::Done
    })
}

/// Counts the solutions (to 2) and, when there is exactly one, rates the puzzle; one budget for
/// both.
fn rate_puzzle(puzzle: &Sudoku, budget: Budget) -> Rated {
    let count = sudoku::count(puzzle, &Query::default().with_limit(2).with_budget(budget.clone()));
    match count.result() {
        Err(reason) => Rated::GaveUp(reason),
        Ok(1) => match logic::rate_within(puzzle, &budget) {
            Ok(rating) => Rated::Graded(rating),
            Err(reason) => Rated::GaveUp(reason),
        },
        Ok(solutions) => Rated::NotAPuzzle(solutions),
    }
}

/// One `hint --json` object.
#[derive(Debug, Serialize)]
struct HintRecord<'a> {
    technique: &'static str,
    difficulty: &'static str,
    explanation: &'a str,
    placements: Vec<(String, u8)>,
    eliminations: Vec<(String, u8)>,
    cells: Vec<String>,
}

/// `tessera sudoku hint PUZZLE`
pub fn hint(args: &SudokuHintArgs) -> Result<Status> {
    let puzzle = super::sudoku_verify::read_one(&args.puzzle, "<PUZZLE>")?;
    let layout = puzzle.layout();
    let Some(step) = logic::hint(&puzzle) else {
        let (why, status) = if puzzle.is_solved() {
            ("the puzzle is already solved".to_owned(), Status::Done)
        } else if !puzzle.is_consistent() {
            // The repeats, as `verify` names them: the puzzle checked against itself.
            let repeats: Vec<String> = sudoku::verify(&puzzle, &puzzle)
                .violations()
                .iter()
                .filter(|violation| matches!(violation, Violation::Repeated { .. }))
                .map(ToString::to_string)
                .collect();
            (format!("the grid breaks a rule: {}", repeats.join("; ")), Status::BadInput)
        } else {
            (
                "no step applies: the puzzle has no solution (a digit placed is wrong)".to_owned(),
                Status::NoSolution,
            )
        };
        if args.output.json {
            println!("{}", serde_json::json!({ "technique": null, "explanation": why }));
        } else if status == Status::Done {
            println!("{why}");
        } else {
            note(&why);
        }
        return Ok(status);
    };
    let name = |cell: usize| layout.cell_name(cell);
    if args.output.json {
        let Step { technique, placements, eliminations, cells, explanation, .. } = &step;
        let record = HintRecord {
            technique: technique.name(),
            difficulty: technique.difficulty().name(),
            explanation,
            placements: placements.iter().map(|&(c, d)| (name(c), d)).collect(),
            eliminations: eliminations.iter().map(|&(c, d)| (name(c), d)).collect(),
            cells: cells.iter().map(|&c| name(c)).collect(),
        };
        println!("{}", serde_json::to_string(&record)?);
    } else {
        println!("{}: {}", step.technique.name(), step.explanation);
    }
    Ok(Status::Done)
}
