//! Issue 14's Sudoku refusals: each bad request gets one clear message naming the flag or the
//! place, and its documented exit status.

use crate::common;

use common::{stderr, stdout, tessera, tessera_with_stdin};

#[test]
fn unreachable_levels_and_conflicting_flags_are_refused_up_front() {
    let out = tessera(&["sudoku", "generate", "--size", "4", "--difficulty", "extreme", "--timeout", "20"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no 4x4 puzzle is that hard; 4x4 puzzles can be made at easy"),
        "{}",
        stderr(&out)
    );
    let out = tessera(&["sudoku", "generate", "--size", "9", "--boxes", "2x2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--size 9 and --boxes 2x2 disagree"), "{}", stderr(&out));
    let out = tessera(&["sudoku", "generate", "--boxes", "2x3", "--seed", "1"]);
    assert_eq!((out.status.code(), stdout(&out).trim().len()), (Some(0), 36));
}

#[test]
fn generation_that_runs_out_names_its_budget() {
    let out =
        tessera(&["sudoku", "generate", "--size", "25", "--minimal", "--seed", "1", "--timeout", "0.2"]);
    assert_eq!((out.status.code(), stdout(&out).as_str()), (Some(3), "gave-up\n"));
    assert!(
        stderr(&out).contains("--timeout 0.2 s per puzzle ran out; raise it with --timeout"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn rate_says_none_several_and_no_puzzle() {
    let clash = format!("11{}\n", ".".repeat(79));
    let several = format!("1{}\n", ".".repeat(80));
    let out = tessera_with_stdin(&["sudoku", "rate"], format!("{clash}{several}").as_bytes());
    assert_eq!((out.status.code(), stdout(&out).as_str()), (Some(7), "none\nseveral\n"));
    assert!(stderr(&out).contains("the puzzle at line 2 has more than one solution; not rated"));
    let out = tessera_with_stdin(&["sudoku", "rate"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no puzzle"), "{}", stderr(&out));
}

#[test]
fn hint_names_the_broken_rule() {
    let clash = format!("11{}", ".".repeat(79));
    let out = tessera(&["sudoku", "hint", &clash]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("1 appears twice in row 1: r1c1 and r1c2"), "{}", stderr(&out));
}

#[test]
fn binary_input_gets_one_escaped_error() {
    let mut bytes: Vec<u8> = (0..=255u8).cycle().take(20_000).collect();
    bytes.splice(0..0, b"\x1b[31m garbage line\n".iter().copied());
    let out = tessera_with_stdin(&["sudoku", "solve"], &bytes);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(!err.contains('\x1b'), "{err:?}");
    assert!(err.lines().count() <= 21, "{err}");
    assert!(err.contains("not UTF-8"), "{err}");
    // Many bad puzzles: the first 20 messages, then a count.
    let bad: String = (0..50).map(|_| "1.3.......2....x\n").collect();
    let out = tessera_with_stdin(&["sudoku", "solve"], bad.as_bytes());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 21, "{err}");
    assert!(err.ends_with("and 30 more puzzles that cannot be read (50 in all)\n"), "{err}");
}
