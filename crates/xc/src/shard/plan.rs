//! The plan every shard computes alike: the split, each prefix's estimated cost, and which shard
//! counts which prefix (longest processing time first).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use super::{sha256_hex, Instance, Split, SplitId, Tree};
use crate::budget::{Budget, GaveUp};

/// The split of one instance for `shards` shards, with the prefixes' costs and owners.
#[derive(Debug, Clone)]
pub struct Plan<P> {
    /// What is counted.
    pub instance: Instance,
    /// How many shards the prefixes are dealt to.
    pub shards: u32,
    /// The cut and its prefixes.
    pub split: Split<P>,
    /// The split's identity (depth, prefix count, hash), as manifests record it.
    pub id: SplitId,
    /// Each prefix's estimated nodes (the mean of [`Plan::PROBES`] probes).
    pub costs: Vec<f64>,
    /// Each prefix's shard.
    pub owner: Vec<u32>,
}

impl<P: Send + Sync> Plan<P> {
    /// Prefixes wanted per shard from the first, uniform cut (the refinement adds more where the
    /// tree is big).
    pub const PREFIXES_PER_SHARD: usize = 64;
    /// Prefixes wanted at least, whatever the number of shards: the grain of a checkpoint.
    pub const MIN_PREFIXES: usize = 256;
    /// Prefixes at most (memory: every shard holds the whole split); the refinement stops there.
    pub const MAX_PREFIXES: usize = 1 << 22;
    /// Random probes per prefix.
    pub const PROBES: u32 = 8;
    /// No prefix may be estimated above a shard's fair share divided by this: with longest
    /// processing time first, the largest shard then exceeds the mean by at most about that
    /// fraction (if the estimates were exact).
    pub const GRAIN: f64 = 8.0;
    /// Prefixes estimated at fewer nodes than this are never cut deeper: too small to be worth
    /// sharing (probing their children would cost about as much as counting them).
    pub const MIN_CUT_NODES: f64 = 1000.0;
    /// Refinement rounds at most (each cuts the big prefixes one level deeper).
    pub const MAX_ROUNDS: usize = 24;
    /// The estimator's seed (mixed with each prefix's key): fixed, so that every shard, on every
    /// machine, computes the same costs and the same owners.
    pub const SEED: u64 = 0x7e55_e4a5_4a4d_5eed;

