//! Properties of the search on random small problems, against a brute-force oracle that tries every
//! subset of the options (see `common::Spec::brute_force`): counts, limits, the parallel split,
//! seeded orders and node budgets, on every engine. A failing case prints the problem in Knuth's
//! format.

use crate::common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use tessera_xc::{Budget, Engine, GaveUp, OptionId, Outcome, ParallelSearch, Problem, Solver};

use common::{Spec, ENGINES};

fn all_solutions(solver: Solver<'_>) -> Vec<Vec<OptionId>> {
    solver.collect()
}

/// 512 cases, or `PROPTEST_CASES` for a longer hunt.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(512);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    /// On every engine: the count, and the set of solutions, are the brute force's; every solution
    /// is an exact cover and none repeats; the iterator, the visitor and `first` agree; and the
    /// engines find the solutions in the same order. The bitset engine walks DLX1's tree (the same
    /// nodes); the look-ahead engine never needs more nodes than DLX1.
    #[test]
    fn count_matches_brute_force(spec in common::spec_strategy(8, 14)) {
        let problem = spec.build();
        let expected = spec.brute_force();
        let reference = all_solutions(problem.solver().with_engine(Engine::Dlx1));
        let dlx1 = problem.solver().with_engine(Engine::Dlx1).count_all();

        for engine in ENGINES {
            let mut solver = problem.solver().with_engine(engine);
            let count = solver.count_all();
            let resolved = solver.engine();
            prop_assert_eq!(count.solutions, expected.len() as u64, "{:?}", resolved);
            prop_assert_eq!(count.outcome, Outcome::Exhausted, "{:?}", resolved);
            match resolved {
                Engine::Dlx1 | Engine::Bitset => prop_assert_eq!(count.stats.nodes, dlx1.stats.nodes, "{:?}", resolved),
                _ => prop_assert!(count.stats.nodes <= dlx1.stats.nodes, "{:?}: more nodes than DLX1", resolved),
            }

            let iterated = all_solutions(problem.solver().with_engine(engine));
            let set = common::check_solutions(&problem, &iterated, &format!("{resolved:?}, iterator"));
            prop_assert_eq!(&set, &expected, "{:?}", resolved);
            prop_assert_eq!(&iterated, &reference, "{:?} and DLX1 find the solutions in other orders", resolved);

            let mut visited = Vec::new();
            let visit = problem.solver().with_engine(engine).visit_up_to(u64::MAX, |s| visited.push(s.to_vec()));
            prop_assert_eq!(&visited, &iterated, "{:?}: visit_up_to and the iterator disagree", resolved);
            prop_assert_eq!(visit, count, "{:?}: visit_up_to and count_all disagree", resolved);

            let first = problem.solver().with_engine(engine).first();
            prop_assert_eq!(first, Ok(iterated.first().cloned()), "{:?}", resolved);
        }

        // The independent checker accepts every subset that the brute force accepts.
        for solution in &expected {
            let ids: Vec<OptionId> = solution.iter().map(|&k| OptionId::from_index(k)).collect();
            prop_assert!(problem.is_solution(&ids));
        }
    }

    /// `count_up_to(k)` gives `min(k, total)`: `LimitReached` once `k` solutions were found (there
    /// may be more, so also when `k` equals the total), `Exhausted` when the tree ran out first.
    #[test]
    fn count_up_to_stops_at_the_limit(spec in common::spec_strategy(8, 14)) {
        let problem = spec.build();
        let total = spec.brute_force().len() as u64;
        for engine in ENGINES {
            for limit in (0..=total + 1).chain([u64::MAX]) {
                let expected_outcome = if limit <= total { Outcome::LimitReached } else { Outcome::Exhausted };
                let count = problem.solver().with_engine(engine).count_up_to(limit);
                prop_assert_eq!(count.solutions, limit.min(total), "{:?}, limit {}", engine, limit);
                prop_assert_eq!(count.outcome, expected_outcome, "{:?}, limit {}", engine, limit);
                for threads in [2, 3] {
                    let count = ParallelSearch::new(&problem).with_threads(threads).with_engine(engine).count_up_to(limit);
                    prop_assert_eq!(count.solutions, limit.min(total), "{:?}, {} threads, limit {}", engine, threads, limit);
                    prop_assert_eq!(count.outcome, expected_outcome, "{:?}, {} threads, limit {}", engine, threads, limit);
                }
            }
        }
    }

    /// One, two and three threads find the same solutions as the sequential search, each once,
    /// with the same node and update totals; a limited parallel collection hands out exactly
    /// `limit` distinct solutions.
    #[test]
    fn parallel_matches_sequential(spec in common::spec_strategy(8, 14)) {
        let problem = spec.build();
        let expected = spec.brute_force();
        let total = expected.len() as u64;
        for engine in ENGINES {
            let sequential = problem.solver().with_engine(engine).count_all();
            for threads in [1, 2, 3] {
                let search = ParallelSearch::new(&problem).with_threads(threads).with_engine(engine);
                let count = search.count_all();
                prop_assert_eq!(count, sequential, "{:?}, {} threads: count_all", engine, threads);

                let (solutions, count) = search.solutions_up_to(u64::MAX);
                prop_assert_eq!(count, sequential, "{:?}, {} threads: solutions_up_to", engine, threads);
                let set = common::check_solutions(&problem, &solutions, "parallel");
                prop_assert_eq!(&set, &expected, "{:?}, {} threads: other solutions", engine, threads);

                if total > 1 {
                    let limit = total / 2;
                    let (some, count) = search.solutions_up_to(limit);
                    prop_assert_eq!(count.solutions, limit);
                    prop_assert_eq!(some.len() as u64, limit, "{:?}, {} threads: visits past the limit", engine, threads);
                    let some = common::check_solutions(&problem, &some, "parallel, limited");
                    prop_assert!(some.is_subset(&expected));
                }
            }
        }
    }

    /// A seed fixes the order: the same seed gives the same sequence of solutions (on every engine
    /// the same), and every seed finds the same set as the unseeded search, with the same tree
    /// (only the order of each node's children changes, so the node and update totals do not).
    #[test]
    fn seeded_search_is_reproducible(spec in common::spec_strategy(8, 14), seed in any::<u64>()) {
        let problem = spec.build();
        let expected = spec.brute_force();
        let reference = all_solutions(problem.solver().with_engine(Engine::Dlx1).with_seed(seed));
        for engine in ENGINES {
            let once = all_solutions(problem.solver().with_engine(engine).with_seed(seed));
            let twice = all_solutions(problem.solver().with_engine(engine).with_seed(seed));
            prop_assert_eq!(&once, &twice, "{:?}, seed {}: two runs differ", engine, seed);
            let set = common::check_solutions(&problem, &once, "seeded");
            prop_assert_eq!(&set, &expected, "{:?}, seed {}: other solutions", engine, seed);
            prop_assert_eq!(&once, &reference, "{:?}, seed {}: another order than DLX1's", engine, seed);

            let unseeded = problem.solver().with_engine(engine).count_all();
            let seeded = problem.solver().with_engine(engine).with_seed(seed).count_all();
            prop_assert_eq!(seeded, unseeded, "{:?}, seed {}: another tree", engine, seed);
        }
    }

    /// A node budget below the tree's size gives up with `NodeLimit`, having found a prefix of the
    /// unlimited search's solutions; a budget of exactly the tree's size is enough.
    #[test]
    fn node_budget_gives_up(
        spec in common::spec_strategy(8, 14),
        fraction in 0.0..1.0f64,
        seed in any::<u64>(),
    ) {
        let problem = spec.build();
        let total = spec.brute_force().len() as u64;
        for engine in ENGINES {
            for seeded in [false, true] {
                let solver = |budget: Budget| {
                    let solver = problem.solver().with_engine(engine).with_budget(budget);
                    if seeded { solver.with_seed(seed) } else { solver }
                };
                let full = solver(Budget::unlimited()).count_all();
                let order = all_solutions(solver(Budget::unlimited()));
                prop_assert!(full.stats.nodes >= 1);

                let nodes = (full.stats.nodes as f64 * fraction) as u64;
                let what = format!("{engine:?}, seeded {seeded}, budget {nodes} of {}", full.stats.nodes);
                let mut found = Vec::new();
                let limited = solver(Budget::unlimited().with_nodes(nodes))
                    .visit_up_to(u64::MAX, |s| found.push(s.to_vec()));
                prop_assert_eq!(limited.outcome, Outcome::GaveUp(GaveUp::NodeLimit), "{}", what);
                prop_assert!(limited.gave_up());
                prop_assert!(limited.solutions <= total, "{}", what);
                prop_assert_eq!(limited.solutions, found.len() as u64, "{}", what);
                prop_assert!(limited.stats.nodes <= nodes, "{}: spent {} nodes", what, limited.stats.nodes);
                prop_assert_eq!(&found[..], &order[..found.len()], "{}: not a prefix of the unlimited order", what);

                let mut budgeted = solver(Budget::unlimited().with_nodes(nodes));
                prop_assert_eq!(budgeted.by_ref().count() as u64, limited.solutions, "{}", what);
                prop_assert_eq!(budgeted.gave_up(), Some(GaveUp::NodeLimit), "{}", what);

                let exact = solver(Budget::unlimited().with_nodes(full.stats.nodes)).count_all();
                prop_assert_eq!(exact, full, "{}: a budget of exactly the tree's nodes", what);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: config().cases / 4, ..config() })]

    /// Beyond the brute force's reach (up to 150 options, so the bitset engine needs several words
    /// per vector): every engine finds the same first solutions (up to 2000) in the same order as
    /// DLX1, sequentially and seeded, each an exact cover, and as many on three threads.
    #[test]
    fn engines_agree_on_larger_problems(spec in common::spec_strategy(12, 150), seed in any::<u64>()) {
        const LIMIT: u64 = 2_000;
        let problem = spec.build();
        let collect = |engine: Engine, seed: Option<u64>| {
            let mut solver = problem.solver().with_engine(engine);
            if let Some(seed) = seed {
                solver = solver.with_seed(seed);
            }
            let mut found = Vec::new();
            let count = solver.visit_up_to(LIMIT, |s| found.push(s.to_vec()));
            (found, count)
        };
        let (reference, dlx1) = collect(Engine::Dlx1, None);
        let (seeded_reference, _) = collect(Engine::Dlx1, Some(seed));
        common::check_solutions(&problem, &reference, "DLX1");
        for engine in ENGINES {
            let (found, count) = collect(engine, None);
            prop_assert_eq!(&found, &reference, "{:?}: another order than DLX1's", engine);
            prop_assert_eq!((count.solutions, count.outcome), (dlx1.solutions, dlx1.outcome), "{:?}", engine);
            let (seeded, _) = collect(engine, Some(seed));
            prop_assert_eq!(&seeded, &seeded_reference, "{:?}, seed {}: another order than DLX1's", engine, seed);
            let parallel = ParallelSearch::new(&problem).with_threads(3).with_engine(engine).count_up_to(LIMIT);
            prop_assert_eq!((parallel.solutions, parallel.outcome), (dlx1.solutions, dlx1.outcome), "{:?}: 3 threads", engine);
        }
    }
}

