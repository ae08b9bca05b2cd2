//! Under the internal checks (`tessera_xc::enable_debug_checks`, in any build with debug
//! assertions or the `debug-checks` feature) the dancing-links engines walk every link after each
//! uncover and panic if one is broken. These tests drive them through the small instances and random problems
//! (coloured ones, with multiplicities, seeded orders, parallel subproblems, searches stopped by a
//! limit or a budget), so that every path through cover, hide, purify, the look-ahead, Algorithm
//! M's tweaks and their inverses runs under the check.
//!
//! `cargo test -p tessera-xc --test debug_checks` (the checks are switched on by each test; a
//! release build has them only with `--features debug-checks`)
#![cfg(any(feature = "debug-checks", debug_assertions))]

mod common;

use proptest::prelude::*;
use tessera_xc::{Budget, Engine, Outcome, ParallelSearch, Problem};

/// The engines that dance: the bitset engine has no links to check.
const LINKED: [Engine; 2] = [Engine::Links, Engine::Dlx1];

#[test]
fn own_instances_under_checks() {
    checked();
    let dir = common::own_data();
    for answer in common::answers(&dir) {
        let problem = common::load(&dir.join(&answer.file));
        for engine in LINKED {
            let name = format!("{} on {engine:?}", answer.file);
            let solver = || problem.solver().with_engine(engine);
            let count = solver().count_all();
            assert_eq!((count.solutions, count.outcome), (answer.solutions, Outcome::Exhausted), "{name}");
            for seed in [1, 2, 0xdead_beef] {
                let seeded = solver().with_seed(seed).count_all();
                if problem.has_multiplicities() {
                    // One shuffle of the whole problem: another tree, the same solutions.
                    assert_eq!(seeded.solutions, count.solutions, "{name}, seed {seed}");
                } else {
                    assert_eq!(seeded, count, "{name}, seed {seed}");
                }
            }
            let parallel = ParallelSearch::new(&problem).with_threads(2).with_engine(engine).count_all();
            assert_eq!(parallel, count, "{name}, 2 threads");
            // Stopped halfway by a limit and by a budget: the links must be whole up to there.
            let half = solver().count_up_to(answer.solutions / 2);
            assert_eq!(half.solutions, answer.solutions / 2, "{name}, limit");
            let budget = Budget::unlimited().with_nodes(count.stats.nodes / 2);
            assert!(solver().with_budget(budget).count_all().gave_up(), "{name}, budget");
        }
    }
}

#[test]
fn shared_small_instances_under_checks() {
    checked();
    let Some(data) = common::shared_data("debug_checks::shared_small_instances_under_checks") else {
        return;
    };
    // The quick ones: the checks make the search many times slower.
    for (file, expected) in [("queens8.dlx", 92), ("langford7.dlx", 52), ("shidoku.dlx", 288)] {
        let problem = common::load(&data.join("xc").join(file));
        for engine in LINKED {
            let count = problem.solver().with_engine(engine).count_all();
            assert_eq!((count.solutions, count.outcome), (expected, Outcome::Exhausted), "{file} {engine:?}");
            let seeded = problem.solver().with_engine(engine).with_seed(7).count_all();
            assert_eq!(seeded, count, "{file} {engine:?}, seeded");
        }
    }
}

/// Each linked engine counts `expected` solutions of `problem` plainly, seeded, on two threads,
/// and stopped by a limit at half of them.
/// The checks on, and on indeed (a test of them that ran without them could not fail).
fn checked() {
    assert!(tessera_xc::enable_debug_checks(), "this build has no internal checks");
}

fn counts_under_checks(problem: &Problem, expected: u64, seed: u64) -> Result<(), TestCaseError> {
    checked();
    for engine in LINKED {
        let solver = || problem.solver().with_engine(engine);
        prop_assert_eq!(solver().count_all().solutions, expected, "{:?}", engine);
        prop_assert_eq!(solver().with_seed(seed).count_all().solutions, expected, "{:?}, seeded", engine);
        let parallel = ParallelSearch::new(problem).with_threads(2).with_engine(engine).count_all();
        prop_assert_eq!(parallel.solutions, expected, "{:?}, 2 threads", engine);
        prop_assert_eq!(solver().count_up_to(expected / 2).solutions, expected / 2, "{:?}, limit", engine);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_problems_under_checks(spec in common::spec_strategy(8, 14), seed in any::<u64>()) {
        let problem = spec.build();
        counts_under_checks(&problem, spec.brute_force().len() as u64, seed)?;
        for engine in LINKED {
            let solutions: Vec<_> = problem.solver().with_engine(engine).with_seed(seed).collect();
            common::check_solutions(&problem, &solutions, "seeded");
        }
    }

    /// Problems with multiplicities: Algorithm M's tweaks, untweaks and leave branches.
    #[test]
    fn bounded_problems_under_checks(spec in common::bounded_spec_strategy(6, 12), seed in any::<u64>()) {
        counts_under_checks(&spec.build(), spec.brute_force().len() as u64, seed)?;
    }

    /// Larger random problems than the brute force can check: only the links are checked here.
    #[test]
    fn larger_random_problems_under_checks(spec in common::spec_strategy(12, 40), seed in any::<u64>()) {
        checked();
        let problem = spec.build();
        for engine in LINKED {
            let count = problem.solver().with_engine(engine).count_all();
            prop_assert_eq!(count.outcome, Outcome::Exhausted);
            prop_assert_eq!(problem.solver().with_engine(engine).with_seed(seed).count_all(), count);
            prop_assert_eq!(ParallelSearch::new(&problem).with_threads(3).with_engine(engine).count_all(), count);
        }
    }
}
