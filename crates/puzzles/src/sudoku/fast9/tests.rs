//! The 9x9 engines (the portable bitboard solver, and the SIMD engine's AVX2 and AVX-512 builds
//! where this processor runs them) against each other and against the general solver, on
//! generated puzzles of every kind: unique, several solutions, none, nearly empty, and givens
//! that clash (and values out of range).
//!
//! Puzzles come from a known grid moved by Sudoku's symmetries (digits relabelled, rows and
//! columns permuted within bands and stacks, bands and stacks permuted, transposed), then thinned
//! out or spoiled. The internal checks are switched on (`tessera_xc::enable_debug_checks`, in
//! builds with debug assertions or the `debug-checks` feature): every solution the SIMD engine
//! finds and every shuffle control it uses is also checked inside the engine.

use std::sync::Arc;

use proptest::prelude::*;
use tessera_xc::{Budget, Outcome};

#[cfg(target_arch = "x86_64")]
use super::simd::lanes::{enter_with, Isa};
use super::{count_9x9, count_portable, solve_9x9, solve_portable};
use crate::sudoku::{Engine, Layout, Query, Sudoku};

/// A valid grid to move around (Inkala's puzzle's solution).
const GRID: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// Permutations of 0..3 indexed 0..6.
const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// A grid moved by the symmetries `moves` picks (as generated below).
fn moved(moves: &Moves) -> [u8; 81] {
    let base: Vec<u8> = GRID.bytes().map(|b| b - b'0').collect();
    let line = |perm_of_bands: usize, within: &[usize; 3], i: usize| {
        3 * PERMS[perm_of_bands][i / 3] + PERMS[within[i / 3]][i % 3]
    };
    let mut grid = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (line(moves.bands, &moves.rows, r), line(moves.stacks, &moves.columns, c));
            let (sr, sc) = if moves.transpose { (sc, sr) } else { (sr, sc) };
            grid[9 * r + c] = moves.digits[usize::from(base[9 * sr + sc] - 1)];
        }
    }
    grid
}

#[derive(Debug, Clone)]
struct Moves {
    digits: Vec<u8>,
    bands: usize,
    stacks: usize,
    rows: [usize; 3],
    columns: [usize; 3],
    transpose: bool,
}

fn moves() -> impl Strategy<Value = Moves> {
    (
        Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
        0..6usize,
        0..6usize,
        [0..6usize, 0..6usize, 0..6usize],
        [0..6usize, 0..6usize, 0..6usize],
        any::<bool>(),
    )
        .prop_map(|(digits, bands, stacks, rows, columns, transpose)| Moves {
            digits,
            bands,
            stacks,
            rows,
            columns,
            transpose,
        })
}

/// The general solver's count, the reference.
fn general_count(cells: &[u8; 81], limit: u64) -> u64 {
    let layout = Arc::new(Layout::classic(9).unwrap());
    let Ok(puzzle) = Sudoku::from_digits(layout, cells.to_vec()) else {
        return 0; // refused (givens that clash): no solution
    };
    let query = Query::default().with_engine(Engine::General).with_limit(limit);
    crate::sudoku::count(&puzzle, &query).solutions
}

/// Whether `grid` is a Sudoku grid keeping the givens of `puzzle`.
fn completes(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    let kept = puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g);
    let units = (0..9).all(|u| {
        let mask = |cell: &dyn Fn(usize) -> usize| (0..9).fold(0u16, |m, i| m | 1 << grid[cell(i)]);
        mask(&|i| 9 * u + i) == 0x3fe
            && mask(&|i| u + 9 * i) == 0x3fe
            && mask(&|i| 27 * (u / 3) + 3 * (u % 3) + 9 * (i / 3) + i % 3) == 0x3fe
    });
    kept && units
}

