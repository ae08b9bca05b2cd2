//! `tessera sudoku rate` and `tessera sudoku hint`: the logical solver of
//! [`tessera::sudoku::logic`], as a grade per puzzle and as the next step explained.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use rayon::prelude::*;
use serde::Serialize;
use tessera::sudoku::logic::{self, Rating, Step};
use tessera::sudoku::{parse_puzzles, Parsed};

use super::Status;
use crate::args::{SudokuHintArgs, SudokuRateArgs};
use crate::input::Input;

/// One `rate --json` line.
#[derive(Debug, Serialize)]
struct RatingRecord {
    /// The puzzle's position in the input, from 1.
    index: usize,
    line: usize,
    difficulty: &'static str,
    score: u32,
    hardest: Option<&'static str>,
    guesses: usize,
    steps: usize,
    solved: bool,
    techniques: Vec<(&'static str, usize)>,
}

/// `tessera sudoku rate [FILE]`
pub fn rate(args: &SudokuRateArgs) -> Result<Status> {
    let input = Input::read(&args.file)?;
    let text = String::from_utf8_lossy(&input.bytes);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads.count()).build()?;
    let parsed: Vec<Parsed> = parse_puzzles(&text).collect();
    let ratings: Vec<Option<Rating>> =
        pool.install(|| parsed.par_iter().map(|p| p.puzzle.as_ref().ok().map(logic::rate)).collect());
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Done;
    for (index, (parsed, rating)) in (1..).zip(parsed.iter().zip(ratings)) {
        match (&parsed.puzzle, rating) {
            (Ok(_), Some(rating)) if args.output.json => {
                let record = RatingRecord {
                    index,
                    line: parsed.line,
                    difficulty: rating.difficulty.name(),
                    score: rating.score,
                    hardest: rating.hardest.map(logic::Technique::name),
                    guesses: rating.guesses,
                    steps: rating.steps,
                    solved: rating.solved,
                    techniques: rating.techniques.iter().map(|&(t, n)| (t.name(), n)).collect(),
                };
                writeln!(out, "{}", serde_json::to_string(&record)?)?;
            }
            (Ok(_), Some(rating)) => {
                let hardest = rating.hardest.map_or("none", |t| t.name());
                let solved = if rating.solved { "" } else { " (no solution)" };
                writeln!(out, "{} {} {hardest}{solved}", rating.difficulty.name(), rating.score)?;
            }
            (Err(err), _) => {
                writeln!(out, "error")?;
                out.flush()?;
                eprintln!("tessera: {}: {err}", input.name);
                status = Status::BadInput;
            }
            (Ok(_), None) => unreachable!("every readable puzzle is rated"),
        }
    }
    out.flush()?;
    Ok(status)
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
    let puzzle = super::sudoku::read_one(&args.puzzle, "<PUZZLE>")?;
    let layout = puzzle.layout();
    let Some(step) = logic::hint(&puzzle) else {
        let why = if puzzle.is_solved() {
            "the puzzle is already solved"
        } else if !puzzle.is_consistent() {
            "the grid breaks a rule: run `tessera sudoku verify` to see where"
        } else {
            "no step applies: the puzzle has no solution"
        };
        if args.output.json {
            println!("{}", serde_json::json!({ "technique": null, "explanation": why }));
        } else {
            println!("{why}");
        }
        return Ok(Status::Done);
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
