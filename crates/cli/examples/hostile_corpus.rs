//! Writes and runs the hostile corpus (issue 14) against a `tessera` binary, and reports each
//! case's wall time against its `--timeout`, its exit status and its peak memory, then the
//! worst overrun and the worst peak per command. `scripts/hostile-bench.sh` runs it; the
//! corpus itself is `tests/hostile/corpus.rs`, shared with the test `tests/hostile.rs`.
//!
//! ```text
//! cargo run --release -p tessera-cli --example hostile_corpus -- \
//!     [--binary target/release/tessera] [--timeout 2] [--seed 14] [--dir /tmp/hostile] [--full] [--only NAME]
//! ```

#[path = "../tests/hostile/corpus.rs"]
mod corpus;
#[path = "../tests/hostile/runner.rs"]
mod runner;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

fn main() {
    let mut binary = PathBuf::from("target/release/tessera");
    let (mut timeout, mut seed, mut full) = (2.0f64, 14u64, false);
    let mut dir = std::env::temp_dir().join("tessera-hostile");
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match arg.as_str() {
            "--binary" => binary = PathBuf::from(value()),
            "--timeout" => timeout = value().parse().expect("seconds"),
            "--seed" => seed = value().parse().expect("a seed"),
            "--dir" => dir = PathBuf::from(value()),
            "--full" => full = true,
            "--only" => only = Some(value()),
            other => panic!("unknown argument {other}"),
        }
    }
    std::fs::create_dir_all(&dir).expect("make the corpus folder");
    let binary = std::fs::canonicalize(&binary).expect("the tessera binary");
    println!(
        "binary {} timeout {timeout} s seed {seed}{}",
        binary.display(),
        if full { " full" } else { "" }
    );
    println!(
        "{:<36} {:<16} {:>8} {:>9} {:>6} {:>9}",
        "case", "command", "wall s", "overrun", "status", "peak MiB"
    );
    // Per command: the worst overrun (seconds past the timeout) and the worst peak.
    let mut worst: BTreeMap<String, (f64, String, u64, String)> = BTreeMap::new();
    let mut crashes = 0;
    for case in corpus::corpus(seed, full) {
        if only.as_ref().is_some_and(|name| !case.name.contains(name.as_str())) {
            continue;
        }
        runner::write_files(&case, &dir);
        let kill_after = Duration::from_secs_f64(timeout * 10.0 + 60.0);
        let run = runner::run(&binary, &case, &dir, timeout, kill_after);
        for (name, _) in &case.files {
            let _ = std::fs::remove_file(dir.join(name));
        }
        let wall = run.wall.as_secs_f64();
        let overrun = wall - timeout;
        let status = run.status.map_or("killed".to_owned(), |s| s.to_string());
        let mib = run.peak >> 20;
        println!(
            "{:<36} {:<16} {:>8.3} {:>+8.1}% {:>6} {:>9}",
            case.name,
            case.family,
            wall,
            100.0 * overrun / timeout,
            status,
            mib
        );
        if run.crashed() {
            crashes += 1;
            println!("  CRASH: {}", run.stderr.lines().take(3).collect::<Vec<_>>().join(" | "));
        }
        let entry = worst.entry(case.family.clone()).or_insert((f64::MIN, String::new(), 0, String::new()));
        if overrun > entry.0 {
            (entry.0, entry.1) = (overrun, case.name.clone());
        }
        if run.peak > entry.2 {
            (entry.2, entry.3) = (run.peak, case.name.clone());
        }
    }
    println!();
    println!("{:<16} {:>10} {:<36} {:>9} {:<36}", "command", "worst over", "(case)", "peak MiB", "(case)");
    for (family, (overrun, over_case, peak, peak_case)) in &worst {
        println!(
            "{:<16} {:>+9.1}% {:<36} {:>9} {:<36}",
            family,
            100.0 * overrun / timeout,
            over_case,
            peak >> 20,
            peak_case
        );
    }
    println!("crashes: {crashes}");
}
