//! The sharded count shared by `xc count`, `tiling count` and `queens --count` (`--shard`,
//! `--plan` with `--part` or `--prefixes`, `--checkpoint`, `--manifest`), the plans of `xc plan`,
//! `tiling plan` and `queens --parts`, and `tessera merge`. The work is `tessera_xc::shard`'s;
//! this module reads and writes the files, and turns the manifest into output and exit statuses.
//! Every file it will write is tried first (`writable`), so that a missing folder or a
//! read-only path fails at once, naming the path, and not after hours of counting.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Result;
use serde::Serialize;
use tessera::xc::shard::{self, Manifest, MergeError, Plan, RunOptions, Shard, ShardError, Tree};
use tessera::xc::Budget;

use super::report::note;
use super::Status;
use crate::args::{MergeArgs, OutputArgs, ShardArgs};
use crate::input::BadInput;

/// Why `tiling count` and `queens --count` refuse the shard flags with `--engine xc`.
pub const BITS_ONLY: &str =
    "--shard, --plan, --parts, --checkpoint and --manifest count with the bits engine, not \
    --engine xc (for the exact-cover route, write the problem in DLX format and shard `tessera xc count`)";

/// Plans `tree` once for `parts` parts and writes the plan to `output` (standard output if
/// none).
pub fn plan<T: Tree>(
    tree: &T,
    parts: u32,
    output: Option<&Path>,
    threads: usize,
    budget: &Budget,
    stats: bool,
) -> Result<Status> {
    if let Some(path) = output {
        writable(path)?;
    }
    let plan = match Plan::new(tree, parts, threads, budget) {
        Ok(plan) => plan,
        Err(reason) => {
            note(&format!("gave up ({reason}) while planning: no plan was written"));
            return Ok(Status::GaveUp);
        }
    };
    match output {
        Some(path) => write_atomically(path, &plan.to_json())?,
        None => io::stdout().write_all(plan.to_json().as_bytes())?,
    }
    if stats {
        note(&format!(
            "parts={parts} prefixes={} depth={} probes={} seconds={:.3} engine={}",
            plan.prefixes.len(),
            plan.split.depth,
            plan.probes,
            plan.seconds,
            plan.engine
        ));
    }
    Ok(Status::Done)
}

/// Reads and checks the plan at `path`; its errors name the file.
fn read_plan(path: &Path) -> Result<Plan> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| BadInput { name: name.clone(), message: e.to_string() })?;
    Ok(Plan::from_json(&text).map_err(|e| BadInput { name, message: e.to_string() })?)
}

