//! `tessera sudoku solve`, `count` and `verify`, run as the real binary on the files of
//! `tests/data/sudoku/`. Answers are checked with the library's `verify`, which is independent of
//! the solvers.

use crate::common;

use common::{assert_status, json, stderr, stdout, tessera, tessera_with_stdin};
use tessera::sudoku::{parse_puzzles, verify, Sudoku};

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const HARDEST_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The puzzles of a data file, in order.
fn puzzles(file: &str) -> Vec<Sudoku> {
    let text = std::fs::read_to_string(common::data_dir().join(file)).expect("read a data file");
    parse_puzzles(&text).map(|parsed| parsed.puzzle.expect("a valid puzzle")).collect()
}

/// Asserts that `answer` (as printed) solves `puzzle`.
fn assert_solves(puzzle: &Sudoku, answer: &str) {
    let answer = Sudoku::parse(answer).unwrap_or_else(|err| panic!("{answer:?}: {err}"));
    let answer = Sudoku::from_digits(puzzle.layout_arc().clone(), answer.cells().to_vec()).unwrap();
    let verdict = verify(puzzle, &answer);
    assert!(verdict.is_valid(), "{puzzle:?}: {verdict}");
}

#[test]
fn solve_prints_one_answer_a_line_in_input_order() {
    let output = tessera(&["sudoku", "solve", "sudoku/classic.txt"]);
    assert_status(&output, 0);
    assert_eq!(stderr(&output), "");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], CLASSIC_SOLUTION);
    assert_eq!(lines[1], "none", "two 5s in the first row: no solution, not an error");
    assert_solves(&puzzles("sudoku/classic.txt")[2], lines[2]);
    assert_eq!(lines[3], HARDEST_SOLUTION);
}

#[test]
fn every_engine_gives_the_same_answers() {
    for engine in ["auto", "fast", "general", "xc", "sat"] {
        let output = tessera(&["sudoku", "solve", "sudoku/classic.txt", "--engine", engine]);
        assert_status(&output, 0);
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!([lines[0], lines[1], lines[3]], [CLASSIC_SOLUTION, "none", HARDEST_SOLUTION], "{engine}");

        let output = tessera(&["sudoku", "count", "sudoku/small.txt", "--engine", engine, "--limit", "1000"]);
        assert_status(&output, 0);
        assert_eq!(stdout(&output), "1\n0\n288\n", "{engine}");
    }
}

#[test]
fn count_stops_at_the_limit_which_defaults_to_two() {
    let output = tessera(&["sudoku", "count", "sudoku/small.txt"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "1\n0\n2\n");
    assert_eq!(stderr(&output), "");
    let output = tessera(&["sudoku", "count", "sudoku/classic.txt", "--limit", "5"]);
    assert_eq!(stdout(&output), "1\n0\n5\n1\n");
    assert_status(&tessera(&["sudoku", "count", "sudoku/small.txt", "--limit", "0"]), 1);
}

#[test]
fn every_size_is_solved() {
    let output = tessera(&["sudoku", "solve", "sudoku/sizes.txt", "--threads", "2"]);
    assert_status(&output, 0);
    let text = stdout(&output);
    let puzzles = puzzles("sudoku/sizes.txt");
    let sizes: Vec<usize> = puzzles.iter().map(|p| p.layout().size()).collect();
    assert_eq!(sizes, [6, 8, 12, 16, 25]);
    assert_eq!(text.lines().count(), puzzles.len());
    for (puzzle, answer) in puzzles.iter().zip(text.lines()) {
        assert_eq!(answer.len(), puzzle.layout().cells());
        assert_solves(puzzle, answer);
    }
}

#[test]
fn jigsaw_x_and_json_answers_keep_their_form() {
    let output = tessera(&["sudoku", "solve", "sudoku/variants.txt"]);
    assert_status(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let puzzles = puzzles("sudoku/variants.txt");
    assert_eq!(lines.len(), 3, "{text}");
    // The jigsaw's answer carries its region line, the X's its X.
    assert!(lines[0]
        .ends_with(" AAABBBCCCAAABBBCCCAADBBBCCCADDEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII"));
    assert!(lines[1].ends_with(" X"));
    for (puzzle, answer) in puzzles.iter().zip(&lines) {
        assert_eq!(Sudoku::parse(answer).unwrap().layout(), puzzle.layout());
        assert_solves(puzzle, answer);
    }
    let answer: serde_json::Value = serde_json::from_str(lines[2]).expect("a JSON answer to a JSON puzzle");
    assert_eq!(answer["variant"], "x");
    assert_eq!(answer["cells"].as_str().unwrap().len(), 16);
}

#[test]
fn a_grid_gets_a_grid() {
    let output = tessera(&["sudoku", "solve", "sudoku/grid.txt"]);
    assert_status(&output, 0);
    let expected_first = Sudoku::from_line(CLASSIC_SOLUTION).unwrap().to_grid();
    assert_eq!(
        stdout(&output),
        format!("{expected_first}\n1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n")
    );
    assert!(expected_first.starts_with("5 3 4 | 6 7 8 | 9 1 2\n"));
}

#[test]
fn bad_puzzles_are_reported_and_the_others_answered() {
    let output = tessera(&["sudoku", "solve", "sudoku/bad.txt"]);
    assert_status(&output, 2);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..3], [CLASSIC_SOLUTION, "error", "error"]);
    assert_eq!(lines.len(), 4);
    assert_eq!(
        stderr(&output),
        "tessera: sudoku/bad.txt: line 3, column 14: 'x' is out of range: a 9x9 puzzle has digits 1-9\n\
         tessera: sudoku/bad.txt: line 4, column 81: 80 characters; a 9x9 puzzle has 81\n"
    );
    let output = tessera(&["sudoku", "count", "sudoku/bad.txt", "--json"]);
    assert_status(&output, 2);
    let reports: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(reports[1]["outcome"], "error");
    assert_eq!(reports[1]["line"], 3);
    assert_eq!(reports[1]["error"], "line 3, column 14: 'x' is out of range: a 9x9 puzzle has digits 1-9");
    assert_eq!(reports[3]["solutions"], 2);
}

