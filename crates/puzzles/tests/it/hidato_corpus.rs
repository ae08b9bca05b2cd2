//! The Hidato/Numbrix corpus generator (`common/hidato_corpus/`) checked on its own, without any
//! solver: satisfiable cases carry a valid answer that keeps their givens, unsatisfiable cases have
//! the defect their kind names, sizes stay in bounds, and the corpus is reproducible.

use crate::common::hidato_corpus;

use std::collections::{HashSet, VecDeque};

use hidato_corpus::{corpus, Case, Expected, GROUPS};
use tessera::hidato::{parse_puzzles, to_text, verify, Adjacency, Hidato};

/// The settings of the CI-sized corpus checked here.
const SEED: u64 = 2026;
const MIN_SIDE: usize = 6;
const MAX_SIDE: usize = 12;
const PER_KIND: usize = 8;

/// Grid distance from coordinates: Chebyshev (king) or Manhattan (orthogonal).
fn grid_distance(puzzle: &Hidato, a: usize, b: usize) -> usize {
    let w = puzzle.width();
    let (dx, dy) = ((a % w).abs_diff(b % w), (a / w).abs_diff(b / w));
    match puzzle.adjacency() {
        Adjacency::King => dx.max(dy),
        Adjacency::Orthogonal => dx + dy,
    }
}

/// The givens as `(cell, number)`.
fn givens(puzzle: &Hidato) -> Vec<(usize, i32)> {
    puzzle.cells().iter().enumerate().filter(|&(_, &v)| v > 0).map(|(c, &v)| (c, v)).collect()
}

/// The pairs of givens farther apart than their difference, and (Numbrix) the pairs within reach
/// whose colour difference has the wrong parity.
fn bad_pairs(puzzle: &Hidato) -> (usize, usize) {
    let givens = givens(puzzle);
    let (mut far, mut parity) = (0, 0);
    for (i, &(a, x)) in givens.iter().enumerate() {
        for &(b, y) in &givens[i + 1..] {
            let (steps, d) = (x.abs_diff(y) as usize, grid_distance(puzzle, a, b));
            if d > steps {
                far += 1;
            } else if puzzle.adjacency() == Adjacency::Orthogonal && (steps - d) % 2 == 1 {
                parity += 1;
            }
        }
    }
    (far, parity)
}

/// The sizes of the pieces of the board without the cells in `removed`.
fn components(puzzle: &Hidato, removed: &[usize]) -> Vec<Vec<usize>> {
    let cells = puzzle.cells().len();
    let mut seen = vec![false; cells];
    let mut pieces = Vec::new();
    for start in 0..cells {
        if puzzle.is_hole(start) || seen[start] || removed.contains(&start) {
            continue;
        }
        seen[start] = true;
        let mut piece = vec![start];
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            for next in puzzle.neighbours(cell) {
                if !seen[next] && !removed.contains(&next) {
                    seen[next] = true;
                    piece.push(next);
                    queue.push_back(next);
                }
            }
        }
        pieces.push(piece);
    }
    pieces
}

fn connected(puzzle: &Hidato) -> bool {
    components(puzzle, &[]).len() == 1
}

fn holes(puzzle: &Hidato) -> usize {
    puzzle.cells().len() - puzzle.size()
}

/// Whether some given `k` (2..N-1) sits on a door `D` whose other side is a pocket of 2 or more
/// cells holding neither `k - 1` nor `k + 1`, which are given next to `D`.
fn has_door(puzzle: &Hidato) -> bool {
    let givens = givens(puzzle);
    let at = |number: i32| givens.iter().find(|&&(_, x)| x == number).map(|&(c, _)| c);
    givens.iter().any(|&(d, k)| {
        let (Some(before), Some(after)) = (at(k - 1), at(k + 1)) else { return false };
        if k < 3 || k as usize > puzzle.size() - 2 || !puzzle.touch(d, before) || !puzzle.touch(d, after) {
            return false;
        }
        components(puzzle, &[d])
            .iter()
            .any(|piece| piece.len() >= 2 && !piece.contains(&before) && !piece.contains(&after))
    })
}

fn check_sat(case: &Case) {
    let (puzzle, name) = (&case.puzzle, &case.name);
    let solution = case.solution.as_ref().unwrap_or_else(|| panic!("{name}: no solution"));
    let verdict = verify(puzzle, solution);
    assert!(verdict.is_valid(), "{name}: {verdict}\n{puzzle}\n{solution}");
    assert!((1..=6).contains(&puzzle.givens()), "{name}: {} givens", puzzle.givens());
    assert_eq!(bad_pairs(puzzle), (0, 0), "{name}");
    let total = puzzle.cells().len();
    match case.kind {
        "open" => assert_eq!(holes(puzzle), 0, "{name}"),
        "holed" => {
            let holes = holes(puzzle);
            assert!(holes * 100 >= total * 5 && holes <= (total * 35).div_ceil(100), "{name}: {holes} holes");
        }
        kind => panic!("{name}: satisfiable kind {kind}"),
    }
}

