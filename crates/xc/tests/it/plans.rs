//! Plans made once: written as JSON and read back, checked against the instance, counted part by
//! part or in arbitrary batches of prefixes (rebuilt from their keys, no planning), and merged
//! to the single count; every bad plan, part or batch is an error that says what is wrong.

use crate::common;

use std::path::Path;

use tessera_xc::shard::{
    self, CoverTree, Manifest, MergeError, Plan, PlanError, RunOptions, Shard, ShardError,
};
use tessera_xc::{Budget, Engine, Problem, Solver};

fn load(name: &str) -> Problem {
    common::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/data").join(name))
}

fn whole() -> RunOptions {
    RunOptions::new(Shard::WHOLE)
}

#[test]
fn a_plan_read_back_counts_part_by_part_to_the_single_count() {
    for engine in [Engine::Auto, Engine::Links, Engine::Dlx1] {
        let problem = load("queens8.dlx");
        let single = Solver::new(&problem).with_engine(engine).count_all();
        let tree = CoverTree::new(&problem, engine);
        let plan = Plan::new(&tree, 5, 1, &Budget::unlimited()).expect("plan");
        let read = Plan::from_json(&plan.to_json()).expect("reads back");
        assert_eq!(read, plan);
        let manifests: Vec<Manifest> =
            (0..5).map(|part| shard::run_part(&tree, &read, part, &whole()).expect("counts")).collect();
        let merged = shard::merge(&manifests).expect("merges");
        assert_eq!((merged.solutions, merged.nodes), (92, single.stats.nodes), "{engine:?}");
        // The same as the shards that plan for themselves.
        let planned: Vec<Manifest> =
            (0..5).map(|i| shard::run(&tree, &RunOptions::new(Shard::new(i, 5).unwrap())).unwrap()).collect();
        for (a, b) in planned.iter().zip(&manifests) {
            assert_eq!((a.covered.clone(), a.solutions, a.nodes), (b.covered.clone(), b.solutions, b.nodes));
        }
    }
}

#[test]
fn batches_of_prefixes_merge_in_any_grouping() {
    let problem = load("queens8.dlx");
    let tree = CoverTree::new(&problem, Engine::Auto);
    let plan = Plan::new(&tree, 3, 1, &Budget::unlimited()).expect("plan");
    let n = plan.prefixes.len() as u64;
    assert!(n >= 10, "{n} prefixes");
    // Odd indices, then even ones in batches of 3, the top with the first batch.
    let odd: Vec<u64> = (0..n).filter(|i| i % 2 == 1).collect();
    let even: Vec<u64> = (0..n).filter(|i| i % 2 == 0).collect();
    let mut manifests = vec![shard::run_prefixes(&tree, &plan, &odd, true, &whole()).unwrap()];
    for batch in even.chunks(3) {
        manifests.push(shard::run_prefixes(&tree, &plan, batch, false, &whole()).unwrap());
    }
    assert!(manifests.iter().all(|m| m.shard.is_none()));
    assert_eq!(shard::merge(&manifests).expect("merges").solutions, 92);
    // A part and batches of the rest.
    let part1 = shard::run_part(&tree, &plan, 1, &whole()).unwrap();
    let rest: Vec<u64> = (0..n).filter(|&i| plan.prefixes[i as usize].part != 1).collect();
    let batch = shard::run_prefixes(&tree, &plan, &rest, true, &whole()).unwrap();
    assert_eq!(shard::merge(&[batch.clone(), part1.clone()]).expect("merges").solutions, 92);

    // A prefix missing, one counted twice, the top twice: each named.
    let missing = shard::merge(&manifests[..manifests.len() - 1]).unwrap_err();
    assert!(matches!(missing, MergeError::Uncovered { .. }), "{missing}");
    assert!(missing.to_string().contains(&even[even.len() - 1].to_string()), "{missing}");
    let again = shard::run_prefixes(&tree, &plan, &[even[0]], false, &whole()).unwrap();
    let mut doubled = manifests.clone();
    doubled.push(again);
    let error = shard::merge(&doubled).unwrap_err();
    assert!(matches!(error, MergeError::Overlap { prefix, .. } if prefix == even[0]), "{error}");
    let mut tops = manifests.clone();
    tops[1].top = true;
    tops[1] = tops[1].clone().sealed(); // as a batch told to hold the top would seal it
    assert_eq!(shard::merge(&tops), Err(MergeError::Top(2)));
}

