//! The plan: the cut of the tree made once, by the driver, and handed to every worker (as a file
//! or a value), so that no worker plans.
//!
//! # Making it
//!
//! 1. **Split** at the shallowest depth with at least [`Plan::PREFIXES_PER_PART`] prefixes per
//!    part, but never fewer than [`Plan::MIN_PREFIXES`] (the grain of a checkpoint and of work
//!    handed out on demand) nor asked for more than [`Plan::MAX_FIRST_CUT`]: past a few dozen
//!    parts the plan's cost no longer grows with them.
//! 2. **Estimate** every prefix by [`Plan::PROBES`] of Knuth's random probes, seeded by a fixed
//!    number mixed with the prefix's key (so the costs do not depend on the order, the threads or
//!    the machine).
//! 3. **Refine**: a prefix estimated above a part's fair share over [`Plan::GRAIN`] (and above
//!    [`Plan::MIN_CUT_NODES`]) is cut one level deeper ([`Tree::expand`]) and its children
//!    probed, the largest first, until none is or the plan holds [`Plan::MAX_PREFIXES`].
//! 4. **Deal**: longest processing time first, prefixes by decreasing cost to the least loaded
//!    part (ties to the lower index); deterministic.
//!
//! Few probes per prefix are enough because the balance comes from having many prefixes per
//! part, not from any one estimate (Knuth's estimator is unbiased but heavy-tailed; the errors
//! average out over a part's prefixes). A plan records the prefixes' keys, not the prefixes: a
//! worker rebuilds only its own ([`Tree::prefix`]), one level-deep step per choice, which costs
//! far less than a probe.
//!
//! The file (`tessera-plan/1`, [`Plan::to_json`]) is checked whole when read
//! ([`Plan::from_json`]: version, parts, costs, and the split's hash recomputed from the keys)
//! and against the instance before counting ([`Plan::check`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::{hex, Split, SplitId, Tree};
use crate::budget::{Budget, GaveUp};

/// The cut of one instance for `parts` parts: every prefix's key, estimated cost and part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// Always [`Plan::FORMAT`].
    pub format: String,
    /// `"xc"`, `"tiling"`, `"queens"`, ...
    pub kind: String,
    /// SHA-256 of the instance's canonical text.
    pub instance: String,
    /// The engine that counts (the tree, and so the cut, depend on it).
    pub engine: String,
    /// How many parts the prefixes are dealt to.
    pub parts: u32,
    /// The cut's identity, as manifests record it.
    pub split: SplitId,
    /// Solutions above the cut (counted by whoever holds the top: part 0).
    pub top_solutions: u64,
    /// Nodes above the cut.
    pub top_nodes: u64,
    /// Random probes per prefix.
    pub probes: u32,
    /// Seconds spent planning.
    pub seconds: f64,
    /// The prefixes, in search order.
    pub prefixes: Vec<Planned>,
}

/// One prefix of a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Planned {
    /// The prefix as [`Tree::key`] writes it.
    pub key: Vec<u32>,
    /// Its estimated nodes.
    pub cost: f64,
    /// The part that counts it.
    pub part: u32,
}

impl Plan {
    /// The format tag of this version.
    pub const FORMAT: &'static str = "tessera-plan/1";
    /// Prefixes wanted per part from the first, uniform cut (the refinement adds more where the
    /// tree is big).
    pub const PREFIXES_PER_PART: usize = 16;
    /// Prefixes wanted at least, whatever the number of parts.
    pub const MIN_PREFIXES: usize = 256;
    /// The most prefixes the first cut asks for, whatever the number of parts.
    pub const MAX_FIRST_CUT: usize = 1024;
    /// Prefixes at most: the refinement stops there.
    pub const MAX_PREFIXES: usize = 4096;
    /// Random probes per prefix.
    pub const PROBES: u32 = 4;
    /// No prefix may be estimated above a part's fair share divided by this (if it can be cut).
    pub const GRAIN: f64 = 4.0;
    /// Prefixes estimated at fewer nodes than this are never cut deeper.
    pub const MIN_CUT_NODES: f64 = 1000.0;
    /// Refinement rounds at most.
    pub const MAX_ROUNDS: usize = 24;
    /// The estimator's seed (mixed with each prefix's key).
    pub const SEED: u64 = 0x7e55_e4a5_4a4d_5eed;

    /// Plans `tree` for `parts` parts, on `threads` threads (the plan does not depend on them).
    pub fn new<T: Tree>(tree: &T, parts: u32, threads: usize, budget: &Budget) -> Result<Plan, GaveUp> {
        Plan::with_prefixes(tree, parts, threads, budget).map(|(plan, _)| plan)
    }

