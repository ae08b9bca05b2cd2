//! Nonogram: the line-logic search against the exact-cover route and against brute force, the
//! forms read and written back (puz.link, `.non`, JSON), the generator at its smallest, a middle
//! and its largest side, the rater's steps checked against the solution, and bad input.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::nonogram::{self, count, read, to_json, to_url, Engine, Generator, Nonogram, Query, Shading};
use tessera::{Budget, Family, Generate, Rate, Readable};

fn one(text: &str) -> Nonogram {
    let mut all: Vec<_> = read(text).collect();
    assert_eq!(all.len(), 1, "one puzzle in {text:?}");
    all.pop().expect("one").unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

fn random_picture(rng: &mut Pcg64Mcg, w: usize, h: usize, share: f64) -> Vec<bool> {
    (0..w * h).map(|_| rng.random::<f64>() < share).collect()
}

/// Every shading of a small board whose runs are the board's, by brute force.
fn brute_force(board: &Nonogram) -> u64 {
    let (w, h) = (board.width(), board.height());
    (0u64..1 << (w * h))
        .filter(|bits| {
            let cells: Vec<bool> = (0..w * h).map(|i| bits >> i & 1 == 1).collect();
            Nonogram::from_picture(w, h, &cells).is_ok_and(|b| &b == board)
        })
        .count() as u64
}

#[test]
fn the_search_the_exact_cover_route_and_brute_force_agree_on_random_boards() {
    let mut rng = Pcg64Mcg::seed_from_u64(40);
    for round in 0..300 {
        let (w, h) = (rng.random_range(1..=4), rng.random_range(1..=4));
        let share = [0.3, 0.5, 0.7][round % 3];
        let board =
            Nonogram::from_picture(w, h, &random_picture(&mut rng, w, h, share)).expect("clues of a picture");
        let lines = count(&board, &Query::default().with_engine(Engine::Lines).with_limit(1 << 20)).solutions;
        let cover =
            count(&board, &Query::default().with_engine(Engine::ExactCover).with_limit(1 << 20)).solutions;
        assert_eq!(lines, cover, "{}", board.to_text());
        let sat = count(&board, &Query::default().with_engine(Engine::Sat).with_limit(1 << 20)).solutions;
        assert_eq!(lines, sat, "{}", board.to_text());
        assert_eq!(lines, brute_force(&board), "{}", board.to_text());
    }
    // Larger boards, many solutions or one: the four engines agree up to a limit.
    for round in 0..40 {
        let (w, h) = (rng.random_range(6..=12), rng.random_range(6..=12));
        let share = [0.35, 0.5, 0.65, 0.8][round % 4];
        let board = Nonogram::from_picture(w, h, &random_picture(&mut rng, w, h, share)).expect("clues");
        let query = Query::default().with_limit(50);
        let lines = count(&board, &query.clone().with_engine(Engine::Lines));
        let cover = count(&board, &query.clone().with_engine(Engine::ExactCover));
        assert_eq!(lines.solutions, cover.solutions, "{}", board.to_text());
        let sat = count(&board, &query.clone().with_engine(Engine::Sat));
        assert_eq!(lines.solutions, sat.solutions, "{}", board.to_text());
        let auto = count(&board, &query);
        assert_eq!(lines.solutions, auto.solutions, "{}", board.to_text());
        assert!(!lines.gave_up() && !cover.gave_up() && !sat.gave_up() && !auto.gave_up());
        for answer in &nonogram::solutions(&board, &query).found {
            assert!(nonogram::verify(&board, answer).is_valid());
        }
    }
}

#[test]
fn pzprjs_s_own_address_reads_solves_to_its_answer_and_writes_back() {
    // pzprjs's test/script/nonogram.js: the address and the answer it checks as correct.
    let url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
    let board = one(url);
    assert_eq!(board.columns()[0], vec![2, 1]);
    assert_eq!(board.rows()[0], vec![2, 1]);
    assert_eq!(to_url(&board), url);
    let answer: Shading = "6 6\n##.#..\n#...#.\n.#.##.\n......\n#...#.\n.###..\n".parse().expect("an answer");
    assert!(nonogram::verify(&board, &answer).is_valid());
    let found = nonogram::solutions(&board, &Query::default().with_limit(2));
    assert_eq!(found.found, vec![answer]);
}

#[test]
fn every_form_writes_what_it_reads_back_on_random_boards() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    for _ in 0..200 {
        let (w, h) = (rng.random_range(1..=45), rng.random_range(1..=45));
        let share = rng.random_range(0.0..1.0);
        let board = Nonogram::from_picture(w, h, &random_picture(&mut rng, w, h, share)).expect("clues");
        let url = to_url(&board);
        assert_eq!(one(&url), board, "{url}");
        assert_eq!(to_url(&one(&url)), url);
        assert_eq!(one(&board.to_text()), board);
        assert_eq!(one(&to_json(&board).to_string()), board);
    }
    // Puzzles one after another, in mixed forms.
    let boards: Vec<Nonogram> = (0..4u8)
        .map(|k| {
            Nonogram::from_picture(5, 4, &random_picture(&mut rng, 5, 4, 0.2 * f64::from(k + 1)))
                .expect("clues")
        })
        .collect();
    let text = format!(
        "{}\n{}\n====\n{}\n# a comment\n{}\n",
        boards[0].to_text(),
        to_url(&boards[1]),
        boards[2].to_text(),
        to_json(&boards[3])
    );
    let read: Vec<Nonogram> = read(&text).map(|b| b.expect("a board")).collect();
    assert_eq!(read, boards);
}

