//! `tessera xc count` and `tessera xc solve`, run as the real binary on the files of `tests/data/`.

use crate::common;

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

use common::{
    assert_queens_solution, assert_status, json, listing, queens, stderr, stdout, tessera, tessera_with_stdin,
};

/// `(file, solutions)` from `tests/data/ANSWERS.tsv`.
fn answers() -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(common::data_dir().join("ANSWERS.tsv")).expect("read ANSWERS.tsv");
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_owned(), fields[1].parse().expect("a count"))
        })
        .collect()
}

/// Splits plain `solve` output into solutions, each a list of option lines.
fn solutions(text: &str) -> Vec<Vec<&str>> {
    if text.is_empty() {
        return Vec::new();
    }
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "one newline at the end: {text:?}");
    text.trim_end_matches('\n').split("\n\n").map(|block| block.lines().collect()).collect()
}

#[test]
fn counts_match_the_known_answers_on_one_and_two_threads() {
    let answers = answers();
    assert!(answers.len() >= 5);
    for (file, expected) in answers {
        for threads in ["1", "2"] {
            let output = tessera(&["xc", "count", &file, "--threads", threads]);
            assert_status(&output, 0);
            assert_eq!(stdout(&output), format!("{expected}\n"), "{file} on {threads} threads");
            assert_eq!(stderr(&output), "", "{file}: nothing on stderr when it is not a terminal");
        }
    }
}

