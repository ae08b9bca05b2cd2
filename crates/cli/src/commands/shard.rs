//! The sharded count shared by `xc count`, `tiling count` and `queens --count` (`--shard`,
//! `--checkpoint`, `--manifest`), and `tessera merge`. The work is `tessera_xc::shard`'s; this
//! module turns its manifest into output and exit statuses.

use std::io::{self, Write};
use std::path::Path;

use anyhow::Result;
use serde::Serialize;
use tessera::xc::shard::{self, Manifest, MergeError, RunOptions, Shard, ShardError, Tree};
use tessera::xc::Budget;

use super::report::note;
use super::Status;
use crate::args::{MergeArgs, OutputArgs, ShardArgs};
use crate::input::BadInput;

/// Why `tiling count` and `queens --count` refuse the shard flags with `--engine xc`.
pub const BITS_ONLY: &str = "--shard, --checkpoint and --manifest count with the bits engine, not \
    --engine xc (for the exact-cover route, write the problem in DLX format and shard `tessera xc count`)";

/// Counts the shard `args` names of `tree` and reports it: the manifest (to `--manifest`, and on
/// standard output with `--json`), or this shard's number of solutions.
pub fn count<T: Tree>(
    tree: &T,
    args: &ShardArgs,
    threads: usize,
    budget: Budget,
    output: &OutputArgs,
) -> Result<Status> {
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let mut options = RunOptions::new(shard);
    options.threads = threads;
    options.budget = budget;
    options.checkpoint.clone_from(&args.checkpoint);
    if let Some(every) = args.checkpoint_every {
        options.checkpoint_every = every;
    }
    // SIGTERM and SIGINT cancel the budget; the run then saves the checkpoint (see `watch`).
    let interrupt = super::watch::Interrupt::install()?;
    options.budget = options.budget.with_cancel(interrupt.flag());
    let progress = shard::RunProgress::new();
    options.progress = Some(progress.clone());
    let watch = super::watch::Watch::start(&progress, shard, args.progress, output.no_progress);
    let ran = shard::run(tree, &options);
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
        Err(error) => return Err(error.into()),
    };
    if let Some(path) = &args.manifest {
        write_atomically(path, &(serde_json::to_string_pretty(&manifest)? + "\n"))?;
    }
    if output.stats {
        note(&format!(
            "shard={shard} prefixes={} of {} nodes={} seconds={:.3} plan_seconds={:.3} threads={threads} engine={}",
            manifest.prefix_count(),
            manifest.split.prefixes,
            manifest.nodes,
            manifest.seconds,
            manifest.plan_seconds,
            manifest.engine
        ));
    }
    let gave_up = manifest.outcome != "exhausted";
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
            "shard {shard} gave up ({}) after {} of its prefixes: {resume}",
            manifest.reason.as_deref().unwrap_or("?"),
            manifest.prefix_count()
        ));
        return Ok(Status::GaveUp);
    }
    if shard.of > 1 && args.manifest.is_none() && !output.json() {
        note(&format!(
            "this is shard {shard} only: give --manifest FILE (or --json) to merge it with the others"
        ));
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
