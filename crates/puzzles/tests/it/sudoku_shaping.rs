//! Shaping generated puzzles (crates/puzzles/src/sudoku/shaping.rs): a clue range is always met,
//! a mask's cells are exactly the givens, the puzzle stays unique (counted by the exact-cover
//! reduction, not the solver that generated it) and reproducible; the registry keys of Sudoku
//! and Hidato; Hidato's `keep_ends`.

use std::sync::Arc;

use proptest::prelude::*;
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::logic::Difficulty;
use tessera::sudoku::{
    count, parse_mask, registry_entry, Engine, Generator, Layout, Query, Rejections, Symmetry,
};

fn unique(puzzle: &tessera::sudoku::Sudoku) -> bool {
    count(puzzle, &Query::default().with_limit(2).with_engine(Engine::ExactCover)).solutions == 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn clue_ranges_are_met(
        size in proptest::sample::select(vec![4usize, 6, 9]),
        symmetry in proptest::sample::select(vec![Symmetry::None, Symmetry::Rot180]),
        low in 0usize..12,
        width in 0usize..4,
        seed in any::<u64>(),
    ) {
        let layout = Arc::new(Layout::classic(size).unwrap());
        // Ranges a little above the sparsest puzzles, so that they are usually reachable.
        let floor = match size { 4 => 6, 6 => 14, _ => 26 };
        // A half turn of an even grid moves clues in pairs: the range then holds two counts.
        let width = if symmetry == Symmetry::Rot180 && size % 2 == 0 { width.max(1) } else { width };
        // At most every cell (4x4 has 16).
        let cells = size * size;
        let (min, max) = ((floor + low).min(cells), (floor + low + width).min(cells));
        let generator = Generator::new(layout).symmetry(symmetry).clues(min..=max).attempts(200);
        let (made, _) = generator.generate_tallied(seed);
        let made = made.unwrap();
        prop_assert!((min..=max).contains(&made.puzzle.clues()), "{} not in {min}..={max}", made.puzzle.clues());
        prop_assert!(unique(&made.puzzle));
        prop_assert!(symmetry.holds_for(&made.puzzle));
        prop_assert!(made.puzzle.is_completed_by(&made.solution));
        prop_assert_eq!(generator.generate(seed).unwrap().puzzle, made.puzzle);
    }
}

/// Asked for both a level and a range, the puzzle has both; an easy puzzle is kept richer than a
/// minimal one by asking for it.
#[test]
fn a_level_and_a_range_together() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    for (level, min, max) in [(Difficulty::Easy, 34, 36), (Difficulty::Hard, 26, 28)] {
        let generator = Generator::new(layout.clone()).difficulty(level).clues(min..=max).attempts(500);
        for seed in 1..4 {
            let made = generator.generate(seed).unwrap();
            assert!((min..=max).contains(&made.puzzle.clues()), "{level:?} seed {seed}");
            assert_eq!(made.rating.unwrap().difficulty, level);
            assert!(unique(&made.puzzle));
        }
    }
}

/// A range out of reach is rejected attempt after attempt, counted, and gives up.
#[test]
fn an_unreachable_range_gives_up_with_its_reason() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    let generator = Generator::new(layout).difficulty(Difficulty::Easy).clues(17..=18).attempts(20);
    let (made, rejections) = generator.generate_tallied(1);
    assert!(made.is_err());
    assert_eq!(rejections.clues + rejections.level, 20, "{rejections:?}");
    assert!(rejections.clues > 0);
}

/// A mask's cells are the givens, exactly, and the puzzle is unique; with a symmetric mask the
/// puzzle keeps that symmetry.
#[test]
fn masks_are_the_givens() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    // The repository's example masks: a rot180-symmetric one of 30 cells, and a picture, a heart
    // of 28 cells (a heart with its point at the bottom left a band nearly empty, and no grid was
    // unique with it in 200,000 tries).
    let read = |name: &str| {
        let path = format!("{}/../../examples/masks/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let (symmetric, heart) = (read("symmetric"), read("heart"));
    for (text, symmetry) in [(&symmetric, Symmetry::Rot180), (&heart, Symmetry::None)] {
        let mask = parse_mask(text, 9).unwrap();
        tessera::sudoku::check_mask(&layout, symmetry, &mask).unwrap();
        let generator = Generator::new(layout.clone()).symmetry(symmetry).mask(mask.clone()).attempts(20_000);
        for seed in 1..3 {
            let (made, rejections) = generator.generate_tallied(seed);
            let made = made.unwrap_or_else(|e| panic!("seed {seed}: {e} after {rejections:?}"));
            let givens: Vec<bool> = made.puzzle.cells().iter().map(|&d| d != 0).collect();
            assert_eq!(givens, mask);
            assert!(unique(&made.puzzle));
            assert!(symmetry.holds_for(&made.puzzle));
            assert_eq!(rejections.not_unique, made.attempts - 1);
        }
    }
}

/// A mask that can never be unique (every given in the first three rows) gives up, every
/// attempt counted as not unique.
#[test]
fn a_hopeless_mask_gives_up() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    let mut mask = vec![false; 81];
    mask[..27].iter_mut().for_each(|cell| *cell = true);
    let (made, rejections) = Generator::new(layout).mask(mask).attempts(50).generate_tallied(3);
    assert!(made.is_err());
    assert_eq!(rejections, Rejections { clues: 0, level: 0, not_unique: 50, regions: 0 });
}

/// Relabelled digits and swapped rows give the same registry line; another puzzle does not.
#[test]
fn registry_lines_are_canonical() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    let made = Generator::new(layout.clone()).generate(11).unwrap();
    let relabel = |grid: &tessera::sudoku::Sudoku| {
        let mut cells: Vec<u8> = grid.cells().iter().map(|&d| if d == 0 { 0 } else { 10 - d }).collect();
        for col in 0..9 {
            cells.swap(col, 18 + col); // rows 1 and 3 of the first band
        }
        cells.reverse(); // a half turn
        tessera::sudoku::Sudoku::from_digits(layout.clone(), cells).unwrap()
    };
    let entry = registry_entry(&made.puzzle, &made.solution).unwrap();
    assert_eq!(registry_entry(&relabel(&made.puzzle), &relabel(&made.solution)).unwrap(), entry);
    let other = Generator::new(layout).generate(12).unwrap();
    assert_ne!(registry_entry(&other.puzzle, &other.solution).unwrap(), entry);
}

/// `keep_ends` keeps 1 and N at the levels that would hide them, and the puzzles stay unique.
#[test]
fn hidato_keeps_its_ends_when_asked() {
    let shape = Hidato::new(6, 6, vec![0; 36], Adjacency::King).unwrap();
    for level in [hidato::Difficulty::Hard, hidato::Difficulty::Expert] {
        for seed in 1..4 {
            let made = hidato::Generator::new(shape.clone()).difficulty(level).keep_ends(true).generate(seed);
            let made = made.unwrap();
            assert!(
                made.puzzle.cells().contains(&1) && made.puzzle.cells().contains(&36),
                "{level:?} {seed}"
            );
            assert_eq!(made.difficulty, level);
            let query = hidato::Query::default().with_limit(2);
            assert_eq!(hidato::count(&made.puzzle, &query).solutions, 1);
        }
    }
}
