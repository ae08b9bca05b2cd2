//! Sharded counts of the dedicated searches, `queens --count --shard` and `tiling count --shard`,
//! through the real binary: every shard run as its own process, merged by `tessera merge`, and
//! compared with the single count (solutions and nodes); missing and doubled shards; resuming
//! from a checkpoint; the combinations refused.

use crate::common;

use std::path::{Path, PathBuf};

use common::{assert_status, json, stderr, stdout, tessera};

/// A fresh folder for one test's manifests.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make the folder");
    dir
}

/// Runs every shard `i/of` of `command`, each writing `dir/m{i}.json`; returns the files.
fn run_shards(command: &[&str], of: u32, dir: &Path) -> Vec<String> {
    (0..of)
        .map(|i| {
            let file = dir.join(format!("m{i}.json")).display().to_string();
            let shard = format!("{i}/{of}");
            let mut args = command.to_vec();
            args.extend(["--shard", &shard, "--manifest", &file]);
            let output = tessera(&args);
            assert_status(&output, 0);
            file
        })
        .collect()
}

/// `tessera merge --json FILES`: (solutions, nodes).
fn merge(files: &[String]) -> (u64, u64) {
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let output = tessera(&args);
    assert_status(&output, 0);
    let merged = json(&output);
    (merged["solutions"].as_u64().unwrap(), merged["nodes"].as_u64().unwrap())
}

/// The single count's (solutions, nodes), on one thread.
fn single(command: &[&str]) -> (u64, u64) {
    let mut args = command.to_vec();
    args.extend(["--json", "--threads", "1"]);
    let output = tessera(&args);
    assert_status(&output, 0);
    let report = json(&output);
    assert_eq!(report["outcome"], "exhausted");
    (report["solutions"].as_u64().unwrap(), report["nodes"].as_u64().unwrap())
}

/// For N = 1, 7, 64: the merged solutions and nodes equal the single count's.
fn check_exact(name: &str, command: &[&str]) -> (u64, u64) {
    let whole = single(command);
    for of in [1, 7, 64] {
        let dir = folder(&format!("{name}-{of}"));
        let files = run_shards(command, of, &dir);
        assert_eq!(merge(&files), whole, "{command:?} in {of} shards");
        let _ = std::fs::remove_dir_all(&dir);
    }
    whole
}

#[test]
fn queens_shards_add_up_to_the_single_count() {
    let expected = [92, 352, 724, 2680, 14200, 73712];
    for (n, solutions) in (8..=13).zip(expected) {
        let n = n.to_string();
        let (found, _) = check_exact(&format!("queens{n}"), &["queens", &n, "--count"]);
        assert_eq!(found, solutions, "queens {n}");
    }
}

#[test]
fn tiling_shards_add_up_to_the_single_count() {
    // Every tiling (9356 on 6x10: `tiling count` counts them all, 2339 only with --distinct).
    assert_eq!(check_exact("6x10", &["tiling", "count", "--board", "6x10"]).0, 9356);
    assert_eq!(check_exact("5x12", &["tiling", "count", "--board", "5x12"]).0, 4040);
    assert_eq!(check_exact("3x20", &["tiling", "count", "--board", "3x20", "--no-symmetry"]).0, 8);
}

