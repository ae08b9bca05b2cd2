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
    /// Prefixes wanted per shard: enough that estimation errors on single prefixes even out.
    pub const PREFIXES_PER_SHARD: usize = 64;
    /// Prefixes wanted at least, whatever the number of shards: the grain of a checkpoint.
    pub const MIN_PREFIXES: usize = 256;
    /// Prefixes wanted at most (memory: every shard holds the whole split).
    pub const MAX_PREFIXES: usize = 1 << 22;
    /// Random probes per prefix.
    pub const PROBES: u32 = 16;
    /// The estimator's seed (mixed with each prefix's index): fixed, so that every shard, on
    /// every machine, computes the same costs and the same owners.
    pub const SEED: u64 = 0x7e55_e4a5_4a4d_5eed;

    /// Splits `tree` for `shards` shards and deals the prefixes out, on `threads` threads (the
    /// result does not depend on them).
    pub fn new<T: Tree<Prefix = P>>(
        tree: &T,
        shards: u32,
        threads: usize,
        budget: &Budget,
    ) -> Result<Self, GaveUp> {
        let target = (shards as usize)
            .saturating_mul(Self::PREFIXES_PER_SHARD)
            .clamp(Self::MIN_PREFIXES, Self::MAX_PREFIXES);
        let split = tree.split(target, budget)?;
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
        let cost = |(index, prefix): (usize, &P)| {
            let mut rng =
                Pcg64Mcg::seed_from_u64(Self::SEED ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let total: f64 = (0..Self::PROBES).map(|_| tree.probe(prefix, &mut rng)).sum();
            total / f64::from(Self::PROBES)
        };
        let costs: Vec<f64> = match crate::parallel::pool(threads.max(1)) {
            Some(pool) if threads > 1 => {
                pool.install(|| split.prefixes.par_iter().enumerate().map(cost).collect())
            }
            _ => split.prefixes.iter().enumerate().map(cost).collect(),
        };
        budget.check_clock().map_or(Ok(()), Err)?;
        let owner = deal(&costs, shards);
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

/// Longest processing time first: prefixes by decreasing cost (ties: lower index first), each to
/// the shard with the least load so far (ties: lower shard). Graham's bound: the largest load is
/// at most 4/3 of the best possible, for exact costs.
fn deal(costs: &[f64], shards: u32) -> Vec<u32> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by(|&a, &b| costs[b].total_cmp(&costs[a]).then(a.cmp(&b)));
    // Loads as integers (ordered, exact ties): a cost is at least one node.
    let mut heap: BinaryHeap<Reverse<(u64, u32)>> = (0..shards).map(|s| Reverse((0, s))).collect();
    let mut owner = vec![0; costs.len()];
    for index in order {
        let Reverse((load, shard)) = heap.pop().expect("at least one shard");
        owner[index] = shard;
        let cost = costs[index].max(1.0).min(u64::MAX as f64 / 4.0) as u64;
        heap.push(Reverse((load.saturating_add(cost), shard)));
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
        // One huge prefix gets a shard of its own.
        let mut costs = vec![1.0; 100];
        costs[42] = 1e9;
        let owner = deal(&costs, 4);
        assert!(owner.iter().enumerate().all(|(i, &o)| (i == 42) == (o == owner[42])));
    }

    #[test]
    fn more_shards_than_prefixes_leaves_some_empty() {
        let owner = deal(&[3.0, 1.0], 5);
        assert_eq!(owner, [0, 1]);
    }
}
