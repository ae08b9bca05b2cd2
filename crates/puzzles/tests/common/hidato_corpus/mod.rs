//! A seeded corpus of Hidato (eight neighbours, [`Adjacency::King`]) and Numbrix (four
//! neighbours, [`Adjacency::Orthogonal`]) puzzles whose answers are known by construction: no
//! solver is called. Satisfiable puzzles come with the path their givens were taken from;
//! unsatisfiable ones carry, as their `kind`, the reason no path exists.
//!
//! # Determinism
//!
//! [`corpus`]`(seed, min_side, max_side, per_kind)` returns the same cases in the same order for
//! the same four arguments (on every platform: the random numbers come from `Pcg64Mcg`, and each
//! case has its own generator, seeded from `seed`, its group and its index). The cases come group
//! by group, in the order of [`GROUPS`], `per_kind` cases per group. Widths and heights lie in
//! `min_side..=max_side` (`4 <= min_side <= max_side`): within a group one side grows evenly from
//! `min_side` (first case) to `max_side` (last case), the other is random (a quarter of the boards
//! are squares), and the two are swapped at random.
//!
//! Names read `{sat|unsat}-{kind}[-{open|holed}]-{hidato|numbrix}-{W}x{H}-g{givens}-s{seed}-{i}`
//! (the board type is named only for unsatisfiable kinds; `i` counts from 0 within the group), e.g.
//! `sat-open-hidato-17x12-g3-s2026-5` or `unsat-door-holed-numbrix-9x14-g4-s2026-7`.
//!
//! # Satisfiable cases (`open`, `holed`)
//!
//! * `open`: the full rectangle. A serpentine (boustrophedon) path, by rows or by columns, is mixed
//!   by `10 N` backbite moves: an end of the path jumps to one of its board neighbours `p[i]` other
//!   than its path neighbour, and the segment between is reversed (`p[..=i] + reverse(p[i+1..])`
//!   for the tail, `reverse(p[..i]) + p[i..]` for the head; the end is chosen at random each move).
//!   The new edge joins the end to `p[i]` and the old edge `p[i]`–`p[i+1]` is dropped, so a move
//!   keeps a Hamiltonian path on any graph.
//! * `holed`: a path on the full rectangle (serpentine, `2 N` backbite moves) loses cells, which
//!   become holes, until 5 % to 35 % of the rectangle (a random target) is holes: a middle segment
//!   `p[i+1..=j]` is cut out when `p[i]` and `p[j+1]` touch (the path goes on as
//!   `p[..=i] + p[j+1..]`), or else a prefix or a suffix is trimmed. What is left is a Hamiltonian
//!   path of the holed board, mixed again by `10 N` backbite moves over its cells (checked in debug
//!   builds).
//!
//! Then 1 to 6 numbers of the path are kept as givens: sometimes 1 and/or N among them, sometimes
//! neither, sometimes a single given.
//!
//! # Unsatisfiable cases, and why
//!
//! Each starts from a board (the full rectangle or a holed board as above, alternately: the `open`
//! or `holed` in the name) and adds a defect. Any other givens ("extras") are chosen pairwise
//! consistent with every given: for givens `x` and `y` on cells at grid distance `d` (Chebyshev for
//! Hidato, Manhattan for Numbrix), `d <= |x - y|`, and for Numbrix `|x - y| - d` is even. So the
//! defect named by the kind is the only one a pairwise check finds.
//!
//! * `distance` (both): givens `a < b` on cells farther apart than `b - a`. One step changes the grid
//!   distance by at most 1 (a king step changes each coordinate by at most 1; an orthogonal step
//!   changes one coordinate by 1), and paths through a holed board are no shorter, so `b - a` steps
//!   cannot join the two cells. Half of the time `b - a` is the distance minus one.
//! * `parity` (Numbrix): givens `a < b` with Manhattan distance `m <= b - a` but `b - a - m` odd.
//!   Colour the cells by `(row + column) % 2`: every orthogonal step flips the colour, so after
//!   `b - a` steps the colour has changed iff `b - a` is odd, while the two cells differ in colour
//!   iff `m` is odd.
//! * `colours` (Numbrix): a connected board whose two colours' cell counts differ by 2 or more
//!   (cells of one colour turned into holes, never disconnecting the board). A path alternates
//!   colours, so a path through every cell has as many cells of one colour as of the other, give or
//!   take one. 0 to 3 givens.
//! * `cut-off` (both): the board is not connected. A 1x1 to 2x2 pocket of cells is fenced by holes
//!   on every cell that touches it (diagonals too for Hidato), with cells left outside. A path
//!   through every cell would join the pocket to the rest. 0 to 3 givens.
//! * `ends` (both): a connected board with 3 or more cells having exactly one neighbour (all other
//!   neighbours of a cell turned into holes). A cell with one neighbour has at most one path
//!   neighbour, so it is an end of the path, and a path has two ends. 0 to 3 givens.
//! * `door` (both): a rectangular pocket `P` of 2 to 9 cells whose only neighbour outside `P` is a
//!   door cell `D` (every other cell touching `P`, diagonals included for Hidato, is a hole); the
//!   board stays connected. `D` holds `k`, with `3 <= k <= N - 2`, and `k - 1` and `k + 1` are given
//!   on two cells next to `D` outside `P`. Why no path: the path visits `P` and also cells outside
//!   `P` (at least `D`), so one of its steps joins a cell of `P` to a cell outside `P`, and that can
//!   only be `D`. So a path neighbour of `D` lies in `P`. But the path neighbours of `D`, holding
//!   `k` (not 1, not N), are the cells of `k - 1` and `k + 1`, both outside `P`. (Nothing here needs
//!   the pocket to hold a path end or not: a pocket holding 1 would still be entered from `D`.)
//!   0 to 2 extra givens.
//!
//! # Sparse boards with few solutions (`sparse.rs`)
//!
//! [`sparse::sparse`]`(seed, index, ...)` makes one board of another shape, for timing rather than for
//! answers: a random path with 8 % to 30 % of its numbers given, more added until a solver counts
//! 1 to 4 solutions (see `sparse.rs`).
#![allow(dead_code, reason = "the corpus test and the corpus example use different parts")]