    /// [`Plan::new`], with the prefixes themselves (in the plan's order), for a caller that
    /// counts them in the same process.
    pub fn with_prefixes<T: Tree>(
        tree: &T,
        parts: u32,
        threads: usize,
        budget: &Budget,
    ) -> Result<(Plan, Vec<T::Prefix>), GaveUp> {
        let started = Instant::now();
        let parts = parts.max(1);
        let target = (parts as usize)
            .saturating_mul(Self::PREFIXES_PER_PART)
            .clamp(Self::MIN_PREFIXES, Self::MAX_FIRST_CUT);
        let mut split = tree.split(target, budget)?;
        // One thread needs no pool (building one spawns a thread).
        let pool = if threads > 1 { crate::parallel::pool(threads) } else { None };
        // The mean of the probes of the prefixes at `at`, on the pool.
        let estimate = |prefixes: &[T::Prefix], at: &[usize]| -> Result<Vec<f64>, GaveUp> {
            let cost = |&i: &usize| -> Result<f64, GaveUp> {
                let prefix = &prefixes[i];
                let mut rng = Pcg64Mcg::seed_from_u64(Self::SEED ^ fnv(&tree.key(prefix)));
                let probes = (0..Self::PROBES).map(|_| tree.probe_within(prefix, &mut rng, budget));
                Ok(probes.sum::<Result<f64, GaveUp>>()? / f64::from(Self::PROBES))
            };
            match &pool {
                Some(pool) => pool.install(|| at.par_iter().map(cost).collect()),
                None => at.iter().map(cost).collect(),
            }
        };
        let all: Vec<usize> = (0..split.prefixes.len()).collect();
        let mut costs = estimate(&split.prefixes, &all)?;
        budget.check_clock().map_or(Ok(()), Err)?;
        for _ in 0..Self::MAX_ROUNDS {
            if split.prefixes.len() >= Self::MAX_PREFIXES {
                break;
            }
            let total: f64 = costs.iter().sum();
            let threshold = (total / (f64::from(parts) * Self::GRAIN)).max(Self::MIN_CUT_NODES);
            // The biggest first, as many as the cap leaves room for (a cut makes a few children).
            let mut big: Vec<usize> = (0..costs.len()).filter(|&i| costs[i] > threshold).collect();
            if big.is_empty() {
                break;
            }
            big.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
            big.truncate(((Self::MAX_PREFIXES - split.prefixes.len()) / 8).max(1));
            let mut cut_here = vec![false; costs.len()];
            for &i in &big {
                cut_here[i] = true;
            }
            let (cut, fresh_at) = refine(tree, &mut split, &mut costs, &cut_here, budget)?;
            if !cut {
                break;
            }
            let fresh_costs = estimate(&split.prefixes, &fresh_at)?;
            for (&i, c) in fresh_at.iter().zip(fresh_costs) {
                costs[i] = c;
            }
            budget.check_clock().map_or(Ok(()), Err)?;
        }
        let keys: Vec<Vec<u32>> = split.prefixes.iter().map(|p| tree.key(p)).collect();
        let owner = deal(&costs, parts);
        let instance = tree.instance();
        let plan = Plan {
            format: Self::FORMAT.to_owned(),
            kind: instance.kind,
            instance: instance.hash,
            engine: instance.engine,
            parts,
            split: split_id(split.depth as u64, keys.iter().map(Vec::as_slice)),
            top_solutions: split.top_solutions,
            top_nodes: split.top_nodes,
            probes: Self::PROBES,
            seconds: started.elapsed().as_secs_f64(),
            prefixes: keys
                .into_iter()
                .zip(costs)
                .zip(owner)
                .map(|((key, cost), part)| Planned { key, cost, part })
                .collect(),
        };
        Ok((plan, split.prefixes))
    }

    /// The indices of the prefixes part `part` counts, in increasing order.
    pub fn prefixes_of(&self, part: u32) -> Vec<usize> {
        self.prefixes.iter().enumerate().filter(|(_, p)| p.part == part).map(|(i, _)| i).collect()
    }

    /// Each prefix's estimated nodes.
    pub fn costs(&self) -> Vec<f64> {
        self.prefixes.iter().map(|p| p.cost).collect()
    }

    /// The estimated nodes of each part.
    pub fn loads(&self) -> Vec<f64> {
        let mut loads = vec![0.0; self.parts as usize];
        for p in &self.prefixes {
            if let Some(load) = loads.get_mut(p.part as usize) {
                *load += p.cost;
            }
        }
        loads
    }

