//! Star Battle: the shared samples solved to their published answers and proven unique, the
//! bitboard search against the exact-cover reduction on samples and adversarial boards, the
//! verifier's words, the reader's places, the generator and the rater.

use crate::common;

use std::time::{Duration, Instant};

use proptest::prelude::*;
use tessera::starbattle::{
    self, count, read, read_answers, solve, verify, Cell, ExactCover, Query, StarBattle, Stars, Violation,
};
use tessera::xc::Budget;
use tessera::{CoverQuery, GaveUp, Outcome, Reduction};

/// The shared samples and their answers, or `None` (a loud skip) without `TESSERA_DATA`.
fn samples() -> Option<Vec<(StarBattle, Stars)>> {
    let puzzles = common::shared_text("families", "starbattle.txt")?;
    let answers = common::shared_text("families", "starbattle.solutions.txt")?;
    let puzzles: Vec<StarBattle> = read(&puzzles).map(|p| p.expect("a sample reads")).collect();
    let answers: Vec<Stars> = read_answers(&answers).map(|a| a.expect("an answer reads")).collect();
    assert_eq!(puzzles.len(), answers.len());
    assert!(puzzles.len() >= 25, "{} samples", puzzles.len());
    Some(puzzles.into_iter().zip(answers).collect())
}

fn bits(limit: u64) -> Query {
    Query::default().with_limit(limit)
}

/// The bitboard search and the reduction count the same, with no budget.
fn engines_agree(board: &StarBattle, limit: u64) -> u64 {
    let ours = count(board, &bits(limit));
    assert_ne!(ours.outcome, Outcome::GaveUp(GaveUp::NodeLimit));
    let cover = ExactCover::new(board).count(&CoverQuery::default().with_limit(limit));
    assert_eq!(ours.solutions, cover.solutions, "bits and xc disagree on\n{board}");
    ours.solutions
}

#[test]
fn samples_solve_to_their_published_answers_and_are_unique() {
    let Some(samples) = samples() else { return };
    for (i, (board, answer)) in samples.iter().enumerate() {
        assert!(verify(board, answer).is_valid(), "sample {}: {}", i + 1, verify(board, answer));
        let found = solve(board, &Query::default()).unwrap().expect("a solution");
        assert_eq!(&found, answer, "sample {}", i + 1);
        assert_eq!(count(board, &bits(2)).solutions, 1, "sample {}", i + 1);
        let text = tessera::Readable::to_text(board);
        assert_eq!(read(&text).next().unwrap().as_ref(), Ok(board), "sample {} reads back", i + 1);
        assert_eq!(answer.to_string().parse::<Stars>().as_ref(), Ok(answer));
    }
}

#[test]
fn samples_agree_with_the_reduction() {
    let Some(samples) = samples() else { return };
    for (board, _) in samples.iter().filter(|(b, _)| b.stars() == 1 || xc_has_multiplicities()) {
        assert_eq!(engines_agree(board, 2), 1);
    }
}

/// Whether `tessera-xc`'s search takes multiplicities yet (K > 1 through the reduction).
fn xc_has_multiplicities() -> bool {
    let board: StarBattle = "4 4 2\n1 1 1 1\n1 1 1 1\n2 2 2 2\n2 2 2 2\n".parse().unwrap();
    std::panic::catch_unwind(|| ExactCover::new(&board).count(&CoverQuery::default())).is_ok()
}

/// A xorshift generator from `seed`: each call a number below its argument.
fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    }
}

/// A random board of `n` regions grown from random seeds (any number of solutions).
fn random_board(n: usize, k: usize, seed: u64, blocked: u32) -> StarBattle {
    let mut next = xorshift(seed);
    let mut region = vec![usize::MAX; n * n];
    let mut seeds: Vec<usize> = (0..n * n).collect();
    for g in 0..n {
        let i = next(seeds.len());
        region[seeds.swap_remove(i)] = g;
    }
    while region.contains(&usize::MAX) {
        let cell = next(n * n);
        if region[cell] != usize::MAX {
            continue;
        }
        let (r, c) = (cell / n, cell % n);
        let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
        let (nr, nc) = near[next(4)];
        if nr < n && nc < n && region[nr * n + nc] != usize::MAX {
            region[cell] = region[nr * n + nc];
        }
    }
    let cells =
        (0..n * n)
            .map(|cell| {
                if next(100) < blocked as usize {
                    Cell::Blocked
                } else {
                    Cell::Region(region[cell] as u32 + 1)
                }
            })
            .collect();
    StarBattle::new(n, n, k, cells).expect("a board")
}

