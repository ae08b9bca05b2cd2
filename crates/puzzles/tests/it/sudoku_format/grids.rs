//! Grids of every size read back, as people paste them, 16x16 with numbers, and jigsaw and X grids with their
//! borders.

use super::*;

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
