//! The human-style solver: every step checked against the true solution (found by the small
//! backtracking solver below, independent of the library), textbook puzzles rated at the
//! technique they are known for, hints, odd layouts, random puzzles, and the shared data sets.
//!
//! This file holds what the tests share, the reference solver, random grids and the textbook
//! fixtures; the tests are in its submodules, by topic.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use proptest::prelude::*;
use tessera::sudoku::logic::{self, Candidates, Difficulty, Rating, Step, Technique};
use tessera::sudoku::{Layout, Sudoku};

mod hints;
mod layouts;
mod random;
mod techniques;

mod shared;

// ---------------------------------------------------------------------------------------------
// Helpers: parsing, a brute-force solver, step checks.

/// A puzzle from one line: `1`–`9`, `A`.. for 10 and up, `.` or `0` for empty.
fn parse(layout: &Arc<Layout>, line: &str) -> Sudoku {
    let digits = line
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '.' | '0' => 0,
            '1'..='9' => c as u8 - b'0',
            _ => c.to_ascii_uppercase() as u8 - b'A' + 10,
        })
        .collect();
    Sudoku::from_digits(Arc::clone(layout), digits).expect("a valid line")
}

fn classic() -> Arc<Layout> {
    Arc::new(Layout::classic(9).unwrap())
}

fn nine(line: &str) -> Sudoku {
    parse(&classic(), line)
}

/// Up to `limit` solutions, by plain backtracking on the cell with the fewest options (the
/// digits used in each house kept as masks).
fn solutions(puzzle: &Sudoku, limit: usize) -> Vec<Vec<u8>> {
    struct Search<'a> {
        layout: &'a Layout,
        cells: Vec<u8>,
        used: Vec<u32>,
        limit: usize,
        out: Vec<Vec<u8>>,
    }
    impl Search<'_> {
        fn set(&mut self, cell: usize, d: u8, on: bool) {
            self.cells[cell] = if on { d } else { 0 };
            for &h in self.layout.cell_houses(cell) {
                self.used[h as usize] ^= 1 << (d - 1);
            }
        }
        fn walk(&mut self) {
            let all = (1u32 << self.layout.size()) - 1;
            let mut best: Option<(usize, u32)> = None;
            for cell in 0..self.cells.len() {
                if self.cells[cell] != 0 {
                    continue;
                }
                let used =
                    self.layout.cell_houses(cell).iter().fold(0, |acc, &h| acc | self.used[h as usize]);
                let free = all & !used;
                if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                    best = Some((cell, free));
                    if free.count_ones() <= 1 {
                        break;
                    }
                }
            }
            let Some((cell, free)) = best else {
                self.out.push(self.cells.clone());
                return;
            };
            for d in 1..=self.layout.size() as u8 {
                if free & 1 << (d - 1) != 0 {
                    self.set(cell, d, true);
                    self.walk();
                    self.set(cell, d, false);
                    if self.out.len() >= self.limit {
                        return;
                    }
                }
            }
        }
    }
    if !puzzle.is_consistent() {
        return Vec::new();
    }
    let layout = puzzle.layout();
    let mut search = Search {
        layout,
        cells: vec![0; layout.cells()],
        used: vec![0; layout.houses().len()],
        limit,
        out: Vec::new(),
    };
    for (cell, &d) in puzzle.cells().iter().enumerate() {
        if d != 0 {
            search.set(cell, d, true);
        }
    }
    search.walk();
    search.out
}

/// The only solution; panics when there is none or more.
fn unique_solution(puzzle: &Sudoku) -> Vec<u8> {
    let mut found = solutions(puzzle, 2);
    assert_eq!(found.len(), 1, "{puzzle:?} should have exactly one solution");
    found.pop().unwrap()
}

