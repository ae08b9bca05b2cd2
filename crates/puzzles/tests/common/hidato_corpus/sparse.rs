//! Sparse boards with 1 to 4 solutions, the shape of the heavy tail of depth-first search (issue
//! 27): a random Hamiltonian path (open rectangle or holed board, as for the satisfiable cases),
//! a random 8 % to 30 % of its numbers kept as givens, then one more given at a time from the path
//! while the board still has 5 or more solutions. Unlike the rest of the corpus this calls a
//! solver, [`count`] up to 5, and keeps the board only when it answers 1 to 4 within its budget.
//!
//! Board `index` of a run:
//!
//! * adjacency: Hidato ([`Adjacency::King`]) for even `index`, Numbrix for odd;
//! * shape: the full rectangle when `index / 2` is even, a holed board (5 % to 35 % holes) when
//!   odd, each with its path made by backbite moves (`paths.rs`);
//! * ends: when `index / 4` is even, 1 and N are among the givens from the start; when odd,
//!   neither is ever given;
//! * width and height: each uniform in `min_side..=max_side`;
//! * givens: a fraction `f` uniform in `[0.08, 0.30]`, `round(f N)` numbers (at least 2 with the
//!   ends, 1 without), the others drawn from a random order of the eligible numbers (`2..N` without
//!   the ends, `1..=N` with them) that also gives the numbers added one by one afterwards.
//!
//! With thinning (`thin`), a board that reached 1 to 4 solutions then loses givens (never 1 or
//! N), one at a time in a random order, each removal kept only while the count stays 1 to 4,
//! until the givens are back to the start's fraction or none can go: sparse boards with few
//! solutions, as a puzzle's author makes them, where added givens alone leave boards dense.
//!
//! Everything comes from one generator seeded from `seed` and `index` (`Pcg64Mcg`), so a board
//! depends on its index and the sides only. The solver's budget decides only whether a board is
//! kept: a count that gives up drops the board ([`Dropped`]), and a slower machine drops more.

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::hidato::{solutions, Adjacency, Budget, Hidato, Outcome, Query};

use super::board::Board;
use super::paths::{holed_path, open_path};
use super::splitmix;

/// Counting stops here: a count of `LIMIT` means "5 or more", and one more given is added.
const LIMIT: u64 = 5;

/// Keeps these boards' generators apart from the groups of [`super::corpus`].
const SALT: u64 = 0x5A17_2027;

/// Which number becomes the next given while a board has 5 or more solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adding {
    /// The next of the random order: the board does not depend on the solver.
    Uniform,
    /// A random one among the numbers that some solution found (other than the path) puts on
    /// another cell, so each given cuts a solution the solver found (the next of the random order
    /// when there is none): fewer givens, but the board depends on the solutions the solver finds
    /// first.
    Distinguishing,
}

/// One kept board.
#[derive(Debug, Clone)]
pub struct Sparse {
    /// `sparse-{open|holed}-{hidato|numbrix}-{W}x{H}-g{givens}-{ends|no-ends}-n{solutions}-s{seed}-{index}`.
    pub name: String,
    /// Givens filled in, 0 elsewhere, -1 for holes.
    pub puzzle: Hidato,
    /// The path its givens were taken from (one of its solutions).
    pub solution: Hidato,
    /// Whether the board has holes.
    pub holed: bool,
    /// Whether 1 and N are given (else neither is).
    pub ends: bool,
    /// Givens before any was added, over N.
    pub start_fraction: f64,
    /// Givens at the end, over N.
    pub final_fraction: f64,
    /// 1 to 4: the exact count.
    pub solutions: u64,
    /// Thinning only: removals kept back because their count gave up.
    pub thin_gave_up: usize,
}

/// A board dropped because a count gave up, as it stood then: the boards the solver found
/// hardest, worth timing on their own (their answers: at least the path).
#[derive(Debug, Clone)]
pub struct Dropped {
    /// As [`Sparse::name`], with `n?` for the unknown count.
    pub name: String,
    /// Givens filled in, 0 elsewhere, -1 for holes.
    pub puzzle: Hidato,
    /// Whether the board has holes.
    pub holed: bool,
    /// Whether 1 and N are given (else neither is).
    pub ends: bool,
    /// Givens over N when the count gave up.
    pub fraction: f64,
    /// Solutions found before it gave up (a lower bound).
    pub found: u64,
}

/// The count of `puzzle` up to [`LIMIT`].
fn solutions_of(puzzle: &Hidato, budget: Budget) -> tessera::hidato::Count {
    tessera::hidato::count(puzzle, &Query::default().with_limit(LIMIT).with_budget(budget))
}