#[test]
fn a_puzzle_that_runs_out_of_budget_gave_up() {
    let output = tessera(&["sudoku", "solve", "sudoku/classic.txt", "--max-nodes", "1"]);
    assert_status(&output, 3);
    let text = stdout(&output);
    assert_eq!(text.lines().last(), Some("gave-up"), "the hardest puzzle needs more than one node");
    assert_eq!(text.lines().nth(1), Some("none"));

    let output = tessera_with_stdin(
        &["sudoku", "count", "-", "--max-nodes", "1", "--json"],
        b"800000000003600000070090200050007000000045700000100030001000068008500010090000400\n",
    );
    assert_status(&output, 3);
    let report = json(&output);
    assert_eq!((report["outcome"].as_str(), report["reason"].as_str()), (Some("gave-up"), Some("max-nodes")));

    // Bad input outranks giving up.
    let mixed = format!("{}\nnot a puzzle at all, no\n", "8".to_owned() + &".".repeat(80));
    let output = tessera_with_stdin(&["sudoku", "solve", "--max-nodes", "1"], mixed.as_bytes());
    assert_status(&output, 2);
    assert_eq!(stdout(&output), "gave-up\nerror\n");
}

#[test]
fn threads_keep_the_input_order() {
    let mut text = String::from("# generated\n");
    let many = "...........................................................................5....9";
    for i in 0..300 {
        text += match i % 5 {
            0 => CLASSIC,
            1 => "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            2 => "1....2...3....4.",
            3 => many,
            _ => "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        };
        text.push('\n');
    }
    text += "53..7....6..1x5....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    let one = tessera_with_stdin(&["sudoku", "count", "--limit", "3"], text.as_bytes());
    assert_status(&one, 2);
    assert_eq!(stdout(&one).lines().count(), 301);
    for threads in ["4", "0"] {
        let many =
            tessera_with_stdin(&["sudoku", "count", "--limit", "3", "--threads", threads], text.as_bytes());
        assert_status(&many, 2);
        assert_eq!(stdout(&many), stdout(&one), "--threads {threads}");
        assert_eq!(stderr(&many), stderr(&one));
    }
    let solved = tessera_with_stdin(&["sudoku", "solve", "--threads", "3"], text.as_bytes());
    let lines: Vec<String> = stdout(&solved).lines().map(str::to_owned).collect();
    assert_eq!(
        (lines[0].as_str(), lines[1].as_str(), lines[300].as_str()),
        (CLASSIC_SOLUTION, "none", "error")
    );
    assert_eq!(lines[299], HARDEST_SOLUTION);
}

#[test]
fn json_reports_one_object_a_line() {
    let output = tessera(&["sudoku", "solve", "sudoku/classic.txt", "--json"]);
    assert_status(&output, 0);
    let reports: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let lines: Vec<u64> = reports.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [2, 3, 4, 7]);
    assert_eq!(reports[0]["outcome"], "solved");
    assert_eq!(reports[0]["solution"], CLASSIC_SOLUTION);
    assert_eq!(reports[1]["outcome"], "none");
    assert!(reports[0]["seconds"].is_f64());
    let output = tessera(&["sudoku", "count", "sudoku/small.txt", "--json"]);
    let reports: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(reports[0]["outcome"], "exhausted");
    assert_eq!(reports[2]["outcome"], "limit-reached");
    assert_eq!((reports[2]["solutions"].as_u64(), reports[2]["limit"].as_u64()), (Some(2), Some(2)));
}

