//! `Solver::trace` against the lesson's example (Knuth's seven items, run by hand in the seed
//! document) and against an independent model of Algorithm X: a plain set of covered items, from
//! which each step's item choice, option list and update count are recomputed.

use crate::common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use proptest::prelude::*;
use tessera_xc::{Budget, Engine, GaveUp, ItemKind, Outcome, Problem, TraceCounts, TraceEvent};

/// The seed's example: X = {1..7}; A = {3,5,6}, B = {1,4,7}, C = {2,3,6}, D = {1,4}, E = {2,7},
/// F = {4,5,7}.
const SEED: &str = "1 2 3 4 5 6 7\n3 5 6\n1 4 7\n2 3 6\n1 4\n2 7\n4 5 7\n";

fn seed_problem() -> Problem {
    tessera_xc::parse(SEED).unwrap()
}

/// Every event as a short line, with the options as the seed's letters.
fn narrate(problem: &Problem) -> (Vec<String>, TraceCounts, tessera_xc::Count) {
    let letter = |o: &tessera_xc::OptionId| char::from(b'A' + o.index() as u8).to_string();
    let mut lines = Vec::new();
    let mut last = TraceCounts::default();
    let count = problem
        .solver()
        .trace(u64::MAX, |event, counts| {
            last = counts;
            lines.push(match *event {
                TraceEvent::Choose { item, options, .. } => {
                    let options: Vec<String> = options.iter().map(letter).collect();
                    format!("choose {} [{}]", problem.item_name(item), options.join(","))
                }
                TraceEvent::Cover { item, .. } => format!("cover {}", problem.item_name(item)),
                TraceEvent::Uncover { item, .. } => format!("uncover {}", problem.item_name(item)),
                TraceEvent::Try { option, .. } => format!("try {}", letter(&option)),
                TraceEvent::Backtrack { level, dead_end } => {
                    format!("backtrack {level}{}", if dead_end { " dead end" } else { "" })
                }
                TraceEvent::Solution { options } => {
                    format!("solution {}", options.iter().map(letter).collect::<Vec<_>>().join(","))
                }
                _ => unreachable!(),
            });
            ControlFlow::Continue(())
        })
        .unwrap();
    (lines, last, count)
}

#[test]
fn the_seed_example_runs_as_knuth_runs_it_by_hand() {
    let problem = seed_problem();
    let (lines, last, count) = narrate(&problem);
    let expected = [
        "choose 1 [B,D]",
        "cover 1",
        "try B",
        "cover 4",
        "cover 7",
        "choose 2 [C]",
        "cover 2",
        "try C",
        "cover 3",
        "cover 6",
        "choose 5 []",
        "cover 5",
        "uncover 5",
        "backtrack 2 dead end",
        "uncover 6",
        "uncover 3",
        "uncover 2",
        "backtrack 1",
        "uncover 7",
        "uncover 4",
        "try D",
        "cover 4",
        "choose 5 [A]",
        "cover 5",
        "try A",
        "cover 6",
        "cover 3",
        "choose 2 [E]",
        "cover 2",
        "try E",
        "cover 7",
        "solution D,A,E",
        "uncover 7",
        "uncover 2",
        "backtrack 2",
        "uncover 3",
        "uncover 6",
        "uncover 5",
        "backtrack 1",
        "uncover 4",
        "uncover 1",
        "backtrack 0",
    ];
    assert_eq!(lines, expected);
    // The counters equal a plain DLX1 count's, and the last event carries them.
    let plain = problem.solver().with_engine(Engine::Dlx1).count_all();
    assert_eq!((count.solutions, count.stats), (plain.solutions, plain.stats));
    assert_eq!((last.nodes, last.updates, last.solutions), (plain.stats.nodes, plain.stats.updates, 1));
    assert_eq!(plain.stats.nodes, 6);
}