mod board;
mod defects;
mod paths;
pub mod sparse;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::hidato::{Adjacency, Hidato};

use board::Board;
use defects::{build, colours, cut_off, distance, door, ends, parity};
use paths::{holed_path, open_path};

/// Whether a case has an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expected {
    /// At least one: the path its givens were taken from.
    Sat,
    /// None, for the reason its kind names.
    Unsat,
}

impl Expected {
    /// `sat` or `unsat`, as in names and `answers.tsv`.
    pub fn name(self) -> &'static str {
        match self {
            Expected::Sat => "sat",
            Expected::Unsat => "unsat",
        }
    }
}

/// One puzzle of the corpus and its known answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Unique within a corpus and stable for its arguments; see the module documentation.
    pub name: String,
    /// Givens filled in, 0 elsewhere, -1 for holes.
    pub puzzle: Hidato,
    /// Whether it has an answer.
    pub expected: Expected,
    /// `open` or `holed` for satisfiable cases; for the others the reason there is no answer:
    /// `distance`, `parity`, `colours`, `cut-off`, `ends`, `door`.
    pub kind: &'static str,
    /// For satisfiable cases, the full path the givens were taken from.
    pub solution: Option<Hidato>,
}

/// The groups of the corpus, in the order [`corpus`] returns them.
pub const GROUPS: [(Expected, &str, Adjacency); 14] = [
    (Expected::Sat, "open", Adjacency::King),
    (Expected::Sat, "open", Adjacency::Orthogonal),
    (Expected::Sat, "holed", Adjacency::King),
    (Expected::Sat, "holed", Adjacency::Orthogonal),
    (Expected::Unsat, "distance", Adjacency::King),
    (Expected::Unsat, "distance", Adjacency::Orthogonal),
    (Expected::Unsat, "parity", Adjacency::Orthogonal),
    (Expected::Unsat, "colours", Adjacency::Orthogonal),
    (Expected::Unsat, "cut-off", Adjacency::King),
    (Expected::Unsat, "cut-off", Adjacency::Orthogonal),
    (Expected::Unsat, "ends", Adjacency::King),
    (Expected::Unsat, "ends", Adjacency::Orthogonal),
    (Expected::Unsat, "door", Adjacency::King),
    (Expected::Unsat, "door", Adjacency::Orthogonal),
];