#[test]
fn standard_input_is_the_default_and_empty_input_is_bad() {
    let output = tessera_with_stdin(&["sudoku", "solve"], format!("{CLASSIC}\n").as_bytes());
    assert_status(&output, 0);
    assert_eq!(stdout(&output), format!("{CLASSIC_SOLUTION}\n"));
    let output = tessera_with_stdin(&["sudoku", "solve", "-"], b"# nothing here\n\n");
    assert_status(&output, 2);
    assert_eq!(stderr(&output), "tessera: <stdin>: no puzzle; expected lines, grids or JSON\n");
    let output = tessera(&["sudoku", "count", "sudoku/no-such-file.txt"]);
    assert_status(&output, 2);
    assert!(stderr(&output).starts_with("tessera: sudoku/no-such-file.txt: "), "{}", stderr(&output));
}

#[test]
fn verify_accepts_a_correct_answer() {
    let output = tessera(&["sudoku", "verify", CLASSIC, "sudoku/answer.txt"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "the answer is correct\n");
    let output = tessera(&["sudoku", "verify", CLASSIC, CLASSIC_SOLUTION, "--json"]);
    assert_status(&output, 0);
    assert_eq!(json(&output), serde_json::json!({"valid": true, "violations": []}));
    // The answer to a jigsaw, written as a plain line, takes the puzzle's regions.
    let jigsaw = std::fs::read_to_string(common::data_dir().join("sudoku/variants.txt")).unwrap();
    let jigsaw = jigsaw.lines().nth(1).unwrap();
    let output = tessera(&["sudoku", "verify", jigsaw, CLASSIC_SOLUTION]);
    assert_status(&output, 0);
}

#[test]
fn verify_names_the_broken_rules_and_the_changed_givens() {
    let output = tessera(&["sudoku", "verify", CLASSIC, "sudoku/wrong.txt"]);
    assert_status(&output, 4);
    assert_eq!(
        stdout(&output),
        "r1c1 was given 5, the answer has 4\n\
         4 appears twice in column 1: r1c1 and r5c1\n\
         5 appears twice in column 3: r1c3 and r9c3\n"
    );
    let output =
        tessera_with_stdin(&["sudoku", "verify", "-", "sudoku/wrong.txt", "--json"], CLASSIC.as_bytes());
    assert_status(&output, 4);
    let report = json(&output);
    assert_eq!(report["valid"], false);
    assert_eq!(report["violations"][0]["kind"], "given-changed");
    assert_eq!(report["violations"][0]["cells"], serde_json::json!(["r1c1"]));
    assert_eq!(report["violations"][1]["kind"], "repeated");
    // An unfinished answer: empty cells.
    let output = tessera(&["sudoku", "verify", CLASSIC, CLASSIC]);
    assert_status(&output, 4);
    assert!(stdout(&output).starts_with("r1c3 is empty\n"), "{}", stdout(&output));
}

#[test]
fn verify_reports_bad_input_with_status_two() {
    let bad = format!("{}x{}", &CLASSIC_SOLUTION[..78], &CLASSIC_SOLUTION[79..]);
    let output = tessera(&["sudoku", "verify", CLASSIC, &bad]);
    assert_status(&output, 2);
    assert_eq!(
        stderr(&output),
        "tessera: <answer>: line 1, column 79: 'x' is out of range: a 9x9 puzzle has digits 1-9\n"
    );
    let output = tessera(&["sudoku", "verify", "sudoku/classic.txt", CLASSIC_SOLUTION]);
    assert_status(&output, 2);
    assert_eq!(
        stderr(&output),
        "tessera: sudoku/classic.txt: line 3, column 1: a second puzzle; expected only one\n"
    );
    let output = tessera(&["sudoku", "verify", "sudoku/missing.txt", CLASSIC_SOLUTION]);
    assert_status(&output, 2);
    assert_status(&tessera(&["sudoku", "verify", "-", "-"]), 1);
}
