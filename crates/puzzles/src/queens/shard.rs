//! The bitmask search as a [`Tree`] for sharded counts (`tessera queens N --count --shard I/N`):
//! prefixes are the queens of the first rows, measured by Knuth's random probes and counted by
//! the same bitmask counter as [`count`](super::count).
//!
//! # Choices
//!
//! * **The mirror trick is kept, exactly.** As in the single count, the first row's queen is only
//!   searched in columns `c < n / 2` (each prefix below one of them weighs 2: its mirror image
//!   stands for the other half) and, for odd `n`, in the middle column (weight 1). The weight is
//!   part of each prefix, of its key (so two splits that weigh differently never merge) and of
//!   its count (solutions times weight). Half the work, and the totals stay exact.
//! * **Nodes add up to the single count's.** [`count`](super::count) does not count the first two
//!   rows (its parallel tasks start there) nor the last row's placements. The split counts the
//!   nodes from row 2 down to the cut (the prefixes included), and each prefix's count the nodes
//!   below it, so the merged nodes of any number of shards equal `queens N --count`'s nodes.
//! * **Depth.** The cut deepens row by row until there are enough prefixes, down to at most
//!   [`ShardTree::MAX_SPLIT_DEPTH`] rows and never closer than two rows to the bottom, so every
//!   prefix is a real subproblem (no solution lies above the cut, for `n` of 3 and more).
//! * **Refinement.** A prefix whose probes say it is big is cut a row deeper
//!   ([`Tree::expand`]), down to the same deepest row: a first cut alone left prefixes of 0.4 %
//!   of queens 19's tree, which no number of workers past a few hundred could share.
//! * **Probes** walk the same tree as the counter (the free squares of each row are the branching
//!   degree) and estimate the nodes the counter will report, last row excluded, so the plan's
//!   costs are in the count's own unit.

use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::shard::{sha256_hex, Instance, Split, Tree};
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use super::solve::{count_below, mask};
use super::Board;

/// The N-queens bitmask search of one board, cut into prefixes for shards.
///
/// ```
/// use tessera::queens::{Board, ShardTree};
/// use tessera::xc::shard::{merge, run, RunOptions, Shard};
/// let tree = ShardTree::new(&Board::new(8)?);
/// let manifests: Vec<_> = (0..3)
///     .map(|index| run(&tree, &RunOptions::new(Shard { index, of: 3 })).unwrap())
///     .collect();
/// assert_eq!(merge(&manifests).unwrap().solutions, 92);
/// # Ok::<(), tessera::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ShardTree {
    n: usize,
}

/// The queens of the first rows, with the masks the search continues from.
#[derive(Debug, Clone)]
pub struct ShardPrefix {
    /// The queen's column in each of the first rows.
    columns: Vec<u8>,
    /// Columns and diagonals attacked in the next row.
    masks: (u32, u32, u32),
    /// 2 below a first-row queen left of the middle (its mirror image is not searched), else 1.
    weight: u64,
}

impl ShardTree {
    /// The deepest cut, in rows.
    pub const MAX_SPLIT_DEPTH: usize = 8;

    /// The search of `board`.
    pub fn new(board: &Board) -> Self {
        ShardTree { n: board.n() }
    }

    /// The rows the cut may go down to: at least one, at most two rows short of the bottom.
    fn max_depth(&self) -> usize {
        self.n.saturating_sub(2).clamp(1, Self::MAX_SPLIT_DEPTH).min(self.n)
    }

    /// The first row from which [`count`](super::count) counts nodes: its tasks start at row 2
    /// (at row 1 when `n` is 1).
    fn first_counted_row(&self) -> usize {
        self.n.min(2)
    }
}

/// Walks the top of the tree down to `depth` rows, collecting the prefixes there.
struct Cut<'a> {
    tree: &'a ShardTree,
    depth: usize,
    prefixes: Vec<ShardPrefix>,
    nodes: u64,
    columns: Vec<u8>,
    budget: &'a Budget,
    stop: Option<GaveUp>,
}

