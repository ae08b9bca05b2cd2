//! `tessera queens N`, run as the real binary: OEIS A000170 from both solvers, boards printed,
//! budgets.

#![allow(clippy::needless_range_loop, reason = "n is both the board size and the OEIS index")]

use crate::common;

use common::{assert_status, stderr, stdout, tessera};

const A000170: [u64; 13] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

#[test]
fn counts_match_oeis() {
    for n in 1..=12 {
        for solver in ["bits", "xc"] {
            for threads in ["1", "2"] {
                let out =
                    tessera(&["queens", &n.to_string(), "--count", "--solver", solver, "--threads", threads]);
                assert_status(&out, 0);
                assert_eq!(stdout(&out).trim(), A000170[n].to_string(), "n = {n} {solver} {threads}");
            }
        }
    }
}

#[test]
fn prints_boards() {
    let out = tessera(&["queens", "4", "--all"]);
    assert_status(&out, 0);
    assert_eq!(stdout(&out), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n");
    let out = tessera(&["queens", "8", "--limit", "3", "--solver", "xc"]);
    assert_eq!(stdout(&out).split("\n\n").count(), 3);
    assert!(stderr(&out).contains("--limit 3"));
    let out = tessera(&["queens", "3"]);
    assert_status(&out, 0);
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("no solution"));
}

#[test]
fn budgets_and_bad_sizes() {
    let out = tessera(&["queens", "24", "--count", "--timeout", "0.2"]);
    assert_status(&out, 3);
    let out = tessera(&["queens", "20", "--count", "--solver", "xc", "--max-nodes", "1000"]);
    assert_status(&out, 3);
    let out = tessera(&["queens", "33"]);
    assert_status(&out, 1);
    let out = tessera(&["queens", "0"]);
    assert_status(&out, 1);
}
