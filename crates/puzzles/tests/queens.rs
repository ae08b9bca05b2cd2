//! N-queens: OEIS A000170 for n = 1..14 from both solvers, sequential and parallel.

#![allow(clippy::needless_range_loop, reason = "n is both the board size and the OEIS index")]

use tessera::queens::{count, is_solution, render, solutions_up_to, ExactCover, Outcome};
use tessera::xc::Budget;

const A000170: [u64; 15] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596];

#[test]
fn bitmask_counts_match_oeis() {
    for n in 1..=14 {
        for threads in [1, 2] {
            let c = count(n, threads, &Budget::unlimited());
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
        let c = ExactCover::new(n).count_up_to(u64::MAX, 1, &Budget::unlimited());
        assert_eq!(c.solutions, A000170[n], "n = {n}");
    }
    for n in [13, 14] {
        let c = ExactCover::new(n).count_up_to(u64::MAX, 2, &Budget::unlimited());
        assert_eq!(c.solutions, A000170[n], "n = {n}");
    }
}

#[test]
fn both_solvers_list_the_same_solutions() {
    for n in 1..=9 {
        let (mut a, ca) = solutions_up_to(n, u64::MAX, &Budget::unlimited());
        let (mut b, _) = ExactCover::new(n).solutions_up_to(u64::MAX, 2, &Budget::unlimited());
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
    let (s, c) = solutions_up_to(8, 5, &Budget::unlimited());
    assert_eq!((s.len(), c.outcome), (5, Outcome::LimitReached));
    assert!(count(20, 2, &Budget::unlimited().with_nodes(100_000)).gave_up());
    assert!(ExactCover::new(20).count_up_to(u64::MAX, 1, &Budget::unlimited().with_nodes(10_000)).gave_up());
    assert!(!is_solution(&[0, 1]));
    assert!(!is_solution(&[0, 0]));
    assert_eq!(render(&[0]), "Q\n");
    assert_eq!(count(40, 1, &Budget::unlimited()).solutions, 0);
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
                time(&|| count(n, threads, &Budget::unlimited()).solutions)
            );
        }
    }
    for n in [12, 14] {
        for threads in [1, 2] {
            let cover = ExactCover::new(n);
            let r = time(&|| cover.count_up_to(u64::MAX, threads, &Budget::unlimited()).solutions);
            println!("{n} xc threads={threads}: {r:?}");
        }
    }
}
