//! Nonsense is refused and nothing is written.

use super::*;

#[test]
fn nonsense_is_refused_and_nothing_is_written() {
    let dir = temp_dir("refusals");
    let pdf = dir.join("no.pdf");
    let pdf = path_str(&pdf);
    let cases: [(&[&str], i32, &str); 9] = [
        (
            &["sudoku", "book", "--input", "book/empty16.txt", "--per-page", "12", "-o", pdf],
            1,
            "16x16 grids cells of",
        ),
        (&["sudoku", "book", "--count", "1", "--per-page", "0", "-o", pdf], 1, "1..=12"),
        (&["sudoku", "book", "--count", "1", "--per-page", "1000", "-o", pdf], 1, "1..=12"),
        (&["sudoku", "book", "--count", "0", "-o", pdf], 1, "1..=10000"),
        (&["sudoku", "book", "-o", pdf], 1, "--count"),
        (&["sudoku", "book", "--count", "1", "--size", "16", "--per-page", "12", "-o", pdf], 1, "at most"),
        (
            &["sudoku", "book", "--input", "book/several.txt", "-o", pdf],
            2,
            "line 2: the puzzle has more than one solution",
        ),
        (&["sudoku", "book", "--input", "book/none.txt", "-o", pdf], 2, "no puzzle"),
        (&["hidato", "book", "--count", "1", "--page", "a3", "-o", pdf], 1, "expected a4, letter, a5, 6x9in"),
    ];
    for (args, status, message) in cases {
        let output = tessera(args);
        assert_status(&output, status);
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
        assert!(!Path::new(pdf).exists(), "{args:?} wrote a book");
    }
    // --svg into a file that is not a directory.
    std::fs::write(pdf, "").expect("a file");
    let output = tessera(&["sudoku", "book", "--input", "book/easy.txt", "--svg", "-o", pdf]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("names a directory"), "{}", stderr(&output));
}
