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
#![allow(dead_code, reason = "the corpus test and the corpus example use different parts")]

use std::collections::VecDeque;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::hidato::{Adjacency, Hidato};

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

/// A board shape: which cells of the rectangle are cells (`free`) rather than holes.
#[derive(Debug, Clone)]
struct Board {
    width: usize,
    height: usize,
    adjacency: Adjacency,
    free: Vec<bool>,
}

impl Board {
    fn full(width: usize, height: usize, adjacency: Adjacency) -> Self {
        Board { width, height, adjacency, free: vec![true; width * height] }
    }

    /// Grid distance: Chebyshev for king steps, Manhattan for orthogonal ones.
    fn distance(&self, a: usize, b: usize) -> usize {
        let dx = (a % self.width).abs_diff(b % self.width);
        let dy = (a / self.width).abs_diff(b / self.width);
        match self.adjacency {
            Adjacency::King => dx.max(dy),
            Adjacency::Orthogonal => dx + dy,
        }
    }

    fn touch(&self, a: usize, b: usize) -> bool {
        self.distance(a, b) == 1
    }

    /// The cells of the rectangle one step from `cell`, holes included.
    fn around(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = (cell % self.width, cell / self.width);
        let xs = x.saturating_sub(1)..=(x + 1).min(self.width - 1);
        let ys = y.saturating_sub(1)..=(y + 1).min(self.height - 1);
        ys.flat_map(move |ny| xs.clone().map(move |nx| ny * self.width + nx))
            .filter(move |&other| self.touch(cell, other))
    }

    /// The cells (not holes) one step from `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.around(cell).filter(move |&other| self.free[other])
    }

    fn degree(&self, cell: usize) -> usize {
        self.neighbours(cell).count()
    }

    /// N: the number of cells.
    fn size(&self) -> usize {
        self.free.iter().filter(|&&free| free).count()
    }

    /// Whether the cells form one piece.
    fn connected(&self) -> bool {
        let Some(start) = self.free.iter().position(|&free| free) else { return true };
        let mut seen = vec![false; self.free.len()];
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        let mut reached = 1;
        while let Some(cell) = queue.pop_front() {
            for next in self.neighbours(cell) {
                if !seen[next] {
                    seen[next] = true;
                    reached += 1;
                    queue.push_back(next);
                }
            }
        }
        reached == self.size()
    }

    /// Cells of each colour, `(row + column) % 2` being 0 or 1.
    fn colour_counts(&self) -> [usize; 2] {
        let mut counts = [0; 2];
        for cell in (0..self.free.len()).filter(|&c| self.free[c]) {
            counts[self.colour(cell)] += 1;
        }
        counts
    }

    fn colour(&self, cell: usize) -> usize {
        (cell % self.width + cell / self.width) % 2
    }

    /// A random cell (the board always has some).
    fn random_cell(&self, rng: &mut Pcg64Mcg) -> usize {
        loop {
            let cell = rng.random_range(0..self.free.len());
            if self.free[cell] {
                return cell;
            }
        }
    }

    /// Whether two givens `(cell, number)` pass the pairwise checks: distinct cells and numbers,
    /// the grid distance within the difference, and for Numbrix the parity.
    fn consistent(&self, (a, x): (usize, i32), (b, y): (usize, i32)) -> bool {
        let (steps, d) = (x.abs_diff(y) as usize, self.distance(a, b));
        a != b && x != y && d <= steps && (self.adjacency == Adjacency::King || (steps - d) % 2 == 0)
    }

    /// Up to `count` more givens, each consistent with all the others.
    fn add_extras(&self, givens: &mut Vec<(usize, i32)>, count: usize, rng: &mut Pcg64Mcg) {
        let n = self.size() as i32;
        let target = givens.len() + count;
        for _ in 0..100 * count {
            if givens.len() >= target {
                break;
            }
            let given = (self.random_cell(rng), rng.random_range(1..=n));
            if givens.iter().all(|&other| self.consistent(other, given)) {
                givens.push(given);
            }
        }
    }

    /// The puzzle: holes, givens, 0 elsewhere.
    fn puzzle(&self, givens: &[(usize, i32)]) -> Hidato {
        let mut cells: Vec<i32> = self.free.iter().map(|&free| if free { 0 } else { -1 }).collect();
        for &(cell, number) in givens {
            debug_assert!(self.free[cell] && cells[cell] == 0, "a given on a hole or twice on a cell");
            cells[cell] = number;
        }
        Hidato::new(self.width, self.height, cells, self.adjacency).expect("a valid board")
    }

    /// The answer: `path[k]` holds `k + 1`.
    fn solution(&self, path: &[usize]) -> Hidato {
        let mut cells = vec![-1; self.free.len()];
        for (k, &cell) in path.iter().enumerate() {
            cells[cell] = k as i32 + 1;
        }
        Hidato::new(self.width, self.height, cells, self.adjacency).expect("a valid answer")
    }
}