#[test]
fn the_engines_agree_on_random_and_contradictory_boards() {
    let mut totals = [0u64; 3];
    for seed in 0..300 {
        let n = 4 + (seed as usize % 6);
        let board = random_board(n, 1, seed, if seed % 3 == 0 { 10 } else { 0 });
        let found = engines_agree(&board, 1_000);
        totals[found.min(2) as usize] += 1;
    }
    assert!(totals.iter().all(|&t| t > 0), "none, one and several solutions all seen: {totals:?}");
    // A row with no open cell, a board that is not square, more regions than rows.
    for text in [
        "3 3 1\n1 2 3\n# # #\n1 2 3\n",
        "3 2 1\n1 2 3\n1 2 3\n",
        "4 4 1\n1 2 3 4\n1 2 3 4\n1 2 3 4\n5 5 5 5\n",
    ] {
        let board: StarBattle = text.parse().unwrap();
        assert_eq!(engines_agree(&board, 10), 0, "{text}");
    }
    if xc_has_multiplicities() {
        for seed in 0..100 {
            let board = random_board(8 + seed as usize % 3, 2, seed, 0);
            engines_agree(&board, 1_000);
        }
    }
}

/// An adversarial board: `n - 2` small pieces (one row, `2K - 1` cells: room for K stars) in
/// distinct random rows and two big open regions, the left and right of a random cut, taking the rest.
/// Big regions give the squeeze little to hold and the search wide units; the pieces fill their
/// rows, leaving the two big regions two rows, so these boards have no solution (every one seen
/// so far), which both engines must prove. `None` when a piece does not fit.
fn open_board(n: usize, k: usize, seed: u64) -> Option<StarBattle> {
    let mut next = xorshift(seed);
    let mut region = vec![0u32; n * n];
    let width = 2 * k - 1;
    let mut rows: Vec<usize> = (0..n).collect();
    for g in 0..n - 2 {
        let r = rows.swap_remove(next(rows.len()));
        let placed = (0..50).any(|_| {
            let c = next(n + 1 - width);
            let free = (c..c + width).all(|c| region[r * n + c] == 0);
            if free {
                (c..c + width).for_each(|c| region[r * n + c] = g as u32 + 3);
            }
            free
        });
        if !placed {
            return None;
        }
    }
    let cut = 1 + next(n - 1);
    let cells = (0..n * n)
        .map(|cell| match region[cell] {
            0 => Cell::Region(if cell % n < cut { 1 } else { 2 }),
            g => Cell::Region(g),
        })
        .collect();
    Some(StarBattle::new(n, n, k, cells).expect("a board"))
}

#[test]
fn the_engines_agree_on_boards_with_big_open_regions() {
    let mut seen = [0u64; 3];
    for seed in 0..120 {
        let (n, k) = if seed % 2 == 0 { (6 + seed as usize % 5, 1) } else { (8 + seed as usize % 3, 2) };
        if k > 1 && !xc_has_multiplicities() {
            continue;
        }
        let Some(board) = open_board(n, k, seed) else { continue };
        seen[engines_agree(&board, 200).min(2) as usize] += 1;
    }
    assert!(seen.iter().sum::<u64>() > 60, "{seen:?}");
}

