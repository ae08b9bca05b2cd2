//! `tessera xc solve --trace`: the events of Knuth's DLX1 as JSON lines, then the `--stats` line,
//! checked against the lesson's run by hand and against `xc count --stats`.

use crate::common;

use common::{assert_status, stderr, stdout, tessera};

/// The `nodes=… updates=…` part of a stats line.
fn counters(line: &str) -> String {
    let line = line.trim().trim_start_matches("tessera: ");
    line.split(' ')
        .filter(|field| field.starts_with("nodes=") || field.starts_with("updates="))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The events of a trace, and its last line.
fn events(text: &str) -> (Vec<serde_json::Value>, String) {
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines.pop().expect("a stats line").to_owned();
    let events = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    (events, last)
}

#[test]
fn the_lessons_example_chooses_as_knuth_does_and_ends_on_a_d_e() {
    let output = tessera(&["xc", "solve", "lesson.dlx", "--trace"]);
    assert_status(&output, 0);
    let (events, last) = events(&stdout(&output));
    let chosen: Vec<&str> =
        events.iter().filter(|e| e["event"] == "choose").map(|e| e["item"].as_str().unwrap()).collect();
    assert_eq!(chosen, ["1", "2", "5", "5", "2"]);
    let dead_ends: Vec<&serde_json::Value> =
        events.iter().filter(|e| e["event"] == "backtrack" && e["dead_end"] == true).collect();
    assert_eq!(dead_ends.len(), 1);
    assert_eq!(dead_ends[0]["level"], 2);
    let solution = events.last().unwrap();
    assert_eq!(solution["event"], "solution");
    let mut lines: Vec<&str> =
        solution["lines"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    lines.sort_unstable();
    assert_eq!(lines, ["1 4", "2 7", "3 5 6"], "A, D, E");
    assert!(last.starts_with("tessera: nodes=") && last.contains("engine=dlx1"), "{last}");

    // The same counters as a plain count, and as the last event.
    let count = tessera(&["xc", "count", "lesson.dlx", "--stats"]);
    assert_status(&count, 0);
    assert_eq!(counters(&last), counters(&stderr(&count)));
    assert_eq!(counters(&last), format!("nodes={} updates={}", solution["nodes"], solution["updates"]));
}

#[test]
fn every_solution_is_traced_with_all_and_covers_balance() {
    for file in ["knuth.dlx", "colors.dlx", "none.dlx", "queens6.dlx"] {
        let output = tessera(&["xc", "solve", file, "--trace", "--all"]);
        assert_status(&output, 0);
        let (events, last) = events(&stdout(&output));
        let solutions = events.iter().filter(|e| e["event"] == "solution").count();
        let count = tessera(&["xc", "count", file, "--engine", "dlx1", "--stats"]);
        assert_eq!(format!("{solutions}\n"), stdout(&count), "{file}");
        assert_eq!(counters(&last), counters(&stderr(&count)), "{file}");
        let covers = events.iter().filter(|e| e["event"] == "cover").count();
        let uncovers = events.iter().filter(|e| e["event"] == "uncover").count();
        assert_eq!(covers, uncovers, "{file}: every cover undone by the end");
    }
}

#[test]
fn a_trace_keeps_its_budget_and_refuses_threads() {
    let output = tessera(&["xc", "solve", "queens8.dlx", "--trace", "--all", "--max-nodes", "10"]);
    assert_status(&output, 3);
    let (events, last) = events(&stdout(&output));
    assert!(events.iter().all(|e| e["nodes"].as_u64().unwrap() <= 10));
    assert!(last.starts_with("tessera: nodes=10 "), "{last}");
    assert!(stderr(&output).contains("gave up"), "{}", stderr(&output));
    // A usage error, as clap reports one.
    let output = tessera(&["xc", "solve", "lesson.dlx", "--trace", "--threads", "2"]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("'--trace' cannot be used with '--threads"), "{}", stderr(&output));
}
