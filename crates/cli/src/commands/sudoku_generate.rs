//! `tessera sudoku generate`: puzzles from [`tessera::sudoku::Generator`] on `--threads`
//! threads, each printed as soon as the ones before it are (seed order, so that the output does
//! not depend on the thread count), with at most a few puzzles per thread in flight: nothing
//! grows with `--count` but the output.
//!
//! The puzzle of index k + 1 comes from the seed `--seed` + k alone, so `--shard I/N` makes just
//! its share of the indices ([`tessera::xc::shard::Shard::range`]) and prints them exactly as the
//! whole run would: the shards' outputs, concatenated in order, are the whole run's.
//!
//! Every puzzle has a time budget, [`DEFAULT_TIMEOUT`] unless `--timeout` says otherwise, so
//! generation always ends; one that runs out prints `gave-up` in its place and a message naming
//! the budget and the flag that raises it. A level the size cannot reach (only easy for 4x4) is
//! refused before anything runs, and so are `--size` and `--boxes` that disagree. On a terminal,
//! a bar shows the puzzles done once the run takes more than half a second.
//!
//! **Formats.** Text (the puzzle's line), `--json` (= `--format json`: the detailed record),
//! and for publishers' bulk runs `--format csv` and `--format jsonl`, which share one record
//! ([`super::sudoku_records::BulkRecord`]: puzzle, solution, seed, level, score, se, clues,
//! hardest). CSV fields are
//! quoted by RFC 4180 when they hold a comma, a quote or a line break (none do today: the
//! writer is ready for technique names that would), so no CSV dependency is needed. The header
//! line is written by the whole run or by shard 0 only, so that shards still join byte for byte.
//!
//! **Filtering** (`--se`, `--unique-under-symmetry`, `--registry`). The puzzle of index k + 1 can no longer
//! come from seed SEED + k: candidates are made from SEED, SEED + 1, ... (on every thread, in
//! windows, as above), and the sink, which sees them in seed order, keeps those in the SE range
//! and not equivalent ([`tessera::sudoku::canonical`], computed on the workers) to one kept
//! before, until `--count` are kept. The output is therefore the same on any number of threads;
//! but which seeds a shard would start from depends on every puzzle before it, so `--shard` is
//! refused with these options. `--tries` (default 1000 per puzzle asked for) bounds the
//! candidates: a run that cannot find enough (4x4 has few classes; an SE range the generator
//! rarely reaches) ends with the puzzles it has, a message, and exit status 3. A candidate whose
//! own budget runs out counts as a try and is skipped.
//!
//! **The registry** (`--registry FILE`, [`super::collection`]) is checked in the sink, in seed
//! order: a candidate whose canonical form (computed on the workers) is in the file, from an
//! earlier run, another volume or a run going on at the same time, is skipped like an
//! equivalent one, and a kept puzzle's line is appended to the file before the puzzle is
//! printed, so that a run killed halfway has registered everything it printed.
//!
//! **Shaping** (`--clues`, `--mask`) is the generator's ([`tessera::sudoku::Generator::clues`],
//! [`tessera::sudoku::Generator::mask`]): each puzzle gets `--attempts` attempts, and one given up
//! on after them is explained by what its attempts were rejected for.

use std::collections::HashSet;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use tessera::common::registry::{Entry, Registry};
use tessera::sudoku::logic::Difficulty;
use tessera::sudoku::{
    check_canonical, registry_entry, Budget, GaveUp, Generated, Generator, Layout, Rejections,
};

use super::sudoku_records::{tenths, write_gave_up, write_one, CSV_HEADER};
use super::Status;
use crate::args::{GenerateFormat, SeRange, SudokuGenerateArgs, SudokuGridArgs};
use crate::ordered::map_in_order;
use crate::progress::Indicator;

/// The time budget of one puzzle when `--timeout` is not given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// Puzzles in flight at once, per thread: made but waiting for the ones before them.
const WINDOW_PER_THREAD: usize = 4;

/// The lowest `--se` minimum for which the generator digs for hard puzzles
/// ([`Generator::se_at_least`]) instead of drawing minimal ones.
const CLIMB_FROM: f64 = 9.0;

