//! The Hidato text and JSON formats (round trips, every error with its line and column) and the
//! verifier (every janko answer valid, each kind of corruption found where it is).
//!
//! Tests over the shared data read `$TESSERA_DATA/hidato/`; without `TESSERA_DATA` they print
//! "SKIPPED" and pass, unless `TESSERA_REQUIRE_DATA=1`.

use crate::common;

use proptest::prelude::*;
use tessera::hidato::{
    from_json, parse, parse_puzzle, parse_puzzles, to_json, to_text, verify, Adjacency, Class, Hidato,
    ReadError, Violation,
};
use tessera::{Error, ParseError};

const FILES: [&str; 6] = [
    "curated.txt",
    "curated.solutions.txt",
    "janko.txt",
    "janko.solutions.txt",
    "unsolvable.txt",
    "../hidato/janko.txt",
];

#[test]
fn every_shared_file_round_trips() {
    let mut checked = 0;
    for file in FILES {
        let Some(text) = common::shared_text("hidato", file) else { return };
        let puzzles = parse_puzzles(&text, Adjacency::King).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(!puzzles.is_empty(), "{file}");
        let printed = to_text(&puzzles);
        assert_eq!(parse_puzzles(&printed, Adjacency::King).unwrap(), puzzles, "{file}: text");
        assert_eq!(from_json(&to_json(&puzzles), Adjacency::King).unwrap(), puzzles, "{file}: JSON");
        checked += puzzles.len();
    }
    assert_eq!(checked, 39 * 2 + 510 * 3 + 41);
}

#[test]
fn the_printer_writes_the_shared_files_byte_for_byte() {
    // The janko and unsolvable files use our layout exactly: the count line, `W H`, values
    // right-aligned to the widest one. The curated files pad to at least two characters, so two
    // small puzzles there (2x1 and 3x3, one-digit numbers) print narrower; same numbers.
    for file in ["janko.txt", "janko.solutions.txt", "unsolvable.txt", "curated.txt", "curated.solutions.txt"]
    {
        let Some(text) = common::shared_text("hidato", file) else { return };
        let puzzles = parse_puzzles(&text, Adjacency::King).unwrap();
        let printed = to_text(&puzzles);
        if file.starts_with("curated") {
            let fields = |text: &str| -> Vec<Vec<String>> {
                text.lines().map(|l| l.split_whitespace().map(str::to_owned).collect()).collect()
            };
            assert_eq!(fields(&printed), fields(&text), "{file}");
            let differ = printed.lines().zip(text.lines()).filter(|(a, b)| a != b).count();
            assert_eq!(differ, if file == "curated.txt" { 1 + 3 } else { differ }, "{file}");
        } else {
            assert!(printed == text, "{file}: printed differently");
        }
    }
}

#[test]
fn the_counts_and_sizes_of_the_shared_files() {
    let Some(text) = common::shared_text("hidato", "curated.txt") else { return };
    let puzzles = parse_puzzles(&text, Adjacency::King).unwrap();
    assert_eq!(puzzles.len(), 39);
    assert!(puzzles.iter().any(|p| (p.width(), p.height()) == (50, 3)));
    let Some(text) = common::shared_text("hidato", "unsolvable.txt") else { return };
    assert_eq!(parse_puzzles(&text, Adjacency::King).unwrap().len(), 41);
}

#[test]
fn whitespace_blank_lines_and_no_count_line_are_accepted() {
    let canonical = parse_puzzles("2\n3 2\n1 0 -1\n0 0 5\n2 1\n1 2\n", Adjacency::King).unwrap();
    let loose = "\u{feff}2\r\n\r\n3\t2\r\n\t1\t0\t-1\r\n\r\n 0  0   5 \r\n\n\n2 1\n1 2";
    assert_eq!(parse_puzzles(loose, Adjacency::King).unwrap(), canonical);
    let single = parse_puzzles("3 2\n1 0 -1\n0 0 5\n", Adjacency::King).unwrap();
    assert_eq!(single, canonical[..1]);
    assert_eq!(to_text(&canonical), "2\n3 2\n 1  0 -1\n 0  0  5\n2 1\n1 2\n");
    assert_eq!(parse_puzzles("0\n", Adjacency::King).unwrap(), Vec::new());
    let numbrix = parse_puzzle("2 1\n1 0", Adjacency::Orthogonal).unwrap();
    assert_eq!(numbrix.adjacency(), Adjacency::Orthogonal);
}

