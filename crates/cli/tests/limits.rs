//! Bounded resources (issue 14): refusals that come before any work, each naming the flag or
//! the place in the file and what would be accepted.

mod common;

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
