//! The unsatisfiable cases: each function adds one defect (the kind named in the case) to a base
//! board, with extra givens that a pairwise check finds consistent; see the parent module for
//! why each defect leaves no path.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera::hidato::Adjacency;

use super::board::Board;
use super::paths::holed_path;
use super::Made;

/// Tries `make` on up to 100 draws of each of up to 100 base boards (open or holed).
pub(super) fn build(
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
pub(super) fn distance(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
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
pub(super) fn parity(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
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
pub(super) fn colours(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
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
pub(super) fn cut_off(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
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
pub(super) fn ends(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
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
pub(super) fn door(board: &Board, rng: &mut Pcg64Mcg) -> Option<Made> {
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
