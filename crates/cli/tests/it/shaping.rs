//! `--clues`, `--mask`, `--keep-ends` and the CSV round trip, run as the real binary. Clue
//! counts and givens are read from the printed puzzles; uniqueness is checked by the exact-cover
//! reduction, not by the generator's solver.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{
    assert_status, assert_stderr, hidato_book, path_arg, scratch, stderr, stdout, tessera, tessera_with_stdin,
};
use tessera::sudoku::{count, Engine, Query, Sudoku, Symmetry};

fn unique(puzzle: &Sudoku) -> bool {
    count(puzzle, &Query::default().with_limit(2).with_engine(Engine::ExactCover)).solutions == 1
}

/// `tessera sudoku generate --count 3 --seed 1 OPTIONS`.
fn generate3(options: &[&str]) -> Output {
    let mut args = vec!["sudoku", "generate", "--count", "3", "--seed", "1"];
    args.extend(options);
    tessera(&args)
}

fn puzzles(text: &str) -> Vec<Sudoku> {
    text.lines().map(|line| Sudoku::parse(line).expect("a puzzle line")).collect()
}

#[test]
fn clue_counts_stay_in_the_range() {
    for (args, min, max) in [
        (&["--clues", "30..33"][..], 30, 33),
        (&["--clues", "36", "--difficulty", "easy"], 36, 36),
        (&["--clues", "25..27", "--symmetry", "rot180"], 25, 27),
        (&["--clues", "120..130", "--size", "16", "--difficulty", "medium"], 120, 130),
    ] {
        let mut all = vec!["sudoku", "generate", "--count", "4", "--seed", "3"];
        all.extend_from_slice(args);
        let run = tessera(&all);
        assert_status(&run, 0);
        for puzzle in puzzles(&stdout(&run)) {
            assert!((min..=max).contains(&puzzle.clues()), "{args:?}: {} clues", puzzle.clues());
            assert!(unique(&puzzle), "{args:?}");
            if args.contains(&"rot180") {
                assert!(Symmetry::Rot180.holds_for(&puzzle));
            }
        }
    }
    // Easy puzzles asked for 40 clues keep more than the generator's own easy ones.
    let json = generate3(&["--difficulty", "easy", "--clues", "40", "--json"]);
    for line in stdout(&json).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!((record["givens"].as_u64(), record["difficulty"].as_str()), (Some(40), Some("easy")));
    }
}

/// Ranges no puzzle can meet are refused before anything runs, with the reason; ranges the
/// level rarely meets give up after --attempts, saying what the attempts were rejected for.
#[test]
fn impossible_ranges_say_why() {
    for (args, said) in [
        (&["--clues", "16"][..], "fewer than 17 clues"),
        (&["--clues", "35", "--size", "4"], "16 cells"),
        (&["--clues", "31", "--size", "6", "--symmetry", "rot180"], "whole rot180 orbits"),
        (&["--clues", "30", "--minimal"], "cannot be used with"),
        (&["--attempts", "5"], "--attempts bounds"),
    ] {
        let mut all = vec!["sudoku", "generate", "--seed", "1"];
        all.extend_from_slice(args);
        let run = tessera(&all);
        assert_ne!(run.status.code(), Some(0), "{args:?}");
        assert!(stderr(&run).contains(said), "{args:?}: {}", stderr(&run));
    }
    let run = tessera(&[
        "sudoku",
        "generate",
        "--seed",
        "1",
        "--clues",
        "18",
        "--difficulty",
        "easy",
        "--attempts",
        "30",
    ]);
    assert_stderr(&run, 3, "gave up after 30 attempts");
    assert!(stderr(&run).contains("could not be brought down to 18 clues"), "{}", stderr(&run));
}

/// A mask of the repository's `examples/masks/` (the files a user is pointed to).
fn mask(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/masks").join(format!("{name}.txt"))
}

fn mask_cells(text: &str) -> Vec<bool> {
    text.lines().filter(|l| !l.starts_with('#')).flat_map(|l| l.chars().map(|c| c == 'x')).collect()
}

#[test]
fn masks_are_the_givens() {
    let dir = scratch("shaping", "masks");
    for (name, symmetry) in [("symmetric", "rot180"), ("heart", "none")] {
        let file = mask(name);
        let run = generate3(&["--mask", path_arg(&file), "--symmetry", symmetry]);
        assert_status(&run, 0);
        let made = puzzles(&stdout(&run));
        assert_eq!(made.len(), 3);
        for puzzle in made {
            let givens: Vec<bool> = puzzle.cells().iter().map(|&d| d != 0).collect();
            assert_eq!(givens, mask_cells(&std::fs::read_to_string(&file).unwrap()), "{name}");
            assert!(unique(&puzzle), "{name}");
        }
    }
    // The heart with a symmetry it lacks (it has the mirror, not the half turn), a mask of
    // another size, a bad character.
    let file = mask("heart");
    let run =
        tessera(&["sudoku", "generate", "--mask", path_arg(&file), "--symmetry", "mirror", "--seed", "1"]);
    assert_status(&run, 0);
    let run = tessera(&["sudoku", "generate", "--mask", path_arg(&file), "--symmetry", "rot180"]);
    assert_stderr(&run, 2, "not rot180-symmetric");
    let run = tessera(&["sudoku", "generate", "--mask", path_arg(&file), "--size", "4"]);
    assert_stderr(&run, 2, "more than 4 cells");
    let bad = dir.join("bad");
    // The symmetric mask's rows alone, so that the mistake is on the file's line 2.
    let rows: String = std::fs::read_to_string(mask("symmetric"))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&bad, rows.replacen(".x.x.x.x.", ".x.o.x.x.", 1)).unwrap();
    let run = tessera(&["sudoku", "generate", "--mask", path_arg(&bad)]);
    assert_stderr(&run, 2, "line 2, column 4");
}

