//! `tessera merge`: the total of a set of shard manifests, once they are shown to be one count's
//! shards covering every prefix exactly once.

use super::Manifest;

fn split(m: &Manifest) -> String {
    format!("{} prefixes, hash {}", m.split.prefixes, m.split.hash)
}

/// The merged count (serialised with these field names by `tessera merge --json`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Merged {
    /// The kind of count (`"xc"`, ...).
    pub kind: String,
    /// The instance's hash.
    pub instance: String,
    /// The engine.
    pub engine: String,
    /// The number of shards.
    pub shards: u32,
    /// The number of prefixes of the split.
    pub prefixes: u64,
    /// The total number of solutions.
    pub solutions: u64,
    /// The total number of nodes (equal to a single search's).
    pub nodes: u64,
    /// Counting seconds of each shard, by shard index.
    pub seconds: Vec<f64>,
}

/// Why manifests do not merge. Each names the manifest (by its position in the list given, from
/// 0, and its shard) or the shard at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No manifest at all.
    #[error("no manifest to merge")]
    Empty,
    /// A manifest of another format version.
    #[error("manifest {position} (shard {shard}) is of format {format:?}, not {expected:?}")]
    Format {
        /// Its position in the list.
        position: usize,
        /// Its shard, `I/N`.
        shard: String,
        /// Its format.
        format: String,
        /// The format expected.
        expected: String,
    },
    /// A manifest of another count (instance, engine, split or number of shards).
    #[error("manifest {position} (shard {shard}) is of another count than manifest 0: its {what} is {theirs}, not {ours}")]
    Mismatch {
        /// Its position in the list.
        position: usize,
        /// Its shard, `I/N`.
        shard: String,
        /// What differs.
        what: &'static str,
        /// Its value.
        theirs: String,
        /// Manifest 0's value.
        ours: String,
    },
    /// A shard that did not finish.
    #[error(
        "shard {shard} gave up ({reason}) after {done} of its prefixes: run it again with its checkpoint"
    )]
    Unfinished {
        /// Its shard, `I/N`.
        shard: String,
        /// Why it stopped.
        reason: String,
        /// Prefixes it did count.
        done: u64,
    },
    /// The same shard given twice.
    #[error("shard {shard} is given twice (manifests {first} and {second})")]
    Doubled {
        /// The shard, `I/N`.
        shard: String,
        /// Positions of the two manifests.
        first: usize,
        /// Positions of the two manifests.
        second: usize,
    },
    /// Shards left out.
    #[error("{} missing: {}", if missing.len() == 1 { "a shard is" } else { "shards are" }, list(missing))]
    Missing {
        /// The shards, `I/N`.
        missing: Vec<String>,
    },
    /// Two manifests that claim the same prefix, or a prefix nobody counted, although every
    /// shard is there once: manifests written by hand or by a different plan.
    #[error("prefix {prefix} is covered {times} times (every prefix must be counted exactly once)")]
    Coverage {
        /// The first prefix at fault.
        prefix: u64,
        /// How many manifests cover it.
        times: u32,
    },
    /// Two or no manifests holding the top of the tree.
    #[error("the top of the tree (shard 0's) is held by {0} manifests, not 1")]
    Top(usize),
    /// The total does not fit in 64 bits: a manifest's number is wrong (edited by hand?) or the
    /// count is past 2^64-1, which no shard can record.
    #[error("the total {0} overflows 64 bits (2^64-1 at most): a manifest's number is wrong")]
    Overflow(&'static str),
}

fn list(shards: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut text = shards.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
    if shards.len() > SHOWN {
        text.push_str(&format!(" and {} more", shards.len() - SHOWN));
    }
    text
}

/// The sum, or `None` past `u64::MAX` (a plain `sum` wraps in release builds).
fn checked_sum(mut values: impl Iterator<Item = u64>) -> Option<u64> {
    values.try_fold(0u64, u64::checked_add)
}

/// Checks that `manifests` are every shard of one count, each once, covering every prefix
/// exactly once, and adds them up.
pub fn merge(manifests: &[Manifest]) -> Result<Merged, MergeError> {
    let first = manifests.first().ok_or(MergeError::Empty)?;
    for (position, m) in manifests.iter().enumerate() {
        let shard = format!("{}/{}", m.shard, m.shards);
        if m.format != Manifest::FORMAT {
            return Err(MergeError::Format {
                position,
                shard,
                format: m.format.clone(),
                expected: Manifest::FORMAT.to_owned(),
            });
        }
        let checks: [(&'static str, String, String); 6] = [
            ("kind", m.kind.clone(), first.kind.clone()),
            ("instance", m.instance.clone(), first.instance.clone()),
            ("engine", m.engine.clone(), first.engine.clone()),
            ("split depth", m.split.depth.to_string(), first.split.depth.to_string()),
            ("split", split(m), split(first)),
            ("number of shards", m.shards.to_string(), first.shards.to_string()),
        ];
        for (what, theirs, ours) in checks {
            if theirs != ours {
                return Err(MergeError::Mismatch { position, shard, what, theirs, ours });
            }
        }
        if m.shard >= m.shards {
            return Err(MergeError::Missing { missing: vec![shard] });
        }
    }
    let shards = first.shards;
    let mut seen: Vec<Option<usize>> = vec![None; shards as usize];
    for (position, m) in manifests.iter().enumerate() {
        if let Some(earlier) = seen[m.shard as usize] {
            return Err(MergeError::Doubled {
                shard: format!("{}/{shards}", m.shard),
                first: earlier,
                second: position,
            });
        }
        seen[m.shard as usize] = Some(position);
    }
    let missing: Vec<String> =
        seen.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| format!("{i}/{shards}")).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing });
    }
    for m in manifests {
        if m.outcome != "exhausted" {
            return Err(MergeError::Unfinished {
                shard: format!("{}/{shards}", m.shard),
                reason: m.reason.clone().unwrap_or_else(|| m.outcome.clone()),
                done: m.prefix_count(),
            });
        }
    }
    let tops = manifests.iter().filter(|m| m.top).count();
    if tops != 1 {
        return Err(MergeError::Top(tops));
    }
    // Every prefix exactly once: sweep the ranges in order.
    let mut ranges: Vec<[u64; 2]> = manifests.iter().flat_map(|m| m.covered.iter().copied()).collect();
    ranges.sort_unstable();
    let mut next = 0;
    for &[start, end] in &ranges {
        if start < next {
            return Err(MergeError::Coverage { prefix: start, times: 2 });
        }
        if start > next {
            return Err(MergeError::Coverage { prefix: next, times: 0 });
        }
        next = end.max(start);
    }
    if next != first.split.prefixes {
        return Err(MergeError::Coverage { prefix: next, times: 0 });
    }
    let mut seconds = vec![0.0; shards as usize];
    for m in manifests {
        seconds[m.shard as usize] = m.seconds;
    }
    Ok(Merged {
        kind: first.kind.clone(),
        instance: first.instance.clone(),
        engine: first.engine.clone(),
        shards,
        prefixes: first.split.prefixes,
        solutions: checked_sum(manifests.iter().map(|m| m.solutions))
            .ok_or(MergeError::Overflow("of solutions"))?,
        nodes: checked_sum(manifests.iter().map(|m| m.nodes)).ok_or(MergeError::Overflow("of nodes"))?,
        seconds,
    })
}
