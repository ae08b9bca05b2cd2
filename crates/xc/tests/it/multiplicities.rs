//! Knuth's multiplicities (his DLX3, Algorithm M): the builder's bounds, `is_solution`'s check of
//! them, and the search on random problems with bounds against the brute-force oracle (every
//! subset of the options; `common::Spec::brute_force`) on every engine, sequential, split over
//! threads, seeded, and under budgets.

use crate::common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use tessera_xc::{
    Budget, Engine, Error, GaveUp, ItemKind, OptionId, Outcome, ParallelSearch, Problem, ProblemBuilder,
};

use common::{bounded_spec_strategy, ENGINES};

/// 512 cases, or `PROPTEST_CASES` for a longer hunt.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(512);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

fn keys(solutions: &[Vec<OptionId>]) -> Vec<Vec<usize>> {
    solutions
        .iter()
        .map(|s| {
            let mut key: Vec<usize> = s.iter().map(|o| o.index()).collect();
            key.sort_unstable();
            key
        })
        .collect()
}

proptest! {
    #![proptest_config(config())]

    /// On every engine: the solutions are exactly the brute force's, each checked by
    /// `is_solution` and none found twice; the counts agree with the visitor's; two threads
    /// find the same set; a seed finds the same set in another order.
    #[test]
    fn bounded_counts_match_brute_force(spec in bounded_spec_strategy(6, 12)) {
        let problem = spec.build();
        let expected = spec.brute_force();
        for engine in ENGINES {
            let all: Vec<Vec<OptionId>> = problem.solver().with_engine(engine).collect();
            let set = common::check_solutions(&problem, &all, engine.name());
            prop_assert_eq!(&set, &expected, "{}", engine.name());
            let count = problem.solver().with_engine(engine).count_all();
            prop_assert_eq!(count.solutions, expected.len() as u64);
            prop_assert_eq!(count.outcome, Outcome::Exhausted);

            let (found, parallel) =
                ParallelSearch::new(&problem).with_engine(engine).with_threads(2).solutions_up_to(u64::MAX);
            prop_assert_eq!(parallel.solutions, expected.len() as u64);
            prop_assert_eq!(parallel.stats.nodes, count.stats.nodes, "the split counts each node once");
            prop_assert_eq!(keys(&found).into_iter().collect::<BTreeSet<_>>(), expected.clone());

            let seeded: Vec<Vec<OptionId>> = problem.solver().with_engine(engine).with_seed(7).collect();
            prop_assert_eq!(common::check_solutions(&problem, &seeded, "seeded"), expected.clone());
        }
    }

    /// Limits and node budgets stop the search where they should and a resumed iterator goes on.
    #[test]
    fn bounded_limits_and_budgets(spec in bounded_spec_strategy(6, 12), limit in 0u64..4, nodes in 1u64..40) {
        let problem = spec.build();
        let total = spec.brute_force().len() as u64;
        let count = problem.solver().count_up_to(limit);
        prop_assert_eq!(count.solutions, limit.min(total));
        if limit <= total {
            prop_assert_eq!(count.outcome, Outcome::LimitReached);
        }
        let full = problem.solver().count_all();
        let capped = problem.solver().with_budget(Budget::unlimited().with_nodes(nodes)).count_all();
        if full.stats.nodes > nodes {
            prop_assert_eq!(capped.outcome, Outcome::GaveUp(GaveUp::NodeLimit));
            prop_assert!(capped.stats.nodes <= nodes);
            prop_assert!(capped.solutions <= total);
        } else {
            prop_assert_eq!(capped, full);
        }
    }
}

