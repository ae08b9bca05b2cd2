//! The calling convention shared by every puzzle (docs/ARCHITECTURE.md), tried on each: `solutions`
//! agrees with `count`, with every engine, with the exact-cover reduction, and with the verifier;
//! `solve` returns one of them; limits and budgets end the same way everywhere.

use std::collections::BTreeSet;
use std::fmt::Debug;

use tessera::xc::Budget;
use tessera::{hidato, queens, sudoku, tiling, Count, Outcome, Solutions};

/// A solution as a comparable key.
fn key<S: Debug>(solution: &S) -> String {
    format!("{solution:?}")
}

/// Checks one puzzle's `solutions` against its `count` and the verifier, and returns the set of
/// solutions (as keys) for comparison between engines.
fn check<S: Debug>(
    name: &str,
    found: Solutions<S>,
    count: Count,
    total: u64,
    valid: impl Fn(&S) -> bool,
) -> BTreeSet<String> {
    assert_eq!((count.solutions, count.outcome), (total, Outcome::Exhausted), "{name}: count");
    assert_eq!(
        (found.count.solutions, found.count.outcome),
        (total, Outcome::Exhausted),
        "{name}: solutions' count"
    );
    assert_eq!(found.found.len() as u64, total, "{name}: solutions listed");
    assert!(found.found.iter().all(&valid), "{name}: every solution verifies");
    let set: BTreeSet<String> = found.found.iter().map(key).collect();
    assert_eq!(set.len() as u64, total, "{name}: distinct solutions");
    set
}

#[test]
fn sudoku_solutions_count_and_engines_agree() {
    // A 4x4 with two givens: many solutions.
    let puzzle = sudoku::Sudoku::parse("1...........3...").unwrap();
    let exact = sudoku::count(&puzzle, &sudoku::Query::default().with_engine(sudoku::Engine::ExactCover));
    let total = exact.solutions;
    assert!(total > 2);
    let mut sets = Vec::new();
    for engine in sudoku::Engine::ALL {
        let query = sudoku::Query::default().with_engine(engine);
        let found = sudoku::solutions(&puzzle, &query);
        let set = check(&format!("sudoku {engine}"), found, sudoku::count(&puzzle, &query), total, |s| {
            sudoku::verify(&puzzle, s).is_valid()
        });
        let first = sudoku::solve(&puzzle, &query).unwrap().expect("a solution");
        assert!(set.contains(&key(&first)), "sudoku {engine}: solve gives one of the solutions");
        sets.push(set);
    }
    assert!(sets.windows(2).all(|w| w[0] == w[1]), "every engine lists the same solutions");
}

#[test]
fn hidato_solutions_count_and_engines_agree() {
    let puzzle = hidato::parse_puzzle("3 3\n1 0 0\n0 0 0\n0 0 9\n", hidato::Adjacency::Orthogonal).unwrap();
    let mut sets = Vec::new();
    for engine in hidato::Engine::ALL {
        let query = hidato::Query::default().with_engine(engine);
        let found = hidato::solutions(&puzzle, &query);
        let set = check(&format!("hidato {engine}"), found, hidato::count(&puzzle, &query), 2, |s| {
            hidato::verify(&puzzle, s).is_valid()
        });
        let first = hidato::solve(&puzzle, &query).unwrap().expect("a solution");
        assert!(set.contains(&key(&first)), "hidato {engine}: solve gives one of the solutions");
        sets.push(set);
    }
    assert!(sets.windows(2).all(|w| w[0] == w[1]), "every engine lists the same solutions");
}

#[test]
fn tiling_solutions_count_and_engines_agree() {
    let (pieces, motion) = tiling::builtin("pentominoes").unwrap();
    let puzzle = tiling::Puzzle::new(tiling::Board::parse_size("3x20").unwrap(), pieces, motion);
    let mut sets = Vec::new();
    for engine in tiling::Engine::ALL {
        for threads in [1, 2] {
            let query = tiling::Query::default().with_engine(engine).with_threads(threads);
            let found = tiling::solutions(&puzzle, &query);
            let set = check(&format!("tiling {engine}"), found, tiling::count(&puzzle, &query), 8, |t| {
                tiling::verify(&puzzle, t).is_valid()
            });
            sets.push(set);
        }
    }
    assert!(sets.windows(2).all(|w| w[0] == w[1]), "every engine lists the same tilings");
}

