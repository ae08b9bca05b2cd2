//! Reading and writing Sudoku: every format for sizes 4 to 25, round trips, every error with its
//! line and column, and text that must never panic.
//!
//! Over 500 lines on purpose: every format is tested against every other in round trips, so
//! they share one set of fixtures and helpers in one file.

use std::sync::Arc;

use proptest::prelude::*;
use tessera::sudoku::{parse_puzzles, Format, Layout, Regions, Sudoku};
use tessera::{Error, ParseError, ParseErrorKind};

/// A full grid by the classic pattern: digit at (r, c) = (cols·(r mod rows) + r div rows + c) mod n.
fn pattern(layout: &Arc<Layout>) -> Sudoku {
    let n = layout.size();
    let Regions::Boxes { rows, cols } = *layout.regions() else { panic!("boxes only") };
    let digits = (0..n * n).map(|i| ((cols * (i / n % rows) + i / n / rows + i % n) % n + 1) as u8).collect();
    Sudoku::from_digits(layout.clone(), digits).unwrap()
}

/// The pattern grid of a size with every third cell emptied: a puzzle.
fn puzzle(size: usize) -> Sudoku {
    let layout = Arc::new(Layout::classic(size).unwrap());
    let full = pattern(&layout);
    let digits = full.cells().iter().enumerate().map(|(i, &d)| if i % 3 == 0 { 0 } else { d }).collect();
    Sudoku::from_digits(layout, digits).unwrap()
}

/// The position and message of a parse error.
fn parse_error(result: Result<Sudoku, Error>) -> (usize, usize, String) {
    match result {
        Err(Error::Parse(ParseError { line, column, kind: ParseErrorKind::Message(message) })) => {
            (line, column, message)
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

const SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

#[test]
fn lines_of_every_size_give_their_classic_layout() {
    for (size, boxes) in
        [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))]
    {
        let expected = puzzle(size);
        let line = expected.to_line();
        assert_eq!(line.len(), size * size);
        let read = Sudoku::from_line(&line).unwrap();
        assert_eq!(read, expected, "size {size}");
        assert_eq!(read.layout().regions(), &Regions::Boxes { rows: boxes.0, cols: boxes.1 });
        // Lower case letters, `0` and `_` for empty cells read the same.
        let relaxed: String = line
            .chars()
            .enumerate()
            .map(|(i, c)| match (c, i % 2) {
                ('.', 0) => '0',
                ('.', _) => '_',
                _ => c.to_ascii_lowercase(),
            })
            .collect();
        assert_eq!(Sudoku::from_line(&relaxed).unwrap(), expected);
    }
}

#[test]
fn the_classic_line_reads_and_writes() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let puzzle = Sudoku::from_line(line).unwrap();
    assert_eq!(puzzle.clues(), 30);
    assert_eq!(puzzle.get(0), 5);
    assert_eq!(puzzle.get(80), 9);
    assert_eq!(puzzle.to_line(), line);
    assert_eq!(Sudoku::from_line(&line.replace('.', "0")).unwrap(), puzzle);
    assert_eq!(Sudoku::from_line(&format!("{line}\r\n")).unwrap(), puzzle);
    assert_eq!(line.parse::<Sudoku>().unwrap(), puzzle);
}

#[test]
fn a_line_may_carry_regions_box_shape_and_x() {
    let cells = "1.3.......2....4";
    let jigsaw = Sudoku::from_line(&format!("{cells} aabbacbbacddccdd # a jigsaw")).unwrap();
    assert_eq!(
        jigsaw.layout().regions(),
        &Regions::Jigsaw(vec![0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3])
    );
    assert_eq!(jigsaw.to_line(), format!("{cells} AABBACBBACDDCCDD"));
    // Digits as labels: sorted, they are regions 1, 2, 3, 4.
    let digits = Sudoku::from_line(&format!("{cells} 1122132213443344")).unwrap();
    assert_eq!(digits.layout(), jigsaw.layout());

    let x = Sudoku::from_line(&format!("{cells} x")).unwrap();
    assert!(x.layout().has_diagonals());
    assert_eq!(x.to_line(), format!("{cells} X"));

    let both = Sudoku::from_line(&format!("{cells} X AABBACBBACDDCCDD")).unwrap();
    assert!(both.layout().has_diagonals());
    assert_eq!(Sudoku::from_line(&both.to_line()).unwrap(), both);

    let tall = Sudoku::from_line(&format!("{} 3x2", ".".repeat(36))).unwrap();
    assert_eq!(tall.layout().regions(), &Regions::Boxes { rows: 3, cols: 2 });
    assert_eq!(tall.to_line(), format!("{} 3x2", ".".repeat(36)));
    // The classic shape is not written.
    assert_eq!(Sudoku::from_line(&format!("{} 2x3", ".".repeat(36))).unwrap().to_line(), ".".repeat(36));

    // A 5x5 has no boxes, but may be a jigsaw.
    let rows: String = (0..25).map(|i| (b'A' + (i / 5) as u8) as char).collect();
    let five = Sudoku::from_line(&format!("{} {rows}", ".".repeat(25))).unwrap();
    assert_eq!(five.layout().size(), 5);
}

