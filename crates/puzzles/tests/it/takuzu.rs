//! Takuzu: the line search against SAT, the exact-cover route and brute force, Tatham's
//! `unruly` puzzles with his solutions, the forms read and written back (Tessera's text, game
//! ids, JSON), the generator at its smallest, a middle and its largest side and at every level,
//! the rater's steps checked against the solution, and bad input. With `TESSERA_TAKUZU_FILE`
//! (the puzzlekit dataset's Binairo JSON), an outside collection of published puzzles too.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use tessera::takuzu::{
    self, count, read, to_game_id, to_json, Binary, Difficulty, Engine, Generator, Query, Takuzu,
};
use tessera::{Budget, Family, Generate, Rate, Readable};

fn one(text: &str) -> Takuzu {
    let mut all: Vec<_> = read(text).collect();
    assert_eq!(all.len(), 1, "one puzzle in {text:?}");
    all.pop().expect("one").unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

fn error(text: &str) -> String {
    match read(text).find_map(Result::err) {
        Some(err) => err.to_string(),
        None => panic!("{text:?} was read"),
    }
}

/// Every filling of a small board that keeps the rules, by brute force over all grids.
fn brute_force(board: &Takuzu) -> u64 {
    let (w, h) = (board.width(), board.height());
    (0u64..1 << (w * h))
        .filter(|bits| {
            let cells: Vec<bool> = (0..w * h).map(|i| bits >> i & 1 == 1).collect();
            let answer = Binary::new(w, h, cells).expect("the size");
            takuzu::verify(board, &answer).is_valid()
        })
        .count() as u64
}

/// A random board: random givens over a random grid that keeps the rules when `fair`, over noise
/// otherwise (boards without solutions, or whose givens clash, which `Takuzu::new` refuses).
fn random_board(rng: &mut Pcg64Mcg, w: usize, h: usize, share: f64, distinct: bool) -> Option<Takuzu> {
    let givens: Vec<Option<bool>> =
        (0..w * h).map(|_| (rng.random::<f64>() < share).then(|| rng.random_bool(0.5))).collect();
    Takuzu::new(w, h, givens, distinct).ok()
}

#[test]
fn the_search_sat_the_exact_cover_route_and_brute_force_agree_on_random_boards() {
    let mut rng = Pcg64Mcg::seed_from_u64(41);
    let mut checked = 0;
    for round in 0..400 {
        let (w, h) = (rng.random_range(2..=4), rng.random_range(2..=4));
        let share = [0.0, 0.15, 0.3, 0.5][round % 4];
        let Some(board) = random_board(&mut rng, w, h, share, round % 2 == 0) else { continue };
        let all = Query::default().with_limit(1 << 20);
        let lines = count(&board, &all.clone().with_engine(Engine::Lines)).solutions;
        assert_eq!(lines, brute_force(&board), "{}", board.to_text());
        assert_eq!(
            lines,
            count(&board, &all.clone().with_engine(Engine::Sat)).solutions,
            "{}",
            board.to_text()
        );
        assert_eq!(
            lines,
            count(&board, &all.clone().with_engine(Engine::ExactCover)).solutions,
            "{}",
            board.to_text()
        );
        checked += 1;
    }
    assert!(checked > 250, "{checked} small boards checked");
    // Larger boards, many solutions, one, or none: the engines agree up to a limit.
    for round in 0..60 {
        let side = [6, 8, 10][round % 3];
        let share = [0.1, 0.2, 0.35, 0.5][round % 4];
        let Some(board) = random_board(&mut rng, side, side, share, round % 2 == 0) else { continue };
        let query = Query::default().with_limit(30);
        let lines = count(&board, &query.clone().with_engine(Engine::Lines));
        let sat = count(&board, &query.clone().with_engine(Engine::Sat));
        let cover = count(&board, &query.clone().with_engine(Engine::ExactCover));
        assert_eq!(lines.solutions, sat.solutions, "{}", board.to_text());
        assert_eq!(lines.solutions, cover.solutions, "{}", board.to_text());
        assert!(!lines.gave_up() && !sat.gave_up() && !cover.gave_up());
    }
}

#[test]
fn an_empty_board_has_the_grids_counted_by_hand() {
    // 4x4: the 90 grids of two 1s in every row and column, 72 of them with distinct lines.
    let query = Query::default().with_limit(1000);
    for (distinct, expected) in [(false, 90), (true, 72)] {
        let board = Takuzu::empty(4, 4, distinct).expect("a 4x4");
        for engine in [Engine::Lines, Engine::Sat, Engine::ExactCover] {
            assert_eq!(count(&board, &query.clone().with_engine(engine)).solutions, expected, "{engine:?}");
        }
    }
}

/// Tatham's puzzles (crates/puzzles/tests/data/takuzu_unruly.txt: game id, solution).
fn unruly() -> Vec<(String, Vec<bool>)> {
    let text = include_str!("../data/takuzu_unruly.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, solution) = l.split_once(' ').expect("an id and a solution");
            (id.to_owned(), solution.chars().map(|c| c == '1').collect())
        })
        .collect()
}