/// `tessera sudoku generate`
pub fn generate(args: &SudokuGenerateArgs) -> Result<Status> {
    let layout = layout(args)?;
    check_level(&layout, args.difficulty)?;
    let format = format(args)?;
    let filtering = args.unique_under_symmetry || args.se.is_some() || args.registry.registry.is_some();
    if filtering && args.shard.is_given() {
        bail!(
            "--shard cannot be combined with {}: which seeds make a shard's puzzles depends on every \
             puzzle before it; run the whole range on one machine (--threads uses its cores)",
            if args.unique_under_symmetry {
                "--unique-under-symmetry"
            } else if args.se.is_some() {
                "--se"
            } else {
                "--registry"
            }
        );
    }
    if args.tries.is_some() && !filtering {
        bail!(
            "--tries bounds the candidates of --se, --unique-under-symmetry and --registry; give one of them"
        );
    }
    if args.registry.registry.is_some() {
        super::collection::check_sudoku_registry(&layout)?;
    }
    if args.unique_under_symmetry {
        if let Err(err) = check_canonical(&layout) {
            bail!("--unique-under-symmetry: {err}");
        }
    }
    // No bound on attempts: the time budget (default or --timeout) bounds each puzzle.
    let mut generator = Generator::new(Arc::new(layout.clone()))
        .symmetry(args.symmetry)
        .minimal(args.minimal)
        .rated(format != GenerateFormat::Text || args.se.is_some())
        .jigsaw(args.grid.jigsaw)
        .attempts(u32::MAX);
    let level = args.difficulty.or_else(|| args.se.and_then(|range| se_level(range, args.minimal)));
    if let Some(level) = level {
        generator = generator.difficulty(level);
    }
    // Drawing minimal puzzles practically never gives SE 9.0 or more: dig for them instead.
    let climbing = args.se.is_some_and(|range| range.min >= CLIMB_FROM && level.is_none());
    if let Some(range) = args.se.filter(|_| climbing) {
        generator = generator.se_at_least(range.min as f32);
    }
    let generator = super::collection::shaped(generator, &args.shape, &layout, args.symmetry)?;
    let registry = args.registry.registry.as_deref().map(super::collection::open_registry).transpose()?;
    let first_seed = args.seed.unwrap_or_else(super::clock_seed);
    let mut out = BufWriter::new(io::stdout().lock());
    if format == GenerateFormat::Csv && args.shard.range(u64::MAX).start == 0 {
        writeln!(out, "{CSV_HEADER}")?;
        out.flush()?;
    }
    let run = Run { args, generator, first_seed, format, climbing };
    if filtering {
        run.filtered(&mut out, registry)
    } else {
        run.every_seed(&mut out)
    }
}

/// `--difficulty` refused before anything runs when the size cannot reach it (also `sudoku
/// book`'s).
pub(crate) fn check_level(layout: &Layout, level: Option<Difficulty>) -> Result<()> {
    let Some(level) = level else { return Ok(()) };
    let levels = Generator::levels(layout);
    if !levels.contains(&level) {
        let names: Vec<&str> = levels.iter().map(|level| level.name()).collect();
        bail!(
            "--difficulty {level}: no {0}x{0} puzzle is that hard; {0}x{0} puzzles can be made at {1}",
            layout.size(),
            names.join(", ")
        );
    }
    Ok(())
}

/// The level to generate at for an SE range when no --difficulty is given: easy (clues removed
/// only while singles solve the puzzle, which keeps the SE low) for a range below 2.0, where
/// the minimal puzzles of the default mode rarely fall; otherwise none (the default mode, whose
/// minimal puzzles spread over the whole scale). Measured in docs/performance.md.
pub(crate) fn se_level(range: SeRange, minimal: bool) -> Option<Difficulty> {
    (range.max < 2.0 && !minimal).then_some(Difficulty::Easy)
}

/// `--format`, with `--json` as its alias for `json`.
fn format(args: &SudokuGenerateArgs) -> Result<GenerateFormat> {
    match (args.format, args.output.json()) {
        (None, false) => Ok(GenerateFormat::Text),
        (None, true) | (Some(GenerateFormat::Json), _) => Ok(GenerateFormat::Json),
        (Some(format), false) => Ok(format),
        (Some(format), true) => bail!(
            "--json is --format json; it cannot be combined with --format {}",
            clap::ValueEnum::to_possible_value(&format).map_or_else(String::new, |v| v.get_name().to_owned())
        ),
    }
}

