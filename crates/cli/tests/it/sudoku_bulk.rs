//! `sudoku generate` for publishers: CSV and JSON Lines read back with every field consistent,
//! `--unique-under-symmetry` giving pairwise inequivalent puzzles (a brute force over the whole
//! group on 4x4, the library's canonical form on 9x9), `--se` ranges respected by the rater,
//! give-ups and refusals with their messages and exit statuses.

use crate::common;

use std::collections::HashSet;
use std::sync::Arc;

use common::{assert_status, stderr, stdout, tessera, tessera_with_stdin};
use tessera::sudoku::{canonical, Layout, Sudoku};

const KEYS: [&str; 8] = ["puzzle", "solution", "seed", "level", "score", "se", "clues", "hardest"];
const LEVELS: [&str; 6] = ["easy", "medium", "hard", "expert", "extreme", "diabolical"];

/// One CSV record (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let (mut row, mut field) = (Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, '\r') => {}
            (false, c) => field.push(c),
        }
    }
    assert!(row.is_empty() && field.is_empty(), "the CSV does not end with a line break");
    rows
}

fn digits(line: &str) -> Vec<u8> {
    line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect()
}

/// A full n x n grid with boxes of `rows x cols`: each row, column and box holds 1..=n once.
fn is_valid_full_grid(grid: &[u8], rows: usize, cols: usize) -> bool {
    let n = rows * cols;
    let houses = (0..n).flat_map(|h| {
        [
            (0..n).map(|i| h * n + i).collect::<Vec<_>>(),
            (0..n).map(|i| i * n + h).collect(),
            (0..n).map(|i| (h / rows * rows + i / cols) * n + h % rows * cols + i % cols).collect(),
        ]
    });
    grid.len() == n * n
        && houses.into_iter().all(|house| {
            let seen: HashSet<u8> = house.iter().map(|&c| grid[c]).collect();
            seen.len() == n && !seen.contains(&0)
        })
}

/// Checks one record's fields against each other and against `tessera sudoku verify`.
fn check_record(puzzle: &str, solution: &str, clues: usize, level: &str, se: f64) {
    let (p, s) = (digits(puzzle), digits(solution));
    assert_eq!((p.len(), s.len()), (81, 81), "{puzzle} {solution}");
    assert!(is_valid_full_grid(&s, 3, 3), "{solution} is not a valid grid");
    assert!(p.iter().zip(&s).all(|(&a, &b)| a == 0 || a == b), "{solution} does not complete {puzzle}");
    assert_eq!(p.iter().filter(|&&d| d != 0).count(), clues, "{puzzle}");
    assert!(LEVELS.contains(&level), "{level}");
    assert!((1.0..=12.0).contains(&se), "se {se}");
    assert_status(&tessera(&["sudoku", "verify", puzzle, solution]), 0);
}

#[test]
fn csv_has_a_header_and_every_field_reads_back() {
    let out = tessera(&["sudoku", "generate", "--format", "csv", "--seed", "11", "--count", "4"]);
    assert_status(&out, 0);
    let rows = parse_csv(&stdout(&out));
    assert_eq!(rows[0], KEYS);
    assert_eq!(rows.len(), 5);
    for (k, row) in rows[1..].iter().enumerate() {
        assert_eq!(row.len(), 8, "{row:?}");
        assert_eq!(row[2], (11 + k).to_string(), "seed");
        let score: u32 = row[4].parse().unwrap();
        assert!(score > 0);
        assert!(!row[7].is_empty(), "hardest");
        check_record(&row[0], &row[1], row[6].parse().unwrap(), &row[3], row[5].parse().unwrap());
    }
    // The same puzzles as the text output.
    let text = stdout(&tessera(&["sudoku", "generate", "--seed", "11", "--count", "4"]));
    let csv_puzzles: Vec<&str> = rows[1..].iter().map(|row| row[0].as_str()).collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), csv_puzzles);
}

