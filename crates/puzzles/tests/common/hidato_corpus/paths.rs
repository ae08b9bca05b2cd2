//! Hamiltonian paths made by construction: serpentines mixed by backbite moves on the full
//! rectangle, and holed boards cut out of such a path.

use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera::hidato::Adjacency;

use super::board::Board;

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
pub(super) fn open_path(board: &Board, rng: &mut Pcg64Mcg) -> Vec<usize> {
    let mut path = serpentine(board.width, board.height, rng.random_bool(0.5));
    let moves = 10 * path.len();
    backbite(board, &mut path, moves, rng);
    debug_assert!(is_hamiltonian(board, &path));
    path
}

/// A holed board (5 % to 35 % holes) with a random Hamiltonian path; see the module documentation.
pub(super) fn holed_path(
    width: usize,
    height: usize,
    adjacency: Adjacency,
    rng: &mut Pcg64Mcg,
) -> (Board, Vec<usize>) {
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
