//! A Sudoku and a Hidato book read back, word by word, as unique puzzles with their answers.

use super::*;

#[test]
fn a_sudoku_book_reads_back_as_unique_puzzles_with_their_answers() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("sudoku");
    let pdf = dir.join("book.pdf");
    let args = ["--count", "10", "--difficulty", "hard", "--seed", "7", "--threads", "2"];
    let output =
        tessera(&[&["sudoku", "book"], &args[..], &["--per-page", "4", "-o", path_str(&pdf)]].concat());
    assert_status(&output, 0);
    assert!(stderr(&output).contains("10 puzzles on 4 pages"), "{}", stderr(&output));
    assert_eq!(info(&pdf, "Pages"), "4");
    assert!(info(&pdf, "Page size").starts_with("595.276 x 841.89"));
    let names = fonts(&pdf);
    assert!(names.iter().any(|n| n.contains("Go")), "{names:?}");
    // The same puzzles, in the same order, as `sudoku generate` makes from the seed.
    let generated = tessera(&[&["sudoku", "generate"], &args[..]].concat());
    assert_status(&generated, 0);
    let generated = stdout(&generated);
    let expected: Vec<&str> = generated.lines().map(str::trim).collect();
    let back = read_book(&pdf, 10, 4, 9, 9);
    for (n, (cells, label)) in &back.puzzles {
        let puzzle = sudoku_of(cells);
        assert_eq!(puzzle.to_line(), expected[n - 1], "puzzle #{n}");
        assert_eq!(label, &format!("Hard · #{n} · seed {}", 7 + n - 1));
        let count = sudoku::count(&puzzle, &sudoku::Query::default().with_limit(2));
        assert_eq!(count.result(), Ok(1), "puzzle #{n} is not unique");
        let answer = sudoku_of(&back.answers[n]);
        assert!(sudoku::verify(&puzzle, &answer).is_valid(), "the key's #{n} does not solve it");
    }
}

#[test]
fn a_hidato_book_reads_back_as_unique_puzzles_with_their_answers() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("hidato");
    let pdf = dir.join("hidato.pdf");
    let output = tessera(&[
        "hidato",
        "book",
        "--count",
        "5",
        "--size",
        "6x5",
        "--seed",
        "3",
        "--per-page",
        "2",
        "--difficulty",
        "medium",
        "-o",
        path_str(&pdf),
    ]);
    assert_status(&output, 0);
    assert_eq!(info(&pdf, "Pages"), "4", "5 puzzles 2 a page, and the key");
    fonts(&pdf);
    let back = read_book(&pdf, 5, 2, 5, 6);
    let grid = |cells: &[String]| {
        let values =
            cells.iter().map(|c| if c.is_empty() { 0 } else { c.parse().expect("a number") }).collect();
        Hidato::new(6, 5, values, Adjacency::King).expect("a 6x5 board")
    };
    for (n, (cells, label)) in &back.puzzles {
        assert!(label.starts_with("Medium · #"), "{label}");
        let puzzle = grid(cells);
        let count = hidato::count(&puzzle, &hidato::Query::default().with_limit(2));
        assert_eq!(count.result(), Ok(1), "puzzle #{n} is not unique");
        let answer = grid(&back.answers[n]);
        assert!(hidato::verify(&puzzle, &answer).is_valid(), "the key's #{n} does not solve it");
    }
}
