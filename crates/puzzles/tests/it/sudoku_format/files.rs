//! JSON of every size and shape, files that mix formats, and exactly one puzzle for parse.

use super::*;

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