#[test]
fn a_line_of_a_given_layout() {
    let layout = Arc::new(Layout::boxes(3, 2).unwrap());
    let read = Sudoku::from_line_with_layout(&".".repeat(36), layout.clone()).unwrap();
    assert_eq!(read.layout(), &*layout);
    // The line's own description must agree.
    assert!(Sudoku::from_line_with_layout(&format!("{} 3x2", ".".repeat(36)), layout.clone()).is_ok());
    let (line, column, message) =
        parse_error(Sudoku::from_line_with_layout(&format!("{} X", ".".repeat(36)), layout.clone()));
    assert_eq!((line, column), (1, 38));
    assert!(message.contains("expected 6x6 (3x2 boxes)"), "{message}");
    let (_, column, message) = parse_error(Sudoku::from_line_with_layout(&".".repeat(35), layout));
    assert_eq!((column, message.as_str()), (36, "35 characters; a 6x6 (3x2 boxes) puzzle has 36"));
}

#[test]
fn grids_of_every_size_read_back() {
    for size in SIZES {
        let expected = puzzle(size);
        let grid = expected.to_grid();
        assert_eq!(grid.lines().count(), size + size / expected_box_rows(size) - 1, "{grid}");
        assert_eq!(Sudoku::from_grid(&grid).unwrap(), expected, "size {size}:\n{grid}");
        assert_eq!(Sudoku::parse(&grid).unwrap(), expected);
        // Without separators and blanks (one character per cell).
        let plain: String = expected
            .cells()
            .chunks(size)
            .map(|row| row.iter().map(|&d| expected.layout().symbol(d)).collect::<String>() + "\n")
            .collect();
        assert_eq!(Sudoku::from_grid(&plain).unwrap(), expected, "size {size}:\n{plain}");
        assert_eq!(Sudoku::parse_with_format(&plain).unwrap(), (expected.clone(), Format::Grid));
        // As numbers separated by blanks, `0` for empty.
        let numbers: String = expected
            .cells()
            .chunks(size)
            .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ") + "\n")
            .collect();
        assert_eq!(Sudoku::from_grid(&numbers).unwrap(), expected, "size {size}:\n{numbers}");
    }
}

fn expected_box_rows(size: usize) -> usize {
    match Layout::classic(size).unwrap().regions() {
        Regions::Boxes { rows, .. } => *rows,
        Regions::Jigsaw(_) => unreachable!(),
    }
}

#[test]
fn grids_as_people_paste_them() {
    let expected = Sudoku::from_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let pasted = [
        // Bars and dashes, bands apart.
        "# from a newspaper\n53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n\
         4..|8.3|..1\n7..|.2.|..6\n---+---+---\n.6.|...|28.\n...|419|..5\n...|.8.|.79\n",
        // Blank lines between bands, underscores, zeros, Windows line ends.
        "5 3 _ _ 7 _ _ _ _\r\n6 0 0 1 9 5 0 0 0\r\n_ 9 8 _ _ _ _ 6 _\r\n\r\n8 . . . 6 . . . 3\r\n\
         4 . . 8 . 3 . . 1\r\n7 . . . 2 . . . 6\r\n\r\n. 6 . . . . 2 8 .\r\n. . . 4 1 9 . . 5\r\n\
         . . . . 8 . . 7 9\r\n",
        // Box-drawing borders, groups of three.
        "┌─────┐\n53. .7. ...\n6.. 195 ...\n.98 ... .6.\n├─────┤\n8.. .6. ..3\n4.. 8.3 ..1\n7.. .2. ..6\n\
         ═════\n.6. ... 28.\n... 419 ..5\n... .8. .79\n└─────┘\n",
    ];
    for text in pasted {
        assert_eq!(Sudoku::from_grid(text).unwrap(), expected, "{text}");
        let all: Vec<_> = parse_puzzles(text).collect();
        assert_eq!(all.len(), 1, "{text}");
        assert_eq!(all[0].format, Format::Grid);
        assert_eq!(all[0].puzzle.as_ref().unwrap(), &expected);
    }
}

