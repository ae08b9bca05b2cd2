//! Random jigsaw regions, for the generator's `jigsaw` mode.
//!
//! # Algorithm
//!
//! 1. **Start** from a valid partition into `n` connected regions of `n` cells: the classic boxes
//!    of the size when it has some, else the rows.
//! 2. **Swap moves** (the region-swap walk of jigsaw generators): pick a random cell `a` of
//!    region `A` that touches a region `B` (4-neighbours), move it into `B`, then move a random
//!    cell of `B` that touches `A` into `A`. Both regions keep `n` cells; the move is undone if
//!    either falls apart (a breadth-first search over at most `n` cells each), so every region
//!    stays connected. [`MOVES_PER_CELL`] accepted moves per cell mix the shape well beyond
//!    its start; a partition that still has a region equal to a row or a column (which would
//!    only repeat that house) walks on, for a few more rounds at most.
//! 3. **A completion must exist.** Not every partition has a Latin-square completion that fills
//!    its regions (a region inside two rows, for instance, can clash with them). The caller
//!    solves the empty grid of the result with a capped search and draws another partition
//!    when that fails ([`super::Generator`]'s attempt), so only regions with a solution reach
//!    clue removal.
//!
//! The walk is driven by one [`Pcg64Mcg`] from the caller's seed, so regions are reproducible.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use crate::sudoku::Layout;

/// Accepted swap moves per cell of the grid.
const MOVES_PER_CELL: usize = 8;

/// Proposals per accepted move at most (some sizes leave few legal moves near the start).
const TRIES_PER_MOVE: usize = 20;

/// Random connected regions of `size` cells for a `size x size` grid, drawn with `rng`, as a
/// jigsaw layout (with both diagonals as houses when `diagonals`).
pub(crate) fn random_layout(
    size: usize,
    diagonals: bool,
    rng: &mut Pcg64Mcg,
) -> Result<Layout, crate::Error> {
    let start = match Layout::classic(size) {
        Ok(boxes) => (0..size * size).map(|cell| boxes.region_of(cell) as u8).collect(),
        Err(_) => (0..size * size).map(|cell| (cell / size) as u8).collect(),
    };
    let mut regions = walk(size, start, rng);
    // A region that is a whole row or column repeats that house: walk on (a few rounds at most).
    for _ in 0..4 {
        if !repeats_a_line(&regions, size) {
            break;
        }
        regions = walk(size, regions, rng);
    }
    let layout = Layout::jigsaw(size, regions)?;
    Ok(if diagonals { layout.with_diagonals() } else { layout })
}

/// The swap walk of the module header from `regions`.
fn walk(size: usize, mut regions: Vec<u8>, rng: &mut Pcg64Mcg) -> Vec<u8> {
    let cells = size * size;
    let neighbours = |cell: usize| {
        let (r, c) = (cell / size, cell % size);
        [
            (r > 0).then(|| cell - size),
            (r + 1 < size).then(|| cell + size),
            (c > 0).then(|| cell - 1),
            (c + 1 < size).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    };
    let mut accepted = 0;
    let mut candidates = Vec::with_capacity(size);
    for _ in 0..cells * MOVES_PER_CELL * TRIES_PER_MOVE {
        if accepted == cells * MOVES_PER_CELL {
            break;
        }
        let a = rng.random_range(0..cells);
        let from = regions[a];
        let others: Vec<u8> = neighbours(a).map(|cell| regions[cell]).filter(|&r| r != from).collect();
        if others.is_empty() {
            continue;
        }
        let to = others[rng.random_range(0..others.len())];
        regions[a] = to;
        candidates.clear();
        candidates.extend(
            (0..cells).filter(|&c| c != a && regions[c] == to && neighbours(c).any(|n| regions[n] == from)),
        );
        if candidates.is_empty() {
            regions[a] = from;
            continue;
        }
        let b = candidates[rng.random_range(0..candidates.len())];
        regions[b] = from;
        if connected(&regions, size, from) && connected(&regions, size, to) {
            accepted += 1;
        } else {
            regions[a] = from;
            regions[b] = to;
        }
    }
    regions
}

/// Whether some region is exactly a row or a column.
fn repeats_a_line(regions: &[u8], size: usize) -> bool {
    (0..size).any(|line| {
        (1..size).all(|k| regions[line * size + k] == regions[line * size])
            || (1..size).all(|k| regions[k * size + line] == regions[line])
    })
}

/// Whether the cells of `region` form one 4-connected piece.
fn connected(regions: &[u8], size: usize, region: u8) -> bool {
    let Some(first) = regions.iter().position(|&r| r == region) else { return true };
    let mut seen = vec![false; regions.len()];
    let mut stack = vec![first];
    seen[first] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        let (r, c) = (cell / size, cell % size);
        let next = [
            (r > 0).then(|| cell - size),
            (r + 1 < size).then(|| cell + size),
            (c > 0).then(|| cell - 1),
            (c + 1 < size).then(|| cell + 1),
        ];
        for n in next.into_iter().flatten() {
            if !seen[n] && regions[n] == region {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    reached == regions.iter().filter(|&&r| r == region).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn regions_are_connected_full_and_reproducible() {
        for size in 4..=12 {
            for seed in 0..5 {
                let layout = random_layout(size, false, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
                let again = random_layout(size, false, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
                assert_eq!(layout, again, "size {size}, seed {seed}");
                let regions: Vec<u8> = (0..size * size).map(|c| layout.region_of(c) as u8).collect();
                for region in 0..size as u8 {
                    assert_eq!(regions.iter().filter(|&&r| r == region).count(), size);
                    assert!(connected(&regions, size, region), "size {size}, seed {seed}, region {region}");
                }
            }
        }
    }

    #[test]
    fn the_walk_leaves_the_start() {
        let boxes = Layout::classic(9).unwrap();
        let layout = random_layout(9, false, &mut Pcg64Mcg::seed_from_u64(1)).unwrap();
        let moved = (0..81).filter(|&c| boxes.region_of(c) != layout.region_of(c)).count();
        assert!(moved > 20, "only {moved} cells left their box");
    }

    #[test]
    fn no_region_is_a_line() {
        for seed in 0..40 {
            let layout = random_layout(9, false, &mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
            let regions: Vec<u8> = (0..81).map(|c| layout.region_of(c) as u8).collect();
            assert!(!repeats_a_line(&regions, 9), "seed {seed}");
        }
        let rows: Vec<u8> = (0..16).map(|c| (c / 4) as u8).collect();
        assert!(repeats_a_line(&rows, 4));
        let columns: Vec<u8> = (0..16).map(|c| (c % 4) as u8).collect();
        assert!(repeats_a_line(&columns, 4));
    }

    #[test]
    fn disconnected_regions_are_seen() {
        // Region 0 of a 4x4 split in two: the first and the last row's halves.
        let regions = [0, 0, 1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3, 0, 0];
        assert!(!connected(&regions, 4, 0));
        assert!(connected(&regions, 4, 1));
    }
}
