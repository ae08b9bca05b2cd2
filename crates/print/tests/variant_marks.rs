//! A variant Sudoku with every kind of mark prints in both outputs, and its SVG holds the
//! primitives the marks are drawn with.

use tessera::common::{Draw, Mark};
use tessera::variant::{Cell, Constraint, Cosmetic, Direction, Variant};
use tessera_print::{Book, Entry, Grid};

fn c(row: i16, col: i16) -> Cell {
    Cell::new(row, col)
}

fn every_kind() -> Variant {
    let mut puzzle = Variant::classic(9);
    puzzle.givens[40] = 5;
    use Constraint::*;
    puzzle.constraints = vec![
        ExtraRegion { cells: vec![c(1, 1), c(1, 2), c(2, 1), c(2, 2)] },
        DiagonalPositive,
        DiagonalNegative,
        AntiKnight,
        Cage { cells: vec![c(0, 7), c(0, 8)], sum: Some(11) },
        LittleKiller { clue: c(-1, 0), direction: Direction::DR, sum: 45 },
        Sandwich { clue: c(3, -1), sum: 12 },
        Thermometer { cells: vec![c(0, 0), c(0, 1), c(0, 2)], slow: false },
        Thermometer { cells: vec![c(8, 0), c(7, 0)], slow: true },
        Arrow { circle: vec![c(4, 0), c(4, 1)], lines: vec![vec![c(5, 1), c(6, 2)]] },
        Difference { cells: [c(2, 4), c(2, 5)], value: 1 },
        Ratio { cells: [c(3, 4), c(3, 5)], value: 2 },
        Difference { cells: [c(2, 6), c(3, 6)], value: 3 },
        Xv { cells: [c(5, 4), c(5, 5)], sum: 10 },
        Xv { cells: [c(6, 4), c(6, 5)], sum: 5 },
        Odd { cell: c(7, 7) },
        Even { cell: c(7, 8) },
        Minimum { cell: c(8, 8) },
        Maximum { cell: c(8, 6) },
        Quadruple { cells: vec![c(4, 4), c(4, 5), c(5, 4), c(5, 5)], values: vec![1, 2, 3] },
        Palindrome { cells: vec![c(6, 6), c(6, 7), c(6, 8)] },
        Renban { cells: vec![c(1, 6), c(1, 7)] },
        Whispers { cells: vec![c(2, 7), c(2, 8), c(3, 8)], difference: 5 },
        Between { cells: vec![c(7, 2), c(7, 3), c(7, 4)] },
        RegionSumLine { cells: vec![c(3, 2), c(3, 3)] },
        Clone { cells: vec![c(0, 4)], clones: vec![c(8, 4)] },
    ];
    let cosmetic = |kind: &str, cells: Vec<Cell>, text: Option<&str>| Cosmetic {
        kind: kind.into(),
        cells,
        text: text.map(String::from),
        color: Some("#3366CC".into()),
        extra: serde_json::Value::Null,
    };
    puzzle.cosmetics = vec![
        cosmetic("line", vec![c(5, 7), c(4, 8)], None),
        cosmetic("circle", vec![c(1, 4)], None),
        cosmetic("rectangle", vec![c(4, 6), c(4, 7)], Some("?")),
        cosmetic("text", vec![c(9, 9)], Some("A")),
    ];
    puzzle
}

#[test]
fn every_mark_kind_is_in_the_picture_and_other_families_have_none() {
    let picture = every_kind().picture(None);
    assert!(picture.frame, "outside clues ask for a frame");
    let kinds: std::collections::BTreeSet<&str> = picture
        .marks
        .iter()
        .map(|m| match m {
            Mark::Line { .. } => "line",
            Mark::Arrow { .. } => "arrow",
            Mark::Dot { .. } => "dot",
            Mark::EdgeText { .. } => "edge-text",
            Mark::CellShape { .. } => "cell-shape",
            Mark::Quadruple { .. } => "quadruple",
            Mark::LittleKiller { .. } => "little-killer",
            Mark::Outside { .. } => "outside",
            Mark::Diagonal { .. } => "diagonal",
            Mark::Shade { .. } => "shade",
            Mark::Extremum { .. } => "extremum",
            Mark::Cosmetic { .. } => "cosmetic",
            Mark::Text { .. } => "text",
            Mark::Runs { .. } => "runs",
            Mark::Sums { .. } => "sums",
        })
        .collect();
    assert_eq!(kinds.len(), 13, "{kinds:?}");
    let json = serde_json::to_value(&picture).unwrap();
    assert_eq!(json["marks"][0]["kind"], "shade");
    assert!(json["marks"].as_array().unwrap().iter().any(|m| m["line"] == "thermometer"));
    // A picture without marks serialises as before: no `marks`, no `frame`.
    let plain = serde_json::to_value(Variant::classic(4).picture(None)).unwrap();
    assert!(plain.get("marks").is_none() && plain.get("frame").is_none());
}

#[test]
fn a_variant_with_every_kind_prints_as_pdf_and_svg() {
    let puzzle = every_kind();
    let grid = Grid::picture(&puzzle.picture(None));
    assert!(grid.frame() && !grid.marks().is_empty());
    let entry = Entry {
        puzzle: grid.clone(),
        key: grid,
        label: "Every kind".into(),
        key_label: "#1".into(),
        stars: 2,
    };
    let book = Book { title: "Variants".into(), per_page: 1, entries: vec![entry; 2], ..Book::default() };
    let pdf = book.pdf().unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let pages = book.svg().unwrap();
    let page = &pages[0];
    let doc = roxmltree::Document::parse(page).unwrap_or_else(|e| panic!("{e}\n{page}"));
    let marks: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("mark")).collect();
    // The thermometer's bulb: a filled grey circle; black and white kropki dots, outlined.
    let discs: Vec<_> = marks.iter().filter(|n| n.has_tag_name("circle")).collect();
    assert!(discs.iter().any(|n| n.attribute("fill") == Some("rgb(184,184,184)")), "no bulb");
    assert!(discs
        .iter()
        .any(|n| n.attribute("fill") == Some("rgb(0,0,0)") && n.attribute("stroke") == Some("black")));
    assert!(discs
        .iter()
        .any(|n| n.attribute("fill") == Some("rgb(255,255,255)") && n.attribute("stroke") == Some("black")));
    // Lines through cells: stroked paths with round caps.
    assert!(
        marks
            .iter()
            .filter(|n| n.has_tag_name("path") && n.attribute("stroke-linecap") == Some("round"))
            .count()
            >= 10
    );
    // The clues: X, V, the little killer's 45, the sandwich's 12, the quadruple's digits.
    for words in ["X", "V", "45", "12", "1 2", "3", "11"] {
        assert!(page.contains(&format!(r#"aria-label="{words}""#)), "{words} not written");
    }
    // The grid shrinks into its frame: its left edge lies one cell in from the frame's.
    let plain = Book {
        entries: vec![Entry {
            puzzle: Grid::picture(&Variant::classic(9).picture(None)),
            ..book.entries[0].clone()
        }],
        ..book.clone()
    };
    assert!(!plain.svg().unwrap()[0].contains(r#"class="mark""#));
}
