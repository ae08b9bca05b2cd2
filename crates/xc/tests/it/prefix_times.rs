//! `RunOptions::prefix_times`: one CSV line per finished prefix (index, solutions, nodes,
//! seconds, CPU seconds), written as the prefixes finish. The lines cover the part's prefixes exactly once,
//! their sums are the manifest's (less the top, which no line holds), the seconds are positive,
//! and nothing else of the count changes; a resumed run appends to the same file.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tessera_xc::shard::{self, CoverTree, Manifest, Plan, RunOptions, Shard, ShardError};
use tessera_xc::{Budget, Engine, Problem};

fn load(name: &str) -> Problem {
    common::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/data").join(name))
}

fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tessera-prefix-times-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// `(index, solutions, nodes, seconds)` of every line, after checking the header and that the
/// CPU seconds are there (on Linux), at least 0 and not above the wall seconds by more than the
/// clocks' granularity.
fn lines(path: &Path) -> Vec<(u64, u64, u64, f64)> {
    let text = std::fs::read_to_string(path).expect("written");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("index,solutions,nodes,seconds,cpu_seconds"));
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            assert_eq!(fields.len(), 5, "{line}");
            let number = |i: usize| fields[i].parse::<u64>().unwrap_or_else(|_| panic!("{line}"));
            let seconds: f64 = fields[3].parse().expect("seconds");
            if cfg!(target_os = "linux") {
                let cpu: f64 = fields[4].parse().expect("CPU seconds");
                assert!(cpu >= 0.0 && cpu <= seconds + 1e-3, "{line}");
            }
            (number(0), number(1), number(2), seconds)
        })
        .collect()
}

/// Checks the lines against the manifest: each of `indices` once, positive seconds, the sums.
fn check(times: &[(u64, u64, u64, f64)], indices: &[usize], manifest: &Manifest, plan: &Plan) {
    let seen: Vec<u64> = times.iter().map(|t| t.0).collect();
    let unique: BTreeSet<u64> = seen.iter().copied().collect();
    assert_eq!(unique.len(), seen.len(), "an index twice: {seen:?}");
    assert_eq!(unique, indices.iter().map(|&i| i as u64).collect::<BTreeSet<u64>>());
    assert!(times.iter().all(|t| t.3 > 0.0 && t.3.is_finite()), "{times:?}");
    let (top_solutions, top_nodes) = if manifest.top { (plan.top_solutions, plan.top_nodes) } else { (0, 0) };
    assert_eq!(times.iter().map(|t| t.1).sum::<u64>() + top_solutions, manifest.solutions);
    assert_eq!(times.iter().map(|t| t.2).sum::<u64>() + top_nodes, manifest.nodes);
}

#[test]
fn every_part_writes_each_of_its_prefixes_once_and_the_sums_agree() {
    let problem = load("queens8.dlx");
    let tree = CoverTree::new(&problem, Engine::Auto);
    let plan = Plan::new(&tree, 3, 1, &Budget::unlimited()).expect("plan");
    let mut all = Vec::new();
    for part in 0..3u32 {
        let path = scratch(&format!("part-{part}.csv"));
        let mut options = RunOptions::new(Shard::WHOLE);
        options.prefix_times = Some(path.clone());
        let timed = shard::run_part(&tree, &plan, u64::from(part), &options).expect("counts");
        let plain = shard::run_part(&tree, &plan, u64::from(part), &RunOptions::new(Shard::WHOLE)).unwrap();
        // The flag changes nothing of the count.
        assert_eq!(Manifest { seconds: 0.0, ..timed.clone() }, Manifest { seconds: 0.0, ..plain });
        let times = lines(&path);
        check(&times, &plan.prefixes_of(part), &timed, &plan);
        all.extend(times.iter().map(|t| t.0));
        let _ = std::fs::remove_file(&path);
    }
    all.sort_unstable();
    assert_eq!(all, (0..plan.prefixes.len() as u64).collect::<Vec<_>>());
}

#[test]
fn a_batch_on_two_threads_writes_whole_lines() {
    let problem = load("queens8.dlx");
    let tree = CoverTree::new(&problem, Engine::Links);
    let plan = Plan::new(&tree, 2, 1, &Budget::unlimited()).expect("plan");
    let indices: Vec<u64> = (0..plan.prefixes.len() as u64).filter(|i| i % 3 != 1).collect();
    let path = scratch("batch.csv");
    let mut options = RunOptions::new(Shard::WHOLE);
    options.threads = 2;
    options.prefix_times = Some(path.clone());
    let manifest = shard::run_prefixes(&tree, &plan, &indices, false, &options).expect("counts");
    let wanted: Vec<usize> = indices.iter().map(|&i| i as usize).collect();
    check(&lines(&path), &wanted, &manifest, &plan);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_resumed_run_appends_the_prefixes_it_counts() {
    let problem = load("queens8.dlx");
    let tree = CoverTree::new(&problem, Engine::Auto);
    let plan = Plan::new(&tree, 1, 1, &Budget::unlimited()).expect("plan");
    let (times, checkpoint) = (scratch("resumed.csv"), scratch("resumed.ckpt"));
    let mut options = RunOptions::new(Shard::WHOLE);
    options.prefix_times = Some(times.clone());
    options.checkpoint = Some(checkpoint.clone());
    options.checkpoint_every = std::time::Duration::ZERO;
    // A node budget each prefix gets whole, chosen from an unbudgeted run's nodes so that the
    // first few prefixes finish and a later, bigger one gives up.
    let probe = scratch("resumed-probe.csv");
    let mut unbudgeted = RunOptions::new(Shard::WHOLE);
    unbudgeted.prefix_times = Some(probe.clone());
    shard::run_part(&tree, &plan, 0, &unbudgeted).expect("counts");
    let nodes: Vec<u64> = lines(&probe).iter().map(|t| t.2).collect();
    let _ = std::fs::remove_file(&probe);
    let budget = (3..nodes.len())
        .map(|k| nodes[..k].iter().max().copied().unwrap_or(0) + 2)
        .find(|&b| nodes.iter().any(|&n| n > b + 2))
        .expect("prefixes of different sizes");
    options.budget = Budget::unlimited().with_nodes(budget);
    let first = shard::run_part(&tree, &plan, 0, &options).expect("runs");
    let before = lines(&times).len();
    options.budget = Budget::unlimited();
    let manifest = shard::run_part(&tree, &plan, 0, &options).expect("runs");
    assert_eq!(manifest.outcome, "exhausted");
    let all = lines(&times);
    assert_eq!(first.outcome, "gave-up");
    assert!(before >= 3, "{before} prefixes done before the budget ran out");
    assert_eq!(before as u64, first.prefix_count(), "one line per prefix kept by the checkpoint");
    assert!(all.len() > before, "the second run appended");
    // Counted once each over the two runs (no kill: nothing counted again), one header.
    check(&all, &plan.prefixes_of(0), &manifest, &plan);
    for path in [times, checkpoint] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn an_unwritable_file_fails_before_counting() {
    let problem = load("queens8.dlx");
    let tree = CoverTree::new(&problem, Engine::Auto);
    let plan = Plan::new(&tree, 1, 1, &Budget::unlimited()).expect("plan");
    let mut options = RunOptions::new(Shard::WHOLE);
    options.prefix_times = Some(std::env::temp_dir().join("tessera-no-such-folder/times.csv"));
    match shard::run_part(&tree, &plan, 0, &options) {
        Err(error @ ShardError::PrefixTimes { .. }) => {
            assert!(error.to_string().contains("tessera-no-such-folder"), "{error}");
        }
        other => panic!("{other:?}"),
    }
}
