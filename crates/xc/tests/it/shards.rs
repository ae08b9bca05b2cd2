//! Shards against known answers: for N in 1, 7 and 64, the merged manifests of every shard give
//! the count of `ANSWERS.tsv` (the shared data) and the nodes of the single search; a merge with
//! a shard left out, given twice, of another instance or unfinished fails and names it; a
//! checkpoint resumes without counting twice; the plan is the same on any number of threads.

use crate::common;

use std::path::Path;

use tessera_xc::shard::{self, CoverTree, Manifest, MergeError, Plan, RunOptions, Shard};
use tessera_xc::{Budget, Engine, Problem, Solver};

/// Every shard of `problem` on `engine` for `of` shards, from one plan.
fn all_shards(problem: &Problem, engine: Engine, of: u32) -> Vec<Manifest> {
    let tree = CoverTree::new(problem, engine);
    let plan = Plan::new(&tree, of, 2, &Budget::unlimited()).expect("no budget");
    (0..of)
        .map(|index| {
            let options = RunOptions::new(Shard::new(index, of).expect("valid"));
            shard::run_planned(&tree, &plan, &options).expect("no checkpoint")
        })
        .collect()
}

#[test]
fn merged_shards_equal_the_known_answers_for_1_7_and_64_shards() {
    let Some(dir) = common::shared_data("merged_shards_equal_the_known_answers") else { return };
    let dir = dir.join("xc");
    let answers = common::answers(&dir);
    assert!(answers.len() >= 10, "ANSWERS.tsv lists {} instances", answers.len());
    for answer in &answers {
        let problem = common::load(&dir.join(&answer.file));
        let single = Solver::new(&problem).count_all();
        assert_eq!(single.solutions, answer.solutions, "{}: single count", answer.file);
        for of in [1, 7, 64] {
            let manifests = all_shards(&problem, Engine::Auto, of);
            let merged = shard::merge(&manifests).unwrap_or_else(|e| panic!("{} N={of}: {e}", answer.file));
            assert_eq!(merged.solutions, answer.solutions, "{} N={of}", answer.file);
            assert_eq!(merged.nodes, single.stats.nodes, "{} N={of}: nodes", answer.file);
        }
    }
}

#[test]
fn the_links_engine_shards_too() {
    let Some(dir) = common::shared_data("the_links_engine_shards_too") else { return };
    for (file, solutions) in [("pent5x12.dlx", 4040), ("queens12.dlx", 14200), ("langford8.dlx", 300)] {
        let problem = common::load(&dir.join("xc").join(file));
        let single = Solver::new(&problem).with_engine(Engine::Links).count_all();
        let merged = shard::merge(&all_shards(&problem, Engine::Links, 7)).expect("merges");
        assert_eq!((merged.solutions, merged.nodes), (solutions, single.stats.nodes), "{file}");
        assert_eq!(merged.engine, "links");
    }
}

fn queens8() -> Problem {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/data/queens8.dlx");
    common::load(&path)
}

#[test]
fn a_merge_names_the_shard_left_out_given_twice_or_unfinished() {
    let problem = queens8();
    let manifests = all_shards(&problem, Engine::Auto, 5);
    assert_eq!(shard::merge(&manifests).expect("whole").solutions, 92);

    let mut left_out = manifests.clone();
    left_out.remove(3);
    assert_eq!(shard::merge(&left_out), Err(MergeError::Missing { missing: vec!["3/5".to_owned()] }));
    assert!(shard::merge(&left_out).unwrap_err().to_string().contains("3/5"));

    let mut twice = manifests.clone();
    twice.push(manifests[2].clone());
    let error = shard::merge(&twice).unwrap_err();
    assert_eq!(error, MergeError::Doubled { shard: "2/5".to_owned(), first: 2, second: 5 });

    let mut unfinished = manifests.clone();
    unfinished[4].outcome = "gave-up".to_owned();
    unfinished[4].reason = Some("timeout".to_owned());
    unfinished[4] = unfinished[4].clone().sealed(); // as a shard that gave up seals it
    assert!(
        matches!(shard::merge(&unfinished), Err(MergeError::Unfinished { ref shard, .. }) if shard == "4/5")
    );

    // A shard of another count: other instance, or the same instance split for other N.
    let other = all_shards(
        &common::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../cli/tests/data/knuth.dlx")),
        Engine::Auto,
        5,
    );
    let mut mixed = manifests.clone();
    mixed[1] = other[1].clone();
    assert!(matches!(shard::merge(&mixed), Err(MergeError::Mismatch { position: 1, what: "instance", .. })));
    let seven = all_shards(&problem, Engine::Auto, 7);
    let mut mixed = manifests.clone();
    mixed[1] = seven[1].clone();
    assert!(matches!(shard::merge(&mixed), Err(MergeError::Mismatch { position: 1, .. })));

    // Coverage is checked prefix by prefix, not only shard by shard.
    let mut forged = manifests.clone();
    let moved = forged[1].covered.pop();
    if let Some(range) = moved {
        forged[2].covered.push(range);
        forged[2].covered.push(range);
        forged[2].covered.sort_unstable();
        // Sealed as a faulty shard would seal them, so that the coverage check is what refuses.
        forged[1] = forged[1].clone().sealed();
        forged[2] = forged[2].clone().sealed();
        assert!(matches!(shard::merge(&forged), Err(MergeError::Overlap { .. })));
    }
    assert_eq!(shard::merge(&[]), Err(MergeError::Empty));
}

#[test]
fn the_plan_does_not_depend_on_threads() {
    let problem = queens8();
    let tree = CoverTree::new(&problem, Engine::Auto);
    let one = Plan::new(&tree, 16, 1, &Budget::unlimited()).expect("plan");
    let two = Plan::new(&tree, 16, 2, &Budget::unlimited()).expect("plan");
    assert_eq!(one.split, two.split);
    assert_eq!(one.prefixes, two.prefixes);
}