/// Counts the shard `args` names of `tree` and reports it: the manifest (to `--manifest`, and on
/// standard output with `--json`), or this shard's number of solutions.
pub fn count<T: Tree>(
    tree: &T,
    args: &ShardArgs,
    threads: usize,
    budget: Budget,
    output: &OutputArgs,
) -> Result<Status> {
    for path in [&args.manifest, &args.prefix_times].into_iter().flatten() {
        writable(path)?;
    }
    let plan = match &args.plan {
        Some(path) => Some(read_plan(path)?),
        None => None,
    };
    let shard = match (&plan, args.part) {
        (Some(plan), Some(part)) => {
            Shard::new(u32::try_from(part).unwrap_or(u32::MAX), plan.parts).map_err(|_| BadInput {
                name: args.plan.as_deref().map(|p| p.display().to_string()).unwrap_or_default(),
                message: shard::PlanError::Part { part, parts: plan.parts }.to_string(),
            })?
        }
        _ => args.shard.unwrap_or(Shard::WHOLE),
    };
    let mut options = RunOptions::new(shard);
    options.threads = threads;
    options.budget = budget;
    options.checkpoint.clone_from(&args.checkpoint);
    options.prefix_times.clone_from(&args.prefix_times);
    if let Some(every) = args.checkpoint_every {
        options.checkpoint_every = every;
    }
    // SIGTERM and SIGINT cancel the budget; the run then saves the checkpoint (see `watch`).
    let interrupt = super::watch::Interrupt::install()?;
    options.budget = options.budget.with_cancel(interrupt.flag());
    let progress = shard::RunProgress::new();
    options.progress = Some(progress.clone());
    let watch = super::watch::Watch::start(&progress, shard, args.progress, output.no_progress);
    let ran = match (&plan, &args.prefixes) {
        (None, _) => shard::run(tree, &options),
        (Some(plan), Some(indices)) => {
            shard::run_prefixes(tree, plan, &indices.0, indices.0.contains(&0), &options)
        }
        (Some(plan), None) if args.part.is_some() => shard::run_planned(tree, plan, &options),
        (Some(_), None) => anyhow::bail!("--plan needs --part I (a part of the plan) or --prefixes LIST"),
    };
    drop(watch);
    if let Some(status) = interrupted(&interrupt, &ran, args) {
        return Ok(status);
    }
    let manifest = match ran {
        Ok(manifest) => manifest,
        Err(ShardError::Plan(reason)) => {
            note(&format!("gave up ({reason}) while splitting the tree: nothing was counted"));
            return Ok(Status::GaveUp);
        }
        Err(error @ ShardError::Checkpoint { .. }) => {
            let name = args.checkpoint.as_deref().map_or_else(String::new, |p| p.display().to_string());
            return Err(BadInput { name, message: error.to_string() }.into());
        }
        Err(error @ ShardError::PrefixTimes { .. }) => {
            let name = args.prefix_times.as_deref().map_or_else(String::new, |p| p.display().to_string());
            return Err(BadInput { name, message: error.to_string() }.into());
        }
        Err(ShardError::Invalid(error)) => {
            let name = args.plan.as_deref().map_or_else(String::new, |p| p.display().to_string());
            return Err(BadInput { name, message: error.to_string() }.into());
        }
        Err(error) => return Err(error.into()),
    };
    if let Some(path) = &args.manifest {
        write_atomically(path, &(serde_json::to_string_pretty(&manifest)? + "\n"))?;
    }
    if output.stats {
        note(&format!(
            "shard={} prefixes={} of {} nodes={} seconds={:.3} plan_seconds={:.3} threads={threads} engine={}",
            manifest.shard.map_or_else(|| "batch".to_owned(), |part| format!("{part}/{}", manifest.shards)),
            manifest.prefix_count(),
            manifest.split.prefixes,
            manifest.nodes,
            manifest.seconds,
            manifest.plan_seconds,
            manifest.engine
        ));
    }
    let gave_up = manifest.outcome != "exhausted";
    let label = match manifest.shard {
        Some(part) => format!("shard {part}/{}", manifest.shards),
        None => format!("a batch of {} prefixes", manifest.prefix_count()),
    };
    if output.json() {
        writeln!(io::stdout(), "{}", serde_json::to_string(&manifest)?)?;
    } else if !gave_up {
        writeln!(io::stdout(), "{}", manifest.solutions)?;
    }
    if gave_up {
        let resume = match &args.checkpoint {
            Some(path) => format!("run it again with --checkpoint {} to resume", path.display()),
            None => "with --checkpoint FILE, a rerun resumes".to_owned(),
        };
        note(&format!(
            "{label} gave up ({}) after {} of its prefixes: {resume}",
            manifest.reason.as_deref().unwrap_or("?"),
            manifest.prefix_count()
        ));
        return Ok(Status::GaveUp);
    }
    if (shard.of > 1 || args.prefixes.is_some()) && args.manifest.is_none() && !output.json() {
        note(&format!("this is {label} only: give --manifest FILE (or --json) to merge it with the others"));
    }
    Ok(Status::Done)
}