#[test]
fn every_puzzle_of_tathams_unruly_has_his_solution_and_no_other() {
    let puzzles = unruly();
    assert!(puzzles.len() >= 100, "{} puzzles", puzzles.len());
    for (id, solution) in &puzzles {
        let board = one(id);
        assert_eq!(board.distinct(), id.split(':').next().unwrap().contains('u'), "{id}");
        let counted = count(&board, &Query::default().with_limit(2));
        assert_eq!(counted.solutions, 1, "{id}");
        let sat = count(&board, &Query::default().with_limit(2).with_engine(Engine::Sat));
        assert_eq!(sat.solutions, 1, "{id}: SAT");
        let answer = takuzu::solve(&board, &Query::default()).unwrap().expect("a solution");
        assert_eq!(answer.cells(), solution.as_slice(), "{id}");
        assert!(takuzu::verify(&board, &answer).is_valid());
        // The exact-cover route on the sides its options stay few.
        if board.width().max(board.height()) <= 12 {
            let cover = count(&board, &Query::default().with_limit(2).with_engine(Engine::ExactCover));
            assert_eq!(cover.solutions, 1, "{id}: exact cover");
        }
        // Tatham's trivial and easy puzzles are easy or medium here: his techniques are ours.
        if id.contains("dt:") || id.contains("de:") {
            let rating = board.rate(&Budget::unlimited()).expect("no budget");
            assert!(rating.solved && rating.level <= Difficulty::Medium, "{id}: {:?}", rating.level);
        }
        assert_eq!(one(&to_game_id(&board)), board, "{id}");
    }
}

#[test]
fn every_form_reads_back_what_it_writes() {
    let mut rng = Pcg64Mcg::seed_from_u64(42);
    let mut checked = 0;
    for round in 0..200 {
        let (w, h) = (rng.random_range(2..=30), rng.random_range(2..=30));
        let Some(board) = random_board(&mut rng, w, h, [0.0, 0.1, 0.3, 0.6][round % 4], round % 3 != 0)
        else {
            continue;
        };
        assert_eq!(one(&board.to_text()), board);
        assert_eq!(one(&to_game_id(&board)), board, "{}", to_game_id(&board));
        assert_eq!(one(&to_json(&board).to_string()), board);
        checked += 1;
    }
    assert!(checked > 50, "{checked} boards");
    // Several puzzles of mixed forms one after another.
    let text = "# two puzzles\n4 4\n1...\n..0.\n.0..\n...1\n\n6x6de:abBfCFACgf\n{\"width\":2,\"height\":2,\"rows\":[\"1.\",\"..\"]}\n";
    assert_eq!(read(text).filter(Result::is_ok).count(), 3);
    // An empty 30x30 id runs through many 25-cell letters.
    let empty = Takuzu::empty(30, 30, false).expect("a 30x30");
    assert!(to_game_id(&empty).contains("zzz"));
    assert_eq!(one(&to_game_id(&empty)), empty);
}