/// Every `rXcY` in the text is a cell of the layout, and every cell a step changes is named.
fn check_explanation(layout: &Layout, step: &Step) {
    let text = &step.explanation;
    let bytes = text.as_bytes();
    let n = layout.size();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'r' && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
            let rest = &text[i + 1..];
            let row: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if !row.is_empty() && rest[row.len()..].starts_with('c') {
                let col: String = rest[row.len() + 1..].chars().take_while(char::is_ascii_digit).collect();
                let (r, c): (usize, usize) = (row.parse().unwrap(), col.parse().unwrap_or(0));
                assert!((1..=n).contains(&r) && (1..=n).contains(&c), "bad cell name in {text:?}");
            }
        }
        i += 1;
    }
    for &(cell, _) in step.placements.iter().chain(&step.eliminations) {
        let name = layout.cell_name(cell);
        let named = text
            .match_indices(&name)
            .any(|(at, _)| !text[at + name.len()..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(named, "{name} is changed but not named in {text:?}");
    }
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "empty step: {text}");
}

/// Checks every step against the solution; returns the steps.
fn check_steps(puzzle: &Sudoku, solution: &[u8], steps: &[Step]) {
    for step in steps {
        for &(cell, d) in &step.placements {
            assert_eq!(solution[cell], d, "{:?} on {puzzle:?}: {}", step.technique, step.explanation);
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(solution[cell], d, "{:?} on {puzzle:?}: {}", step.technique, step.explanation);
        }
        check_explanation(puzzle.layout(), step);
    }
}

/// Solves with every technique, checks every step, and returns the rating.
fn checked_rating(puzzle: &Sudoku, solution: &[u8]) -> Rating {
    let (grid, steps, solved) = logic::solve_logically(puzzle, Technique::Guess);
    check_steps(puzzle, solution, &steps);
    assert!(solved, "{puzzle:?} was not solved");
    assert_eq!(grid.cells(), solution);
    let rating = logic::rate(puzzle);
    assert!(rating.solved);
    assert_eq!(rating.steps, steps.len());
    rating
}

/// A small xorshift generator, so that random puzzles are reproducible from a seed.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random full grid of the layout: randomised backtracking, restarted when a run takes too
/// long (filling is heavy-tailed on some jigsaws).
fn random_grid(layout: &Arc<Layout>, rng: &mut Rng) -> Option<Sudoku> {
    fn fill(layout: &Layout, cells: &mut [u8], rng: &mut Rng, budget: &mut usize) -> bool {
        let all = (1u32 << layout.size()) - 1;
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..cells.len() {
            if cells[cell] == 0 {
                let used = layout.peers(cell).iter().fold(0, |acc, &p| match cells[p as usize] {
                    0 => acc,
                    d => acc | 1 << (d - 1),
                });
                let free = all & !used;
                if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
                    best = Some((cell, free));
                }
            }
        }
        let Some((cell, free)) = best else { return true };
        let mut order: Vec<u8> = (1..=layout.size() as u8).filter(|d| free & 1 << (d - 1) != 0).collect();
        rng.shuffle(&mut order);
        for d in order {
            if *budget == 0 {
                break;
            }
            *budget -= 1;
            cells[cell] = d;
            if fill(layout, cells, rng, budget) {
                return true;
            }
        }
        cells[cell] = 0;
        false
    }
    for _ in 0..1000 {
        let mut cells = vec![0; layout.cells()];
        if fill(layout, &mut cells, rng, &mut 5_000) {
            return Some(Sudoku::from_digits(Arc::clone(layout), cells).unwrap());
        }
    }
    None
}

/// A puzzle with a unique solution from a full grid: clues removed in random order while the
/// solution stays unique, stopping at `keep` clues or when none can go (a minimal puzzle).
fn random_puzzle(layout: &Arc<Layout>, rng: &mut Rng, keep: usize) -> (Sudoku, Vec<u8>) {
    let solution = random_grid(layout, rng).expect("the layout has a solution");
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..layout.cells()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        if puzzle.clues() <= keep {
            break;
        }
        let digit = puzzle.get(cell);
        puzzle.set(cell, 0);
        if solutions(&puzzle, 2).len() != 1 {
            puzzle.set(cell, digit);
        }
    }
    (puzzle, solution.cells().to_vec())
}