#[test]
fn bad_plans_parts_and_batches_are_errors_not_panics() {
    let problem = load("queens8.dlx");
    let tree = CoverTree::new(&problem, Engine::Auto);
    let plan = Plan::new(&tree, 4, 1, &Budget::unlimited()).expect("plan");

    // Another instance.
    let other = load("knuth.dlx");
    let other_tree = CoverTree::new(&other, Engine::Auto);
    let error = shard::run_part(&other_tree, &plan, 0, &whole()).unwrap_err();
    assert!(matches!(error, ShardError::Invalid(PlanError::OtherInstance { .. })), "{error}");
    // Another engine.
    let links = CoverTree::new(&problem, Engine::Links);
    assert!(shard::run_part(&links, &plan, 0, &whole()).unwrap_err().to_string().contains("engine"));
    // Parts and prefixes out of range, or given twice.
    let error = shard::run_part(&tree, &plan, 4, &whole()).unwrap_err();
    assert!(error.to_string().contains("part 4 is out of range"), "{error}");
    let n = plan.prefixes.len() as u64;
    let error = shard::run_prefixes(&tree, &plan, &[0, n], false, &whole()).unwrap_err();
    assert!(error.to_string().contains(&format!("prefix {n} is out of range")), "{error}");
    let error = shard::run_prefixes(&tree, &plan, &[2, 1, 2], false, &whole()).unwrap_err();
    assert!(error.to_string().contains("prefix 2 is given twice"), "{error}");

    // Edited files.
    let json = plan.to_json();
    for (text, words) in [
        ("{".to_owned(), "not a plan"),
        ("[]".to_owned(), "not a plan"),
        (json.replace("tessera-plan/1", "tessera-plan/9"), "tessera-plan/9"),
        (json.replacen("\"part\":0", "\"part\":77", 1), "part 77"),
        (json.replace("\"parts\":4", "\"parts\":0"), "0 parts"),
    ] {
        let error = Plan::from_json(&text).unwrap_err();
        assert!(error.to_string().contains(words), "{words}: {error}");
    }
    // A key changed, hash and all: read, but refused when rebuilt.
    let mut forged = plan.clone();
    forged.prefixes[0].key = vec![u32::MAX];
    let error = Plan::from_json(&forged.to_json()).unwrap_err();
    assert!(error.to_string().contains("hash"), "{error}");
    let keys: Vec<Vec<u32>> = forged.prefixes.iter().map(|p| p.key.clone()).collect();
    forged.split.hash = recomputed(&forged, &keys);
    let read = Plan::from_json(&forged.to_json()).expect("consistent");
    let error = shard::run_prefixes(&tree, &read, &[0], true, &whole()).unwrap_err();
    assert!(matches!(error, ShardError::Invalid(PlanError::Key { index: 0, .. })), "{error}");
}

/// The split hash of `keys`, as a forger would recompute it.
fn recomputed(plan: &Plan, keys: &[Vec<u32>]) -> String {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(&plan.split.depth.to_le_bytes());
    for key in keys {
        bytes.extend_from_slice(&(key.len() as u32).to_le_bytes());
        for part in key {
            bytes.extend_from_slice(&part.to_le_bytes());
        }
    }
    shard::sha256_hex(&bytes)
}

#[test]
fn planning_asks_for_no_more_prefixes_past_a_point() {
    let Some(dir) = common::shared_data("planning_asks_for_no_more_prefixes_past_a_point") else { return };
    let problem = common::load(&dir.join("xc").join("pent6x10.dlx"));
    let tree = CoverTree::new(&problem, Engine::Auto);
    let small = Plan::new(&tree, 256, 2, &Budget::unlimited()).expect("plan");
    let big = Plan::new(&tree, 100_000, 2, &Budget::unlimited()).expect("plan");
    assert!(big.prefixes.len() <= Plan::MAX_PREFIXES && small.prefixes.len() <= Plan::MAX_PREFIXES);
    assert_eq!(small.split.depth, big.split.depth);
}
