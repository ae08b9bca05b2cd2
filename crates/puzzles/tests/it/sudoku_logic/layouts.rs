//! Broken puzzles, the small and odd layouts, and 16x16.

use super::*;

#[test]
fn broken_puzzles_are_not_solved() {
    let mut clash = nine(known(NEEDS)[0].1);
    clash.set(0, 3); // row 1 already has a 3
    let rating = logic::rate(&clash);
    assert!(!rating.solved);
    assert_eq!(rating.steps, 0);
    // Consistent givens but no solution: r3c3 must be 9, and row 3 has its 9 already.
    let line = format!("123......456......78......9{}", ".".repeat(54));
    let rating = logic::rate(&nine(&line));
    assert!(!rating.solved, "{rating:?}");
    let empty = Sudoku::empty(classic());
    let (grid, steps, solved) = logic::solve_logically(&empty, Technique::Guess);
    assert!(solved && grid.is_solved() && steps.iter().any(|s| s.technique == Technique::Guess));
}

#[test]
fn other_layouts_rate_soundly() {
    let layouts = [
        Arc::new(Layout::classic(4).unwrap()),
        Arc::new(Layout::classic(6).unwrap()),
        Arc::new(Layout::classic(8).unwrap()),
        Arc::new(Layout::classic(9).unwrap().with_diagonals()),
        Arc::new(Layout::classic(6).unwrap().with_diagonals()),
        jigsaw(6, 2),
        jigsaw(9, 3),
        Arc::new(Layout::classic(12).unwrap()),
    ];
    let mut rng = Rng::new(7);
    for layout in &layouts {
        for _ in 0..4 {
            let keep = if layout.size() > 9 { layout.cells() / 2 } else { 0 };
            let (puzzle, solution) = random_puzzle(layout, &mut rng, keep);
            let rating = checked_rating(&puzzle, &solution);
            eprintln!(
                "{}: {} clues, {} ({:?})",
                layout.name(),
                puzzle.clues(),
                rating.difficulty,
                rating.hardest
            );
        }
    }
}

#[test]
fn sixteen_by_sixteen_rates() {
    let layout = Arc::new(Layout::classic(16).unwrap());
    let mut rng = Rng::new(3);
    let solution = random_grid(&layout, &mut rng).unwrap();
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..256).collect();
    rng.shuffle(&mut order);
    for &cell in &order[..140] {
        puzzle.set(cell, 0);
    }
    let (grid, steps, solved) = logic::solve_logically(&puzzle, Technique::Guess);
    assert!(solved && grid.is_solved());
    // Not necessarily unique: check against the solution reached, which completes the puzzle.
    assert!(puzzle.is_completed_by(&grid));
    if solutions(&puzzle, 2).len() == 1 {
        check_steps(&puzzle, grid.cells(), &steps);
    }
}
