//! The solvers on the seeded corpus of sparse and unsatisfiable boards (`common/hidato_corpus/`),
//! whose answers come from the construction, not from a solver: every engine finds a valid
//! answer to each satisfiable case and none to each unsatisfiable one, and the engines agree on
//! the count up to two. Also the sparse boards with 1 to 4 solutions (`sparse.rs`).

use crate::common::hidato_corpus;

use std::time::Duration;

use hidato_corpus::sparse::{sparse, Adding};
use hidato_corpus::{corpus, Expected};
use tessera::hidato::{count, solve, verify, Adjacency, Budget, Engine, Query};

/// A budget no case here should come near: a test that gives up fails, it does not hang.
fn budget() -> Budget {
    Budget::unlimited().with_timeout(Duration::from_secs(60))
}

#[test]
fn every_engine_answers_the_sparse_corpus_as_constructed() {
    let cases = corpus(2026, 6, 12, 6);
    assert!(cases.len() > 60, "a corpus of {} cases", cases.len());
    for case in &cases {
        let puzzle = &case.puzzle;
        let name = &case.name;
        // The domain search alone stalls on open sparse boards (the reason for the walker), the
        // exact-cover route sooner: they run where they answer in time.
        let mut engines = vec![Engine::Auto, Engine::Walk];
        if puzzle.size() <= 64 || case.expected == Expected::Unsat {
            engines.push(Engine::Domain);
        }
        if puzzle.size() <= 30 {
            engines.push(Engine::ExactCover);
        }
        for &engine in &engines {
            let found = solve(puzzle, &Query::default().with_engine(engine).with_budget(budget()))
                .unwrap_or_else(|e| panic!("{name} {engine:?}: {e}"));
            match case.expected {
                Expected::Sat => {
                    let answer = found.unwrap_or_else(|| panic!("{name} {engine:?}: no solution found"));
                    assert!(verify(puzzle, &answer).is_valid(), "{name} {engine:?}: invalid\n{answer}");
                }
                Expected::Unsat => {
                    assert!(found.is_none(), "{name} {engine:?}: a solution to an unsolvable case");
                }
            }
        }
        // Counts up to 2: Auto (reversals of the first solution), the walker and the domain
        // search must agree; the exact-cover route too where it is run.
        let counts: Vec<(Engine, u64)> = engines
            .iter()
            .map(|&engine| {
                let n =
                    count(puzzle, &Query::default().with_limit(2).with_engine(engine).with_budget(budget()))
                        .result()
                        .unwrap_or_else(|e| panic!("{name} {engine:?}: {e}"));
                (engine, n)
            })
            .collect();
        let first = counts[0].1;
        assert!(counts.iter().all(|&(_, n)| n == first), "{name}: counts differ {counts:?}");
        match case.expected {
            Expected::Sat => assert!(first >= 1, "{name}"),
            Expected::Unsat => assert_eq!(first, 0, "{name}"),
        }
    }
}

/// Satisfiable cases have many solutions: the reversals of the first one give a second that is
/// valid, and `count` with a bigger limit agrees between the portfolio and the walker.
#[test]
fn counts_beyond_two_agree() {
    for case in corpus(7, 6, 8, 3).iter().filter(|case| case.expected == Expected::Sat) {
        let puzzle = &case.puzzle;
        let auto = count(puzzle, &Query::default().with_limit(20).with_budget(budget())).result().unwrap();
        let walk =
            count(puzzle, &Query::default().with_limit(20).with_engine(Engine::Walk).with_budget(budget()))
                .result()
                .unwrap();
        assert_eq!(auto, walk, "{}", case.name);
    }
}

/// The sparse boards keep what `sparse.rs` promises: givens taken from a valid path, both ends or
/// neither, types and shapes by index, 1 to 4 solutions (counted again by the learner alone, an
/// engine the generator's portfolio does not depend on), thinned boards no denser than before
/// thinning would leave them, and the same board for the same arguments.
#[test]
fn sparse_boards_are_as_documented() {
    let timeout = Duration::from_secs(60);
    for index in 0..8 {
        for (adding, thin) in
            [(Adding::Uniform, false), (Adding::Distinguishing, false), (Adding::Distinguishing, true)]
        {
            let board =
                sparse(2026, index, 6, 8, timeout, adding, thin).unwrap_or_else(|d| panic!("{}", d.name));
            let (puzzle, solution, name) = (&board.puzzle, &board.solution, &board.name);
            assert!(verify(puzzle, solution).is_valid(), "{name}: the path is no answer");
            let kind = if index % 2 == 0 { Adjacency::King } else { Adjacency::Orthogonal };
            assert_eq!(puzzle.adjacency(), kind, "{name}");
            assert_eq!(board.holed, puzzle.cells().contains(&-1), "{name}");
            assert_eq!((board.holed, board.ends), ((index / 2) % 2 == 1, (index / 4) % 2 == 0), "{name}");
            let n = puzzle.size() as i32;
            let ends = puzzle.cells().iter().filter(|&&v| v == 1 || v == n).count();
            assert_eq!(ends, if board.ends { 2 } else { 0 }, "{name}");
            let givens = puzzle.givens() as f64 / f64::from(n);
            assert!((board.final_fraction - givens).abs() < 1e-9, "{name}");
            assert!(board.start_fraction <= board.final_fraction, "{name}");
            let learnt = count(
                puzzle,
                &Query::default().with_limit(5).with_engine(Engine::Learn).with_budget(budget()),
            )
            .result()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                (1..=4).contains(&learnt) && learnt == board.solutions,
                "{name}: the learner counts {learnt}"
            );
            let again =
                sparse(2026, index, 6, 8, timeout, adding, thin).unwrap_or_else(|d| panic!("{}", d.name));
            assert_eq!((&again.name, &again.puzzle), (name, puzzle), "not reproducible");
        }
    }
}
