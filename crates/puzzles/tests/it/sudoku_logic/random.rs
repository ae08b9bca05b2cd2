//! Every technique on random pencil marks, and every step of random minimal puzzles.

use super::*;

/// Each technique's search, called directly on random pencil marks (so the easier ones do not
/// pre-empt it): every step it finds is sound, and every technique finds something somewhere.
#[test]
fn every_technique_fires_soundly_on_random_marks() {
    let layouts = [classic(), Arc::new(Layout::classic(9).unwrap().with_diagonals()), jigsaw(9, 3)];
    let mut fired: BTreeMap<Technique, usize> = BTreeMap::new();

    let mut rng = Rng::new(99);
    for round in 0..600 {
        let layout = &layouts[round % layouts.len()];
        let (given, extra) = [(20, 15), (30, 25), (10, 10), (40, 35)][round % 4];
        let (grid, solution) = random_marks(layout, &mut rng, given, extra);
        let puzzle = grid.grid();
        for technique in Technique::ALL {
            if let Some(step) = logic::find(&grid, technique) {
                assert_eq!(step.technique, technique);
                check_steps(&puzzle, &solution, std::slice::from_ref(&step));
                *fired.entry(technique).or_default() += 1;
            }
        }
    }
    eprintln!("steps found per technique on 600 random mark grids: {fired:?}");

    // The uniqueness techniques are off here (these marks need not have one solution); the
    // test above covers them.
    for technique in Technique::ALL.into_iter().filter(|&t| !is_uniqueness(t)) {
        assert!(fired.contains_key(&technique), "{technique} never fired");
    }
}

fn arb_layout(choice: usize) -> Arc<Layout> {
    match choice % 6 {
        0 | 1 => classic(),
        2 => Arc::new(Layout::classic(9).unwrap().with_diagonals()),
        3 => Arc::new(Layout::classic(6).unwrap()),
        4 => jigsaw(9, 3),
        _ => Arc::new(Layout::classic(4).unwrap()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Minimal puzzles from random grids: every step of the logical solve is sound, and every
    /// hint along the way too.
    #[test]
    fn every_step_is_sound(seed in any::<u64>(), choice in 0usize..6) {
        let layout = arb_layout(choice);
        let mut rng = Rng::new(seed);
        let (puzzle, solution) = random_puzzle(&layout, &mut rng, 0);
        let rating = checked_rating(&puzzle, &solution);
        prop_assert!(rating.solved);
        // The capped solve stops short exactly when the puzzle needs more.
        let level = rating.difficulty;
        prop_assert!(logic::solve_logically(&puzzle, level.max_technique()).2);
        if level > Difficulty::Easy {
            let easier = Difficulty::ALL[level as usize - 1];
            prop_assert!(!logic::solve_logically(&puzzle, easier.max_technique()).2);
        }
        let hint = logic::hint(&puzzle).unwrap();
        check_steps(&puzzle, &solution, std::slice::from_ref(&hint));
    }
}
