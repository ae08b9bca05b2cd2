//! `--registry FILE`, run as the real binary: overlapping seed ranges repeat no puzzle, puzzles
//! equivalent under the grid's symmetries are caught, bad files are named with their line, two
//! runs at once on one file print no puzzle twice, a killed run keeps what it printed, and the
//! books and Hidato do the same. Uniqueness of the printed puzzles is checked by the exact-cover
//! reduction, and equivalence by the library's canonical form applied to transformed copies
//! made here.

use crate::common;

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

use common::{assert_status, assert_stderr, hidato_book, path_arg, scratch, stderr, stdout, tessera};
use tessera::sudoku::{count, registry_entry, solve, Engine, Layout, Query, Sudoku};

/// Each puzzle line of `text` with its solution, checked unique by the exact-cover reduction.
fn solved(text: &str) -> Vec<(Sudoku, Sudoku)> {
    text.lines()
        .map(|line| {
            let puzzle = Sudoku::parse(line).expect("a puzzle line");
            let query = Query::default().with_limit(2).with_engine(Engine::ExactCover);
            assert_eq!(count(&puzzle, &query).solutions, 1, "{line}");
            let solution = solve(&puzzle, &Query::default()).unwrap().unwrap();
            (puzzle, solution)
        })
        .collect()
}

/// The registry lines of the puzzles of `text`.
fn lines_of(text: &str) -> Vec<String> {
    solved(text).iter().map(|(puzzle, solution)| registry_entry(puzzle, solution).unwrap().line()).collect()
}

/// The entries of a registry file, checked to open with the header.
fn registry_lines(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("# tessera registry 1"));
    lines.map(str::to_owned).collect()
}

/// The bar of issue 29: seeds 1..50, then 26..75 on the same registry, repeat no puzzle.
#[test]
fn overlapping_seed_ranges_repeat_no_puzzle() {
    let dir = scratch("registry", "bar");
    let registry = dir.join("R");
    let first =
        tessera(&["sudoku", "generate", "--count", "50", "--seed", "1", "--registry", path_arg(&registry)]);
    assert_status(&first, 0);
    let second =
        tessera(&["sudoku", "generate", "--count", "50", "--seed", "26", "--registry", path_arg(&registry)]);
    assert_status(&second, 0);
    let (first, second) = (stdout(&first), stdout(&second));
    assert_eq!(first.lines().count(), 50);
    assert_eq!(second.lines().count(), 50);
    // The first run's puzzles are those of plain seeds 1..50 (nothing was in the registry).
    let plain = tessera(&["sudoku", "generate", "--count", "50", "--seed", "1"]);
    assert_eq!(stdout(&plain), first);
    let mut all: Vec<String> = lines_of(&first);
    all.extend(lines_of(&second));
    let distinct: HashSet<&String> = all.iter().collect();
    assert_eq!(distinct.len(), 100, "a puzzle, or an equivalent one, printed twice");
    // The file holds exactly the printed puzzles.
    let registered: HashSet<String> = registry_lines(&registry).into_iter().collect();
    assert_eq!(registered, all.iter().cloned().collect::<HashSet<_>>());
}

/// A puzzle the file holds only in another guise (digits relabelled, grid transposed, bands
/// swapped) is still skipped.
#[test]
fn equivalent_puzzles_are_caught() {
    let dir = scratch("registry", "equivalent");
    let made = tessera(&["sudoku", "generate", "--count", "1", "--seed", "7"]);
    let (puzzle, solution) = solved(&stdout(&made)).remove(0);
    let layout = Arc::new(Layout::classic(9).unwrap());
    let transform = |grid: &Sudoku| {
        let cells = grid.cells();
        let moved: Vec<u8> = (0..81)
            .map(|cell| {
                let (row, col) = (cell / 9, cell % 9);
                let row = (row + 3) % 9; // the bands turned by one
                let digit = cells[col * 9 + row]; // transposed
                if digit == 0 {
                    0
                } else {
                    digit % 9 + 1 // relabelled
                }
            })
            .collect();
        Sudoku::from_digits(layout.clone(), moved).unwrap()
    };
    let (other, other_solution) = (transform(&puzzle), transform(&solution));
    assert_ne!(other, puzzle);
    let line = registry_entry(&other, &other_solution).unwrap().line();
    let registry = dir.join("R");
    std::fs::write(&registry, format!("# tessera registry 1\n# volume 1\n{line}\n")).unwrap();
    let run = tessera(&[
        "sudoku",
        "generate",
        "--count",
        "1",
        "--seed",
        "7",
        "--registry",
        path_arg(&registry),
        "--json",
        "--stats",
    ]);
    assert_status(&run, 0);
    let record: serde_json::Value = serde_json::from_str(stdout(&run).trim()).unwrap();
    assert_eq!(record["seed"], 8, "seed 7's puzzle is in the registry: the next seed's is printed");
    assert!(stderr(&run).contains("in-registry=1"), "{}", stderr(&run));
}