#[test]
fn a_checkpoint_resumes_without_counting_twice() {
    let Some(dir) = common::shared_data("a_checkpoint_resumes_without_counting_twice") else { return };
    let problem = common::load(&dir.join("xc").join("pent5x12.dlx"));
    let single = Solver::new(&problem).count_all();
    let tree = CoverTree::new(&problem, Engine::Auto);
    let path = std::env::temp_dir().join(format!("tessera-shard-resume-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut options = RunOptions::new(Shard::WHOLE);
    options.checkpoint = Some(path.clone());
    options.checkpoint_every = std::time::Duration::ZERO;
    // Stopped three times by a node budget (each prefix gets it whole: some finish, one does not).
    let mut runs = 0;
    let manifest = loop {
        runs += 1;
        options.budget = if runs <= 3 { Budget::unlimited().with_nodes(20_000) } else { Budget::unlimited() };
        let manifest = shard::run(&tree, &options).expect("runs");
        if manifest.outcome == "exhausted" {
            break manifest;
        }
        assert!(runs <= 3, "gave up without a budget");
    };
    assert!(runs > 1, "the budget never stopped it: the test would check nothing");
    assert_eq!((manifest.solutions, manifest.nodes), (single.solutions, single.stats.nodes));
    // A checkpoint of another count is refused, naming what differs.
    let mut other = RunOptions::new(Shard::new(1, 2).expect("valid"));
    other.checkpoint = Some(path.clone());
    let error = shard::run(&tree, &other).unwrap_err().to_string();
    assert!(error.contains("another count") && error.contains("split"), "{error}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_total_past_64_bits_is_an_error_not_a_wrapped_number() {
    // Counts that big are sealed as a shard would seal them (an edit alone fails the digest).
    let reseal = |manifests: &mut Vec<Manifest>| {
        *manifests = manifests.drain(..).map(Manifest::sealed).collect();
    };
    let mut manifests = all_shards(&queens8(), Engine::Auto, 2);
    for m in &mut manifests {
        m.solutions = u64::MAX;
    }
    reseal(&mut manifests);
    assert_eq!(shard::merge(&manifests), Err(MergeError::Overflow("solutions")));
    let mut manifests = all_shards(&queens8(), Engine::Auto, 2);
    manifests[0].nodes = u64::MAX;
    manifests[1].nodes = 1;
    reseal(&mut manifests);
    assert_eq!(shard::merge(&manifests), Err(MergeError::Overflow("nodes")));
    // Up to u64::MAX itself, the total is exact.
    let mut manifests = all_shards(&queens8(), Engine::Auto, 2);
    manifests[0].solutions = u64::MAX - manifests[1].solutions;
    reseal(&mut manifests);
    assert_eq!(shard::merge(&manifests).expect("fits").solutions, u64::MAX);
}

#[test]
fn a_manifest_changed_after_it_was_written_is_refused() {
    let manifests = all_shards(&queens8(), Engine::Auto, 3);
    assert!(manifests.iter().all(Manifest::digest_matches));
    assert!(shard::merge(&manifests).is_ok());
    type Edit = fn(&mut Manifest);
    let edits: [Edit; 6] = [
        |m| m.solutions += 1,
        |m| m.nodes -= 1,
        |m| m.covered[0][1] += 1,
        |m| m.top = !m.top,
        |m| m.digest.clear(),
        |m| m.outcome = "gave-up".to_owned(),
    ];
    for edit in edits {
        let mut edited = manifests.clone();
        edit(&mut edited[1]);
        match shard::merge(&edited) {
            Err(MergeError::Digest { position: 1, shard }) => assert_eq!(shard, "1/3"),
            other => panic!("an edited manifest merged: {other:?}"),
        }
    }
    // Timings are not part of the digest: they vary and decide nothing.
    let mut timed = manifests.clone();
    timed[2].seconds += 1.0;
    assert!(shard::merge(&timed).is_ok());
}

#[test]
fn probes_plans_and_estimates_give_up_on_their_budget() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::Duration;
    use tessera_xc::shard::Tree;
    use tessera_xc::GaveUp;

    let problem = queens8();
    let tree = CoverTree::new(&problem, Engine::Links);
    let split = tree.split(8, &Budget::unlimited()).expect("no budget");
    let cancelled = Budget::unlimited().with_cancel(Arc::new(AtomicBool::new(true)));
    let mut rng = rand_pcg::Pcg64Mcg::new(7);
    assert_eq!(tree.probe_within(&split.prefixes[0], &mut rng, &cancelled), Err(GaveUp::Cancelled));
    assert!(tree.probe_within(&split.prefixes[0], &mut rng, &Budget::unlimited()).is_ok_and(|n| n >= 1.0));
    assert_eq!(Plan::new(&tree, 4, 1, &cancelled).err(), Some(GaveUp::Cancelled));
    let gave_up = shard::estimate_within(&problem, Engine::Auto, 100, 1, Duration::ZERO, &cancelled)
        .expect_err("cancelled");
    assert_eq!((gave_up.reason, gave_up.done, gave_up.asked), (GaveUp::Cancelled, 0, 100));
    let estimate =
        shard::estimate_within(&problem, Engine::Auto, 2000, 1, Duration::from_secs(1), &Budget::unlimited())
            .expect("no budget");
    assert_eq!(estimate.exact, Some((92, Solver::new(&problem).count_all().stats.nodes)));
    assert!(estimate.solutions_known().is_ok() && estimate.solution_probes >= 10);
}