/// The message and status of a count a signal stopped, if one did (the checkpoint is saved by
/// then: `run` saves it before it returns).
fn interrupted(
    interrupt: &super::watch::Interrupt,
    ran: &Result<Manifest, ShardError>,
    args: &ShardArgs,
) -> Option<Status> {
    let (name, status) = interrupt.received()?;
    if matches!(ran, Err(ShardError::Checkpoint { .. })) {
        return None; // Reported as any checkpoint error.
    }
    let kept = match (ran, &args.checkpoint) {
        (Ok(manifest), Some(path)) => format!(
            "{} finished prefixes of this shard are saved in {}; run the same command again to resume",
            manifest.prefix_count(),
            path.display()
        ),
        (Err(ShardError::Plan(_)), _) => "it was still splitting the tree: nothing was counted".to_owned(),
        (_, None) | (Err(_), _) => {
            "nothing was saved (with --checkpoint FILE, finished prefixes are kept)".to_owned()
        }
    };
    super::report::error(&format!("interrupted by {name}: {kept}"));
    Some(Status::Interrupted(status))
}

/// The `tessera merge --json` object: the merged count's fields, and the balance.
#[derive(Debug, Serialize)]
struct MergedReport<'a> {
    #[serde(flatten)]
    merged: &'a shard::Merged,
    /// The slowest shard's counting time over the mean: 1 is a perfect balance.
    max_over_mean: f64,
}

/// `tessera merge MANIFEST...`
pub fn merge(args: &MergeArgs) -> Result<Status> {
    let mut manifests = Vec::with_capacity(args.manifests.len());
    for path in &args.manifests {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| BadInput { name: name.clone(), message: e.to_string() })?;
        let manifest: Manifest = serde_json::from_str(&text)
            .map_err(|e| BadInput { name: name.clone(), message: format!("not a shard manifest: {e}") })?;
        manifests.push(manifest);
    }
    let merged = shard::merge(&manifests).map_err(|error| BadInput {
        name: "merge".to_owned(),
        message: with_file_names(&error, &args.manifests),
    })?;
    if args.json.json {
        let mean = merged.seconds.iter().sum::<f64>() / merged.seconds.len().max(1) as f64;
        let max = merged.seconds.iter().copied().fold(0.0, f64::max);
        let report =
            MergedReport { merged: &merged, max_over_mean: if mean > 0.0 { max / mean } else { 1.0 } };
        writeln!(io::stdout(), "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(io::stdout(), "{}", merged.solutions)?;
    }
    Ok(Status::Done)
}

/// The merge error, with manifests named by their files rather than their positions.
fn with_file_names(error: &MergeError, files: &[std::path::PathBuf]) -> String {
    let name = |position: usize| {
        files.get(position).map_or_else(|| position.to_string(), |f| f.display().to_string())
    };
    match error {
        MergeError::Format { position, shard, format, expected } => {
            format!("{} (shard {shard}) is of format {format:?}, not {expected:?}", name(*position))
        }
        MergeError::Mismatch { position, shard, what, theirs, ours } => format!(
            "{} (shard {shard}) is of another count than {}: its {what} is {theirs}, not {ours}",
            name(*position),
            name(0)
        ),
        MergeError::Doubled { shard, first, second } => {
            format!("shard {shard} is given twice: {} and {}", name(*first), name(*second))
        }
        MergeError::Overlap { prefix, first, first_shard, second, second_shard } => format!(
            "prefix {prefix} is counted twice: by {} ({first_shard}) and {} ({second_shard})",
            name(*first),
            name(*second)
        ),
        other => other.to_string(),
    }
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    std::fs::write(&temporary, text)?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// Fails at once, naming `path`, if a file cannot be written there (a missing folder, a
/// read-only one): tried by creating and removing the temporary file the write will use.
pub fn writable(path: &Path) -> Result<()> {
    let name = path.display().to_string();
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let fail = |e: io::Error| BadInput { name: name.clone(), message: format!("cannot be written: {e}") };
    if path.is_dir() {
        return Err(BadInput { name, message: "is a folder, not a file".to_owned() }.into());
    }
    std::fs::File::create(&temporary).map_err(fail)?;
    let _ = std::fs::remove_file(&temporary);
    Ok(())
}
