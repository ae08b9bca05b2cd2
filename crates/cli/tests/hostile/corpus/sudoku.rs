//! Sudoku up to 25x25: empty, a few clues from a valid grid, and clues that contradict.

use super::*;

/// A Sudoku line of side `n` (25: digits 1-9 then letters A.. for 10 and up), `.` empty.
fn symbol(v: usize) -> char {
    if v < 10 {
        char::from(b'0' + v as u8)
    } else {
        char::from(b'A' + (v - 10) as u8)
    }
}

pub(super) fn sudoku_cases(cases: &mut Vec<Case>, rng: &mut Rng) {
    // 25x25: empty, a few clues from a valid grid, and two clues that contradict far apart.
    let box_side = 5;
    let n = 25;
    let valid = |r: usize, c: usize| (r % box_side * box_side + r / box_side + c) % n + 1;
    let empty = ".".repeat(625);
    let mut few = vec!['.'; 625];
    for _ in 0..12 {
        let cell = rng.below(625);
        few[cell] = symbol(valid(cell / n, cell % n));
    }
    let few: String = few.into_iter().collect();
    let mut contradiction = vec!['.'; 625];
    contradiction[0] = '1';
    contradiction[624] = '1';
    contradiction[24 * 25 + 1] = '2';
    contradiction[1] = '3';
    let contradiction: String = contradiction.into_iter().collect();
    let files = [
        file("s25-empty.txt", format!("{empty}\n").into_bytes()),
        file("s25-few.txt", format!("{few}\n").into_bytes()),
        file("s25-contradiction.txt", format!("{contradiction}\n").into_bytes()),
        file("s16-empty.txt", format!("{}\n", ".".repeat(256)).into_bytes()),
        file("s9-empty.txt", format!("{}\n", ".".repeat(81)).into_bytes()),
    ];
    for (name, args) in [
        ("sudoku-25-empty-solve", &["sudoku", "solve", "s25-empty.txt"][..]),
        ("sudoku-25-few-solve", &["sudoku", "solve", "s25-few.txt"][..]),
        ("sudoku-25-few-count", &["sudoku", "count", "s25-few.txt", "--limit", "1000000"][..]),
        ("sudoku-25-contradiction", &["sudoku", "solve", "s25-contradiction.txt"][..]),
        ("sudoku-16-empty-count", &["sudoku", "count", "s16-empty.txt", "--limit", "1000000000"][..]),
        ("sudoku-9-empty-count", &["sudoku", "count", "s9-empty.txt", "--limit", "1000000000000"][..]),
        ("sudoku-25-xc", &["sudoku", "count", "s25-few.txt", "--engine", "xc", "--limit", "1000000"][..]),
        ("sudoku-generate-25", &["sudoku", "generate", "--size", "25"][..]),
        ("sudoku-generate-16", &["sudoku", "generate", "--size", "16"][..]),
    ] {
        let reads: Vec<(String, Content)> =
            files.iter().filter(|f| args.contains(&f.0.as_str())).cloned().collect();
        // Which Sudoku cases already hold their budget is recorded in the test's sample list.
        cases.push(case(name, &format!("sudoku {}", args[1]), args, reads, false));
    }
}
