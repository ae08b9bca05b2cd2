//! `tessera variant ...`, variant Sudoku on the families' generic path, run as a user runs it on
//! the example `examples/data/variant/thermo-4x4.json` (Tessera's JSON: two thermometers, a cage
//! and a V on a 4x4, one solution): solve, count, verify, rate and hint; the exit statuses of the
//! family table (2 bad input naming its line and field, 3 gave up, 4 a broken rule); `--json`
//! lines; a share link given as the argument read as the puzzle, not as a path.

use crate::common;

use std::path::PathBuf;

use common::{assert_status, json, stderr, stdout, tessera, tessera_with_stdin};

/// The example puzzle's path.
fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/data/variant").join(name);
    path.to_str().expect("a UTF-8 path").to_owned()
}

/// The example's one solution, as `solve` prints it.
const ANSWER: &str = "1234\n3412\n4123\n2341\n";

#[test]
fn the_example_is_solved_counted_as_unique_and_its_answer_verifies() {
    let puzzle = example("thermo-4x4.json");
    let solved = tessera(&["variant", "solve", &puzzle]);
    assert_status(&solved, 0);
    assert_eq!(stdout(&solved), ANSWER);
    assert_eq!(stdout(&solved), std::fs::read_to_string(example("thermo-4x4.solution.txt")).unwrap());

    for limit in ["2", "0"] {
        let counted = tessera(&["variant", "count", &puzzle, "--limit", limit]);
        assert_status(&counted, 0);
        assert_eq!(stdout(&counted), "1\n", "--limit {limit}");
    }

    let verified = tessera(&["variant", "verify", &puzzle, &example("thermo-4x4.solution.txt")]);
    assert_status(&verified, 0);
    assert_eq!(stdout(&verified), "the answer is correct\n");
    // The whole grid on one line is an answer too.
    let one_line = tessera_with_stdin(&["variant", "verify", &puzzle, "-"], b"1234341241232341\n");
    assert_status(&one_line, 0);
}

#[test]
fn standard_input_and_json_lines_read_back() {
    let puzzle = example("thermo-4x4.json");
    let text = std::fs::read(&puzzle).unwrap();
    let solved = tessera_with_stdin(&["variant", "solve", "--json"], &text);
    assert_status(&solved, 0);
    let line = json(&solved);
    assert_eq!(line["index"], 1);
    assert_eq!(line["outcome"], "solved");
    assert_eq!(line["solution"], ANSWER);
    // `solve --json` lines are answers to verify, through their "solution".
    let verified =
        tessera_with_stdin(&["variant", "verify", &puzzle, "-", "--json"], stdout(&solved).as_bytes());
    assert_status(&verified, 0);
    assert_eq!(json(&verified), serde_json::json!({"valid": true, "violations": []}));

    let counted = tessera_with_stdin(&["variant", "count", "--json"], &text);
    assert_status(&counted, 0);
    let count = json(&counted);
    assert_eq!(
        (count["index"].clone(), count["solutions"].clone(), count["limit"].clone()),
        (1.into(), 1.into(), 2.into())
    );
    assert_eq!(count["outcome"], "exhausted");
}

#[test]
fn a_broken_answer_is_status_4_with_each_rule_and_its_cells() {
    let puzzle = example("thermo-4x4.json");
    // Row 3 with its last two digits swapped: columns 3 and 4 repeat, the cage r3c2+r3c3 is 4.
    let wrong = b"1234\n3412\n4132\n2341\n";
    let verified = tessera_with_stdin(&["variant", "verify", &puzzle, "-"], wrong);
    assert_status(&verified, 4);
    let text = stdout(&verified);
    assert!(text.contains("repeated-in-column"), "{text}");
    assert!(text.contains("cage (constraint 3)"), "{text}");

    let verified = tessera_with_stdin(&["variant", "verify", &puzzle, "-", "--json"], wrong);
    assert_status(&verified, 4);
    let report = json(&verified);
    assert_eq!(report["valid"], false);
    let violations = report["violations"].as_array().unwrap();
    let cage = violations.iter().find(|v| v["kind"] == "cage").expect("the cage's violation");
    assert_eq!(cage["cells"], serde_json::json!(["r3c2", "r3c3"]));
    assert!(violations.iter().any(|v| v["kind"] == "repeated-in-column"));
}

