//! Killer Sudoku: the shared samples solved to their published answers and proven unique, the
//! dedicated engine against the exact-cover reduction on samples and adversarial grids, the
//! verifier's violations, the reader's positions, budgets on the largest sizes.

use crate::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tessera::killer::{self, count, parse, read, solve, verify, Cage, Engine, Grid, Killer, Query};
use tessera::xc::Budget;
use tessera::{Outcome, Puzzle, Readable};

const SAMPLE: &str = "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n";
const ANSWER: &str = "4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 3\n";

/// Puzzles and answers of a janko text pair, in order.
fn pairs(puzzles: &str, answers: &str) -> Vec<(Killer, Grid)> {
    let puzzles: Vec<Killer> = read(puzzles).collect::<Result<_, _>>().expect("the puzzles read");
    let answers: Vec<Grid> = Grid::read_answers(answers).collect::<Result<_, _>>().expect("the answers read");
    assert_eq!(puzzles.len(), answers.len());
    puzzles.into_iter().zip(answers).collect()
}

/// Solved to its answer, unique, verified, the reduction agrees, and text round-trips.
fn check_published(puzzle: &Killer, answer: &Grid, with_cover: bool) {
    let found = solve(puzzle, &Query::default()).expect("no budget").expect("a solution");
    assert_eq!(&found, answer, "{puzzle}");
    assert!(verify(puzzle, answer).is_valid());
    let unique = count(puzzle, &Query::default().with_limit(2));
    assert_eq!((unique.solutions, unique.outcome), (1, Outcome::Exhausted), "{puzzle}");
    if with_cover {
        let cover = count(puzzle, &Query::default().with_limit(2).with_engine(Engine::ExactCover));
        assert_eq!((cover.solutions, cover.outcome), (1, Outcome::Exhausted), "{puzzle}");
    }
    assert_eq!(parse(&puzzle.to_text()).expect("reads back"), *puzzle);
    assert_eq!(Grid::parse_answer(&puzzle.solution_text(answer)).expect("reads back"), *answer);
}

#[test]
fn the_issue_example() {
    let puzzle = parse(SAMPLE).expect("the example");
    assert_eq!(puzzle.to_text(), SAMPLE);
    check_published(&puzzle, &Grid::parse_answer(ANSWER).expect("its answer"), true);
}

#[test]
fn the_shared_samples_are_solved_to_their_published_answers() {
    let (Some(puzzles), Some(answers)) = (
        common::shared_text("families", "killer.txt"),
        common::shared_text("families", "killer.solutions.txt"),
    ) else {
        return;
    };
    let all = pairs(&puzzles, &answers);
    assert_eq!(all.len(), 25);
    for (puzzle, answer) in &all {
        check_published(puzzle, answer, true);
    }
}