/// One run's settings.
struct Run<'a> {
    args: &'a SudokuGenerateArgs,
    generator: Generator,
    first_seed: u64,
    format: GenerateFormat,
    /// Digging for SE 9.0+ (`Generator::se_at_least`): a climb that stalls spends its whole
    /// budget, so the run as a whole gets `--count` times the per-puzzle budget (see `filtered`).
    climbing: bool,
}

impl Run<'_> {
    /// A fresh budget per puzzle: --timeout and --max-nodes are per puzzle. With the
    /// rejections of its attempts, which explain a puzzle given up on with --clues or --mask.
    fn make(&self, seed: u64) -> (Result<Generated, GaveUp>, Rejections) {
        self.generator.clone().budget(budget(self.args)).generate_tallied(seed)
    }

    /// The puzzle of index k + 1 from seed SEED + k, for every k of the run or the shard.
    fn every_seed(&self, out: &mut impl Write) -> Result<Status> {
        let args = self.args;
        let threads = args.threads.count();
        // Positions from 0 in the whole run of --count puzzles: all of them, or --shard's share.
        let share = args.shard.range(args.count);
        let puzzles = share.end - share.start;
        let start = Instant::now();
        let done = Arc::new(AtomicU64::new(0));
        let progress = (!args.output.no_progress && io::stderr().is_terminal())
            .then(|| Indicator::counting(done.clone(), puzzles, "puzzles".to_owned()));
        let mut status = Status::Done;
        let indices = share.map(|k| k + 1);
        let make = |index: u64| {
            let seed = self.first_seed.wrapping_add(index - 1);
            let (made, rejections) = self.make(seed);
            done.fetch_add(1, Ordering::Relaxed);
            (index, seed, made, rejections)
        };
        let written = map_in_order(
            threads,
            WINDOW_PER_THREAD * threads,
            indices,
            make,
            |(index, seed, made, rejections)| {
                match made {
                    Ok(made) => write_one(out, index, &made, self.format)?,
                    Err(reason) => {
                        write_gave_up(out, index, seed, reason, self.format)?;
                        super::report::note(&format!(
                            "gave up on puzzle {index} (seed {seed}): {}",
                            gave_up_message(args, reason, &rejections)
                        ));
                        status = Status::GaveUp;
                    }
                }
                // Each puzzle is written through: one can take seconds.
                out.flush()?;
                anyhow::Ok(true)
            },
        );
        if let Some(progress) = progress {
            progress.stop();
        }
        written?;
        if args.output.stats {
            super::report::note(&format!(
                "puzzles={puzzles} seconds={:.3} threads={threads}",
                start.elapsed().as_secs_f64()
            ));
        }
        Ok(status)
    }

    /// Candidates from SEED, SEED + 1, ..., kept while they pass --se,
    /// --unique-under-symmetry and --registry, until --count are kept or --tries are made.
    fn filtered(&self, out: &mut impl Write, mut registry: Option<Registry>) -> Result<Status> {
        let args = self.args;
        let threads = args.threads.count();
        let wanted = args.count;
        let tries = args.tries.unwrap_or_else(|| wanted.saturating_mul(1000));
        let start = Instant::now();
        let done = Arc::new(AtomicU64::new(0));
        let progress = (!args.output.no_progress && io::stderr().is_terminal())
            .then(|| Indicator::counting(done.clone(), wanted, "puzzles".to_owned()));
        let unique = args.unique_under_symmetry;
        let keyed = unique || registry.is_some();
        // On the workers: the candidate, and its canonical form (the registry's line) when it
        // is needed.
        // Digging, every candidate may spend its whole budget and stall below the SE asked: the
        // run then ends at --count times the per-puzzle time (each candidate gets what is left of
        // it), not after --tries candidates of a full budget each (hours).
        let per_puzzle = args.budget.timeout.unwrap_or(DEFAULT_TIMEOUT);
        let deadline = self
            .climbing
            .then(|| start + per_puzzle.saturating_mul(u32::try_from(wanted).unwrap_or(u32::MAX)));
        let mut timed_out = false;
        let make = |k: u64| {
            let seed = self.first_seed.wrapping_add(k);
            let (made, rejections) = match deadline {
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now()).min(per_puzzle);
                    if left.is_zero() {
                        (Err(GaveUp::Deadline), Rejections::default())
                    } else {
                        self.generator
                            .clone()
                            .budget(budget(self.args).with_timeout(left))
                            .generate_tallied(seed)
                    }
                }
                None => self.make(seed),
            };
            let key = match &made {
                Ok(made) if keyed => Some(registry_entry(&made.puzzle, &made.solution)),
                _ => None,
            };
            (seed, made, key, rejections)
        };
        let mut seen: HashSet<Entry> = HashSet::new();
        let (mut kept, mut made_count, mut outside, mut equivalent, mut ran_out, mut registered) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        let written = map_in_order(
            threads,
            WINDOW_PER_THREAD * threads,
            0..tries,
            make,
            |(seed, made, key, rejections)| {
                // The first candidate back after the run's deadline still counts; the rest stop
                // the run (they come back at once, cut short).
                if timed_out {
                    return anyhow::Ok(false);
                }
                timed_out = deadline.is_some_and(|deadline| Instant::now() >= deadline);
                made_count += 1;
                let made = match made {
                    Ok(made) => made,
                    Err(reason) => {
                        ran_out += 1;
                        if args.output.stats {
                            super::report::note(&format!(
                                "skipped seed {seed}: {}",
                                gave_up_message(args, reason, &rejections)
                            ));
                        }
                        return anyhow::Ok(true);
                    }
                };
                if let Some(range) = args.se {
                    let se = made.rating.as_ref().map_or(0.0, |r| tenths(r.se));
                    if !range.contains(se) {
                        outside += 1;
                        return Ok(true);
                    }
                }
                if let Some(key) = key {
                    let key = key?;
                    if unique && !seen.insert(key.clone()) {
                        equivalent += 1;
                        return Ok(true);
                    }
                    // Appended before the puzzle is printed: what is printed is registered.
                    if let Some(registry) = registry.as_mut() {
                        if !registry.insert(&key)? {
                            registered += 1;
                            return Ok(true);
                        }
                    }
                }
                kept += 1;
                done.fetch_add(1, Ordering::Relaxed);
                write_one(out, kept, &made, self.format)?;
                out.flush()?;
                Ok(kept < wanted)
            },
        );
        if let Some(progress) = progress {
            progress.stop();
        }
        written?;
        if args.output.stats {
            super::report::note(&format!(
                "puzzles={kept} candidates={made_count} outside-se={outside} equivalent={equivalent} \
                 in-registry={registered} gave-up={ran_out} seconds={:.3} threads={threads}",
                start.elapsed().as_secs_f64()
            ));
        }
        if kept == wanted {
            return Ok(Status::Done);
        }
        let mut why = Vec::new();
        if let Some(range) = args.se {
            why.push(format!("{outside} outside --se {range}"));
        }
        if unique {
            why.push(format!("{equivalent} equivalent to one made before"));
        }
        if let Some(registry) = &registry {
            why.push(format!("{registered} already in {}", registry.path().display()));
        }
        if ran_out > 0 {
            why.push(format!("{ran_out} ran out of their budget ({})", budget_flags(args)));
        }
        if timed_out {
            why.push(format!(
                "then the run's time ran out ({wanted} puzzles x {} s: digging for SE {} and more \
                 stalls below it on most seeds)",
                per_puzzle.as_secs_f64(),
                args.se.map_or(0.0, |range| range.min)
            ));
        }
        super::report::note(&format!(
            "gave up after {made_count} candidates (seeds {} to {}): made {kept} of {wanted} puzzles; \
             of the candidates, {}; raise --tries N (now {tries}){}",
            self.first_seed,
            self.first_seed.wrapping_add(made_count.saturating_sub(1)),
            why.join(", "),
            if ran_out > 0 {
                ", or the per-candidate budget (--timeout SECONDS, --max-nodes N)"
            } else if equivalent > 0 && args.se.is_none() {
                ", or ask for fewer: small grids have few classes"
            } else {
                ""
            }
        ));
        Ok(Status::GaveUp)
    }
}

