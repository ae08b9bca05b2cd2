//! N-queens: OEIS A000170 for n = 1..14 from both solvers, sequential and parallel.

#![allow(clippy::needless_range_loop, reason = "n is both the board size and the OEIS index")]

use tessera::queens::{count, render, solutions, verify, Board, Engine, ExactCover, Outcome, Query};
use tessera::xc::Budget;
use tessera::{CoverQuery, Error, Reduction};

fn board(n: usize) -> Board {
    Board::new(n).unwrap()
}

fn is_solution(columns: &[usize]) -> bool {
    verify(&board(columns.len()), columns).is_valid()
}

const A000170: [u64; 15] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596];

#[test]
fn bitmask_counts_match_oeis() {
    for n in 1..=14 {
        for threads in [1, 2] {
            let c = count(&board(n), &Query::default().with_threads(threads));
            assert_eq!(
                (c.solutions, c.outcome),
                (A000170[n], Outcome::Exhausted),
                "n = {n}, {threads} threads"
            );
        }
    }
}

#[test]
fn exact_cover_counts_match_oeis() {
    for n in 1..=12 {
        let c = ExactCover::new(&board(n)).count(&CoverQuery::default());
        assert_eq!(c.solutions, A000170[n], "n = {n}");
    }
    for n in [13, 14] {
        let c = ExactCover::new(&board(n)).count(&CoverQuery::default().with_threads(2));
        assert_eq!(c.solutions, A000170[n], "n = {n}");
    }
}

#[test]
fn both_solvers_list_the_same_solutions() {
    for n in 1..=9 {
        let tessera::Solutions { found: mut a, count: ca, .. } = solutions(&board(n), &Query::default());
        let mut b =
            solutions(&board(n), &Query::default().with_engine(Engine::ExactCover).with_threads(2)).found;
        assert_eq!(ca.outcome, Outcome::Exhausted);
        assert!(a.windows(2).all(|w| w[0] < w[1]), "lexicographic order");
        a.sort();
        b.sort();
        assert_eq!(a, b, "n = {n}");
        assert!(a.iter().all(|s| is_solution(s)));
        assert_eq!(a.len() as u64, A000170[n]);
    }
}

#[test]
fn limits_budgets_and_printing() {
    let tessera::Solutions { found: s, count: c, .. } = solutions(&board(8), &Query::default().with_limit(5));
    assert_eq!((s.len(), c.outcome), (5, Outcome::LimitReached));
    assert!(count(
        &board(20),
        &Query::default().with_threads(2).with_budget(Budget::unlimited().with_nodes(100_000))
    )
    .gave_up());
    assert!(ExactCover::new(&board(20))
        .count(&CoverQuery::default().with_budget(Budget::unlimited().with_nodes(10_000)))
        .gave_up());
    assert!(!is_solution(&[0, 1]));
    assert!(!is_solution(&[0, 0]));
    assert_eq!(render(&[0]), "Q\n");
    // A side the solvers cannot take is an error, not a count of 0 (issue 12).
    assert!(matches!(Board::new(40), Err(Error::OutOfRange { value: 40, .. })));
}

/// Timings for docs/performance.md (`--ignored --nocapture`); the benches measure the same.
#[test]
#[ignore = "a timing probe, not a test"]
fn timing_probe() {
    let time = |f: &dyn Fn() -> u64| {
        (0..3)
            .map(|_| {
                let start = std::time::Instant::now();
                let solutions = f();
                (start.elapsed().as_secs_f64(), solutions)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap()
    };
    for n in [12, 14, 16] {
        for threads in [1, 2] {
            println!(
                "{n} bits threads={threads}: {:?}",
                time(&|| count(&board(n), &Query::default().with_threads(threads)).solutions)
            );
        }
    }
    for n in [12, 14] {
        for threads in [1, 2] {
            let cover = ExactCover::new(&board(n));
            let r = time(&|| cover.count(&CoverQuery::default().with_threads(threads)).solutions);
            println!("{n} xc threads={threads}: {r:?}");
        }
    }
}

/// A node budget is honoured within a small factor whatever its size and the threads: it was
/// looked at once every 65,536 nodes per task, so `--max-nodes 1` went on for 5 M nodes.
#[test]
fn small_node_budgets_are_honoured() {
    for (n, max) in [(14, 1), (14, 100), (20, 1_000), (24, 50_000)] {
        for threads in [1, 2] {
            let budget = Budget::unlimited().with_nodes(max);
            let c = count(&board(n), &Query::default().with_threads(threads).with_budget(budget));
            assert!(matches!(c.outcome, Outcome::GaveUp(_)), "n = {n}, max {max}: {c:?}");
            let bound = 2 * max + 64 * threads as u64;
            assert!(c.stats.nodes <= bound, "n = {n}, max {max}, {threads} threads: {} nodes", c.stats.nodes);
        }
    }
}
