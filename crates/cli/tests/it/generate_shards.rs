//! `--shard I/N` of `sudoku generate` and `hidato generate`, run as the real binary: the N
//! shards' outputs, concatenated in shard order, are one run of the whole range (byte for byte,
//! except the count line that a Hidato text shard leaves out), each shard makes exactly its
//! share with the whole run's indices and seeds, `--threads` changes nothing, and bad values are
//! refused with a message that says what a valid one is.

use crate::common;

use common::{assert_status, stderr, stdout, tessera_with_stdin};
use serde_json::Value;
use tessera::hidato::{parse_puzzles, Adjacency};

/// The shard counts tried: one (the whole run as a shard), a few, and more than some counts.
const SHARDS: [u64; 4] = [1, 2, 3, 7];

/// The seed of every run here.
const SEED: u64 = 41;

/// `tessera ARGS` with `input` on standard input; its standard output, the status checked 0.
fn run(args: &[&str], input: &str) -> String {
    let output = tessera_with_stdin(args, input.as_bytes());
    assert_status(&output, 0);
    stdout(&output)
}

/// The positions from 0 of shard `index` of `shards` among `total`, computed here apart from
/// the command: floor(I*C/N) to floor((I+1)*C/N), exclusive.
fn share(index: u64, shards: u64, total: u64) -> std::ops::Range<u64> {
    index * total / shards..(index + 1) * total / shards
}

/// Runs `args --shard I/N` for every I in order, checks each shard's own output with `check`
/// (given the shard's share), and returns the outputs concatenated.
fn joined(args: &[&str], input: &str, shards: u64, total: u64, check: impl Fn(&str, &[u64])) -> String {
    let mut all = String::new();
    for index in 0..shards {
        let shard = format!("{index}/{shards}");
        let mut with_shard = args.to_vec();
        with_shard.extend(["--shard", &shard]);
        let output = run(&with_shard, input);
        let positions: Vec<u64> = share(index, shards, total).collect();
        if positions.is_empty() {
            assert_eq!(output, "", "{with_shard:?}: an empty shard prints nothing");
        }
        check(&output, &positions);
        all.push_str(&output);
    }
    all
}

/// Checks that a shard's JSON lines are its share of the whole run, in order: index k + 1 and
/// seed SEED + k for each position k.
fn json_share(output: &str, positions: &[u64]) {
    let lines: Vec<Value> =
        output.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    let indices: Vec<u64> = lines.iter().map(|line| line["index"].as_u64().expect("an index")).collect();
    let seeds: Vec<u64> = lines.iter().map(|line| line["seed"].as_u64().expect("a seed")).collect();
    assert_eq!(indices, positions.iter().map(|k| k + 1).collect::<Vec<_>>(), "{output}");
    assert_eq!(seeds, positions.iter().map(|k| SEED + k).collect::<Vec<_>>(), "{output}");
}

/// `sudoku generate` with `extra` flags: for each count (not divisible by most N, and below 7)
/// and each N, the shards joined equal the whole run, in text and JSON, on one thread and three.
fn sudoku_shards_join_to_the_whole_run(extra: &[&str]) {
    let seed = SEED.to_string();
    for count in [11u64, 2] {
        let count_text = count.to_string();
        for json in [false, true] {
            let mut args = vec!["sudoku", "generate", "--seed", &seed, "--count", &count_text];
            args.extend_from_slice(extra);
            if json {
                args.push("--json");
            }
            let whole = run(&args, "");
            assert_eq!(whole.lines().count() as u64, count, "{args:?}");
            let mut threaded = args.clone();
            threaded.extend(["--threads", "3"]);
            assert_eq!(run(&threaded, ""), whole, "{threaded:?}: the threads change nothing");
            for shards in SHARDS {
                for shard_args in [&args, &threaded] {
                    let check = |output: &str, positions: &[u64]| {
                        if json {
                            json_share(output, positions);
                        } else {
                            assert_eq!(output.lines().count(), positions.len(), "{output}");
                        }
                    };
                    let all = joined(shard_args, "", shards, count, check);
                    assert_eq!(all, whole, "{shard_args:?}: {shards} shards joined are the whole run");
                }
            }
        }
    }
}

#[test]
fn sudoku_9x9_shards_make_the_whole_run() {
    sudoku_shards_join_to_the_whole_run(&[]);
}

