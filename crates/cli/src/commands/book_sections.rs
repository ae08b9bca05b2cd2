//! `sudoku book --section`: a book of mixed levels in one command, easiest first.
//!
//! Each section is a level (`easy:10`: the generator aimed at that level, as `--difficulty`) or
//! an SE range (`se=4.0..6.0:10`: candidates kept while their SE estimate is in the range, as
//! `generate --se`, the generator aimed as `generate` aims it). The sections draw their
//! candidates from one run of seeds: the first from `--seed`, each next one from the seed after
//! the last candidate of the one before, so the whole book follows from `--seed` and the
//! sections, whatever `--threads` (candidates are made on the threads, kept in seed order).
//! A candidate whose own budget runs out is skipped; each section makes at most 1,000
//! candidates per puzzle it asks for, and one that cannot fill itself ends the run with exit
//! status 3, a message saying how far it got, and no book.
//!
//! Order: within a section the puzzles go from the lowest SE estimate to the highest (then by
//! seed); the sections go from the lowest median SE to the highest (a stable sort, so that equal
//! sections keep the order given). A book is thus easy to hard however its sections were
//! written. Each section starts a page headed by its title (default: the level's name, or
//! `SE A..B`), and its answers start a page of the key under `Answers · TITLE`.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use tessera::sudoku::{Generator, Layout, Sudoku};
use tessera_print::{Grid, Section};

use super::book::{budget, capitalised, check_layout, Made};
use super::sudoku_generate::{check_level, se_level};
use super::sudoku_records::tenths;
use super::Status;
use crate::args::{SectionSpec, SudokuBookArgs};
use crate::ordered::map_in_order;
use crate::progress::Indicator;

/// Candidates in flight at once, per thread.
const WINDOW_PER_THREAD: usize = 4;
/// Candidates a section may make per puzzle it asks for.
const TRIES_PER_PUZZLE: u64 = 1000;

/// `tessera sudoku book --section ...`
pub(super) fn sudoku(args: &SudokuBookArgs, layout: Layout) -> Result<Status> {
    let out = &args.book;
    let start = Instant::now();
    for spec in &args.sections {
        if let (Some(level), Err(err)) = (spec.level, check_level(&layout, spec.level)) {
            // The reason without check_level's `--difficulty LEVEL: `, which was not what was typed.
            let message = err.to_string();
            let reason = message.split_once(": ").map_or(message.as_str(), |(_, reason)| reason);
            anyhow::bail!("--section {level}:{}: {reason}", spec.count);
        }
    }
    let mut title = String::from("Sudoku");
    if layout.size() != 9 {
        let _ = write!(title, " {0}x{0}", layout.size());
    }
    if args.grid.x {
        title.push_str(" X");
    }
    let title = out.title.clone().unwrap_or(title);
    let layout = Arc::new(layout);
    check_layout(out, Grid::sudoku(&Sudoku::empty(layout.clone())))?;
    let generator = Generator::new(layout)
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .rated(true)
        .jigsaw(args.grid.jigsaw)
        .attempts(u32::MAX);
    let total: u64 = args.sections.iter().map(|s| s.count).sum();
    let done = Arc::new(AtomicU64::new(0));
    let progress = (!out.no_progress && std::io::stderr().is_terminal())
        .then(|| Indicator::counting(done.clone(), total, "puzzles".to_owned()));
    let mut seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut sections: Vec<(String, Vec<(u64, Made)>)> = Vec::new();
    for spec in &args.sections {
        let mut generator = generator.clone();
        if let Some(level) = spec.level.or_else(|| spec.se.and_then(|range| se_level(range, args.minimal))) {
            generator = generator.difficulty(level);
        }
        match fill(args, spec, &generator, seed, &done) {
            Ok((kept, tried)) => {
                seed = seed.wrapping_add(tried);
                sections.push((section_title(spec), kept));
            }
            Err(message) => {
                if let Some(progress) = progress {
                    progress.stop();
                }
                super::report::note(&format!("{message}; no book written"));
                return Ok(Status::GaveUp);
            }
        }
    }
    if let Some(progress) = progress {
        progress.stop();
    }
    sections.sort_by(|a, b| median_se(&a.1).total_cmp(&median_se(&b.1)));
    let book_sections =
        sections.iter().map(|(title, kept)| Section { title: title.clone(), count: kept.len() }).collect();
    let made: Vec<Made> =
        sections.into_iter().flat_map(|(_, kept)| kept.into_iter().map(|(_, made)| made)).collect();
    super::book_write::write(out, title, &made, book_sections, start)
}

