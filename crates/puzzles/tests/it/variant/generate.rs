//! The generator: every template makes unique puzzles (proven by the rules engine, not only by
//! `auto`), whose solution the verifier accepts, the same puzzle for the same seed.

use tessera::variant::{self, Engine, Generator, Query, Template};
use tessera::Named;

#[test]
fn every_template_makes_unique_puzzles_reproducibly() {
    for &template in Template::all() {
        for (size, seeds) in [(4, 0..3u64), (6, 0..3), (9, 0..3)] {
            let generator = Generator::new(size).unwrap().template(template);
            for seed in seeds {
                let made =
                    generator.generate(seed).unwrap_or_else(|e| panic!("{template} {size} #{seed}: {e}"));
                let what = format!("{template} {size}x{size} seed {seed}");
                let count =
                    variant::count(&made.puzzle, &Query::default().with_engine(Engine::Rules).with_limit(2));
                assert_eq!(count.solutions, 1, "{what}: unique");
                assert!(variant::verify(&made.puzzle, &made.solution).is_valid(), "{what}");
                assert!(
                    !made.puzzle.constraints.is_empty() || made.puzzle.givens.iter().any(|&g| g != 0),
                    "{what}"
                );
                if seed == 0 {
                    let again = generator.generate(seed).unwrap();
                    assert_eq!(again.puzzle, made.puzzle, "{what}: the same seed, the same puzzle");
                }
            }
        }
    }
}

#[test]
fn sides_without_boxes_are_refused() {
    assert!(Generator::new(7).is_err());
    assert!(Generator::new(3).is_err());
    assert!(Generator::new(17).is_err());
}