#[test]
fn nonogram_db_s_format_is_read_with_its_keys_and_blank_rows() {
    // The example of nonogram-db's FORMAT.md (webpbn #1), with its goal.
    let text = "catalogue \"webpbn.com #1\"\ntitle \"Demo Puzzle? From /the/ Front Page\"\nby \"Jan Wolter\"\nlicense CC-BY-3.0\nwidth 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n1,1\n1,1\n2\n1,1\n1,2\n2\n\ncolumns\n2,1\n2,1,3\n7\n1,3\n2,1\n\ngoal \"01100011010010101110101001010000110010100101111000\"\n";
    let board = one(text);
    let goal = "01100011010010101110101001010000110010100101111000";
    let cells: Vec<bool> = goal.chars().map(|c| c == '1').collect();
    let answer = Shading::new(5, 10, cells).expect("an answer");
    let found = nonogram::solutions(&board, &Query::default().with_limit(2));
    assert_eq!(found.found, vec![answer]);
    // A blank line inside the rows is a row without runs, as `0` is.
    let blank = one("width 3\nheight 3\nrows\n3\n\n1\ncolumns\n1,1\n1\n1\n");
    assert_eq!(blank.rows()[1], Vec::<u32>::new());
    assert_eq!(blank, one("width 3\nheight 3\nrows\n3\n0\n1\ncolumns\n1 1\n1\n1\n"));
}

#[test]
fn bad_input_is_an_error_that_says_where() {
    type Case<'a> = (&'a str, &'a str, Option<(usize, usize)>);
    let cases: [Case; 9] = [
        ("https://puzz.link/p?nonogram/6/6/12g11!1h", "no clue", Some((1, 39))),
        ("https://puzz.link/p?nonogram/6/6/1.g1111h11112j12g11g21j11g3h", "\"?\" clue", Some((1, 1))),
        ("https://puzz.link/p?nurikabe/6/6/12g", "not a nonogram", Some((1, 1))),
        ("width 3\nheight 2\nrows\n1\n", "ends after 1 of the 2 rows", Some((5, 1))),
        ("width 3\nheight 2\nrows\n1\n4\ncolumns\n1\n1\n0\n", "need 4 cells", Some((1, 1))),
        (
            "width 3\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n1\n",
            "shade 2 cells and the columns 3",
            Some((1, 1)),
        ),
        ("width 3\nheight 2\ncolor a #ff0000\n", "several colours", Some((3, 1))),
        ("width 3\nheight 2\nrows\n1\n2a\n", "colour", Some((5, 1))),
        ("title \"x\"\nwidth 3\n", "without its height", Some((1, 1))),
    ];
    for (text, words, at) in cases {
        let result: Vec<_> = read(text).collect();
        let err = result.into_iter().find_map(Result::err).unwrap_or_else(|| panic!("{text:?} was read"));
        assert!(err.to_string().contains(words), "{text:?}: {err}");
        assert_eq!(err.position(), at, "{text:?}: {err}");
    }
    assert!(Generator::new(1, 5).is_err());
    // A level the generator never reaches at a side is refused before any attempt.
    let expert = Some(nonogram::Difficulty::Expert);
    assert!(Nonogram::generator(10, expert, &Budget::unlimited()).is_err());
    assert!(Nonogram::generator(15, expert, &Budget::unlimited()).is_ok());
    assert!(Nonogram::side(41).is_err() && Nonogram::side(4).is_err());
    assert!("3 2\n#.#\n##\n".parse::<Shading>().is_err());
}

