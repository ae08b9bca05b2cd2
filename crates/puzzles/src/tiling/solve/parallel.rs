//! Running one search: on the calling thread, or split into prefixes spread over a rayon pool
//! (see the parent module's "Parallel counting"), then the outcome and, when weighing, the
//! classes assembled from what the threads share.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use rayon::prelude::*;
use tessera_xc::{Count, Outcome, Stats};

use super::search::{Search, Shared, Stop};
use super::tables::Tables;
use super::{BitSolver, Classes};

impl BitSolver<'_> {
    pub(super) fn run<const W: usize>(
        &self,
        limit: u64,
        visit: &(dyn Fn(&[u32]) + Sync),
        classes: &mut Option<Classes>,
    ) -> Count {
        let tables = Tables::<W>::new(self.puzzle, self.symmetry);
        let weigh = self.weigh && tables.images.len() > 1;
        let shared = Shared {
            weight: AtomicU64::new(0),
            weigh,
            found: AtomicU64::new(0),
            halt: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            limit,
            max_nodes: self.budget.nodes(),
            deadline: self.budget.deadline(),
            cancel: self.budget.cancel_flag().cloned(),
        };
        let copies: Vec<u32> = self.puzzle.pieces().iter().map(crate::tiling::Piece::copies).collect();
        let mut nodes = 0;
        let mut stop;
        if self.threads == 1 {
            let mut search = Search::new(&tables, &shared, visit, &copies, usize::MAX);
            search.node(tables.start, 0);
            nodes += search.nodes;
            stop = search.stop;
        } else {
            let Some(pool) = rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().ok() else {
                return BitSolver { threads: 1, ..self.clone() }.run::<W>(limit, visit, classes);
            };
            // Deepen the split until there are enough prefixes (or the tree ends).
            let mut prefixes = Vec::new();
            for depth in 1..=Self::MAX_SPLIT_DEPTH {
                shared.found.store(0, Ordering::Relaxed);
                shared.nodes.store(0, Ordering::Relaxed);
                let mut search = Search::new(&tables, &shared, visit, &copies, depth);
                search.deliver = false;
                search.node(tables.start, 0);
                prefixes = search.prefixes;
                if prefixes.len() >= Self::PREFIXES_PER_THREAD * self.threads {
                    break;
                }
            }
            shared.found.store(0, Ordering::Relaxed);
            shared.nodes.store(0, Ordering::Relaxed);
            // Count the levels above the split once, delivering the solutions found there.
            let mut top = Search::new(&tables, &shared, visit, &copies, prefixes.first().map_or(0, Vec::len));
            if prefixes.is_empty() {
                top.split = usize::MAX;
            }
            top.node(tables.start, 0);
            nodes += top.nodes;
            stop = top.stop;
            let results: Vec<(u64, Option<Stop>)> = pool.install(|| {
                top.prefixes
                    .par_iter()
                    .map(|prefix| {
                        if shared.halt.load(Ordering::Relaxed) {
                            return (0, Some(Stop::Limit));
                        }
                        let (mut search, filled) =
                            Search::at_prefix(&tables, &shared, visit, &copies, prefix);
                        search.expand(filled, prefix.len());
                        (search.nodes, search.stop)
                    })
                    .collect()
            });
            for (n, s) in results {
                nodes += n;
                stop = match (stop, s) {
                    (Some(Stop::GaveUp(g)), _) | (_, Some(Stop::GaveUp(g))) => Some(Stop::GaveUp(g)),
                    (Some(a), _) => Some(a),
                    (None, b) => b,
                };
            }
        }
        let found = shared.found.load(Ordering::Relaxed);
        let outcome = if found >= limit {
            Outcome::LimitReached
        } else if let Some(Stop::GaveUp(reason)) = stop {
            Outcome::GaveUp(reason)
        } else {
            Outcome::Exhausted
        };
        let count = Count { solutions: found.min(limit), outcome, stats: Stats { nodes, updates: 0 } };
        if self.weigh && !tables.symmetric_board {
            // No symmetry: every tiling is a class of its own.
            let weight = if weigh { shared.weight.load(Ordering::Relaxed) } else { found };
            let symmetries = tables.images.len() as u64;
            debug_assert!(count.gave_up() || weight % symmetries == 0, "Burnside: {weight} / {symmetries}");
            *classes = Some(Classes {
                count,
                classes: weight / symmetries,
                piece: tables.roots.first().map(|r| tables.entries[r.entry as usize].piece as usize),
                representatives: tables.roots.len(),
                symmetric: tables.roots.iter().filter(|r| r.carriers.len() < tables.images.len()).count(),
            });
        }
        count
    }
}
