//! The place of a new result among the ranked results of its configuration, without reading
//! them all.
//!
//! SQLite's B-trees do not count: `COUNT(*) ... WHERE ms < ?` walks every row it counts, which at a
//! million finished games is hundreds of thousands of rows per solve, inside the writer's
//! transaction, so every write waited for it. The writer is the only connection that inserts
//! results, so it can keep the ranked times of each configuration in memory and stay exact: a
//! configuration's times are read once (in order, through the `results_ranked` index) the first
//! time one of its games is solved, and every result the writer inserts afterwards is added.
//!
//! [`Times`] is an order-statistics list: sorted chunks of at most [`CHUNK`] times, so that a
//! rank is a sum over chunk lengths plus a binary search in one chunk, and an insertion moves at
//! most one chunk's worth of times (a single sorted vector would move half the list, megabytes at
//! a million results).

use std::collections::HashMap;

use rusqlite::{params, Transaction};

use crate::model::Kind;

/// Times per chunk, at most; a full chunk is split in two.
const CHUNK: usize = 1024;

/// The ranked times of one configuration, in order.
#[derive(Debug, Default)]
pub(super) struct Times {
    chunks: Vec<Vec<i64>>,
    len: u64,
}

impl Times {
    /// From times in ascending order.
    fn from_sorted(times: Vec<i64>) -> Times {
        let len = times.len() as u64;
        let chunks = times.chunks(CHUNK / 2).map(<[i64]>::to_vec).collect();
        Times { chunks, len }
    }

    /// How many times are strictly below `ms`.
    pub(super) fn below(&self, ms: i64) -> u64 {
        let mut below = 0u64;
        for chunk in &self.chunks {
            match chunk.last() {
                Some(&last) if last < ms => below += chunk.len() as u64,
                _ => return below + chunk.partition_point(|&t| t < ms) as u64,
            }
        }
        below
    }

    /// Adds `ms`.
    pub(super) fn insert(&mut self, ms: i64) {
        self.len += 1;
        // The first chunk whose last time is at least `ms`, else the last chunk.
        let at = self.chunks.iter().position(|c| c.last().is_some_and(|&last| last >= ms));
        let at = match at {
            Some(at) => at,
            None if self.chunks.is_empty() => {
                self.chunks.push(vec![ms]);
                return;
            }
            None => self.chunks.len() - 1,
        };
        let chunk = &mut self.chunks[at];
        let pos = chunk.partition_point(|&t| t < ms);
        chunk.insert(pos, ms);
        if chunk.len() > CHUNK {
            let upper = chunk.split_off(CHUNK / 2);
            self.chunks.insert(at + 1, upper);
        }
    }

    /// How many times.
    pub(super) fn len(&self) -> u64 {
        self.len
    }
}

/// The ranked times of every configuration the writer has placed a result in (the ordinary
/// rankings: a daily puzzle's results rank only among that day's, counted in `writer`).
#[derive(Debug, Default)]
pub(super) struct Ranks {
    by_config: HashMap<(Kind, String, String), Times>,
}

impl Ranks {
    /// Answers (ranked results strictly faster than `ms`, ranked results in all) for a ranked
    /// result of the configuration that `tx` has stored; `inserted` says whether this call's
    /// insert added it (false when it was already there), so that a time is never counted twice.
    ///
    /// The first call for a configuration reads its ranked times from `tx` (the new one
    /// included); later calls only add `ms`. If the transaction is then rolled back the cache
    /// would hold a time the table does not: the caller [`forget`](Self::forget)s it.
    pub(super) fn place(
        &mut self,
        tx: &Transaction<'_>,
        (kind, config, difficulty): (Kind, &str, &str),
        ms: i64,
        inserted: bool,
    ) -> rusqlite::Result<(u64, u64)> {
        let key = (kind, config.to_owned(), difficulty.to_owned());
        let times = match self.by_config.get_mut(&key) {
            Some(times) => {
                if inserted {
                    times.insert(ms);
                }
                times
            }
            None => {
                let loaded = load(tx, kind, config, difficulty)?;
                self.by_config.entry(key).or_insert(loaded)
            }
        };
        Ok((times.below(ms), times.len()))
    }

    /// Drops every cached configuration (after a failed commit: they are read again).
    pub(super) fn forget(&mut self) {
        self.by_config.clear();
    }
}

/// A configuration's ranked times, in order, through the `results_ranked` index.
fn load(tx: &Transaction<'_>, kind: Kind, config: &str, difficulty: &str) -> rusqlite::Result<Times> {
    let mut stmt = tx.prepare_cached(
        "SELECT ms FROM results WHERE kind = ?1 AND config = ?2 AND difficulty = ?3 AND ranked = 1 AND daily IS NULL
         ORDER BY ms",
    )?;
    let times = stmt.query_map(params![kind, config, difficulty], |row| row.get(0))?;
    Ok(Times::from_sorted(times.collect::<rusqlite::Result<Vec<i64>>>()?))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{Times, CHUNK};

    proptest! {
        /// Against a plain sorted vector: every rank, after every insertion, whatever the order
        /// and the ties (small values force ties; many values force chunk splits).
        #[test]
        fn ranks_match_a_sorted_vector(
            start in proptest::collection::vec(0i64..50, 0..3000),
            added in proptest::collection::vec(0i64..50, 0..3 * CHUNK),
            probes in proptest::collection::vec(-1i64..52, 1..20),
        ) {
            let mut plain = start.clone();
            plain.sort_unstable();
            let mut times = Times::from_sorted(plain.clone());
            for ms in added {
                times.insert(ms);
                let at = plain.partition_point(|&t| t < ms);
                plain.insert(at, ms);
                prop_assert_eq!(times.below(ms), at as u64);
            }
            prop_assert_eq!(times.len(), plain.len() as u64);
            for probe in probes {
                prop_assert_eq!(times.below(probe), plain.partition_point(|&t| t < probe) as u64);
            }
            prop_assert!(times.chunks.iter().all(|c| !c.is_empty() && c.len() <= CHUNK));
        }
    }
}