/// A mask no grid is unique with (a T: the stacks beside its stem hold two rows of givens)
/// gives up after --attempts with what they were rejected for.
#[test]
fn a_hopeless_mask_gives_up() {
    let dir = scratch("shaping", "hopeless");
    let file = dir.join("tee");
    let tee =
        "xxxxxxxxx\nxxxxxxxxx\n...xxx...\n...xxx...\n...xxx...\n...xxx...\n...xxx...\n...xxx...\n...xxx...\n";
    std::fs::write(&file, tee).unwrap();
    let run = tessera(&["sudoku", "generate", "--seed", "1", "--mask", path_arg(&file), "--attempts", "300"]);
    assert_status(&run, 3);
    assert_eq!(stdout(&run).trim(), "gave-up");
    assert!(stderr(&run).contains("gave up after 300 attempts (300 were not unique"), "{}", stderr(&run));
}

/// What `generate --format csv` writes, gave-up rows included, reads back into every reader.
#[test]
fn csv_reads_back() {
    let dir = scratch("shaping", "csv");
    let csv = tessera(&["sudoku", "generate", "--count", "4", "--seed", "2", "--format", "csv"]);
    assert_status(&csv, 0);
    let mut text = stdout(&csv);
    text.push_str(",,99,gave-up,,,,\n");
    let rows: Vec<Vec<String>> =
        text.lines().skip(1).take(4).map(|row| row.split(',').map(str::to_owned).collect()).collect();
    let file = dir.join("puzzles.csv");
    std::fs::write(&file, &text).unwrap();
    for threads in ["1", "2"] {
        let solved = tessera(&["sudoku", "solve", "--threads", threads, path_arg(&file)]);
        assert_status(&solved, 0);
        let solutions: Vec<String> = stdout(&solved).lines().map(str::to_owned).collect();
        assert_eq!(solutions, rows.iter().map(|row| row[1].clone()).collect::<Vec<_>>());
        assert!(
            stderr(&solved).contains("line 6: skipped a puzzle that generate gave up on"),
            "{}",
            stderr(&solved)
        );
        let counted = tessera(&["sudoku", "count", "--threads", threads, path_arg(&file)]);
        assert_eq!(stdout(&counted), "1\n1\n1\n1\n");
    }
    let rated = tessera_with_stdin(&["sudoku", "rate", "-"], text.as_bytes());
    assert_status(&rated, 0);
    for (line, row) in stdout(&rated).lines().zip(&rows) {
        assert_eq!(line.split_whitespace().next(), Some(row[3].as_str()), "the level of {}", row[0]);
    }
    // verify: a one-row CSV is the puzzle (its `puzzle`) and the answer (its `solution`).
    let one = dir.join("one.csv");
    std::fs::write(&one, text.lines().take(2).collect::<Vec<_>>().join("\n")).unwrap();
    let verified = tessera(&["sudoku", "verify", path_arg(&one), path_arg(&one)]);
    assert_status(&verified, 0);
    let book =
        tessera(&["sudoku", "book", "--input", path_arg(&file), "--svg", "-o", path_arg(&dir.join("book"))]);
    assert_stderr(&book, 0, "4 puzzles");
}

/// Hidato: --keep-ends keeps 1 and N at the levels that hide them, in generate and in books.
#[test]
fn hidato_keeps_its_ends() {
    for level in ["hard", "expert"] {
        let run = tessera(&[
            "hidato",
            "generate",
            "--size",
            "6x6",
            "--difficulty",
            level,
            "--keep-ends",
            "--count",
            "3",
            "--seed",
            "1",
            "--json",
        ]);
        assert_status(&run, 0);
        for line in stdout(&run).lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(record["difficulty"], level);
            let cells: Vec<i64> = record["puzzle"]["cells"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.as_i64().unwrap()))
                .collect();
            assert!(cells.contains(&1) && cells.contains(&36), "{level}: {cells:?}");
            let puzzle =
                tessera::hidato::from_json(&record["puzzle"].to_string(), tessera::hidato::Adjacency::King)
                    .unwrap()
                    .remove(0);
            let query = tessera::hidato::Query::default().with_limit(2);
            assert_eq!(tessera::hidato::count(&puzzle, &query).solutions, 1);
        }
    }
    let dir = scratch("shaping", "hidato-book");
    hidato_book(&dir, &["--difficulty", "hard", "--keep-ends"]);
}