/// A file that is not a registry, or has a bad line, is bad input (status 2) naming the line.
#[test]
fn bad_registries_are_named_with_their_line() {
    let dir = scratch("registry", "bad");
    let registry = dir.join("R");
    let args = ["sudoku", "generate", "--seed", "1", "--registry", path_arg(&registry)];
    for (text, said) in [
        ("puzzle,solution\n", "line 1: expected the header"),
        ("# tessera registry 1\n\nsudoku 3x3 12\n", "line 3: a sudoku 3x3 form has 81 cells"),
        ("# tessera registry 1\nkakuro 3x3 1\n", "line 2: unknown kind \"kakuro\""),
        ("# tessera registry 1\nsudoku 3x3\n", "line 2: expected KIND LAYOUT FORM"),
        ("# tessera registry 1\nhidato 2x2 1,2,3\n", "line 2: a 2x2 form has 4 cells"),
    ] {
        std::fs::write(&registry, text).unwrap();
        let run = tessera(&args);
        assert_status(&run, 2);
        assert!(
            stderr(&run).contains(&format!("{}: {said}", path_arg(&registry))),
            "{text:?}: {}",
            stderr(&run)
        );
        assert_eq!(std::fs::read_to_string(&registry).unwrap(), text, "a bad registry is left as it was");
    }
}

/// One file serves every size (the layout is part of each line); Sudoku X and --shard are refused.
#[test]
fn sizes_share_a_file_and_x_is_refused() {
    let dir = scratch("registry", "sizes");
    let registry = dir.join("R");
    for size in ["9", "4", "6"] {
        let run = tessera(&[
            "sudoku",
            "generate",
            "--size",
            size,
            "--count",
            "3",
            "--seed",
            "1",
            "--registry",
            path_arg(&registry),
        ]);
        assert_status(&run, 0);
    }
    let lines = registry_lines(&registry);
    for layout in ["3x3", "2x2", "2x3"] {
        assert_eq!(
            lines.iter().filter(|line| line.starts_with(&format!("sudoku {layout} "))).count(),
            3,
            "{lines:?}"
        );
    }
    let x = tessera(&["sudoku", "generate", "--x", "--registry", path_arg(&registry)]);
    assert_stderr(&x, 1, "Sudoku X");
    let shard =
        tessera(&["sudoku", "generate", "--count", "4", "--shard", "1/2", "--registry", path_arg(&registry)]);
    assert_stderr(&shard, 1, "--registry");
}

/// Two runs at once over the same seeds: together they print no puzzle twice, and the file
/// holds each once (the lock around each check-and-append).
#[test]
fn two_runs_at_once_print_no_puzzle_twice() {
    let dir = scratch("registry", "together");
    let registry = dir.join("R");
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args([
                "sudoku",
                "generate",
                "--size",
                "6",
                "--count",
                "150",
                "--seed",
                "1",
                "--registry",
                path_arg(&registry),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert_status(&a, 0);
    assert_status(&b, 0);
    let mut all = lines_of(&stdout(&a));
    all.extend(lines_of(&stdout(&b)));
    assert_eq!(all.len(), 300);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 300, "both runs printed the same puzzle");
    let lines = registry_lines(&registry);
    assert_eq!(lines.len(), 300);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 300);
}