#[test]
fn sixteen_by_sixteen_with_numbers() {
    let full = pattern(&Arc::new(Layout::classic(16).unwrap()));
    let mut text = String::new();
    for row in full.cells().chunks(16) {
        let cells: Vec<String> =
            row.iter().map(|&d| if d == 10 { ".".to_owned() } else { d.to_string() }).collect();
        text += &cells.join(" ");
        text.push('\n');
    }
    let read = Sudoku::from_grid(&text).unwrap();
    assert_eq!(read.get(0), 1);
    assert!(read.cells().iter().zip(full.cells()).all(|(&r, &f)| r == f || (f == 10 && r == 0)));
    assert!(text.starts_with("1 2 3 4 5 6 7 8 9 . 11 "), "{text}");
    // Sixteen lines of sixteen characters: a 16x16 grid, not sixteen 4x4 puzzles.
    let plain: String = full
        .cells()
        .chunks(16)
        .map(|row| row.iter().map(|&d| full.layout().symbol(d)).collect::<String>() + "\n")
        .collect();
    let all: Vec<_> = parse_puzzles(&plain).collect();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].puzzle.as_ref().unwrap(), &full);
}

#[test]
fn jigsaw_and_x_grids_show_their_borders_and_read_back_with_their_layout() {
    let layout = Arc::new(Layout::jigsaw(4, vec![0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 3, 3, 2, 2, 3, 3]).unwrap());
    let grid =
        Sudoku::from_digits(layout.clone(), vec![1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4]).unwrap();
    let text = grid.to_grid();
    assert_eq!(text, "1 .|3 .\n +-+\n.|.|. .\n | +---\n.|.|2 .\n-+ |\n. .|. 4\n");
    assert_eq!(Sudoku::from_grid_with_layout(&text, layout).unwrap(), grid);

    let x = Arc::new(Layout::classic(6).unwrap().with_diagonals());
    let grid = Sudoku::empty(x.clone());
    assert_eq!(Sudoku::from_grid_with_layout(&grid.to_grid(), x).unwrap(), grid);
    // Without the layout, a grid is classic.
    assert!(!Sudoku::from_grid(&grid.to_grid()).unwrap().layout().has_diagonals());
}

