//! Killer Sudoku: the shared samples solved to their published answers and proven unique, the
//! dedicated engine against the exact-cover reduction on samples and adversarial grids, the
//! verifier's violations, the reader's positions, budgets on the largest sizes.

use crate::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tessera::killer::{self, count, parse, read, solve, verify, Cage, Engine, Grid, Killer, Query};
use tessera::xc::Budget;
use tessera::{Outcome, Puzzle, Readable};

mod adversarial;
mod budgets;
mod checks;
mod generator;

mod published;

const SAMPLE: &str = "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n";
const ANSWER: &str = "4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3\n";

/// Puzzles and answers of a janko text pair, in order.
fn pairs(puzzles: &str, answers: &str) -> Vec<(Killer, Grid)> {
    let puzzles: Vec<Killer> = read(puzzles).collect::<Result<_, _>>().expect("the puzzles read");
    let answers: Vec<Grid> = Grid::read_answers(answers).collect::<Result<_, _>>().expect("the answers read");
    assert_eq!(puzzles.len(), answers.len());
    puzzles.into_iter().zip(answers).collect()
}

/// Solved to its answer, unique, verified, the reduction agrees, and text round-trips.
fn check_published(puzzle: &Killer, answer: &Grid, with_cover: bool) {
    let found = solve(puzzle, &Query::default()).expect("no budget").expect("a solution");
    assert_eq!(&found, answer, "{puzzle}");
    assert!(verify(puzzle, answer).is_valid());
    let unique = count(puzzle, &Query::default().with_limit(2));
    assert_eq!((unique.solutions, unique.outcome), (1, Outcome::Exhausted), "{puzzle}");
    if with_cover {
        let cover = count(puzzle, &Query::default().with_limit(2).with_engine(Engine::ExactCover));
        assert_eq!((cover.solutions, cover.outcome), (1, Outcome::Exhausted), "{puzzle}");
    }
    assert_eq!(parse(&puzzle.to_text()).expect("reads back"), *puzzle);
    assert_eq!(Grid::parse_answer(&puzzle.solution_text(answer)).expect("reads back"), *answer);
}

// ---- adversarial puzzles, made here from a seed -------------------------------------------

/// A small deterministic generator for the tests (the library's own is tested separately).
struct Rng(u64);

impl Rng {
    fn next(&mut self, m: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % m as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.next(i + 1));
        }
    }
}

/// A full grid of side `n`: the pattern grid, rows shuffled within bands, columns within stacks,
/// digits relabelled.
fn full_grid(n: usize, rng: &mut Rng) -> Vec<u8> {
    let (bh, bw) = killer::box_shape(n).expect("a supported side");
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let mut rows: Vec<usize> = Vec::new();
    for band in 0..n / bh {
        let mut inner: Vec<usize> = (0..bh).map(|i| band * bh + i).collect();
        rng.shuffle(&mut inner);
        rows.extend(inner);
    }
    let mut cols: Vec<usize> = Vec::new();
    for stack in 0..n / bw {
        let mut inner: Vec<usize> = (0..bw).map(|i| stack * bw + i).collect();
        rng.shuffle(&mut inner);
        cols.extend(inner);
    }
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            grid[r * n + c] = digits[(pr * bw + pr / bh + pc) % n];
        }
    }
    grid
}

/// Cages grown at random over `grid`, each of 1 to `max` cells (no digit twice), with their sums.
fn random_cages(n: usize, grid: &[u8], max: usize, rng: &mut Rng) -> Vec<Cage> {
    let mut cage_of = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = 1 + rng.next(max);
        let mut cells = vec![start];
        cage_of[start] = cages.len();
        while cells.len() < target {
            let mut options = Vec::new();
            for &c in &cells {
                let (r, col) = (c / n, c % n);
                let near = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then(|| c + 1),
                ];
                for m in near.into_iter().flatten() {
                    if cage_of[m] == usize::MAX && cells.iter().all(|&x| grid[x] != grid[m]) {
                        options.push(m);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let m = options[rng.next(options.len())];
            cage_of[m] = cages.len();
            cells.push(m);
        }
        cages.push(cells);
    }
    cages
        .into_iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
            Cage::new(cells, sum)
        })
        .collect()
}
