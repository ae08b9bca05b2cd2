//! Known answers: solution counts of published instances, sequential and parallel, on every engine,
//! and Knuth's own node and update counts from DLX1, which [`Engine::Dlx1`] reproduces exactly (the
//! same MRV tie-break, and a level where a solution is found counts as a node) and the bitset
//! engine matches in nodes.
//!
//! Our own small instances (`tests/data/`) always run. The shared instances (pentominoes, queens,
//! Langford, Latin squares, Sudoku) come from `$TESSERA_DATA/xc/`; without that variable those tests
//! say SKIPPED and pass, unless `TESSERA_REQUIRE_DATA=1`.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tessera_xc::{Budget, Engine, GaveUp, OptionId, Outcome, ParallelSearch, Problem, ProblemBuilder, Stats};

/// Solutions of instances with at most this many are each checked and compared between searches.
const VERIFY_UP_TO: u64 = 10_000;

/// Knuth's DLX1 figures (nodes, updates) for the shared instances, from the notes on exact cover.
const KNUTH_DLX1: &[(&str, u64, u64)] = &[
    ("pent6x10.dlx", 3_620_988, 1_235_724_537),
    ("pent6x10-sym.dlx", 904_970, 309_134_131),
    ("pent5x12.dlx", 2_255_942, 754_814_157),
    ("pent4x15.dlx", 843_852, 276_470_195),
    ("pent3x20.dlx", 32_644, 10_935_596),
    ("queens8.dlx", 1_049, 16_680),
    ("queens10.dlx", 11_578, 198_264),
    ("queens12.dlx", 211_716, 3_594_752),
    ("sudoku-inkala.dlx", 2_741, 49_765),
];

/// The instances whose run on the look-ahead engine takes seconds: it runs no parallel search on
/// them (the DLX1 and default-engine tests already split those trees), and skips pent6x10, whose
/// restricted version it runs in full.
const SLOW: &[&str] = &["pent5x12.dlx", "pent4x15.dlx"];

/// What one instance gave on one engine.
struct Checked {
    /// The engine that actually ran (`Auto` resolved).
    engine: Engine,
    stats: Stats,
    /// Each solution as its sorted option lines (instances with at most [`VERIFY_UP_TO`]).
    solutions: Option<BTreeSet<Vec<String>>>,
}

/// Counts `path` on `engine`, sequentially and (if `parallel`) on two threads; both must find
/// `expected` solutions and exhaust the tree, with the same node and update totals. Up to
/// [`VERIFY_UP_TO`] solutions, every one is checked with `Problem::is_solution`, none may repeat,
/// and both searches must find the same set. Each search runs once.
fn check_instance(problem: &Problem, name: &str, expected: u64, engine: Engine, parallel: bool) -> Checked {
    let verify = expected <= VERIFY_UP_TO;

    let start = Instant::now();
    let mut found = Vec::new();
    let mut solver = problem.solver().with_engine(engine);
    let sequential = solver.visit_up_to(u64::MAX, |s| {
        if verify {
            found.push(s.to_vec());
        }
    });
    let resolved = solver.engine();
    let sequential_time = start.elapsed();
    let what = format!("{name} on {resolved:?} (asked {engine:?})");
    assert_eq!(sequential.solutions, expected, "{what}: sequential count");
    assert_eq!(sequential.outcome, Outcome::Exhausted, "{what}: sequential outcome");
    let seq = verify.then(|| common::check_solutions(problem, &found, &format!("{what}, sequential")));

    let mut parallel_time = None;
    if parallel {
        let start = Instant::now();
        let parallel_found = Mutex::new(Vec::new());
        let count =
            ParallelSearch::new(problem).with_threads(2).with_engine(engine).visit_up_to(u64::MAX, |s| {
                if verify {
                    parallel_found.lock().unwrap().push(s.to_vec());
                }
            });
        parallel_time = Some(start.elapsed());
        assert_eq!(count.solutions, expected, "{what}: parallel count (2 threads)");
        assert_eq!(count.outcome, Outcome::Exhausted, "{what}: parallel outcome");
        assert_eq!(count.stats, sequential.stats, "{what}: parallel totals must equal sequential ones");
        if let Some(seq) = &seq {
            let found = parallel_found.into_inner().unwrap();
            let par = common::check_solutions(problem, &found, &format!("{what}, parallel"));
            assert_eq!(seq, &par, "{what}: the parallel search found other solutions");
        }
    }
    eprintln!(
        "{what}: {expected} solutions, {} nodes, {} updates; {:.2} s sequential{}{}",
        sequential.stats.nodes,
        sequential.stats.updates,
        sequential_time.as_secs_f64(),
        parallel_time.map_or(String::new(), |t| format!(", {:.2} s on 2 threads", t.as_secs_f64())),
        if verify { ", every solution verified" } else { "" }
    );
    Checked {
        engine: resolved,
        stats: sequential.stats,
        solutions: verify.then(|| found.iter().map(|s| solution_keys(problem, s)).collect()),
    }
}

