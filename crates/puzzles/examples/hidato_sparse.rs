//! Writes a seeded corpus of sparse Hidato/Numbrix boards with 1 to 4 solutions, the shape that
//! breaks depth-first search (issue 27's heavy tail), for timing Tessera beside CP-SAT
//! (`scripts/compare-hidato.sh`):
//!
//! ```text
//! cargo run --release -p tessera --example hidato_sparse -- OUT_DIR [--seed S] [--count N] [--min-side A] [--max-side B] [--timeout SECS] [--add uniform|distinguishing] [--thin]
//! ```
//!
//! Why this shape: a random Hamiltonian path on a 6x6 to 14x14 rectangle, open or holed, with a
//! random 8 % to 30 % of its numbers given, scattered, with both ends or neither. So few givens
//! leave every number hundreds of cells and propagation little to bite on, while 1 to 4 solutions
//! mean a search cannot stop at a lucky first path: proving there is no fifth one, or finding the
//! one path the givens allow, is where a backtracking search's rare huge trees (its heavy tail)
//! show. Nothing here was tuned on a solver: the shape is fixed by the issue, and givens are added
//! at random only until Tessera's `count` (limit 5) says 1 to 4 (see
//! `tests/common/hidato_corpus/sparse.rs`).
//!
//! Defaults: seed 2026, 2400 boards (1200 Hidato, 1200 Numbrix: even indices Hidato, odd
//! Numbrix), sides 6..=14, 20 s per count, `--add uniform`. A count that gives up drops its board:
//! the number dropped is printed, so the kept ones are a subset of a fixed set (a slower machine, or
//! a slower solver, keeps fewer); everything else is the same for the same arguments. With `--add
//! distinguishing` each added given is one that a solution found (other than the path) puts
//! elsewhere: fewer givens, but the boards then depend on the solver's first solutions. With
//! `--thin`, a board that reached 1 to 4 solutions loses givens again (never 1 or N) in a random
//! order while the count stays 1 to 4, back down to its start fraction: the sparse few-solution
//! boards a puzzle's author makes (a removal whose count gives up is kept back and counted). Progress
//! goes to standard error every 100 boards.
//!
//! It writes `OUT_DIR/hidato.txt` (eight neighbours) and `OUT_DIR/numbrix.txt` (four neighbours)
//! in the crate's text format, and `OUT_DIR/answers.tsv`: a header line, then one line per kept
//! board with `file index name width height cells givens expected kind solutions ends
//! start_fraction final_fraction` (tab-separated; `index` counts from 1 within its file, `cells`
//! are the non-hole cells, `expected` is `sat`, `kind` is `open` or `holed`, `solutions` 1 to 4,
//! `ends` `yes` or `no`, the fractions are givens over cells before and after givens were added).
//! The dropped boards, as they stood when the count gave up, go to `OUT_DIR/dropped/` in the same
//! three files (columns after `kind`: `ends fraction found timeout`, `found` the solutions counted
//! before giving up): a corpus of the boards the solver found hardest, all satisfiable, for
//! `scripts/compare-hidato.sh` too.

#[path = "../tests/common/hidato_corpus/mod.rs"]
mod hidato_corpus;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use hidato_corpus::sparse::{sparse, Adding, Sparse};
use tessera::hidato::{to_text, Adjacency, Hidato};

const USAGE: &str = "usage: hidato_sparse OUT_DIR [--seed S] [--count N] [--min-side A] [--max-side B] \
                     [--timeout SECS] [--add uniform|distinguishing] [--thin] (sides >= 4)";

fn fail(message: &str) -> ! {
    eprintln!("{message}\n{USAGE}");
    std::process::exit(2);
}

fn number<T: std::str::FromStr>(flag: &str, value: Option<String>) -> T {
    let value = value.unwrap_or_else(|| fail(&format!("{flag} needs a value")));
    value.parse().unwrap_or_else(|_| fail(&format!("{flag}: not a number: {value}")))
}

