//! The portfolio behind [`Engine::Auto`] (and the one-engine runs of [`Engine::Domain`],
//! [`Engine::Walk`] and [`Engine::Learn`]): the static checks, then rounds in which the domain
//! search, the path walker and the learner take turns with doubling budgets, and the more
//! solutions found by segment reversals; see the parent module's "The portfolio".

use std::collections::HashSet;
use std::time::Instant;

use tessera_xc::{Budget, GaveUp};

use super::gap::Search;
use super::learn::{Learned, Learner};
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

/// The widest board (bits of the domain search's sets, padding column included: up to 15x15)
/// on which the domain search takes a full share from the first round; on wider sparse boards
/// its root alone costs more than the walker's first runs.
const SMALL_BOARD_BITS: usize = 256;

/// The first round in which the domain search runs on a sparse board wider than
/// [`SMALL_BOARD_BITS`].
const SPARSE_DOMAIN_ROUND: u32 = 3;

/// The domain search's least slice on a dense board (where it is the engine that answers),
/// doubled every round.
const DENSE_DOMAIN_SLICE: u64 = 1024;

/// The walker's unit slice per cell of the board, times the Luby sequence: one node per cell,
/// what a run that never backtracks needs (4 and 16 per cell were slower on every set tried).
const WALK_SLICE_PER_CELL: u64 = 1;

/// The domain search's unit of restart, in its nodes, times the Luby sequence: long enough for
/// a janko.at puzzle's whole proof in the first runs, short enough that an unlucky order on a
/// sparse board is dropped within milliseconds.
const DOMAIN_RESTART: u64 = 256;

/// Walker nodes a conflict of the learner is counted as, to share a round between members.
const WALK_NODES_PER_CONFLICT: u64 = 4;

/// A member of the portfolio.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Member {
    Domain,
    Walk,
    Learn,
}

/// The members of an engine's run: the portfolio's in the order they take their turns, or one.
pub(super) fn members(engine: Engine, puzzle: &Hidato) -> &'static [Member] {
    let dense = puzzle.givens() * 8 >= puzzle.size();
    match engine {
        Engine::Domain => &[Member::Domain],
        Engine::Walk => &[Member::Walk],
        Engine::Learn => &[Member::Learn],
        _ if dense => &[Member::Domain, Member::Walk, Member::Learn],
        _ => &[Member::Walk, Member::Domain, Member::Learn],
    }
}