/// Both engines and the general solver agree on the count up to `limit`, on the outcome, and
/// on the solution when it is unique; every solution returned completes the puzzle.
fn agree(puzzle: &[u8; 81], limit: u64) -> Result<(), TestCaseError> {
    tessera_xc::enable_debug_checks();
    let budget = Budget::unlimited();
    let fast = count_9x9(puzzle, limit, &budget);
    let portable = count_portable(puzzle, limit, &budget);
    prop_assert_eq!(fast.solutions, portable.solutions, "count to {}", limit);
    prop_assert_eq!(fast.outcome, portable.outcome);
    // Values above 9 are for the 9x9 engines only (the grid type refuses them).
    if puzzle.iter().all(|&v| v <= 9) {
        prop_assert_eq!(fast.solutions, general_count(puzzle, limit), "general solver, count to {}", limit);
    }
    // Each SIMD instantiation this processor runs, whatever the default engine is.
    #[cfg(target_arch = "x86_64")]
    for isa in [Isa::Avx2, Isa::Avx512] {
        let Some((count, _)) = enter_with(isa, puzzle, limit, &budget, false) else { continue };
        prop_assert_eq!(
            (count.solutions, count.outcome),
            (portable.solutions, portable.outcome),
            "{:?}",
            isa
        );
        let (solved, first) = enter_with(isa, puzzle, 1, &budget, true).expect("ran above");
        prop_assert_eq!(first.is_some(), solved.solutions == 1);
        prop_assert_eq!(first.is_some(), portable.solutions > 0, "{:?} finds a solution", isa);
        if let Some(grid) = first {
            prop_assert!(completes(puzzle, &grid), "{:?}: not a solution: {:?}", isa, grid);
            if portable.solutions == 1 && portable.outcome == Outcome::Exhausted {
                prop_assert_eq!(Some(grid), solve_portable(puzzle, &budget).unwrap(), "{:?}", isa);
            }
        }
    }
    let first = solve_9x9(puzzle, &budget).unwrap();
    let first_portable = solve_portable(puzzle, &budget).unwrap();
    prop_assert_eq!(first.is_some(), first_portable.is_some());
    if let Some(grid) = first {
        prop_assert!(completes(puzzle, &grid), "not a solution: {:?}", grid);
        if fast.solutions == 1 && fast.outcome == Outcome::Exhausted {
            prop_assert_eq!(Some(grid), first_portable);
        }
    }
    Ok(())
}

/// Keeps the cells whose bit is set in `keep` (a 81-bit mask in two words).
fn thinned(grid: &[u8; 81], keep: (u64, u32)) -> [u8; 81] {
    let mut puzzle = *grid;
    for (cell, value) in puzzle.iter_mut().enumerate() {
        let kept = if cell < 64 { keep.0 >> cell & 1 } else { u64::from(keep.1 >> (cell - 64) & 1) };
        if kept == 0 {
            *value = 0;
        }
    }
    puzzle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Grids thinned to 22-40 givens: mostly several solutions, some unique.
    #[test]
    fn thinned_grids(moves in moves(), cells in proptest::sample::subsequence((0..81).collect::<Vec<_>>(), 22..=40)) {
        let grid = moved(&moves);
        let mut puzzle = [0u8; 81];
        for cell in cells {
            puzzle[cell] = grid[cell];
        }
        agree(&puzzle, 3)?;
        agree(&puzzle, 1)?;
    }

    /// Random thinning at about half, and the full grid itself.
    #[test]
    fn half_grids(moves in moves(), keep in (any::<u64>(), any::<u32>())) {
        let grid = moved(&moves);
        agree(&thinned(&grid, keep), 2)?;
        agree(&grid, 2)?;
    }

    /// Nearly empty grids: counts stop at the limit in every engine.
    #[test]
    fn nearly_empty(moves in moves(), cells in proptest::sample::subsequence((0..81).collect::<Vec<_>>(), 0..=8)) {
        let grid = moved(&moves);
        let mut puzzle = [0u8; 81];
        for cell in cells {
            puzzle[cell] = grid[cell];
        }
        agree(&puzzle, 5)?;
    }

    /// A thinned grid with one given changed: usually no solution, sometimes a clash, sometimes
    /// still solvable.
    #[test]
    fn spoiled(moves in moves(), cells in proptest::sample::subsequence((0..81).collect::<Vec<_>>(), 24..=36), which in any::<prop::sample::Index>(), digit in 1..=9u8) {
        let grid = moved(&moves);
        let mut puzzle = [0u8; 81];
        for &cell in &cells {
            puzzle[cell] = grid[cell];
        }
        puzzle[cells[which.index(cells.len())]] = digit;
        agree(&puzzle, 2)?;
    }

    /// Arbitrary givens anywhere (clashes, out-of-range values included).
    #[test]
    fn arbitrary_givens(givens in proptest::collection::vec((0..81usize, 1..=10u8), 0..30)) {
        let mut puzzle = [0u8; 81];
        for (cell, value) in givens {
            puzzle[cell] = value;
        }
        agree(&puzzle, 2)?;
    }
}