/// Board `index` of the run `seed`, sides in `min_side..=max_side` (at least 4 each), each count
/// within `timeout`; see the module documentation.
pub fn sparse(
    seed: u64,
    index: usize,
    min_side: usize,
    max_side: usize,
    timeout: Duration,
    adding: Adding,
    thin: bool,
) -> Result<Sparse, Dropped> {
    assert!(4 <= min_side && min_side <= max_side, "sides must satisfy 4 <= {min_side} <= {max_side}");
    let mut rng = Pcg64Mcg::seed_from_u64(splitmix(splitmix(seed ^ SALT) ^ index as u64));
    let rng = &mut rng;
    let adjacency = if index % 2 == 0 { Adjacency::King } else { Adjacency::Orthogonal };
    let holed = (index / 2) % 2 == 1;
    let ends = (index / 4) % 2 == 0;
    let width = rng.random_range(min_side..=max_side);
    let height = rng.random_range(min_side..=max_side);
    let (board, path) = if holed {
        holed_path(width, height, adjacency, rng)
    } else {
        let board = Board::full(width, height, adjacency);
        let path = open_path(&board, rng);
        (board, path)
    };
    let n = path.len();
    let fraction = rng.random_range(0.08..=0.30);

    // Numbers (1-based) in the order they become givens.
    let mut order: Vec<usize> = (2..n).collect();
    order.shuffle(rng);
    let mut target = ((fraction * n as f64).round() as usize).max(1);
    if ends {
        order.splice(0..0, [1, n]);
        target = target.max(2);
    }
    let target = target.min(order.len());

    let mut puzzle = board.puzzle(&[]);
    for &number in &order[..target] {
        puzzle.set(path[number - 1], number as i32);
    }
    let name = |givens: usize, solutions: &str| {
        format!(
            "sparse-{}-{}-{width}x{height}-g{givens}-{}-n{solutions}-s{seed}-{index}",
            if holed { "holed" } else { "open" },
            adjacency.name(),
            if ends { "ends" } else { "no-ends" }
        )
    };
    let mut next = target;
    loop {
        let budget = Budget::unlimited().with_timeout(timeout);
        let found = solutions(&puzzle, &Query::default().with_limit(LIMIT).with_budget(budget));
        let counted = found.count;
        let givens = next;
        match counted.outcome {
            Outcome::GaveUp(_) => {
                return Err(Dropped {
                    name: name(givens, "?"),
                    puzzle,
                    holed,
                    ends,
                    fraction: givens as f64 / n as f64,
                    found: counted.solutions,
                })
            }
            Outcome::Exhausted | Outcome::LimitReached if counted.solutions < LIMIT => {
                assert!(counted.solutions >= 1, "{}: the path is a solution", name(givens, "0"));
                let (mut givens, mut solutions, mut thin_gave_up) = (givens, counted.solutions, 0);
                if thin {
                    // Thinning: givens (never the ends) removed in a random order while the
                    // count stays 1 to 4, back down to the start's fraction.
                    let mut removable: Vec<usize> =
                        order[..next].iter().copied().filter(|&k| k != 1 && k != n).collect();
                    removable.shuffle(rng);
                    for number in removable {
                        if givens <= target {
                            break;
                        }
                        let cell = path[number - 1];
                        puzzle.set(cell, 0);
                        let budget = Budget::unlimited().with_timeout(timeout);
                        let counted = solutions_of(&puzzle, budget);
                        match counted.outcome {
                            Outcome::GaveUp(_) => thin_gave_up += 1,
                            _ if counted.solutions < LIMIT => {
                                givens -= 1;
                                solutions = counted.solutions;
                                continue;
                            }
                            _ => {}
                        }
                        puzzle.set(cell, number as i32);
                    }
                }
                return Ok(Sparse {
                    name: name(givens, &solutions.to_string()),
                    puzzle,
                    solution: board.solution(&path),
                    holed,
                    ends,
                    start_fraction: target as f64 / n as f64,
                    final_fraction: givens as f64 / n as f64,
                    solutions,
                    thin_gave_up,
                });
            }
            _ => {
                // Every eligible number given leaves at most two solutions, so this ends.
                if adding == Adding::Distinguishing {
                    let cuts: Vec<usize> = (next..order.len())
                        .filter(|&i| {
                            let (number, cell) = (order[i], path[order[i] - 1]);
                            found.found.iter().any(|other| other.get(cell) != number as i32)
                        })
                        .collect();
                    if !cuts.is_empty() {
                        order.swap(next, cuts[rng.random_range(0..cuts.len())]);
                    }
                }
                let number = order[next];
                puzzle.set(path[number - 1], number as i32);
                next += 1;
            }
        }
    }
}