/// More public puzzles with answers (not in the repository): `KILLER_EXTRA=puzzles.txt` with its
/// answers in `puzzles.solutions.txt` beside it; each within 1 s solved, 2 s proven unique.
#[test]
fn extra_collection_when_given() {
    let Some(path) = std::env::var_os("KILLER_EXTRA") else { return };
    let path = std::path::PathBuf::from(path);
    let puzzles = std::fs::read_to_string(&path).expect("KILLER_EXTRA reads");
    let answers = std::fs::read_to_string(path.with_extension("solutions.txt")).expect("the answers read");
    let mut times = Vec::new();
    let mut wrong = Vec::new();
    for (i, (puzzle, answer)) in pairs(&puzzles, &answers).into_iter().enumerate() {
        let started = Instant::now();
        let query = Query::default().with_budget(Budget::unlimited().with_timeout(Duration::from_secs(1)));
        let found = solve(&puzzle, &query).expect("within 1 s").expect("a solution");
        let solved = started.elapsed();
        let query = Query::default()
            .with_limit(2)
            .with_budget(Budget::unlimited().with_timeout(Duration::from_secs(2)));
        let unique = count(&puzzle, &query);
        assert!(unique.outcome != Outcome::GaveUp(tessera::GaveUp::Deadline), "puzzle {}: {unique:?}", i + 1);
        // A published answer that is not the only one, or that breaks a rule, is the data's fault:
        // listed, not failed, when the verifier says so.
        let published = verify(&puzzle, &answer);
        if found != answer || unique.solutions != 1 || !published.is_valid() {
            wrong.push(format!(
                "puzzle {}: {} solutions; published answer: {published}",
                i + 1,
                unique.solutions
            ));
            assert!(!published.is_valid() || unique.solutions > 1, "puzzle {}", i + 1);
        }
        times.push((solved, started.elapsed(), i + 1, unique.stats.nodes));
    }
    times.sort_by_key(|t| t.1);
    eprintln!("slowest: {:?}", &times[times.len().saturating_sub(5)..]);
    times.sort();
    let worst = times.iter().map(|t| t.1).max().unwrap_or_default();
    eprintln!(
        "{} puzzles: median solve {:?}, worst solve + uniqueness {worst:?}",
        times.len(),
        times[times.len() / 2].0
    );
    eprintln!("not as published ({}):\n{}", wrong.len(), wrong.join("\n"));
}

// ---- adversarial puzzles, made here from a seed -------------------------------------------

/// A small deterministic generator for the tests (the library's own is tested separately).
struct Rng(u64);

impl Rng {
    fn next(&mut self, m: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % m as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.next(i + 1));
        }
    }
}

/// A full grid of side `n`: the pattern grid, rows shuffled within bands, columns within stacks,
/// digits relabelled.
fn full_grid(n: usize, rng: &mut Rng) -> Vec<u8> {
    let (bh, bw) = killer::box_shape(n).expect("a supported side");
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let mut rows: Vec<usize> = Vec::new();
    for band in 0..n / bh {
        let mut inner: Vec<usize> = (0..bh).map(|i| band * bh + i).collect();
        rng.shuffle(&mut inner);
        rows.extend(inner);
    }
    let mut cols: Vec<usize> = Vec::new();
    for stack in 0..n / bw {
        let mut inner: Vec<usize> = (0..bw).map(|i| stack * bw + i).collect();
        rng.shuffle(&mut inner);
        cols.extend(inner);
    }
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            grid[r * n + c] = digits[(pr * bw + pr / bh + pc) % n];
        }
    }
    grid
}

