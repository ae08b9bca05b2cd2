//! Akari: the search against the SAT route, the exact-cover route and brute force, the forms
//! read and written back (puz.link, text, JSON), the smallest, a middle and the largest side,
//! the verifier's violations, the rater's steps checked against the solution, the generator,
//! and bad input.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::akari::{
    self, count, from_url, read, solve, to_json, to_url, verify, Akari, Bulbs, Cell, Difficulty, Engine,
    Generator, Query, Violation,
};
use tessera::{Budget, Family, Outcome, Rate};

fn one(text: &str) -> Akari {
    let mut all: Vec<_> = read(text).collect();
    assert_eq!(all.len(), 1, "one puzzle in {text:?}");
    all.pop().expect("one").unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

/// A random board: walls with chance `walls`, each numbered with chance `numbered` (0 to 4 at
/// random, so many boards have no solution).
fn random_board(rng: &mut Pcg64Mcg, w: usize, h: usize, walls: f64, numbered: f64) -> Akari {
    let cells = (0..w * h)
        .map(|_| {
            if rng.random_bool(walls) {
                Cell::Wall(rng.random_bool(numbered).then(|| rng.random_range(0..=2u8)))
            } else {
                Cell::White
            }
        })
        .collect();
    Akari::new(w, h, cells).expect("a board")
}

/// Every placement of bulbs on the white cells that verifies, by brute force.
fn brute_force(board: &Akari) -> u64 {
    let whites: Vec<usize> = (0..board.cells().len()).filter(|&i| board.is_white(i)).collect();
    (0u64..1 << whites.len())
        .filter(|bits| {
            let mut cells = vec![false; board.cells().len()];
            for (k, &i) in whites.iter().enumerate() {
                cells[i] = bits >> k & 1 == 1;
            }
            verify(board, &Bulbs::new(board.width(), board.height(), cells).expect("size")).is_valid()
        })
        .count() as u64
}

fn counts(board: &Akari, limit: u64) -> Vec<(Engine, u64)> {
    Engine::ALL
        .iter()
        .map(|&engine| {
            let c = count(board, &Query::default().with_engine(engine).with_limit(limit));
            assert!(!c.gave_up(), "{engine} gave up on\n{board}");
            (engine, c.solutions)
        })
        .collect()
}

#[test]
fn every_engine_and_brute_force_agree_on_random_small_boards() {
    let mut rng = Pcg64Mcg::seed_from_u64(41);
    let (mut none, mut many) = (0, 0);
    for round in 0..400 {
        let (w, h) = (rng.random_range(1..=4), rng.random_range(1..=4));
        let board = random_board(&mut rng, w, h, [0.1, 0.25, 0.4][round % 3], 0.6);
        let expected = brute_force(&board);
        none += usize::from(expected == 0);
        many += usize::from(expected > 1);
        for (engine, found) in counts(&board, 1 << 20) {
            assert_eq!(found, expected, "{engine} on\n{board}");
        }
    }
    assert!(none > 20 && many > 20, "contradictory ({none}) and non-unique ({many}) boards are among them");
}

#[test]
fn every_engine_agrees_on_larger_boards_up_to_a_limit() {
    let mut rng = Pcg64Mcg::seed_from_u64(42);
    for round in 0..40 {
        let (w, h) = (rng.random_range(6..=12), rng.random_range(6..=12));
        let board = random_board(&mut rng, w, h, [0.15, 0.25, 0.35][round % 3], 0.8);
        let found = counts(&board, 30);
        assert!(found.windows(2).all(|p| p[0].1 == p[1].1), "{found:?} on\n{board}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The search and the SAT route agree on the count of any board up to 7x7 (up to 200).
    #[test]
    fn the_search_and_sat_agree(
        w in 1usize..=7,
        h in 1usize..=7,
        seed in any::<u64>(),
        walls in 0.05f64..0.5,
    ) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let board = random_board(&mut rng, w, h, walls, 0.7);
        let query = Query::default().with_limit(200);
        let search = count(&board, &query.clone().with_engine(Engine::Search));
        let sat = count(&board, &query.clone().with_engine(Engine::Sat));
        prop_assert_eq!(search.solutions, sat.solutions, "{}", board);
        prop_assert!(!search.gave_up() && !sat.gave_up());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text of the forms' characters reads to puzzles or errors, never a panic; what reads
    /// writes back to itself in every form.
    #[test]
    fn any_text_reads_without_a_panic(text in "[0-9a-zBX.#x:?/ \n{}\"]{0,60}") {
        for board in read(&text).flatten() {
            prop_assert_eq!(one(&to_url(&board)), board.clone());
            prop_assert_eq!(one(&board.to_string()), board);
        }
        let _ = text.parse::<Bulbs>();
        let url = format!("https://puzz.link/p?lightup/4/3/{}", text.replace(['\n', ' '], ""));
        let _ = from_url(&url);
    }
}

#[test]
fn a_known_address_reads_and_writes_back() {
    // pzprjs's 4-cell encoding: four white cells (j), a 2 followed by two white cells (c), two
    // more white cells (h).
    let board = one("https://puzz.link/p?lightup/3/3/jch");
    assert_eq!(board.to_string(), "3 3\n...\n.2.\n...\n");
    assert_eq!(to_url(&board), "https://puzz.link/p?lightup/3/3/jch");
    assert_eq!(count(&board, &Query::default()).solutions, 4);
    // The alias, and an unnumbered wall ('.').
    let board = from_url("https://puzz.link/p?akari/2/2/.h0").expect("an address");
    assert_eq!(board.to_string(), "2 2\nX.\n.0\n");
    assert_eq!(count(&board, &Query::default()).solutions, 0, "a 0 beside the only cells that light r1c2");
}

#[test]
fn a_game_id_of_tathams_lightup_reads() {
    // What `sgt-lightup --generate 1 7x7` printed once.
    let board = one("7x7:a2hBb2hBc0h3b0hBa");
    assert_eq!(board.to_string(), "7 7\n.2.....\n...X..2\n.......\n.X...0.\n.......\n3..0...\n.....X.\n");
    assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
    // As docs/formats.md shows it.
    assert_eq!(to_url(&board), "https://puzz.link/p?lightup/7/7/gcl.hcl.ialdal.g");
    assert!(read("7x7:a2hBb2hBc0h3b0hB").next().expect("one").is_err(), "a cell short");
    assert!(read("7x7:a2hBb2hBc0h3b0hBa?").next().expect("one").is_err());
}

#[test]
fn every_form_reads_back_to_the_same_board() {
    let mut rng = Pcg64Mcg::seed_from_u64(43);
    let mut all = String::new();
    let mut boards = Vec::new();
    for _ in 0..200 {
        let (w, h) = (rng.random_range(1..=12), rng.random_range(1..=12));
        let board = random_board(&mut rng, w, h, 0.3, 0.6);
        assert_eq!(one(&to_url(&board)), board, "{}", to_url(&board));
        assert_eq!(one(&board.to_string()), board);
        assert_eq!(one(&to_json(&board).to_string()), board);
        all += &format!("{}\n{}\n{}\n", to_url(&board), board, to_json(&board));
        boards.push(board);
    }
    let read: Vec<Akari> = read(&all).map(|b| b.expect("reads")).collect();
    let expected: Vec<Akari> = boards.iter().flat_map(|b| [b.clone(), b.clone(), b.clone()]).collect();
    assert_eq!(read, expected, "every puzzle of a mixed text, in order");
}

#[test]
fn the_answer_text_reads_back_and_reads_over_the_board() {
    let board = one("4 2\n.1..\n..X.\n");
    let answer = solve(&board, &Query::default()).expect("no budget").expect("a solution");
    let text = answer.to_string();
    assert_eq!(text.parse::<Bulbs>().expect("reads"), answer);
    // The board's text with the bulbs drawn in.
    let mut drawn: Vec<char> = board.to_string().chars().collect();
    let header = board.to_string().find('\n').expect("a header") + 1;
    for (i, &bulb) in answer.cells().iter().enumerate() {
        if bulb {
            drawn[header + i / 4 * 5 + i % 4] = '#';
        }
    }
    let drawn: String = drawn.into_iter().collect();
    assert_eq!(drawn.parse::<Bulbs>().expect("reads"), answer, "{drawn}");
}

#[test]
fn the_smallest_a_middle_and_the_largest_side() {
    assert_eq!(count(&one("1 1\n.\n"), &Query::default()).solutions, 1);
    assert_eq!(count(&one("1 1\nX\n"), &Query::default()).solutions, 1, "no white cell: no bulb");
    assert_eq!(count(&one("1 1\n1\n"), &Query::default()).solutions, 0);
    for side in [1, 30, 60] {
        // A board of walls every third cell of every third row, a 1 in each third of them
        // (all of them 1s: no solution, which every engine agrees on).
        let wall = |i: usize| (i / side) % 3 == 1 && (i % side) % 3 == 1;
        let cells = (0..side * side)
            .map(|i| match wall(i) {
                true if i % 9 == 0 => Cell::Wall(Some(1)),
                true => Cell::Wall(None),
                false => Cell::White,
            })
            .collect();
        let board = Akari::new(side, side, cells).expect("a board");
        for &engine in Engine::ALL.iter() {
            let query = Query::default()
                .with_engine(engine)
                .with_limit(2)
                .with_budget(Budget::unlimited().with_timeout(std::time::Duration::from_secs(20)));
            let found = akari::solutions(&board, &query);
            assert!(!found.count.gave_up(), "{side} {engine}");
            for answer in &found.found {
                assert!(verify(&board, answer).is_valid(), "{side} {engine}");
            }
            assert_eq!(found.count.solutions, if side == 1 { 1 } else { 2 }, "{side} {engine}");
        }
    }
    assert!(Akari::new(61, 1, vec![Cell::White; 61]).is_err());
    assert!(Akari::new(0, 1, Vec::new()).is_err());
}

#[test]
fn bad_input_is_an_error_naming_its_place() {
    let err = |text: &str| read(text).find_map(Result::err).map(|e| e.to_string()).unwrap_or_default();
    assert!(err("2 2\n..\n.5\n").contains("line 3, column 2"), "{}", err("2 2\n..\n.5\n"));
    assert!(err("2 2\n..\n").contains("missing"), "{}", err("2 2\n..\n"));
    assert!(err("2 2\n...\n..\n").contains("3 cells"), "{}", err("2 2\n...\n..\n"));
    assert!(err("61 2\n").contains("width and height"));
    let bad = err("https://puzz.link/p?lightup/3/3/j!h");
    assert!(bad.contains("column 34") || bad.contains(":34"), "{bad}");
    assert!(!err("https://puzz.link/p?lightup/3/3/jchzz").is_empty(), "left over");
    assert!(!err("https://puzz.link/p?nurikabe/3/3/jch").is_empty());
    assert!(!err("https://puzz.link/p?lightup/70/70/").is_empty());
    assert!(!err("{\"width\":2,\"height\":1,\"rows\":[\"..\",\"..\"]}").is_empty());
    assert!(!err("{\"width\":2,\"height\":1,\"rows\":[\".5\"]}").is_empty());
    assert!("2 2\n#.\n..\nzz\n".parse::<Bulbs>().is_err());
    assert!("2 2\n#?\n..\n".parse::<Bulbs>().is_err());
}

#[test]
fn the_verifier_names_each_rule_and_its_cells() {
    let board = one("3 3\n...\n.2.\n..X\n");
    let bulbs = |rows: &str| format!("3 3\n{rows}").parse::<Bulbs>().expect("an answer");
    let said = |answer: &Bulbs| {
        verify(&board, answer).violations().iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    let v = verify(&board, &bulbs("#.#\n...\n...\n"));
    assert!(v.violations().iter().any(|v| matches!(v, Violation::SeeEachOther { a: 0, b: 2, .. })), "{v:?}");
    assert!(v.violations().iter().any(|v| matches!(v, Violation::Unlit { .. })));
    assert!(said(&bulbs("#.#\n...\n...\n")).iter().any(|s| s.contains("r1c1 and r1c3")));
    assert!(said(&bulbs("...\n.#.\n...\n")).iter().any(|s| s.contains("wall at r2c2")));
    assert!(said(&bulbs("...\n...\n...\n")).iter().any(|s| s.contains("the wall 2 at r2c2 has 0 bulbs")));
    assert!(said(&bulbs("...\n...\n...\n")).iter().any(|s| s.contains("no bulb lights the cells r1c1")));
    let small = Bulbs::new(2, 2, vec![false; 4]).expect("an answer");
    assert!(matches!(verify(&board, &small).violations(), [Violation::Size { .. }]));
    let answer = solve(&board, &Query::default()).expect("no budget").expect("a solution");
    assert!(verify(&board, &answer).is_valid());
}

#[test]
fn the_rater_steps_agree_with_the_solution_and_read_as_sentences() {
    for seed in 0..12 {
        let made = Generator::new(8, 8).expect("a size").generate(seed).expect("a puzzle");
        let rating = akari::rate(&made.puzzle, &Budget::unlimited()).expect("no budget");
        for step in &rating.steps {
            for &(cell, _) in &step.placed {
                assert!(made.solution.cells()[cell], "{step}\n{}", made.puzzle);
            }
            for &(cell, _) in &step.removed {
                assert!(!made.solution.cells()[cell], "{step}\n{}", made.puzzle);
            }
            assert!(step.explanation.contains('r') && step.explanation.contains('c'), "{step}");
        }
        assert_eq!(rating.solved, rating.level < Difficulty::Expert, "{seed}");
        assert_eq!(rating.level, made.level);
    }
    let hint = akari::hint(&one("3 3\n...\n.0.\n...\n")).expect("a hint");
    assert_eq!(hint.technique, "zero wall");
    assert!(hint.explanation.contains("a 0 wall at r2c2"), "{}", hint.explanation);
    let hint = akari::hint(&one("3 1\n.2.\n")).expect("a hint");
    assert_eq!(hint.technique, "wall needs all", "{hint}");
    assert!(hint.explanation.contains("exactly 2 open neighbours: bulbs on r1c1, r1c3"), "{hint}");
    let hint = akari::hint(&one("1 3\n.\nX\n.\n")).expect("a hint");
    assert_eq!(hint.explanation, "r1c1 can be lit only by a bulb on itself: bulb");
    assert!(akari::hint(&one("3 1\n.4.\n")).is_none(), "a 4 with two neighbours: no step");
}

#[test]
fn the_generator_makes_unique_puzzles_of_each_level_again_from_a_seed() {
    for (side, level) in [(7, Difficulty::Easy), (7, Difficulty::Medium), (10, Difficulty::Hard)] {
        let generator = Generator::new(side, side).expect("a size").difficulty(level);
        let made = generator.generate(3).unwrap_or_else(|e| panic!("{side} {level}: {e}"));
        assert_eq!(made.level, level);
        assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
        assert!(verify(&made.puzzle, &made.solution).is_valid());
        let again = generator.generate(3).expect("again");
        assert_eq!(again.puzzle, made.puzzle, "the same seed, the same puzzle");
        let rating = made.puzzle.rate(&Budget::unlimited()).expect("a rating");
        assert_eq!(Akari::level(&rating), level);
        if level == Difficulty::Hard {
            assert!(rating.steps.iter().any(|s| s.technique == "contradiction"));
        }
    }
    assert!(Generator::reaches(Some(Difficulty::Hard), 5, 5).is_err());
    assert!(Generator::reaches(Some(Difficulty::Easy), 40, 40).is_err());
    assert!(Generator::reaches(None, 40, 40).is_err());
    assert!(Generator::reaches(None, 30, 30).is_ok());
    assert!(Generator::reaches(Some(Difficulty::Expert), 10, 10).is_err());
    assert!(Akari::generator(26, None, &Budget::unlimited()).is_err());
    let made = Generator::new(30, 30).expect("a size").generate(1).expect("a 30x30");
    assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
}

#[test]
fn a_budget_ends_the_search_cleanly() {
    let board = Akari::new(40, 40, vec![Cell::White; 1600]).expect("empty");
    for &engine in Engine::ALL.iter() {
        let query = Query::default()
            .with_engine(engine)
            .with_limit(u64::MAX)
            .with_budget(Budget::unlimited().with_nodes(50));
        let c = count(&board, &query);
        assert!(matches!(c.outcome, Outcome::GaveUp(_)), "{engine}: {c:?}");
    }
}

#[test]
fn the_automatic_engine_hands_over_to_sat_without_losing_or_repeating_a_solution() {
    // An empty 6x6: every row or every column holds a bulb, at most one a line (thousands of
    // ways, past the search's 512 nodes of the automatic engine).
    let board = Akari::new(6, 6, vec![Cell::White; 36]).expect("empty");
    let all = |engine| {
        let found = akari::solutions(&board, &Query::default().with_engine(engine).with_limit(1 << 20));
        assert_eq!(found.count.outcome, Outcome::Exhausted, "{engine}");
        let mut texts: Vec<String> = found.found.iter().map(ToString::to_string).collect();
        texts.sort();
        texts
    };
    let search = all(Engine::Search);
    let count = count(&board, &Query::default().with_engine(Engine::Search).with_limit(1 << 20));
    assert!(count.stats.nodes > 512, "the search takes {} nodes", count.stats.nodes);
    let mut unique = search.clone();
    unique.dedup();
    assert_eq!(unique.len(), search.len(), "no solution twice");
    assert_eq!(all(Engine::Auto), search);
    assert_eq!(all(Engine::Sat), search);
    assert_eq!(all(Engine::ExactCover), search);
}

#[test]
fn comment_lines_between_puzzles_are_skipped_as_generate_writes_them() {
    let text = "# seed 1 level easy\n3 3\n...\n.2.\n...\n\n# seed 2 level easy\n2 2\n#.\n..\n";
    let boards: Vec<_> = read(text).collect();
    assert_eq!(boards.len(), 2, "{boards:?}");
    assert!(boards.iter().all(Result::is_ok), "{boards:?}");
}
