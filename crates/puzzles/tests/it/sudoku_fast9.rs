//! Known answers for the dedicated 9x9 solver ([`solve_9x9`], [`count_9x9`]).
//!
//! The shared puzzle sets come from `$TESSERA_DATA/sudoku/` (the folder holding `sudoku/`). Without
//! `TESSERA_DATA` those tests say so loudly and pass, unless `TESSERA_REQUIRE_DATA=1`, which turns
//! the missing data into a failure (for CI).

use crate::common;
use std::time::{Duration, Instant};

use tessera::sudoku::{count_9x9, solve_9x9, Budget, GaveUp};

/// Arto Inkala's puzzle (81 characters; a copy in the notes lost one of the dots after the 8).
const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn parse(line: &str) -> [u8; 81] {
    assert!(line.len() >= 81, "not a puzzle: {line:?}");
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        *cell = if (b'1'..=b'9').contains(&ch) { ch - b'0' } else { 0 };
    }
    cells
}

/// An independent checker: every row, column and box holds 1..=9 once, and every given is kept.
fn check_solution(puzzle: &[u8; 81], grid: &[u8; 81]) -> Result<(), String> {
    for (cell, (&given, &digit)) in puzzle.iter().zip(grid).enumerate() {
        if !(1..=9).contains(&digit) {
            return Err(format!("cell {cell} holds {digit}"));
        }
        if given != 0 && given != digit {
            return Err(format!("cell {cell}: given {given} became {digit}"));
        }
    }
    for unit in 0..9 {
        let row: Vec<usize> = (0..9).map(|i| 9 * unit + i).collect();
        let column: Vec<usize> = (0..9).map(|i| unit + 9 * i).collect();
        let boxed: Vec<usize> =
            (0..9).map(|i| 27 * (unit / 3) + 3 * (unit % 3) + 9 * (i / 3) + i % 3).collect();
        for (kind, cells) in [("row", row), ("column", column), ("box", boxed)] {
            let mut seen = [false; 10];
            for cell in cells {
                let digit = usize::from(grid[cell]);
                if std::mem::replace(&mut seen[digit], true) {
                    return Err(format!("{kind} {unit} holds {digit} twice"));
                }
            }
        }
    }
    Ok(())
}

/// The puzzles of a shared set, or `None` (after a loud note) when `TESSERA_DATA` is unset.
fn shared_set(file: &str) -> Option<Vec<[u8; 81]>> {
    let text = common::shared_text("sudoku", file)?;
    let puzzles: Vec<_> =
        text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(parse).collect();
    Some(puzzles)
}

/// Every puzzle of a set with a unique solution: solved, checked, and counted as unique.
fn unique_set(file: &str, expected: usize) {
    let Some(puzzles) = shared_set(file) else { return };
    assert_eq!(puzzles.len(), expected, "{file}: puzzle count");
    let budget = Budget::unlimited();
    for (n, puzzle) in puzzles.iter().enumerate() {
        let grid = solve_9x9(puzzle, &Budget::unlimited())
            .unwrap()
            .unwrap_or_else(|| panic!("{file} #{n}: no solution"));
        if let Err(e) = check_solution(puzzle, &grid) {
            panic!("{file} #{n}: {e}");
        }
        assert_eq!(count_9x9(puzzle, 2, &budget).result(), Ok(1), "{file} #{n}: not unique");
    }
}

#[test]
fn every_17_clue_puzzle_is_solved_and_unique() {
    unique_set("17_clue.txt", 49_158);
}

#[test]
fn every_magictour_puzzle_is_solved_and_unique() {
    unique_set("magictour_top1465.txt", 1465);
}

#[test]
fn every_serg_puzzle_has_two_solutions_or_more() {
    let Some(puzzles) = shared_set("serg_benchmark.txt") else { return };
    assert_eq!(puzzles.len(), 10_000);
    let budget = Budget::unlimited();
    for (n, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(count_9x9(puzzle, 2, &budget).result(), Ok(2), "serg #{n}");
        let grid = solve_9x9(puzzle, &Budget::unlimited())
            .unwrap()
            .unwrap_or_else(|| panic!("serg #{n}: no solution"));
        if let Err(e) = check_solution(puzzle, &grid) {
            panic!("serg #{n}: {e}");
        }
    }
}

