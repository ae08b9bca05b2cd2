//! `sudoku::canonical`: random symmetry moves of a puzzle give the same form, the form is a
//! puzzle of the class (idempotent), and on 4x4 and 6x6 it splits puzzles into exactly the
//! classes that a brute force over the whole group finds.

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use tessera::sudoku::{canonical, solve, Generator, Layout, Query, Sudoku};

/// SplitMix64: the random moves of a test case, from its seed.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

/// A random element of the group, as (row order, column order, transpose, digit map).
struct Move {
    rows: Vec<usize>,
    cols: Vec<usize>,
    transpose: bool,
    digits: Vec<u8>,
}

/// An order of `n` lines in groups of `size`: the groups shuffled, and the lines in each.
fn grouped_order(n: usize, size: usize, mix: &mut Mix) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / size).collect();
    mix.shuffle(&mut groups);
    groups
        .into_iter()
        .flat_map(|group| {
            let mut lines: Vec<usize> = (group * size..(group + 1) * size).collect();
            mix.shuffle(&mut lines);
            lines
        })
        .collect()
}

fn random_move(n: usize, box_rows: usize, box_cols: usize, seed: u64) -> Move {
    let mut mix = Mix(seed);
    let rows = grouped_order(n, box_rows, &mut mix);
    let cols = grouped_order(n, box_cols, &mut mix);
    let transpose = box_rows == box_cols && mix.next() % 2 == 1;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    mix.shuffle(&mut digits);
    digits.insert(0, 0);
    Move { rows, cols, transpose, digits }
}

fn apply(grid: &Sudoku, m: &Move) -> Sudoku {
    let n = grid.layout().size();
    let cells = (0..n * n)
        .map(|cell| {
            let (row, col) = (cell / n, cell % n);
            let (row, col) = if m.transpose { (col, row) } else { (row, col) };
            m.digits[grid.get(m.rows[row] * n + m.cols[col]) as usize]
        })
        .collect();
    Sudoku::from_digits(grid.layout_arc().clone(), cells).unwrap()
}

fn solution(puzzle: &Sudoku) -> Sudoku {
    solve(puzzle, &Query::default()).unwrap().unwrap()
}

fn layouts() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![Just((2, 2)), Just((2, 3)), Just((3, 2)), Just((2, 4)), Just((3, 3))]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A puzzle moved by random symmetries has the same canonical form, and that form is a
    /// puzzle of the class: same clue count, one solution, its own canonical form.
    #[test]
    fn random_moves_keep_the_form((rows, cols) in layouts(), seed in any::<u64>(), moves in any::<u64>()) {
        let layout = Arc::new(Layout::boxes(rows, cols).unwrap());
        let n = layout.size();
        let made = Generator::new(layout).generate(seed).unwrap();
        let key = canonical(&made.puzzle, &made.solution).unwrap();
        for m in 0..3 {
            let step = random_move(n, rows, cols, moves.wrapping_add(m));
            let (puzzle, sol) = (apply(&made.puzzle, &step), apply(&made.solution, &step));
            prop_assert!(puzzle.is_completed_by(&sol));
            prop_assert_eq!(&canonical(&puzzle, &sol).unwrap(), &key);
        }
        prop_assert_eq!(key.clues(), made.puzzle.clues());
        let key_solution = solution(&key);
        prop_assert_eq!(&canonical(&key, &key_solution).unwrap(), &key);
        // The full grid's form is its minlex form: the first row reads 1 2 ... n.
        let grid = canonical(&made.solution, &made.solution).unwrap();
        prop_assert_eq!(&grid.cells()[..n], &(1..=n as u8).collect::<Vec<_>>()[..]);
        let moved = apply(&made.solution, &random_move(n, rows, cols, moves ^ 1));
        prop_assert_eq!(canonical(&moved, &moved).unwrap(), grid);
    }
}

/// The least image of a puzzle over the whole group, by brute force: every row order and column
/// order the group allows, both orientations for square boxes, digits relabelled in order of
/// first appearance (the least relabelling of a fixed arrangement).
fn brute_form(puzzle: &Sudoku, box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = puzzle.layout().size();
    let rows = all_grouped_orders(n, box_rows);
    let cols = all_grouped_orders(n, box_cols);
    let mut best: Option<Vec<u8>> = None;
    for transpose in [false, true] {
        if transpose && box_rows != box_cols {
            continue;
        }
        for r in &rows {
            for c in &cols {
                let mut names = vec![0u8; n + 1];
                let mut next = 1;
                let mut image = Vec::with_capacity(n * n);
                // Cell by cell, stopping as soon as the image is greater than the best.
                let mut smaller = best.is_none();
                for cell in 0..n * n {
                    let (row, col) = (cell / n, cell % n);
                    let (row, col) = if transpose { (col, row) } else { (row, col) };
                    let digit = puzzle.get(r[row] * n + c[col]) as usize;
                    if digit != 0 && names[digit] == 0 {
                        names[digit] = next;
                        next += 1;
                    }
                    image.push(names[digit]);
                    if !smaller {
                        let b = best.as_ref().unwrap()[cell];
                        if names[digit] > b {
                            break;
                        }
                        smaller = names[digit] < b;
                    }
                }
                if image.len() == n * n && smaller {
                    best = Some(image);
                }
            }
        }
    }
    best.unwrap()
}

fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// Every order of `n` lines in groups of `size` that keeps the groups together.
fn all_grouped_orders(n: usize, size: usize) -> Vec<Vec<usize>> {
    let groups = n / size;
    let inner = permutations(&(0..size).collect::<Vec<_>>());
    let mut all = Vec::new();
    for group_order in permutations(&(0..groups).collect::<Vec<_>>()) {
        // One inner order per group: `inner.len()^groups` choices.
        let mut choice = vec![0usize; groups];
        loop {
            all.push(
                group_order
                    .iter()
                    .zip(&choice)
                    .flat_map(|(&g, &ci)| inner[ci].iter().map(move |&i| g * size + i))
                    .collect(),
            );
            let mut k = 0;
            while k < groups {
                choice[k] += 1;
                if choice[k] < inner.len() {
                    break;
                }
                choice[k] = 0;
                k += 1;
            }
            if k == groups {
                break;
            }
        }
    }
    all
}

/// Puzzles of a small shape, from many seeds, split into classes twice: by the canonical form
/// and by brute force over the group. The two partitions must be the same.
fn classes_agree_with_brute_force(box_rows: usize, box_cols: usize, seeds: u64, minimal: bool) -> usize {
    let layout = Arc::new(Layout::boxes(box_rows, box_cols).unwrap());
    let generator = Generator::new(layout).minimal(minimal);
    let mut by_key: HashMap<Sudoku, Vec<u8>> = HashMap::new();
    let mut by_brute: HashMap<Vec<u8>, Sudoku> = HashMap::new();
    for seed in 0..seeds {
        let made = generator.generate(seed).unwrap();
        let key = canonical(&made.puzzle, &made.solution).unwrap();
        let brute = brute_form(&made.puzzle, box_rows, box_cols);
        assert_eq!(brute_form(&key, box_rows, box_cols), brute, "the form is not in the class: seed {seed}");
        match by_key.get(&key) {
            Some(seen) => assert_eq!(seen, &brute, "one key for two classes (seed {seed})"),
            None => {
                by_key.insert(key.clone(), brute.clone());
            }
        }
        match by_brute.get(&brute) {
            Some(seen) => assert_eq!(seen, &key, "two keys for one class (seed {seed})"),
            None => {
                by_brute.insert(brute, key);
            }
        }
    }
    assert_eq!(by_key.len(), by_brute.len());
    by_key.len()
}

#[test]
fn four_by_four_classes_are_those_of_the_whole_group() {
    // Several puzzles per class, and several classes: the test can fail both ways.
    let classes = classes_agree_with_brute_force(2, 2, 400, true);
    assert!((2..300).contains(&classes), "{classes} classes of 400 minimal 4x4 puzzles");
    classes_agree_with_brute_force(2, 2, 200, false);
}

#[test]
fn six_by_six_classes_are_those_of_the_whole_group() {
    classes_agree_with_brute_force(2, 3, 60, true);
    classes_agree_with_brute_force(3, 2, 60, true);
}

/// On 9x9 the brute force (3,359,232 moves) is slow but still possible for a few puzzles: the
/// canonical form is in the puzzle's class, so equal forms mean equivalent puzzles.
#[test]
fn nine_by_nine_forms_are_in_the_class_by_brute_force() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    for seed in [1, 2] {
        let made = Generator::new(layout.clone()).generate(seed).unwrap();
        let key = canonical(&made.puzzle, &made.solution).unwrap();
        assert_ne!(key, made.puzzle);
        assert_eq!(brute_form(&key, 3, 3), brute_form(&made.puzzle, 3, 3), "seed {seed}");
    }
}

#[test]
fn full_grids_of_four_by_four_make_two_classes() {
    // The 288 4x4 grids fall into 2 classes under the whole group (a known count).
    let layout = Arc::new(Layout::classic(4).unwrap());
    let mut keys = std::collections::HashSet::new();
    for seed in 0..300 {
        let grid = tessera::sudoku::solve_with_seed(
            &Sudoku::empty(layout.clone()),
            seed,
            &tessera::sudoku::Budget::unlimited(),
        )
        .unwrap()
        .unwrap();
        keys.insert(canonical(&grid, &grid).unwrap());
    }
    assert_eq!(keys.len(), 2);
}

#[test]
fn other_groups_are_refused() {
    let x = Arc::new(Layout::classic(9).unwrap().with_diagonals());
    let grid = Sudoku::empty(x);
    assert!(canonical(&grid, &grid).is_err());
    let jigsaw = Arc::new(Layout::jigsaw(4, vec![0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]).unwrap());
    let grid = Sudoku::empty(jigsaw);
    assert!(canonical(&grid, &grid).unwrap_err().to_string().contains("jigsaw"));
}