#[test]
fn the_json_form_names_items_and_numbers_options() {
    let problem = seed_problem();
    let mut json = Vec::new();
    problem
        .solver()
        .trace(1, |event, counts| {
            json.push(event.to_json(&problem, counts));
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(
        json[0],
        serde_json::json!({"event": "choose", "level": 0, "item": "1", "options": [1, 3], "nodes": 1, "updates": 4, "solutions": 0})
    );
    assert_eq!(json[2]["items"], serde_json::json!(["1", "4", "7"]));
    let last = json.last().unwrap();
    assert_eq!(last["event"], "solution");
    assert_eq!(last["options"], serde_json::json!([3, 0, 4]));
}

#[test]
fn a_trace_stops_when_asked_and_within_its_budget() {
    let problem = seed_problem();
    let mut seen = 0;
    let count = problem
        .solver()
        .trace(u64::MAX, |_, _| {
            seen += 1;
            if seen == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!((seen, count.outcome), (5, Outcome::GaveUp(GaveUp::Cancelled)));
    let count = problem
        .solver()
        .with_budget(Budget::default().with_nodes(3))
        .trace(u64::MAX, |_, _| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(count.outcome, Outcome::GaveUp(GaveUp::NodeLimit));
    assert!(count.stats.nodes <= 3);
}

#[test]
fn multiplicities_and_used_solvers_are_refused() {
    let bounded = tessera_xc::parse("1:2|a b\na\nb\na b\n").unwrap();
    assert!(bounded.solver().trace(1, |_, _| ControlFlow::Continue(())).is_err());
    let problem = seed_problem();
    let mut solver = problem.solver();
    solver.first().unwrap();
    assert!(solver.trace(1, |_, _| ControlFlow::Continue(())).is_err());
}

/// Replays a trace on a set of covered items and checks every step against Algorithm X as a
/// textbook states it. Returns the solutions seen.
fn check_against_model(problem: &Problem, seed: Option<u64>) -> Result<BTreeSet<Vec<usize>>, TestCaseError> {
    let items_of: Vec<Vec<usize>> =
        problem.options().map(|o| problem.option_items(o).map(|(i, _)| i.index()).collect()).collect();
    let primaries: Vec<usize> = problem
        .items()
        .filter(|&i| problem.item_kind(i) == ItemKind::Primary)
        .map(tessera_xc::ItemId::index)
        .collect();
    let mut covered: Vec<usize> = Vec::new();
    let mut tried: Vec<usize> = Vec::new();
    let mut lists: Vec<Vec<usize>> = Vec::new();
    let (mut chooses, mut updates, mut failure) = (0u64, 0u64, None::<String>);
    let mut solutions = BTreeSet::new();
    let mut solver = problem.solver();
    if let Some(seed) = seed {
        solver = solver.with_seed(seed);
    }
    let count = solver
        .trace(u64::MAX, |event, counts| {
            let live = |o: usize, covered: &[usize]| items_of[o].iter().all(|i| !covered.contains(i));
            // Knuth's updates for covering `i`: one for the item, one per node of each option
            // left in its list, but its own.
            let cost = |i: usize, covered: &[usize]| {
                1 + (0..items_of.len())
                    .filter(|&o| items_of[o].contains(&i) && live(o, covered))
                    .map(|o| items_of[o].len() as u64 - 1)
                    .sum::<u64>()
            };
            // The counters come after the whole step: a choice with its cover, a try with its
            // other items' covers.
            let mut expected_updates = updates;
            let mut fail = |why: String| {
                failure.get_or_insert(why);
                ControlFlow::Break(())
            };
            match *event {
                TraceEvent::Choose { level, item, options } => {
                    chooses += 1;
                    if level != tried.len() {
                        return fail(format!("choose at level {level}, {} options tried", tried.len()));
                    }
                    let len = |i: usize| {
                        (0..items_of.len()).filter(|&o| items_of[o].contains(&i) && live(o, &covered)).count()
                    };
                    let open: Vec<usize> =
                        primaries.iter().copied().filter(|i| !covered.contains(i)).collect();
                    let best = open.iter().copied().min_by_key(|&i| len(i)).unwrap();
                    if item.index() != best {
                        return fail(format!("chose {} where {best} has fewest", item.index()));
                    }
                    let expected: BTreeSet<usize> = (0..items_of.len())
                        .filter(|&o| items_of[o].contains(&best) && live(o, &covered))
                        .collect();
                    let got: Vec<usize> = options.iter().map(|o| o.index()).collect();
                    if got.iter().copied().collect::<BTreeSet<_>>() != expected || got.len() != expected.len()
                    {
                        return fail(format!("options {got:?}, expected {expected:?}"));
                    }
                    if seed.is_none() && !got.windows(2).all(|w| w[0] < w[1]) {
                        return fail(format!("options {got:?} not in declaration order"));
                    }
                    lists.push(got);
                    expected_updates += cost(best, &covered);
                }
                TraceEvent::Cover { item, .. } => {
                    updates += cost(item.index(), &covered);
                    covered.push(item.index());
                    expected_updates = counts.updates;
                }
                TraceEvent::Uncover { item, .. } => {
                    if covered.pop() != Some(item.index()) {
                        return fail(format!("uncover {} out of order", item.index()));
                    }
                }
                TraceEvent::Try { level, option } => {
                    tried.truncate(level);
                    if !lists[level].contains(&option.index()) {
                        return fail(format!("tried {} not in level {level}'s list", option.index()));
                    }
                    tried.push(option.index());
                    expected_updates = counts.updates;
                }
                TraceEvent::Backtrack { level, dead_end } => {
                    if dead_end != lists[level].is_empty() {
                        return fail(format!("dead end {dead_end} at level {level}"));
                    }
                    lists.truncate(level);
                    tried.truncate(level);
                }
                TraceEvent::Solution { options } => {
                    let got: Vec<usize> = options.iter().map(|o| o.index()).collect();
                    if got != tried {
                        return fail(format!("solution {got:?}, tried {tried:?}"));
                    }
                    let mut sorted = got;
                    sorted.sort_unstable();
                    solutions.insert(sorted);
                }
                _ => return fail("unknown event".into()),
            }
            if counts.updates != expected_updates {
                return fail(format!("updates {} where the model has {expected_updates}", counts.updates));
            }
            if counts.nodes != chooses + counts.solutions {
                return fail(format!("nodes {} for {chooses} choices", counts.nodes));
            }
            ControlFlow::Continue(())
        })
        .unwrap();
    if let Some(why) = failure {
        return Err(TestCaseError::fail(why));
    }
    prop_assert_eq!(count.outcome, Outcome::Exhausted);
    prop_assert!(covered.is_empty(), "left covered: {covered:?}");
    let plain = problem.solver().with_engine(Engine::Dlx1).count_all();
    prop_assert_eq!((count.solutions, count.stats), (plain.solutions, plain.stats));
    Ok(solutions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random problems without colours: every step agrees with the model, the solutions are the
    /// brute force's, and the counters are a plain DLX1 count's.
    #[test]
    fn every_step_agrees_with_the_model(mut spec in common::spec_strategy(7, 12), seed in any::<u64>()) {
        for option in &mut spec.options {
            option.iter_mut().for_each(|(_, color)| *color = None);
        }
        let problem = spec.build();
        let expected = spec.brute_force();
        prop_assert_eq!(check_against_model(&problem, None)?, expected.clone());
        prop_assert_eq!(check_against_model(&problem, Some(seed))?, expected);
    }
}