/// A solution as its options' lines, each after its index (with multiplicities two options may
/// have the same line, and a solution may hold both).
fn solution_keys(problem: &Problem, solution: &[OptionId]) -> Vec<String> {
    let mut lines: Vec<String> =
        solution.iter().map(|&o| format!("{}: {}", o.index(), problem.option_line(o))).collect();
    lines.sort();
    lines
}

fn solution_lines(problem: &Problem, solution: &[OptionId]) -> Vec<String> {
    let mut lines: Vec<String> = solution.iter().map(|&o| problem.option_line(o)).collect();
    lines.sort();
    lines
}

#[test]
fn own_instances_on_every_engine() {
    let dir = common::own_data();
    let answers = common::answers(&dir);
    assert!(answers.len() >= 10, "tests/data/ANSWERS.tsv lists too few instances");
    for answer in &answers {
        let problem = common::load(&dir.join(&answer.file));
        let mut reference: Option<BTreeSet<Vec<String>>> = None;
        for engine in common::ENGINES {
            let checked = check_instance(&problem, &answer.file, answer.solutions, engine, true);
            let solutions = checked.solutions.expect("small instances are verified");
            assert_eq!(solutions.len() as u64, answer.solutions);
            match &reference {
                Some(reference) => assert_eq!(&solutions, reference, "{}: engines disagree", answer.file),
                None => reference = Some(solutions),
            }
        }
    }
}

#[test]
fn own_answers_list_every_instance() {
    let dir = common::own_data();
    let listed: BTreeSet<String> = common::answers(&dir).into_iter().map(|a| a.file).collect();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        if file.ends_with(".dlx") {
            assert!(listed.contains(&file), "tests/data/{file} has no line in ANSWERS.tsv");
        }
    }
}

#[test]
fn knuth_paper_example_has_its_one_solution() {
    let problem = common::load(&common::own_data().join("knuth-paper.dlx"));
    for engine in common::ENGINES {
        let all: Vec<_> = problem.solver().with_engine(engine).collect();
        assert_eq!(all.len(), 1, "{engine:?}");
        assert_eq!(solution_lines(&problem, &all[0]), ["A D", "B G", "C E F"], "{engine:?}");
    }
}

#[test]
fn color_example_has_its_one_solution() {
    let problem = common::load(&common::own_data().join("colors.dlx"));
    assert!(problem.has_colors());
    for engine in common::ENGINES {
        let all: Vec<_> = problem.solver().with_engine(engine).collect();
        assert_eq!(all.len(), 1, "{engine:?}");
        assert_eq!(solution_lines(&problem, &all[0]), ["p r x:A y", "q x:A"], "{engine:?}");
    }
    // Every other pair of options must be refused by the checker.
    let options: Vec<OptionId> = problem.options().collect();
    for (i, &a) in options.iter().enumerate() {
        for &b in &options[i + 1..] {
            let pair = [a, b];
            let expected = solution_lines(&problem, &pair) == ["p r x:A y", "q x:A"];
            assert_eq!(problem.is_solution(&pair), expected, "{:?}", solution_lines(&problem, &pair));
        }
    }
}

#[test]
fn no_primary_items_means_one_empty_solution() {
    // (Knuth's format cannot say this: a first line starting with `|` is a comment.)
    let mut builder = ProblemBuilder::new();
    builder.secondary("x").unwrap();
    let problem = builder.build();
    for engine in common::ENGINES {
        let count = problem.solver().with_engine(engine).count_all();
        assert_eq!((count.solutions, count.outcome), (1, Outcome::Exhausted), "{engine:?}");
        assert_eq!(problem.solver().with_engine(engine).next(), Some(vec![]), "{engine:?}");
        let parallel = ParallelSearch::new(&problem).with_threads(2).with_engine(engine).count_all();
        assert_eq!((parallel.solutions, parallel.outcome), (1, Outcome::Exhausted), "{engine:?}");
    }
}

/// The shared folder's instances and answers, after checking that they list each other and cover
/// every instance with DLX1 figures.
fn shared_answers(dir: &Path) -> Vec<common::Answer> {
    let answers = common::answers(dir);
    let listed: BTreeSet<&str> = answers.iter().map(|a| a.file.as_str()).collect();
    for entry in std::fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        if file.ends_with(".dlx") {
            assert!(listed.contains(file.as_str()), "xc/{file} has no line in ANSWERS.tsv");
        }
    }
    for (file, _, _) in KNUTH_DLX1 {
        assert!(listed.contains(file), "ANSWERS.tsv lacks {file}, whose DLX1 figures we check");
    }
    answers
}

fn knuth(file: &str) -> Option<Stats> {
    KNUTH_DLX1.iter().find(|(f, _, _)| *f == file).map(|&(_, nodes, updates)| Stats { nodes, updates })
}

