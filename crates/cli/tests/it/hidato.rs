//! `tessera hidato solve`, `count`, `verify` and `generate`, run as the real binary. Answers are
//! checked with the library's `verify`, which is independent of the solvers. Puzzles are written
//! to a temporary directory or given on standard input; the shared data
//! (`$TESSERA_DATA/hidato/`) is used when `TESSERA_DATA` is set.

use crate::common;

use std::path::PathBuf;

use common::{assert_status, json, stderr, stdout, tessera, tessera_with_stdin};
use tessera::hidato::{parse_puzzles, verify, Adjacency, Hidato};

/// A 3x3 with one solution, and one without: 1 and 3 in opposite corners around a hole share no
/// neighbour for the 2.
const PUZZLES: &str = "2\n3 3\n1 0 3\n0 5 0\n7 0 9\n3 3\n1 0 0\n0 -1 0\n0 0 3\n";
const ONE: &str = "3 3\n1 0 0\n0 0 0\n0 0 9\n"; // several solutions

/// A file in a fresh temporary directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-hidato-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("make a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a temporary file");
    path
}

fn path_str(path: &std::path::Path) -> &str {
    path.to_str().expect("UTF-8 temporary path")
}

/// The shared data directory, or `None` after a loud note.
fn shared(file: &str) -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("TESSERA_DATA").filter(|dir| !dir.is_empty()) else {
        if std::env::var("TESSERA_REQUIRE_DATA").is_ok_and(|v| v == "1") {
            panic!("TESSERA_REQUIRE_DATA=1 but TESSERA_DATA is not set");
        }
        eprintln!("SKIPPED: TESSERA_DATA not set (no shared Hidato data from {file})");
        return None;
    };
    Some(PathBuf::from(dir).join("hidato").join(file))
}

fn puzzles(text: &str) -> Vec<Hidato> {
    parse_puzzles(text, Adjacency::King).expect("valid puzzles")
}

#[test]
fn solve_prints_a_file_of_solutions_and_names_the_unsolvable() {
    let output = tessera_with_stdin(&["hidato", "solve"], PUZZLES.as_bytes());
    assert_status(&output, 0);
    assert_eq!(stderr(&output), "tessera: puzzle 2: no solution\n");
    let answers = puzzles(&stdout(&output));
    let given = puzzles(PUZZLES);
    assert_eq!(answers.len(), 2);
    assert!(verify(&given[0], &answers[0]).is_valid(), "{}", verify(&given[0], &answers[0]));
    assert_eq!(answers[1], given[1], "printed unchanged");

    for engine in ["auto", "xc", "trace"] {
        let output = tessera_with_stdin(&["hidato", "solve", "-", "--engine", engine], ONE.as_bytes());
        assert_status(&output, 0);
        let answer = &puzzles(&stdout(&output))[0];
        assert!(verify(&puzzles(ONE)[0], answer).is_valid(), "{engine}");
        assert!(stdout(&output).starts_with("1\n3 3\n"), "the count line, then the puzzle");
    }
}

#[test]
fn solve_json_gives_each_status_and_solution() {
    let output = tessera_with_stdin(&["hidato", "solve", "--json"], PUZZLES.as_bytes());
    assert_status(&output, 0);
    let text = stdout(&output);
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["outcome"], "solved");
    assert_eq!(lines[0]["solution"]["width"], 3);
    assert_eq!(lines[0]["solution"]["adjacency"], "hidato");
    let solution: Hidato = serde_json::from_value(lines[0]["solution"].clone()).unwrap();
    assert!(verify(&puzzles(PUZZLES)[0], &solution).is_valid());
    assert_eq!(lines[1]["outcome"], "none");
    assert_eq!(lines[1]["index"], 2);
}

#[test]
fn a_budget_overrun_gives_up_with_status_3() {
    let Some(curated) = shared("curated.txt") else { return };
    // The 50x3 snake: 1 and 74 given; no search finishes it in one node.
    let output = tessera(&["hidato", "solve", path_str(&curated), "--max-nodes", "1"]);
    assert_status(&output, 3);
    assert!(stderr(&output).contains("gave up"), "{}", stderr(&output));
    let output = tessera(&["hidato", "count", path_str(&curated), "--max-nodes", "1"]);
    assert_status(&output, 3);
    assert!(stdout(&output).contains("gave-up"));
}