/// Jigsaw regions: pairs (9x9: triples) of rows split by a shifted pattern, so no region is a box.
fn jigsaw(size: usize, band: usize) -> Arc<Layout> {
    let width = size / band;
    let regions = (0..size * size).map(|cell| {
        let (r, c) = (cell / size, cell % size);
        ((r / band) * band + ((c + r) % size) / width) as u8
    });
    Arc::new(Layout::jigsaw(size, regions.collect()).unwrap())
}

fn first_advanced(steps: &[Step]) -> Option<Technique> {
    steps.iter().map(|step| step.technique).find(|&t| t > Technique::NakedSingle)
}

// ---------------------------------------------------------------------------------------------
// Known puzzles: one a line, the name of a technique, a colon and the puzzle; `#` lines are notes.

/// The puzzles of one of the tables below, with their techniques.
fn known(table: &str) -> Vec<(Technique, &str)> {
    let lines = table.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'));
    lines
        .map(|line| {
            let (name, puzzle) = line.split_once(": ").expect("a technique, a colon, a puzzle");
            let technique = Technique::ALL.into_iter().find(|t| t.name() == name);
            (technique.unwrap_or_else(|| panic!("no technique is called {name:?}")), puzzle)
        })
        .collect()
}

/// Puzzles whose hardest technique is the one named, and whose first step beyond singles is
/// that technique too. Constructed by removing clues from random grids and kept when they fit;
/// each is checked here for a unique solution.
const NEEDS: &str = "
# Project Euler 96, grid 01: the newspaper kind.
Hidden single: ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
Hidden single: .9..3.6..8.72.53..12.........8.73.....9...2..51.....3....5.6........89.4.8.7....5
Naked single: .38.2....4..8.1.5.....6.......2.....6...98.323....7....4.31...5.76..2.1.5....6...
Pointing: ....35.8.4...62..9......2.6...9......91.2...7.62........6...7.....8.95..58..4..9.
Claiming: 61..43..8....2..35.3...7.....6......4...8....5.1.9.6.....97....3.......2.....457.
Naked pair: 4..13......8..2..1....8...5.2.6....487..45.9.............3..72....7..138..9......
Hidden pair: .4.6...3...8..3.5........7.7...9...41...2.9..2.4..5...........3..23.....8..2146..
Naked triple: ...5.9.4.....421..4...1.7.695.7...1..1..8.5....2.9.....4....8...2...8.3........6.
Hidden triple: ....2..18..13..7..25.......374........8.4...1...9.6...8.52...7.92.8....6....7....
X-wing: .47......5....8.........9.6...14.8...2.3...15.58...39.....2..38..25.....9....15..
# From the SE-rated tuning set (generated here): the finned X-wing is the only step beyond
# singles.
Finned X-wing: ...9..5......163..34......1.57..1......2.3....1..7..2..7.....8...1.2...7..65.....
XY-wing: .....5.81....765..5.....4..8...946..7..3....4....6..2..5......7...5.......1.43.9.
XYZ-wing: .38.....5.6.2..81..1.5.....48.7.......3....6....1.9..4.4....9.......2.87...9..54.
XY-chain: ..8....19...6...3.2..5.4....8..4...2..623.1...5.7...8.........1....7..2.9.3....7.
Alternating inference chain: ....2..7..3.........49...5..46.8.1....514......2..3..9..8..2.......9.7..16.75.4..
";