#[test]
fn inkala_is_unique() {
    let puzzle = parse(INKALA);
    let grid = solve_9x9(&puzzle, &Budget::unlimited()).unwrap().expect("a solution");
    check_solution(&puzzle, &grid).unwrap();
    let line: String = grid.iter().map(|d| char::from(b'0' + d)).collect();
    assert_eq!(line, "812753649943682175675491283154237896369845721287169534521974368438526917796318452");
    assert_eq!(count_9x9(&puzzle, 2, &Budget::unlimited()).result(), Ok(1));
    assert_eq!(count_9x9(&puzzle, u64::MAX, &Budget::unlimited()).result(), Ok(1));
}

#[test]
fn empty_grid_counts_to_the_limit_quickly() {
    let empty = [0u8; 81];
    let start = Instant::now();
    assert_eq!(count_9x9(&empty, 1000, &Budget::unlimited()).result(), Ok(1000));
    assert!(start.elapsed() < Duration::from_secs(2), "took {:?}", start.elapsed());
    let grid = solve_9x9(&empty, &Budget::unlimited()).unwrap().expect("a full grid");
    check_solution(&empty, &grid).unwrap();
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut puzzle = parse(INKALA);
    puzzle[1] = 8; // row 0 already holds 8 in cell 0
    assert_eq!(solve_9x9(&puzzle, &Budget::unlimited()).unwrap(), None);
    assert_eq!(count_9x9(&puzzle, 2, &Budget::unlimited()).result(), Ok(0));
    // A clash the givens do not show directly: two 5s in column 0, in different bands.
    let mut column = [0u8; 81];
    column[0] = 5;
    column[72] = 5;
    assert_eq!(solve_9x9(&column, &Budget::unlimited()).unwrap(), None);
    assert_eq!(count_9x9(&column, 2, &Budget::unlimited()).result(), Ok(0));
    // Out-of-range values make the puzzle unsolvable rather than panicking.
    let mut bad = [0u8; 81];
    bad[40] = 10;
    assert_eq!(solve_9x9(&bad, &Budget::unlimited()).unwrap(), None);
}

#[test]
fn limits_and_budgets() {
    let puzzle = parse(INKALA);
    assert_eq!(count_9x9(&puzzle, 0, &Budget::unlimited()).result(), Ok(0));
    // Inkala's puzzle needs guesses: a budget of one guess runs out.
    assert_eq!(count_9x9(&puzzle, 2, &Budget::unlimited().with_nodes(1)).result(), Err(GaveUp::NodeLimit));
    let count = count_9x9(&puzzle, 2, &Budget::unlimited());
    assert_eq!(count.solutions, 1);
    assert!(count.stats.nodes > 1);
    assert_eq!(count_9x9(&puzzle, 2, &Budget::unlimited().with_nodes(count.stats.nodes)).result(), Ok(1));
    // A puzzle solved by propagation alone needs no guess at all.
    let mut solved = solve_9x9(&puzzle, &Budget::unlimited()).unwrap().unwrap();
    solved[0] = 0;
    let count = count_9x9(&solved, 2, &Budget::unlimited().with_nodes(0));
    assert_eq!(count.result().map(|_| count.stats.nodes), Ok(0));
}

#[test]
fn deadlines_and_cancellation_stop_a_long_count() {
    let empty = [0u8; 81];
    let past = Budget::unlimited().with_deadline(Instant::now());
    assert_eq!(count_9x9(&empty, u64::MAX, &past).result(), Err(GaveUp::Deadline));
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = Budget::unlimited().with_cancel(flag);
    assert_eq!(count_9x9(&empty, u64::MAX, &cancelled).result(), Err(GaveUp::Cancelled));
}