    /// The part that holds the top of the tree (its solutions and nodes above the cut).
    pub fn top_part(&self) -> u32 {
        0
    }
}

/// Cuts the prefixes marked in `cut_here` one level deeper (those the tree cannot cut stay
/// whole); returns whether any was cut and where the new children sit (their costs are 0 until
/// estimated).
fn refine<T: Tree>(
    tree: &T,
    split: &mut Split<T::Prefix>,
    costs: &mut Vec<f64>,
    cut_here: &[bool],
    budget: &Budget,
) -> Result<(bool, Vec<usize>), GaveUp> {
    let old_prefixes = std::mem::take(&mut split.prefixes);
    let old_costs = std::mem::take(costs);
    let mut fresh_at = Vec::new();
    let mut cut = false;
    let mut left = old_prefixes.len();
    for ((prefix, cost), &here) in old_prefixes.into_iter().zip(old_costs).zip(cut_here) {
        left -= 1;
        let children = if here { tree.expand(&prefix, budget).transpose()? } else { None };
        // Never past the cap: a prefix whose children would not fit stays whole.
        let children =
            children.filter(|c| split.prefixes.len() + c.prefixes.len() + left <= Plan::MAX_PREFIXES);
        if let Some(children) = children {
            cut = true;
            split.top_solutions += children.top_solutions;
            split.top_nodes += children.top_nodes;
            for child in children.prefixes {
                fresh_at.push(split.prefixes.len());
                split.prefixes.push(child);
                costs.push(0.0);
            }
        } else {
            split.prefixes.push(prefix);
            costs.push(cost);
        }
    }
    Ok((cut, fresh_at))
}

/// The identity of a cut at `depth` with these keys: SHA-256 of the depth and every key.
pub(super) fn split_id<'k>(depth: u64, keys: impl ExactSizeIterator<Item = &'k [u32]>) -> SplitId {
    use sha2::{Digest, Sha256};
    // Streamed into the hash: every worker checks a plan's keys this way on reading it.
    let prefixes = keys.len() as u64;
    let mut hasher = Sha256::new();
    hasher.update(depth.to_le_bytes());
    let mut bytes = Vec::new();
    for key in keys {
        bytes.clear();
        bytes.extend_from_slice(&(key.len() as u32).to_le_bytes());
        bytes.extend(key.iter().flat_map(|part| part.to_le_bytes()));
        hasher.update(&bytes);
    }
    SplitId { depth, prefixes, hash: hex(&hasher.finalize()) }
}

/// FNV-1a of a prefix's key: the probes' seed, so that a prefix is estimated alike wherever it
/// sits in the list.
fn fnv(key: &[u32]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in key {
        for byte in part.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Longest processing time first: prefixes by decreasing cost (ties: lower index first), each to
/// the part with the least load so far (ties: lower part). Graham's bound: the largest load is
/// at most 4/3 of the best possible, for exact costs.
fn deal(costs: &[f64], parts: u32) -> Vec<u32> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    // Loads as integers (ordered, exact ties): a cost is at least one node.
    let mut heap: BinaryHeap<Reverse<(u64, u32)>> = (0..parts).map(|s| Reverse((0, s))).collect();
    let mut owner = vec![0; costs.len()];
    for index in order {
        let Reverse((load, part)) = heap.pop().expect("at least one part");
        owner[index] = part;
        let cost = costs[index].max(1.0).min(u64::MAX as f64 / 4.0) as u64;
        heap.push(Reverse((load.saturating_add(cost), part)));
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::deal;

    #[test]
    fn dealing_balances_and_is_total() {
        let costs: Vec<f64> = (0..1000).map(|i| f64::from((i * 7919) % 1000 + 1)).collect();
        let owner = deal(&costs, 7);
        let mut loads = [0.0; 7];
        for (c, &o) in costs.iter().zip(&owner) {
            loads[o as usize] += c;
        }
        let max = loads.iter().copied().fold(0.0, f64::max);
        let mean = loads.iter().sum::<f64>() / 7.0;
        assert!(max <= mean * 1.01, "{loads:?}");
        // One huge prefix gets a part of its own.
        let mut costs = vec![1.0; 100];
        costs[42] = 1e9;
        let owner = deal(&costs, 4);
        assert!(owner.iter().enumerate().all(|(i, &o)| (i == 42) == (o == owner[42])));
    }

    #[test]
    fn more_parts_than_prefixes_leaves_some_empty() {
        let owner = deal(&[3.0, 1.0], 5);
        assert_eq!(owner, [0, 1]);
    }
}