/// A run killed halfway has registered every puzzle it printed, and the file still reads.
#[test]
fn a_killed_run_keeps_what_it_printed() {
    let dir = scratch("registry", "killed");
    let registry = dir.join("R");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["sudoku", "generate", "--count", "100000", "--seed", "1", "--registry", path_arg(&registry)])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut printed = Vec::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    while printed.len() < 5 {
        let mut line = String::new();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the run ended early");
        printed.push(line.trim().to_owned());
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let registered: HashSet<String> = registry_lines(&registry).into_iter().collect();
    for line in lines_of(&printed.join("\n")) {
        assert!(registered.contains(&line), "printed but not registered: {line}");
    }
    // The file reads back: a new run goes on from it.
    let again =
        tessera(&["sudoku", "generate", "--count", "2", "--seed", "1", "--registry", path_arg(&registry)]);
    assert_status(&again, 0);
    let again = lines_of(&stdout(&again));
    assert!(again.iter().all(|line| !registered.contains(line)));
}

/// Hidato: the second run skips the seeds the first used and goes on past them.
#[test]
fn hidato_registry_skips_seeds_already_made() {
    let dir = scratch("registry", "hidato");
    let registry = dir.join("R");
    let run = |seed: &str| {
        let output = tessera(&[
            "hidato",
            "generate",
            "--size",
            "5x5",
            "--count",
            "5",
            "--seed",
            seed,
            "--json",
            "--registry",
            path_arg(&registry),
        ]);
        assert_status(&output, 0);
        stdout(&output)
            .lines()
            .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["seed"].as_u64().unwrap())
            .collect::<Vec<u64>>()
    };
    assert_eq!(run("1"), [1, 2, 3, 4, 5]);
    assert_eq!(run("3"), [6, 7, 8, 9, 10]);
    let lines = registry_lines(&registry);
    assert_eq!(lines.len(), 10);
    assert!(lines.iter().all(|line| line.starts_with("hidato 5x5 ")), "{lines:?}");
}

/// Books: a second book over overlapping seeds takes other puzzles, and a book after `generate`
/// on the same registry starts past the puzzles generate made.
#[test]
fn books_share_the_registry() {
    let dir = scratch("registry", "books");
    let registry = dir.join("R");
    let generate =
        tessera(&["sudoku", "generate", "--count", "3", "--seed", "1", "--registry", path_arg(&registry)]);
    assert_status(&generate, 0);
    let svg = dir.join("book");
    let book = tessera(&[
        "sudoku",
        "book",
        "--count",
        "2",
        "--seed",
        "2",
        "--registry",
        path_arg(&registry),
        "--svg",
        "-o",
        path_arg(&svg),
    ]);
    assert_status(&book, 0);
    let pages: String = std::fs::read_dir(&svg)
        .unwrap()
        .map(|entry| std::fs::read_to_string(entry.unwrap().path()).unwrap())
        .collect();
    for (seed, printed) in [(2, false), (3, false), (4, true), (5, true)] {
        // Labels are drawn as glyph outlines, their words in `aria-label`.
        assert_eq!(pages.contains(&format!("seed {seed}\"")), printed, "seed {seed}");
    }
    assert_eq!(registry_lines(&registry).len(), 5);
    hidato_book(&dir, &["--registry", path_arg(&registry)]);
    let lines = registry_lines(&registry);
    assert_eq!(lines.len(), 7);
    assert_eq!(lines.iter().filter(|line| line.starts_with("hidato 7x7 ")).count(), 2);
}

/// Four runs at once racing for the 36 classes of 4x4 puzzles, fifteen times over: the registry
/// never holds a class twice and the runs print 32 distinct classes. (With the lock taken out,
/// five rounds of this test failed one time in three, and two runs of 150 6x6 puzzles once in
/// three; the race is a window of microseconds, so it is caught by repetition.)
#[test]
fn four_runs_racing_for_few_classes() {
    let dir = scratch("registry", "racing");
    for round in 0..15 {
        let registry = dir.join(format!("R{round}"));
        let runs: Vec<_> = (0..4)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_tessera"))
                    .args(["sudoku", "generate", "--size", "4", "--count", "8", "--seed", "1"])
                    .args(["--registry", path_arg(&registry)])
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let mut printed = Vec::new();
        for run in runs {
            let output = run.wait_with_output().unwrap();
            assert_status(&output, 0);
            printed.extend(lines_of(&stdout(&output)));
        }
        assert_eq!(printed.len(), 32);
        assert_eq!(printed.iter().collect::<HashSet<_>>().len(), 32, "round {round}: a class printed twice");
        let lines = registry_lines(&registry);
        assert_eq!(lines.len(), 32, "round {round}: {lines:?}");
        assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 32, "round {round}");
    }
}