/// The per-candidate budget in words, for the give-up message.
fn budget_flags(args: &SudokuGenerateArgs) -> String {
    match (args.budget.timeout, args.budget.max_nodes) {
        (None, None) => format!("the default {} s each", DEFAULT_TIMEOUT.as_secs()),
        (Some(timeout), None) => format!("--timeout {}", timeout.as_secs_f64()),
        (None, Some(nodes)) => format!("--max-nodes {nodes}"),
        (Some(timeout), Some(nodes)) => format!("--timeout {}, --max-nodes {nodes}", timeout.as_secs_f64()),
    }
}

/// The layout of `--size`, `--boxes` and `--x`; contradicting flags are refused.
fn layout(args: &SudokuGenerateArgs) -> Result<Layout> {
    layout_of(&args.grid)
}

/// The layout of `--size`, `--boxes` and `--x` (also `sudoku book`'s). With `--jigsaw`, a
/// jigsaw layout of the size whose regions are the rows: the generator draws the real regions
/// per puzzle (see [`Generator::jigsaw`]); this one only says the size, the diagonals and the
/// levels on offer.
pub(crate) fn layout_of(grid: &SudokuGridArgs) -> Result<Layout> {
    let (size, x) = (grid.size, grid.x);
    let mut layout = match grid.boxes.as_deref() {
        _ if grid.jigsaw => {
            let size = size.unwrap_or(9);
            Layout::jigsaw(size, (0..size * size).map(|cell| (cell / size) as u8).collect())?
        }
        Some(boxes) => {
            let shape = boxes
                .split_once(['x', 'X'])
                .and_then(|(rows, cols)| Some((rows.parse::<usize>().ok()?, cols.parse::<usize>().ok()?)));
            let Some((rows, cols)) = shape else {
                bail!("--boxes {boxes:?}: expected ROWSxCOLS, e.g. 3x2");
            };
            if let Some(size) = size.filter(|&size| size != rows * cols) {
                bail!(
                    "--size {size} and --boxes {boxes} disagree: boxes of {rows}x{cols} make a {0}x{0} grid; \
                     give --boxes alone, or boxes of {size} cells for --size {size}",
                    rows * cols
                );
            }
            Layout::boxes(rows, cols)?
        }
        None => Layout::classic(size.unwrap_or(9))?,
    };
    if x {
        layout = layout.with_diagonals();
    }
    Ok(layout)
}