#[test]
fn csv_shards_join_into_the_whole_run_with_one_header() {
    let whole = stdout(&tessera(&["sudoku", "generate", "--format", "csv", "--seed", "4", "--count", "5"]));
    let parts: String = (0..3)
        .map(|i| {
            let shard = format!("{i}/3");
            stdout(&tessera(&[
                "sudoku", "generate", "--format", "csv", "--seed", "4", "--count", "5", "--shard", &shard,
            ]))
        })
        .collect();
    assert_eq!(parts, whole);
    assert_eq!(whole.matches("puzzle,solution").count(), 1);
}

#[test]
fn jsonl_lines_are_objects_with_every_key_and_agree_with_rate() {
    let out = tessera(&["sudoku", "generate", "--format", "jsonl", "--seed", "21", "--count", "4"]);
    assert_status(&out, 0);
    let text = stdout(&out);
    let records: Vec<serde_json::Value> =
        text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(records.len(), 4);
    for record in &records {
        let object = record.as_object().expect("a JSON object");
        let keys: Vec<&str> = object.keys().map(String::as_str).collect();
        let mut expected = KEYS.to_vec();
        expected.sort_unstable();
        let mut keys_sorted = keys.clone();
        keys_sorted.sort_unstable();
        assert_eq!(keys_sorted, expected);
        check_record(
            record["puzzle"].as_str().unwrap(),
            record["solution"].as_str().unwrap(),
            record["clues"].as_u64().unwrap() as usize,
            record["level"].as_str().unwrap(),
            record["se"].as_f64().unwrap(),
        );
    }
    // `rate` reads the lines back ("puzzle") and rates each the same.
    let rated = tessera_with_stdin(&["sudoku", "rate", "--json"], text.as_bytes());
    assert_status(&rated, 0);
    for (line, record) in stdout(&rated).lines().zip(&records) {
        let rate: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(rate["difficulty"], record["level"]);
        assert_eq!(rate["score"], record["score"]);
        assert_eq!(rate["hardest"], record["hardest"]);
    }
}

#[test]
fn json_gains_se_and_json_is_format_json() {
    let json = stdout(&tessera(&["sudoku", "generate", "--json", "--seed", "2"]));
    let record: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert!(record["se"].as_f64().is_some_and(|se| se >= 1.0), "{json}");
    assert_eq!(stdout(&tessera(&["sudoku", "generate", "--format", "json", "--seed", "2"])), json);
}

/// Every order of `n` lines in groups of `size` that keeps the groups together.
fn grouped_orders(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
        if items.len() <= 1 {
            return vec![items.to_vec()];
        }
        (0..items.len())
            .flat_map(|i| {
                let mut rest = items.to_vec();
                let first = rest.remove(i);
                permutations(&rest).into_iter().map(move |mut tail| {
                    tail.insert(0, first);
                    tail
                })
            })
            .collect()
    }
    let inner = permutations(&(0..size).collect::<Vec<_>>());
    let mut all = Vec::new();
    for groups in permutations(&(0..n / size).collect::<Vec<_>>()) {
        for a in &inner {
            for b in &inner {
                assert_eq!(groups.len(), 2, "two groups on 4x4");
                all.push(
                    [(groups[0], a), (groups[1], b)]
                        .iter()
                        .flat_map(|&(g, order)| order.iter().map(move |&i| g * size + i))
                        .collect(),
                );
            }
        }
    }
    all
}