#[test]
fn node_budgets_give_up_cleanly() {
    tessera_xc::enable_debug_checks();
    let empty = [0u8; 81];
    let budget = Budget::unlimited().with_nodes(50);
    let count = count_9x9(&empty, u64::MAX, &budget);
    assert!(matches!(count.outcome, Outcome::GaveUp(_)), "{:?}", count.outcome);
    #[cfg(target_arch = "x86_64")]
    for isa in [Isa::Avx2, Isa::Avx512] {
        if let Some((count, _)) = enter_with(isa, &empty, u64::MAX, &budget, false) {
            assert!(matches!(count.outcome, Outcome::GaveUp(_)), "{isa:?}: {:?}", count.outcome);
            assert!(count.stats.nodes <= 51, "{isa:?}: {} guesses", count.stats.nodes);
        }
    }
}

/// Known answers from outside (tdoku's solutions and counts), on the shared sets when present:
/// every SIMD build gives the portable solver's answers on every puzzle.
#[test]
#[cfg(target_arch = "x86_64")]
fn shared_sets_agree_across_engines() {
    use std::io::Write;
    let Some(dir) = std::env::var_os("TESSERA_DATA").filter(|dir| !dir.is_empty()) else {
        if std::env::var("TESSERA_REQUIRE_DATA").is_ok_and(|v| v == "1") {
            panic!("TESSERA_REQUIRE_DATA=1 but TESSERA_DATA is not set (sudoku/)");
        }
        let note = "\n*** SKIPPED: TESSERA_DATA not set, so the SIMD engine was not checked on sudoku/ ***\n";
        let _ = std::io::stderr().write_all(note.as_bytes());
        return;
    };
    tessera_xc::enable_debug_checks();
    let budget = Budget::unlimited();
    for (file, limit, step) in
        [("magictour_top1465.txt", 2, 1), ("serg_benchmark.txt", 3, 7), ("17_clue.txt", 2, 41)]
    {
        let text = std::fs::read_to_string(std::path::Path::new(&dir).join("sudoku").join(file)).unwrap();
        let lines = text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#'));
        for (n, line) in lines.step_by(step).enumerate() {
            let mut cells = [0u8; 81];
            for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
                *cell = if (b'1'..=b'9').contains(&ch) { ch - b'0' } else { 0 };
            }
            let portable = count_portable(&cells, limit, &budget);
            let first = solve_portable(&cells, &budget).unwrap();
            for isa in [Isa::Avx2, Isa::Avx512] {
                let Some((count, _)) = enter_with(isa, &cells, limit, &budget, false) else { continue };
                assert_eq!(count.solutions, portable.solutions, "{file} #{n} {isa:?}");
                let (_, grid) = enter_with(isa, &cells, 1, &budget, true).unwrap();
                let grid = grid.unwrap_or_else(|| panic!("{file} #{n} {isa:?}: no solution"));
                assert!(completes(&cells, &grid), "{file} #{n} {isa:?}");
                if portable.solutions == 1 {
                    assert_eq!(Some(grid), first, "{file} #{n} {isa:?}");
                }
            }
        }
    }
}