#[test]
fn generated_puzzles_are_unique_at_the_smallest_a_middle_and_the_largest_side() {
    let sides = [*Nonogram::SIDES.start(), 20, *Nonogram::SIDES.end()];
    for side in sides {
        for seed in 1..=3 {
            let generator = Nonogram::generator(side, None, &Budget::unlimited()).expect("a side it takes");
            let made = Nonogram::generate(&generator, seed).expect("a puzzle");
            let query = Query::default().with_limit(2);
            assert_eq!(count(&made.puzzle, &query).solutions, 1, "{side}x{side} seed {seed}");
            assert!(nonogram::verify(&made.puzzle, &made.solution).is_valid());
            if nonogram::ExactCover::refusal(&made.puzzle).is_none() && side <= 20 {
                assert_eq!(count(&made.puzzle, &query.clone().with_engine(Engine::ExactCover)).solutions, 1);
            }
            let again = Nonogram::generate(&generator, seed).expect("the same puzzle");
            assert_eq!(again.puzzle, made.puzzle, "a seed makes the same puzzle");
        }
    }
}

#[test]
fn levels_asked_for_are_the_levels_made_and_every_step_agrees_with_the_solution() {
    use tessera::nonogram::Difficulty;
    for level in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        let generator = Nonogram::generator(15, Some(level), &Budget::unlimited()).expect("a side");
        let made = Nonogram::generate(&generator, 3).unwrap_or_else(|e| panic!("{level}: {e}"));
        assert_eq!(made.level, level);
        let rating = made.puzzle.rate(&Budget::unlimited()).expect("no budget");
        assert!(rating.solved && rating.level == level);
        let hardest = match level {
            Difficulty::Easy => "overlap",
            Difficulty::Medium => "line solving",
            _ => "contradiction",
        };
        assert!(rating.steps.iter().any(|s| s.technique == hardest), "{level}: {:?}", rating.hardest);
        for step in &rating.steps {
            assert!(!step.explanation.is_empty() && !step.cells.is_empty());
            for &(cell, _) in &step.placed {
                assert!(made.solution.cells()[cell], "{step}");
            }
            for &(cell, _) in &step.removed {
                assert!(!made.solution.cells()[cell], "{step}");
            }
        }
    }
}

#[test]
fn a_hint_on_a_played_board_goes_on_from_what_the_player_has() {
    let generator = Nonogram::generator(10, None, &Budget::unlimited()).expect("a side");
    let made = Nonogram::generate(&generator, 5).expect("a puzzle");
    let values = made.puzzle.values(&made.solution);
    // Half of the answer played: the next step decides cells not yet played.
    let played: Vec<Option<u32>> =
        values.iter().enumerate().map(|(i, &v)| (i % 2 == 0).then_some(v)).collect();
    let rating = made.puzzle.rate_placed(&played, &Budget::unlimited()).expect("no budget");
    let first = rating.steps.first().expect("a step");
    assert!(first.placed.iter().chain(&first.removed).all(|&(cell, _)| played[cell].is_none()));
    // A mistake is not built on: the hint comes from the printed board.
    let mut wrong = played.clone();
    let cell = (0..values.len()).find(|&i| played[i].is_some()).expect("a played cell");
    wrong[cell] = Some(1 - values[cell]);
    let rating = made.puzzle.rate_placed(&wrong, &Budget::unlimited()).expect("no budget");
    assert!(rating.solved, "from the printed board");
}

