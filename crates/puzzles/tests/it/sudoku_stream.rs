//! `PuzzleReader` reads a file piece by piece and must give exactly what `parse_puzzles` gives on
//! the whole text: the same puzzles, lines, formats and errors, across every cut.

use tessera::sudoku::{parse_puzzles, Parsed, PuzzleReader};

const LINE_4X4: &str = "1.3.......2....4";
const BAD_4X4: &str = "1.3.......2....x";
const GRID_9X9: &str = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .

8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6

. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
";

/// A text of every kind of block, long enough to be cut several times.
fn mixed() -> String {
    let mut text = String::from("\u{FEFF}# a file of everything\n");
    for round in 0..3 {
        for i in 0..5000 {
            text.push_str(if i % 997 == 0 { BAD_4X4 } else { LINE_4X4 });
            text.push('\n');
            if i % 1500 == 0 {
                text.push_str("# a comment inside the block\n");
            }
        }
        text.push('\n');
        text.push_str(GRID_9X9);
        text.push('\n');
        text.push_str("{\"cells\": \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\",\n");
        text.push_str("  \"variant\": \"x\"}\n[{\"cells\": \"1.3.......2....4\"},\n {\"cells\": 5}]\n\n");
        // Sixteen lines of sixteen characters after a blank line: one 16x16 grid, not 4x4 puzzles.
        for _ in 0..16 {
            text.push_str("1234567890ABCDEF\n");
        }
        text.push_str(&format!("\n# round {round} done\n"));
    }
    text
}

#[test]
fn the_reader_gives_what_the_whole_text_gives() {
    let text = mixed();
    let whole: Vec<Parsed> = parse_puzzles(&text).collect();
    let streamed: Vec<Parsed> = PuzzleReader::new(text.as_bytes()).collect();
    assert!(whole.len() > 15_000);
    assert_eq!(streamed.len(), whole.len());
    for (a, b) in streamed.iter().zip(&whole) {
        assert_eq!(a, b);
    }
}

#[test]
fn bytes_that_are_not_text_stop_the_reading_with_one_error() {
    let mut bytes = Vec::new();
    for _ in 0..5000 {
        bytes.extend_from_slice(LINE_4X4.as_bytes());
        bytes.push(b'\n');
    }
    bytes.extend_from_slice(b"# a comment may hold \xff\xfe\n");
    bytes.extend_from_slice(LINE_4X4.as_bytes());
    bytes.extend_from_slice(b"\n12\x1b[31m\xc3\x28 and more\n1.3.......2....4\n");
    let parsed: Vec<Parsed> = PuzzleReader::new(&bytes[..]).collect();
    assert_eq!(parsed.len(), 5002);
    assert!(parsed[..5001].iter().all(|p| p.puzzle.is_ok()));
    let error = parsed[5001].puzzle.as_ref().unwrap_err().to_string();
    assert_eq!(
        error,
        "line 5003, column 8: not UTF-8 (byte 0xC3 at byte offset 85048); expected a text file of puzzles"
    );
}