/// Puzzles rated by their hardest technique only (easier steps come first). Hidden quads are
/// never a puzzle's hardest here (the complementary naked subset is found first); the
/// random-marks test below covers them.
const HARDEST: &str = "
# Constructed as a swordfish example; a finned X-wing (tried first) now does its work.
Finned X-wing: ...7.....53....9..2....3....81..4.2.39......5.6...8.1964.3.92......4...3....1...4
# Constructed as a W-wing example; a finned swordfish (tried first) now opens it.
W-wing: ..95.48..8...9...1...6......2.4..3......1.4.23.....1.67.326....18..3............5
# Constructed as a simple-colouring example; finned fish (tried first) now solve it.
Finned swordfish: ...9.8.7.3...4..1...6.2.....617...4.....12........9..72...6...8.58..1..6..4......
# Constructed as an X-chain example; a finned X-wing now opens it to an XY-wing.
XY-wing: ......8.6.....2......49..7.1.96..2...73.2.....4..1..38...734..1..4......6.2......
# Constructed as a forcing-chain example that needs it first; an ALS-XZ now comes before.
Forcing chain: .14..6.....952...47.....62....4..5.......7.4...5..219...6.3..5.........9....742..
# From the SE-rated tuning set: chains, then an ALS-XZ finish it.
ALS-XZ: .16.....2.2.9.7.....7...4.....3....96......3...45.821....6.9......2..5..3......4.
# SudokuWiki's X-wing example: pointing and a hidden pair open the way.
X-wing: 1.....569492.561.8.561.924...964.8.1.64.1....218.356.4.4.5...169.5.614.2621.....5
# Constructed: the rarest of the levels' techniques to be a puzzle's hardest (about 1 in
# 10,000 random minimal puzzles); both open with locked candidates.
Naked quad: .1.54.........634.........185...9.....73...82.3...1...26...543....7..2....5......
# Constructed as a jellyfish example; finned fish (tried first) now leave an XYZ-wing.
XYZ-wing: ...9..7...9..831..........3..6..5.3...319........7...14.97...5.75.....2..3....8..
# The next five: from the SE-rated tuning set, each solved with easier steps first.
Finned swordfish: .3.26..7.6..3....41....8.9.32.8..4..8......67.74......29......1..8..1.2....5.....
Unique rectangle type 1: ...9.2..4..3.6..9.9....812..1...........5.6..3..8..2...5..3..4.6.8......4.75..96.
Unique rectangle type 2: .1.....3.8..47....49.5..8.......869.9...4.2.....9....5.67...4.......7...3..2..5..
Unique rectangle type 4: ...9.8..6..5........6.3....4...7..6.61...3..9.3..9.4.8........3.....21..39....7.2
BUG+1: .9.7....6.3..24...7....1...6.....97.....5...3..5..9.1...8.6....9.....54...2.8...1
";

/// Puzzles whose solve uses the technique on the way (a harder one finishes it).
const USES: &str = "
Finned jellyfish: ....7.9.....5...8.9.....3...5.8.9.7..61.........2....6.9...8.....6.1..2.2.7..4..1
";

/// Arto Inkala's "world's hardest" puzzle (2012). The copy in the shared notes lacks one dot
/// after the leading 8 (80 characters); this is the published 81.
const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn is_uniqueness(t: Technique) -> bool {
    matches!(
        t,
        Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle4
            | Technique::BugPlusOne
    )
}

/// A grid with some givens and random pencil marks on the other cells, always including the
/// solution's digit: any sound technique keeps every solution digit.
fn random_marks(
    layout: &Arc<Layout>,
    rng: &mut Rng,
    given_percent: usize,
    extra_percent: usize,
) -> (Candidates, Vec<u8>) {
    let solution = random_grid(layout, rng).unwrap();
    let mut puzzle = solution.clone();
    let mut marks = vec![0u32; layout.cells()];
    for (cell, mark) in marks.iter_mut().enumerate() {
        if rng.below(100) >= given_percent {
            puzzle.set(cell, 0);
            *mark = 1 << (solution.get(cell) - 1);
            for d in 0..layout.size() {
                if rng.below(100) < extra_percent {
                    *mark |= 1 << d;
                }
            }
        }
    }
    (Candidates::with_marks(&puzzle, &marks).unwrap(), solution.cells().to_vec())
}
// ---------------------------------------------------------------------------------------------
// Shared data sets.

/// The first `limit` puzzles of a file, one a line (`#` lines are notes).
/// Every `step`-th puzzle of `text` (after comments), at most `limit`: a sample
/// spread over a file that is sorted (magictour's first puzzles are its easiest).
fn read_spread(text: &str, limit: usize) -> Vec<Sudoku> {
    let lines: Vec<&str> =
        text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')).collect();
    let step = lines.len().div_ceil(limit).max(1);
    lines.iter().step_by(step).take(limit).map(|line| nine(&line[..81])).collect()
}

fn read_puzzles(text: &str, limit: usize) -> Vec<Sudoku> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .take(limit)
        .map(|line| nine(&line[..81]))
        .collect()
}