#[test]
fn the_verifier_names_each_broken_rule() {
    let board: StarBattle = "4 4 1\n1 1 2 2\n1 # 2 2\n3 3 4 4\n3 3 4 4\n".parse().unwrap();
    let answer: Stars = "4 4 1\n- x - -\n- x - x\nx - - -\n- - - -\n".parse().unwrap();
    let violations = verify(&board, &answer).into_violations();
    let words: Vec<String> = violations.iter().map(ToString::to_string).collect();
    assert_eq!(
        words,
        [
            "r2c2: a star on a blocked cell",
            "row 2 has 2 stars, not 1",
            "row 4 has 0 stars, not 1",
            "column 2 has 2 stars, not 1",
            "column 3 has 0 stars, not 1",
            "region 4 has 0 stars, not 1",
            "the stars at r1c2 and r2c2 touch",
            "the stars at r2c2 and r3c1 touch",
        ]
    );
    assert!(matches!(violations[0], Violation::Blocked { cell: 5, .. }));
    let small: Stars = "2 2 1\n- -\n- -\n".parse().unwrap();
    assert!(matches!(verify(&board, &small).violations()[0], Violation::Size { .. }));
}

#[test]
fn parse_errors_have_their_line_and_column() {
    let cases = [
        ("4 4\n", (1, 3)),
        ("2 2 1\n1 1\n1 ?\n", (3, 3)),
        ("2 2 1\n1 1 1\n", (2, 5)),
        ("# c\n2 2 1\n1 1\n", (4, 1)),
        ("2 2 0\n", (1, 5)),
        ("2 2 1\n1 1\n2 2\n\n3 3 1\n1 1 1\n1 -2 1\n", (7, 3)),
        ("[{\"width\": 2, \"height\": 2, \"stars\": 1, \"regions\": [[1, 1]]}]", (1, 1)),
        ("{\"width\": 2,, }", (1, 13)),
    ];
    for (text, place) in cases {
        let err = read(text).find_map(Result::err).unwrap_or_else(|| panic!("{text:?} is refused"));
        assert_eq!(err.position(), Some(place), "{text:?}: {err}");
    }
    let err = read_answers("2 2 1\nx -\n- o\n").find_map(Result::err).unwrap();
    assert_eq!(err.position(), Some((3, 3)));
}

proptest! {
    #[test]
    fn the_reader_never_panics(text in "[0-9 @#x\\-\n{}\\[\\]\",:a-z]{0,200}") {
        for puzzle in read(&text).take(5).flatten() {
            let budget = Budget::unlimited().with_nodes(2_000);
            let _ = count(&puzzle, &Query::default().with_budget(budget));
            let again: Vec<_> = read(&puzzle.to_string()).collect();
            prop_assert_eq!(again, vec![Ok(puzzle)]);
        }
        let _ = read_answers(&text).take(5).count();
    }

    #[test]
    fn random_boards_read_back_and_solve_within_budget(seed in 0u64..1_000, n in 4usize..14, k in 1usize..3) {
        let board = random_board(n, k, seed, 5);
        prop_assert_eq!(read(&starbattle::to_json(&board).to_string()).next(), Some(Ok(board.clone())));
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(2));
        let count = count(&board, &Query::default().with_limit(2).with_budget(budget));
        prop_assert!(count.outcome != Outcome::GaveUp(GaveUp::Deadline), "{board}");
    }
}

#[test]
fn budgets_end_every_search_cleanly() {
    // 64x64 with columns as regions: an enormous tree.
    let row: String = (1..=64).map(|c| format!("{c} ")).collect();
    let board: StarBattle = format!("64 64 1\n{}", format!("{row}\n").repeat(64)).parse().unwrap();
    let started = Instant::now();
    let budget = Budget::unlimited().with_timeout(Duration::from_millis(200));
    let count = count(&board, &Query::default().with_budget(budget));
    assert_eq!(count.outcome, Outcome::GaveUp(GaveUp::Deadline));
    assert!(started.elapsed() < Duration::from_secs(2));
    let nodes = count_nodes(&board, 10);
    assert_eq!(nodes, Outcome::GaveUp(GaveUp::NodeLimit));
    let made = starbattle::Generator::new(30, 7)
        .unwrap()
        .budget(Budget::unlimited().with_timeout(Duration::from_millis(300)));
    let started = Instant::now();
    let _ = made.generate(1);
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    let _ = tessera::Rate::rate(&board, &Budget::unlimited().with_timeout(Duration::from_millis(200)));
}

