//! `tessera tiling count` and `solve`, run as the real binary: known counts from both solvers,
//! `--distinct` with its reason, pictures, bad input with line and column, budgets.

use crate::common;

use std::path::PathBuf;

use common::{assert_status, stderr, stdout, tessera, tessera_with_stdin};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-tiling-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("make a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a temporary file");
    path
}

const HOLED: &str = "........\n........\n........\n...##...\n...##...\n........\n........\n........\n";

#[test]
fn counts_pentomino_rectangles_with_both_solvers() {
    for (board, total, distinct) in [("6x10", "9356", "2339"), ("3x20", "8", "2"), ("4x15", "1472", "368")] {
        for solver in ["bits", "xc"] {
            let out = tessera(&["tiling", "count", "--board", board, "--solver", solver, "--threads", "2"]);
            assert_status(&out, 0);
            assert_eq!(stdout(&out).trim(), total, "{board} {solver}");
        }
        let out = tessera(&["tiling", "count", "--board", board, "--no-symmetry"]);
        assert_status(&out, 0);
        assert_eq!(stdout(&out).trim(), total, "{board} without the symmetry shortcut");
        let out = tessera(&["tiling", "count", "--board", board, "--distinct"]);
        assert_status(&out, 0);
        assert_eq!(stdout(&out).trim(), distinct, "{board}");
        let piece = if board == "6x10" { "X" } else { "" };
        let reason = format!("4 symmetries by keeping piece {piece}");
        assert!(stderr(&out).contains(&reason), "{}", stderr(&out));
    }
}

#[test]
fn counts_a_drawn_board() {
    let board = temp_file("holed.txt", HOLED);
    let board = board.to_str().unwrap();
    let out = tessera(&["tiling", "count", "--board-file", board]);
    assert_eq!(stdout(&out).trim(), "520");
    let out = tessera(&["tiling", "count", "--board-file", board, "--distinct", "--solver", "xc"]);
    assert_eq!(stdout(&out).trim(), "65");
    assert!(stderr(&out).contains("8 symmetries"), "{}", stderr(&out));
}

#[test]
fn solves_and_draws() {
    let svg = temp_file("out.svg", "");
    let out =
        tessera(&["tiling", "solve", "--board", "20x3", "--limit", "2", "--svg", svg.to_str().unwrap()]);
    assert_status(&out, 0);
    let text = stdout(&out);
    let tilings: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(tilings.len(), 2, "{text}");
    for t in tilings {
        assert_eq!(t.trim_end().lines().count(), 3);
        for letter in "FILNPTUVWXYZ".chars() {
            assert_eq!(t.matches(letter).count(), 5, "{t}");
        }
    }
    assert!(!text.contains('\x1b'), "no colour when not a terminal");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.matches("<text").count() == 24);
    let out = tessera(&["tiling", "solve", "--board", "20x3", "--color", "always"]);
    assert!(stdout(&out).contains("\x1b[30;48;5;"));
    let out = tessera(&["tiling", "solve", "--board", "20x3", "--all", "--distinct"]);
    assert_eq!(stdout(&out).split("\n\n").count(), 2);
}

#[test]
fn pieces_from_a_file_with_copies() {
    let out = tessera_with_stdin(
        &["tiling", "count", "--pieces-file", "-", "--board", "4x4"],
        b"LLL\nL..\n* L 4\n",
    );
    assert_status(&out, 0);
    let bits = stdout(&out);
    let out = tessera_with_stdin(
        &["tiling", "count", "--pieces-file", "-", "--board", "4x4", "--solver", "xc"],
        b"LLL\nL..\n* L 4\n",
    );
    assert_eq!(stdout(&out), bits);
    assert!(bits.trim().parse::<u64>().unwrap() > 0);
}

#[test]
fn bad_input_names_line_and_column() {
    let out = tessera_with_stdin(&["tiling", "count", "--pieces-file", "-"], b"AA\nA?\n");
    assert_status(&out, 2);
    assert_eq!(stderr(&out), "tessera: <stdin>: line 2, column 2: unexpected '?': pieces are drawn with letters or digits, '.' or ' ' for empty\n");
    let board = temp_file("bad-board.txt", "...\n.x.\n");
    let out = tessera(&["tiling", "count", "--board-file", board.to_str().unwrap()]);
    assert_status(&out, 2);
    assert!(stderr(&out).contains("line 2, column 2"), "{}", stderr(&out));
    // Bad flag values are usage errors, status 1, as for every flag.
    let out = tessera(&["tiling", "count", "--board", "6by10"]);
    assert_status(&out, 1);
    let out = tessera(&["tiling", "count", "--pieces", "heptominoes"]);
    assert_status(&out, 1);
    assert!(stderr(&out).contains("pentominoes"));
}

#[test]
fn budgets_give_up_with_status_3() {
    for solver in ["bits", "xc"] {
        let out = tessera(&["tiling", "count", "--board", "6x10", "--max-nodes", "1000", "--solver", solver]);
        assert_status(&out, 3);
        assert_eq!(stdout(&out), "");
        assert!(stderr(&out).contains("gave up"), "{}", stderr(&out));
    }
    let out = tessera(&["tiling", "count", "--pieces", "hexominoes", "--board", "15x14", "--timeout", "0.2"]);
    assert_status(&out, 3);
    let out = tessera(&["tiling", "count", "--board", "6x10", "--limit", "5"]);
    assert_status(&out, 0);
    assert_eq!(stdout(&out).trim(), "5");
}
