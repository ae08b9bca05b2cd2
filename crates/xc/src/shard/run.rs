//! Running one part of a count: take the prefixes (planned here, or rebuilt from a plan made
//! once elsewhere), resume from the checkpoint, count them (on a pool of threads), save as it
//! goes, and write the manifest. A part is a plan's part, or any set of its prefixes (work
//! handed out on demand, a batch at a time).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::manifest::{ranges, Checkpoint};
use super::{Manifest, Plan, PlanError, Shard, Tree};
use crate::budget::{Budget, GaveUp};
use crate::search::Outcome;

/// How to run a shard.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Which shard of how many ([`run`], [`run_planned`]; [`run_part`] and [`run_prefixes`] are
    /// told their work otherwise).
    pub shard: Shard,
    /// Threads for the plan and the count (the result does not depend on them).
    pub threads: usize,
    /// The budget of the whole run; a prefix cut short by it is not recorded, and is counted
    /// again from its start by the next run.
    pub budget: Budget,
    /// Where progress is saved and resumed from.
    pub checkpoint: Option<PathBuf>,
    /// How often progress is saved (at the end of a prefix, once this much time has passed).
    pub checkpoint_every: Duration,
    /// Counters for a progress display, updated as prefixes finish (see [`RunProgress`]).
    pub progress: Option<Arc<RunProgress>>,
    /// A file to append one CSV line to as each prefix finishes,
    /// `index,solutions,nodes,seconds,cpu_seconds`: its counting time on its thread by the clock
    /// and by the thread's CPU clock (Linux; empty elsewhere), the rebuild and the process's
    /// start-up not included; a header line when the file is new or empty. The per-prefix costs
    /// that `scripts/simulate-scale.py` schedules. Written as prefixes finish, so a killed run
    /// keeps the lines of every prefix done; a resumed run appends the prefixes it counts (one
    /// counted again after a kill appears twice).
    pub prefix_times: Option<PathBuf>,
}

/// A shard's progress as it runs, for a thread that displays it: set once the plan is made (the
/// shard's prefixes, those resumed from the checkpoint counted as done) and at the end of each
/// prefix. All zero while planning.
#[derive(Debug, Default)]
pub struct RunProgress {
    planned: AtomicBool,
    done: AtomicU64,
    total: AtomicU64,
    solutions: AtomicU64,
}

impl RunProgress {
    /// Fresh counters.
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Whether the plan is made (before: the tree is being split and estimated).
    pub fn planned(&self) -> bool {
        self.planned.load(Ordering::Acquire)
    }

    /// The shard's prefixes finished (resumed ones included) and in all.
    pub fn prefixes(&self) -> (u64, u64) {
        (self.done.load(Ordering::Relaxed), self.total.load(Ordering::Relaxed))
    }

    /// Solutions in the finished prefixes (the top's too, for shard 0).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }
}

impl RunOptions {
    /// Shard `shard` on one thread, no budget, no checkpoint.
    pub fn new(shard: Shard) -> Self {
        RunOptions {
            shard,
            threads: 1,
            budget: Budget::unlimited(),
            checkpoint: None,
            checkpoint_every: Duration::from_secs(30),
            progress: None,
            prefix_times: None,
        }
    }
}