impl Cut<'_> {
    fn walk(&mut self, (cols, left, right): (u32, u32, u32), weight: u64) {
        let row = self.columns.len();
        if row >= self.tree.first_counted_row() {
            self.nodes += 1;
            if self.nodes % 4096 == 0 {
                self.stop = self.stop.or(self.budget.check_clock());
            }
        }
        if row == self.depth {
            self.prefixes.push(ShardPrefix {
                columns: self.columns.clone(),
                masks: (cols, left, right),
                weight,
            });
            return;
        }
        let n = self.tree.n;
        let full = mask(n);
        let mut free = full & !(cols | left | right);
        if row == 0 {
            // The mirror trick: the left half, and the middle column of an odd board.
            free &= mask(n.div_ceil(2));
        }
        while free != 0 && self.stop.is_none() {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let c = bit.trailing_zeros() as usize;
            let weight = if row > 0 || (n % 2 == 1 && c == n / 2) { weight } else { 2 };
            self.columns.push(c as u8);
            self.walk((cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1), weight);
            self.columns.pop();
        }
    }
}

impl Tree for ShardTree {
    type Prefix = ShardPrefix;

    fn instance(&self) -> Instance {
        Instance {
            kind: "queens".to_owned(),
            hash: sha256_hex(format!("queens {}", self.n).as_bytes()),
            engine: "bits".to_owned(),
        }
    }

    fn split(&self, target: usize, budget: &Budget) -> Result<Split<ShardPrefix>, GaveUp> {
        if self.n == 0 {
            // One empty board: one solution, below the one prefix.
            let prefix = ShardPrefix { columns: Vec::new(), masks: (0, 0, 0), weight: 1 };
            return Ok(Split { depth: 0, prefixes: vec![prefix], top_solutions: 0, top_nodes: 0 });
        }
        let mut depth = 1;
        loop {
            let mut cut = Cut {
                tree: self,
                depth,
                prefixes: Vec::new(),
                nodes: 0,
                columns: Vec::with_capacity(depth),
                budget,
                stop: None,
            };
            cut.walk((0, 0, 0), 1);
            if let Some(reason) = cut.stop {
                return Err(reason);
            }
            if cut.prefixes.len() >= target || depth >= self.max_depth() {
                // No solution above the cut: it is at least two rows from the bottom (or, for
                // n = 1 and 2, each solution is a prefix and counted below it).
                return Ok(Split { depth, prefixes: cut.prefixes, top_solutions: 0, top_nodes: cut.nodes });
            }
            depth += 1;
        }
    }

    /// One row deeper: a queen in each free column of the next row, the weight kept. Each is a
    /// node that the prefix's count would have counted (the cut stays two rows from the bottom,
    /// so none is a last-row placement), and none is a solution.
    fn expand(&self, prefix: &ShardPrefix, budget: &Budget) -> Option<Result<Split<ShardPrefix>, GaveUp>> {
        let depth = prefix.columns.len();
        if depth == 0 || depth >= self.max_depth() {
            return None;
        }
        if let Some(reason) = budget.check_clock() {
            return Some(Err(reason));
        }
        let full = mask(self.n);
        let (cols, left, right) = prefix.masks;
        let mut free = full & !(cols | left | right);
        let mut prefixes = Vec::with_capacity(free.count_ones() as usize);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let mut columns = prefix.columns.clone();
            columns.push(bit.trailing_zeros() as u8);
            let masks = (cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
            prefixes.push(ShardPrefix { columns, masks, weight: prefix.weight });
        }
        let top_nodes = prefixes.len() as u64;
        Some(Ok(Split { depth: depth + 1, prefixes, top_solutions: 0, top_nodes }))
    }