#[test]
fn queens_solutions_count_and_engines_agree() {
    let board = queens::Board::new(6).unwrap();
    let mut sets = Vec::new();
    for engine in queens::Engine::ALL {
        let query = queens::Query::default().with_engine(engine);
        let found = queens::solutions(&board, &query);
        let set = check(&format!("queens {engine}"), found, queens::count(&board, &query), 4, |q| {
            queens::verify(&board, q).is_valid()
        });
        let first = queens::solve(&board, &query).unwrap().expect("a solution");
        assert!(set.contains(&key(&first)), "queens {engine}: solve gives one of the solutions");
        sets.push(set);
    }
    assert!(sets.windows(2).all(|w| w[0] == w[1]), "every engine lists the same placements");
}

#[test]
fn limits_and_budgets_end_alike_everywhere() {
    let limited = |count: &Count, name: &str| {
        assert_eq!((count.solutions, count.outcome), (1, Outcome::LimitReached), "{name}");
    };
    let sudoku_puzzle = sudoku::Sudoku::parse("1...........3...").unwrap();
    limited(&sudoku::count(&sudoku_puzzle, &sudoku::Query::default().with_limit(1)), "sudoku");
    let hidato_puzzle =
        hidato::parse_puzzle("3 3\n1 0 0\n0 0 0\n0 0 9\n", hidato::Adjacency::Orthogonal).unwrap();
    limited(&hidato::count(&hidato_puzzle, &hidato::Query::default().with_limit(1)), "hidato");
    let (pieces, motion) = tiling::builtin("pentominoes").unwrap();
    let tiling_puzzle = tiling::Puzzle::new(tiling::Board::parse_size("3x20").unwrap(), pieces, motion);
    limited(&tiling::count(&tiling_puzzle, &tiling::Query::default().with_limit(1)), "tiling");
    let board = queens::Board::new(6).unwrap();
    limited(&queens::count(&board, &queens::Query::default().with_limit(1)), "queens");

    // A budget of one node on a search that needs more ends in GaveUp, and solve says why.
    let none = Budget::unlimited().with_nodes(1);
    let big = queens::Board::new(24).unwrap();
    let query = queens::Query::default().with_budget(none.clone());
    assert!(queens::count(&big, &query).gave_up());
    let (pieces, motion) = tiling::builtin("pentominoes").unwrap();
    let wide = tiling::Puzzle::new(tiling::Board::parse_size("6x10").unwrap(), pieces, motion);
    assert!(tiling::count(&wide, &tiling::Query::default().with_budget(none.clone())).gave_up());
    let hard = sudoku::Sudoku::parse(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    )
    .unwrap();
    let query = sudoku::Query::default().with_engine(sudoku::Engine::General).with_budget(none.clone());
    assert!(sudoku::solve(&hard, &query).is_err());
    assert!(sudoku::count(&hard, &query).gave_up());
}

#[test]
fn engines_parse_and_print_their_names() {
    for engine in sudoku::Engine::ALL {
        assert_eq!(engine.to_string().parse::<sudoku::Engine>(), Ok(engine));
    }
    for engine in hidato::Engine::ALL {
        assert_eq!(engine.to_string().parse::<hidato::Engine>(), Ok(engine));
    }
    for engine in tiling::Engine::ALL {
        assert_eq!(engine.to_string().parse::<tiling::Engine>(), Ok(engine));
    }
    for engine in queens::Engine::ALL {
        assert_eq!(engine.to_string().parse::<queens::Engine>(), Ok(engine));
    }
    let err = "quick".parse::<sudoku::Engine>().unwrap_err();
    assert_eq!(err.to_string(), "unknown engine \"quick\"; expected one of auto, fast, general, xc, sat");
    assert_eq!(sudoku::Engine::default(), sudoku::Engine::Auto);
    assert_eq!(tiling::Engine::default(), tiling::Engine::Auto);
}