/// The error of reading `text`, as `(line, column, message)`.
fn error(text: &str) -> (usize, usize, String) {
    let Error::Parse(err) = parse(text, Adjacency::King).expect_err(text) else {
        panic!("{text:?}: not a parse error")
    };
    (err.line, err.column, err.kind.to_string())
}

#[test]
fn every_error_says_where() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 1, 1, "no puzzle"),
        ("  \n\t\n", 1, 1, "no puzzle"),
        ("x\n", 1, 1, "\"x\" is not the number of puzzles"),
        ("-2\n", 1, 1, "\"-2\" is not the number of puzzles"),
        ("1\n3 2 1\n", 2, 1, "expected a puzzle's width and height"),
        ("1\n3 y\n", 2, 3, "\"y\" is not the height"),
        ("1\n0 2\n", 2, 1, "a board of 0x2 has no cells"),
        ("1\n2 0\n", 2, 3, "a board of 2x0 has no cells"),
        ("1\n2 1001\n", 2, 3, "a board of 2x1001 is too large"),
        ("1\n99999999999999999999 2\n", 2, 1, "is not the width"),
        ("1\n3 2\n1 0 0\n0 0\n", 4, 4, "row 2 has 2 numbers; the puzzle is 3 wide"),
        ("1\n3 2\n1 0 0\n0 0 0 0\n", 4, 7, "row 2 has 4 numbers; the puzzle is 3 wide"),
        ("1\n3 3\n1 0 0\n0 0 0\n", 4, 6, "the puzzle of line 2 has 2 rows; its header says 3"),
        ("2\n3 3\n1 0 0\n0 0 0\n3 1\n0 0 1\n", 5, 1, "the puzzle of line 2 has 2 rows; its header says 3"),
        ("1\n3 1\n1 0 0\n0 0 0\n", 4, 1, "one row too many: the puzzle of line 2 is 1 high"),
        ("3 1\n1 0 0\n0 0 0\n", 3, 1, "one row too many"),
        ("1\n3 1\n1 0 a\n", 3, 5, "\"a\" is not a cell"),
        ("1\n3 1\n1 0 2.5\n", 3, 5, "\"2.5\" is not a cell"),
        ("1\n3 1\n1 -2 0\n", 3, 3, "-2 is not a cell"),
        ("1\n3 1\n1 0 4\n", 3, 5, "4 is too large: the board has 3 cells"),
        ("1\n3 1\n1 -1 3\n", 3, 6, "3 is too large: the board has 2 cells"),
        ("1\n3 2\n1 0 5\n0 5 0\n", 4, 3, "5 is given twice: at (3,1) (line 3, column 5) and (2,2)"),
        ("1\n2 1\n-1 -1\n", 2, 1, "the board has no cells"),
        ("2\n2 1\n1 0\n", 1, 1, "the first line says 2 puzzles, but only 1 follow"),
        ("1\n2 1\n1 0\n3 1\n1 0 0\n", 4, 1, "the first line says 1 puzzles, but more follow"),
        ("{\"width\": 2, \"height\": 1, \"cells\": [[1, \"x\"]]}", 1, 43, "invalid type: string"),
        ("\n\n  {\"width\": 2,\n \"height\": 1}", 4, 13, "missing field `cells`"),
        ("[{\"width\":2,\"height\":1,\"cells\":[[1,0]]},\n {\"width\":2,\"height\":1,\"cells\":[[1,0,0]]}]", 2, 2, "[1].cells[0] has 3 numbers; the width is 2"),
        ("{\"width\":2,\"height\":2,\"cells\":[[1,0]]}", 1, 1, "cells has 1 row; the height is 2"),
        ("{\"width\":2,\"height\":1,\"cells\":[[1,1]]}", 1, 1, "1 is given twice: at cells[0][0] and cells[0][1]"),
        ("{\"width\":2,\"height\":1,\"cells\":[[1,-3]]}", 1, 1, "cells[0][1] is -3"),
        ("{\"width\":2,\"height\":1,\"cells\":[[1,3]]}", 1, 1, "cells[0][1] is 3, but the board has only 2 cells"),
        ("{\"width\":0,\"height\":1,\"cells\":[[]]}", 1, 1, "the board is 0x1"),
        ("{\"width\":2,\"height\":1,\"cells\":[[1,0]],\"adjacency\":\"hex\"}", 1, 55, "unknown variant `hex`"),
    ];
    let mut wrong = Vec::new();
    for &(text, line, column, message) in cases {
        let (found_line, found_column, found) = error(text);
        if !found.contains(message) || (found_line, found_column) != (line, column) {
            wrong.push(format!("{text:?}: line {found_line}, column {found_column}: {found}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let err = parse_puzzles("1\n3 2\n1 0\n", Adjacency::King).unwrap_err();
    assert_eq!(err.to_string(), "line 3, column 4: row 1 has 2 numbers; the puzzle is 3 wide");
    assert!(matches!(
        err,
        Error::Parse(ParseError { kind, .. }) if kind.downcast_ref::<ReadError>() == Some(&ReadError::RowLength { row: 1, expected: 3, found: 2 })
    ));
    assert!(parse_puzzle("2\n1 1\n1\n1 1\n1\n", Adjacency::King).is_err());
}

#[test]
fn json_reads_objects_lists_and_adjacency() {
    let one = from_json(r#"{"width":2,"height":1,"cells":[[1,0]]}"#, Adjacency::Orthogonal).unwrap();
    assert_eq!(one[0].adjacency(), Adjacency::Orthogonal, "the default when the key is absent");
    let puzzle = Hidato::new(3, 1, vec![-1, 2, 0], Adjacency::Orthogonal).unwrap();
    let text = serde_json::to_string(&puzzle).unwrap();
    assert_eq!(text, r#"{"width":3,"height":1,"cells":[[-1,2,0]],"adjacency":"numbrix"}"#);
    assert_eq!(serde_json::from_str::<Hidato>(&text).unwrap(), puzzle);
    assert!(serde_json::from_str::<Hidato>(r#"{"width":1,"height":1,"cells":[[-1]]}"#).is_err());
    assert_eq!(parse(&to_json(&[puzzle.clone(), puzzle.clone()]), Adjacency::King).unwrap().len(), 2);
}

/// A random board: holes, empty cells and distinct givens.
fn board() -> impl Strategy<Value = Hidato> {
    (1usize..12, 1usize..12, any::<bool>(), any::<u64>()).prop_map(|(width, height, numbrix, seed)| {
        let mut state = seed | 1;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut cells: Vec<i32> = (0..width * height).map(|_| if next() % 5 == 0 { -1 } else { 0 }).collect();
        cells[0] = 0;
        let size = cells.iter().filter(|&&v| v == 0).count();
        let mut numbers: Vec<i32> = (1..=size as i32).collect();
        for i in (1..numbers.len()).rev() {
            numbers.swap(i, next() as usize % (i + 1));
        }
        let mut numbers = numbers.into_iter();
        for cell in cells.iter_mut().filter(|v| **v == 0) {
            if next() % 3 == 0 {
                *cell = numbers.next().unwrap_or(0);
            }
        }
        let adjacency = if numbrix { Adjacency::Orthogonal } else { Adjacency::King };
        Hidato::new(width, height, cells, adjacency).unwrap()
    })
}

proptest! {
    #[test]
    fn random_boards_round_trip(boards in prop::collection::vec(board(), 1..4)) {
        let adjacency = boards[0].adjacency();
        let boards: Vec<Hidato> = boards.into_iter().map(|b| b.with_adjacency(adjacency)).collect();
        let text = to_text(&boards);
        prop_assert_eq!(&parse_puzzles(&text, adjacency).unwrap(), &boards);
        prop_assert_eq!(&from_json(&to_json(&boards), Adjacency::King).unwrap(), &boards);
        // One puzzle reads without its count line too.
        let single = boards[0].to_string();
        prop_assert_eq!(&parse_puzzle(&single, adjacency).unwrap(), &boards[0]);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = parse(&text, Adjacency::King);
        let _ = from_json(&text, Adjacency::King);
    }

    #[test]
    fn near_valid_text_never_panics(text in "[0-9 \\-\\n\\t{}\\[\\],:\"a-z]{0,120}") {
        let _ = parse(&text, Adjacency::King);
        let _ = parse(&format!("1\n3 2\n{text}"), Adjacency::King);
        let _ = from_json(&format!("{{\"width\":2,\"height\":1,\"cells\":{text}"), Adjacency::King);
    }
}

/// The janko puzzles and their published solutions.
fn janko() -> Option<Vec<(Hidato, Hidato)>> {
    let puzzles = parse_puzzles(&common::shared_text("hidato", "janko.txt")?, Adjacency::King).unwrap();
    let solutions =
        parse_puzzles(&common::shared_text("hidato", "janko.solutions.txt")?, Adjacency::King).unwrap();
    assert_eq!(puzzles.len(), solutions.len());
    Some(puzzles.into_iter().zip(solutions).collect())
}

#[test]
fn every_janko_solution_is_valid() {
    let Some(pairs) = janko() else { return };
    assert_eq!(pairs.len(), 510);
    for (n, (puzzle, solution)) in pairs.iter().enumerate() {
        let verdict = verify(puzzle, solution);
        assert!(verdict.is_valid(), "janko #{}: {verdict}", n + 1);
        assert_eq!(verdict.seed_code(), 0);
    }
    let Some(text) = common::shared_text("hidato", "curated.txt") else { return };
    let curated = parse_puzzles(&text, Adjacency::King).unwrap();
    let solutions =
        parse_puzzles(&common::shared_text("hidato", "curated.solutions.txt").unwrap(), Adjacency::King)
            .unwrap();
    for (n, (puzzle, solution)) in curated.iter().zip(&solutions).enumerate() {
        assert!(verify(puzzle, solution).is_valid(), "curated #{}: {}", n + 1, verify(puzzle, solution));
    }
}

/// The cell holding `value`.
fn cell_of(board: &Hidato, value: i32) -> usize {
    board.cells().iter().position(|&v| v == value).unwrap()
}

#[test]
fn corrupted_janko_solutions_are_caught_where_they_break() {
    let Some(pairs) = janko() else { return };
    for (n, (puzzle, solution)) in pairs.iter().enumerate().step_by(7) {
        let size = solution.size() as i32;
        // Swap an empty cell's number with its successor's cell when they are far apart... simpler:
        // swap two non-given numbers: the path breaks next to both (seed's -2).
        let free: Vec<usize> = (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) == 0).collect();
        let (a, b) = (free[0], free[free.len() / 2]);
        let mut cells = solution.cells().to_vec();
        cells.swap(a, b);
        let swapped = Hidato::new(solution.width(), solution.height(), cells, Adjacency::King).unwrap();
        let verdict = verify(puzzle, &swapped);
        assert!(!verdict.is_valid(), "janko #{n}");
        assert_eq!(verdict.seed_code(), -2, "janko #{n}: {verdict}");
        for violation in verdict.violations() {
            let Violation::NotAdjacent { cell, next_cell, .. } = violation else {
                panic!("janko #{n}: {violation}");
            };
            assert!([a, b].contains(cell) || [a, b].contains(next_cell), "janko #{n}: {violation}");
        }

        // A given changed (seed's -1): the first given gets another given's number.
        let given = (0..puzzle.cells().len()).find(|&c| puzzle.get(c) > 0).unwrap();
        let value = puzzle.get(given);
        let other = if value == size { 1 } else { value + 1 };
        let mut cells = solution.cells().to_vec();
        let other_cell = cell_of(solution, other);
        cells.swap(given, other_cell);
        let changed = Hidato::new(solution.width(), solution.height(), cells, Adjacency::King).unwrap();
        let verdict = verify(puzzle, &changed);
        assert_eq!(verdict.seed_code(), -1, "janko #{n}: {verdict}");
        let (column, row) = puzzle.position(given);
        assert_eq!(
            verdict.violations()[0].to_string(),
            format!("the given {value} at ({column},{row}) became {other}"),
            "janko #{n}"
        );

        // An erased number: empty and missing (incomplete), path not checked across the gap.
        let mut erased = solution.clone();
        erased.set(free[0], 0);
        let verdict = verify(puzzle, &erased);
        let lost = solution.get(free[0]);
        let (column, row) = puzzle.position(free[0]);
        let messages: Vec<String> = verdict.violations().iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [format!("the cell at ({column},{row}) is empty"), format!("{lost} is missing")]
        );
        assert_eq!(verdict.class(), Some(Class::Incomplete));
    }
}

#[test]
fn each_kind_of_violation_is_named() {
    let board = |w: usize, cells: Vec<i32>| Hidato::new(w, cells.len() / w, cells, Adjacency::King).unwrap();
    let puzzle = board(3, vec![1, 0, 0, 0, -1, 0]);
    let messages = |answer: &Hidato| -> Vec<String> {
        verify(&puzzle, answer).violations().iter().map(ToString::to_string).collect()
    };
    assert!(verify(&puzzle, &board(3, vec![1, 3, 4, 2, -1, 5])).is_valid());
    assert_eq!(messages(&board(2, vec![1, 2])), ["the answer is 2x1, but the puzzle is 3x2"]);
    assert_eq!(messages(&board(3, vec![1, 3, 4, 2, 6, 5]))[0], "the hole at (2,2) became 6");
    assert_eq!(messages(&board(3, vec![1, 2, -1, 4, -1, 3]))[0], "the cell at (3,1) became a hole");
    assert_eq!(
        messages(&board(3, vec![2, 1, 3, 5, -1, 4])),
        [
            "the given 1 at (1,1) became 2",
            "2 at (1,1) does not touch 3 at (3,1)",
            "4 at (3,2) does not touch 5 at (1,2)"
        ]
    );
    assert_eq!(messages(&board(3, vec![0, 1, 2, 4, -1, 3]))[0], "the given 1 at (1,1) was erased");
    assert_eq!(messages(&board(3, vec![1, 5, 3, 2, -1, 4])), ["2 at (1,2) does not touch 3 at (3,1)"]);
    // Numbrix: diagonal steps do not count.
    let numbrix = Hidato::new(2, 2, vec![1, 0, 0, 0], Adjacency::Orthogonal).unwrap();
    let answer = Hidato::new(2, 2, vec![1, 4, 3, 2], Adjacency::King).unwrap();
    assert_eq!(
        verify(&numbrix, &answer).to_string(),
        "1 at (1,1) does not touch 2 at (2,2)\n3 at (1,2) does not touch 4 at (2,1)"
    );
    assert!(verify(&numbrix.clone().with_adjacency(Adjacency::King), &answer).is_valid());
    let verdict = verify(&numbrix, &answer);
    let violation = &verdict.violations()[0];
    assert_eq!(
        (violation.kind(), violation.class(), violation.cells()),
        ("not-adjacent", Class::Broken, vec![0, 3])
    );
}