/// A 4x4 puzzle's least image over the whole group (128 moves, both orientations, digits named
/// in order of first appearance): equal for two puzzles exactly when they are equivalent.
fn brute_form_4x4(puzzle: &[u8]) -> Vec<u8> {
    let orders = grouped_orders(4, 2);
    let mut best: Option<Vec<u8>> = None;
    for transpose in [false, true] {
        for rows in &orders {
            for cols in &orders {
                let mut names = [0u8; 5];
                let mut next = 1;
                let image: Vec<u8> = (0..16)
                    .map(|cell| {
                        let (r, c) = if transpose { (cell % 4, cell / 4) } else { (cell / 4, cell % 4) };
                        let digit = puzzle[rows[r] * 4 + cols[c]] as usize;
                        if digit != 0 && names[digit] == 0 {
                            names[digit] = next;
                            next += 1;
                        }
                        names[digit]
                    })
                    .collect();
                if best.as_ref().is_none_or(|b| image < *b) {
                    best = Some(image);
                }
            }
        }
    }
    best.unwrap()
}

#[test]
fn unique_under_symmetry_on_4x4_gives_inequivalent_puzzles_on_any_thread_count() {
    let args =
        ["sudoku", "generate", "--size", "4", "--count", "12", "--seed", "3", "--unique-under-symmetry"];
    let out = tessera(&args);
    assert_status(&out, 0);
    let text = stdout(&out);
    let forms: HashSet<Vec<u8>> = text.lines().map(|line| brute_form_4x4(&digits(line))).collect();
    assert_eq!(forms.len(), 12, "equivalent puzzles in\n{text}");
    // Without the option the same seeds make equivalent puzzles: the option had work to do.
    let plain = stdout(&tessera(&["sudoku", "generate", "--size", "4", "--count", "12", "--seed", "3"]));
    let plain_forms: HashSet<Vec<u8>> = plain.lines().map(|line| brute_form_4x4(&digits(line))).collect();
    assert!(plain_forms.len() < 12, "{plain}");
    let threaded = tessera(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(stdout(&threaded), text);
}

#[test]
fn unique_under_symmetry_gives_up_on_a_small_space_with_status_3() {
    let out = tessera(&[
        "sudoku",
        "generate",
        "--size",
        "4",
        "--count",
        "200",
        "--seed",
        "1",
        "--unique-under-symmetry",
        "--tries",
        "1500",
    ]);
    assert_status(&out, 3);
    let message = stderr(&out);
    assert!(message.contains("gave up after 1500 candidates"), "{message}");
    assert!(message.contains("raise --tries N"), "{message}");
    let text = stdout(&out);
    let made = text.lines().count();
    assert!(made > 0 && made < 200, "{made}");
    let forms: HashSet<Vec<u8>> = text.lines().map(|line| brute_form_4x4(&digits(line))).collect();
    assert_eq!(forms.len(), made);
}

#[test]
fn unique_under_symmetry_on_9x9_gives_distinct_canonical_forms() {
    let out = tessera(&[
        "sudoku",
        "generate",
        "--count",
        "20",
        "--seed",
        "8",
        "--unique-under-symmetry",
        "--format",
        "jsonl",
        "--threads",
        "2",
    ]);
    assert_status(&out, 0);
    let layout = Arc::new(Layout::classic(9).unwrap());
    let mut keys = HashSet::new();
    for line in stdout(&out).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let grid =
            |key: &str| Sudoku::from_digits(layout.clone(), digits(record[key].as_str().unwrap())).unwrap();
        assert!(keys.insert(canonical(&grid("puzzle"), &grid("solution")).unwrap()));
    }
    assert_eq!(keys.len(), 20);
}