/// The brute force itself, on the two worked examples with known answers.
#[test]
fn brute_force_knows_the_examples() {
    // Knuth's paper: A..E primary (0..5), F G secondary (5, 6).
    let paper = Spec {
        primary: 5,
        secondary: 2,
        secondary_first: false,
        options: [vec![2, 4, 5], vec![0, 3, 6], vec![1, 2, 5], vec![0, 3], vec![1, 6], vec![3, 4, 6]]
            .into_iter()
            .map(|o| o.into_iter().map(|i| (i, None)).collect())
            .collect(),
        bounds: Vec::new(),
    };
    assert_eq!(paper.brute_force(), BTreeSet::from([vec![0, 3, 4]]));
    // Knuth's colour example: p q r (0..3), x y (3, 4); colour A = 1, B = 2.
    let (a, b) = (Some(1), Some(2));
    let colors = Spec {
        primary: 3,
        secondary: 2,
        secondary_first: true,
        options: vec![
            vec![(0, None), (1, None), (3, None), (4, a)],
            vec![(0, None), (2, None), (3, a), (4, None)],
            vec![(0, None), (3, b)],
            vec![(1, None), (3, a)],
            vec![(2, None), (4, b)],
        ],
        bounds: Vec::new(),
    };
    assert_eq!(colors.brute_force(), BTreeSet::from([vec![1, 3]]));
    let problem: Problem = colors.build();
    assert_eq!(problem.solver().count_all().solutions, 1);
    let parsed = tessera_xc::parse(&colors.to_dlx()).unwrap();
    assert_eq!(parsed.solver().count_all().solutions, 1);
}
