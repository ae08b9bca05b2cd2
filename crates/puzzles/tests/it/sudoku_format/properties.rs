//! Text that must never panic: odd bytes, random grids in every format, and random cuts and insertions.

use super::*;

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
