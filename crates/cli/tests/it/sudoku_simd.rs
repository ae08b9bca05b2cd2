//! `TESSERA_FAST9=simd` (the SIMD 9x9 engine, where the processor runs it) against the default
//! bitboard solver through the real binary: the same counts on every puzzle, the same solution on
//! every puzzle with one, the same messages and status; on puzzles with several solutions each
//! engine prints its own first one, which must complete the puzzle. On a processor without AVX2
//! both runs are the bitboards, and the test still passes.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{status, stderr, stdout};

/// Unique, unique and hard, no solution (two 5s in a row), a clash through a column, nearly
/// empty, empty, several solutions (a 17-clue puzzle less a clue), a 17-clue puzzle, and a bad
/// line.
const PUZZLES: &str = "\
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
5.......................................................................5........
........1.......................................................................2
.................................................................................
.......................2.3......3.2...1.4......5....6..3......4.7..8...962...7...
.................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x
";

fn run(args: &[&str], input: &str, simd: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tessera"));
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command.env_remove("TESSERA_FAST9");
    if simd {
        command.env("TESSERA_FAST9", "simd");
    }
    let mut child = command.spawn().expect("start tessera");
    let _ = child.stdin.take().expect("piped stdin").write_all(input.as_bytes());
    child.wait_with_output().expect("wait for tessera")
}

#[test]
fn counts_messages_and_status_are_the_same() {
    for limit in ["1", "2", "5"] {
        let args = ["sudoku", "count", "-", "--limit", limit, "--threads", "1"];
        let (bitboards, simd) = (run(&args, PUZZLES, false), run(&args, PUZZLES, true));
        assert_eq!(stdout(&simd), stdout(&bitboards), "count to {limit}");
        assert_eq!(stderr(&simd), stderr(&bitboards), "count to {limit}");
        assert_eq!(status(&simd), status(&bitboards), "count to {limit}");
    }
}

#[test]
fn solutions_are_the_same_where_unique() {
    let counts = stdout(&run(&["sudoku", "count", "-", "--limit", "2", "--threads", "1"], PUZZLES, false));
    let args = ["sudoku", "solve", "-", "--threads", "1"];
    let (bitboards, simd) = (run(&args, PUZZLES, false), run(&args, PUZZLES, true));
    assert_eq!(stderr(&simd), stderr(&bitboards));
    assert_eq!(status(&simd), status(&bitboards));
    let (bitboards, simd) = (stdout(&bitboards), stdout(&simd));
    let lines = bitboards.lines().zip(simd.lines()).zip(counts.lines()).zip(PUZZLES.lines());
    let mut compared = 0;
    for (((ours, theirs), count), puzzle) in lines {
        if count.trim() == "1" {
            assert_eq!(theirs, ours, "{puzzle}");
            compared += 1;
        } else if theirs.len() == 81 && theirs.bytes().all(|b| b.is_ascii_digit()) {
            // Several solutions: the SIMD engine's first must still keep the givens...
            for (given, digit) in puzzle.bytes().zip(theirs.bytes()) {
                assert!(!given.is_ascii_digit() || given == digit, "{puzzle} -> {theirs}");
            }
            // ...and be a solution: as a puzzle it has exactly one.
            let check =
                stdout(&run(&["sudoku", "count", "-", "--limit", "2"], &format!("{theirs}\n"), false));
            assert_eq!(check.trim(), "1", "{puzzle} -> {theirs}");
        } else {
            assert_eq!(theirs, ours, "{puzzle}");
        }
    }
    assert!(compared >= 2, "the unique puzzles were compared");
}
