//! Listings stream (issue 24): `queens`, `tiling solve`, `xc solve` and `hidato generate` print
//! each solution (or puzzle) as it is found, as JSON lines under `--json` with a summary line
//! last; a closed pipe ends the search quietly with status 0; a budget holds with the printing
//! inside it; nothing is collected, so memory stays small however long the listing.
//!
//! Run as a user would: the real binary, through a pipe. The bounds are generous (a loaded
//! two-CPU machine); the measured figures are in docs/performance.md ("Listings that stream").

use crate::common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_status, listing, stderr, stdout, tessera};

/// The slowest a first line may come through a pipe (measured: about 0.01 s).
const FIRST_LINE: Duration = Duration::from_secs(5);

/// Seconds allowed on top of `--timeout * 1.1` (process start and exit, a loaded machine).
const ALLOWANCE: f64 = 0.5;

/// Starts `tessera ARGS` with standard output piped, reads its first line, then closes the pipe
/// as `| head -1` does; returns the line, how long it took to come, and the exit status and
/// standard error once the process ended.
fn first_line_then_close(args: &[&str]) -> (String, Duration, Option<i32>, String, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .current_dir(common::data_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera");
    let mut out = BufReader::new(child.stdout.take().expect("piped"));
    let mut line = String::new();
    out.read_line(&mut line).expect("read the first line");
    let first = start.elapsed();
    drop(out);
    let mut err = String::new();
    child.stderr.take().expect("piped").read_to_string(&mut err).expect("read standard error");
    let status = child.wait().expect("wait for tessera").code();
    (line, first, status, err, start.elapsed())
}

#[test]
fn the_first_of_queens_16_comes_through_a_pipe_at_once_and_head_closes_it_quietly() {
    for json in [false, true] {
        let mut args = vec!["queens", "16", "--all"];
        if json {
            args.push("--json");
        }
        let (line, first, status, err, total) = first_line_then_close(&args);
        assert!(first < FIRST_LINE, "{args:?}: the first line took {first:?}");
        if json {
            let value: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
            assert_eq!(value["index"], 1);
            assert_eq!(value["board"][0], "Q . . . . . . . . . . . . . . .");
        } else {
            assert_eq!(line, "Q . . . . . . . . . . . . . . .\n");
        }
        // The closed pipe stops the search: no panic, no note, status 0, and soon.
        assert_eq!(status, Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
        assert!(total < FIRST_LINE * 2, "{args:?}: ended after {total:?}");
    }
}

#[test]
fn every_listing_closes_quietly_on_a_closed_pipe() {
    let commands: [&[&str]; 4] = [
        &["xc", "solve", "queens8.dlx", "--all", "--json"],
        &["queens", "20", "--all", "--engine", "xc", "--threads", "2"],
        &["tiling", "solve", "--board", "6x10", "--all", "--json"],
        &["tiling", "solve", "--board", "6x10", "--all", "--engine", "xc"],
    ];
    for args in commands {
        let (line, _, status, err, total) = first_line_then_close(args);
        assert!(!line.is_empty(), "{args:?}");
        assert_eq!(status, Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
        assert!(total < FIRST_LINE * 2, "{args:?}: ended after {total:?}");
    }
}

#[test]
fn queens_17_all_gives_up_within_its_timeout_with_a_valid_summary() {
    let start = Instant::now();
    let output = tessera(&["queens", "17", "--all", "--json", "--timeout", "1"]);
    let wall = start.elapsed().as_secs_f64();
    assert_status(&output, 3);
    assert!(wall < 1.1 + ALLOWANCE, "{wall:.3} s with --timeout 1");
    let (found, summary) = listing(&output);
    assert!(!found.is_empty(), "some boards before the deadline");
    assert_eq!(summary["solutions"], found.len() as u64, "every solution found was printed");
    assert_eq!(summary["outcome"], "gave-up");
    assert_eq!(summary["reason"], "timeout");
    assert_eq!(summary["n"], 17);
    assert_eq!(summary["engine"], "bits");
    for key in ["nodes", "seconds", "threads"] {
        assert!(summary[key].is_number(), "{key}: {summary}");
    }
    assert!(summary.get("boards").is_none(), "{summary}");
    for board in &found {
        let rows: Vec<&str> =
            board["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
        assert_queens_board(17, &rows);
    }
}

/// A board of `queens --json`, checked on its own: one queen a row, column and diagonal.
fn assert_queens_board(n: usize, rows: &[&str]) {
    assert_eq!(rows.len(), n, "{rows:?}");
    let mut seen = std::collections::HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let squares: Vec<&str> = row.split(' ').collect();
        assert_eq!(squares.len(), n, "{row:?}");
        assert!(squares.iter().all(|&s| s == "Q" || s == "."), "{row:?}");
        let queens: Vec<usize> = (0..n).filter(|&c| squares[c] == "Q").collect();
        assert_eq!(queens.len(), 1, "{row:?}");
        let c = queens[0];
        for line in [format!("c{c}"), format!("a{}", r + c), format!("b{}", r + n - c)] {
            assert!(seen.insert(line), "two queens attack each other in {rows:?}");
        }
    }
}

#[test]
fn queens_listings_are_json_lines_with_a_summary_last() {
    let output = tessera(&["queens", "6", "--all", "--json"]);
    assert_status(&output, 0);
    let (found, summary) = listing(&output);
    assert_eq!(found.len(), 4);
    assert_eq!(summary["solutions"], 4);
    assert_eq!(summary["outcome"], "exhausted");
    assert_eq!(
        found[0]["board"],
        serde_json::json!([
            ". Q . . . .",
            ". . . Q . .",
            ". . . . . Q",
            "Q . . . . .",
            ". . Q . . .",
            ". . . . Q ."
        ])
    );
    // The same boards as the text.
    let text = stdout(&tessera(&["queens", "6", "--all"]));
    let from_json: Vec<String> = found
        .iter()
        .map(|b| {
            b["board"].as_array().unwrap().iter().map(|r| format!("{}\n", r.as_str().unwrap())).collect()
        })
        .collect();
    assert_eq!(text, from_json.join("\n"));
    // The exact-cover route on two threads lists the same set.
    let (mut xc, summary) =
        listing(&tessera(&["queens", "6", "--all", "--json", "--engine", "xc", "--threads", "2"]));
    assert_eq!(summary["engine"], "xc");
    let mut boards: Vec<String> = xc.drain(..).map(|b| b["board"].to_string()).collect();
    boards.sort();
    let mut expected: Vec<String> = found.iter().map(|b| b["board"].to_string()).collect();
    expected.sort();
    assert_eq!(boards, expected);
    // No solution: only the summary.
    let (found, summary) = listing(&tessera(&["queens", "3", "--json"]));
    assert!(found.is_empty());
    assert_eq!(summary["solutions"], 0);
}

#[test]
fn tiling_listings_are_json_lines_and_hold_their_timeout() {
    let output = tessera(&["tiling", "solve", "--board", "3x20", "--all", "--json"]);
    assert_status(&output, 0);
    let (found, summary) = listing(&output);
    assert_eq!(found.len(), 8);
    assert_eq!(summary["solutions"], 8);
    assert!(found.iter().all(|t| t["board"].as_array().unwrap().len() == 20));

    // Dominoes on 10x10: billions of tilings, printed until the timeout.
    let pieces = std::env::temp_dir().join(format!("tessera-dominoes-{}.txt", std::process::id()));
    std::fs::write(&pieces, common::dominoes::PIECES).unwrap();
    for engine in ["bits", "xc"] {
        let start = Instant::now();
        let mut args = common::dominoes::listing(pieces.to_str().unwrap(), engine).to_vec();
        args.extend(["--timeout", "1"]);
        let output = tessera(&args);
        let wall = start.elapsed().as_secs_f64();
        assert_status(&output, 3);
        assert!(wall < 1.1 + ALLOWANCE, "{engine}: {wall:.3} s with --timeout 1");
        let (found, summary) = listing(&output);
        assert_eq!(summary["solutions"], found.len() as u64, "{engine}");
        assert_eq!(summary["reason"], "timeout", "{engine}");
    }
    let _ = std::fs::remove_file(&pieces);
}

#[test]
fn tiling_svg_of_a_long_listing_is_the_same_picture() {
    let dir = std::env::temp_dir();
    let streamed = dir.join(format!("tessera-streamed-{}.svg", std::process::id()));
    let output =
        tessera(&["tiling", "solve", "--board", "3x20", "--all", "--svg", streamed.to_str().unwrap()]);
    assert_status(&output, 0);
    let svg = std::fs::read_to_string(&streamed).unwrap();
    let _ = std::fs::remove_file(&streamed);
    // Eight tilings, four to a row: two rows of 3x20 boards (20 * 24 + 24 high each).
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"384\" height=\"1008\""),
        "{svg:.200}"
    );
    assert_eq!(svg.matches("<g transform").count(), 8);
    assert!(svg.ends_with("</g>\n</svg>\n"));
    let open = svg.lines().next().unwrap();
    assert!(open.ends_with(" >") || open.ends_with('>'), "{open}");
}

#[test]
fn xc_solve_json_streams_lines_with_the_report_last() {
    let output = tessera(&["xc", "solve", "queens8.dlx", "--all", "--json"]);
    assert_status(&output, 0);
    let (found, summary) = listing(&output);
    assert_eq!(found.len(), 92);
    assert_eq!(summary["solutions"], 92);
    assert_eq!(summary["file"], "queens8.dlx");
    assert!(summary["updates"].is_number());
    assert!(found.iter().all(|s| s["options"].as_array().unwrap().len() == 8));
}

#[test]
fn hidato_generate_streams_and_a_huge_board_holds_its_timeout() {
    // Several puzzles: no count line, each as made; they read back.
    let output = tessera(&["hidato", "generate", "--size", "4x4", "--seed", "5", "--count", "3"]);
    assert_status(&output, 0);
    let text = stdout(&output);
    assert!(text.starts_with("4 4\n"), "{text}");
    let puzzles = tessera::hidato::parse_puzzles(&text, tessera::hidato::Adjacency::King).unwrap();
    assert_eq!(puzzles.len(), 3);
    // One puzzle keeps its count line.
    let one = stdout(&tessera(&["hidato", "generate", "--size", "4x4", "--seed", "5"]));
    assert!(one.starts_with("1\n4 4\n"), "{one}");

    for json in [false, true] {
        let mut args = vec!["hidato", "generate", "--size", "300x300", "--timeout", "0.5", "--seed", "1"];
        if json {
            args.push("--json");
        }
        let start = Instant::now();
        let output = tessera(&args);
        let wall = start.elapsed().as_secs_f64();
        assert_status(&output, 3);
        assert!(wall < 0.55 + ALLOWANCE, "{args:?}: {wall:.3} s with --timeout 0.5");
        assert!(
            stderr(&output).contains("gave up on puzzle 1 (seed 1): --timeout 0.5 s"),
            "{}",
            stderr(&output)
        );
        if json {
            let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
            assert_eq!(record["outcome"], "gave-up");
            assert_eq!(record["reason"], "timeout");
        } else {
            assert_eq!(stdout(&output), "", "nothing to read back");
        }
    }
}
