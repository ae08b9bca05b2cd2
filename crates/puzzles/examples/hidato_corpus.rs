//! Writes a seeded Hidato/Numbrix corpus whose answers are known by construction (see
//! `tests/common/hidato_corpus/`; no solver is run):
//!
//! ```text
//! cargo run --release -p tessera --example hidato_corpus -- OUT_DIR [--seed S] [--min-side A] [--max-side B] [--per-kind K]
//! ```
//!
//! Defaults: seed 2026, sides 6..=30, 24 cases per (kind, adjacency), 14 * 24 = 336 puzzles. It
//! writes `OUT_DIR/hidato.txt` (eight neighbours) and `OUT_DIR/numbrix.txt` (four neighbours) in
//! the crate's text format, and `OUT_DIR/answers.tsv`: a header line, then one line per puzzle with
//! `file index name width height cells givens expected kind` (tab-separated; `index` counts from 1
//! within its file, `cells` are the non-hole cells, `expected` is `sat` or `unsat`).

#[path = "../tests/common/hidato_corpus/mod.rs"]
mod hidato_corpus;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use hidato_corpus::{corpus, Case};
use tessera::hidato::{to_text, Adjacency, Hidato};

const USAGE: &str =
    "usage: hidato_corpus OUT_DIR [--seed S] [--min-side A] [--max-side B] [--per-kind K] (sides >= 4)";

fn fail(message: &str) -> ! {
    eprintln!("{message}\n{USAGE}");
    std::process::exit(2);
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> T {
    let value = value.unwrap_or_else(|| fail(&format!("{flag} needs a value")));
    value.parse().unwrap_or_else(|_| fail(&format!("{flag}: not a number: {value}")))
}

fn main() {
    let (mut out, mut seed, mut min_side, mut max_side, mut per_kind) =
        (None, 2026u64, 6usize, 30usize, 24usize);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => seed = number(&arg, args.next()),
            "--min-side" => min_side = number(&arg, args.next()),
            "--max-side" => max_side = number(&arg, args.next()),
            "--per-kind" => per_kind = number(&arg, args.next()),
            "-h" | "--help" => {
                println!("{USAGE}");
                return;
            }
            flag if flag.starts_with('-') => fail(&format!("unknown option {flag}")),
            _ if out.is_none() => out = Some(PathBuf::from(arg)),
            _ => fail(&format!("one OUT_DIR only: {arg}")),
        }
    }
    let out = out.unwrap_or_else(|| fail("OUT_DIR is missing"));
    if min_side < 4 || min_side > max_side {
        fail(&format!("sides {min_side}..={max_side}: need 4 <= min-side <= max-side"));
    }

    let start = Instant::now();
    let cases = corpus(seed, min_side, max_side, per_kind);
    let elapsed = start.elapsed();

    std::fs::create_dir_all(&out).unwrap_or_else(|e| fail(&format!("{}: {e}", out.display())));
    let mut answers = String::from("file\tindex\tname\twidth\theight\tcells\tgivens\texpected\tkind\n");
    for (adjacency, file) in [(Adjacency::King, "hidato.txt"), (Adjacency::Orthogonal, "numbrix.txt")] {
        let these: Vec<&Case> = cases.iter().filter(|case| case.puzzle.adjacency() == adjacency).collect();
        for (index, case) in these.iter().enumerate() {
            let p = &case.puzzle;
            let _ = writeln!(
                answers,
                "{file}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                index + 1,
                case.name,
                p.width(),
                p.height(),
                p.size(),
                p.givens(),
                case.expected.name(),
                case.kind
            );
        }
        let puzzles: Vec<Hidato> = these.iter().map(|case| case.puzzle.clone()).collect();
        write(&out.join(file), &to_text(&puzzles));
    }
    write(&out.join("answers.tsv"), &answers);

    // A summary: cases per kind and adjacency, with their cell counts.
    let mut groups: BTreeMap<(&str, &str, &str), (usize, usize, usize)> = BTreeMap::new();
    for case in &cases {
        let key = (case.expected.name(), case.kind, case.puzzle.adjacency().name());
        let entry = groups.entry(key).or_insert((0, usize::MAX, 0));
        let cells = case.puzzle.size();
        *entry = (entry.0 + 1, entry.1.min(cells), entry.2.max(cells));
    }
    println!("{:<6} {:<9} {:<8} {:>5} {:>9}", "answer", "kind", "type", "count", "cells");
    for ((expected, kind, adjacency), (count, least, most)) in &groups {
        println!("{expected:<6} {kind:<9} {adjacency:<8} {count:>5} {:>9}", format!("{least}-{most}"));
    }
    let Some(biggest) = cases.iter().max_by_key(|case| case.puzzle.size()) else { return };
    println!(
        "{} puzzles (seed {seed}, sides {min_side}..={max_side}, {per_kind} per kind) generated in {:.3} s; \
         the biggest: {} ({} cells); written to {}",
        cases.len(),
        elapsed.as_secs_f64(),
        biggest.name,
        biggest.puzzle.size(),
        out.display()
    );
}

fn write(path: &std::path::Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
}