fn main() {
    let (mut out, mut seed, mut count, mut min_side, mut max_side, mut timeout) =
        (None, 2026u64, 2400usize, 6usize, 14usize, 20.0f64);
    let mut adding = Adding::Uniform;
    let mut thin = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => seed = number(&arg, args.next()),
            "--count" => count = number(&arg, args.next()),
            "--min-side" => min_side = number(&arg, args.next()),
            "--max-side" => max_side = number(&arg, args.next()),
            "--timeout" => timeout = number(&arg, args.next()),
            "--thin" => thin = true,
            "--add" => {
                adding = match args.next().as_deref() {
                    Some("uniform") => Adding::Uniform,
                    Some("distinguishing") => Adding::Distinguishing,
                    other => fail(&format!("--add: uniform or distinguishing, not {other:?}")),
                }
            }
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
    if !(timeout.is_finite() && timeout > 0.0) {
        fail(&format!("--timeout {timeout}: need a positive number of seconds"));
    }
    std::fs::create_dir_all(&out).unwrap_or_else(|e| fail(&format!("{}: {e}", out.display())));

    let start = Instant::now();
    let (mut kept, mut dropped) = (Vec::with_capacity(count), Vec::new());
    for index in 0..count {
        match sparse(seed, index, min_side, max_side, Duration::from_secs_f64(timeout), adding, thin) {
            Ok(board) => kept.push(board),
            Err(gave_up) => {
                eprintln!("dropped {}: the count gave up after {timeout} s", gave_up.name);
                dropped.push(gave_up);
            }
        }
        if (index + 1) % 100 == 0 || index + 1 == count {
            eprintln!(
                "{}/{count} boards: {} kept, {} dropped (count gave up), {:.1} s",
                index + 1,
                kept.len(),
                dropped.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    let elapsed = start.elapsed();
    let thin_gave_up: usize = kept.iter().map(|b| b.thin_gave_up).sum();
    if thin {
        eprintln!("thinning: {thin_gave_up} removals kept back because their count gave up");
    }

    let rows = kept.iter().map(|b| Row {
        puzzle: &b.puzzle,
        name: &b.name,
        holed: b.holed,
        extra: format!(
            "{}\t{}\t{:.4}\t{:.4}",
            b.solutions,
            if b.ends { "yes" } else { "no" },
            b.start_fraction,
            b.final_fraction
        ),
    });
    write_corpus(&out, "solutions\tends\tstart_fraction\tfinal_fraction", rows.collect());
    let rows = dropped.iter().map(|d| Row {
        puzzle: &d.puzzle,
        name: &d.name,
        holed: d.holed,
        extra: format!("{}\t{:.4}\t{}\t{timeout}", if d.ends { "yes" } else { "no" }, d.fraction, d.found),
    });
    write_corpus(&out.join("dropped"), "ends\tfraction\tfound\ttimeout", rows.collect());

    summary(&kept);
    println!(
        "{} boards kept of {count} (seed {seed}, sides {min_side}..={max_side}); {} dropped because a \
         count gave up after {timeout} s; {:.1} s; written to {}",
        kept.len(),
        dropped.len(),
        elapsed.as_secs_f64(),
        out.display()
    );
}

/// One line of `answers.tsv` and its puzzle.
struct Row<'a> {
    puzzle: &'a Hidato,
    name: &'a str,
    holed: bool,
    /// The columns after `kind`, tab-separated.
    extra: String,
}

/// `DIR/hidato.txt`, `DIR/numbrix.txt` and `DIR/answers.tsv` (`extra` names the columns after
/// `kind`), as the module documentation says.
fn write_corpus(dir: &Path, extra: &str, rows: Vec<Row>) {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| fail(&format!("{}: {e}", dir.display())));
    let mut answers = format!("file\tindex\tname\twidth\theight\tcells\tgivens\texpected\tkind\t{extra}\n");
    for (adjacency, file) in [(Adjacency::King, "hidato.txt"), (Adjacency::Orthogonal, "numbrix.txt")] {
        let these: Vec<&Row> = rows.iter().filter(|row| row.puzzle.adjacency() == adjacency).collect();
        for (index, row) in these.iter().enumerate() {
            let p = row.puzzle;
            let _ = writeln!(
                answers,
                "{file}\t{}\t{}\t{}\t{}\t{}\t{}\tsat\t{}\t{}",
                index + 1,
                row.name,
                p.width(),
                p.height(),
                p.size(),
                p.givens(),
                if row.holed { "holed" } else { "open" },
                row.extra
            );
        }
        let puzzles: Vec<Hidato> = these.iter().map(|row| row.puzzle.clone()).collect();
        write(&dir.join(file), &to_text(&puzzles));
    }
    write(&dir.join("answers.tsv"), &answers);
}

/// Per type, shape and ends: boards, cells, median final fraction, and boards by solutions.
fn summary(kept: &[Sparse]) {
    type Group = (usize, usize, Vec<f64>, [usize; 4]);
    let mut groups: BTreeMap<(&str, &str, &str), Group> = BTreeMap::new();
    for b in kept {
        let key = (
            b.puzzle.adjacency().name(),
            if b.holed { "holed" } else { "open" },
            if b.ends { "ends" } else { "no-ends" },
        );
        let entry = groups.entry(key).or_insert((usize::MAX, 0, Vec::new(), [0; 4]));
        entry.0 = entry.0.min(b.puzzle.size());
        entry.1 = entry.1.max(b.puzzle.size());
        entry.2.push(b.final_fraction);
        entry.3[b.solutions as usize - 1] += 1;
    }
    println!(
        "{:<8} {:<6} {:<8} {:>5} {:>8} {:>14} {:>17}",
        "type", "shape", "ends", "count", "cells", "median givens", "solutions 1/2/3/4"
    );
    for ((kind, shape, ends), (least, most, mut fractions, by_count)) in groups {
        fractions.sort_by(f64::total_cmp);
        let median = fractions[fractions.len() / 2];
        let counts = by_count.map(|c| c.to_string()).join("/");
        println!(
            "{kind:<8} {shape:<6} {ends:<8} {:>5} {:>8} {:>13.1}% {counts:>17}",
            fractions.len(),
            format!("{least}-{most}"),
            100.0 * median
        );
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
}