#[test]
fn bad_input_is_an_error_naming_its_place() {
    assert!(
        error("4 4\n1...\n..0.\n.0x.\n...1\n").contains("line 4, column 3"),
        "{}",
        error("4 4\n1...\n..0.\n.0x.\n...1\n")
    );
    assert!(error("4 4\n1...\n..0.\n").contains("row 3"));
    assert!(error("4 4\n1...\n..0\n.0..\n...1\n").contains("3 cells"));
    assert!(error("4 4 odd\n....\n....\n....\n....\n").contains("repeat"));
    assert!(error("65 2\n").contains("2 to 64"));
    let three = format!("6 6\n111...\n{}", "......\n".repeat(5));
    assert!(error(&three).contains("three given 1s side by side at r1c1"), "{}", error(&three));
    assert!(error("4 4\n1.11\n....\n....\n....\n").contains("more than half"));
    assert!(error("6x6:abBfCFACgfa").contains("past the 6x6 board"), "{}", error("6x6:abBfCFACgfa"));
    assert!(error("6x6:abBfCFACg").contains("one past"), "{}", error("6x6:abBfCFACg"));
    assert!(error("6x6:ab!").contains("column 7"), "{}", error("6x6:ab!"));
    assert!(error("https://puzz.link/p?nothree/6/6/abc").contains("no Takuzu genre"));
    assert!(error("{\"width\":4,\"height\":4,\"rows\":[\"....\"]}").contains("needs 4 rows"));
    assert!(Generator::new(7, 8).is_err_and(|err| err.to_string().contains("even")));
    assert!(<Takuzu as Family>::side(22).is_err());
    assert!(Generator::reaches(Some(Difficulty::Expert), 6, 6).is_err());
    // Answers.
    assert!("2 2\n01\n1x\n".parse::<Binary>().is_err_and(|err| err.to_string().contains("column 2")));
    assert!("2 2\n01\n".parse::<Binary>().is_err());
}

#[test]
fn the_verifier_names_each_broken_rule() {
    let board = one("4 4\n1...\n....\n....\n....\n");
    let answer = |rows: &str| -> Binary { format!("4 4\n{rows}").parse().expect("an answer") };
    let good = answer("1010\n0101\n1100\n0011\n");
    assert!(takuzu::verify(&board, &good).is_valid());
    let words = |a: &Binary| -> Vec<String> {
        takuzu::verify(&board, a).violations().iter().map(ToString::to_string).collect()
    };
    let given = words(&answer("0101\n1010\n1100\n0011\n"));
    assert!(given.iter().any(|w| w == "r1c1 is given as 1"), "{given:?}");
    let three = words(&answer("1110\n0001\n1100\n0011\n"));
    assert!(three.iter().any(|w| w.contains("row 1 has three 1s side by side from r1c1")), "{three:?}");
    assert!(three.iter().any(|w| w.contains("row 1 has 3 1s and 1 0s")), "{three:?}");
    let alike = words(&answer("1010\n1010\n0101\n0101\n"));
    assert!(alike.iter().any(|w| w == "row 1 and row 2 are alike"), "{alike:?}");
    let repeat = one("4 4 repeat\n1...\n....\n....\n....\n");
    assert!(takuzu::verify(&repeat, &answer("1010\n1010\n0101\n0101\n")).is_valid());
}

#[test]
fn the_generator_makes_unique_puzzles_of_each_level_at_its_smallest_a_middle_and_its_largest_side() {
    for (side, levels) in [
        (4, vec![Difficulty::Easy, Difficulty::Medium]),
        (10, vec![Difficulty::Easy, Difficulty::Medium, Difficulty::Hard]),
        (20, vec![Difficulty::Easy, Difficulty::Hard]),
    ] {
        for level in levels {
            let spec = Takuzu::generator(side, Some(level), &Budget::unlimited()).expect("a side it takes");
            let made = Takuzu::generate(&spec, 3).unwrap_or_else(|err| panic!("{side} {level:?}: {err}"));
            assert_eq!(made.level, level);
            let board = &made.puzzle;
            assert_eq!(count(board, &Query::default().with_limit(2)).solutions, 1, "{side} {level:?}");
            assert!(takuzu::verify(board, &made.solution).is_valid());
            let rating = board.rate(&Budget::unlimited()).expect("no budget");
            assert_eq!(rating.level, level);
            // Every step's digit is the solution's (the techniques are sound).
            for step in &rating.steps {
                for &(cell, v) in &step.placed {
                    assert_eq!(u32::from(made.solution.cells()[cell]), v, "{}", step);
                }
                assert!(step.explanation.len() < 200, "{}", step.explanation);
            }
            // The same seed makes the same puzzle.
            if side <= 10 {
                assert_eq!(Takuzu::generate(&spec, 3).expect("again").puzzle, made.puzzle);
            }
        }
    }
    // Tatham's rules: lines may be alike.
    let made = Generator::new(8, 8).unwrap().distinct(false).generate(5).expect("an 8x8");
    assert!(!made.puzzle.distinct());
    assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1);
}

