//! `tessera xc count` on the shared instances of `$TESSERA_DATA/xc/`, against their `ANSWERS.tsv`.
//!
//! The data live outside the repository: set `TESSERA_DATA` to the folder that holds `xc/`,
//! `sudoku/` and `hidato/`. Without it these tests say loudly that they are skipped, and fail if
//! `TESSERA_REQUIRE_DATA=1` (as in CI).

use crate::common;

use std::path::PathBuf;

use common::{assert_status, json, tessera};

/// Bench tier: seconds each even on two threads; the exact-cover crate's own tests and benches
/// cover them.
const SLOW: &[&str] = &["pent5x12.dlx", "pent6x10.dlx"];

/// `$TESSERA_DATA/xc`, or `None` (after saying so) when the data are not configured.
fn xc_data() -> Option<PathBuf> {
    let dir = common::shared_dir("xc")?;
    assert!(
        dir.join("ANSWERS.tsv").is_file(),
        "TESSERA_DATA is set but {} is missing",
        dir.join("ANSWERS.tsv").display()
    );
    Some(dir)
}

#[test]
fn shared_instances_count_as_their_answers_say() {
    let Some(dir) = xc_data() else { return };
    let answers = std::fs::read_to_string(dir.join("ANSWERS.tsv")).expect("read ANSWERS.tsv");
    let mut checked = 0;
    for line in answers.lines().skip(1).filter(|line| !line.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, expected) = (fields[0], fields[1]);
        if SLOW.contains(&file) {
            continue;
        }
        let path = dir.join(file);
        let path = path.to_str().expect("a UTF-8 path");
        let output = tessera(&["xc", "count", path, "--threads", "2", "--json"]);
        assert_status(&output, 0);
        let report = json(&output);
        assert_eq!(report["solutions"].to_string(), expected, "{file}");
        assert_eq!(report["outcome"], "exhausted", "{file}");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} instances checked");
}

#[test]
fn one_and_two_threads_do_the_same_work_on_langford_pairs() {
    let Some(dir) = xc_data() else { return };
    let path = dir.join("langford8.dlx");
    let path = path.to_str().expect("a UTF-8 path");
    let one = json(&tessera(&["xc", "count", path, "--json"]));
    let two = json(&tessera(&["xc", "count", path, "--json", "--threads", "2"]));
    assert_eq!(one["solutions"], 300);
    assert_eq!(two["solutions"], 300);
    assert_eq!((&one["nodes"], &one["updates"]), (&two["nodes"], &two["updates"]));
}