    fn key(&self, prefix: &ShardPrefix) -> Vec<u32> {
        let mut key = Vec::with_capacity(prefix.columns.len() + 1);
        key.push(prefix.weight as u32);
        key.extend(prefix.columns.iter().map(|&c| u32::from(c)));
        key
    }

    /// The weight, then the queens row by row, each checked against the masks of the rows
    /// above, the mirror trick's half of the first row, and the depths a split can cut at.
    fn prefix(&self, key: &[u32]) -> Result<ShardPrefix, String> {
        let (&weight, columns) = key.split_first().ok_or("an empty key (no weight)")?;
        if self.n == 0 {
            return if key == [1] {
                Ok(ShardPrefix { columns: Vec::new(), masks: (0, 0, 0), weight: 1 })
            } else {
                Err(format!("{key:?} is not the one prefix of the empty board, [1]"))
            };
        }
        if columns.is_empty() || columns.len() > self.max_depth() {
            return Err(format!(
                "{} rows, but a cut of {} queens is 1 to {} rows deep",
                columns.len(),
                self.n,
                self.max_depth()
            ));
        }
        let (n, full) = (self.n, mask(self.n));
        let (mut cols, mut left, mut right) = (0u32, 0u32, 0u32);
        let mut placed = Vec::with_capacity(columns.len());
        for (row, &c) in columns.iter().enumerate() {
            let mut free = full & !(cols | left | right);
            if row == 0 {
                free &= mask(n.div_ceil(2));
            }
            if c >= n as u32 || free & (1 << c) == 0 {
                return Err(format!(
                    "no queen can stand in column {c} of row {row} below {:?}",
                    &columns[..row]
                ));
            }
            let bit = 1u32 << c;
            (cols, left, right) = (cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
            placed.push(c as u8);
        }
        let first = columns[0] as usize;
        let expected = if n % 2 == 1 && first == n / 2 { 1 } else { 2 };
        if weight != expected {
            return Err(format!("weight {weight}, but a first queen in column {first} weighs {expected}"));
        }
        Ok(ShardPrefix { columns: placed, masks: (cols, left, right), weight: u64::from(weight) })
    }

    fn probe(&self, prefix: &ShardPrefix, rng: &mut Pcg64Mcg) -> f64 {
        let full = mask(self.n);
        let (mut cols, mut left, mut right) = prefix.masks;
        let (mut estimate, mut width) = (0.0, 1.0);
        // Rows whose placements the counter counts as nodes: all but the last.
        for _ in prefix.columns.len() + 1..self.n {
            let free = full & !(cols | left | right);
            let degree = free.count_ones();
            if degree == 0 {
                break;
            }
            width *= f64::from(degree);
            estimate += width;
            let mut pick = free;
            for _ in 0..rng.random_range(0..degree) {
                pick &= pick - 1;
            }
            let bit = pick & pick.wrapping_neg();
            (cols, left, right) = (cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
        }
        estimate
    }

    fn count(&self, prefix: &ShardPrefix, budget: &Budget) -> Count {
        let count = count_below(self.n, prefix.masks, budget);
        match count.outcome {
            Outcome::GaveUp(_) => Count { solutions: 0, stats: Stats::default(), ..count },
            _ => Count { solutions: count.solutions * prefix.weight, ..count },
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use tessera_xc::shard::{merge, run, RunOptions, Shard};

    use super::*;
    use crate::queens::{count, Query};

    fn single(n: usize) -> Count {
        count(&Board::new(n).unwrap(), &Query::default())
    }

    #[test]
    fn shards_add_up_to_the_single_count_solutions_and_nodes() {
        for n in 0..=11 {
            let tree = ShardTree::new(&Board::new(n).unwrap());
            let whole = single(n);
            for of in [1, 3, 7] {
                let manifests: Vec<_> =
                    (0..of).map(|index| run(&tree, &RunOptions::new(Shard { index, of })).unwrap()).collect();
                let merged = merge(&manifests).unwrap();
                assert_eq!(
                    (merged.solutions, merged.nodes),
                    (whole.solutions, whole.stats.nodes),
                    "n={n} of={of}"
                );
            }
        }
    }

    #[test]
    fn refined_plans_cut_big_prefixes_deeper_and_still_add_up() {
        use tessera_xc::shard::{run_part, Plan};
        // Queens 13 in 1,024 parts: its first cut leaves prefixes the probes find big.
        let (n, parts) = (13, 1024);
        let tree = ShardTree::new(&Board::new(n).unwrap());
        let plan = Plan::new(&tree, parts, 1, &Budget::unlimited()).unwrap();
        let depths: std::collections::BTreeSet<usize> = plan.prefixes.iter().map(|p| p.key.len()).collect();
        assert!(depths.len() > 1, "n={n}: no prefix was cut deeper ({depths:?})");
        let manifests: Vec<_> = (0..u64::from(parts))
            .map(|part| run_part(&tree, &plan, part, &RunOptions::new(Shard::WHOLE)).unwrap())
            .collect();
        let merged = merge(&manifests).unwrap();
        let whole = single(n);
        assert_eq!((merged.solutions, merged.nodes), (whole.solutions, whole.stats.nodes), "n={n}");
    }

    #[test]
    fn the_split_weighs_the_mirror_images() {
        let tree = ShardTree::new(&Board::new(9).unwrap());
        let split = tree.split(1, &Budget::unlimited()).unwrap();
        assert_eq!(split.depth, 1);
        let keys: Vec<_> = split.prefixes.iter().map(|p| tree.key(p)).collect();
        assert_eq!(keys, [[2, 0], [2, 1], [2, 2], [2, 3], [1, 4]]);
        let deeper = tree.split(100, &Budget::unlimited()).unwrap();
        assert!(
            deeper.prefixes.len() >= 100 && deeper.prefixes.iter().all(|p| p.columns.len() == deeper.depth)
        );
    }

    #[test]
    fn the_probe_is_unbiased() {
        // Knuth's estimator: the mean of many probes is the subtree's node count, within a few
        // standard errors (fixed seed: the test is deterministic).
        let tree = ShardTree::new(&Board::new(10).unwrap());
        let split = tree.split(1, &Budget::unlimited()).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        for prefix in &split.prefixes {
            let exact = tree.count(prefix, &Budget::unlimited()).stats.nodes as f64;
            let (mean, error) =
                crate::common::testing::mean_and_error(20_000, || tree.probe(prefix, &mut rng));
            assert!((mean - exact).abs() <= 4.0 * error, "{:?}: {mean} ± {error} vs {exact}", prefix.columns);
        }
    }

    #[test]
    fn prefixes_are_rebuilt_from_their_keys_and_bad_keys_refused() {
        for n in [1, 2, 5, 9, 12] {
            let tree = ShardTree::new(&Board::new(n).unwrap());
            let split = tree.split(200, &Budget::unlimited()).unwrap();
            for prefix in &split.prefixes {
                let rebuilt = tree.prefix(&tree.key(prefix)).unwrap();
                assert_eq!(
                    (rebuilt.columns.clone(), rebuilt.masks, rebuilt.weight),
                    (prefix.columns.clone(), prefix.masks, prefix.weight)
                );
            }
        }
        let tree = ShardTree::new(&Board::new(8).unwrap());
        for bad in
            [&[][..], &[2], &[2, 8], &[2, 0, 1], &[1, 0, 2], &[2, 5, 0], &[2, 0, 2, 4, 6, 1, 3, 5, 7, 1]]
        {
            assert!(tree.prefix(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_budget_gives_up_without_a_partial_count() {
        let tree = ShardTree::new(&Board::new(12).unwrap());
        let split = tree.split(1, &Budget::unlimited()).unwrap();
        let count = tree.count(&split.prefixes[0], &Budget::unlimited().with_nodes(10));
        assert!(matches!(count.outcome, Outcome::GaveUp(GaveUp::NodeLimit)));
    }
}