#[test]
fn bounds_are_declared_and_checked() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let pair = b.primary_bounded("pair", 2, 3).unwrap();
    let any = b.primary_bounded("any", 0, 1).unwrap();
    let x = b.secondary("x").unwrap();
    assert_eq!(b.bounds(pair), Some((2, 3)));
    let problem_options = [vec![a, pair], vec![pair], vec![pair, any], vec![pair, x]];
    for option in &problem_options {
        b.option(option).unwrap();
    }
    let problem = b.build();
    assert!(problem.has_multiplicities());
    assert_eq!(problem.bounds(a), (1, 1));
    assert_eq!(problem.bounds(pair), (2, 3));
    assert_eq!(problem.bounds(any), (0, 1));
    assert_eq!(problem.bounds(x), (0, 1));
    let ids = |list: &[usize]| list.iter().map(|&i| OptionId::from_index(i)).collect::<Vec<_>>();
    assert!(problem.is_solution(&ids(&[0, 1])));
    assert!(problem.is_solution(&ids(&[0, 1, 2])));
    assert!(!problem.is_solution(&ids(&[0])), "pair is covered once, below its bound 2");
    assert!(!problem.is_solution(&ids(&[0, 1, 2, 3])), "pair is covered four times");
    assert!(!problem.is_solution(&ids(&[0, 1, 1])), "an option is chosen twice");

    let mut plain = ProblemBuilder::new();
    let a = plain.primary_bounded("a", 1, 1).unwrap();
    plain.option(&[a]).unwrap();
    assert!(!plain.build().has_multiplicities(), "1:1 is an ordinary primary item");
}

#[test]
fn impossible_bounds_are_refused() {
    for (min, max, reason) in
        [(0, 0, "upper bound must be at least 1"), (3, 2, "lower bound exceeds the upper bound")]
    {
        let err = ProblemBuilder::new().primary_bounded("x", min, max).unwrap_err();
        assert!(matches!(err, Error::BadBounds { .. }), "{err:?}");
        assert!(err.to_string().contains(reason), "{err}");
        assert!(err.to_string().contains(&format!("{min}:{max}")), "{err}");
    }
}