#[test]
fn a_merge_with_a_shard_left_out_or_given_twice_fails_and_names_it() {
    let dir = folder("missing");
    let files = run_shards(&["queens", "10", "--count"], 7, &dir);
    let mut args = vec!["merge"];
    args.extend(files.iter().filter(|f| !f.ends_with("m4.json")).map(String::as_str));
    let output = tessera(&args);
    assert_status(&output, 2);
    assert!(stdout(&output).is_empty());
    assert!(stderr(&output).contains("4/7"), "{}", stderr(&output));

    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.push(&files[2]);
    let output = tessera(&args);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("shard 2/7 is given twice"), "{}", stderr(&output));

    // A tiling manifest among queens ones: another count.
    let tiling = dir.join("tiling.json").display().to_string();
    assert_status(
        &tessera(&["tiling", "count", "--board", "3x20", "--shard", "2/7", "--manifest", &tiling]),
        0,
    );
    let mut args = vec!["merge"];
    args.extend(files.iter().filter(|f| !f.ends_with("m2.json")).map(String::as_str));
    args.push(&tiling);
    let output = tessera(&args);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("kind is tiling, not queens"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_modes_of_tiling_count_are_not_merged_together() {
    let dir = folder("modes");
    let with = run_shards(&["tiling", "count", "--board", "3x20"], 2, &dir);
    let without = dir.join("without.json").display().to_string();
    let args =
        ["tiling", "count", "--board", "3x20", "--no-symmetry", "--shard", "1/2", "--manifest", &without];
    assert_status(&tessera(&args), 0);
    let output = tessera(&["merge", &with[0], &without]);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("another count"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `command` with `--checkpoint` and a short `--timeout` until it finishes (at most a few
/// times), then checks the total against the single count: nothing lost, nothing twice.
fn check_resume(name: &str, command: &[&str], timeout: &str) {
    let whole = single(command);
    let dir = folder(name);
    let checkpoint = dir.join("count.ckpt").display().to_string();
    let (mut gave_up, mut partial) = (0, 0);
    let manifest = loop {
        let mut args = command.to_vec();
        // One thread, so that the count outlasts the timeout however idle the machine.
        args.extend(["--checkpoint", &checkpoint, "--checkpoint-every", "0", "--threads", "1"]);
        args.extend(["--json", "--timeout", timeout]);
        let output = tessera(&args);
        match common::status(&output) {
            3 => {
                gave_up += 1;
                assert!(gave_up < 50, "no progress: {}", stderr(&output));
                // On a busy machine the timeout may even end the plan: nothing counted, retry.
                let said = stderr(&output);
                assert!(said.contains("to resume") || said.contains("while splitting"), "{said}");
                partial += u32::from(said.contains("to resume"));
            }
            0 => break json(&output),
            _ => panic!("{}", stderr(&output)),
        }
    };
    assert!(partial >= 1, "a run was meant to give up part way: make the timeout shorter");
    assert_eq!((manifest["solutions"].as_u64().unwrap(), manifest["nodes"].as_u64().unwrap()), whole);
    // A finished checkpoint resumes to the same total without counting again.
    let mut args = command.to_vec();
    args.extend(["--checkpoint", &checkpoint]);
    let output = tessera(&args);
    assert_status(&output, 0);
    assert_eq!(stdout(&output).trim(), whole.0.to_string());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_checkpointed_queens_count_resumes_exactly() {
    check_resume("resume-queens", &["queens", "15", "--count"], "0.2");
}

#[test]
fn a_checkpointed_tiling_count_resumes_exactly() {
    check_resume("resume-tiling", &["tiling", "count", "--board", "6x10", "--no-symmetry"], "0.3");
}

#[test]
fn a_checkpoint_of_another_count_is_refused() {
    let dir = folder("other");
    let checkpoint = dir.join("count.ckpt").display().to_string();
    assert_status(&tessera(&["queens", "9", "--count", "--checkpoint", &checkpoint]), 0);
    let output = tessera(&["queens", "10", "--count", "--checkpoint", &checkpoint]);
    assert_status(&output, 2);
    assert!(stderr(&output).contains("another count"), "{}", stderr(&output));
    let output = tessera(&["tiling", "count", "--board", "3x20", "--checkpoint", &checkpoint]);
    assert_status(&output, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shard_flags_are_refused_where_they_cannot_be_exact() {
    let refused: [(&[&str], &str); 6] = [
        (&["queens", "8", "--shard", "0/2"], "--count"),
        (&["queens", "8", "--count", "--limit", "3", "--shard", "0/2"], "--limit"),
        (&["queens", "8", "--count", "--engine", "xc", "--shard", "0/2"], "bits engine"),
        (&["tiling", "count", "--board", "3x20", "--distinct", "--shard", "0/2"], "--distinct"),
        (&["tiling", "count", "--board", "3x20", "--limit", "2", "--manifest", "m.json"], "--limit"),
        (&["tiling", "count", "--board", "3x20", "--engine", "xc", "--shard", "0/2"], "bits engine"),
    ];
    for (args, says) in refused {
        let output = tessera(args);
        assert_status(&output, 1);
        assert!(stdout(&output).is_empty(), "{args:?}");
        assert!(stderr(&output).contains(says), "{args:?}: {}", stderr(&output));
    }
}