/// DLX1's tree: counts, sequential and parallel, and Knuth's node and update figures exactly.
#[test]
fn shared_instances_dlx1() {
    let Some(data) = common::shared_data("known_answers::shared_instances_dlx1") else { return };
    let dir = data.join("xc");
    let (mut all, mut restricted) = (None, None);
    for answer in shared_answers(&dir) {
        let problem = common::load(&dir.join(&answer.file));
        let checked = check_instance(&problem, &answer.file, answer.solutions, Engine::Dlx1, true);
        assert_eq!(checked.engine, Engine::Dlx1);
        if let Some(knuth) = knuth(&answer.file) {
            assert_eq!(
                checked.stats, knuth,
                "{}: Knuth's DLX1 counts {} nodes and {} updates",
                answer.file, knuth.nodes, knuth.updates
            );
        }
        match answer.file.as_str() {
            "pent6x10.dlx" => all = checked.solutions,
            "pent6x10-sym.dlx" => restricted = checked.solutions,
            _ => {}
        }
    }
    // The restricted instance only drops X placements: its tilings are tilings of the full one.
    let (all, restricted) = (all.expect("pent6x10 solutions"), restricted.expect("pent6x10-sym solutions"));
    assert_eq!((all.len(), restricted.len()), (9356, 2339));
    // Option indices differ between the two files: compare the lines alone.
    let lines = |set: BTreeSet<Vec<String>>| -> BTreeSet<Vec<String>> {
        let strip = |key: &String| key.split_once(": ").map_or(key.clone(), |(_, line)| line.to_owned());
        set.iter()
            .map(|keys| {
                let mut lines: Vec<String> = keys.iter().map(strip).collect();
                lines.sort();
                lines
            })
            .collect()
    };
    let (all, restricted) = (lines(all), lines(restricted));
    assert!(restricted.is_subset(&all), "a tiling of pent6x10-sym is not one of pent6x10's");
}

/// The default engine, sequential and parallel. The bitset engine walks DLX1's tree, so where it
/// runs the node counts are Knuth's too; the look-ahead engine may only need fewer.
#[test]
fn shared_instances_default_engine() {
    let Some(data) = common::shared_data("known_answers::shared_instances_default_engine") else { return };
    let dir = data.join("xc");
    for answer in shared_answers(&dir) {
        let problem = common::load(&dir.join(&answer.file));
        let checked = check_instance(&problem, &answer.file, answer.solutions, Engine::Auto, true);
        check_nodes(&answer.file, &checked);
    }
}

/// The look-ahead engine, which the default engine falls back to on large problems (all but the
/// full 6x10, and the slowest instances without a parallel run).
#[test]
fn shared_instances_links() {
    let Some(data) = common::shared_data("known_answers::shared_instances_links") else { return };
    let dir = data.join("xc");
    for answer in shared_answers(&dir) {
        if answer.file == "pent6x10.dlx" {
            continue;
        }
        let problem = common::load(&dir.join(&answer.file));
        let parallel = !SLOW.contains(&answer.file.as_str());
        let checked = check_instance(&problem, &answer.file, answer.solutions, Engine::Links, parallel);
        assert_eq!(checked.engine, Engine::Links);
        check_nodes(&answer.file, &checked);
    }
}

fn check_nodes(file: &str, checked: &Checked) {
    let Some(knuth) = knuth(file) else { return };
    match checked.engine {
        Engine::Bitset | Engine::Dlx1 => {
            assert_eq!(checked.stats.nodes, knuth.nodes, "{file} on {:?}: DLX1's tree", checked.engine);
        }
        _ => assert!(
            checked.stats.nodes <= knuth.nodes,
            "{file} on {:?}: {} nodes, more than DLX1's {}",
            checked.engine,
            checked.stats.nodes,
            knuth.nodes
        ),
    }
}

/// A parallel search keeps to its budget as the docs promise: the node budget is shared by all
/// threads and overrun by at most [`Budget::CHECK_INTERVAL`] nodes per thread, and a raised cancel
/// flag or a passed deadline stops it within as many nodes. Latin squares of order 4 (4745 nodes)
/// split into subproblems of fewer than `CHECK_INTERVAL` nodes each.
#[test]
fn parallel_search_keeps_to_its_budget() {
    let problem = common::load(&common::own_data().join("latin4.dlx"));
    let threads = 2;
    let slack = (threads as u64 + 1) * Budget::CHECK_INTERVAL;
    let cancelled = Arc::new(AtomicBool::new(true));
    let budgets = [
        (Budget::unlimited().with_nodes(100), GaveUp::NodeLimit, 100 + slack),
        (Budget::unlimited().with_cancel(cancelled), GaveUp::Cancelled, slack),
        (Budget::unlimited().with_timeout(Duration::ZERO), GaveUp::Deadline, slack),
    ];
    for engine in common::ENGINES {
        let full = problem.solver().with_engine(engine).count_all();
        assert!(full.stats.nodes > 100 + slack, "latin4 is too small to show an overrun");
        for (budget, reason, most) in &budgets {
            let count = ParallelSearch::new(&problem)
                .with_threads(threads)
                .with_engine(engine)
                .with_budget(budget.clone())
                .count_all();
            assert_eq!(count.outcome, Outcome::GaveUp(*reason), "{engine:?}, {reason:?}: {count:?}");
            assert!(count.stats.nodes <= *most, "{engine:?}, {reason:?}: {} nodes", count.stats.nodes);
        }
    }
}
