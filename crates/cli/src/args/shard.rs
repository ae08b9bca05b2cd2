//! `--shard I/N`, `--checkpoint`, `--manifest`: the flags of a count split over many processes
//! (`xc count`, `tiling count`, `queens --count`), and `tessera merge`.

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
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<Shard>,

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
    /// second, for a cluster job's log.
    #[arg(long)]
    pub progress: bool,
}

impl ShardArgs {
    /// Whether any of the flags asks for the sharded count.
    pub fn sharded(&self) -> bool {
        self.shard.is_some() || self.checkpoint.is_some() || self.manifest.is_some()
    }
}

/// `I/N`, for clap; the error says what is wrong and what a valid value is.
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse().map_err(|e: tessera::xc::shard::ShardSpecError| e.to_string())
}

/// The long help of `tessera merge`.
pub const MERGE_ABOUT: &str = "Add up the manifests of a sharded count (`--shard I/N \
    --manifest FILE` of `xc count`, `tiling count` or `queens --count`). Checks first that they \
    are all of one instance, engine and split, that every shard 0 to N-1 is there exactly once \
    and finished, and that together they cover every prefix of the split exactly once; anything \
    else is an error that names the shard (a missing shard is never taken for zero solutions). \
    Prints the total number of solutions.";

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
