//! One-line puzzles: every size gives its classic layout, the classic line reads and writes, and a line may
//! carry its regions, box shape and X.

use super::*;

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
