//! Every error names its line and column; a JSON error skips to the next puzzle.

use super::*;

#[test]
fn every_error_names_its_line_and_column() {
    let nine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let cases: Vec<(String, (usize, usize, &str))> = vec![
        // Lines.
        (
            format!("{}x{}", &nine[..16], &nine[17..]),
            (1, 17, "'x' is out of range: a 9x9 puzzle has digits 1-9"),
        ),
        (format!("{}!{}", &nine[..16], &nine[17..]), (1, 17, "'!' is not a digit; expected 1-9, '.' or '0'")),
        (
            format!("{}\t", &"H".repeat(256)),
            (1, 1, "'H' is out of range: a 16x16 puzzle has digits 1-9, A-G"),
        ),
        (
            format!("{}H", ".".repeat(255)),
            (1, 256, "'H' is out of range: a 16x16 puzzle has digits 1-9, A-G"),
        ),
        (nine[..80].to_owned(), (1, 81, "80 characters; a 9x9 puzzle has 81")),
        (format!("  {nine}."), (1, 84, "82 characters; a 9x9 puzzle has 81")),
        (".".repeat(700), (1, 626, "700 characters; the largest puzzle, 25x25, has 625")),
        (
            format!("{nine} hard"),
            (1, 83, "'hard' is not a region line (81 labels, one per cell), a box shape such as 3x3, or X"),
        ),
        (format!("{nine} X x"), (1, 85, "'x' a second time")),
        (format!("{nine} 2x4"), (1, 83, "boxes of 2x4 make a 8x8 grid, not 9x9")),
        (format!("{} 3x3", ".".repeat(16)), (1, 18, "boxes of 3x3 make a 9x9 grid, not 4x4")),
        (
            format!("{} AABBACBBACDDCCDD 2x2", ".".repeat(16)),
            (1, 35, "a jigsaw has a region line, not boxes"),
        ),
        (
            format!("{} AABBACBBACDDCCD.", ".".repeat(16)),
            (1, 33, "'.' is not a region label; expected letters or digits"),
        ),
        (
            format!("{} AABBACBBACDDCCDE", ".".repeat(16)),
            (1, 18, "5 different region labels; a 4x4 jigsaw has 4 regions"),
        ),
        (
            format!("{} AABBAABBCCDDCCDC", ".".repeat(16)),
            (1, 26, "region C has 5 cells; every region of a 4x4 jigsaw has 4"),
        ),
        (".".repeat(49), (1, 1, "a 7x7 grid has no boxes (its size is prime or out of range 4..=25)")),
        // Grids.
        ("53..7....\n6..195...\n".to_owned(), (3, 1, "the grid ends after 2 rows; a 9x9 grid has 9 rows")),
        (
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n4 3 | 2 1\n".to_owned(),
            (6, 1, "row 5; a 4x4 grid has 4 rows"),
        ),
        ("1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n".to_owned(), (2, 6, "3 cells; a row of a 4x4 grid has 4")),
        ("1 2 3 4\n3 4 1 2 1\n2 1 4 3\n4 3 2 1\n".to_owned(), (2, 9, "5 cells; a row of a 4x4 grid has 4")),
        (
            "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 5\n".to_owned(),
            (4, 7, "'5' is out of range: a 4x4 puzzle has digits 1-4"),
        ),
        (
            "1 2 3 4\n3 4 1 2\n2 1 * 3\n4 3 2 1\n".to_owned(),
            (3, 5, "'*' is not a digit; expected 1-4, '.' or '0'"),
        ),
        (
            format!("{}\n", ["1 . . . . . . . . . . . . . . 17"; 16].join("\n")),
            (1, 31, "'17' is out of range: a 16x16 puzzle has digits 1-16"),
        ),
        (
            "12345\n23451\n34512\n45123\n51234\n".to_owned(),
            (1, 1, "a 5x5 grid has no boxes (its size is prime or out of range 4..=25)"),
        ),
        // JSON.
        ("{\"cells\": \"1.3.......2....4\",}".to_owned(), (1, 30, "not valid JSON: trailing comma")),
        (
            "{\"cells\": \"1.3.......2....4\"".to_owned(),
            (1, 29, "not valid JSON: EOF while parsing an object"),
        ),
        ("[1, 2]".to_owned(), (1, 2, "expected a JSON object with \"cells\"")),
        (
            "{\"size\": 4}".to_owned(),
            (1, 1, "no \"cells\"; expected the puzzle's digits, a string or an array"),
        ),
        ("{\"cells\": 7}".to_owned(), (1, 11, "\"cells\" must be a string or an array")),
        (
            "{\"cells\": \"1.3\"}".to_owned(),
            (1, 11, "3 cells; a puzzle has n² cells for a size n from 4 to 25"),
        ),
        (
            "{\"size\": 9,\n \"cells\": \"1.3.......2....4\"}".to_owned(),
            (2, 11, "16 cells; a 9x9 puzzle has 81"),
        ),
        (
            "{\"size\": 3, \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 10, "\"size\" must be a number from 4 to 25"),
        ),
        (
            "{\"cells\": \"1.3.......2..?.4\"}".to_owned(),
            (1, 25, "'?' is not a digit; expected 1-4, '.' or '0'"),
        ),
        (
            "{\"cells\": [1,0,3,0,0,0,0,0,0,0,2,0,0,0,0,5]}".to_owned(),
            (1, 11, "cell 16 (r4c4) is 5; expected a number from 0 (empty) to 4"),
        ),
        (
            "{\"cells\": [[1,0,3,0],[0,0,0],[0,0,2,0],[0,0,0,4]]}".to_owned(),
            (1, 11, "row 2 of \"cells\" has 3 cells; a row of a 4x4 puzzle has 4"),
        ),
        (
            "{\"boxes\": [3, 3], \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 11, "boxes of 3x3 make a 9x9 grid, not 4x4"),
        ),
        (
            "{\"boxes\": 4, \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 11, "\"boxes\" must be [rows, columns] or \"RxC\""),
        ),
        (
            "{\"variant\": 1, \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 13, "\"variant\" must be a string"),
        ),
        (
            "{\"variant\": \"jigsaw\", \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 1, "a jigsaw needs \"regions\": one label per cell"),
        ),
        (
            "{\"variant\": \"x\", \"regions\": \"AABBACBBACDDCCDD\", \"cells\": \"1.3.......2....4\"}"
                .to_owned(),
            (1, 29, "\"regions\" are for the jigsaw variants"),
        ),
        (
            "{\"regions\": \"AABBACBBACDDCCDD\", \"boxes\": [2, 2], \"cells\": \"1.3.......2....4\"}"
                .to_owned(),
            (1, 42, "a jigsaw has \"regions\", not \"boxes\""),
        ),
        (
            "{\"regions\": \"AABB\", \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 13, "\"regions\" has 4 labels; a 4x4 jigsaw needs 16, one per cell"),
        ),
        (
            "{\"regions\": [1, \"A\"], \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 13, "\"regions\" mixes numbers and letters; use one kind of label"),
        ),
        (
            "{\"regions\": \"AABBAABBCCDDCCDC\", \"cells\": \"1.3.......2....4\"}".to_owned(),
            (1, 13, "region C has 5 cells; every region of a 4x4 jigsaw has 4"),
        ),
        (
            "{\"cells\": \"1.3.......2....4\"} x".to_owned(),
            (1, 31, "'x' after a JSON value; expected a new line"),
        ),
    ];
    for (text, (line, column, message)) in cases {
        let all: Vec<_> = parse_puzzles(&text).collect();
        let first_error = all.iter().find_map(|p| p.puzzle.clone().err());
        let got = parse_error(first_error.map_or_else(|| Ok(Sudoku::parse(&text).unwrap()), Err));
        assert_eq!(got, (line, column, message.to_owned()), "{text:?}");
    }
}

