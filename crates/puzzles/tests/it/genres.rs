//! The digit genres of the rules model (Skyscrapers, Futoshiki): published puzz.link addresses
//! read, solved and proven unique; every form round-trips; the rules engine, the SAT route and
//! the exact cover agree on random puzzles (unique or not); generated puzzles are unique at every
//! side the generator takes; the propagator of a skyscraper clue agrees with brute force.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::variant::{
    self, Cell, Constraint, Engine, Futoshiki, FutoshikiGenerator, Query, Skyscrapers, SkyscrapersGenerator,
};
use tessera::{Budget, Family, Generate, Puzzle, Readable};

/// Published Skyscrapers addresses (puzz.link's list and pzprjs's tests) with their answers.
const PUBLISHED: &[(&str, &str)] = &[
    ("https://puzz.link/p?skyscrapers/4/4/k13h4j3g", ""),
    ("https://puzz.link/p?skyscrapers/5/5/g2l2g43l35", ""),
    ("https://puzz.link/p?skyscrapers/9/9/g4g7g5g5i4g5g7i3g2g8g6i7g8g2h", ""),
];

fn one<P: Readable<ReadOptions = ()>>(text: &str) -> P {
    let mut all = P::read(text, &());
    let puzzle = all.next().expect("a puzzle").unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(all.next().is_none(), "one puzzle in {text:?}");
    puzzle
}

fn count_with<P: Puzzle<Engine = Engine>>(puzzle: &P, engine: Engine, limit: u64) -> u64 {
    let query = Query::default().with_engine(engine).with_limit(limit);
    let count = puzzle.count(&query);
    assert!(!count.gave_up(), "{engine:?} gave up on {puzzle:?}");
    count.solutions
}

#[test]
fn published_skyscrapers_addresses_are_solved_unique_and_written_back() {
    for &(url, _) in PUBLISHED {
        let puzzle: Skyscrapers = one(url);
        assert_eq!(puzzle.url().as_deref(), Some(url), "the address written back");
        assert_eq!(count_with(&puzzle, Engine::Auto, 2), 1, "{url}");
        assert_eq!(count_with(&puzzle, Engine::Sat, 2), 1, "{url}: the SAT route");
        let solution = puzzle.solve(&Query::default()).unwrap().expect("a solution");
        assert!(puzzle.verify(&solution).is_valid());
        let again: Skyscrapers = one(&puzzle.to_text());
        assert_eq!(again, puzzle, "the text form reads back");
        let json: Skyscrapers = one(&puzzle.to_json());
        assert_eq!(json, puzzle, "the JSON reads back");
    }
}

#[test]
fn the_rules_model_reads_iss_skyscrapers() {
    let v = variant::parse(".Shape~4x4.Skyscraper~R1~1~~.Skyscraper~C2~~2").unwrap();
    assert_eq!(
        v.constraints,
        vec![
            Constraint::Skyscraper { clue: Cell::new(0, -1), count: 1 },
            Constraint::Skyscraper { clue: Cell::new(4, 1), count: 2 },
        ]
    );
}

#[test]
fn bad_addresses_and_texts_are_errors_that_say_where() {
    for (text, says) in [
        ("https://puzz.link/p?skyscrapers/4/5/k13h4j3g", "4x5"),
        ("https://puzz.link/p?nurikabe/4/4/k13h4j3g", "not Skyscrapers"),
        ("https://puzz.link/p?skyscrapers/4/4/k13h4j3g!", "column"),
        ("https://puzz.link/p?skyscrapers/4/4/k93h4j3g", "9"),
        (". 1 . . . .\n. . . . . .\n", "ends"),
        (". 1 . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n1 . . . . .\n", "corner"),
    ] {
        let error = Skyscrapers::read(text, &()).next().expect("an item").expect_err(text).to_string();
        assert!(error.contains(says), "{text:?}: {error}");
    }
    for (text, says) in [
        (".<.\n", "4x4"),
        (".<. . .\nx\n. . . .\n\n. . . .\n\n. . . .\n", "expected ^"),
        (".<. .x.\n\n. . . .\n\n. . . .\n\n. . . .\n", "expected <"),
        (". . . .\n", "ends"),
    ] {
        let error = Futoshiki::read(text, &()).next().expect("an item").expect_err(text).to_string();
        assert!(error.contains(says), "{text:?}: {error}");
    }
}

