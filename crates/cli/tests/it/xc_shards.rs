//! `tessera xc count --shard/--checkpoint/--manifest` and `tessera merge` as a cluster runs them:
//! separate processes, files between them, and kills. The library's own tests
//! (crates/xc/tests/it/shards.rs) check every known answer for 1, 7 and 64 shards.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_status, stderr, stdout, tessera};

fn scratch(name: &str) -> PathBuf {
    common::scratch("xc-shards", name)
}

fn queens8() -> String {
    common::data_dir().join("queens8.dlx").display().to_string()
}

#[test]
fn shards_in_separate_processes_merge_to_the_count() {
    let dir = scratch("merge");
    let mut files = Vec::new();
    for i in 0..3 {
        let file = dir.join(format!("m{i}.json")).display().to_string();
        let output = tessera(&["xc", "count", &queens8(), "--shard", &format!("{i}/3"), "--manifest", &file]);
        assert_status(&output, 0);
        files.push(file);
    }
    let merged = tessera(&["merge", &files[0], &files[1], &files[2]]);
    assert_status(&merged, 0);
    assert_eq!(stdout(&merged).trim(), "92");
    let json = tessera(&["merge", "--json", &files[2], &files[0], &files[1]]);
    let report: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("json");
    assert_eq!(report["solutions"], 92);
    assert_eq!(report["shards"], 3);

    let missing = tessera(&["merge", &files[0], &files[2]]);
    assert_status(&missing, 2);
    assert!(stderr(&missing).contains("missing: 1/3"), "{}", stderr(&missing));
    let doubled = tessera(&["merge", &files[0], &files[1], &files[2], &files[1]]);
    assert_status(&doubled, 2);
    assert!(
        stderr(&doubled).contains("1/3 is given twice") && stderr(&doubled).contains("m1.json"),
        "{}",
        stderr(&doubled)
    );
    std::fs::write(dir.join("bad.json"), "{}").expect("write");
    let bad = tessera(&["merge", &dir.join("bad.json").display().to_string()]);
    assert_status(&bad, 2);
    assert!(stderr(&bad).contains("not a shard manifest"), "{}", stderr(&bad));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shard_flags_are_refused() {
    for bad in ["3/3", "1/0", "x/2", "1/2/3"] {
        let output = tessera(&["xc", "count", &queens8(), "--shard", bad]);
        assert_status(&output, 1);
        assert!(stderr(&output).contains("0 <= I < N"), "{bad}: {}", stderr(&output));
    }
    let limit = tessera(&["xc", "count", &queens8(), "--shard", "0/2", "--limit", "5"]);
    assert_status(&limit, 1);
}

#[test]
fn json_prints_the_manifest() {
    let output = tessera(&["xc", "count", &queens8(), "--shard", "0/1", "--json"]);
    assert_status(&output, 0);
    let manifest: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(manifest["format"], "tessera-shard/1");
    assert_eq!(manifest["solutions"], 92);
    assert_eq!(manifest["outcome"], "exhausted");
    assert_eq!(manifest["top"], true);
}

/// A small generator (SplitMix64) for the kill moments, seeded from the clock and printed, so a
/// failure can be replayed with TESSERA_KILL_SEED.
fn kill_moments() -> (u64, [Duration; 2]) {
    let seed = std::env::var("TESSERA_KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(7, |d| d.as_nanos() as u64)
    });
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    // Between 1.5 and 4 seconds into a count of about 6 (its plan takes the first 0.6 or more).
    let mut moment = || Duration::from_millis(1500 + next() % 2500);
    (seed, [moment(), moment()])
}

#[test]
fn a_count_killed_twice_resumes_to_the_exact_total() {
    let Some(xc) = common::shared_dir("xc") else { return };
    let file = xc.join("pent6x10.dlx").display().to_string();
    let dir = scratch("kill");
    let checkpoint = dir.join("count.ckpt").display().to_string();
    let args = [
        "xc",
        "count",
        &file,
        "--engine",
        "links",
        "--checkpoint",
        &checkpoint,
        "--checkpoint-every",
        "0.05",
        "--json",
    ];
    let (seed, moments) = kill_moments();
    eprintln!("kill moments from TESSERA_KILL_SEED={seed}: {moments:?}");
    let mut saved = Vec::new();
    for moment in moments {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tessera");
        let started = Instant::now();
        while started.elapsed() < moment {
            if child.try_wait().expect("wait").is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        child.kill().expect("kill -9"); // SIGKILL: no clean-up runs.
        let _ = child.wait();
        let text = std::fs::read_to_string(&checkpoint).unwrap_or_default();
        let done = serde_json::from_str::<serde_json::Value>(&text)
            .map(|c| c["done"].as_array().map_or(0, Vec::len))
            .unwrap_or(0);
        saved.push(done);
    }
    eprintln!("prefixes saved after each kill: {saved:?}");
    assert!(saved.iter().any(|&d| d > 0), "no checkpoint saved before the kills: the test checks nothing");
    let resumed = tessera(&args);
    assert_status(&resumed, 0);
    let manifest: serde_json::Value = serde_json::from_str(&stdout(&resumed)).expect("json");
    let whole = tessera(&["xc", "count", &file, "--engine", "links", "--json"]);
    let whole: serde_json::Value = serde_json::from_str(&stdout(&whole)).expect("json");
    assert_eq!(manifest["solutions"], 9356, "seed {seed}");
    assert_eq!(
        manifest["nodes"], whole["nodes"],
        "seed {seed}: the nodes show whether a prefix was counted twice"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The folder with `tessera` in it, for scripts that call it by name.
fn path_with_tessera() -> String {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_tessera"))
        .parent()
        .expect("bin folder")
        .display()
        .to_string();
    format!("{bin}:{}", std::env::var("PATH").unwrap_or_default())
}

fn repository() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The array task's script run by `bash` as Slurm's `sbatch --array` would run it, with the
/// folders `examples/cluster/submit.sh` creates first. This reads none of its `#SBATCH` lines:
/// `scripts/test-slurm.sh` submits the whole recipe to a real single-node Slurm (in CI).
#[test]
fn the_slurm_task_script_counts_its_part_and_needs_its_folders() {
    let dir = scratch("slurm");
    let script = repository().join("examples/cluster/count.sbatch");
    let run = |index: u32| {
        Command::new("bash")
            .arg(&script)
            .args([&queens8(), "4"])
            .current_dir(&dir)
            .env("PATH", path_with_tessera())
            .env("SLURM_ARRAY_TASK_ID", index.to_string())
            .env("SLURM_CPUS_PER_TASK", "2")
            .output()
            .expect("run the script")
    };
    let without = run(0);
    assert_status(&without, 1);
    assert!(stderr(&without).contains("no results/ folder"), "{}", stderr(&without));
    std::fs::create_dir_all(dir.join("results")).expect("mkdir");
    std::fs::create_dir_all(dir.join("checkpoints")).expect("mkdir");
    for index in 0..4 {
        assert_status(&run(index), 0);
    }
    let manifests: Vec<String> =
        (0..4).map(|i| dir.join(format!("results/part-{i}.json")).display().to_string()).collect();
    let args: Vec<&str> = std::iter::once("merge").chain(manifests.iter().map(String::as_str)).collect();
    let merged = tessera(&args);
    assert_status(&merged, 0);
    assert_eq!(stdout(&merged).trim(), "92");
    assert!(dir.join("checkpoints/part-3.ckpt").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}