/// Choosing `u..=v` of `n` options that each cover one item: the sum of binomials.
#[test]
fn choose_between_bounds() {
    for (n, u, v, expected) in [(3, 2, 2, 3), (4, 0, 2, 11), (5, 1, 5, 31), (3, 4, 4, 0), (0, 0, 1, 1)] {
        let mut b = ProblemBuilder::new();
        let item = b.primary_bounded("i", u, v).unwrap();
        for _ in 0..n {
            b.option(&[item]).unwrap();
        }
        let problem = b.build();
        for engine in ENGINES {
            let count = problem.solver().with_engine(engine).count_all();
            assert_eq!(count.solutions, expected, "{n} options, {u}:{v}, {}", engine.name());
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// Knuth's DLX3 syntax reads and writes back: the same bounds, options and count, and the
    /// written text is stable.
    #[test]
    fn bounds_round_trip_through_the_format(spec in bounded_spec_strategy(6, 10)) {
        let problem = spec.build();
        let text = tessera_xc::to_text(&problem);
        let back = tessera_xc::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let from_spec = tessera_xc::parse(&spec.to_dlx()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for other in [&back, &from_spec] {
            prop_assert_eq!(tessera_xc::to_text(other), text.clone());
            let bounds = |p: &Problem| p.items().map(|i| (p.item_name(i).to_owned(), p.bounds(i))).collect::<BTreeSet<_>>();
            prop_assert_eq!(bounds(other), bounds(&problem));
            prop_assert_eq!(other.has_multiplicities(), problem.has_multiplicities());
        }
        prop_assert_eq!(back.solver().count_all().solutions, spec.brute_force().len() as u64);
    }
}

/// Counts the exact covers of `problem` by deciding each option in or out, in declaration order,
/// straight from the definition: a primary item within its bounds, a secondary item used at most
/// once or only with one colour. It prunes only what can no longer be a cover (an item past its
/// upper bound or short of its lower one, a colour clash), so it is independent of the search and
/// of `is_solution`.
fn brute_force_count(problem: &Problem) -> u64 {
    struct State<'p> {
        problem: &'p Problem,
        options: Vec<Vec<(usize, Option<tessera_xc::Color>)>>,
        uses: Vec<u32>,
        colors: Vec<Option<tessera_xc::Color>>,
        /// `left[k][i]`: how many of the options from `k` on hold item `i`.
        left: Vec<Vec<u32>>,
    }
    fn go(state: &mut State<'_>, k: usize) -> u64 {
        let short = state.problem.items().any(|item| {
            let i = item.index();
            state.problem.item_kind(item) == ItemKind::Primary
                && state.uses[i] + state.left[k][i] < state.problem.bounds(item).0
        });
        if short {
            return 0;
        }
        if k == state.options.len() {
            let complete = state.problem.items().all(|item| {
                let (min, _) = state.problem.bounds(item);
                state.problem.item_kind(item) == ItemKind::Secondary || state.uses[item.index()] >= min
            });
            return u64::from(complete);
        }
        let mut total = go(state, k + 1);
        let option = state.options[k].clone();
        let fits = option.iter().all(|&(i, color)| {
            let item = state.problem.items().nth(i).expect("an item");
            match state.problem.item_kind(item) {
                ItemKind::Primary => state.uses[i] < state.problem.bounds(item).1,
                _ => state.uses[i] == 0 || (color.is_some() && state.colors[i] == color),
            }
        });
        if fits {
            for &(i, color) in &option {
                state.uses[i] += 1;
                state.colors[i] = color;
            }
            total += go(state, k + 1);
            for &(i, _) in &option {
                state.uses[i] -= 1;
            }
        }
        total
    }
    let options =
        problem.options().map(|o| problem.option_items(o).map(|(i, c)| (i.index(), c)).collect()).collect();
    let n = problem.item_count();
    let options: Vec<Vec<(usize, Option<tessera_xc::Color>)>> = options;
    let mut left = vec![vec![0; n]; options.len() + 1];
    for k in (0..options.len()).rev() {
        left[k] = left[k + 1].clone();
        for &(i, _) in &options[k] {
            left[k][i] += 1;
        }
    }
    go(&mut State { problem, options, uses: vec![0; n], colors: vec![None; n], left }, 0)
}

/// Knuth's DLX3 on the instances with multiplicities of `tests/data/`: (file, nodes, updates).
/// Both dancing-links engines walk his tree: the same item choice, the same tweaks.
const KNUTH_DLX3: &[(&str, u64, u64)] = &[
    ("copies2x5.dlx", 50, 774),
    ("langford4-1to2.dlx", 26, 194),
    ("random-bounds.dlx", 164, 512),
    ("stars6x6-2.dlx", 23, 527),
    ("stars8x8-2-regions.dlx", 48, 1300),
];

#[test]
fn nodes_and_updates_are_knuths_dlx3() {
    for &(file, nodes, updates) in KNUTH_DLX3 {
        let problem = common::load(&common::own_data().join(file));
        for engine in [Engine::Links, Engine::Dlx1, Engine::Auto] {
            let stats = problem.solver().with_engine(engine).count_all().stats;
            assert_eq!((stats.nodes, stats.updates), (nodes, updates), "{file} on {}", engine.name());
        }
    }
}

/// The instances with multiplicities of `tests/data/` (made by `generate.py`): their counts in
/// `ANSWERS.tsv` are the brute force's (`known_answers.rs` runs them on every engine too), and
/// Knuth's DLX3's.
#[test]
fn bounded_fixtures_match_the_brute_force() {
    let dir = common::own_data();
    let mut seen = 0;
    for answer in common::answers(&dir) {
        let problem = common::load(&dir.join(&answer.file));
        if !problem.has_multiplicities() {
            continue;
        }
        seen += 1;
        assert_eq!(brute_force_count(&problem), answer.solutions, "{}: brute force", answer.file);
        assert_eq!(problem.solver().count_all().solutions, answer.solutions, "{}", answer.file);
    }
    assert!(seen >= 5, "only {seen} instances with multiplicities in tests/data");
}

/// Shards of a problem with multiplicities merge to the single count and nodes (prefixes may end
/// in a leave branch, keyed after the options).
#[test]
fn bounded_shards_merge_to_the_count() {
    use tessera_xc::shard::{self, CoverTree, Plan, RunOptions, Shard};
    let problem = common::load(&common::own_data().join("random-bounds.dlx"));
    let single = problem.solver().count_all();
    for engine in [Engine::Links, Engine::Dlx1] {
        let tree = CoverTree::new(&problem, engine);
        let plan = Plan::new(&tree, 5, 2, &Budget::unlimited()).expect("no budget");
        let manifests: Vec<_> = (0..5)
            .map(|i| shard::run_planned(&tree, &plan, &RunOptions::new(Shard::new(i, 5).unwrap())).unwrap())
            .collect();
        let merged = shard::merge(&manifests).expect("merges");
        assert_eq!(
            (merged.solutions, merged.nodes),
            (single.solutions, single.stats.nodes),
            "{}",
            engine.name()
        );
    }
}
