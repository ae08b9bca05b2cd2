//! The portfolio behind [`Engine::Auto`] (and the one-engine runs of [`Engine::Domain`] and
//! [`Engine::Walk`]): the static checks, then rounds in which the domain search and the path
//! walker take turns with doubling budgets, and the more solutions found by segment reversals;
//! see the parent module's "The portfolio".

use std::collections::HashSet;

use tessera_xc::{Budget, GaveUp};

use super::gap::Search;
use super::walk::{Walked, Walker};
use super::{domain_search, fill, given_numbers, moves, Engine, SolveStats};
use crate::hidato::Hidato;

/// The answer of a dedicated engine: the count up to the limit, the nodes, and up to `keep`
/// solutions (in the order found).
pub(super) struct Answer {
    pub(super) stats: SolveStats,
    pub(super) found: Vec<Hidato>,
}

/// Solutions up to this limit are kept (as paths) so that runs of different engines, and the
/// reversals of `moves`, add up to the limit together; above it a run must reach it alone.
pub(super) const KEEP_SOLUTIONS: u64 = 64;

/// Each engine's share of the first round, in walker nodes per cell; doubled every round.
const ROUND_PER_CELL: u64 = 16;

/// The first round in which the domain search runs on a sparse board.
const SPARSE_DOMAIN_ROUND: u32 = 3;

/// The domain search's least slice on a dense board (where it is the engine that answers),
/// doubled every round.
const DENSE_DOMAIN_SLICE: u64 = 1024;

/// The walker's unit slice per cell of the board, times the Luby sequence: one node per cell,
/// what a run that never backtracks needs (4 and 16 per cell were slower on every set tried).
const WALK_SLICE_PER_CELL: u64 = 1;

/// The dedicated engines: [`Engine::Auto`]'s portfolio, or one engine alone, counting up to
/// `limit` solutions and keeping the first `keep` of them.
pub(super) fn run(
    puzzle: &Hidato,
    limit: u64,
    keep: u64,
    engine: Engine,
    budget: &Budget,
) -> Result<Answer, GaveUp> {
    let none = |nodes| Answer { stats: SolveStats { solutions: 0, nodes }, found: Vec::new() };
    if limit == 0 {
        return Ok(none(0));
    }
    let mut walker = Walker::new(puzzle);
    if !walker.precheck() {
        return Ok(none(0));
    }
    let n = puzzle.size();
    // The walker over the reversed puzzle, built at its first run (a dense puzzle is mostly
    // answered by the domain search before).
    let mut reversed: Option<Walker> = None;
    let given = given_numbers(puzzle);
    // Solutions of `found` whose reversals were already scanned.
    let mut scanned = 0;
    // Every distinct path is kept when the caller wants them, or when the limit is low enough
    // for runs and reversals to add up to it together.
    let keep_paths = limit <= KEEP_SOLUTIONS || keep > 1;
    let mut found = Found { paths: HashSet::new(), order: Vec::new(), keep: keep_paths };
    let mut nodes = 0u64;
    let clock = budget.without_nodes();
    let dense = puzzle.givens() * 8 >= n;
    // A board whose domains fit in 128 bits: the domain search's nodes cost microseconds.
    let small = puzzle.height() * (puzzle.width() + 1) <= 128;
    let (use_domain, use_walk) = match engine {
        Engine::Domain => (true, false),
        Engine::Walk => (false, true),
        _ => (true, true),
    };
    let left = |nodes: u64| budget.nodes().map_or(u64::MAX, |max| max.saturating_sub(nodes));
    let answer = |found: &Found, count: u64, nodes: u64| Answer {
        stats: SolveStats { solutions: count.min(limit), nodes },
        found: found.order.iter().take(keep as usize).map(|path| fill(puzzle, path)).collect(),
    };
    // Luby index of the walker's next run.
    let mut restart = 1u64;
    for round in 0u32.. {
        // This round's share for each engine, in walker nodes (a domain node costs some N/2 of
        // them: it passes over every number's domain, where the walker passes over the cells).
        let share = (ROUND_PER_CELL * n as u64).saturating_mul(1 << round.min(40));
        for turn in 0..2 {
            let domain_turn = (turn == 0) == (dense || !use_walk);
            if (domain_turn && !use_domain) || (!domain_turn && !use_walk) {
                continue;
            }
            // On a big sparse board the domain search's root alone can cost more than the
            // walker's first rounds: it joins from the round SPARSE_DOMAIN_ROUND.
            if domain_turn && use_walk && !dense && !small && round < SPARSE_DOMAIN_ROUND {
                continue;
            }
            if left(nodes) == 0 {
                return Err(GaveUp::NodeLimit);
            }
            if domain_turn {
                let slice = if use_walk {
                    // On a sparse board the walker is the likelier to answer: a quarter share.
                    let (floor, part) = if dense { (DENSE_DOMAIN_SLICE << round.min(40), 1) } else { (0, 4) };
                    (share * 2 / n as u64 / part).max(floor).max(1)
                } else {
                    u64::MAX
                };
                let slice = slice.min(left(nodes));
                let sub = clock.clone().with_nodes(slice);
                match complete_search(puzzle, limit, keep, &sub) {
                    // A complete search: its solutions are all of them, up to the limit.
                    Ok((stats, kept)) => {
                        nodes += stats.nodes;
                        return Ok(Answer { stats: SolveStats { nodes, ..stats }, found: kept });
                    }
                    Err(GaveUp::NodeLimit) => nodes += slice,
                    Err(reason) => return Err(reason),
                }
            } else {
                let mut spent = 0;
                while spent < share || !use_domain {
                    let slice =
                        (WALK_SLICE_PER_CELL * n as u64).saturating_mul(luby(restart)).min(left(nodes));
                    if slice == 0 {
                        return Err(GaveUp::NodeLimit);
                    }
                    let flip = restart % 2 == 0;
                    let w = if flip {
                        reversed.get_or_insert_with(|| reversed_walker(puzzle))
                    } else {
                        &mut walker
                    };
                    let mut local = Vec::new();
                    let outcome = w.run(restart, slice, limit, &clock, &mut |path| {
                        local.push(if flip { path.into_iter().rev().collect() } else { path });
                        true
                    })?;
                    restart += 1;
                    nodes += w.nodes;
                    spent += w.nodes;
                    let walked = w.solutions;
                    for path in local {
                        found.add(path);
                    }
                    match outcome {
                        Walked::Exhausted => return Ok(answer(&found, walked, nodes)),
                        Walked::Limit => return Ok(answer(&found, limit, nodes)),
                        Walked::Cut => {}
                    }
                    if !found.order.is_empty() {
                        break;
                    }
                }
            }
            if keep_paths {
                let touch = |a: u32, b: u32| puzzle.touch(a as usize, b as usize);
                while scanned < found.order.len() && (found.order.len() as u64) < limit {
                    // A sparse board's paths lead by reversals to ever more paths: with no
                    // limit this scan alone could outlast any deadline.
                    if let Some(reason) = clock.check_clock() {
                        return Err(reason);
                    }
                    let path = found.order[scanned].clone();
                    moves::reversals(&path, &given, touch, &mut |other| {
                        found.add(other);
                        (found.order.len() as u64) < limit
                    });
                    scanned += 1;
                }
            }
            if keep_paths && found.order.len() as u64 >= limit {
                return Ok(answer(&found, limit, nodes));
            }
        }
    }
    unreachable!("the rounds only end by returning")
}

