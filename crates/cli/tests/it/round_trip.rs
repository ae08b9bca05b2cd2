//! What one command writes with `--json`, the next reads back (issue 12): `generate --json` and
//! `solve --json` feed `solve`, `count`, `rate` and `verify`, for Sudoku and Hidato; a generate
//! that gives up still writes JSON; tiling and queens speak the same key vocabulary.

use crate::common;

use std::path::PathBuf;

use common::{assert_status, stdout, tessera, tessera_with_stdin};
use serde_json::Value;

/// A file in the temporary folder, unique to this test process.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tessera-round-trip-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary file");
    path
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect()
}

fn run(args: &[&str], input: &str) -> String {
    let output = tessera_with_stdin(args, input.as_bytes());
    assert_status(&output, 0);
    stdout(&output)
}

#[test]
fn sudoku_generate_json_feeds_every_reading_command() {
    let made = run(&["sudoku", "generate", "--json", "--seed", "7", "--count", "2"], "");
    let records = json_lines(&made);
    assert_eq!(records[1]["index"], 2);
    assert!(records[0]["givens"].as_u64().unwrap() > 16);

    assert_eq!(run(&["sudoku", "count"], &made), "1\n1\n");
    let solved = run(&["sudoku", "solve"], &made);
    // JSON in, JSON out: each puzzle solved as its own object, its cells the record's solution.
    let solved = json_lines(&solved);
    assert_eq!(solved.len(), 2);
    for (answer, record) in solved.iter().zip(&records) {
        assert_eq!(answer["cells"], record["solution"]);
    }
    assert_eq!(run(&["sudoku", "rate"], &made).lines().count(), 2);

    // One record as the puzzle and as the answer: its "solution" is the answer.
    let record = temp_file("sudoku-record.json", made.lines().next().unwrap());
    let record = record.to_str().unwrap();
    assert_eq!(run(&["sudoku", "verify", record, record], ""), "the answer is correct\n");
    assert!(run(&["sudoku", "hint", record], "").contains(':'));

    // `solve --json` as the answer.
    let answer = run(&["sudoku", "solve", "--json", record], "");
    let answer = temp_file("sudoku-answer.json", &answer);
    assert_eq!(run(&["sudoku", "verify", record, answer.to_str().unwrap()], ""), "the answer is correct\n");
}

#[test]
fn sudoku_variants_keep_their_layout_through_json() {
    let made = run(&["sudoku", "generate", "--json", "--x", "--seed", "3"], "");
    assert_eq!(run(&["sudoku", "count", "--limit", "5"], &made), "1\n");
    let made = run(&["sudoku", "generate", "--json", "--size", "6", "--boxes", "3x2", "--seed", "3"], "");
    assert_eq!(run(&["sudoku", "count", "--limit", "5"], &made), "1\n");
    let record = temp_file("sudoku-6.json", &made);
    let record = record.to_str().unwrap();
    assert_eq!(run(&["sudoku", "verify", record, record], ""), "the answer is correct\n");
}

#[test]
fn hidato_generate_json_feeds_every_reading_command() {
    let made = run(&["hidato", "generate", "--json", "--size", "5x5", "--seed", "2", "--count", "2"], "");
    let records = json_lines(&made);
    assert_eq!(records[1]["index"], 2);
    assert_eq!(records[0]["puzzle"]["width"], 5);

    assert_eq!(run(&["hidato", "count"], &made), "1\n1\n");
    let solved = run(&["hidato", "solve"], &made);
    assert!(solved.starts_with("2\n5 5\n"), "{solved}");

    let puzzles = temp_file("hidato-records.jsonl", &made);
    let puzzles = puzzles.to_str().unwrap();
    // The records themselves as answers: their "solution"s are read.
    assert_eq!(run(&["hidato", "verify", puzzles, puzzles], ""), "all 2 answers are correct\n");
    // `solve` as text, and `solve --json`, as answers.
    let text = temp_file("hidato-answers.txt", &solved);
    assert_eq!(
        run(&["hidato", "verify", puzzles, text.to_str().unwrap()], ""),
        "all 2 answers are correct\n"
    );
    let json = run(&["hidato", "solve", "--json", puzzles], "");
    assert_eq!(json_lines(&json)[0]["outcome"], "solved");
    let json = temp_file("hidato-answers.jsonl", &json);
    assert_eq!(
        run(&["hidato", "verify", puzzles, json.to_str().unwrap()], ""),
        "all 2 answers are correct\n"
    );
}

#[test]
fn numbrix_stays_numbrix_through_json() {
    let made = run(&["hidato", "generate", "--json", "--numbrix", "--size", "4x4", "--seed", "5"], "");
    assert_eq!(json_lines(&made)[0]["puzzle"]["adjacency"], "numbrix");
    let solved = run(&["hidato", "solve", "--json"], &made);
    assert_eq!(json_lines(&solved)[0]["solution"]["adjacency"], "numbrix");
}

#[test]
fn a_generate_that_gives_up_still_writes_json() {
    for args in [
        &["sudoku", "generate", "--json", "--size", "16", "--timeout", "0", "--seed", "1"][..],
        &["hidato", "generate", "--json", "--size", "30x30", "--timeout", "0", "--seed", "1"],
    ] {
        let output = tessera(args);
        assert_status(&output, 3);
        let records = json_lines(&stdout(&output));
        assert_eq!(records[0]["outcome"], "gave-up", "{args:?}");
        assert_eq!(records[0]["reason"], "timeout");
        assert_eq!(records[0]["index"], 1);
        assert_eq!(records[0]["seed"], 1);
    }
}

#[test]
fn tiling_and_queens_speak_the_same_json() {
    let count = json_lines(&run(&["tiling", "count", "--board", "3x20", "--json"], ""));
    assert_eq!(count[0]["solutions"], 8);
    assert_eq!(count[0]["outcome"], "exhausted");
    assert_eq!(count[0]["engine"], "bits");
    // Listings are JSON lines: a line per solution, then the summary.
    let solve = json_lines(&run(&["tiling", "solve", "--board", "3x20", "--json", "--engine", "xc"], ""));
    assert_eq!(solve[0]["board"].as_array().unwrap().len(), 20);
    assert_eq!(solve[1]["outcome"], "limit-reached");
    assert_eq!(solve[1]["engine"], "xc");

    let queens = json_lines(&run(&["queens", "8", "--count", "--json", "--solver", "xc"], ""));
    assert_eq!(queens[0]["solutions"], 92);
    assert_eq!(queens[0]["outcome"], "exhausted");
    assert_eq!(queens[0]["engine"], "xc");
    let boards = json_lines(&run(&["queens", "4", "--all", "--json"], ""));
    assert_eq!(boards.len(), 3, "two boards, then the summary");
    assert_eq!(boards[2]["solutions"], 2);

    let output = tessera(&["queens", "20", "--count", "--json", "--max-nodes", "100"]);
    assert_status(&output, 3);
    assert_eq!(json_lines(&stdout(&output))[0]["reason"], "max-nodes");
}

#[test]
fn xc_reads_standard_input_without_a_file() {
    let problem = std::fs::read_to_string(common::data_dir().join("knuth.dlx")).unwrap();
    assert_eq!(run(&["xc", "count"], &problem), "1\n");
    assert_eq!(run(&["xc", "count", "-"], &problem), "1\n");
}