fn count_nodes(board: &StarBattle, nodes: u64) -> Outcome {
    count(board, &Query::default().with_budget(Budget::unlimited().with_nodes(nodes))).outcome
}

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    // The 10x10 one-star and 14x14 three-star boards take seconds each (docs/performance.md).
    for (n, k, seeds) in [(5, 1, 3), (8, 1, 3), (10, 1, 1), (10, 2, 3), (14, 3, 1)] {
        for seed in 0..seeds {
            let made = starbattle::Generator::new(n, k).unwrap().generate(seed).expect("a puzzle");
            assert_eq!(count(&made.puzzle, &Query::default().with_limit(2)).solutions, 1, "{n} {k} {seed}");
            assert!(verify(&made.puzzle, &made.solution).is_valid());
            let again = starbattle::Generator::new(n, k).unwrap().generate(seed).expect("a puzzle");
            assert_eq!(again.puzzle, made.puzzle, "{n} {k} {seed}: the same seed, the same puzzle");
        }
    }
    let made = starbattle::Generator::new(8, 1)
        .unwrap()
        .difficulty(starbattle::Difficulty::Easy)
        .generate(3)
        .unwrap();
    assert_eq!(made.level, starbattle::Difficulty::Easy);
}

/// Every step is sound: its stars are the answer's, its removals are not.
fn steps_are_sound(board: &StarBattle, answer: &Stars) -> starbattle::StarRating {
    let rating = starbattle::rate(board, &Budget::unlimited()).expect("no budget");
    for step in &rating.steps {
        for &(cell, _) in &step.placed {
            assert!(answer.cells()[cell], "{step}\n{board}");
        }
        for &(cell, _) in &step.removed {
            assert!(!answer.cells()[cell], "{step}\n{board}");
        }
    }
    assert!(!rating.contradiction);
    rating
}

#[test]
fn rating_steps_are_sound() {
    let mut levels = std::collections::BTreeMap::new();
    if let Some(samples) = samples() {
        for (board, answer) in &samples {
            let rating = steps_are_sound(board, answer);
            *levels.entry(rating.level).or_insert(0) += 1;
            let hint = starbattle::hint(board).expect("a first step");
            assert_eq!(Some(&hint), rating.steps.first());
        }
    }
    for (n, k, seeds) in [(6, 1, 4), (10, 2, 4), (14, 3, 1)] {
        for seed in 0..seeds {
            let made = starbattle::Generator::new(n, k).unwrap().generate(seed).expect("a puzzle");
            let rating = steps_are_sound(&made.puzzle, &made.solution);
            assert_eq!(rating.level, made.level);
        }
    }
    eprintln!("levels of the samples: {levels:?}");
}

/// A larger public collection, outside the repository: `TESSERA_STARBATTLE_EXTRA=FILE` (janko
/// text) with its answers in `FILE` less `.txt` plus `.solutions.txt`. Each puzzle must solve to
/// its answer within 1 s and be proven unique within 2 s (the acceptance budgets); the failures
/// are listed.
#[test]
fn an_extra_collection_within_the_acceptance_budgets() {
    let Some(path) = std::env::var_os("TESSERA_STARBATTLE_EXTRA") else { return };
    let path = std::path::PathBuf::from(path);
    let text = std::fs::read_to_string(&path).expect("the collection");
    let answers = std::fs::read_to_string(path.with_extension("solutions.txt")).expect("its answers");
    let mut failures = Vec::new();
    for (i, (board, answer)) in read(&text).zip(read_answers(&answers)).enumerate() {
        let (board, answer) = (board.expect("a puzzle"), answer.expect("an answer"));
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(1));
        let found = solve(&board, &Query::default().with_budget(budget));
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(2));
        let unique = count(&board, &Query::default().with_limit(2).with_budget(budget));
        if found != Ok(Some(answer)) || (unique.solutions, unique.outcome) != (1, Outcome::Exhausted) {
            failures.push(format!(
                "{}: {}x{} K={} {:?}",
                i + 1,
                board.width(),
                board.height(),
                board.stars(),
                unique
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