#[test]
fn solve_prints_the_options_of_knuths_example_in_input_order() {
    let output = tessera(&["xc", "solve", "knuth.dlx"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "C E F\nA D\nB G\n");
}

#[test]
fn solve_prints_colours_as_in_the_input() {
    let output = tessera(&["xc", "solve", "colors.dlx", "--all"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "p r x:A y\nq x:A\n");
}

#[test]
fn solve_all_separates_solutions_with_a_blank_line() {
    let output = tessera(&["xc", "solve", "queens6.dlx", "--all"]);
    assert_status(&output, 0);
    let text = stdout(&output);
    let found = solutions(&text);
    assert_eq!(found.len(), 4);
    for solution in &found {
        assert_queens_solution(6, solution);
    }
    assert_eq!(found.iter().collect::<BTreeSet<_>>().len(), 4, "distinct solutions");
}

#[test]
fn solve_stops_at_the_limit_and_defaults_to_one() {
    assert_eq!(solutions(&stdout(&tessera(&["xc", "solve", "queens6.dlx"]))).len(), 1);
    let output = tessera(&["xc", "solve", "queens6.dlx", "--limit", "3"]);
    assert_status(&output, 0);
    assert_eq!(solutions(&stdout(&output)).len(), 3);
    assert_eq!(stderr(&output), "");
}

#[test]
fn count_json_has_the_counts_and_the_outcome() {
    let output = tessera(&["xc", "count", "knuth.dlx", "--json"]);
    assert_status(&output, 0);
    let report = json(&output);
    assert_eq!(report["solutions"], 1);
    assert_eq!(report["outcome"], "exhausted");
    assert_eq!(report["threads"], 1);
    assert_eq!(report["file"], "knuth.dlx");
    assert!(report["nodes"].as_u64().expect("nodes") > 0);
    // Updates are the engine's business (a bitset search may do none): only their presence is checked.
    assert!(report["updates"].as_u64().is_some());
    assert!(report["seconds"].as_f64().expect("seconds") >= 0.0);
    assert!(report.get("reason").is_none());
    assert!(report.get("options").is_none(), "count lists no solutions");
}

#[test]
fn solve_json_lists_each_solution_as_option_lines() {
    let output = tessera(&["xc", "solve", "queens6.dlx", "--all", "--json"]);
    assert_status(&output, 0);
    let (found, report) = listing(&output);
    assert_eq!(report["solutions"], 4);
    assert_eq!(report["outcome"], "exhausted");
    assert!(report.get("options").is_none(), "the summary lists no solutions");
    assert_eq!(found.len(), 4);
    for solution in &found {
        let lines: Vec<&str> = solution["options"]
            .as_array()
            .expect("an array of lines")
            .iter()
            .map(|l| l.as_str().expect("a line"))
            .collect();
        assert_queens_solution(6, &lines);
    }

    let (found, report) = listing(&tessera(&["xc", "solve", "knuth.dlx", "--json"]));
    assert_eq!(found, [serde_json::json!({"index": 1, "options": ["C E F", "A D", "B G"]})]);
    assert_eq!(report["outcome"], "limit-reached");
    assert_eq!(report["limit"], 1);
}

#[test]
fn count_with_a_limit_says_so() {
    let output = tessera(&["xc", "count", "queens8.dlx", "--limit", "10"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "10\n");
    assert!(stderr(&output).contains("--limit 10"), "{}", stderr(&output));

    let report = json(&tessera(&["xc", "count", "queens8.dlx", "--limit", "10", "--json"]));
    assert_eq!(report["solutions"], 10);
    assert_eq!(report["outcome"], "limit-reached");
    assert_eq!(report["limit"], 10);

    // A limit above the count changes nothing.
    let report = json(&tessera(&["xc", "count", "queens8.dlx", "--limit", "1000", "--json"]));
    assert_eq!(report["solutions"], 92);
    assert_eq!(report["outcome"], "exhausted");
}

#[test]
fn a_dash_reads_standard_input() {
    let text = std::fs::read(common::data_dir().join("knuth.dlx")).expect("read knuth.dlx");
    let output = tessera_with_stdin(&["xc", "count", "-"], &text);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "1\n");

    let output = tessera_with_stdin(&["xc", "solve", "-", "--json"], &text);
    assert_status(&output, 0);
    assert_eq!(listing(&output).1["file"], "<stdin>");

    let output = tessera_with_stdin(&["xc", "count", "-"], queens(6).as_bytes());
    assert_eq!(stdout(&output), "4\n");
}

#[test]
fn a_malformed_file_exits_2_with_its_line_and_column() {
    let output = tessera(&["xc", "count", "bad-item.dlx"]);
    assert_status(&output, 2);
    assert_eq!(stdout(&output), "");
    let message = stderr(&output);
    assert!(message.starts_with("tessera: bad-item.dlx: line 4, column "), "{message}");
    assert!(message.contains('Z'), "names the unknown item: {message}");
    assert_eq!(message.lines().count(), 1, "{message}");

    let output = tessera(&["xc", "solve", "bad-item.dlx", "--json"]);
    assert_status(&output, 2);
    assert_eq!(stdout(&output), "");
}

#[test]
fn invalid_utf8_exits_2_with_its_position() {
    let output = tessera_with_stdin(&["xc", "count", "-"], b"A B\nA \xff B\n");
    assert_status(&output, 2);
    assert!(
        stderr(&output).starts_with("tessera: <stdin>: line 2, column 3: invalid UTF-8"),
        "{}",
        stderr(&output)
    );

    // Comments may hold any bytes (Latin-1 here).
    let output = tessera_with_stdin(&["xc", "count", "-"], b"| caf\xe9\nA B\nA B\n");
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "1\n");
}

#[test]
fn a_missing_file_exits_2_and_names_it() {
    let output = tessera(&["xc", "count", "no-such-file.dlx"]);
    assert_status(&output, 2);
    assert!(stderr(&output).starts_with("tessera: no-such-file.dlx: "), "{}", stderr(&output));
}

#[test]
fn running_out_of_nodes_gives_up_with_status_3() {
    let output = tessera(&["xc", "count", "queens8.dlx", "--max-nodes", "1"]);
    assert_status(&output, 3);
    assert_eq!(stdout(&output), "", "no count when it is unknown");
    assert!(stderr(&output).contains("gave up"), "{}", stderr(&output));

    for threads in ["1", "2"] {
        let output =
            tessera(&["xc", "count", "queens8.dlx", "--max-nodes", "1", "--json", "--threads", threads]);
        assert_status(&output, 3);
        let report = json(&output);
        assert_eq!(report["outcome"], "gave-up");
        assert_eq!(report["reason"], "max-nodes");
    }
}

#[test]
fn a_timeout_gives_up_with_status_3() {
    // The clock is read every 1024 nodes; 10 queens take about ten times that.
    let output = tessera_with_stdin(&["xc", "count", "-", "--timeout", "0", "--json"], queens(10).as_bytes());
    assert_status(&output, 3);
    let report = json(&output);
    assert_eq!(report["outcome"], "gave-up");
    assert_eq!(report["reason"], "timeout");

    // A generous timeout changes nothing.
    let output = tessera(&["xc", "count", "queens8.dlx", "--timeout", "600"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "92\n");
}

#[test]
fn solve_prints_what_it_found_before_giving_up() {
    let output =
        tessera_with_stdin(&["xc", "solve", "-", "--all", "--max-nodes", "300"], queens(10).as_bytes());
    assert_status(&output, 3);
    let text = stdout(&output);
    let found = solutions(&text);
    assert!(found.len() < 724);
    for solution in &found {
        assert_queens_solution(10, solution);
    }
    assert!(stderr(&output).contains("gave up"), "{}", stderr(&output));
}

#[test]
fn two_threads_find_the_same_solutions_and_work() {
    let one = json(&tessera(&["xc", "count", "queens8.dlx", "--json"]));
    let two = json(&tessera(&["xc", "count", "queens8.dlx", "--json", "--threads", "2"]));
    assert_eq!(two["solutions"], 92);
    assert_eq!(two["threads"], 2);
    assert_eq!((&one["nodes"], &one["updates"]), (&two["nodes"], &two["updates"]));

    let sequential = stdout(&tessera(&["xc", "solve", "queens8.dlx", "--all"]));
    let parallel = stdout(&tessera(&["xc", "solve", "queens8.dlx", "--all", "--threads", "2"]));
    let sequential: BTreeSet<_> = solutions(&sequential).into_iter().collect();
    let parallel: BTreeSet<_> = solutions(&parallel).into_iter().collect();
    assert_eq!(sequential.len(), 92);
    assert_eq!(sequential, parallel);

    let output = tessera(&["xc", "count", "queens8.dlx", "--threads", "0", "--json"]);
    assert_status(&output, 0);
    assert!(json(&output)["threads"].as_u64().expect("threads") >= 1);
}

#[test]
fn a_seed_gives_a_reproducible_random_order() {
    let run = |seed: &str| stdout(&tessera(&["xc", "solve", "queens8.dlx", "--seed", seed, "--limit", "5"]));
    let first = run("7");
    assert_eq!(first, run("7"));
    let found = solutions(&first);
    assert_eq!(found.len(), 5);
    for solution in &found {
        assert_queens_solution(8, solution);
    }
    let deterministic = stdout(&tessera(&["xc", "solve", "queens8.dlx", "--limit", "5"]));
    let seeds = ["1", "2", "3"];
    assert!(seeds.iter().any(|seed| run(seed) != deterministic), "some seed changes the order");

    let output = tessera(&["xc", "solve", "queens8.dlx", "--seed", "7", "--threads", "2"]);
    assert_status(&output, 1);
}

#[test]
fn no_solution_is_not_an_error() {
    let output = tessera(&["xc", "solve", "none.dlx"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "tessera: no solution\n");

    let output = tessera(&["xc", "solve", "none.dlx", "--json"]);
    assert_status(&output, 0);
    let (found, report) = listing(&output);
    assert_eq!(report["solutions"], 0);
    assert!(found.is_empty(), "only the summary line");
}

#[test]
fn stats_go_to_standard_error() {
    let output = tessera(&["xc", "count", "knuth.dlx", "--stats"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    let message = stderr(&output);
    let fields: Vec<&str> = message.trim_end().trim_start_matches("tessera: ").split(' ').collect();
    let keys: Vec<&str> = fields.iter().map(|f| f.split('=').next().unwrap_or("")).collect();
    assert_eq!(keys, ["nodes", "updates", "seconds", "threads", "engine"], "{message}");
}

/// `--engine dlx1` reproduces Knuth's DLX1 counts; every engine finds the same solutions.
#[test]
fn engines_agree_and_dlx1_counts_like_knuth() {
    let mut solutions = Vec::new();
    for engine in ["auto", "links", "dlx1", "bitset"] {
        let output = tessera(&["xc", "solve", "queens6.dlx", "--all", "--engine", engine, "--json"]);
        assert_status(&output, 0);
        let (lines, report) = listing(&output);
        let mut found: Vec<String> = lines.iter().map(|line| line["options"].to_string()).collect();
        found.sort();
        assert_eq!(found.len(), 4, "{engine}");
        solutions.push(found);
        if engine == "dlx1" {
            assert_eq!(report["engine"], "dlx1");
            assert!(report["updates"].as_u64().unwrap() > 0);
        }
    }
    assert!(solutions.windows(2).all(|pair| pair[0] == pair[1]));
}

#[test]
fn usage_errors_exit_1_and_help_exits_0() {
    for args in [
        &["xc"][..],
        &["sudoku"],
        &["xc", "count", "knuth.dlx", "--limit", "0"],
        &["xc", "count", "knuth.dlx", "--timeout", "soon"],
        &["xc", "solve", "knuth.dlx", "--all", "--limit", "2"],
    ] {
        let output = tessera(args);
        assert_status(&output, 1);
        assert_eq!(stdout(&output), "", "{args:?}");
    }
    // Without FILE, `xc count` reads standard input (issue 12), as the puzzle commands do: here
    // it is empty, which is bad input, no longer a usage error.
    assert_status(&tessera(&["xc", "count"]), 2);
    let output = tessera(&["--help"]);
    assert_status(&output, 0);
    assert!(stdout(&output).contains("3  gave up"), "{}", stdout(&output));
    let output = tessera(&["xc", "solve", "--help"]);
    assert_status(&output, 0);
    assert!(stdout(&output).contains("blank line"), "{}", stdout(&output));
}

#[test]
fn a_closed_standard_output_stops_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(["xc", "solve", "-", "--all"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera");
    // 724 solutions of 10 lines: far more than a pipe holds.
    child.stdin.take().expect("stdin").write_all(queens(10).as_bytes()).expect("write the problem");
    let mut first = [0; 16];
    child.stdout.take().expect("stdout").read_exact(&mut first).expect("read some output");
    let output = child.wait_with_output().expect("wait for tessera");
    assert_status(&output, 0);
    assert_eq!(stderr(&output), "");
}
