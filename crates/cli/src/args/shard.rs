//! `--shard I/N`, `--plan FILE --part I` (or `--prefixes LIST`), `--checkpoint`, `--manifest`:
//! the flags of a count split over many processes (`xc count`, `tiling count`, `queens
//! --count`); `--parts N -o FILE` of the plans (`xc plan`, `tiling plan`, `queens N --parts`);
//! and `tessera merge`.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use tessera::xc::shard::Shard;

use super::common::parse_seconds;
use super::JsonArg;

/// How a count is sharded and saved.
#[derive(Debug, Args, Clone)]
pub struct ShardArgs {
    /// Count only shard I of N (0 <= I < N): a fixed share of the search tree's prefixes, the same
    /// on every machine; merge the N manifests with `tessera merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard, conflicts_with = "plan")]
    pub shard: Option<Shard>,

    /// Count from the plan FILE (made once by `plan`): no planning here, the prefixes are
    /// rebuilt from the plan's keys after checking it is of this very instance. With --part I
    /// or --prefixes LIST.
    #[arg(long, value_name = "FILE")]
    pub plan: Option<PathBuf>,

    /// The plan's part to count (0 <= I < the plan's parts).
    #[arg(long, value_name = "I", requires = "plan", conflicts_with = "prefixes")]
    pub part: Option<u64>,

    /// Count these prefixes of the plan instead of a part: indices and ranges, `0-99,250`
    /// (work handed out in batches). The batch that holds prefix 0 holds the top of the tree too.
    #[arg(long, value_name = "LIST", requires = "plan", value_parser = parse_indices)]
    pub prefixes: Option<Indices>,

    /// Save finished prefixes to FILE as the count goes, and resume from it if it exists: a
    /// killed count loses only the prefixes in flight, and nothing is counted twice.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,

    /// Save the checkpoint at most this often (seconds; default 30).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, requires = "checkpoint")]
    pub checkpoint_every: Option<Duration>,

    /// Write the shard's manifest (JSON: what it covered and counted) to FILE.
    #[arg(long, value_name = "FILE")]
    pub manifest: Option<PathBuf>,

    /// Report progress on standard error (prefixes done of the shard's, solutions so far,
    /// seconds): a bar on a terminal (shown there anyway unless --no-progress), else a line a
    /// second, for a cluster job's log. Without the other shard flags the count runs as one
    /// shard of one (planned here; the same total and nodes) so that it can report its prefixes;
    /// with --limit, --distinct or --engine xc it runs as before, a bar on a terminal only.
    #[arg(long)]
    pub progress: bool,

    /// Append a CSV line to FILE as each prefix finishes:
    /// `index,solutions,nodes,seconds,cpu_seconds` (its counting time on its thread, by the
    /// clock and by the thread's CPU clock; a header when the file is new). For measuring: the
    /// per-prefix costs `scripts/simulate-scale.py` schedules (docs/scale-simulated.md).
    #[arg(long, value_name = "FILE")]
    pub prefix_times: Option<PathBuf>,
}

impl ShardArgs {
    /// Whether any of the flags asks for the sharded count.
    pub fn sharded(&self) -> bool {
        self.shard.is_some()
            || self.plan.is_some()
            || self.checkpoint.is_some()
            || self.manifest.is_some()
            || self.prefix_times.is_some()
    }

    /// Whether the count runs sharded: any shard flag, or `--progress` alone where the count can
    /// run as one shard of one (`plain_fits`: no --limit, --distinct or --engine xc), so that it
    /// reports its prefixes.
    pub fn runs_sharded(&self, plain_fits: bool) -> bool {
        self.sharded() || (self.progress && plain_fits)
    }
}

/// Prefix indices, as `--prefixes` gives them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indices(pub Vec<u64>);

/// `0-99,250`: indices and inclusive ranges, for clap.
pub fn parse_indices(text: &str) -> Result<Indices, String> {
    let number = |part: &str| {
        part.trim()
            .parse::<u64>()
            .map_err(|_| format!("{part:?} is not a prefix index; give indices and ranges: 0-99,250"))
    };
    let mut indices = Vec::new();
    for piece in text.split(',') {
        match piece.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                if b < a || b - a >= 100_000_000 {
                    return Err(format!("{piece:?} is not a range a-b with a <= b"));
                }
                indices.extend(a..=b);
            }
            None => indices.push(number(piece)?),
        }
    }
    Ok(Indices(indices))
}

/// `--parts N` and `-o FILE` of `xc plan` and `tiling plan`.
#[derive(Debug, Args, Clone)]
pub struct PlanArgs {
    /// Deal the prefixes to N parts (each counted by `count --plan FILE --part I`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub parts: u32,

    /// Write the plan to FILE (default: standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The long help shared by the plan commands.
pub const PLAN_ABOUT: &str = "Cut the count's search tree into prefixes once, estimate each by \
    Knuth's random probes, deal them to N parts (longest first), and write the plan (JSON, \
    `tessera-plan/1`): the instance's hash and engine, the split, the top of the tree, and every \
    prefix's key, estimated nodes and part. Each worker then counts its part with `count --plan \
    FILE --part I --manifest M` (or any prefixes with `--prefixes LIST`) without planning, and \
    `tessera merge` adds the manifests up. The plan's cost does not grow with N past a few dozen \
    parts (docs/scale.md).";

/// `I/N`, for clap; the error says what is wrong and what a valid value is.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse().map_err(|e: tessera::xc::shard::ShardSpecError| e.to_string())
}

/// The long help of `tessera merge`.
pub const MERGE_ABOUT: &str = "Add up the manifests of a sharded count (`--shard I/N \
    --manifest FILE`, or `--plan FILE --part I --manifest FILE`, of `xc count`, `tiling count` or \
    `queens --count`). Checks first that they are all of one instance, engine and split, that \
    every shard 0 to N-1 is there exactly once and finished, and that together they cover every \
    prefix of the split exactly once; anything else is an error that names the shard (a missing \
    shard is never taken for zero solutions). Manifests of batches of prefixes (`--prefixes`) \
    merge with any others as long as every prefix is counted exactly once, and the top of the \
    tree once. Prints the total number of solutions.";

/// Shown under `tessera merge --help`.
pub const MERGE_HELP: &str = "\
With --json, one object: \"kind\", \"instance\", \"engine\", \"shards\", \"prefixes\",
\"solutions\", \"nodes\", \"seconds\" (the counting seconds of each shard), \"max_over_mean\".

Example:
  tessera xc count crates/cli/tests/data/queens8.dlx --shard 0/2 --manifest /tmp/q0.json
  tessera xc count crates/cli/tests/data/queens8.dlx --shard 1/2 --manifest /tmp/q1.json
  tessera merge /tmp/q0.json /tmp/q1.json

Exit status:
  0  the manifests merge: the total is printed
  1  usage error or internal error
  2  a manifest cannot be read, or the manifests do not merge (the message names the shard)";

/// Options of `tessera merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The manifests, one per shard.
    #[arg(value_name = "MANIFEST", required = true)]
    pub manifests: Vec<PathBuf>,

    #[command(flatten)]
    pub json: JsonArg,
}
