//! `tessera hidato generate`: puzzles from [`tessera::hidato::Generator`] over the shapes of a
//! file or a rectangle, one after another (`--count` per shape; the puzzle at position k from 0
//! of the whole run, index k + 1, from the seed SEED + k), with a progress bar on long runs.
//!
//! Each puzzle depends only on its seed and shape, so `--shard I/N` makes just its share of the
//! positions ([`tessera::xc::shard::Shard::range`]) with the whole run's seeds and indices. JSON
//! lines concatenate as they are. Every puzzle is written as it is made, and none is kept. The
//! text format may open with the number of puzzles, which a run cannot know before its last
//! puzzle (one may be given up on): only a single puzzle opens with it (`1`); several, and any
//! shard, leave it out (the readers do not need it), so that the shards concatenated in order
//! are the whole run's puzzles, one readable file.
//!
//! With `--registry FILE` ([`super::collection`]) a puzzle whose canonical form (board
//! symmetries and reversed numbering, [`tessera::hidato::registry_entry`]) is in the file is
//! skipped and the next seed tried, so the seeds no longer follow the positions: `--shard` is
//! refused with it, and each puzzle may try [`REGISTRY_TRIES`] seeds before it is given up on.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::Instant;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use tessera::hidato::{to_text, Adjacency, GaveUp, Generated, Generator, Hidato};

use super::hidato::read;
use super::Status;
use crate::args::HidatoGenerateArgs;
use crate::input::BadInput;

/// Seeds a puzzle may try with `--registry` before it is given up on.
pub(crate) const REGISTRY_TRIES: u64 = 1_000;

/// One line of `--json`.
#[derive(Debug, Serialize)]
struct Record<'a> {
    /// The puzzle's position in the output, from 1.
    index: u64,
    seed: u64,
    difficulty: &'static str,
    attempts: u32,
    givens: usize,
    puzzle: &'a Hidato,
    solution: &'a Hidato,
}