#[test]
fn sudoku_6x6_x_shards_make_the_whole_run() {
    sudoku_shards_join_to_the_whole_run(&["--size", "6", "--x", "--symmetry", "rot180"]);
}

/// Two shapes, one a line of the seed's format: a 4x4 with a hole, and a 5x3 rectangle.
const SHAPES: &str = "2\n4 4\n0 0 0 0\n0 -1 0 0\n0 0 0 0\n0 0 0 0\n5 3\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n";

/// `hidato generate ARGS`, with `input` as its shape file when `ARGS` names `-`: with JSON the
/// shards joined equal the whole run byte for byte; in text too (a run of several puzzles
/// streams them without a count line, as a shard does), and each shard, like the whole, reads
/// back as the puzzles it made.
fn hidato_shards_join_to(args: &[&str], input: &str, total: u64) {
    let whole = run(args, input);
    let puzzles = whole.as_str();
    assert!(total > 1 && !whole.starts_with(&format!("{total}\n")), "{args:?}: no count line");
    let whole_puzzles = parse_puzzles(&whole, Adjacency::King).expect("the whole run reads back");
    let mut as_json = args.to_vec();
    as_json.push("--json");
    let whole_json = run(&as_json, input);
    json_share(&whole_json, &(0..total).collect::<Vec<_>>());
    for shards in SHARDS {
        let read_back = |output: &str, positions: &[u64]| {
            if !positions.is_empty() {
                let made = parse_puzzles(output, Adjacency::King).expect("a shard reads back");
                assert_eq!(made.len(), positions.len(), "{output}");
            }
        };
        let all = joined(args, input, shards, total, read_back);
        assert_eq!(all, puzzles, "{args:?}: {shards} text shards joined are the whole run's puzzles");
        assert_eq!(parse_puzzles(&all, Adjacency::King).expect("the shards joined read back"), whole_puzzles);
        let all_json = joined(&as_json, input, shards, total, json_share);
        assert_eq!(all_json, whole_json, "{as_json:?}: {shards} JSON shards joined are the whole run");
    }
}

#[test]
fn hidato_shards_make_the_whole_run() {
    let seed = SEED.to_string();
    for count in [10u64, 2] {
        let count_text = count.to_string();
        let args = ["hidato", "generate", "--size", "5x4", "--seed", &seed, "--count", &count_text];
        hidato_shards_join_to(&args, "", count);
    }
}

#[test]
fn hidato_shards_cross_from_shape_to_shape() {
    // Five puzzles a shape, two shapes: ten in the whole run, the shards cutting across them.
    let seed = SEED.to_string();
    let args = ["hidato", "generate", "-", "--seed", &seed, "--count", "5"];
    hidato_shards_join_to(&args, SHAPES, 10);
}

#[test]
fn shard_zero_of_one_is_the_whole_run() {
    let seed = SEED.to_string();
    let args = ["hidato", "generate", "--size", "4x4", "--seed", &seed, "--count", "3"];
    let whole = run(&args, "");
    let mut sharded = args.to_vec();
    sharded.extend(["--shard", "0/1"]);
    let shard = run(&sharded, "");
    assert_eq!(shard, whole, "neither has a count line");
}

#[test]
fn bad_shards_are_refused_with_the_valid_form_named() {
    for command in ["sudoku", "hidato"] {
        for bad in ["3/3", "a/2", "1/0", "-1/2", "1/2/3", "2", "0/1000001", "/2", "1/"] {
            let output = tessera_with_stdin(&[command, "generate", "--seed", "1", "--shard", bad], b"");
            assert_status(&output, 1);
            let message = stderr(&output);
            assert!(message.contains("--shard"), "{command} --shard {bad}: {message}");
            assert!(message.contains("0 <= I < N <= 1000000"), "{command} --shard {bad}: {message}");
            assert!(stdout(&output).is_empty(), "{command} --shard {bad}: nothing made");
        }
        // Without --seed each shard would take its own from the clock: no run to share.
        let output = tessera_with_stdin(&[command, "generate", "--shard", "0/2"], b"");
        assert_status(&output, 1);
        assert!(stderr(&output).contains("--seed"), "{command}: {}", stderr(&output));
    }
}
