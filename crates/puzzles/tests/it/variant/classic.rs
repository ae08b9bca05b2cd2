//! Classic Sudoku through the rules model equals the dedicated solver: answers and counts on the
//! shared 17-clue and magictour sets (the rules engine itself, not `auto`'s hand-off).

use tessera::sudoku::{self, Sudoku};
use tessera::variant::{self, Engine, Variant};
use tessera::xc::Budget;

pub fn from_line(line: &str) -> Variant {
    let puzzle = Sudoku::parse(line).expect("a sudoku line");
    let mut v = Variant::classic(puzzle.layout().size());
    v.givens = puzzle.cells().to_vec();
    v
}

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(str::trim).filter(|l| l.len() >= 81 && !l.starts_with('#')).map(|l| &l[..81])
}

fn check_set(file: &str, every: usize) {
    let Some(text) = crate::common::shared_text("sudoku", file) else { return };
    let mut checked = 0;
    for (i, line) in lines(&text).enumerate().filter(|(i, _)| i % every == 0) {
        let v = from_line(line);
        let query = variant::Query::default()
            .with_engine(Engine::Rules)
            .with_limit(2)
            .with_budget(Budget::unlimited().with_nodes(2_000_000));
        let found = variant::solutions(&v, &query);
        let dedicated =
            sudoku::solutions(&Sudoku::parse(line).unwrap(), &sudoku::Query::default().with_limit(2));
        assert_eq!(found.count.solutions, dedicated.count.solutions, "{file} #{i}: counts");
        assert_eq!(found.found.len(), 1, "{file} #{i}");
        assert_eq!(found.found[0].digits(), dedicated.found[0].cells(), "{file} #{i}: answers");
        assert!(variant::verify(&v, &found.found[0]).is_valid());
        checked += 1;
    }
    assert!(checked > 0);
}

#[test]
fn magictour_through_rules_equals_the_dedicated_solver() {
    check_set("magictour_top1465.txt", 1);
}

#[test]
fn seventeen_clues_through_rules_equal_the_dedicated_solver() {
    check_set("17_clue.txt", 25);
}