fn check_unsat(case: &Case) {
    let (puzzle, name) = (&case.puzzle, &case.name);
    assert!(case.solution.is_none(), "{name}: an answer to an unsatisfiable case");
    let orthogonal = puzzle.adjacency() == Adjacency::Orthogonal;
    let (far, parity) = bad_pairs(puzzle);
    let ends = (0..puzzle.cells().len()).filter(|&c| !puzzle.is_hole(c) && puzzle.neighbours(c).count() == 1);
    match case.kind {
        "distance" => assert_eq!(far, 1, "{name}: one pair of givens too far apart\n{puzzle}"),
        "parity" => {
            assert!(orthogonal, "{name}");
            assert_eq!((far, parity), (0, 1), "{name}: one pair of the wrong parity\n{puzzle}");
        }
        "colours" => {
            assert!(orthogonal, "{name}");
            let black = (0..puzzle.cells().len())
                .filter(|&c| !puzzle.is_hole(c) && (c % puzzle.width() + c / puzzle.width()) % 2 == 0)
                .count();
            let white = puzzle.size() - black;
            assert!(black.abs_diff(white) > 1, "{name}: {black} and {white} cells\n{puzzle}");
            assert!(connected(puzzle), "{name}: disconnected\n{puzzle}");
        }
        "cut-off" => assert!(!connected(puzzle) && puzzle.size() >= 2, "{name}: connected\n{puzzle}"),
        "ends" => {
            assert!(ends.count() >= 3, "{name}: fewer than 3 cells with one neighbour\n{puzzle}");
            assert!(connected(puzzle), "{name}: disconnected\n{puzzle}");
        }
        "door" => {
            assert!(has_door(puzzle), "{name}: no door\n{puzzle}");
            assert!(connected(puzzle), "{name}: disconnected\n{puzzle}");
            assert!(puzzle.givens() <= 5, "{name}");
        }
        kind => panic!("{name}: unsatisfiable kind {kind}"),
    }
    if !matches!(case.kind, "distance" | "parity") {
        assert_eq!((far, parity), (0, 0), "{name}: the extras are consistent\n{puzzle}");
    }
    if matches!(case.kind, "distance" | "parity" | "colours" | "cut-off" | "ends") {
        assert!(puzzle.givens() <= 5, "{name}: {} givens", puzzle.givens());
    }
}

fn check_corpus(cases: &[Case], min_side: usize, max_side: usize, per_kind: usize) {
    assert_eq!(cases.len(), GROUPS.len() * per_kind);
    for (group, &(expected, kind, adjacency)) in GROUPS.iter().enumerate() {
        for case in &cases[group * per_kind..(group + 1) * per_kind] {
            assert_eq!((case.expected, case.kind, case.puzzle.adjacency()), (expected, kind, adjacency));
        }
    }
    let names: HashSet<&str> = cases.iter().map(|case| case.name.as_str()).collect();
    assert_eq!(names.len(), cases.len(), "names are unique");
    for case in cases {
        let puzzle = &case.puzzle;
        let name = &case.name;
        assert!(name.starts_with(&format!("{}-{}-", case.expected.name(), case.kind)), "{name}");
        assert!(
            name.contains(&format!("-{}x{}-g{}-", puzzle.width(), puzzle.height(), puzzle.givens())),
            "{name}"
        );
        for side in [puzzle.width(), puzzle.height()] {
            assert!((min_side..=max_side).contains(&side), "{name}: side {side}");
        }
        let again = Hidato::new(puzzle.width(), puzzle.height(), puzzle.cells().to_vec(), puzzle.adjacency());
        assert_eq!(again.as_ref(), Ok(puzzle), "{name}");
        match case.expected {
            Expected::Sat => check_sat(case),
            Expected::Unsat => check_unsat(case),
        }
    }
}

#[test]
fn ci_corpus_is_sound() {
    check_corpus(&corpus(SEED, MIN_SIDE, MAX_SIDE, PER_KIND), MIN_SIDE, MAX_SIDE, PER_KIND);
}

/// The example's default corpus, the one used for benchmarks.
#[test]
fn benchmark_corpus_is_sound() {
    check_corpus(&corpus(2026, 6, 30, 24), 6, 30, 24);
}

#[test]
fn other_seeds_and_sizes_are_sound() {
    for seed in 100..120 {
        check_corpus(&corpus(seed, 4, 6, 2), 4, 6, 2);
    }
    for (seed, min_side, max_side, per_kind) in
        [(1, 4, 4, 6), (2, 4, 7, 6), (3, 5, 9, 5), (4, 13, 30, 2), (5, 8, 8, 1)]
    {
        check_corpus(&corpus(seed, min_side, max_side, per_kind), min_side, max_side, per_kind);
    }
}

#[test]
fn deterministic() {
    let first = corpus(SEED, MIN_SIDE, MAX_SIDE, 3);
    assert_eq!(first, corpus(SEED, MIN_SIDE, MAX_SIDE, 3));
    assert_ne!(first, corpus(SEED + 1, MIN_SIDE, MAX_SIDE, 3), "another seed, another corpus");
}

#[test]
fn sides_cover_the_range() {
    let cases = corpus(SEED, MIN_SIDE, MAX_SIDE, PER_KIND);
    for side in [MIN_SIDE, MAX_SIDE] {
        assert!(
            cases.iter().any(|case| case.puzzle.width() == side || case.puzzle.height() == side),
            "{side}"
        );
    }
    assert!(cases.iter().any(|case| case.puzzle.width() != case.puzzle.height()), "not only squares");
    assert!(cases.iter().any(|case| case.puzzle.width() == case.puzzle.height()), "some squares");
}

#[test]
fn text_files_read_back() {
    let cases = corpus(SEED, MIN_SIDE, MAX_SIDE, 2);
    for adjacency in [Adjacency::King, Adjacency::Orthogonal] {
        let puzzles: Vec<Hidato> =
            cases.iter().map(|case| case.puzzle.clone()).filter(|p| p.adjacency() == adjacency).collect();
        assert_eq!(parse_puzzles(&to_text(&puzzles), adjacency).as_ref(), Ok(&puzzles));
    }
}