#[test]
fn the_automatic_engine_hands_the_line_search_s_solutions_on_to_the_sat_solver_once() {
    // Random half-shaded 20x20 boards: many solutions, past the line search's first nodes; the
    // automatic engine's count (up to 30) is the SAT solver's, and it never hands the same
    // answer out twice.
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    for _ in 0..6 {
        let board = Nonogram::from_picture(20, 20, &random_picture(&mut rng, 20, 20, 0.5)).expect("clues");
        let query = Query::default().with_limit(30);
        let seen = std::sync::Mutex::new(std::collections::HashSet::new());
        let auto = nonogram::visit(&board, &query, |answer| {
            assert!(seen.lock().unwrap().insert(answer), "an answer twice");
        });
        let sat = count(&board, &query.clone().with_engine(Engine::Sat));
        assert_eq!(auto.solutions, sat.solutions);
        assert_eq!(auto.solutions, seen.lock().unwrap().len() as u64);
    }
}

#[test]
fn every_engine_keeps_a_short_deadline_on_a_hard_board() {
    use std::time::{Duration, Instant};
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let board = Nonogram::from_picture(40, 40, &random_picture(&mut rng, 40, 40, 0.5)).expect("clues");
    for engine in [Engine::Auto, Engine::Lines, Engine::Sat, Engine::ExactCover] {
        let start = Instant::now();
        let budget = Budget::unlimited().with_timeout(Duration::from_millis(50));
        let _ = count(&board, &Query::default().with_limit(1 << 40).with_engine(engine).with_budget(budget));
        assert!(start.elapsed() < Duration::from_secs(2), "{engine}: {:?}", start.elapsed());
    }
}

#[test]
fn tathams_pattern_game_ids_are_read_columns_first() {
    // Made by `sgt-pattern --generate 1 15x10` (Debian's sgt-puzzles): unique by his solver.
    let id =
        "15x10:1/1/2.1.1.1/3.3/5.3/5.3/6.1/6/5/3.2/2.2/1.7/2.2/3.1/3/7.4/7.3/8.2/8/6.1.1/3.2.2/2/4.1/3.3/5.3";
    let board = one(id);
    assert_eq!((board.width(), board.height()), (15, 10));
    assert_eq!(board.columns()[2], vec![2, 1, 1, 1]);
    assert_eq!(board.rows()[0], vec![7, 4]);
    assert_eq!(count(&board, &Query::default().with_limit(2)).solutions, 1);
    let err = read("5x5:1/2/x/1/1/1/1/1/1/1").find_map(Result::err).expect("an error");
    assert_eq!(err.position(), Some((1, 9)), "{err}");
    let err = read("5x5:1/2/1").find_map(Result::err).expect("an error");
    assert!(err.to_string().contains("this one has 3"), "{err}");
}

#[test]
fn a_board_too_large_for_the_sat_encoding_is_refused_by_it_and_searched_by_auto() {
    // 200x200, half shaded at random: its automata would need about 4 million states.
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let board = Nonogram::from_picture(200, 200, &random_picture(&mut rng, 200, 200, 0.5)).expect("clues");
    assert!(board.refusal(Engine::Sat).is_some_and(|why| why.contains("states")));
    assert!(board.refusal(Engine::ExactCover).is_some());
    assert!(board.refusal(Engine::Auto).is_none());
    let sat = count(&board, &Query::default().with_engine(Engine::Sat));
    assert_eq!(sat.outcome, tessera::Outcome::GaveUp(tessera::GaveUp::NodeLimit));
    let budget = Budget::unlimited().with_timeout(std::time::Duration::from_millis(100));
    let started = std::time::Instant::now();
    let auto = count(&board, &Query::default().with_budget(budget));
    assert_eq!(auto.outcome, tessera::Outcome::GaveUp(tessera::GaveUp::Deadline));
    assert!(started.elapsed() < std::time::Duration::from_secs(2), "{:?}", started.elapsed());
}