/// `tessera hidato generate`
pub fn generate(args: &HidatoGenerateArgs) -> Result<Status> {
    let adjacency = if args.numbrix { Adjacency::Orthogonal } else { Adjacency::King };
    let shapes: Vec<Hidato> = match &args.shape {
        Some(path) => {
            let (name, shapes) = read(path, args.numbrix)?;
            let shapes: Vec<Hidato> =
                shapes.into_iter().map(|shape| shape.with_adjacency(adjacency)).collect();
            // A shape with no path at all is bad input, said at once with the reason.
            for (i, shape) in shapes.iter().enumerate() {
                if let Some(reason) = Generator::new(shape.clone()).no_path() {
                    let which = if shapes.len() > 1 { format!("shape {}: ", i + 1) } else { String::new() };
                    let kind = if args.numbrix { "Numbrix" } else { "Hidato" };
                    return Err(BadInput {
                        name,
                        message: format!("{which}no {kind} path exists: {reason}"),
                    }
                    .into());
                }
            }
            shapes
        }
        None => vec![rectangle(args.size.as_deref().unwrap_or("7x7"), adjacency)?],
    };
    let first_seed = args.seed.unwrap_or_else(super::clock_seed);
    let generators: Vec<Generator> = shapes
        .into_iter()
        .map(|shape| {
            let generator = Generator::new(shape).keep_ends(args.keep_ends);
            match args.difficulty {
                Some(level) => generator.difficulty(level),
                None => generator,
            }
        })
        .collect();
    // Positions from 0 in the whole run, shape after shape: all of them, or --shard's share.
    let total = args.count.saturating_mul(generators.len() as u64);
    let share = args.shard.range(total);
    let puzzles = share.end - share.start;
    let progress = progress_bar(args, puzzles);
    let json = args.output.json();
    if args.registry.registry.is_some() && args.shard.is_given() {
        bail!(
            "--shard cannot be combined with --registry: which seeds make a shard's puzzles depends on every \
             puzzle before it"
        );
    }
    let mut registry = args.registry.registry.as_deref().map(super::collection::open_registry).transpose()?;
    // With a registry the seeds go on past the ones skipped.
    let mut next_seed = first_seed;
    let start = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = Status::Done;
    // A single puzzle's text opens with the count line, as ever; several stream without it, each
    // written as it is made (the readers need no count line, which could not be known before the
    // last puzzle: one may be given up on).
    let single = puzzles == 1 && !args.shard.is_given();
    let mut held: Option<Hidato> = None;
    for k in share.clone() {
        let index = k + 1;
        // k < count * shapes (or less, saturated), so there is always a shape k / count.
        let shape = usize::try_from(k / args.count).ok().and_then(|shape| generators.get(shape));
        let Some(generator) = shape else {
            bail!("internal error: puzzle {index} of {total} has no shape");
        };
        // A fresh budget per puzzle: --timeout and --max-nodes are per puzzle.
        let (seed, made) = match registry.as_mut() {
            None => {
                let seed = first_seed.wrapping_add(k);
                (seed, generator.clone().budget(super::budget(&args.budget)).generate(seed))
            }
            Some(registry) => {
                let (seed, made) = registered(generator, &args.budget, registry, next_seed)?;
                next_seed = seed.wrapping_add(1);
                (seed, made)
            }
        };
        match made {
            Ok(generated) if json => write_json(&mut out, index, &generated)?,
            Ok(generated) if single => held = Some(generated.puzzle),
            Ok(generated) => {
                write!(out, "{}", generated.puzzle)?;
                out.flush()?;
            }
            Err(reason) => {
                if json {
                    let record = super::report::GaveUpRecord::new(index, seed, reason);
                    writeln!(out, "{}", serde_json::to_string(&record)?)?;
                }
                out.flush()?;
                super::report::note(&format!(
                    "gave up on puzzle {index} (seed {seed}): {}",
                    gave_up_message(args, reason)
                ));
                status = Status::GaveUp;
            }
        }
        if let Some(bar) = &progress {
            bar.set_position(k + 1 - share.start);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if let Some(puzzle) = held.filter(|_| !json) {
        write!(out, "{}", to_text(&[puzzle]))?;
    }
    out.flush()?;
    if args.output.stats {
        super::report::note(&format!("puzzles={puzzles} seconds={:.3}", start.elapsed().as_secs_f64()));
    }
    Ok(status)
}

/// The first puzzle from `seed` on that is not in `registry` (now added to it), and its seed; a
/// seed that gives up ends the search with it, and [`REGISTRY_TRIES`] seeds all in the registry
/// give up too.
fn registered(
    generator: &Generator,
    budget: &crate::args::BudgetArgs,
    registry: &mut tessera::common::registry::Registry,
    seed: u64,
) -> Result<(u64, Result<Generated, GaveUp>)> {
    for tried in 0..REGISTRY_TRIES {
        let seed = seed.wrapping_add(tried);
        let made = generator.clone().budget(super::budget(budget)).generate(seed);
        if let Ok(made) = &made {
            if !registry.insert(&tessera::hidato::registry_entry(&made.puzzle))? {
                continue;
            }
        }
        return Ok((seed, made));
    }
    super::report::note(&format!(
        "seeds {seed} to {} made only puzzles already in {}",
        seed.wrapping_add(REGISTRY_TRIES - 1),
        registry.path().display()
    ));
    Ok((seed.wrapping_add(REGISTRY_TRIES - 1), Err(GaveUp::NodeLimit)))
}

/// Which budget ran out, and the flag that raises it (as `sudoku generate` says it).
fn gave_up_message(args: &HidatoGenerateArgs, reason: GaveUp) -> String {
    match (reason, args.budget.timeout, args.budget.max_nodes) {
        (GaveUp::Deadline, Some(timeout), _) => format!(
            "--timeout {} s per puzzle ran out; raise it with --timeout SECONDS",
            timeout.as_secs_f64()
        ),
        (GaveUp::NodeLimit, _, Some(nodes)) => {
            format!("--max-nodes {nodes} ran out in one search; raise it with --max-nodes N")
        }
        (GaveUp::NodeLimit, _, None) => {
            "no puzzle of this level was found in the attempts allowed; try another --seed or level"
                .to_owned()
        }
        (reason, _, _) => reason.to_string(),
    }
}

/// A full rectangle from `WxH`.
pub(crate) fn rectangle(size: &str, adjacency: Adjacency) -> Result<Hidato> {
    let parsed = size.split_once(['x', 'X']).and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    let Some((width, height)) = parsed else {
        bail!("--size {size:?}: expected WIDTHxHEIGHT, e.g. 7x7");
    };
    let (width, height): (usize, usize) = (width, height);
    if width == 0 || height == 0 || width > tessera::hidato::MAX_SIDE || height > tessera::hidato::MAX_SIDE {
        bail!("--size {size:?}: width and height go from 1 to {}", tessera::hidato::MAX_SIDE);
    }
    Ok(Hidato::new(width, height, vec![0; width * height], adjacency)?)
}

fn write_json(out: &mut impl Write, index: u64, made: &Generated) -> Result<()> {
    let record = Record {
        index,
        seed: made.seed,
        difficulty: made.difficulty.name(),
        attempts: made.attempts,
        givens: made.puzzle.givens(),
        puzzle: &made.puzzle,
        solution: &made.solution,
    };
    writeln!(out, "{}", serde_json::to_string(&record)?)?;
    out.flush()?;
    Ok(())
}

/// A bar on standard error for runs of several puzzles, when it is a terminal.
fn progress_bar(args: &HidatoGenerateArgs, total: u64) -> Option<ProgressBar> {
    if args.output.no_progress || total < 2 || !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template("[{elapsed_precise}] {bar:40} {pos}/{len} puzzles, eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}