/// `per_kind` cases for each of the [`GROUPS`], group by group, boards of `min_side..=max_side` on
/// each side. Deterministic: the same arguments give the same cases in the same order.
///
/// # Panics
/// Unless `4 <= min_side <= max_side`.
pub fn corpus(seed: u64, min_side: usize, max_side: usize, per_kind: usize) -> Vec<Case> {
    assert!(4 <= min_side && min_side <= max_side, "sides must satisfy 4 <= {min_side} <= {max_side}");
    let mut cases = Vec::with_capacity(GROUPS.len() * per_kind);
    for (group, &(expected, kind, adjacency)) in GROUPS.iter().enumerate() {
        for i in 0..per_kind {
            let mut rng =
                Pcg64Mcg::seed_from_u64(splitmix(splitmix(seed ^ splitmix(group as u64)) ^ i as u64));
            let rng = &mut rng;
            let (width, height) = sides(rng, min_side, max_side, i, per_kind);
            let holed = i % 2 == 1;
            let made = match kind {
                "open" => {
                    let board = Board::full(width, height, adjacency);
                    let path = open_path(&board, rng);
                    sat(board, path, rng)
                }
                "holed" => {
                    let (board, path) = holed_path(width, height, adjacency, rng);
                    sat(board, path, rng)
                }
                "distance" => build(width, height, adjacency, holed, rng, distance),
                "parity" => build(width, height, adjacency, holed, rng, parity),
                "colours" => build(width, height, adjacency, holed, rng, colours),
                "cut-off" => build(width, height, adjacency, holed, rng, cut_off),
                "ends" => build(width, height, adjacency, holed, rng, ends),
                "door" => build(width, height, adjacency, holed, rng, door),
                _ => unreachable!("kind {kind}"),
            };
            let puzzle = made.board.puzzle(&made.givens);
            let base = match (expected, holed) {
                (Expected::Sat, _) => "",
                (Expected::Unsat, false) => "-open",
                (Expected::Unsat, true) => "-holed",
            };
            let name = format!(
                "{}-{kind}{base}-{}-{width}x{height}-g{}-s{seed}-{i}",
                expected.name(),
                adjacency.name(),
                made.givens.len()
            );
            let solution = made.path.map(|path| made.board.solution(&path));
            cases.push(Case { name, puzzle, expected, kind, solution });
        }
    }
    cases
}

/// SplitMix64's output function: spreads nearby seeds far apart.
fn splitmix(z: u64) -> u64 {
    let z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Width and height of case `i` of `n` in a group: one side spread evenly over the range, the
/// other random (the same a quarter of the time), in random order.
fn sides(rng: &mut Pcg64Mcg, min: usize, max: usize, i: usize, n: usize) -> (usize, usize) {
    let a =
        if n <= 1 { rng.random_range(min..=max) } else { min + ((max - min) * i + (n - 1) / 2) / (n - 1) };
    let b = if rng.random_bool(0.25) { a } else { rng.random_range(min..=max) };
    if rng.random_bool(0.5) {
        (a, b)
    } else {
        (b, a)
    }
}

/// A board, its givens, and for satisfiable cases the path they come from.
struct Made {
    board: Board,
    givens: Vec<(usize, i32)>,
    path: Option<Vec<usize>>,
}

/// 1 to 6 numbers of the path kept as givens: 1 and N each half of the time, the rest at random.
fn sat(board: Board, path: Vec<usize>, rng: &mut Pcg64Mcg) -> Made {
    let n = path.len() as i32;
    let count = rng.random_range(1..=6);
    let mut numbers = Vec::with_capacity(count);
    if count == 1 {
        numbers.push(match rng.random_range(0..4) {
            0 => 1,
            1 => n,
            _ => rng.random_range(1..=n),
        });
    } else {
        if rng.random_bool(0.5) {
            numbers.push(1);
        }
        if rng.random_bool(0.5) {
            numbers.push(n);
        }
        while numbers.len() < count {
            let number = rng.random_range(1..=n);
            if !numbers.contains(&number) {
                numbers.push(number);
            }
        }
    }
    let givens = numbers.iter().map(|&number| (path[number as usize - 1], number)).collect();
    Made { board, givens, path: Some(path) }
}