/// The dedicated engines: [`Engine::Auto`]'s portfolio, or one engine alone
/// ([`members`]), counting up to `limit` solutions and keeping the first `keep` of them;
/// `seed` varies the restarts' orders.
pub(super) fn run(
    puzzle: &Hidato,
    limit: u64,
    keep: u64,
    members: &[Member],
    seed: u64,
    budget: &Budget,
) -> Result<Answer, GaveUp> {
    let none = |nodes| Answer { stats: SolveStats { solutions: 0, nodes }, found: Vec::new() };
    if limit == 0 {
        return Ok(none(0));
    }
    let started = Instant::now();
    let mut walker = Walker::new(puzzle);
    if !walker.precheck() {
        return Ok(none(0));
    }
    // What a walker costs to build (a million-cell board: a few tenths of a second).
    let build = started.elapsed();
    let n = puzzle.size();
    // The walker over the reversed puzzle, built at its first run (a dense puzzle is mostly
    // answered by the domain search before).
    let mut reversed: Option<Walker> = None;
    // The learner, built at its first turn (None after if the board is too big for it).
    let mut learner: Option<Option<Learner>> = None;
    // Found paths already blocked in the learner, and the solutions it found itself.
    let (mut blocked, mut learnt) = (0, 0u64);
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
    // A board whose domains fit in 256 bits: the domain search's nodes cost microseconds.
    let small = puzzle.height() * (puzzle.width() + 1) <= SMALL_BOARD_BITS;
    let alone = members.len() == 1;
    let left = |nodes: u64| budget.nodes().map_or(u64::MAX, |max| max.saturating_sub(nodes));
    let answer = |found: &Found, count: u64, nodes: u64| Answer {
        stats: SolveStats { solutions: count.min(limit), nodes },
        found: found.order.iter().take(keep as usize).map(|path| fill(puzzle, path)).collect(),
    };
    // Luby indices of the walker's and the domain search's next runs.
    let (mut restart, mut domain_restart) = (1u64, 1u64);
    for round in 0u32.. {
        // This round's share for each member, in walker nodes (a domain node costs some N/2 of
        // them: it passes over every number's domain, where the walker passes over the cells).
        let share = (ROUND_PER_CELL * n as u64).saturating_mul(1 << round.min(40));
        for &member in members {
            if left(nodes) == 0 {
                return Err(GaveUp::NodeLimit);
            }
            match member {
                // On a big sparse board the domain search's root alone can cost more than the
                // walker's first rounds: it joins from the round SPARSE_DOMAIN_ROUND.
                Member::Domain if !alone && !dense && !small && round < SPARSE_DOMAIN_ROUND => {}
                Member::Domain => {
                    let slice = if alone {
                        u64::MAX
                    } else {
                        // On a wide sparse board the walker is the likelier to answer: a quarter share.
                        let (floor, part) = if dense {
                            (DENSE_DOMAIN_SLICE << round.min(40), 1)
                        } else {
                            (0, if small { 1 } else { 4 })
                        };
                        (share * 2 / n as u64 / part).max(floor).max(1)
                    };
                    let mut spent = 0;
                    while spent < slice {
                        // Luby-sequence restarts, each in its own random order but the first.
                        let run = (DOMAIN_RESTART.saturating_mul(luby(domain_restart))).min(left(nodes));
                        if run == 0 {
                            return Err(GaveUp::NodeLimit);
                        }
                        let order = if domain_restart == 1 { 0 } else { mix(seed, domain_restart) };
                        domain_restart += 1;
                        let sub = clock.clone().with_nodes(run);
                        match complete_search(puzzle, limit, keep, order, &sub) {
                            // A complete search: its solutions are all of them, up to the limit.
                            Ok((stats, kept)) => {
                                nodes += stats.nodes;
                                return Ok(Answer { stats: SolveStats { nodes, ..stats }, found: kept });
                            }
                            Err(GaveUp::NodeLimit) => {
                                nodes += run;
                                spent += run;
                            }
                            Err(reason) => return Err(reason),
                        }
                    }
                }
                Member::Walk => {
                    let mut spent = 0;
                    while spent < share || alone {
                        let slice =
                            (WALK_SLICE_PER_CELL * n as u64).saturating_mul(luby(restart)).min(left(nodes));
                        if slice == 0 {
                            return Err(GaveUp::NodeLimit);
                        }
                        // The reversed walker is built only while the deadline leaves time for
                        // it: on a huge board its build alone would overrun the budget.
                        let room = |deadline: Instant| {
                            deadline.saturating_duration_since(Instant::now()) > build * 2
                        };
                        let flip =
                            restart % 2 == 0 && (reversed.is_some() || budget.deadline().is_none_or(room));
                        let w = if flip {
                            reversed.get_or_insert_with(|| reversed_walker(puzzle))
                        } else {
                            &mut walker
                        };
                        let mut local = Vec::new();
                        // The seed keeps the restart's low bits (Pohl's tie-break on every other pair of runs).
                        let outcome = w.run(
                            restart.wrapping_add(seed.wrapping_mul(4)),
                            slice,
                            limit,
                            &clock,
                            &mut |path| {
                                local.push(if flip { path.into_iter().rev().collect() } else { path });
                                true
                            },
                        )?;
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
                // The learner joins from the second round: the depth-first members answer most
                // boards in the first without paying for its encoding. (Joining in the first
                // round made a sparse 12x14 Numbrix board of the corpus 4x slower.)
                Member::Learn if !alone && round == 0 => {}
                Member::Learn => {
                    let built = match &mut learner {
                        Some(built) => built,
                        None => learner.insert(Learner::new(puzzle, &clock)?),
                    };
                    let Some(sat) = built else {
                        if alone {
                            // Too big for the learner alone: the complete depth-first search.
                            let (stats, kept) = complete_search(puzzle, limit, keep, 0, budget)?;
                            return Ok(Answer { stats, found: kept });
                        }
                        continue;
                    };
                    // Solutions the other members found are blocked, so that "no more" from
                    // the learner means the found ones are all.
                    if keep_paths {
                        for path in &found.order[blocked..] {
                            sat.block(path);
                        }
                        blocked = found.order.len();
                    }
                    let slice = if alone { u64::MAX } else { (share / WALK_NODES_PER_CONFLICT).max(1) };
                    let before = sat.conflicts;
                    loop {
                        let conflicts = slice.saturating_sub(sat.conflicts - before).min(left(nodes));
                        if conflicts == 0 {
                            break;
                        }
                        match sat.run(conflicts)? {
                            Learned::Path(path) => {
                                learnt += 1;
                                found.add(path);
                                blocked = found.order.len();
                                let count = if keep_paths { found.order.len() as u64 } else { learnt };
                                if count >= limit {
                                    return Ok(answer(
                                        &found,
                                        limit,
                                        nodes.saturating_add(sat.conflicts - before),
                                    ));
                                }
                            }
                            Learned::Exhausted => {
                                let count = if keep_paths { found.order.len() as u64 } else { learnt };
                                return Ok(answer(
                                    &found,
                                    count,
                                    nodes.saturating_add(sat.conflicts - before),
                                ));
                            }
                            Learned::Cut => break,
                        }
                    }
                    nodes = nodes.saturating_add(sat.conflicts - before);
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

/// A restart's seed from the query's and the restart's index (SplitMix64's finaliser), never 0.
fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) | 1
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
    seed: u64,
    budget: &Budget,
) -> Result<(SolveStats, Vec<Hidato>), GaveUp> {
    if let Some(result) = domain_search(puzzle, limit, keep, None, seed, budget) {
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
