//! The verifier's violations and the reader's positions.

use super::*;

#[test]
fn violations_name_the_rule_and_the_cells() {
    let puzzle = parse(SAMPLE).expect("the example");
    let swapped = Grid::parse_answer("4 4\n3 2 4 1\n4 1 3 2\n2 3 1 4\n1 4 2 3\n").expect("a grid");
    assert_eq!(
        verify(&puzzle, &swapped).to_string(),
        "cage 4 (r2c2, r3c2, r4c2) adds up to 8, not 7\ncage 5 (r3c1, r4c1) adds up to 3, not 4"
    );
    let twice = Grid::parse_answer("4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 1\n").expect("a grid");
    let text = verify(&puzzle, &twice).to_string();
    assert!(text.contains("row 4 has 1 twice: r4c1, r4c4"), "{text}");
    assert!(text.contains("column 4 has 1 twice: r1c4, r4c4"), "{text}");
    assert!(text.contains("box 4 has 1 twice: r3c3, r4c4"), "{text}");
    assert!(text.contains("cage 3 has 1 twice: r1c4, r2c4") || text.contains("adds up to"), "{text}");
    let holes = Grid::parse_answer("4 4\n2 3 4 1\n4 1 3 2\n3 2 1 4\n1 4 2 -\n").expect("a grid");
    assert_eq!(verify(&puzzle, &holes).to_string(), "r4c4 is empty");
    let small = Grid::parse_answer(
        "6 6\n1 2 3 4 5 6\n4 5 6 1 2 3\n2 3 1 5 6 4\n5 6 4 2 3 1\n3 1 2 6 4 5\n6 4 5 3 1 2\n",
    );
    assert_eq!(verify(&puzzle, &small.expect("6x6")).to_string(), "the answer is 6x6, the puzzle 4x4");
    let sums = Grid::parse_answer("4 4\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n").expect("a Sudoku, wrong sums");
    let verdict = verify(&puzzle, &sums);
    assert!(verdict.violations().iter().all(|v| matches!(v, killer::Violation::CageSum { .. })), "{verdict}");
    assert!(verdict.to_string().contains("cage 1 (r1c1, r1c2, r2c1) adds up to") || !verdict.is_valid());
}

// ---- the reader ------------------------------------------------------------------------------

fn error_at(text: &str) -> ((usize, usize), String) {
    let err = read(text).find_map(Result::err).expect("an error");
    (err.position().expect("a position"), err.to_string())
}

#[test]
fn parse_errors_have_their_line_and_column() {
    let (at, msg) = error_at("4 5\n");
    assert_eq!(at, (1, 3), "{msg}");
    let (at, msg) = error_at("7 7\n");
    assert!(msg.contains("prime"), "{msg}");
    assert_eq!(at, (1, 1));
    // A second sum in cage 2 (line 3, column 3).
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 8 -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (3, 5), "{msg}");
    assert!(msg.contains("second sum"), "{msg}");
    // No sum for cage 6.
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 - -\n- - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (8, 1), "{msg}");
    // An impossible sum: 2 cells make at most 7 in a 4x4.
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 - -\n9 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (4, 1), "{msg}");
    let (at, msg) = error_at("4 4\n9 - x 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n");
    assert_eq!(at, (2, 5), "{msg}");
    let (at, _) = error_at("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4\n");
    assert_eq!(at, (7, 6));
    let (at, msg) = error_at("4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n");
    assert_eq!(at, (9, 1), "{msg}");
    let (at, msg) = error_at("{\"size\": 4, \"cages\": [}");
    assert_eq!(at.0, 1, "{msg}");
    let (at, msg) = error_at("[\n {\"size\": 4, \"cages\": [{\"sum\": 10, \"cells\": [0, 1, 2, 3]}]}\n]");
    assert_eq!(at, (2, 2), "{msg}");
    assert!(msg.contains("no cage"), "{msg}");
    assert!(Grid::parse_answer("4 4\n1 2 3 4\n1 2 3 9\n").unwrap_err().position() == Some((3, 7)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn garbage_never_panics(text in "[-0-9 \n#a{}\\[\\]\":,.]{0,200}") {
        for puzzle in read(&text).take(50).flatten() {
            prop_assert_eq!(parse(&puzzle.to_text()).expect("reads back"), puzzle);
        }
        let _ = Grid::parse_answer(&text);
    }

    #[test]
    fn mutated_samples_never_panic(cut in 0usize..80, insert in "[-0-9 \n]{0,6}") {
        let mut text = SAMPLE.to_string();
        let cut = cut.min(text.len());
        text.insert_str(cut, &insert);
        for puzzle in read(&text).take(5).flatten() {
            let budget = Budget::unlimited().with_nodes(10_000);
            let _ = count(&puzzle, &Query::default().with_limit(2).with_budget(budget));
        }
    }
}
