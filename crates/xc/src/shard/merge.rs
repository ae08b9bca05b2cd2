//! `tessera merge`: the total of a set of shard manifests, once they are shown to be one count's
//! shards covering every prefix exactly once.
//!
//! Two kinds of manifest merge: a plan's parts (each names its part `I/N`), and batches of
//! prefixes handed out on demand (no part). When every manifest is a part, every part must be
//! there once (a missing part is named as such); when any is a batch, the parts given may be
//! any, and only the prefixes decide: every prefix counted by exactly one manifest, and the top
//! held by exactly one. Either way a gap or an overlap names the prefixes and the manifests.

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
    /// The number of shards (the plan's parts).
    pub shards: u32,
    /// How many manifests were merged.
    pub manifests: usize,
    /// The number of prefixes of the split.
    pub prefixes: u64,
    /// The total number of solutions.
    pub solutions: u64,
    /// The total number of nodes (equal to a single search's).
    pub nodes: u64,
    /// Counting seconds of each manifest, in the order given.
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
    /// A manifest whose fields do not match its digest: changed after it was written (or
    /// written by a tessera that wrote no digest).
    #[error(
        "manifest {position} (shard {shard}) does not match its digest: a count or range in it was \
         changed after it was written, or an older tessera wrote it; count that part again"
    )]
    Digest {
        /// Its position in the list.
        position: usize,
        /// Its shard, `I/N`.
        shard: String,
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
    /// Two manifests that claim the same prefix.
    #[error("prefix {prefix} is counted twice, by manifest {first} ({first_shard}) and manifest {second} ({second_shard})")]
    Overlap {
        /// The first prefix counted twice.
        prefix: u64,
        /// Position of one manifest.
        first: usize,
        /// Its part, or "batch".
        first_shard: String,
        /// Position of the other.
        second: usize,
        /// Its part, or "batch".
        second_shard: String,
    },
    /// Prefixes no manifest counted.
    #[error("{} of the {prefixes} prefixes counted by no manifest: {}", gaps.iter().map(|[a, b]| b - a).sum::<u64>(), ranges_text(gaps))]
    Uncovered {
        /// The prefixes missed, as half-open ranges.
        gaps: Vec<[u64; 2]>,
        /// The split's prefixes.
        prefixes: u64,
    },
    /// Two or no manifests holding the top of the tree.
    #[error("the top of the tree (part 0's) is held by {0} manifests, not 1")]
    Top(usize),
    /// A count past what 64 bits hold.
    #[error("the total of {0} overflows 64 bits")]
    Overflow(&'static str),
}

fn ranges_text(gaps: &[[u64; 2]]) -> String {
    const SHOWN: usize = 20;
    let mut text = gaps
        .iter()
        .take(SHOWN)
        .map(|&[a, b]| if b == a + 1 { a.to_string() } else { format!("{a}-{}", b - 1) })
        .collect::<Vec<_>>()
        .join(", ");
    if gaps.len() > SHOWN {
        text.push_str(&format!(" and {} more ranges", gaps.len() - SHOWN));
    }
    text
}

/// A manifest's part as `I/N`, or "batch".
fn label(m: &Manifest) -> String {
    match m.shard {
        Some(part) => format!("{part}/{}", m.shards),
        None => "batch".to_owned(),
    }
}

fn list(shards: &[String]) -> String {
    const SHOWN: usize = 20;
    let mut text = shards.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
    if shards.len() > SHOWN {
        text.push_str(&format!(" and {} more", shards.len() - SHOWN));
    }
    text
}

/// Checks that `manifests` are one count's (every part once, or batches and parts covering
/// every prefix once), and adds them up.
pub fn merge(manifests: &[Manifest]) -> Result<Merged, MergeError> {
    let first = manifests.first().ok_or(MergeError::Empty)?;
    for (position, m) in manifests.iter().enumerate() {
        let shard = label(m);
        if m.format != Manifest::FORMAT {
            return Err(MergeError::Format {
                position,
                shard,
                format: m.format.clone(),
                expected: Manifest::FORMAT.to_owned(),
            });
        }
        if !m.digest_matches() {
            return Err(MergeError::Digest { position, shard });
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
        if m.shard.is_some_and(|part| part >= m.shards) {
            return Err(MergeError::Missing { missing: vec![shard] });
        }
    }
    let shards = first.shards;
    let mut seen: Vec<Option<usize>> = vec![None; shards as usize];
    for (position, m) in manifests.iter().enumerate() {
        let Some(part) = m.shard else { continue };
        if let Some(earlier) = seen[part as usize] {
            return Err(MergeError::Doubled { shard: label(m), first: earlier, second: position });
        }
        seen[part as usize] = Some(position);
    }
    if manifests.iter().all(|m| m.shard.is_some()) {
        let missing: Vec<String> = seen
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_none())
            .map(|(i, _)| format!("{i}/{shards}"))
            .collect();
        if !missing.is_empty() {
            return Err(MergeError::Missing { missing });
        }
    }
    for m in manifests {
        if m.outcome != "exhausted" {
            return Err(MergeError::Unfinished {
                shard: label(m),
                reason: m.reason.clone().unwrap_or_else(|| m.outcome.clone()),
                done: m.prefix_count(),
            });
        }
    }
    let tops = manifests.iter().filter(|m| m.top).count();
    if tops != 1 {
        return Err(MergeError::Top(tops));
    }
    // Every prefix exactly once: sweep the ranges in order, each with its manifest.
    let mut ranges: Vec<([u64; 2], usize)> = manifests
        .iter()
        .enumerate()
        .flat_map(|(position, m)| m.covered.iter().map(move |&range| (range, position)))
        .filter(|([start, end], _)| end > start)
        .collect();
    ranges.sort_unstable();
    let total = first.split.prefixes;
    let (mut next, mut last) = (0, None);
    let mut gaps = Vec::new();
    for &([start, end], position) in &ranges {
        if start < next {
            let earlier = last.unwrap_or(position);
            return Err(MergeError::Overlap {
                prefix: start,
                first: earlier,
                first_shard: label(&manifests[earlier]),
                second: position,
                second_shard: label(&manifests[position]),
            });
        }
        if start > next {
            gaps.push([next, start.min(total)]);
        }
        next = end;
        last = Some(position);
    }
    if next > total {
        return Err(MergeError::Uncovered { gaps: vec![[total, next]], prefixes: total });
    }
    if next < total {
        gaps.push([next, total]);
    }
    if !gaps.is_empty() {
        return Err(MergeError::Uncovered { gaps, prefixes: total });
    }
    let sum = |what: &'static str, field: fn(&Manifest) -> u64| {
        manifests
            .iter()
            .try_fold(0u64, |total, m| total.checked_add(field(m)))
            .ok_or(MergeError::Overflow(what))
    };
    Ok(Merged {
        kind: first.kind.clone(),
        instance: first.instance.clone(),
        engine: first.engine.clone(),
        shards,
        manifests: manifests.len(),
        prefixes: total,
        solutions: sum("solutions", |m| m.solutions)?,
        nodes: sum("nodes", |m| m.nodes)?,
        seconds: manifests.iter().map(|m| m.seconds).collect(),
    })
}
