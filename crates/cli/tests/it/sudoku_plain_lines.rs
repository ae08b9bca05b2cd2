//! The fast path of `tessera sudoku solve` and `count` (one thread, plain output, the 9x9 solver:
//! a file's plain 81-character lines answered without the general reader) must print exactly what
//! the general path prints: the same answers, line numbers in messages, status and standard error,
//! on files that mix plain lines with comments, blank lines, CRLF, grids, JSON, bad lines and a
//! last line without its break. The general path is forced with `--threads 2` (the fast path is
//! single-threaded) and with `--engine general`, whose answers to these unique or unsolvable
//! puzzles are the same.

use crate::common;

use common::{status, stderr, stdout, tessera_with_stdin};

const CLASSIC: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const TWO_FIVES: &str = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const OPEN: &str = ".................................................................................";

/// Runs `args` on `input` on the fast path and on the general one; both must agree.
fn same_both_ways(args: &[&str], input: &str) -> String {
    let fast = tessera_with_stdin(args, input.as_bytes());
    let mut threads = args.to_vec();
    threads.extend(["--threads", "2"]);
    let general = tessera_with_stdin(&threads, input.as_bytes());
    assert_eq!(stdout(&fast), stdout(&general), "{args:?} on {input:?}");
    assert_eq!(stderr(&fast), stderr(&general), "{args:?} on {input:?}");
    assert_eq!(status(&fast), status(&general), "{args:?} on {input:?}");
    stdout(&fast)
}

#[test]
fn plain_lines_comments_and_blanks() {
    let input =
        format!("# a comment\n{CLASSIC}\n\n  # indented comment\n{TWO_FIVES}\r\n{HARD}\n\n\n{CLASSIC}");
    let out = same_both_ways(&["sudoku", "solve", "-"], &input);
    assert_eq!(out.lines().count(), 4, "{out}");
    assert_eq!(out.lines().nth(1), Some("none"));
    let counts = same_both_ways(&["sudoku", "count", "-", "--limit", "2"], &format!("{input}\n{OPEN}\n"));
    assert_eq!(counts, "1\n0\n1\n1\n2\n");
    let many = same_both_ways(&["sudoku", "count", "-", "--limit", "1000"], &format!("{OPEN}\n"));
    assert_eq!(many, "1000\n");
}

#[test]
fn the_general_reader_takes_over_at_the_first_other_line() {
    let grid =
        "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let json = format!("{{\"puzzle\": \"{CLASSIC}\"}}\n");
    let bad = format!("{}x\n", &HARD[..80]);
    let short = format!("{}\n", &HARD[..80]);
    for (what, middle) in [
        ("a grid", grid.to_owned()),
        ("JSON", json),
        ("a bad character", bad),
        ("a short line", short),
        ("a 4x4 line", "1.3.......2....4\n".to_owned()),
        ("a line with a second field", format!("{CLASSIC} X\n")),
        ("a long line", format!("{CLASSIC}{CLASSIC}\n")),
    ] {
        for before in ["", "\n", "# c\n"] {
            let input = format!("{CLASSIC}\n{before}{middle}{HARD}\n{TWO_FIVES}\n");
            same_both_ways(&["sudoku", "solve", "-"], &input);
            same_both_ways(&["sudoku", "count", "-"], &input);
            let _ = what;
        }
    }
}

#[test]
fn a_byte_order_mark_and_bytes_that_are_not_text() {
    let bom = format!("\u{FEFF}{CLASSIC}\n{HARD}\n");
    same_both_ways(&["sudoku", "solve", "-"], &bom);
    let fast = tessera_with_stdin(&["sudoku", "solve", "-"], format!("{CLASSIC}\n\u{0}\u{1}\n").as_bytes());
    let general = tessera_with_stdin(
        &["sudoku", "solve", "-", "--threads", "2"],
        format!("{CLASSIC}\n\u{0}\u{1}\n").as_bytes(),
    );
    assert_eq!(
        (stdout(&fast), stderr(&fast), status(&fast)),
        (stdout(&general), stderr(&general), status(&general))
    );
    let mut binary = format!("{CLASSIC}\n").into_bytes();
    binary.extend_from_slice(b"\xff\xfe\x00 not text\n");
    let fast = tessera_with_stdin(&["sudoku", "solve", "-"], &binary);
    let general = tessera_with_stdin(&["sudoku", "solve", "-", "--threads", "2"], &binary);
    assert_eq!(
        (stdout(&fast), stderr(&fast), status(&fast)),
        (stdout(&general), stderr(&general), status(&general))
    );
    assert!(stderr(&fast).contains("line 2"), "{}", stderr(&fast));
}

#[test]
fn budgets_still_apply_on_the_fast_path() {
    // An empty grid counted to a million with a node limit of 10: gave up, status 3 on both paths.
    let input = format!("{OPEN}\n{CLASSIC}\n");
    let args = ["sudoku", "count", "-", "--limit", "1000000", "--max-nodes", "10"];
    let out = same_both_ways(&args, &input);
    assert_eq!(out, "gave-up\n1\n");
}