/// Distinct solutions found so far, as paths, in the order found.
struct Found {
    paths: HashSet<Vec<u32>>,
    order: Vec<Vec<u32>>,
    keep: bool,
}

impl Found {
    fn add(&mut self, path: Vec<u32>) {
        if self.order.is_empty() || (self.keep && !self.paths.contains(&path)) {
            self.paths.insert(path.clone());
            self.order.push(path);
        }
    }
}

/// The walker over the puzzle numbered backwards (k -> N + 1 - k), prechecked; its paths read
/// backwards are the puzzle's.
fn reversed_walker(puzzle: &Hidato) -> Walker {
    let n = puzzle.size() as i32;
    let mut reversed = puzzle.clone();
    for cell in 0..puzzle.cells().len() {
        let v = puzzle.get(cell);
        if v > 0 {
            reversed.set(cell, n + 1 - v);
        }
    }
    let mut walker = Walker::new(&reversed);
    // Its static checks are the puzzle's, already passed: the call sets up its legs.
    walker.precheck();
    walker
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (`i` from 1): restart budgets within a
/// constant factor of the best fixed budget for any run-time distribution (Luby, Sinclair and
/// Zuckerman 1993).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        let mut k = 1u32;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// The complete search: the domain search where it fits, else the gap search.
fn complete_search(
    puzzle: &Hidato,
    limit: u64,
    keep: u64,
    budget: &Budget,
) -> Result<(SolveStats, Vec<Hidato>), GaveUp> {
    if let Some(result) = domain_search(puzzle, limit, keep, None, budget) {
        return result;
    }
    let mut search = Search::new(puzzle, limit, keep, budget);
    search.run()?;
    Ok((
        SolveStats { solutions: search.tally.solutions, nodes: search.nodes },
        std::mem::take(&mut search.tally.kept),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
