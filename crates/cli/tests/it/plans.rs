//! `tessera xc plan` (and `tiling plan`, `queens --parts`), then `count --plan FILE --part I` or
//! `--prefixes LIST` in separate processes, then `tessera merge`: the plan made once, each
//! worker rebuilding its prefixes from it; bad plans, parts and output paths refused at once.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{assert_status, stderr, stdout, tessera};

fn scratch(name: &str) -> PathBuf {
    common::scratch("plans", name)
}

fn data(name: &str) -> String {
    common::data_dir().join(name).display().to_string()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// The JSON of a plan or manifest file a run wrote.
fn read_json(file: &str) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(file).expect("written")).expect("json")
}

/// Runs the planning `command` with `-o dir/name`, which must succeed; returns the plan's path.
fn write_plan(dir: &Path, name: &str, command: &[&str]) -> String {
    let plan = path(dir, name);
    let mut args = command.to_vec();
    args.extend(["-o", &plan]);
    assert_status(&tessera(&args), 0);
    plan
}

/// Plans queens8.dlx in `parts` parts into `dir/plan.json`; returns the instance's and the plan's paths.
fn queens8_plan(dir: &Path, parts: &str) -> (String, String) {
    let queens8 = data("queens8.dlx");
    let plan = write_plan(dir, "plan.json", &["xc", "plan", &queens8, "--parts", parts]);
    (queens8, plan)
}

/// `tessera xc count INSTANCE [OPTION..] --plan PLAN --part PART --manifest MANIFEST`, with
/// `instance` holding the instance and the options.
fn count_part(instance: &[&str], plan: &str, part: &str, manifest: &str) -> Output {
    let mut args = vec!["xc", "count"];
    args.extend(instance);
    args.extend(["--plan", plan, "--part", part, "--manifest", manifest]);
    tessera(&args)
}

