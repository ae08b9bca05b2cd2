//! Variant Sudoku over a file in the form of tests/data/variant/iss.tsv (name, collection, ISS
//! string, solution), in one process: each puzzle read, counted to 2 under a budget, its time and
//! nodes printed as TSV, then the median, the worst and the give-ups. For the engine's own tuning;
//! the side-by-side figures against ISS come from scripts/variant-vs-iss.sh.
//!
//! ```text
//! cargo run --release -p tessera --example variant_bench -- [FILE] [--timeout S] [--engine E] [--only TEXT]
//! ```

use std::time::{Duration, Instant};

use tessera::variant::{self, Engine, Query};
use tessera::xc::Budget;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/variant/iss.tsv").to_string();
    let mut timeout = 2.0f64;
    let mut engine = Engine::Auto;
    let mut only: Option<String> = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--timeout" => timeout = args.next().and_then(|s| s.parse().ok()).expect("--timeout S"),
            "--engine" => {
                engine = args.next().and_then(|s| s.parse().ok()).expect("--engine auto|rules|sat|xc");
            }
            "--only" => only = args.next(),
            _ => file = arg,
        }
    }
    let text = std::fs::read_to_string(&file).expect("the puzzle file");
    let mut times = Vec::new();
    let mut gave_up = Vec::new();
    println!("name\tsolutions\tms\tnodes");
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("name\t")) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (name, iss) = (fields[0], fields[2]);
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let Ok(puzzle) = variant::parse(iss) else { continue };
        let query = Query::default()
            .with_engine(engine)
            .with_limit(2)
            .with_budget(Budget::unlimited().with_timeout(Duration::from_secs_f64(timeout)));
        let start = Instant::now();
        let count = variant::count(&puzzle, &query);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let solutions = if count.gave_up() { "gave-up".to_string() } else { count.solutions.to_string() };
        println!("{name}\t{solutions}\t{ms:.2}\t{}", count.stats.nodes);
        if count.gave_up() {
            gave_up.push(name.to_string());
        }
        times.push(ms);
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    let total: f64 = times.iter().sum();
    eprintln!(
        "{} read: median {median:.2} ms, worst {worst:.1} ms, total {:.1} s, {} gave up: {}",
        times.len(),
        total / 1e3,
        gave_up.len(),
        gave_up.join(", ")
    );
}