#[test]
fn json_of_every_size_and_shape() {
    for size in SIZES {
        let expected = puzzle(size);
        let json = expected.to_json();
        assert!(json.starts_with(&format!("{{\"size\":{size},\"boxes\":[")), "{json}");
        assert_eq!(Sudoku::from_json(&json).unwrap(), expected);
        assert_eq!(serde_json::from_str::<Sudoku>(&json).unwrap(), expected);
        // Cells as an array of numbers, flat and by rows.
        let flat = serde_json::to_string(expected.cells()).unwrap();
        assert_eq!(Sudoku::from_json(&format!("{{\"cells\": {flat}}}")).unwrap(), expected);
        let rows: Vec<&[u8]> = expected.cells().chunks(size).collect();
        let rows = serde_json::to_string(&rows).unwrap();
        assert_eq!(Sudoku::from_json(&format!("{{\"size\": {size}, \"cells\": {rows}}}")).unwrap(), expected);
    }
    let classic = r#"{"size": 9, "boxes": [3, 3], "variant": "classic", "cells": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}"#;
    assert_eq!(Sudoku::from_json(classic).unwrap().clues(), 30);

    let tall = Sudoku::from_json(r#"{"boxes": "3x2", "cells": [[0,0,0,0,0,0],[1,2,3,4,5,6],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,null]]}"#).unwrap();
    assert_eq!(tall.layout().regions(), &Regions::Boxes { rows: 3, cols: 2 });
    assert_eq!(
        tall.to_json(),
        r#"{"size":6,"boxes":[3,2],"variant":"classic","cells":"......123456........................"}"#
    );

    let jigsaw = Sudoku::from_json(r#"{"variant": "jigsaw-x", "regions": [[1,1,2,2],[1,3,2,2],[1,3,4,4],[3,3,4,4]], "cells": "1.3.......2....4"}"#).unwrap();
    assert!(jigsaw.layout().has_diagonals());
    assert_eq!(
        jigsaw.to_json(),
        r#"{"size":4,"variant":"jigsaw-x","regions":"AABBACBBACDDCCDD","cells":"1.3.......2....4"}"#
    );
    let by_strings = Sudoku::from_json(r#"{"regions": ["AABB", "ACBB", "ACDD", "CCDD"], "variant": "JIGSAW-X", "cells": "1.3.......2....4"}"#).unwrap();
    assert_eq!(by_strings, jigsaw);
    // "regions" alone means a jigsaw; unknown keys are ignored.
    let plain =
        Sudoku::from_json(r#"{"name": "mine", "regions": "AABBACBBACDDCCDD", "cells": "1.3.......2....4"}"#)
            .unwrap();
    assert!(matches!(plain.layout().regions(), Regions::Jigsaw(_)));
    assert!(!plain.layout().has_diagonals());
    let x = Sudoku::from_json(r#"{"variant": "x", "cells": "1.3.......2....4"}"#).unwrap();
    assert_eq!(x.to_line(), "1.3.......2....4 X");
}

#[test]
fn files_mix_formats_and_keep_every_result() {
    let text = "\
# puzzles, one a line
1.3.......2....4
1.3.......2....x
53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79   # classic

5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9

{\"cells\": \"1.3.......2....4\"}
{\"cells\": \"1.3.......2....4\", \"variant\": \"sideways\"}
{
  \"size\": 4,
  # a comment inside
  \"cells\": [1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 4]
}
[{\"cells\": \"1...............\"},
 {\"cells\": \"2...............\"}]
{\"cells\": ]
1.3.......2....4 X
";
    let all: Vec<_> = parse_puzzles(text).collect();
    let summary: Vec<(usize, Format, bool)> =
        all.iter().map(|p| (p.line, p.format, p.puzzle.is_ok())).collect();
    assert_eq!(
        summary,
        [
            (2, Format::Line, true),
            (3, Format::Line, false),
            (4, Format::Line, true),
            (6, Format::Grid, true),
            (18, Format::Json, true),
            (19, Format::Json, false),
            (20, Format::Json, true),
            (25, Format::Json, true),
            (26, Format::Json, true),
            (27, Format::Json, false),
            (28, Format::Line, true),
        ]
    );
    let error = |i: usize| all[i].puzzle.as_ref().unwrap_err().to_string();
    assert_eq!(error(1), "line 3, column 16: 'x' is out of range: a 4x4 puzzle has digits 1-4");
    assert_eq!(
        error(5),
        "line 19, column 42: unknown variant \"sideways\"; expected \"classic\", \"x\", \"jigsaw\" or \"jigsaw-x\""
    );
    assert!(error(9).starts_with("line 27, column 11: not valid JSON"), "{}", error(9));
    assert_eq!(all[3].puzzle.as_ref().unwrap(), all[2].puzzle.as_ref().unwrap());
    assert_eq!(all[6].puzzle.as_ref().unwrap(), all[0].puzzle.as_ref().unwrap());
    assert!(all[10].puzzle.as_ref().unwrap().layout().has_diagonals());
}

#[test]
fn exactly_one_puzzle_for_parse() {
    assert_eq!(
        parse_error(Sudoku::parse("# nothing\n\n")),
        (1, 1, "no puzzle; expected a line, a grid or a JSON object".into())
    );
    assert_eq!(
        parse_error(Sudoku::parse("1.3.......2....4\n1.3.......2....4\n")),
        (2, 1, "a second puzzle; expected only one".into())
    );
    let (puzzle, format) = Sudoku::parse_with_format("{\"cells\": \"1.3.......2....4\"}").unwrap();
    assert_eq!((puzzle.clues(), format), (4, Format::Json));
    assert_eq!(
        parse_error(Sudoku::from_json("1.3.......2....4")).2,
        "expected a JSON object, starting with '{'"
    );
}

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

#[test]
fn bad_bytes_and_odd_characters_are_reported_not_panicked_on() {
    let text = String::from_utf8_lossy(b"1.3.......2....\xff\n").into_owned();
    let (line, column, message) = parse_error(Sudoku::parse(&text));
    assert_eq!((line, column), (1, 16));
    assert_eq!(message, "'\u{fffd}' (U+FFFD) is not a digit; expected 1-4, '.' or '0'");
    let (_, _, message) = parse_error(Sudoku::from_line(&format!("{}é", ".".repeat(80))));
    assert_eq!(message, "'é' is not a digit; expected 1-9, '.' or '0'");
}

/// A layout of a size: classic, X, boxes turned, or a jigsaw (rows as regions, or the boxes).
fn layout_of(size: usize, variant: usize) -> Arc<Layout> {
    let classic = Layout::classic(size).unwrap();
    let Regions::Boxes { rows, cols } = *classic.regions() else { unreachable!() };
    Arc::new(match variant % 5 {
        0 => classic,
        1 => classic.with_diagonals(),
        2 => Layout::boxes(cols, rows).unwrap(),
        3 => Layout::jigsaw(size, (0..size * size).map(|cell| (cell / size) as u8).collect()).unwrap(),
        _ => Layout::jigsaw(size, (0..size * size).map(|cell| classic.region_of(cell) as u8).collect())
            .unwrap()
            .with_diagonals(),
    })
}

fn any_sudoku() -> impl Strategy<Value = Sudoku> {
    (prop::sample::select(SIZES.to_vec()), 0..5usize).prop_flat_map(|(size, variant)| {
        let layout = layout_of(size, variant);
        prop::collection::vec(0..=size as u8, size * size)
            .prop_map(move |cells| Sudoku::from_digits(layout.clone(), cells).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_format_round_trips(sudoku in any_sudoku()) {
        let line = sudoku.to_line();
        prop_assert_eq!(&Sudoku::from_line(&line).unwrap(), &sudoku);
        prop_assert_eq!(&Sudoku::parse(&line).unwrap(), &sudoku);
        let json = sudoku.to_json();
        prop_assert_eq!(&Sudoku::from_json(&json).unwrap(), &sudoku);
        prop_assert_eq!(&serde_json::from_str::<Sudoku>(&json).unwrap(), &sudoku);
        let grid = sudoku.to_grid();
        prop_assert_eq!(&Sudoku::from_grid_with_layout(&grid, sudoku.layout_arc().clone()).unwrap(), &sudoku);
        let layout = sudoku.layout();
        if !layout.has_diagonals() && layout == &Layout::classic(layout.size()).unwrap() {
            prop_assert_eq!(&Sudoku::from_grid(&grid).unwrap(), &sudoku);
            prop_assert_eq!(Sudoku::parse_with_format(&grid).unwrap(), (sudoku.clone(), Format::Grid));
        }
    }

    #[test]
    fn files_of_many_puzzles_round_trip(sudokus in prop::collection::vec(any_sudoku(), 1..6), format in 0..3usize) {
        let format = [Format::Line, Format::Grid, Format::Json][format];
        let classic = |s: &Sudoku| !s.layout().has_diagonals() && s.layout() == &Layout::classic(s.layout().size()).unwrap();
        let sudokus: Vec<Sudoku> = sudokus.into_iter().filter(|s| format != Format::Grid || classic(s)).collect();
        let text: String = sudokus.iter().map(|s| {
            let written = s.to_format(format);
            if format == Format::Grid { format!("# a grid\n{written}\n") } else { format!("{written}\n") }
        }).collect();
        let read: Vec<_> = parse_puzzles(&text).collect();
        prop_assert_eq!(read.len(), sudokus.len(), "{}", text);
        for (parsed, expected) in read.iter().zip(&sudokus) {
            prop_assert_eq!(parsed.format, format);
            prop_assert_eq!(parsed.puzzle.as_ref().unwrap(), expected);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,300}") {
        never_panics(&text);
    }

    #[test]
    fn puzzle_like_text_never_panics(text in "[0-9a-zA-Z._|+ \\-\n#{}\\[\\]\":,xX]{0,400}") {
        never_panics(&text);
    }

    #[test]
    fn near_misses_never_panic(sudoku in any_sudoku(), cut in 0..2000usize, insert in "[\\s\\S]{0,3}", format in 0..3usize) {
        let written = sudoku.to_format([Format::Line, Format::Grid, Format::Json][format]);
        let mut cut = cut.min(written.len());
        while !written.is_char_boundary(cut) {
            cut -= 1;
        }
        never_panics(&format!("{}{insert}{}", &written[..cut], &written[cut..]));
    }
}

/// Every reader on `text`; whatever parses prints in its format and reads back the same.
fn never_panics(text: &str) {
    for parsed in parse_puzzles(text) {
        if let Ok(sudoku) = parsed.puzzle {
            let again = Sudoku::parse(&sudoku.to_format(parsed.format)).unwrap();
            assert_eq!(again, sudoku);
        } else if let Err(err) = parsed.puzzle {
            assert!(matches!(err, Error::Parse(ParseError { line, column, .. }) if line >= 1 && column >= 1));
        }
    }
    let _ = Sudoku::from_line(text);
    let _ = Sudoku::from_grid(text);
    let _ = Sudoku::from_json(text);
    let _ = Sudoku::parse(text);
    let _ = serde_json::from_str::<Sudoku>(text);
}
