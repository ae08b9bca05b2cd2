//! Bounded resources (issue 14): refusals that come before any work, each naming the flag or
//! the place in the file and what would be accepted.

use crate::common;

use common::*;

/// Every command that takes `--threads` refuses far too many, naming the flag and the range,
/// with the usage status.
#[test]
fn threads_above_the_cap_are_refused_by_every_command() {
    let commands: [&[&str]; 7] = [
        &["xc", "count", "queens8.dlx"],
        &["xc", "solve", "queens8.dlx"],
        &["sudoku", "solve", "sudoku/classic.txt"],
        &["sudoku", "generate"],
        &["sudoku", "rate", "sudoku/classic.txt"],
        &["tiling", "count"],
        &["queens", "8", "--count"],
    ];
    for command in commands {
        let mut args = command.to_vec();
        args.extend(["--threads", "100000"]);
        let output = tessera(&args);
        assert_status(&output, 1);
        let message = stderr(&output);
        assert!(
            message.contains("--threads") && message.contains("too many") && message.contains("1 to "),
            "{args:?}: {message}"
        );
    }
}

/// `--copies N` uses every copy: cell counts that differ are refused up front, with the counts.
#[test]
fn copies_must_fill_the_board_exactly() {
    let output = tessera(&["tiling", "count", "--copies", "2"]);
    assert_status(&output, 2);
    let message = stderr(&output);
    assert!(message.contains("--copies: 12 pieces x 2 copies = 120 cells, the board has 60"), "{message}");
    assert!(message.contains("--copies 1 fits"), "{message}");
    for copies in ["1001", "4294967295"] {
        let output = tessera(&["tiling", "solve", "--copies", copies, "--board", "8x8"]);
        assert_status(&output, 2);
        assert!(stderr(&output).contains("the board has 64"), "{}", stderr(&output));
    }
    let output = tessera(&["tiling", "count", "--pieces", "tetrominoes", "--copies", "2", "--board", "8x5"]);
    assert_status(&output, 0);
}

/// Inputs above their command's size limit are refused after reading no more than the limit,
/// naming it; the process stays small.
#[test]
fn huge_inputs_are_refused_with_the_limit_named() {
    let mut xc = b"A B\n".to_vec();
    xc.extend(b"A B\n".repeat((33 << 20) / 4));
    let output = tessera_with_stdin(&["xc", "count", "-"], &xc);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("an exact-cover file is read up to 32 MiB"), "{}", stderr(&output));

    let mut hidato = b"3 1\n".to_vec();
    hidato.extend(b"1 0 3\n".repeat((33 << 20) / 6));
    let output = tessera_with_stdin(&["hidato", "solve", "-"], &hidato);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("a Hidato file is read up to 32 MiB"), "{}", stderr(&output));

    let board = ".".repeat(100).repeat(20_000);
    let output = tessera_with_stdin(&["tiling", "count", "--board-file", "-"], board.as_bytes());
    assert_status(&output, 2);
    assert!(
        stderr(&output).contains("a tiling board or piece file is read up to 1 MiB"),
        "{}",
        stderr(&output)
    );
}
