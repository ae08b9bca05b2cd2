//! What a shard writes when it ends ([`Manifest`]) and while it runs (the checkpoint): JSON, so
//! that a cluster's scripts can read them too.

use serde::{Deserialize, Serialize};

/// The identity of a split: two shards can be merged only if theirs are equal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitId {
    /// The depth of the cut.
    pub depth: u64,
    /// How many prefixes it has.
    pub prefixes: u64,
    /// SHA-256 of the depth and every prefix, in order.
    pub hash: String,
}

/// A shard's record of what it counted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Always [`Manifest::FORMAT`].
    pub format: String,
    /// `"xc"`, `"tiling"`, `"queens"`, ...
    pub kind: String,
    /// SHA-256 of the instance's canonical text.
    pub instance: String,
    /// The engine that counted (the split depends on it).
    pub engine: String,
    /// The cut shared by every shard.
    pub split: SplitId,
    /// This shard's index (its part of the plan), or `None` (`null`) for a batch of prefixes
    /// handed out on demand ([`run_prefixes`](super::run_prefixes)).
    pub shard: Option<u32>,
    /// The number of shards.
    pub shards: u32,
    /// Whether this shard holds the solutions and nodes above the cut (part 0 does; a batch
    /// does when it is told to).
    pub top: bool,
    /// The prefixes counted, as half-open ranges `[start, end)` of their indices, in order.
    pub covered: Vec<[u64; 2]>,
    /// Solutions in the covered prefixes (and the top, if held).
    pub solutions: u64,
    /// Search nodes, counted as the single search counts them (with the top's, for shard 0).
    pub nodes: u64,
    /// The nodes above the cut, included in `nodes` by shard 0 (0 for the others): every shard
    /// spends them while planning, so a shard's own counting work is `nodes - top_nodes`.
    #[serde(default)]
    pub top_nodes: u64,
    /// Seconds spent counting the prefixes (every run of a resumed shard added up).
    pub seconds: f64,
    /// Seconds spent on the plan (split and estimates) by the last run.
    pub plan_seconds: f64,
    /// The plan's estimate of this shard's nodes.
    pub estimated_nodes: f64,
    /// `"exhausted"` (every prefix of the shard counted) or `"gave-up"`.
    pub outcome: String,
    /// Why it gave up (`"timeout"`, `"max-nodes"`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// SHA-256 of every field that decides a merge (all but the timings and this one), set by
    /// [`sealed`](Self::sealed) when the shard ends; [`merge`](super::merge) refuses a manifest
    /// whose fields no longer match it, so a number changed by hand is caught. Not a signature:
    /// whoever edits a field on purpose can compute the digest again.
    #[serde(default)]
    pub digest: String,
}

impl Manifest {
    /// The format tag of this version.
    pub const FORMAT: &'static str = "tessera-shard/1";

    /// The manifest with its [`digest`](Self::digest) set from its fields.
    #[must_use]
    pub fn sealed(mut self) -> Self {
        self.digest = self.expected_digest();
        self
    }

    /// Whether [`digest`](Self::digest) is that of the fields as they are now.
    pub fn digest_matches(&self) -> bool {
        self.digest == self.expected_digest()
    }

    fn expected_digest(&self) -> String {
        let fields = serde_json::json!([
            self.format,
            self.kind,
            self.instance,
            self.engine,
            self.split,
            self.shard,
            self.shards,
            self.top,
            self.covered,
            self.solutions,
            self.nodes,
            self.top_nodes,
            self.outcome,
            self.reason,
        ]);
        super::sha256_hex(fields.to_string().as_bytes())
    }

    /// How many prefixes [`covered`](Self::covered) holds.
    pub fn prefix_count(&self) -> u64 {
        self.covered.iter().map(|[start, end]| end.saturating_sub(*start)).sum()
    }
}

/// The state a checkpoint file holds: the run's identity and every prefix finished so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Checkpoint {
    pub(super) format: String,
    pub(super) kind: String,
    pub(super) instance: String,
    pub(super) engine: String,
    pub(super) split: SplitId,
    pub(super) shard: Option<u32>,
    pub(super) shards: u32,
    /// `[index, solutions, nodes]` of each finished prefix, in increasing index.
    pub(super) done: Vec<[u64; 3]>,
    /// Seconds spent counting in earlier runs and this one so far.
    pub(super) seconds: f64,
}

impl Checkpoint {
    pub(super) const FORMAT: &'static str = "tessera-checkpoint/1";
}

/// Indices (increasing) as half-open ranges.
pub(super) fn ranges(indices: impl IntoIterator<Item = u64>) -> Vec<[u64; 2]> {
    let mut ranges: Vec<[u64; 2]> = Vec::new();
    for index in indices {
        match ranges.last_mut() {
            Some(last) if last[1] == index => last[1] += 1,
            _ => ranges.push([index, index + 1]),
        }
    }
    ranges
}

#[cfg(test)]
mod tests {
    #[test]
    fn ranges_compress_runs() {
        assert_eq!(super::ranges([0, 1, 2, 5, 7, 8]), [[0, 3], [5, 6], [7, 9]]);
        assert!(super::ranges([]).is_empty());
    }
}