    /// Splits `tree` for `shards` shards, refines the split where it is big, and deals the
    /// prefixes out, on `threads` threads (the result does not depend on them).
    pub fn new<T: Tree<Prefix = P>>(
        tree: &T,
        shards: u32,
        threads: usize,
        budget: &Budget,
    ) -> Result<Self, GaveUp> {
        let target = (shards as usize)
            .saturating_mul(Self::PREFIXES_PER_SHARD)
            .clamp(Self::MIN_PREFIXES, Self::MAX_PREFIXES);
        let mut split = tree.split(target, budget)?;
        let pool = crate::parallel::pool(threads.max(1)).filter(|_| threads > 1);
        // The mean of the probes of the prefixes at `at`, on the pool.
        let estimate = |prefixes: &[P], at: &[usize]| -> Result<Vec<f64>, GaveUp> {
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
            let total: f64 = costs.iter().sum();
            let threshold = (total / (f64::from(shards) * Self::GRAIN)).max(Self::MIN_CUT_NODES);
            let big = costs.iter().filter(|&&c| c > threshold).count();
            if big == 0 || split.prefixes.len() + big > Self::MAX_PREFIXES {
                break;
            }
            let old_prefixes = std::mem::take(&mut split.prefixes);
            let old_costs = std::mem::take(&mut costs);
            let mut fresh_at = Vec::new();
            let mut cut = false;
            for (prefix, cost) in old_prefixes.into_iter().zip(old_costs) {
                let children =
                    if cost > threshold { tree.expand(&prefix, budget).transpose()? } else { None };
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
            if !cut {
                break;
            }
            let fresh_costs = estimate(&split.prefixes, &fresh_at)?;
            for (&i, c) in fresh_at.iter().zip(fresh_costs) {
                costs[i] = c;
            }
            budget.check_clock().map_or(Ok(()), Err)?;
        }
        let mut keys = Vec::new();
        keys.extend_from_slice(&(split.depth as u64).to_le_bytes());
        for prefix in &split.prefixes {
            let key = tree.key(prefix);
            keys.extend_from_slice(&(key.len() as u32).to_le_bytes());
            for part in key {
                keys.extend_from_slice(&part.to_le_bytes());
            }
        }
        let id = SplitId {
            depth: split.depth as u64,
            prefixes: split.prefixes.len() as u64,
            hash: sha256_hex(&keys),
        };
        let owner = deal(&costs, shards, budget)?;
        Ok(Plan { instance: tree.instance(), shards, split, id, costs, owner })
    }

    /// The indices of the prefixes shard `index` counts, in increasing order.
    pub fn prefixes_of(&self, index: u32) -> Vec<usize> {
        self.owner.iter().enumerate().filter(|&(_, &o)| o == index).map(|(i, _)| i).collect()
    }

    /// The estimated nodes of each shard (the top's nodes go to shard 0).
    pub fn loads(&self) -> Vec<f64> {
        let mut loads = vec![0.0; self.shards as usize];
        for (cost, &owner) in self.costs.iter().zip(&self.owner) {
            loads[owner as usize] += cost;
        }
        loads
    }
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
/// the shard with the least load so far (ties: lower shard). Graham's bound: the largest load is
/// at most 4/3 of the best possible, for exact costs.
fn deal(costs: &[f64], shards: u32, budget: &Budget) -> Result<Vec<u32>, GaveUp> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    // Loads as integers (ordered, exact ties): a cost is at least one node.
    let mut heap: BinaryHeap<Reverse<(u64, u32)>> = (0..shards).map(|s| Reverse((0, s))).collect();
    let mut owner = vec![0; costs.len()];
    for (dealt, index) in order.into_iter().enumerate() {
        // Millions of prefixes to as many shards take seconds: the clock is read as for nodes.
        if let Some(reason) = budget.check_clock().filter(|_| dealt % 4096 == 0) {
            return Err(reason);
        }
        let Reverse((load, shard)) = heap.pop().expect("at least one shard");
        owner[index] = shard;
        let cost = costs[index].max(1.0).min(u64::MAX as f64 / 4.0) as u64;
        heap.push(Reverse((load.saturating_add(cost), shard)));
    }
    Ok(owner)
}

#[cfg(test)]
mod tests {
    use super::deal;
    use crate::budget::Budget;

    #[test]
    fn dealing_balances_and_is_total() {
        let costs: Vec<f64> = (0..1000).map(|i| f64::from((i * 7919) % 1000 + 1)).collect();
        let owner = deal(&costs, 7, &Budget::unlimited()).unwrap();
        let mut loads = [0.0; 7];
        for (c, &o) in costs.iter().zip(&owner) {
            loads[o as usize] += c;
        }
        let max = loads.iter().copied().fold(0.0, f64::max);
        let mean = loads.iter().sum::<f64>() / 7.0;
        assert!(max <= mean * 1.01, "{loads:?}");
        // One huge prefix gets a shard of its own.
        let mut costs = vec![1.0; 100];
        costs[42] = 1e9;
        let owner = deal(&costs, 4, &Budget::unlimited()).unwrap();
        assert!(owner.iter().enumerate().all(|(i, &o)| (i == 42) == (o == owner[42])));
    }

    #[test]
    fn more_shards_than_prefixes_leaves_some_empty() {
        let owner = deal(&[3.0, 1.0], 5, &Budget::unlimited()).unwrap();
        assert_eq!(owner, [0, 1]);
    }
}