/// Counts every part of `plan` with `command` (ending before `--plan`) and merges them.
fn parts_merged(command: &[&str], plan: &str, parts: u32, dir: &Path) -> String {
    let mut files = Vec::new();
    for part in 0..parts {
        let file = path(dir, &format!("part-{part}.json"));
        let mut args = command.to_vec();
        let part = part.to_string();
        args.extend(["--plan", plan, "--part", &part, "--manifest", &file]);
        assert_status(&tessera(&args), 0);
        files.push(file);
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = tessera(&args);
    assert_status(&merged, 0);
    stdout(&merged).trim().to_owned()
}

#[test]
fn plan_then_parts_then_merge_equals_the_plain_count() {
    let dir = scratch("xc");
    let (queens8, plan) = queens8_plan(&dir, "4");
    let json = read_json(&plan);
    assert_eq!(json["format"], "tessera-plan/1");
    assert_eq!(json["parts"], 4);
    assert!(json["prefixes"].as_array().is_some_and(|p| p.len() >= 4), "{json}");
    let plain = stdout(&tessera(&["xc", "count", &queens8])).trim().to_owned();
    assert_eq!(plain, "92");
    assert_eq!(parts_merged(&["xc", "count", &queens8], &plan, 4, &dir), plain);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn queens_and_tiling_plans_count_exactly() {
    let dir = scratch("puzzles");
    let plan = write_plan(&dir, "queens.json", &["queens", "10", "--parts", "3"]);
    assert_eq!(parts_merged(&["queens", "10", "--count"], &plan, 3, &dir), "724");
    let plan = write_plan(&dir, "tiling.json", &["tiling", "plan", "--board", "3x20", "--parts", "3"]);
    assert_eq!(parts_merged(&["tiling", "count", "--board", "3x20"], &plan, 3, &dir), "8");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn manifests_of_prefix_batches_merge() {
    let dir = scratch("batches");
    let (queens8, plan) = queens8_plan(&dir, "2");
    let json = read_json(&plan);
    let n = json["prefixes"].as_array().expect("prefixes").len();
    assert!(n >= 6, "{n} prefixes");
    let (a, b, c) = (path(&dir, "a.json"), path(&dir, "b.json"), path(&dir, "c.json"));
    let batches =
        [(format!("0-{}", n / 3), &a), (format!("{}-{}", n / 3 + 1, n - 2), &b), (format!("{}", n - 1), &c)];
    for (list, file) in &batches {
        let output =
            tessera(&["xc", "count", &queens8, "--plan", &plan, "--prefixes", list, "--manifest", file]);
        assert_status(&output, 0);
    }
    let merged = tessera(&["merge", &c, &a, &b]);
    assert_status(&merged, 0);
    assert_eq!(stdout(&merged).trim(), "92");
    // One left out: the prefix is named; one counted twice: both files are named.
    let missing = tessera(&["merge", &a, &b]);
    assert_status(&missing, 2);
    assert!(stderr(&missing).contains(&format!("counted by no manifest: {}", n - 1)), "{}", stderr(&missing));
    let again = path(&dir, "again.json");
    let list = format!("{}", n - 1);
    assert_status(
        &tessera(&["xc", "count", &queens8, "--plan", &plan, "--prefixes", &list, "--manifest", &again]),
        0,
    );
    let doubled = tessera(&["merge", &a, &b, &c, &again]);
    assert_status(&doubled, 2);
    let text = stderr(&doubled);
    assert!(
        text.contains("counted twice") && text.contains("c.json") && text.contains("again.json"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_plan_of_another_instance_a_bad_part_or_a_bad_file_is_refused() {
    let dir = scratch("refused");
    let (queens8, plan) = queens8_plan(&dir, "3");
    let manifest = path(&dir, "m.json");

    let queens6 = data("queens6.dlx");
    let other = count_part(&[&queens6], &plan, "0", &manifest);
    assert_status(&other, 2);
    assert!(stderr(&other).contains(&plan) && stderr(&other).contains("another count"), "{}", stderr(&other));
    // The plan's tree is the auto engine's (DLX1 on a problem this small); look-ahead is another.
    let engine = count_part(&[&queens8, "--engine", "links"], &plan, "0", &manifest);
    assert_status(&engine, 2);
    assert!(stderr(&engine).contains("engine"), "{}", stderr(&engine));

    let part = count_part(&[&queens8], &plan, "3", &manifest);
    assert_status(&part, 2);
    assert!(stderr(&part).contains("part 3 is out of range"), "{}", stderr(&part));
    assert!(!Path::new(&manifest).exists());

    let text = std::fs::read_to_string(&plan).expect("plan");
    for (name, edited, words) in [
        ("broken.json", text[..text.len() / 2].to_owned(), "not a plan"),
        ("version.json", text.replace("tessera-plan/1", "tessera-plan/2"), "tessera-plan/2"),
    ] {
        let file = path(&dir, name);
        std::fs::write(&file, edited).expect("write");
        let output = tessera(&["xc", "count", &queens8, "--plan", &file, "--part", "0"]);
        assert_status(&output, 2);
        assert!(stderr(&output).contains(name) && stderr(&output).contains(words), "{}", stderr(&output));
        assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    }
    let neither = tessera(&["xc", "count", &queens8, "--plan", &plan]);
    assert_status(&neither, 1);
    let both = tessera(&["xc", "count", &queens8, "--plan", &plan, "--shard", "0/3"]);
    assert_status(&both, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_output_folder_is_refused_before_counting() {
    let dir = scratch("folders");
    let queens8 = data("queens8.dlx");
    let nowhere = path(&dir, "no/such/folder/m.json");
    // A count that would take minutes: the refusal must come first, and at once.
    let start = std::time::Instant::now();
    let output = tessera(&["queens", "16", "--count", "--shard", "0/1", "--manifest", &nowhere]);
    assert_status(&output, 2);
    assert!(stderr(&output).contains(&nowhere), "{}", stderr(&output));
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "counted first");
    let plan = tessera(&["xc", "plan", &queens8, "--parts", "2", "-o", &nowhere]);
    assert_status(&plan, 2);
    assert!(stderr(&plan).contains(&nowhere), "{}", stderr(&plan));
    let folder = tessera(&["xc", "plan", &queens8, "--parts", "2", "-o", &dir.display().to_string()]);
    assert_status(&folder, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn prefix_times_hold_one_line_per_prefix_of_the_part() {
    let dir = scratch("times");
    let plan = write_plan(&dir, "plan.json", &["queens", "10", "--parts", "3"]);
    let json = read_json(&plan);
    let prefixes = json["prefixes"].as_array().expect("prefixes");
    let wanted: Vec<u64> =
        (0..prefixes.len() as u64).filter(|&i| prefixes[i as usize]["part"] == 1).collect();
    let (times, manifest) = (path(&dir, "times.csv"), path(&dir, "m.json"));
    let count = ["queens", "10", "--count", "--plan", &plan, "--part", "1", "--manifest", &manifest];
    let mut args = count.to_vec();
    args.extend(["--prefix-times", &times]);
    assert_status(&tessera(&args), 0);
    let text = std::fs::read_to_string(&times).expect("written");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("index,solutions,nodes,seconds,cpu_seconds"));
    let rows: Vec<Vec<f64>> =
        lines.map(|l| l.split(',').map(|f| f.parse().unwrap_or(f64::NAN)).collect()).collect();
    let mut indices: Vec<u64> = rows.iter().map(|r| r[0] as u64).collect();
    indices.sort_unstable();
    assert_eq!(indices, wanted);
    assert!(rows.iter().all(|r| r.len() == 5 && r[3] > 0.0), "{text}");
    if cfg!(target_os = "linux") {
        assert!(rows.iter().all(|r| r[4] >= 0.0), "{text}");
    }
    let manifest = read_json(&manifest);
    assert_eq!(manifest["top"], false);
    let sum = |column: usize| rows.iter().map(|r| r[column] as u64).sum::<u64>();
    assert_eq!(
        (sum(1), sum(2)),
        (manifest["solutions"].as_u64().unwrap(), manifest["nodes"].as_u64().unwrap())
    );
    // A file that cannot be written is refused before counting, naming it.
    let nowhere = path(&dir, "no/such/folder/times.csv");
    let mut args = count.to_vec();
    args.extend(["--prefix-times", &nowhere]);
    let output = tessera(&args);
    assert_status(&output, 2);
    assert!(stderr(&output).contains(&nowhere), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(&dir);
}