/// Whether `path` visits every cell of the board once, in steps between touching cells.
fn is_hamiltonian(board: &Board, path: &[usize]) -> bool {
    let mut seen = vec![false; board.free.len()];
    for &cell in path {
        if !board.free[cell] || seen[cell] {
            return false;
        }
        seen[cell] = true;
    }
    path.len() == board.size() && path.windows(2).all(|step| board.touch(step[0], step[1]))
}

/// The boustrophedon through the full rectangle, by rows or by columns.
fn serpentine(width: usize, height: usize, by_columns: bool) -> Vec<usize> {
    let (outer, inner) = if by_columns { (width, height) } else { (height, width) };
    let mut path = Vec::with_capacity(width * height);
    for o in 0..outer {
        for k in 0..inner {
            let i = if o % 2 == 0 { k } else { inner - 1 - k };
            path.push(if by_columns { i * width + o } else { o * width + i });
        }
    }
    path
}

/// `moves` backbite moves on a Hamiltonian path of `board` (see the module documentation); a move
/// that picks the end's own path neighbour changes nothing.
fn backbite(board: &Board, path: &mut [usize], moves: usize, rng: &mut Pcg64Mcg) {
    let n = path.len();
    if n < 3 {
        return;
    }
    let mut at = vec![usize::MAX; board.free.len()];
    for (i, &cell) in path.iter().enumerate() {
        at[cell] = i;
    }
    let mut near = Vec::with_capacity(8);
    for _ in 0..moves {
        let tail = rng.random_bool(0.5);
        let end = if tail { path[n - 1] } else { path[0] };
        near.clear();
        near.extend(board.neighbours(end));
        let i = at[near[rng.random_range(0..near.len())]];
        let segment = if tail { i + 1..n } else { 0..i };
        path[segment.clone()].reverse();
        for k in segment {
            at[path[k]] = k;
        }
    }
}

/// A random Hamiltonian path of the full rectangle: a serpentine mixed by `10 N` moves.
fn open_path(board: &Board, rng: &mut Pcg64Mcg) -> Vec<usize> {
    let mut path = serpentine(board.width, board.height, rng.random_bool(0.5));
    let moves = 10 * path.len();
    backbite(board, &mut path, moves, rng);
    debug_assert!(is_hamiltonian(board, &path));
    path
}

/// A holed board (5 % to 35 % holes) with a random Hamiltonian path; see the module documentation.
fn holed_path(width: usize, height: usize, adjacency: Adjacency, rng: &mut Pcg64Mcg) -> (Board, Vec<usize>) {
    let mut board = Board::full(width, height, adjacency);
    let total = width * height;
    let mut path = serpentine(width, height, rng.random_bool(0.5));
    backbite(&board, &mut path, 2 * total, rng);
    let target = (total * rng.random_range(5..=35)).div_ceil(100);
    let long = width.max(height);
    while total - path.len() < target {
        let budget = target - (total - path.len());
        let choice = rng.random_range(0..4);
        let mut removed =
            if choice >= 2 { cut_middle(&board, &mut path, budget.min(2 * long), rng) } else { vec![] };
        if removed.is_empty() {
            let t = rng.random_range(1..=budget.min(long));
            removed = if choice % 2 == 0 {
                path.drain(..t).collect()
            } else {
                path.drain(path.len() - t..).collect()
            };
        }
        for cell in removed {
            board.free[cell] = false;
        }
    }
    let moves = 10 * path.len();
    backbite(&board, &mut path, moves, rng);
    debug_assert!(is_hamiltonian(&board, &path));
    (board, path)
}

