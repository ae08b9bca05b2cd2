//! The generator's unit tests.

use super::*;
use crate::sudoku::{Budget, Engine};

/// The 9x9 fast path (clue words, forbidden-digit searches) and the general one (counting to 2
/// with any engine) must empty exactly the same cells.
#[test]
fn fast_minimizing_agrees_with_counting() {
    let layout = Arc::new(Layout::classic(9).unwrap());
    let generator = Generator::new(layout.clone()).minimal(true);
    for seed in 0..60u64 {
        let symmetry = Symmetry::ALL[seed as usize % Symmetry::ALL.len()];
        let solution =
            solve_with_seed(&Sudoku::empty(layout.clone()), seed, &Budget::unlimited()).unwrap().unwrap();
        let mut orbits = symmetry.orbits(9);
        orbits.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
        let cells = solution.cells().try_into().unwrap();
        let fast = fast9::minimize_9x9(cells, &orbits, &Budget::unlimited()).unwrap();
        let general = generator.remove_clues(&solution, &orbits, None).unwrap();
        assert_eq!(&fast[..], general.cells(), "seed {seed}, {symmetry:?}");
        assert_eq!(
            count(&general, &Query::default().with_limit(2).with_engine(Engine::ExactCover)).solutions,
            1
        );
    }
}
