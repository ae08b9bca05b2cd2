//! The generator and the rater: sound steps, hints in words, unique, reproducible puzzles of their level
//! within their deadline.

use super::*;

use tessera::killer::{Difficulty, Generator};
use tessera::{Generate, Rate};

/// Every placed value is the answer's and no removed candidate is.
fn steps_are_sound(puzzle: &Killer, answer: &Grid) {
    let rating = killer::rate(puzzle, &Budget::unlimited()).expect("no budget");
    assert!(!rating.contradiction, "{puzzle}");
    for step in &rating.steps {
        for &(cell, value) in &step.placed {
            assert_eq!(u32::from(answer.digits()[cell]), value, "{step}\n{puzzle}");
        }
        for &(cell, value) in &step.removed {
            assert_ne!(u32::from(answer.digits()[cell]), value, "{step}\n{puzzle}");
        }
        assert!(!step.explanation.is_empty());
    }
    assert_eq!(puzzle.hint(), rating.steps.first().cloned());
    assert_eq!(<Killer as Rate>::level(&rating), rating.level);
}

#[test]
fn rating_steps_are_sound_on_the_samples() {
    let (Some(puzzles), Some(answers)) = (
        common::shared_text("families", "killer.txt"),
        common::shared_text("families", "killer.solutions.txt"),
    ) else {
        return;
    };
    let mut levels = BTreeSet::new();
    for (puzzle, answer) in pairs(&puzzles, &answers) {
        steps_are_sound(&puzzle, &answer);
        levels.insert(killer::rate(&puzzle, &Budget::unlimited()).expect("no budget").level);
    }
    assert!(levels.len() >= 2, "{levels:?}");
}

#[test]
fn the_first_hint_is_a_cage_combination_named_in_words() {
    let puzzle = parse(SAMPLE).expect("the example");
    let hint = puzzle.hint().expect("a step");
    assert_eq!(hint.technique, "cage combination");
    assert!(hint.explanation.contains("r1c1"), "{hint}");
}

#[test]
fn a_broken_puzzle_rates_as_a_contradiction() {
    let puzzle = parse(SAMPLE).expect("the example");
    let wrong = puzzle.with_givens([vec![3], vec![0; 15]].concat()).expect("a wrong given");
    let rating = killer::rate(&wrong, &Budget::unlimited()).expect("no budget");
    assert!(!rating.solved);
    assert_eq!(rating.level, Difficulty::Expert);
}

#[test]
fn generated_puzzles_are_unique_reproducible_and_of_their_level() {
    for (size, level, seed) in [
        (4, None, 1),
        (6, Some(Difficulty::Easy), 2),
        (8, None, 3),
        (9, Some(Difficulty::Medium), 4),
        (9, Some(Difficulty::Hard), 5),
        (9, None, 6),
        (12, None, 7),
    ] {
        let mut generator = Generator::new(size).expect("a side");
        if let Some(level) = level {
            generator = generator.difficulty(level);
        }
        let made = generator.generate(seed).expect("a puzzle");
        let again = <Killer as Generate>::generate(&generator, seed).expect("again");
        assert_eq!(made.puzzle, again.puzzle, "{size} {seed}");
        let unique = count(&made.puzzle, &Query::default().with_limit(2));
        assert_eq!((unique.solutions, unique.outcome), (1, Outcome::Exhausted), "{}", made.puzzle);
        assert!(verify(&made.puzzle, &made.solution).is_valid());
        if let Some(level) = level {
            assert_eq!(made.level, level);
        }
        steps_are_sound(&made.puzzle, &made.solution);
        assert_eq!(parse(&made.puzzle.to_text()).expect("reads back"), made.puzzle);
    }
    assert!(Generator::new(7).is_err());
    assert_eq!(Difficulty::ALL.map(Difficulty::name), ["easy", "medium", "hard", "expert"]);
}

#[test]
fn a_generation_keeps_its_deadline() {
    let budget = Budget::unlimited().with_timeout(Duration::from_millis(200));
    let started = Instant::now();
    let made = Generator::new(25).expect("a side").difficulty(Difficulty::Expert).budget(budget).generate(1);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?} {:?}",
        started.elapsed(),
        made.map(|m| m.level)
    );
}

/// Generation times of unique 9x9 puzzles (any level). `cargo test --release -- --ignored`.
#[test]
#[ignore = "a timing run"]
fn generation_times() {
    for size in [9, 12] {
        let mut times = Vec::new();
        for seed in 0..if size == 9 { 100 } else { 20 } {
            let started = Instant::now();
            let made = Generator::new(size).expect("a side").generate(seed).expect("a puzzle");
            times.push(started.elapsed());
            let _ = made;
        }
        times.sort();
        eprintln!(
            "{size}x{size} generation: median {:?}, worst {:?}",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