/// The `spec.count` puzzles of a section from candidates `first`, `first + 1`, ..., sorted
/// by SE estimate then seed, and how many candidates were made; or why it gave up.
fn fill(
    args: &SudokuBookArgs,
    spec: &SectionSpec,
    generator: &Generator,
    first: u64,
    done: &AtomicU64,
) -> Result<(Vec<(u64, Made)>, u64), String> {
    let out = &args.book;
    let threads = out.threads.count();
    let tries = spec.count.saturating_mul(TRIES_PER_PUZZLE);
    let (mut kept, mut tried, mut outside, mut ran_out) = (Vec::new(), 0u64, 0u64, 0u64);
    let make = |k: u64| {
        let seed = first.wrapping_add(k);
        (seed, generator.clone().budget(budget(out)).generate(seed))
    };
    let sink = |(seed, made): (u64, Result<tessera::sudoku::Generated, _>)| {
        tried += 1;
        let Ok(made) = made else {
            ran_out += 1;
            return Ok::<bool, std::convert::Infallible>(true);
        };
        let se = made.rating.as_ref().map(|rating| tenths(rating.se));
        if let (Some(range), Some(se)) = (spec.se, se) {
            if !range.contains(se) {
                outside += 1;
                return Ok(true);
            }
        }
        kept.push((
            seed,
            Made {
                puzzle: Grid::sudoku(&made.puzzle),
                key: Grid::sudoku_key(&made.puzzle, &made.solution),
                level: made.rating.as_ref().map_or("", |rating| rating.difficulty.name()),
                id: format!("seed {seed}"),
                se,
                entry: None,
            },
        ));
        done.fetch_add(1, Ordering::Relaxed);
        Ok((kept.len() as u64) < spec.count)
    };
    let Ok(()) = map_in_order(threads, WINDOW_PER_THREAD * threads, 0..tries, make, sink);
    if (kept.len() as u64) < spec.count {
        let mut why = Vec::new();
        if let Some(range) = spec.se {
            why.push(format!("{outside} outside SE {range}"));
        }
        if ran_out > 0 {
            why.push(format!("{ran_out} ran out of their budget (raise it with --timeout SECONDS)"));
        }
        return Err(format!(
            "section {:?}: gave up after {tried} candidates (seeds {first} to {}): made {} of {} puzzles{}{}",
            section_title(spec),
            first.wrapping_add(tried.saturating_sub(1)),
            kept.len(),
            spec.count,
            if why.is_empty() { String::new() } else { format!("; {}", why.join(", ")) },
            if spec.se.is_some() { "; widen the SE range or ask for fewer" } else { "" },
        ));
    }
    kept.sort_by(|(seed_a, a), (seed_b, b)| {
        a.se.unwrap_or(0.0).total_cmp(&b.se.unwrap_or(0.0)).then(seed_a.cmp(seed_b))
    });
    Ok((kept, tried))
}

/// The header of a section: its title, or the level's name, or `SE A..B`.
fn section_title(spec: &SectionSpec) -> String {
    match (&spec.title, spec.level, spec.se) {
        (Some(title), _, _) => title.clone(),
        (None, Some(level), _) => capitalised(level.name()),
        (None, None, Some(range)) => format!("SE {range}"),
        (None, None, None) => String::from("Puzzles"),
    }
}

/// The median SE estimate of a section's puzzles (the lower middle one of an even count).
fn median_se(kept: &[(u64, Made)]) -> f64 {
    let mut se: Vec<f64> = kept.iter().map(|(_, made)| made.se.unwrap_or(0.0)).collect();
    se.sort_by(f64::total_cmp);
    se.get(se.len().saturating_sub(1) / 2).copied().unwrap_or(0.0)
}