/// Cuts `path[i+1..=j]` (at most `most` cells) out of the path where `path[i]` touches `path[j+1]`,
/// for a random `i`; returns the cells cut, none if this `i` allows no cut.
fn cut_middle(board: &Board, path: &mut Vec<usize>, most: usize, rng: &mut Pcg64Mcg) -> Vec<usize> {
    let n = path.len();
    if n < 4 {
        return vec![];
    }
    let i = rng.random_range(0..n - 2);
    let ends: Vec<usize> =
        (i + 1..=(i + most).min(n - 2)).filter(|&j| board.touch(path[i], path[j + 1])).collect();
    if ends.is_empty() {
        return vec![];
    }
    let j = ends[rng.random_range(0..ends.len())];
    path.drain(i + 1..=j).collect()
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

/// Tries `make` on up to 100 draws of each of up to 100 base boards (open or holed).
fn build(
    width: usize,
    height: usize,
    adjacency: Adjacency,
    holed: bool,
    rng: &mut Pcg64Mcg,
    make: fn(&Board, &mut Pcg64Mcg) -> Option<Made>,
) -> Made {
    for _ in 0..100 {
        let base = if holed {
            holed_path(width, height, adjacency, rng).0
        } else {
            Board::full(width, height, adjacency)
        };
        for _ in 0..100 {
            if let Some(made) = make(&base, rng) {
                return made;
            }
        }
    }
    panic!("no case made on {width}x{height} ({adjacency:?}, holed: {holed})");
}

/// Two givens farther apart than their difference, and 0 to 3 extras.
fn distance(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
    let n = board.size();
    let (u, v) = (board.random_cell(rng), board.random_cell(rng));
    let d = board.distance(u, v);
    if d < 2 || d > n {
        return None;
    }
    let steps = if rng.random_bool(0.5) { d - 1 } else { rng.random_range(1..d) };
    let a = rng.random_range(1..=n - steps);
    let mut givens = vec![(u, a as i32), (v, (a + steps) as i32)];
    board.add_extras(&mut givens, rng.random_range(0..=3), rng);
    givens.shuffle(rng);
    Some(Made { board: board.clone(), givens, path: None })
}

/// Two givens close enough but of the wrong colour difference (Numbrix), and 0 to 3 extras.
fn parity(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
    let n = board.size();
    let (u, v) = (board.random_cell(rng), board.random_cell(rng));
    let m = board.distance(u, v);
    let steps = m + 1 + 2 * rng.random_range(0..=2);
    if u == v || steps >= n {
        return None;
    }
    let a = rng.random_range(1..=n - steps);
    let mut givens = vec![(u, a as i32), (v, (a + steps) as i32)];
    board.add_extras(&mut givens, rng.random_range(0..=3), rng);
    givens.shuffle(rng);
    Some(Made { board: board.clone(), givens, path: None })
}

/// Cells of one colour turned into holes, keeping the board connected, until the other colour
/// has 2 or 3 more cells (Numbrix); 0 to 3 givens.
fn colours(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
    let mut board = board.clone();
    let thin = rng.random_range(0..2);
    let surplus = rng.random_range(2..=3);
    for _ in 0..20 * board.free.len() {
        let counts = board.colour_counts();
        if counts[1 - thin] >= counts[thin] + surplus {
            let mut givens = vec![];
            board.add_extras(&mut givens, rng.random_range(0..=3), rng);
            return Some(Made { board, givens, path: None });
        }
        let cell = board.random_cell(rng);
        if board.colour(cell) == thin {
            board.free[cell] = false;
            if !board.connected() {
                board.free[cell] = true;
            }
        }
    }
    None
}

/// A 1x1 to 2x2 pocket fenced off by holes; 0 to 3 givens.
fn cut_off(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
    let mut board = board.clone();
    let pocket = rectangle(&board, rng.random_range(1..=2), rng.random_range(1..=2), rng);
    for &cell in &pocket {
        board.free[cell] = true;
    }
    let fence: Vec<usize> =
        pocket.iter().flat_map(|&cell| board.around(cell)).filter(|cell| !pocket.contains(cell)).collect();
    for cell in fence {
        board.free[cell] = false;
    }
    if board.size() <= pocket.len() {
        return None;
    }
    debug_assert!(!board.connected());
    let mut givens = vec![];
    board.add_extras(&mut givens, rng.random_range(0..=3), rng);
    Some(Made { board, givens, path: None })
}

/// A random `w` x `h` rectangle of cells (holes or not) inside the board.
fn rectangle(board: &Board, w: usize, h: usize, rng: &mut Pcg64Mcg) -> Vec<usize> {
    let x0 = rng.random_range(0..=board.width - w);
    let y0 = rng.random_range(0..=board.height - h);
    (y0..y0 + h).flat_map(|y| (x0..x0 + w).map(move |x| y * board.width + x)).collect()
}

/// 3 or 4 cells left with a single neighbour each, the board kept connected; 0 to 3 givens.
fn ends(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
    let mut board = board.clone();
    let want = rng.random_range(3..=4);
    let mut made: Vec<usize> = vec![];
    for _ in 0..200 {
        if made.len() >= want {
            break;
        }
        let cell = board.random_cell(rng);
        let near: Vec<usize> = board.neighbours(cell).collect();
        if made.contains(&cell) || near.is_empty() {
            continue;
        }
        let keep = near[rng.random_range(0..near.len())];
        let holes: Vec<usize> = near.into_iter().filter(|&other| other != keep).collect();
        for &hole in &holes {
            board.free[hole] = false;
        }
        let kept = |end: &usize| board.free[*end] && board.degree(*end) == 1;
        if kept(&cell) && made.iter().all(kept) && board.connected() {
            made.push(cell);
        } else {
            for &hole in &holes {
                board.free[hole] = true;
            }
        }
    }
    if made.len() < 3 {
        return None;
    }
    let mut givens = vec![];
    board.add_extras(&mut givens, rng.random_range(0..=3), rng);
    Some(Made { board, givens, path: None })
}

/// A pocket of 2 to 9 cells behind a door cell holding `k`, with `k - 1` and `k + 1` next to the
/// door outside the pocket; 0 to 2 extras.
fn door(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
    let mut board = board.clone();
    let (w, h) = (rng.random_range(1..=3), rng.random_range(1..=3));
    if w * h < 2 {
        return None;
    }
    let pocket = rectangle(&board, w, h, rng);
    let width = board.width;
    let doors: Vec<usize> = pocket
        .iter()
        .flat_map(|&cell| board.around(cell))
        .filter(|&cell| !pocket.contains(&cell))
        .filter(|&cell| {
            pocket
                .iter()
                .any(|&p| (p % width).abs_diff(cell % width) + (p / width).abs_diff(cell / width) == 1)
        })
        .collect();
    if doors.is_empty() {
        return None;
    }
    let d = doors[rng.random_range(0..doors.len())];
    for &cell in pocket.iter().chain([&d]) {
        board.free[cell] = true;
    }
    let fence: Vec<usize> = pocket
        .iter()
        .flat_map(|&cell| board.around(cell))
        .filter(|&cell| cell != d && !pocket.contains(&cell))
        .collect();
    for cell in fence {
        board.free[cell] = false;
    }
    let outside: Vec<usize> = board.neighbours(d).filter(|cell| !pocket.contains(cell)).collect();
    let n = board.size();
    if outside.len() < 2 || n < 5 || !board.connected() {
        return None;
    }
    let i = rng.random_range(0..outside.len());
    let j = (i + rng.random_range(1..outside.len())) % outside.len();
    let k = rng.random_range(3..=n - 2) as i32;
    let mut givens = vec![(d, k), (outside[i], k - 1), (outside[j], k + 1)];
    board.add_extras(&mut givens, rng.random_range(0..=2), rng);
    givens.shuffle(rng);
    Some(Made { board, givens, path: None })
}
