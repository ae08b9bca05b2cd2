//! Deterministic shards: one count split over many processes or machines, each resumable, and
//! merged with a check that every part was counted exactly once.
//!
//! # The technique
//!
//! The standard one for counts that take CPU-days (Knuth's XCCDC, Hadoop's DistributedPentomino,
//! BOINC projects): fix the first choices of the search and hand each prefix to a worker. Here:
//!
//! 1. **Split.** Every shard enumerates the same prefixes, in the same order: the search run down
//!    to a depth, deepened until there are at least [`Plan::PREFIXES_PER_PART`] per part (within bounds that stop growing with the parts)
//!    ([`Tree::split`]). Solutions and nodes above that depth (the "top") belong to shard 0.
//! 2. **Estimate and refine.** Each prefix's subtree is measured by Knuth's random probes (TAOCP
//!    7.2.2; [`Tree::probe`]), from a fixed seed mixed with the prefix itself, so every shard
//!    computes the same costs. Prefix counts alone balance badly: subtrees differ by orders of
//!    magnitude, and one prefix cannot be shared. So any prefix estimated above a fraction of a
//!    shard's fair share is cut one level deeper ([`Tree::expand`]) and its children estimated,
//!    until none is: the cut is deep where the tree is big and shallow elsewhere, and probing
//!    the children again corrects the estimates where errors would cost most.
//! 3. **Assign.** Longest processing time first: prefixes in decreasing cost, each to the shard
//!    with the least estimated work so far, ties to the lowest index ([`Plan`]). Deterministic,
//!    so shard `I` of `N` is the same set of prefixes wherever it runs.
//! 4. **Count and record.** A shard counts its prefixes (on several threads if asked) and writes
//!    a [`Manifest`]: the instance's hash, the engine, the split's identity (depth, prefix count,
//!    hash of every prefix), the prefix indices it covered, solutions, nodes, seconds.
//! 5. **Resume.** With a checkpoint file, each finished prefix's count is saved every so often
//!    (written to a temporary file and renamed, so a kill never leaves half a file); a rerun
//!    with the same file skips the prefixes it holds. A prefix is counted once or not at all in
//!    a checkpoint, so nothing is counted twice, and a kill loses at most the prefixes in
//!    flight since the last save.
//! 6. **Merge.** [`merge`] checks that the manifests are of one instance, engine and split, and
//!    that they cover every prefix exactly once (and the top once): a missing or doubled shard
//!    is an error that names it, never a silent zero.
//!
//! The exact-cover [`Problem`](crate::Problem) is a [`Tree`] through [`CoverTree`]; the puzzle
//! crate makes its dedicated searches (tilings, queens) trees too, and they share this driver.

mod cover;
mod estimate;
mod manifest;
mod merge;
mod plan;
mod plan_file;
mod run;
mod spec;

pub use cover::CoverTree;
pub use estimate::{estimate, estimate_within, Estimate, EstimateGaveUp};
pub use manifest::{Manifest, SplitId};
pub use merge::{merge, MergeError, Merged};
pub use plan::{Plan, Planned};
pub use plan_file::PlanError;
pub use run::{run, run_part, run_planned, run_prefixes, RunOptions, RunProgress, ShardError};
pub use spec::{Shard, ShardSpecError};

use rand_pcg::Pcg64Mcg;

use crate::budget::{Budget, GaveUp};
use crate::search::Count;

/// What a shard counts: an instance whose search tree can be cut into prefixes, measured by
/// random probes and counted prefix by prefix.
pub trait Tree: Sync {
    /// A partial solution fixed at the top of the tree.
    type Prefix: Send + Sync;

    /// Names the instance: its kind (`"xc"`, `"tiling"`, ...), a hash of its canonical form, and
    /// the engine that will count it (the split depends on both).
    fn instance(&self) -> Instance;

    /// The prefixes at the shallowest depth (at most `max_depth`) with at least `target` of them,
    /// in a fixed order, with the solutions and nodes found above that depth.
    fn split(&self, target: usize, budget: &Budget) -> Result<Split<Self::Prefix>, GaveUp>;

    /// Cuts one prefix a level deeper: its children, in search order, with the solutions found
    /// at that level and the nodes spent (the prefix's own node included), so that counting the
    /// children and adding these equals counting the prefix. `None` (the default) keeps the
    /// prefix whole: the tree is then balanced by its first cut alone.
    fn expand(&self, prefix: &Self::Prefix, budget: &Budget) -> Option<Result<Split<Self::Prefix>, GaveUp>> {
        let _ = (prefix, budget);
        None
    }

    /// The prefix as numbers, stable across runs and machines (it goes into the split's hash
    /// and the plan file).
    fn key(&self, prefix: &Self::Prefix) -> Vec<u32>;

    /// The prefix whose [`key`](Self::key) is `key`, rebuilt as the search would reach it: how a
    /// worker gets its prefixes from a plan file without planning. A key that is not a path of
    /// this instance's tree (a plan of another problem, or edited) is an error saying why.
    fn prefix(&self, key: &[u32]) -> Result<Self::Prefix, String>;

    /// [`prefix`](Self::prefix) of each key: a tree whose rebuilding shares work between keys
    /// with a common start overrides this.
    fn prefixes(&self, keys: &[&[u32]]) -> Vec<Result<Self::Prefix, String>> {
        keys.iter().map(|key| self.prefix(key)).collect()
    }

    /// One random probe of the subtree below `prefix`: Knuth's unbiased estimate of its nodes.
    fn probe(&self, prefix: &Self::Prefix, rng: &mut Pcg64Mcg) -> f64;

    /// [`probe`](Self::probe) within `budget`'s clock and cancel flag. The default looks at them
    /// once, before the probe: enough for trees whose probes take microseconds (queens,
    /// tilings). A tree whose one probe can take seconds (exact cover with 100,000s of options)
    /// looks as it goes down. A probe cut short is `Err`, never a partial estimate.
    fn probe_within(
        &self,
        prefix: &Self::Prefix,
        rng: &mut Pcg64Mcg,
        budget: &Budget,
    ) -> Result<f64, GaveUp> {
        match budget.check_clock() {
            Some(reason) => Err(reason),
            None => Ok(self.probe(prefix, rng)),
        }
    }

    /// Counts every solution below `prefix`, within `budget`; nodes of the prefix itself are not
    /// counted (the split counted them).
    fn count(&self, prefix: &Self::Prefix, budget: &Budget) -> Count;
}

/// The identity of what is being counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// `"xc"`, `"tiling"`, `"queens"`, ...
    pub kind: String,
    /// SHA-256 of the instance's canonical text, in hex.
    pub hash: String,
    /// The engine that counts it (never "auto": the resolved one).
    pub engine: String,
}

/// The top of a tree cut at `depth` (or of a subtree cut one level below its prefix).
#[derive(Debug, Clone)]
pub struct Split<P> {
    /// The depth of the cut (0: the whole tree is one prefix).
    pub depth: usize,
    /// The prefixes, in search order.
    pub prefixes: Vec<P>,
    /// Solutions found above the cut.
    pub top_solutions: u64,
    /// Nodes above the cut.
    pub top_nodes: u64,
}

/// SHA-256 of `bytes`, in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    hex(&Sha256::digest(bytes))
}

/// `bytes` in lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(2 * bytes.len()), |mut text, b| {
        let _ = write!(text, "{b:02x}");
        text
    })
}