/// Cages grown at random over `grid`, each of 1 to `max` cells (no digit twice), with their sums.
fn random_cages(n: usize, grid: &[u8], max: usize, rng: &mut Rng) -> Vec<Cage> {
    let mut cage_of = vec![usize::MAX; n * n];
    let mut order: Vec<usize> = (0..n * n).collect();
    rng.shuffle(&mut order);
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let target = 1 + rng.next(max);
        let mut cells = vec![start];
        cage_of[start] = cages.len();
        while cells.len() < target {
            let mut options = Vec::new();
            for &c in &cells {
                let (r, col) = (c / n, c % n);
                let near = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then(|| c + 1),
                ];
                for m in near.into_iter().flatten() {
                    if cage_of[m] == usize::MAX && cells.iter().all(|&x| grid[x] != grid[m]) {
                        options.push(m);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let m = options[rng.next(options.len())];
            cage_of[m] = cages.len();
            cells.push(m);
        }
        cages.push(cells);
    }
    cages
        .into_iter()
        .map(|cells| {
            let sum = cells.iter().map(|&c| u32::from(grid[c])).sum();
            Cage::new(cells, sum)
        })
        .collect()
}

fn solution_set(puzzle: &Killer, engine: Engine, limit: u64) -> (BTreeSet<Grid>, Outcome) {
    let query = Query::default().with_engine(engine).with_limit(limit);
    let found = killer::solutions(puzzle, &query);
    (found.found.into_iter().collect(), found.count.outcome)
}

fn agree(puzzle: &Killer, limit: u64) -> usize {
    let (dedicated, a) = solution_set(puzzle, Engine::Propagate, limit);
    let (cover, b) = solution_set(puzzle, Engine::ExactCover, limit);
    assert_eq!(a, b, "{puzzle}");
    if a == Outcome::Exhausted {
        assert_eq!(dedicated, cover, "{puzzle}");
    } else {
        assert_eq!(dedicated.len(), cover.len(), "{puzzle}");
    }
    for grid in &dedicated {
        assert!(verify(puzzle, grid).is_valid());
    }
    dedicated.len()
}

#[test]
fn the_engines_agree_on_adversarial_puzzles() {
    let mut rng = Rng(2024);
    let mut seen = [0usize; 3];
    for round in 0..60 {
        let n = [4, 6, 4, 6, 8, 9][round % 6];
        let grid = full_grid(n, &mut rng);
        let max = [2, 3, 4, 5][round % 4];
        let mut cages = random_cages(n, &grid, max, &mut rng);
        if round % 3 == 1 {
            // Contradictory: one sum moved by one (still a possible sum for its size).
            let k = rng.next(cages.len());
            let (cells, sum) = (cages[k].cells().to_vec(), cages[k].sum());
            let moved = if sum > (cells.len() * (cells.len() + 1) / 2) as u32 { sum - 1 } else { sum + 1 };
            cages[k] = Cage::new(cells, moved);
        }
        let Ok(puzzle) = Killer::new(n, cages, vec![]) else { continue };
        let found = agree(&puzzle, 30);
        seen[found.min(2)] += 1;
    }
    assert!(seen.iter().all(|&s| s > 0), "none, one and several solutions all met: {seen:?}");
}

#[test]
fn sparse_cages_have_many_solutions_and_both_engines_stop_at_the_limit() {
    let mut rng = Rng(7);
    let grid = full_grid(6, &mut rng);
    // Whole rows as cages: a Latin-square count, hundreds of solutions.
    let cages = (0..6).map(|r| Cage::new((0..6).map(|c| r * 6 + c).collect(), 21)).collect();
    let puzzle = Killer::new(6, cages, vec![]).expect("rows as cages");
    assert_eq!(agree(&puzzle, 40), 40);
    let _ = grid;
}

#[test]
fn givens_are_kept_and_read_back() {
    let puzzle = parse(SAMPLE).expect("the example");
    let mut givens = vec![0; 16];
    givens[0] = 2;
    let with = puzzle.with_givens(givens).expect("a given");
    let text = with.to_text();
    assert!(text.ends_with("2 - - -\n- - - -\n- - - -\n- - - -\n"), "{text}");
    let back: Vec<Killer> =
        read(&format!("{text}\n{SAMPLE}")).collect::<Result<_, _>>().expect("two puzzles");
    assert_eq!(back, [with.clone(), puzzle.clone()]);
    assert_eq!(killer::from_json(&killer::to_json(&with)).expect("JSON"), std::slice::from_ref(&with));
    let wrong = puzzle.with_givens([vec![3], vec![0; 15]].concat()).expect("a wrong given");
    assert_eq!(count(&wrong, &Query::default()).solutions, 0);
    assert_eq!(count(&wrong, &Query::default().with_engine(Engine::ExactCover)).solutions, 0);
}

// ---- the verifier ---------------------------------------------------------------------------

#[test]
fn violations_name_the_rule_and_the_cells() {
    let puzzle = parse(SAMPLE).expect("the example");
    let swapped = Grid::parse_answer("4 4\n3 2 4 1\n4 1 3 2\n2 3 1 4\n1 4 2 3\n").expect("a grid");
    assert_eq!(
        verify(&puzzle, &swapped).to_string(),
        "cage 4 (r2c2, r3c2, r4c2) adds up to 8, not 7\ncage 5 (r3c1, r4c1) adds up to 3, not 4"
    );
    let twice = Grid::parse_answer("4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 1\n").expect("a grid");
    let text = verify(&puzzle, &twice).to_string();
    assert!(text.contains("row 4 has 1 twice: r4c1, r4c4"), "{text}");
    assert!(text.contains("column 4 has 1 twice: r1c4, r4c4"), "{text}");
    assert!(text.contains("box 4 has 1 twice: r3c3, r4c4"), "{text}");
    assert!(text.contains("cage 3 has 1 twice: r1c4, r2c4") || text.contains("adds up to"), "{text}");
    let holes = Grid::parse_answer("4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 -\n").expect("a grid");
    assert_eq!(verify(&puzzle, &holes).to_string(), "r4c4 is empty");
    let small = Grid::parse_answer(
        "6 6\n1 2 3 4 5 6\n4 5 6 1 2 3\n2 3 1 5 6 4\n5 6 4 2 3 1\n3 1 2 6 4 5\n6 4 5 3 1 2\n",
    );
    assert_eq!(verify(&puzzle, &small.expect("6x6")).to_string(), "the answer is 6x6, the puzzle 4x4");
    let sums = Grid::parse_answer("4 4\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n").expect("a Sudoku, wrong sums");
    let verdict = verify(&puzzle, &sums);
    assert!(verdict.violations().iter().all(|v| matches!(v, killer::Violation::CageSum { .. })), "{verdict}");
    assert!(verdict.to_string().contains("cage 1 (r1c1, r1c2, r2c1) adds up to") || !verdict.is_valid());
}

// ---- the reader ------------------------------------------------------------------------------

fn error_at(text: &str) -> ((usize, usize), String) {
    let err = read(text).find_map(Result::err).expect("an error");
    (err.position().expect("a position"), err.to_string())
}

#[test]
fn parse_errors_have_their_line_and_column() {
    let (at, msg) = error_at("4 5\n");
    assert_eq!(at, (1, 3), "{msg}");
    let (at, msg) = error_at("7 7\n");
    assert!(msg.contains("prime"), "{msg}");
    assert_eq!(at, (1, 1));
    // A second sum in cage 2 (line 3, column 3).
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 8 -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (3, 5), "{msg}");
    assert!(msg.contains("second sum"), "{msg}");
    // No sum for cage 6.
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 - -\n- - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (8, 1), "{msg}");
    // An impossible sum: 2 cells make at most 7 in a 4x4.
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 - -\n9 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (4, 1), "{msg}");
    let (at, msg) = error_at("4 4\n9 - x 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (2, 5), "{msg}");
    let (at, _) = error_at("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4\n");
    assert_eq!(at, (7, 6));
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n");
    assert_eq!(at, (9, 1), "{msg}");
    let (at, msg) = error_at("{\"size\": 4, \"cages\": [}");
    assert_eq!(at.0, 1, "{msg}");
    let (at, msg) = error_at("[\n {\"size\": 4, \"cages\": [{\"sum\": 10, \"cells\": [0, 1, 2, 3]}]}\n]");
    assert_eq!(at, (2, 2), "{msg}");
    assert!(msg.contains("no cage"), "{msg}");
    assert!(Grid::parse_answer("4 4\n1 2 3 4\n1 2 3 9\n").unwrap_err().position() == Some((3, 7)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn garbage_never_panics(text in "[-0-9 \n#a{}\\[\\]\":,.]{0,200}") {
        for puzzle in read(&text).take(50).flatten() {
            prop_assert_eq!(parse(&puzzle.to_text()).expect("reads back"), puzzle);
        }
        let _ = Grid::parse_answer(&text);
    }

    #[test]
    fn mutated_samples_never_panic(cut in 0usize..80, insert in "[-0-9 \n]{0,6}") {
        let mut text = SAMPLE.to_string();
        let cut = cut.min(text.len());
        text.insert_str(cut, &insert);
        for puzzle in read(&text).take(5).flatten() {
            let budget = Budget::unlimited().with_nodes(10_000);
            let _ = count(&puzzle, &Query::default().with_limit(2).with_budget(budget));
        }
    }
}

// ---- budgets on the largest sizes -----------------------------------------------------------

/// A 25x25 puzzle of cages of up to `max` cells from a random grid.
fn large(n: usize, max: usize, seed: u64) -> (Killer, Vec<u8>) {
    let mut rng = Rng(seed);
    let grid = full_grid(n, &mut rng);
    let cages = random_cages(n, &grid, max, &mut rng);
    (Killer::new(n, cages, vec![]).expect("a puzzle"), grid)
}

#[test]
fn every_search_keeps_its_budget_on_the_largest_grids() {
    for (n, max) in [(25, 12), (16, 25), (25, 25)] {
        let (puzzle, _) = large(n, max, 99);
        for engine in Engine::ALL {
            let started = Instant::now();
            let budget = Budget::unlimited().with_timeout(Duration::from_millis(300));
            let count =
                count(&puzzle, &Query::default().with_engine(engine).with_limit(2).with_budget(budget));
            assert!(
                started.elapsed() < Duration::from_secs(2),
                "{n} {engine}: {:?} {:?}",
                count,
                started.elapsed()
            );
            let budget = Budget::unlimited().with_nodes(50);
            let count = killer::count(&puzzle, &Query::default().with_engine(engine).with_budget(budget));
            assert!(
                count.outcome != Outcome::Exhausted || count.solutions > 0 || engine == Engine::ExactCover,
                "{n} {engine}"
            );
        }
    }
    // An empty 25x25 (one cage per row): many solutions, the limit or the deadline ends it.
    let cages = (0..25).map(|r| Cage::new((0..25).map(|c| r * 25 + c).collect(), 325)).collect();
    let empty = Killer::new(25, cages, vec![]).expect("rows as cages");
    let started = Instant::now();
    let budget = Budget::unlimited().with_timeout(Duration::from_millis(500));
    let found = count(&empty, &Query::default().with_limit(2).with_budget(budget));
    assert!(started.elapsed() < Duration::from_secs(2), "{found:?}");
}

/// Timing of generated hard instances: the worst solve and uniqueness proof over many 9x9, 16x16
/// and 25x25 puzzles (cages of up to 4 to 6 cells). `cargo test --release -- --ignored`.
#[test]
#[ignore = "a timing run"]
fn worst_case_of_generated_large_puzzles() {
    for (n, max, count_of) in [(9, 5, 200), (16, 5, 50), (25, 4, 30), (25, 6, 30)] {
        let mut times = Vec::new();
        let mut unique = 0;
        for seed in 0..count_of {
            let (puzzle, grid) = large(n, max, seed);
            let started = Instant::now();
            let query = Query::default()
                .with_limit(2)
                .with_budget(Budget::unlimited().with_timeout(Duration::from_secs(2)));
            let found = killer::solutions(&puzzle, &query);
            times.push(started.elapsed());
            assert!(
                found.count.outcome != Outcome::GaveUp(tessera::GaveUp::Deadline),
                "{n} seed {seed}: {:?}",
                found.count
            );
            assert!(found.found.iter().any(|g| g.digits() == grid.as_slice()) || found.found.len() >= 2);
            unique += usize::from(found.count.solutions == 1);
        }
        times.sort();
        eprintln!(
            "{n}x{n} cages <= {max}: {unique}/{count_of} unique, median {:?}, worst {:?}",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}

#[test]
fn through_the_trait() {
    let puzzle = parse(SAMPLE).expect("the example");
    assert_eq!(<Killer as Puzzle>::NAME, "killer");
    assert_eq!(Engine::ALL.map(Engine::name), ["auto", "propagate", "xc"]);
    let answer = Puzzle::solve(&puzzle, &Query::default()).expect("no budget").expect("a solution");
    assert!(Puzzle::verify(&puzzle, &answer).is_valid());
}

// ---- the generator and the rater ------------------------------------------------------------

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