#[test]
fn count_stops_at_the_limit() {
    let open = "2 2\n1 0\n0 0\n"; // 1 in a corner of a 2x2: six paths
    let output = tessera_with_stdin(&["hidato", "count"], open.as_bytes());
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    let output = tessera_with_stdin(&["hidato", "count", "--limit", "100"], open.as_bytes());
    assert_eq!(stdout(&output), "6\n");
    let output = tessera_with_stdin(&["hidato", "count", "--limit", "100", "--numbrix"], open.as_bytes());
    assert_eq!(stdout(&output), "2\n", "Numbrix: no diagonal steps");
    let output = tessera_with_stdin(&["hidato", "count", "--limit", "5"], PUZZLES.as_bytes());
    assert_eq!(stdout(&output), "1\n0\n");
    let output = tessera_with_stdin(&["hidato", "count", "--json"], open.as_bytes());
    let report = json(&output);
    assert_eq!((report["solutions"].as_u64(), report["outcome"].as_str()), (Some(2), Some("limit-reached")));
}

#[test]
fn bad_input_is_status_2_with_line_and_column() {
    let cases = [
        ("1\n3 2\n1 0\n0 0 0\n", "line 3, column 4: row 1 has 2 numbers; the puzzle is 3 wide"),
        ("1\n3 1\n1 x 0\n", "line 3, column 3: \"x\" is not a cell: -1 (hole), 0 (empty) or a number"),
        ("1\n3 1\n1 3 1\n", "line 3, column 5: 1 is given twice: at (1,1) (line 3, column 1) and (3,1)"),
        ("2\n2 1\n1 0\n", "line 1, column 1: the first line says 2 puzzles, but only 1 follow"),
        ("{\"width\":2}", "line 1, column 11: missing field `height`"),
        ("", "line 1, column 1: no puzzle; expected the number of puzzles, then `W H` and the rows"),
    ];
    for (text, message) in cases {
        let output = tessera_with_stdin(&["hidato", "solve"], text.as_bytes());
        assert_status(&output, 2);
        assert_eq!(stderr(&output), format!("tessera: <stdin>: {message}\n"), "{text:?}");
        assert_eq!(stdout(&output), "");
    }
    let output = tessera(&["hidato", "count", "no-such-file.txt"]);
    assert_status(&output, 2);
    assert!(stderr(&output).starts_with("tessera: no-such-file.txt: "));
}

/// Runs `verify` on a puzzle file and an answer on standard input.
fn verify_answer(puzzle: &str, answer: &str, extra: &[&str]) -> std::process::Output {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = temp_file(&format!("puzzle-{n}.txt"), puzzle);
    let mut args = vec!["hidato", "verify", path_str(&file), "-"];
    args.extend_from_slice(extra);
    tessera_with_stdin(&args, answer.as_bytes())
}

#[test]
fn verify_names_each_violation_with_its_status() {
    let puzzle = "3 2\n1 0 0\n0 -1 0\n";
    let output = verify_answer(puzzle, "3 2\n1 3 4\n2 -1 5\n", &[]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "the answer is correct\n");

    let output = verify_answer(puzzle, "3 2\n2 3 4\n1 -1 5\n", &[]);
    assert_status(&output, 4);
    assert_eq!(stdout(&output), "the given 1 at (1,1) became 2\n");

    let output = verify_answer(puzzle, "3 2\n1 5 3\n2 -1 4\n", &[]);
    assert_status(&output, 5);
    assert_eq!(stdout(&output), "2 at (1,2) does not touch 3 at (3,1)\n");

    let output = verify_answer(puzzle, "3 2\n1 3 4\n2 -1 0\n", &[]);
    assert_status(&output, 6);
    assert_eq!(stdout(&output), "the cell at (3,2) is empty\n5 is missing\n");

    // A number twice cannot be a board: a parse error, with its line and column (status 2).
    let output = verify_answer(puzzle, "3 2\n1 3 4\n2 -1 4\n", &[]);
    assert_status(&output, 2);
    assert_eq!(stdout(&output), "");
    assert!(stderr(&output).contains("line 3, column 6: 4 is given twice"), "{}", stderr(&output));

    // Several kinds: the most basic one decides the status.
    let output = verify_answer(puzzle, "3 2\n2 1 3\n5 -1 4\n", &[]);
    assert_status(&output, 4);
    assert_eq!(stdout(&output).lines().count(), 3);

    let output = verify_answer(puzzle, "3 2\n2 3 4\n1 -1 5\n", &["--json"]);
    let report = json(&output);
    assert_eq!(report["valid"], false);
    assert_eq!(report["violations"][0]["kind"], "given-changed");
    assert_eq!(report["violations"][0]["class"], "changed");
    assert_eq!(report["violations"][0]["cells"][0], "r1c1");

    // Bad input in either file: status 2 with the line and column.
    let output = verify_answer(puzzle, "3 2\n1 3 4\n2 -1\n", &[]);
    assert_status(&output, 2);
    assert!(
        stderr(&output).contains("<stdin>: line 3, column 5: row 2 has 2 numbers"),
        "{}",
        stderr(&output)
    );
    let output = verify_answer("3 2\n1 0 0\n", "3 2\n1 3 4\n2 -1 5\n", &[]);
    assert_status(&output, 2);
    assert!(
        stderr(&output).contains("line 2, column 6: the puzzle of line 1 has 1 row;"),
        "{}",
        stderr(&output)
    );
    assert_status(&tessera(&["hidato", "verify", "-", "-"]), 1);
}