/// Why a shard could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// The budget ran out before the split and its estimates were made: nothing was counted.
    #[error("gave up while planning the split ({0})")]
    Plan(GaveUp),
    /// The checkpoint file cannot be read or written, or belongs to another count.
    #[error("checkpoint {}: {message}", path.display())]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The plan given does not fit this instance, or the part or prefixes asked for are not
    /// the plan's.
    #[error(transparent)]
    Invalid(#[from] PlanError),
    /// The prefix times file ([`RunOptions::prefix_times`]) cannot be opened or written.
    #[error("prefix times {}: {message}", path.display())]
    PrefixTimes {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

/// Plans `tree` here for `options.shard.of` parts and counts part `options.shard.index`: a
/// shard that needs nothing but the problem and `I/N` (every shard plans alike).
pub fn run<T: Tree>(tree: &T, options: &RunOptions) -> Result<Manifest, ShardError> {
    let started = Instant::now();
    let Shard { index, of } = options.shard;
    let (plan, prefixes) =
        Plan::with_prefixes(tree, of, options.threads, &options.budget).map_err(ShardError::Plan)?;
    let plan_seconds = started.elapsed().as_secs_f64();
    let work: Vec<(usize, T::Prefix)> =
        prefixes.into_iter().enumerate().filter(|(i, _)| plan.prefixes[*i].part == index).collect();
    let mut manifest = count(tree, &plan, Some(index), index == plan.top_part(), work, options)?;
    manifest.plan_seconds = plan_seconds;
    Ok(manifest)
}

/// Counts part `options.shard.index` of `plan` (which must be for `options.shard.of` parts).
pub fn run_planned<T: Tree>(tree: &T, plan: &Plan, options: &RunOptions) -> Result<Manifest, ShardError> {
    if options.shard.of != plan.parts {
        return Err(PlanError::Inconsistent(format!(
            "a plan for {} parts, but shard {} was asked for",
            plan.parts, options.shard
        ))
        .into());
    }
    run_part(tree, plan, u64::from(options.shard.index), options)
}

/// Counts part `part` of `plan`, its prefixes rebuilt from their keys (no planning).
pub fn run_part<T: Tree>(
    tree: &T,
    plan: &Plan,
    part: u64,
    options: &RunOptions,
) -> Result<Manifest, ShardError> {
    plan.check(tree)?;
    let indices = plan.checked_part(part)?;
    let part = part as u32;
    let work = plan.rebuild(tree, &indices)?;
    count(tree, plan, Some(part), part == plan.top_part(), indices.into_iter().zip(work).collect(), options)
}

/// Counts the prefixes of `plan` at `indices` (any set, each at most once), and the top of the
/// tree if `top`: one batch of work handed out on demand. Its manifest has no part (`shard` is
/// null); [`merge`](super::merge) takes any such manifests that together cover every prefix
/// once and the top once.
pub fn run_prefixes<T: Tree>(
    tree: &T,
    plan: &Plan,
    indices: &[u64],
    top: bool,
    options: &RunOptions,
) -> Result<Manifest, ShardError> {
    plan.check(tree)?;
    let indices = plan.checked_indices(indices)?;
    let work = plan.rebuild(tree, &indices)?;
    count(tree, plan, None, top, indices.into_iter().zip(work).collect(), options)
}

/// Counts `work` (prefix indices of `plan` with their prefixes) for part `part` (or a batch of
/// no part), resuming from and saving to the checkpoint.
fn count<T: Tree>(
    tree: &T,
    plan: &Plan,
    part: Option<u32>,
    top: bool,
    work: Vec<(usize, T::Prefix)>,
    options: &RunOptions,
) -> Result<Manifest, ShardError> {
    let fresh = Checkpoint {
        format: Checkpoint::FORMAT.to_owned(),
        kind: plan.kind.clone(),
        instance: plan.instance.clone(),
        engine: plan.engine.clone(),
        split: plan.split.clone(),
        shard: part,
        shards: plan.parts,
        done: Vec::new(),
        seconds: 0.0,
    };
    let resumed = match &options.checkpoint {
        Some(path) => load(path, &fresh)?,
        None => None,
    };
    let earlier_seconds = resumed.as_ref().map_or(0.0, |c| c.seconds);
    let done: BTreeMap<u64, (u64, u64)> =
        resumed.map(|c| c.done.iter().map(|&[i, s, n]| (i, (s, n))).collect()).unwrap_or_default();
    let mine: std::collections::BTreeSet<u64> = work.iter().map(|&(i, _)| i as u64).collect();
    let todo: Vec<(usize, T::Prefix)> =
        work.into_iter().filter(|(i, _)| !done.contains_key(&(*i as u64))).collect();

    if let Some(shown) = &options.progress {
        let top_solutions = if top { plan.top_solutions } else { 0 };
        let resumed_solutions: u64 = done.values().map(|&(s, _)| s).sum();
        shown.done.store(done.len() as u64, Ordering::Relaxed);
        shown.total.store((done.len() + todo.len()) as u64, Ordering::Relaxed);
        shown.solutions.store(top_solutions.saturating_add(resumed_solutions), Ordering::Relaxed);
        shown.planned.store(true, Ordering::Release);
    }
    let times = match &options.prefix_times {
        Some(path) => Some(PrefixTimes::open(path)?),
        None => None,
    };
    let counting = Instant::now();
    let state = Mutex::new(Progress { done, last_save: Instant::now(), error: None, times });
    let halt = Arc::new(AtomicBool::new(false));
    let gave_up: Mutex<Option<GaveUp>> = Mutex::new(None);
    let budget = match options.budget.cancel_flag() {
        // The caller's flag stops us; ours stops the other prefixes once one gives up.
        Some(_) => options.budget.clone(),
        None => options.budget.clone().with_cancel(halt.clone()),
    };
    let save = |progress: &mut Progress| {
        if let Some(path) = &options.checkpoint {
            let seconds = earlier_seconds + counting.elapsed().as_secs_f64();
            let checkpoint = Checkpoint {
                done: progress.done.iter().map(|(&i, &(s, n))| [i, s, n]).collect(),
                seconds,
                ..fresh.clone()
            };
            if let Err(error) = store(path, &checkpoint) {
                progress.error.get_or_insert(error);
            }
            progress.last_save = Instant::now();
        }
    };
    let count_one = |(prefix_index, prefix): &(usize, T::Prefix)| {
        if halt.load(Ordering::Relaxed) {
            return;
        }
        // The thread's CPU clock is a system call: read only when the times are written.
        let timed = options.prefix_times.is_some();
        let cpu_clock = || if timed { thread_cpu_seconds() } else { None };
        let (started, cpu_started) = (Instant::now(), cpu_clock());
        let count = tree.count(prefix, &budget);
        let seconds = started.elapsed().as_secs_f64();
        let cpu = cpu_started.zip(cpu_clock()).map(|(start, end)| (end - start).max(0.0));
        match count.outcome {
            Outcome::GaveUp(reason) => {
                let mut first = gave_up.lock().unwrap_or_else(PoisonError::into_inner);
                if !halt.swap(true, Ordering::Relaxed) || reason != GaveUp::Cancelled {
                    first.get_or_insert(reason);
                }
            }
            _ => {
                let mut progress = state.lock().unwrap_or_else(PoisonError::into_inner);
                progress.done.insert(*prefix_index as u64, (count.solutions, count.stats.nodes));
                if let Some(times) = &mut progress.times {
                    times.write(*prefix_index as u64, count.solutions, count.stats.nodes, seconds, cpu);
                }
                if let Some(shown) = &options.progress {
                    shown.solutions.fetch_add(count.solutions, Ordering::Relaxed);
                    shown.done.fetch_add(1, Ordering::Relaxed);
                }
                if progress.last_save.elapsed() >= options.checkpoint_every {
                    save(&mut progress);
                }
            }
        }
    };
    // One thread needs no pool (building one spawns a thread).
    match if options.threads > 1 { crate::parallel::pool(options.threads) } else { None } {
        Some(pool) => pool.install(|| todo.par_iter().for_each(count_one)),
        None => todo.iter().for_each(count_one),
    }
    let mut progress = state.into_inner().unwrap_or_else(PoisonError::into_inner);
    save(&mut progress);
    if let Some(message) = progress.error {
        return Err(ShardError::Checkpoint { path: options.checkpoint.clone().unwrap_or_default(), message });
    }
    if let Some(PrefixTimes { path, error: Some(message), .. }) = progress.times {
        return Err(ShardError::PrefixTimes { path, message });
    }
    let reason = gave_up.into_inner().unwrap_or_else(PoisonError::into_inner);
    let (mut solutions, mut nodes) = if top { (plan.top_solutions, plan.top_nodes) } else { (0, 0) };
    // A checkpoint of a batch may hold prefixes of other batches: only this one's count.
    let counted: Vec<u64> = progress.done.keys().copied().filter(|i| mine.contains(i)).collect();
    for i in &counted {
        let (s, n) = progress.done[i];
        solutions += s;
        nodes += n;
    }
    let estimated_nodes = mine.iter().map(|&i| plan.prefixes[i as usize].cost).sum();
    // The manifest names the count and the part as the checkpoint does.
    let Checkpoint { kind, instance, engine, split, shard, shards, .. } = fresh;
    Ok(Manifest {
        format: Manifest::FORMAT.to_owned(),
        kind,
        instance,
        engine,
        split,
        shard,
        shards,
        top,
        covered: ranges(counted),
        solutions,
        nodes,
        top_nodes: if top { plan.top_nodes } else { 0 },
        seconds: earlier_seconds + counting.elapsed().as_secs_f64(),
        plan_seconds: 0.0,
        estimated_nodes,
        outcome: if reason.is_some() { "gave-up" } else { "exhausted" }.to_owned(),
        reason: reason.map(|r| r.name().to_owned()),
        digest: String::new(),
    }
    .sealed())
}

struct Progress {
    done: BTreeMap<u64, (u64, u64)>,
    last_save: Instant,
    error: Option<String>,
    times: Option<PrefixTimes>,
}

/// The prefix times file, open for appending: one `write` of a whole line per finished prefix
/// (no buffer to lose on a kill), the first error kept.
struct PrefixTimes {
    path: PathBuf,
    file: std::fs::File,
    error: Option<String>,
}

impl PrefixTimes {
    const HEADER: &'static str = "index,solutions,nodes,seconds,cpu_seconds\n";

    fn open(path: &Path) -> Result<Self, ShardError> {
        use std::io::Write;
        let fail =
            |e: std::io::Error| ShardError::PrefixTimes { path: path.to_owned(), message: e.to_string() };
        let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(fail)?;
        if file.metadata().map_err(fail)?.len() == 0 {
            file.write_all(Self::HEADER.as_bytes()).map_err(fail)?;
        }
        Ok(PrefixTimes { path: path.to_owned(), file, error: None })
    }

    fn write(&mut self, index: u64, solutions: u64, nodes: u64, seconds: f64, cpu: Option<f64>) {
        use std::io::Write;
        if self.error.is_none() {
            let cpu = cpu.map_or_else(String::new, |cpu| format!("{cpu:.9}"));
            let line = format!("{index},{solutions},{nodes},{seconds:.9},{cpu}\n");
            if let Err(e) = self.file.write_all(line.as_bytes()) {
                self.error = Some(format!("cannot write: {e}"));
            }
        }
    }
}

/// The CPU seconds this thread has used so far, where the system tells (Linux).
fn thread_cpu_seconds() -> Option<f64> {
    #[cfg(target_os = "linux")]
    {
        let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Some(now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// The checkpoint at `path`, if there is one, after checking it is of this very run.
fn load(path: &Path, expected: &Checkpoint) -> Result<Option<Checkpoint>, ShardError> {
    let fail = |message: String| ShardError::Checkpoint { path: path.to_owned(), message };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(fail(error.to_string())),
    };
    let saved: Checkpoint =
        serde_json::from_str(&text).map_err(|e| fail(format!("not a checkpoint: {e}")))?;
    let differs = [
        ("format", saved.format != expected.format),
        ("kind of count", saved.kind != expected.kind),
        ("instance", saved.instance != expected.instance),
        ("engine", saved.engine != expected.engine),
        ("split", saved.split != expected.split),
        ("shard", (saved.shard, saved.shards) != (expected.shard, expected.shards)),
    ];
    if let Some((what, _)) = differs.iter().find(|(_, differs)| *differs) {
        return Err(fail(format!(
            "it is of another count (its {what} differs: {} of {} instance {} with engine {}); \
             give another file or delete it to start over",
            part_name(saved.shard, saved.shards),
            saved.kind,
            short(&saved.instance),
            saved.engine
        )));
    }
    let mut last = None;
    for &[index, _, _] in &saved.done {
        if index >= expected.split.prefixes || last.is_some_and(|l| l >= index) {
            return Err(fail(format!("prefix {index} is out of range or out of order")));
        }
        last = Some(index);
    }
    Ok(Some(saved))
}

/// Writes `checkpoint` to a temporary file beside `path` and renames it over `path`, so that a
/// kill leaves either the old checkpoint or the new one, never half of one.
fn store(path: &Path, checkpoint: &Checkpoint) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let text = serde_json::to_string(checkpoint).map_err(|e| e.to_string())?;
    let write = || -> std::io::Result<()> {
        use std::io::Write;
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    };
    write().map_err(|e| format!("cannot save: {e}"))
}

/// The first 12 hex digits of a hash, for messages.
fn short(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// `I/N` for a part, or "a batch of prefixes" for none.
pub(super) fn part_name(part: Option<u32>, parts: u32) -> String {
    match part {
        Some(part) => format!("shard {part}/{parts}"),
        None => format!("a batch of prefixes of a plan for {parts} parts"),
    }
}