#[test]
fn se_ranges_are_respected_by_the_rater() {
    for range in ["2.0..3.5", "1.0..1.9", "7.0.."] {
        let out = tessera(&[
            "sudoku", "generate", "--se", range, "--count", "3", "--seed", "5", "--format", "jsonl",
        ]);
        assert_status(&out, 0);
        let (min, max) = match range.split_once("..").unwrap() {
            (min, "") => (min.parse::<f64>().unwrap(), f64::INFINITY),
            (min, max) => (min.parse().unwrap(), max.parse().unwrap()),
        };
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 3);
        let threaded = tessera(&[
            "sudoku",
            "generate",
            "--se",
            range,
            "--count",
            "3",
            "--seed",
            "5",
            "--format",
            "jsonl",
            "--threads",
            "3",
        ]);
        assert_eq!(stdout(&threaded), text, "--threads 3 changed the output of --se {range}");
        for line in text.lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let puzzle = record["puzzle"].as_str().unwrap();
            // The library's rating, independently of the generator's.
            let layout = Arc::new(Layout::classic(9).unwrap());
            let rating = tessera::sudoku::rate(&Sudoku::from_digits(layout, digits(puzzle)).unwrap());
            let se = (f64::from(rating.se) * 10.0).round() / 10.0;
            assert!(min <= se && se <= max, "{range}: {puzzle} has SE {se}");
            assert_eq!(record["se"].as_f64(), Some(se));
        }
        // `rate --json` names the same SE when it prints one.
        let rated = tessera_with_stdin(&["sudoku", "rate", "--json"], text.as_bytes());
        for (line, record) in stdout(&rated).lines().zip(text.lines()) {
            let rate: serde_json::Value = serde_json::from_str(line).unwrap();
            let record: serde_json::Value = serde_json::from_str(record).unwrap();
            if let Some(se) = rate.get("se").and_then(serde_json::Value::as_f64) {
                assert!((se - record["se"].as_f64().unwrap()).abs() < 0.051, "{line}");
            }
        }
    }
}

#[test]
fn se_with_a_level_needs_both() {
    let out = tessera(&[
        "sudoku",
        "generate",
        "--se",
        "2.0..9",
        "--difficulty",
        "hard",
        "--count",
        "2",
        "--seed",
        "1",
        "--format",
        "jsonl",
    ]);
    assert_status(&out, 0);
    for line in stdout(&out).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["level"], "hard");
    }
}

#[test]
fn se_that_cannot_be_met_gives_up_with_status_3() {
    // Easy puzzles are never rated 8 or more.
    let out = tessera(&[
        "sudoku",
        "generate",
        "--se",
        "8..",
        "--difficulty",
        "easy",
        "--count",
        "1",
        "--seed",
        "1",
        "--tries",
        "30",
    ]);
    assert_status(&out, 3);
    assert!(stderr(&out).contains("30 outside --se 8.0.."), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn candidates_that_run_out_of_budget_are_skipped_and_named() {
    let out =
        tessera(&["sudoku", "generate", "--se", "2.0..", "--max-nodes", "1", "--tries", "5", "--seed", "1"]);
    assert_status(&out, 3);
    let message = stderr(&out);
    assert!(message.contains("5 ran out of their budget (--max-nodes 1)"), "{message}");
    assert!(message.contains("--timeout SECONDS, --max-nodes N"), "{message}");
    assert_eq!(stdout(&out), "");
}

#[test]
fn bad_requests_are_refused_with_the_flag_named() {
    for (args, said) in [
        (&["--se", "9..3"][..], "\"9..3\" is empty"),
        (&["--se", "abc"], "\"abc\" is not an SE rating"),
        (&["--se", "-1"], "zero or more"),
        (&["--se", "NaN"], "zero or more"),
        (&["--se", ".."], "has no bound"),
        (&["--se", "20.."], "no puzzle would qualify"),
        (&["--se", "7", "--shard", "0/2"], "--shard cannot be combined with --se"),
        (
            &["--unique-under-symmetry", "--shard", "1/2"],
            "--shard cannot be combined with --unique-under-symmetry",
        ),
        (&["--tries", "5"], "--tries bounds the candidates"),
        (&["--x", "--unique-under-symmetry"], "no canonical form for Sudoku X"),
        (&["--boxes", "1x4", "--unique-under-symmetry"], "one cell thick"),
        (&["--json", "--format", "csv"], "--json is --format json"),
        (&["--format", "xml"], "invalid value 'xml'"),
    ] {
        let out = tessera(&[&["sudoku", "generate", "--seed", "1"], args].concat());
        assert_status(&out, 1);
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}
