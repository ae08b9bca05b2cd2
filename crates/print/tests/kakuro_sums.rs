//! A Kakuro prints in both outputs: its blocks filled dark, each clue block split by its
//! diagonal with its sums written light on the fill (white text, a light grey line).

use tessera::common::{Draw, Mark};
use tessera::kakuro::{Digits, Kakuro};
use tessera_print::{Book, Entry, Grid};

/// A 4x4 board whose block (1, 1) has both sums (3 across and 3 down), with the frame's clues.
fn board() -> (Kakuro, Digits) {
    #[rustfmt::skip]
    let digits = [
        0, 0, 0, 0,
        0, 0, 1, 2,
        0, 1, 3, 4,
        0, 2, 5, 6,
    ];
    let board = Kakuro::from_digits(4, 4, &digits).unwrap();
    (board, Digits::new(4, 4, digits.to_vec()).unwrap())
}

#[test]
fn a_kakuro_prints_its_sums_light_on_the_blocks() {
    let (board, answer) = board();
    let picture = board.picture(None);
    assert!(picture.marks.iter().any(|m| matches!(m, Mark::Sums { down: Some(3), right: Some(3), .. })));
    let entry = Entry {
        puzzle: Grid::picture(&picture),
        key: Grid::picture(&board.picture(Some(&answer))),
        label: "Kakuro".into(),
        key_label: "#1".into(),
        stars: 1,
    };
    let book = Book { title: "Kakuro".into(), per_page: 1, entries: vec![entry], ..Book::default() };
    assert!(book.pdf().unwrap().starts_with(b"%PDF-"));
    let pages = book.svg().unwrap();
    let page = &pages[0];
    let doc = roxmltree::Document::parse(page).unwrap_or_else(|e| panic!("{e}\n{page}"));
    // The sums, white: 8 and 13 across, 9 and 12 down, 3 both ways in the middle block.
    let white: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("text") && n.attribute("fill") == Some("rgb(255,255,255)"))
        .filter_map(|n| n.attribute("aria-label"))
        .collect();
    let mut sums = white.clone();
    sums.sort_unstable();
    assert_eq!(sums, ["12", "13", "3", "3", "8", "9"], "{white:?}");
    // One diagonal for each of the five clue blocks, light grey.
    let diagonals = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("mark") && n.attribute("stroke") == Some("rgb(217,217,217)"))
        .count();
    assert_eq!(diagonals, 5);
    // The key's digits stay black.
    let key = &pages[pages.len() - 1];
    assert!(key.contains(r#"aria-label="6" transform"#), "{key}");
}