#[test]
fn json_errors_skip_to_the_next_puzzle() {
    let text = "{\"cells\": [1, 2}\n1.3.......2....4\n{\"cells\": \"1.3.......2....4\"}\n";
    let all: Vec<_> = parse_puzzles(text).collect();
    let summary: Vec<(usize, bool)> = all.iter().map(|p| (p.line, p.puzzle.is_ok())).collect();
    assert_eq!(summary, [(1, false), (2, true), (3, true)]);
    assert_eq!(
        all[0].puzzle.as_ref().unwrap_err().to_string(),
        "line 1, column 16: not valid JSON: expected `,` or `]`"
    );
    // A broken value that runs on takes the lines it swallowed with it.
    let text = "{\"cells\": [1, 2\n1.3.......2....4\n\n1.3.......2....4\n";
    let summary: Vec<(usize, bool)> = parse_puzzles(text).map(|p| (p.line, p.puzzle.is_ok())).collect();
    assert_eq!(summary, [(1, false), (4, true)]);
    // Two values on one line are two puzzles.
    let two: Vec<_> =
        parse_puzzles("{\"cells\": \"1.3.......2....4\"} {\"cells\": \"1...............\"}").collect();
    assert_eq!(two.len(), 2);
    assert!(two.iter().all(|p| p.puzzle.is_ok()));
}