/// Puzzles of the Guardian quoted in the header of Tatham's `unequal.c`, as his game ids, and
/// their numbers of solutions (#2 has two, by both routes; with the signs read the other way
/// round, greater for less, all four have none).
const GUARDIAN: &[(&str, u64)] = &[
    ("5:0,0L,0L,0,0,0R,0,0L,0D,0L,0R,0,2,0D,0,0,0,0,0,0,0U,0,0,0,0U,", 1),
    ("5:0,0,0,4L,0L,0,2LU,0L,0U,0,0,0U,0,0,0,0,0D,0,3LRUD,0,0R,3,0L,0,0,", 2),
    ("5:0,0,0,0,0,0,2,0U,3U,0U,0,0,3,0,0,0,3,0D,4,0,0,0L,0R,0,0,", 1),
    ("5:0D,0L,0,0R,0,0,0D,0,3,0D,0,0R,0,0R,0D,0U,0L,0,1,2,0,0,0U,0,0L,", 1),
];

#[test]
fn tathams_unequal_game_ids_are_read_as_futoshiki() {
    for &(id, solutions) in GUARDIAN {
        let puzzle: Futoshiki = one(id);
        assert_eq!(count_with(&puzzle, Engine::Auto, 2), solutions, "{id}");
        assert_eq!(count_with(&puzzle, Engine::Sat, 2), solutions, "{id}: the SAT route");
        let solution = puzzle.solve(&Query::default()).unwrap().expect("a solution");
        assert!(puzzle.verify(&solution).is_valid(), "{id}");
        let again: Futoshiki = one(&puzzle.to_text());
        assert_eq!(again, puzzle, "{id}: the text form reads back the game id's puzzle");
    }
    for (text, says) in [
        ("4:0,0", "2 cells"),
        ("4:0U,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "no neighbour"),
        ("4:0,0X,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "expected U, R, D or L"),
        ("4:0,5,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "above 4"),
        ("3:0,0,0,0,0,0,0,0,0", "4x4 to 16x16"),
    ] {
        let error = Futoshiki::read(text, &()).next().expect("an item").expect_err(text).to_string();
        assert!(error.contains(says), "{text:?}: {error}");
    }
}

/// A random puzzle of `n` from a random Latin square: a random share of its clues, a few givens.
fn random_variant<F: Fn(usize, &[u8]) -> Vec<Constraint>>(n: usize, seed: u64, clues: F) -> variant::Variant {
    let made = SkyscrapersGenerator::new(n.clamp(4, 9)).unwrap().generate(seed).unwrap();
    let square: Vec<u8> = made.solution.digits().to_vec();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut puzzle = Skyscrapers::empty(n).unwrap().variant().clone();
    puzzle.constraints = clues(n, &square).into_iter().filter(|_| rng.random_bool(0.4)).collect();
    for (i, &d) in square.iter().enumerate() {
        if rng.random_bool(0.08) {
            puzzle.givens[i] = d;
        }
    }
    puzzle
}

#[test]
fn engines_agree_on_random_puzzles_unique_or_not() {
    use tessera::variant::genre::Rules;
    for seed in 0..24 {
        for (n, skyscrapers) in [(4, true), (5, true), (4, false), (5, false)] {
            let v = if skyscrapers {
                random_variant(n, seed, variant::SkyscrapersRules::clues)
            } else {
                random_variant(n, seed, variant::FutoshikiRules::clues)
            };
            let counts: Vec<u64> = [Engine::Rules, Engine::Sat, Engine::ExactCover, Engine::Auto]
                .iter()
                .map(|&e| count_with(&v, e, 50))
                .collect();
            assert!(counts.iter().all(|&c| c == counts[0]), "seed {seed} n {n}: {counts:?} for {v:?}");
            assert!(counts[0] >= 1, "built from a square: at least that one");
        }
    }
}

#[test]
fn generated_puzzles_are_unique_at_the_smallest_a_middle_and_the_largest_side() {
    let sides = [*Skyscrapers::SIDES.start(), 6, *Skyscrapers::SIDES.end()];
    for n in sides {
        for seed in 1..=3 {
            let made = Skyscrapers::generate(&SkyscrapersGenerator::new(n).unwrap(), seed).unwrap();
            assert_eq!(count_with(&made.puzzle, Engine::Auto, 2), 1, "skyscrapers {n} seed {seed}");
            assert!(made.puzzle.verify(&made.solution).is_valid());
            let url = made.puzzle.url().expect("an address");
            assert_eq!(one::<Skyscrapers>(&url), made.puzzle, "{url}");
            let again = Skyscrapers::generate(&SkyscrapersGenerator::new(n).unwrap(), seed).unwrap();
            assert_eq!(again.puzzle, made.puzzle, "a seed makes the same puzzle");
        }
    }
    for n in [*Futoshiki::SIDES.start(), 6, *Futoshiki::SIDES.end()] {
        for seed in 1..=3 {
            let made = Futoshiki::generate(&FutoshikiGenerator::new(n).unwrap(), seed).unwrap();
            assert_eq!(count_with(&made.puzzle, Engine::Auto, 2), 1, "futoshiki {n} seed {seed}");
            assert!(made.puzzle.verify(&made.solution).is_valid());
            let text = made.puzzle.to_text();
            assert_eq!(one::<Futoshiki>(&text), made.puzzle, "{text}");
        }
    }
    assert!(SkyscrapersGenerator::new(3).is_err() && SkyscrapersGenerator::new(10).is_err());
}

#[test]
fn levels_asked_for_are_the_levels_made() {
    use tessera::variant::Difficulty;
    for level in [Difficulty::Easy, Difficulty::Medium] {
        let generator = SkyscrapersGenerator::new(5).unwrap().level(Some(level)).budget(Budget::unlimited());
        let made = Skyscrapers::generate(&generator, 2).unwrap();
        assert_eq!(made.level, level);
        let rating = tessera::Rate::rate(&made.puzzle, &Budget::unlimited()).unwrap();
        assert!(rating.solved, "solved by its techniques at {level:?}");
    }
}

#[test]
fn a_row_of_skyscraper_clues_allows_what_brute_force_says() {
    // The first row of a 4x4 with clues at its ends: the first rows of the rules engine's
    // solutions (every 4x4 Latin square that keeps the clues) are brute force's permutations.
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    for _ in 0..40 {
        let n = 4;
        let count = rng.random_range(1..=n as u32);
        let right = rng.random_range(0..=n as u32);
        let mut puzzle = Skyscrapers::empty(n).unwrap().variant().clone();
        puzzle.constraints.push(Constraint::Skyscraper { clue: Cell::new(0, -1), count });
        if right > 0 {
            puzzle.constraints.push(Constraint::Skyscraper { clue: Cell::new(0, n as i16), count: right });
        }
        let perms = permutations(n);
        let seen = |row: &[u8]| {
            let mut tallest = 0;
            row.iter()
                .filter(|&&h| {
                    if h > tallest {
                        tallest = h;
                        true
                    } else {
                        false
                    }
                })
                .count() as u32
        };
        let expected = perms
            .iter()
            .filter(|p| {
                seen(p) == count
                    && (right == 0 || seen(&p.iter().rev().copied().collect::<Vec<_>>()) == right)
            })
            .count();
        let mut rows = std::collections::BTreeSet::new();
        let solutions = variant::solutions(&puzzle, &Query::default().with_limit(1_000));
        for grid in &solutions.found {
            rows.insert(grid.digits()[..n].to_vec());
        }
        assert_eq!(rows.len(), expected, "clues {count} and {right}");
    }
}

fn permutations(n: usize) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n as u8);
            out.push(q);
        }
    }
    out
}