#[test]
fn verify_numbrix_rejects_diagonal_steps() {
    let output = verify_answer("2 2\n1 0\n0 0\n", "2 2\n1 4\n3 2\n", &["--numbrix"]);
    assert_status(&output, 5);
    let output = verify_answer("2 2\n1 0\n0 0\n", "2 2\n1 4\n3 2\n", &[]);
    assert_status(&output, 0);
}

#[test]
fn verify_every_janko_answer() {
    let (Some(puzzles), Some(solutions)) = (shared("janko.txt"), shared("janko.solutions.txt")) else {
        return;
    };
    let output = tessera(&["hidato", "verify", path_str(&puzzles), path_str(&solutions)]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "all 510 answers are correct\n");
    let output = tessera(&["hidato", "verify", path_str(&puzzles), path_str(&puzzles)]);
    assert_status(&output, 6);
    assert!(stdout(&output).starts_with("puzzle 1: the cell at (1,1) is empty\n"), "{}", stdout(&output));
}

#[test]
fn solve_the_shared_sets() {
    let (Some(janko), Some(unsolvable)) = (shared("janko.txt"), shared("unsolvable.txt")) else { return };
    let output = tessera(&["hidato", "solve", path_str(&janko)]);
    assert_status(&output, 0);
    let given = puzzles(&std::fs::read_to_string(&janko).unwrap());
    let answers = puzzles(&stdout(&output));
    assert_eq!(answers.len(), 510);
    for (n, (puzzle, answer)) in given.iter().zip(&answers).enumerate() {
        assert!(verify(puzzle, answer).is_valid(), "janko #{}", n + 1);
    }
    let output = tessera(&["hidato", "count", path_str(&unsolvable)]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "0\n".repeat(41));
    let output = tessera(&["hidato", "solve", path_str(&unsolvable)]);
    assert_status(&output, 0);
    assert_eq!(stderr(&output).lines().count(), 41);
    assert_eq!(stdout(&output), std::fs::read_to_string(&unsolvable).unwrap(), "printed unchanged");
}

#[test]
fn generate_makes_unique_puzzles_from_a_size_or_a_shape() {
    let output = tessera(&["hidato", "generate", "--size", "5x4", "--seed", "7", "--count", "2"]);
    assert_status(&output, 0);
    let made = puzzles(&stdout(&output));
    assert_eq!(made.len(), 2);
    for puzzle in &made {
        assert_eq!((puzzle.width(), puzzle.height()), (5, 4));
        let count = tessera_with_stdin(&["hidato", "count"], puzzle.to_string().as_bytes());
        assert_eq!(stdout(&count), "1\n", "{puzzle}");
    }
    let again = tessera(&["hidato", "generate", "--size", "5x4", "--seed", "7", "--count", "2"]);
    assert_eq!(stdout(&again), stdout(&output), "the same seed, the same puzzles");

    let shape = temp_file("shape.txt", "1\n4 4\n0 0 0 -1\n0 0 0 0\n0 0 0 0\n-1 0 0 0\n");
    let output =
        tessera(&["hidato", "generate", path_str(&shape), "--seed", "3", "--json", "--difficulty", "easy"]);
    assert_status(&output, 0);
    let record = json(&output);
    assert_eq!(record["seed"], 3);
    assert_eq!(record["difficulty"], "easy");
    let puzzle: Hidato = serde_json::from_value(record["puzzle"].clone()).unwrap();
    let solution: Hidato = serde_json::from_value(record["solution"].clone()).unwrap();
    assert_eq!(puzzle.cells()[3], -1);
    assert!(verify(&puzzle, &solution).is_valid());

    assert_status(&tessera(&["hidato", "generate", "--size", "0x3"]), 1);
    assert_status(&tessera(&["hidato", "generate", "--difficulty", "fiendish"]), 1);
    let bad = temp_file("bad-shape.txt", "1\n2 2\n0 0\n0\n");
    let output = tessera(&["hidato", "generate", path_str(&bad)]);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("line 4, column 2: row 2 has 1 numbers"), "{}", stderr(&output));
}