/// The budget of one puzzle: `--max-nodes`, and `--timeout` or [`DEFAULT_TIMEOUT`].
fn budget(args: &SudokuGenerateArgs) -> Budget {
    let budget = super::budget(&args.budget);
    if args.budget.timeout.is_none() {
        budget.with_timeout(DEFAULT_TIMEOUT)
    } else {
        budget
    }
}

/// Which budget ran out, and the flag that raises it; or why the attempts of --clues or --mask
/// were all rejected.
fn gave_up_message(args: &SudokuGenerateArgs, reason: GaveUp, rejections: &Rejections) -> String {
    if reason == GaveUp::NodeLimit && args.budget.max_nodes.is_none() {
        let level = args.difficulty.map(Difficulty::name);
        if let Some(message) = super::collection::shaping_gave_up(&args.shape, rejections, level) {
            return message;
        }
    }
    match (reason, args.budget.timeout, args.budget.max_nodes) {
        (GaveUp::Deadline, None, _) => format!(
            "the default time budget of {} s per puzzle ran out; raise it with --timeout SECONDS",
            DEFAULT_TIMEOUT.as_secs()
        ),
        (GaveUp::Deadline, Some(timeout), _) => format!(
            "--timeout {} s per puzzle ran out; raise it with --timeout SECONDS",
            timeout.as_secs_f64()
        ),
        (GaveUp::NodeLimit, _, Some(nodes)) => {
            format!("--max-nodes {nodes} ran out in one search; raise it with --max-nodes N")
        }
        (reason, _, _) => reason.to_string(),
    }
}