#[test]
fn bad_input_is_status_2_naming_its_line_and_field() {
    let bad_regions = b"# a comment\n{\"size\":4,\"regions\":[0,0,1,1],\"givens\":[]}\n";
    let solved = tessera_with_stdin(&["variant", "solve"], bad_regions);
    assert_status(&solved, 2);
    let message = stderr(&solved);
    assert!(message.contains("<stdin>: line 2") && message.contains("regions"), "{message}");

    let cut = tessera_with_stdin(&["variant", "count"], b"{\"size\":4,\"regions\":[0,0,");
    assert_status(&cut, 2);
    assert!(stderr(&cut).contains("line 1, column"), "{}", stderr(&cut));

    let puzzle = example("thermo-4x4.json");
    let answer = tessera_with_stdin(&["variant", "verify", &puzzle, "-"], b"1234\n34x2\n4123\n2341\n");
    assert_status(&answer, 2);
    assert!(stderr(&answer).contains("line 2, column 3"), "{}", stderr(&answer));

    let missing = tessera(&["variant", "solve", "no-such-puzzle.json"]);
    assert_status(&missing, 2);
}

#[test]
fn a_budget_of_one_node_gives_up_with_status_3() {
    // An empty anti-knight 9x9: far more than one solution, so counting to 2 takes many nodes.
    let regions: Vec<String> = (0..81).map(|i| ((i / 27) * 3 + (i % 9) / 3).to_string()).collect();
    let puzzle = format!(
        "{{\"size\":9,\"regions\":[{}],\"givens\":[{}],\"constraints\":[{{\"kind\":\"anti-knight\"}}]}}\n",
        regions.join(","),
        vec!["0"; 81].join(",")
    );
    let counted = tessera_with_stdin(&["variant", "count", "--max-nodes", "1"], puzzle.as_bytes());
    assert_status(&counted, 3);
    assert_eq!(stdout(&counted), "gave-up\n");
    let counted = tessera_with_stdin(&["variant", "count", "--max-nodes", "1", "--json"], puzzle.as_bytes());
    assert_status(&counted, 3);
    let line = json(&counted);
    assert_eq!(line["outcome"], "gave-up");
    assert!(line["reason"].is_string(), "{line}");
}

#[test]
fn rate_and_hint_write_one_line_per_puzzle() {
    let puzzle = example("thermo-4x4.json");
    let rated = tessera(&["variant", "rate", &puzzle]);
    assert_status(&rated, 0);
    let text = stdout(&rated);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains("score=") && text.contains("steps="), "{text}");
    let rated = tessera(&["variant", "rate", &puzzle, "--json"]);
    assert_status(&rated, 0);
    let line = json(&rated);
    assert_eq!(line["index"], 1);
    assert!(["easy", "medium", "hard", "expert"].contains(&line["level"].as_str().unwrap()), "{line}");

    let hinted = tessera(&["variant", "hint", &puzzle]);
    assert_status(&hinted, 0);
    assert_eq!(stdout(&hinted).lines().count(), 1);
    let hinted = tessera(&["variant", "hint", &puzzle, "--json"]);
    assert_status(&hinted, 0);
    assert_eq!(json(&hinted)["index"], 1);
}

#[test]
fn a_share_link_as_the_argument_is_the_puzzle_not_a_path() {
    for link in
        ["https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKiBdZQ", "N4IgzglgXgpiBcBOANCA"]
    {
        let solved = tessera(&["variant", "solve", link]);
        // Read as a puzzle (solved, or refused by the reader as bad input), never opened as a file.
        let message = stderr(&solved);
        assert!(!message.contains("No such file"), "{link}: {message}");
        assert!([0, 2].contains(&common::status(&solved)), "{link}: {message}");
        if common::status(&solved) == 2 {
            assert!(message.contains("the argument"), "{message}");
        }
    }
}

#[test]
fn the_help_names_the_formats() {
    let help = tessera(&["variant", "--help"]);
    assert_status(&help, 0);
    let text = stdout(&help);
    for words in ["f-puzzles", "SudokuPad", "ISS", "Tessera's own JSON", "one puzzle a line"] {
        assert!(text.contains(words), "{words}: {text}");
    }
}