#[test]
fn a_hint_names_its_cells_and_teaches_a_technique() {
    let board = one("6x6de:abBfCFACgf");
    let step = takuzu::hint(&board).expect("a first step");
    assert!(["pair", "sandwich", "count"].contains(&step.technique), "{step}");
    assert!(step.explanation.contains("r") && step.explanation.contains('c'), "{step}");
    // From a played board that breaks a rule, the hint starts from the printed puzzle instead.
    let values: Vec<Option<u32>> = vec![Some(1); 36];
    let rating = board.rate_placed(&values, &Budget::unlimited()).expect("no budget");
    assert!(rating.solved);
}

#[test]
fn a_budget_ends_the_search_on_a_huge_empty_board() {
    let board = Takuzu::empty(64, 64, true).expect("a 64x64");
    for engine in [Engine::Lines, Engine::Sat] {
        let counted = count(
            &board,
            &Query::default()
                .with_limit(u64::MAX)
                .with_engine(engine)
                .with_budget(Budget::unlimited().with_nodes(200)),
        );
        assert!(counted.gave_up(), "{engine:?}");
    }
    assert!(board.refusal(Engine::ExactCover).is_some());
}

/// The puzzlekit dataset's Binairo puzzles (janko.at's; `TESSERA_TAKUZU_FILE`: its JSON,
/// `data.ID.problem` and `.solution` as `R C` then rows of `-`, `1` (white, a 0 here) and `2`
/// (black, a 1)). Some of its solutions repeat a line: those puzzles are read with lines that may
/// be alike, the others both ways.
#[test]
fn the_puzzlekit_binairo_puzzles_have_their_published_solutions() {
    let Some(path) = std::env::var_os("TESSERA_TAKUZU_FILE") else {
        eprintln!("TESSERA_TAKUZU_FILE not set: no outside collection checked");
        return;
    };
    let text = std::fs::read_to_string(path).expect("the file");
    let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let mut checked = 0;
    for (id, entry) in json["data"].as_object().expect("data") {
        let grid = |key: &str| -> (usize, usize, Vec<Option<bool>>) {
            let text = entry[key].as_str().expect("a grid");
            let mut lines = text.lines();
            let header: Vec<usize> =
                lines.next().unwrap().split_whitespace().map(|n| n.parse().unwrap()).collect();
            let cells = lines
                .flat_map(|l| l.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
                .map(|t| match t.as_str() {
                    "1" => Some(false),
                    "2" => Some(true),
                    _ => None,
                })
                .collect();
            (header[1], header[0], cells)
        };
        let (w, h, givens) = grid("problem");
        let (_, _, solution) = grid("solution");
        let solution: Vec<bool> = solution.into_iter().map(|c| c.expect("a full solution")).collect();
        let answer = Binary::new(w, h, solution).expect("the size");
        let lax = Takuzu::new(w, h, givens.clone(), false).expect("a board");
        let strict = Takuzu::new(w, h, givens, true).expect("a board");
        let repeats = !takuzu::verify(&strict, &answer).is_valid();
        let board = if repeats { lax } else { strict };
        let query = Query::default()
            .with_limit(2)
            .with_budget(Budget::unlimited().with_timeout(std::time::Duration::from_secs(2)));
        let counted = count(&board, &query);
        assert_eq!(counted.solutions, 1, "{id}");
        let found = takuzu::solve(&board, &query).unwrap().expect("a solution");
        assert_eq!(found, answer, "{id}");
        checked += 1;
    }
    eprintln!("{checked} puzzlekit Binairo puzzles checked");
    assert!(checked >= 300);
}
