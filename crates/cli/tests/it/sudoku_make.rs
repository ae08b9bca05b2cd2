//! `tessera sudoku generate`, `rate` and `hint`, run as the real binary. Generated puzzles are
//! checked with two different solvers (the general one and the exact-cover reduction), not with
//! the generator's own.

use crate::common;

use common::{assert_status, json, stdout, tessera, tessera_with_stdin};
use tessera::sudoku::{count, logic, Engine, Query, Sudoku, Symmetry};

/// Each line of `text` as a puzzle, checked to have exactly one solution by two solvers.
fn unique_puzzles(text: &str) -> Vec<Sudoku> {
    let puzzles: Vec<Sudoku> = text.lines().map(|line| Sudoku::parse(line).expect("a puzzle line")).collect();
    for puzzle in &puzzles {
        for engine in [Engine::General, Engine::ExactCover] {
            let counted = count(puzzle, &Query::default().with_limit(2).with_engine(engine));
            assert_eq!(counted.solutions, 1, "{engine:?}: {puzzle:?}");
        }
    }
    puzzles
}

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    let first = tessera(&["sudoku", "generate", "--count", "6", "--seed", "11"]);
    assert_status(&first, 0);
    let puzzles = unique_puzzles(&stdout(&first));
    assert_eq!(puzzles.len(), 6);
    let again = tessera(&["sudoku", "generate", "--count", "6", "--seed", "11", "--threads", "2"]);
    assert_eq!(stdout(&again), stdout(&first), "same seed, same puzzles, whatever the threads");
    let other = tessera(&["sudoku", "generate", "--count", "6", "--seed", "12"]);
    assert_ne!(stdout(&other), stdout(&first));
}

#[test]
fn generate_respects_size_variant_and_symmetry() {
    for (args, size) in [(&["--size", "4"][..], 4), (&["--size", "6"], 6), (&["--size", "6", "--x"], 6)] {
        let mut all = vec!["sudoku", "generate", "--count", "3", "--seed", "5", "--symmetry", "rot180"];
        all.extend_from_slice(args);
        let output = tessera(&all);
        assert_status(&output, 0);
        for puzzle in unique_puzzles(&stdout(&output)) {
            assert_eq!(puzzle.layout().size(), size);
            assert_eq!(puzzle.layout().has_diagonals(), args.contains(&"--x"));
            assert!(Symmetry::Rot180.holds_for(&puzzle), "{puzzle:?}");
        }
    }
}

#[test]
fn generate_difficulty_is_the_rating() {
    for level in ["easy", "hard", "expert"] {
        let output =
            tessera(&["sudoku", "generate", "--count", "2", "--seed", "3", "--difficulty", level, "--json"]);
        assert_status(&output, 0);
        for line in stdout(&output).lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(record["difficulty"], level, "{line}");
            let puzzle = Sudoku::parse(record["puzzle"].as_str().unwrap()).unwrap();
            assert_eq!(logic::rate(&puzzle).difficulty.name(), level);
            unique_puzzles(record["puzzle"].as_str().unwrap());
            let solution = Sudoku::parse(record["solution"].as_str().unwrap()).unwrap();
            assert!(puzzle.is_completed_by(&solution) && solution.is_solved());
        }
    }
}

#[test]
fn minimal_puzzles_lose_uniqueness_when_any_clue_goes() {
    let output = tessera(&["sudoku", "generate", "--count", "2", "--seed", "8", "--minimal"]);
    assert_status(&output, 0);
    for puzzle in unique_puzzles(&stdout(&output)) {
        for cell in (0..81).filter(|&c| puzzle.get(c) != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            assert_eq!(
                count(&fewer, &Query::default().with_limit(2).with_engine(Engine::General)).solutions,
                2
            );
        }
    }
}

#[test]
fn bad_generate_arguments_are_usage_errors() {
    for args in [
        &["--size", "7"][..],
        &["--difficulty", "impossible"],
        &["--symmetry", "sideways"],
        &["--boxes", "3by3"],
    ] {
        let mut all = vec!["sudoku", "generate"];
        all.extend_from_slice(args);
        let output = tessera(&all);
        assert_ne!(output.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn rate_grades_each_puzzle() {
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let output =
        tessera_with_stdin(&["sudoku", "rate"], format!("{easy}\n# a comment\n{inkala}\n").as_bytes());
    assert_status(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("easy "), "{text}");
    assert!(lines[1].starts_with("diabolical "), "{text}");
    let output = tessera_with_stdin(&["sudoku", "rate", "--json"], easy.as_bytes());
    let report = json(&output);
    assert_eq!(report["difficulty"], "easy");
    assert_eq!(report["solved"], true);
}

#[test]
fn hint_explains_the_next_step() {
    let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let output = tessera(&["sudoku", "hint", easy]);
    assert_status(&output, 0);
    let text = stdout(&output);
    assert!(text.contains("single"), "{text}");
    assert!(text.contains('r') && text.contains('c'), "names a cell: {text}");
    let output = tessera(&["sudoku", "hint", easy, "--json"]);
    let report = json(&output);
    let placements = report["placements"].as_array().expect("placements");
    assert_eq!(placements.len(), 1);
    // The placed digit is the solution's.
    let (cell, digit) = (placements[0][0].as_str().unwrap(), placements[0][1].as_u64().unwrap());
    let row: usize = cell[1..cell.find('c').unwrap()].parse().unwrap();
    let col: usize = cell[cell.find('c').unwrap() + 1..].parse().unwrap();
    let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(solution.as_bytes()[(row - 1) * 9 + col - 1] - b'0', digit as u8);
    let solved = tessera(&["sudoku", "hint", solution]);
    assert!(stdout(&solved).contains("already solved"));
}

/// `generate --jigsaw`: random regions per puzzle, written in the jigsaw line and JSON forms,
/// which `count`, `solve` and `rate` read back; unique by two solvers; the same seed gives the
/// same puzzles. `--boxes` is refused with it.
#[test]
fn jigsaw_puzzles_round_trip_through_the_readers() {
    for size in ["4", "6", "9"] {
        let args = ["sudoku", "generate", "--jigsaw", "--size", size, "--count", "3", "--seed", "2"];
        let made = tessera(&args);
        assert_status(&made, 0);
        let text = stdout(&made);
        let puzzles = unique_puzzles(&text);
        assert!(puzzles.iter().all(|p| matches!(p.layout().regions(), tessera::sudoku::Regions::Jigsaw(_))));
        assert_eq!(stdout(&tessera(&args)), text, "same seed, same jigsaws");
        let counted = tessera_with_stdin(&["sudoku", "count"], text.as_bytes());
        assert_status(&counted, 0);
        assert_eq!(stdout(&counted), "1\n1\n1\n");
        let rated = tessera_with_stdin(&["sudoku", "rate"], text.as_bytes());
        assert_status(&rated, 0);
        let json = tessera(&["sudoku", "generate", "--jigsaw", "--size", size, "--seed", "2", "--json"]);
        let record = common::json(&json);
        let solved =
            tessera_with_stdin(&["sudoku", "solve", "--engine", "sat"], record.to_string().as_bytes());
        assert_status(&solved, 0);
        let solution = Sudoku::parse(stdout(&solved).trim()).unwrap();
        assert_eq!(solution.to_line(), record["solution"].as_str().unwrap());
    }
    let refused = tessera(&["sudoku", "generate", "--jigsaw", "--boxes", "3x3"]);
    assert_status(&refused, 1);
    assert!(common::stderr(&refused).contains("--boxes"), "{}", common::stderr(&refused));
}
