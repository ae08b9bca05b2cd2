//! A sharded count stopped by SIGTERM (a preempted Slurm task) saves its checkpoint, says so and
//! exits with 143; the rerun resumes to the exact total. `--progress` writes lines to a standard
//! error that is not a terminal. `tessera merge` refuses a total past 64 bits.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_status, stderr, stdout, tessera};

/// Knuth's format of `n` queens: rows and columns primary, diagonals secondary.
fn queens_dlx(n: usize) -> String {
    let mut text = String::new();
    let primary: Vec<String> = (0..n).flat_map(|i| [format!("r{i}"), format!("c{i}")]).collect();
    let secondary: Vec<String> = (0..2 * n - 1).flat_map(|d| [format!("a{d}"), format!("b{d}")]).collect();
    text.push_str(&format!("{} | {}\n", primary.join(" "), secondary.join(" ")));
    for r in 0..n {
        for c in 0..n {
            text.push_str(&format!("r{r} c{c} a{} b{}\n", r + c, n - 1 + r - c));
        }
    }
    text
}

#[test]
fn sigterm_saves_the_checkpoint_and_a_rerun_resumes_to_the_exact_total() {
    let dir = common::scratch("shard_signals", "sigterm");
    let file = dir.join("queens.dlx");
    // A count of some seconds in a debug build, cut into many prefixes.
    std::fs::write(&file, queens_dlx(14)).expect("write");
    let file = file.display().to_string();
    let checkpoint = dir.join("count.ckpt").display().to_string();
    let args =
        ["xc", "count", &file, "--engine", "links", "--checkpoint", &checkpoint, "--progress", "--json"];
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera");
    // The first progress line with prefixes in it: the plan is made and counting has begun.
    let mut lines = BufReader::new(child.stderr.take().expect("piped")).lines();
    let started = Instant::now();
    let mut seen = Vec::new();
    for line in lines.by_ref() {
        let line = line.expect("stderr");
        seen.push(line.clone());
        if line.contains(" prefixes, ") && !line.contains(": 0 of ") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no progress: {seen:?}");
    }
    let sent = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("run kill");
    assert!(sent.success(), "kill -TERM");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().expect("wait");
    let all = [seen, rest].concat().join("\n");
    assert_eq!(status.code(), Some(143), "{all}");
    assert!(all.contains("interrupted by SIGTERM") && all.contains(&checkpoint), "{all}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&checkpoint).expect("a checkpoint")).expect("json");
    let done = saved["done"].as_array().map_or(0, Vec::len);
    assert!(done > 0, "the checkpoint holds no finished prefix: {saved}");
    assert!(all.contains(&format!("{done} finished prefixes")), "{all}");

    let resumed = tessera(&args);
    assert_status(&resumed, 0);
    let manifest: serde_json::Value = serde_json::from_str(&stdout(&resumed)).expect("json");
    let whole = tessera(&["xc", "count", &file, "--engine", "links", "--json"]);
    let whole: serde_json::Value = serde_json::from_str(&stdout(&whole)).expect("json");
    assert_eq!(manifest["solutions"], 365_596);
    assert_eq!(manifest["solutions"], whole["solutions"]);
    assert_eq!(manifest["nodes"], whole["nodes"], "a prefix counted twice or lost");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn progress_lines_go_to_a_standard_error_that_is_not_a_terminal() {
    let output = tessera(&["queens", "12", "--count", "--shard", "0/1", "--progress"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output).trim(), "14200");
    let text = stderr(&output);
    assert!(
        text.lines().any(|l| l.starts_with("tessera: shard 0/1: ") && l.contains(" prefixes, ")),
        "{text}"
    );
    // --progress alone runs the count as one shard of one: the same total, its prefixes shown.
    for args in
        [&["queens", "12", "--count", "--progress"][..], &["xc", "count", "queens8.dlx", "--progress"]]
    {
        let output = tessera(args);
        assert_status(&output, 0);
        assert_eq!(stdout(&output).trim(), if args[0] == "queens" { "14200" } else { "92" }, "{args:?}");
        let text = stderr(&output);
        assert!(
            text.lines().any(|l| l.starts_with("tessera: shard 0/1: ") && l.contains(" prefixes, ")),
            "{text}"
        );
    }
    // Without --progress (and no terminal), nothing.
    let quiet = tessera(&["queens", "12", "--count", "--shard", "0/1"]);
    assert!(!stderr(&quiet).contains("prefixes"), "{}", stderr(&quiet));
}

#[test]
fn a_hand_edited_count_is_refused_by_the_merge() {
    // A total past 64 bits is refused too: `tessera_xc`'s tests seal such counts and merge them.
    let dir = common::scratch("shard_signals", "overflow");
    let mut files = Vec::new();
    for i in 0..2 {
        let file = dir.join(format!("m{i}.json"));
        let name = file.display().to_string();
        let output =
            tessera(&["xc", "count", "queens8.dlx", "--shard", &format!("{i}/2"), "--manifest", &name]);
        assert_status(&output, 0);
        let mut manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("manifest")).expect("json");
        manifest["solutions"] = serde_json::json!(u64::MAX);
        std::fs::write(&file, manifest.to_string()).expect("write");
        files.push(name);
    }
    let merged = tessera(&["merge", &files[0], &files[1]]);
    assert_status(&merged, 2);
    assert!(stderr(&merged).contains("does not match its digest"), "{}", stderr(&merged));
    assert_eq!(stdout(&merged), "");
    let _ = std::fs::remove_dir_all(&dir);
}
