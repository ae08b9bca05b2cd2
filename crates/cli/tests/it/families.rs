//! `tessera killer|kenken|starbattle ...`, the families written once over the library's traits,
//! run as a user runs them: the shared janko.at samples (`$TESSERA_DATA/families/`) solved to
//! their published answers within `--timeout 1` and proven unique within `--timeout 2`, answers
//! verified, generated puzzles read back as unique, every output read back, bad input named by
//! line and column.

use crate::common;

use std::path::PathBuf;

use common::{assert_status, stderr, stdout, tessera, tessera_with_stdin};

/// The families on the command line, with the name of their sample files.
const FAMILIES: [&str; 3] = ["killer", "kenken", "starbattle"];

/// `$TESSERA_DATA/families`, or `None` (after saying so) when the data are not configured.
fn families_data() -> Option<PathBuf> {
    common::shared_dir("families")
}

/// The non-blank, non-comment lines of a text: answers compared without their comments.
fn grid_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("# "))
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn every_sample_is_solved_to_its_published_answer_and_proven_unique() {
    let Some(dir) = families_data() else { return };
    for family in FAMILIES {
        let puzzles = dir.join(format!("{family}.txt"));
        let answers = std::fs::read_to_string(dir.join(format!("{family}.solutions.txt"))).expect("answers");
        let puzzles = puzzles.to_str().expect("a UTF-8 path");
        let solved = tessera(&[family, "solve", puzzles, "--timeout", "1"]);
        assert_status(&solved, 0);
        assert_eq!(
            grid_lines(&stdout(&solved)),
            grid_lines(&answers),
            "{family}: solve vs published answers"
        );
        let counted = tessera(&[family, "count", puzzles, "--limit", "2", "--timeout", "2"]);
        assert_status(&counted, 0);
        let counts = stdout(&counted);
        assert!(counts.lines().count() >= 25 && counts.lines().all(|line| line == "1"), "{family}: {counts}");
        for engine in ["auto", "xc"] {
            let counted = tessera(&[family, "count", puzzles, "--engine", engine]);
            assert_eq!(stdout(&counted), counts, "{family} --engine {engine}");
        }
        let answers_path = dir.join(format!("{family}.solutions.txt"));
        let verified = tessera(&[family, "verify", puzzles, answers_path.to_str().expect("UTF-8")]);
        assert_status(&verified, 0);
        assert!(stdout(&verified).starts_with("all ") && stdout(&verified).contains("answers are correct"));
    }
}

#[test]
fn generated_puzzles_read_back_as_unique_and_shards_join_into_the_run() {
    for family in FAMILIES {
        let made = tessera(&[family, "generate", "--count", "10", "--seed", "1"]);
        assert_status(&made, 0);
        let text = stdout(&made);
        assert_eq!(text.matches("# seed ").count(), 10, "{family}:\n{text}");
        let counted = tessera_with_stdin(&[family, "count", "--timeout", "2"], text.as_bytes());
        assert_status(&counted, 0);
        assert_eq!(stdout(&counted), "1\n".repeat(10), "{family}");
        let again = tessera(&[family, "generate", "--count", "10", "--seed", "1", "--threads", "2"]);
        assert_eq!(stdout(&again), text, "{family}: the same seed makes the same puzzles");
        let shards: String = (0..3)
            .map(|i| {
                stdout(&tessera(&[
                    family,
                    "generate",
                    "--count",
                    "10",
                    "--seed",
                    "1",
                    "--shard",
                    &format!("{i}/3"),
                ]))
            })
            .collect();
        assert_eq!(shards, text, "{family}: shards joined in order");
    }
}

#[test]
fn json_lines_read_back_and_answers_verify() {
    for family in FAMILIES {
        let made = tessera(&[family, "generate", "--count", "3", "--seed", "5", "--json"]);
        assert_status(&made, 0);
        let lines: Vec<serde_json::Value> =
            stdout(&made).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
        assert_eq!(lines.len(), 3);
        assert!(lines
            .iter()
            .all(|l| l["puzzle"].is_string() && l["solution"].is_string() && l["level"].is_string()));
        let solved = tessera_with_stdin(&[family, "solve", "--json"], stdout(&made).as_bytes());
        assert_status(&solved, 0);
        for (made, solved) in lines.iter().zip(stdout(&solved).lines()) {
            let solved: serde_json::Value = serde_json::from_str(solved).expect("a JSON line");
            assert_eq!(solved["outcome"], "solved");
            assert_eq!(
                grid_lines(solved["solution"].as_str().unwrap()),
                grid_lines(made["solution"].as_str().unwrap())
            );
        }
        // The generator's puzzles and answers, as files, verify; a changed answer does not.
        let dir = common::scratch("families", &format!("json-{family}"));
        let puzzles: String = lines.iter().map(|l| format!("{}\n", l["puzzle"].as_str().unwrap())).collect();
        let answers: String =
            lines.iter().map(|l| format!("{}\n", l["solution"].as_str().unwrap())).collect();
        std::fs::write(dir.join("p.txt"), &puzzles).unwrap();
        std::fs::write(dir.join("a.txt"), &answers).unwrap();
        let (p, a) = (dir.join("p.txt"), dir.join("a.txt"));
        let verified = tessera(&[family, "verify", p.to_str().unwrap(), a.to_str().unwrap()]);
        assert_status(&verified, 0);
        let wrong = swap_first_two_cells(&answers);
        std::fs::write(&a, wrong).unwrap();
        let verified = tessera(&[family, "verify", p.to_str().unwrap(), a.to_str().unwrap(), "--json"]);
        assert_status(&verified, 4);
        let report: serde_json::Value = serde_json::from_str(stdout(&verified).trim()).expect("JSON");
        assert_eq!(report["valid"], false);
        let first = &report["violations"][0];
        assert_eq!(first["index"], 1, "{report}");
        assert!(first["cells"].as_array().is_some_and(|cells| !cells.is_empty()), "{report}");
        // Rating and hints answer for every puzzle.
        let rated = tessera(&[family, "rate", p.to_str().unwrap(), "--json"]);
        assert_status(&rated, 0);
        assert_eq!(stdout(&rated).lines().count(), 3, "{family}");
        let hint = tessera(&[family, "hint", p.to_str().unwrap()]);
        assert_status(&hint, 0);
        assert_eq!(stdout(&hint).lines().count(), 3, "{family}: {}", stdout(&hint));
    }
}

/// The first answer with its first two different entries of the first row swapped.
fn swap_first_two_cells(answers: &str) -> String {
    let mut lines: Vec<String> = answers.lines().map(str::to_owned).collect();
    let row = lines.iter().position(|line| !line.starts_with('#')).expect("a header") + 1;
    let mut words: Vec<String> = lines[row].split_whitespace().map(str::to_owned).collect();
    let other = words.iter().position(|w| *w != words[0]).expect("two different entries");
    words.swap(0, other);
    lines[row] = words.join(" ");
    lines.join("\n") + "\n"
}

#[test]
fn bad_input_is_named_by_line_and_column() {
    for family in FAMILIES {
        let header = if family == "starbattle" { "4 4 1" } else { "4 4" };
        let text = format!("# a comment\n{header}\nthis is not a puzzle\n");
        let garbage = tessera_with_stdin(&[family, "solve"], text.as_bytes());
        assert_status(&garbage, 2);
        assert!(stderr(&garbage).contains("line 3, column"), "{family}: {}", stderr(&garbage));
        let empty = tessera_with_stdin(&[family, "count"], b"\n# nothing\n");
        assert_status(&empty, 2);
        let huge = tessera_with_stdin(&[family, "count"], b"99999999 99999999\n");
        assert_status(&huge, 2);
        assert!(stderr(&huge).contains("line 1, column"), "{family}: {}", stderr(&huge));
    }
}

#[test]
fn a_book_is_written() {
    for family in FAMILIES {
        let dir = common::scratch("families", &format!("book-{family}"));
        let pdf = dir.join("book.pdf");
        let made = tessera(&[
            family,
            "book",
            "--count",
            "2",
            "--seed",
            "3",
            "-o",
            pdf.to_str().unwrap(),
            "--no-progress",
        ]);
        assert_status(&made, 0);
        let bytes = std::fs::read(&pdf).expect("the PDF");
        assert!(bytes.starts_with(b"%PDF-"), "{family}");
        let svg = dir.join("pages");
        let made =
            tessera(&[family, "book", "--count", "2", "--seed", "3", "--svg", "-o", svg.to_str().unwrap()]);
        assert_status(&made, 0);
        let page = std::fs::read_to_string(svg.join("page-001.svg")).expect("page 1");
        assert!(page.contains("<svg") && page.contains("class=\"puzzle\""), "{family}");
    }
}

/// A puzzle of each family with several solutions, and one with none: `rate` and `hint` say so
/// and exit 7, as Sudoku's do (they rated it, or hinted a step, and exited 0).
#[test]
fn rate_and_hint_refuse_what_is_not_a_puzzle() {
    let several = [
        ("killer", "4 4\n10 - - -\n10 - - -\n10 - - -\n10 - - -\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n"),
        ("kenken", "4 4\n1 . 1 .\n1 . 1 .\n1 . 1 .\n1 . 1 .\n0 0 1 1\n2 2 3 3\n4 4 5 5\n6 6 7 7\n"),
        ("starbattle", "4 4 1\n1 2 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4\n"),
        (
            "variant",
            r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"odd":[{"cell":"R1C1"}]}"#,
        ),
    ];
    for (family, text) in several {
        for command in ["rate", "hint"] {
            let out = tessera_with_stdin(&[family, command, "--json"], text.as_bytes());
            assert_status(&out, 7);
            assert!(stdout(&out).contains("\"several\""), "{family} {command}: {}", stdout(&out));
            assert!(stderr(&out).contains("more than one solution"), "{family} {command}: {}", stderr(&out));
        }
    }
    let none = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{"value":1,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    let out = tessera_with_stdin(&["variant", "rate"], none.as_bytes());
    assert_status(&out, 7);
    assert_eq!(stdout(&out).trim(), "none");
}

/// A Star Battle board that cannot hold its stars is refused at once with the reason, as a wrong
/// flag (status 1, as Killer's side 7 is), not a search given up on (status 3, "node budget
/// exhausted"); region ids may be words, as Killer's cage ids may.
#[test]
fn impossible_star_battles_are_bad_input_and_region_ids_may_be_words() {
    let killer = tessera(&["killer", "generate", "--size", "7"]);
    assert_status(&killer, 1);
    for (size, stars) in [("5", "2"), ("9", "3"), ("4", "2")] {
        let out = tessera(&["starbattle", "generate", "--size", size, "--stars", stars, "--seed", "1"]);
        assert_status(&out, 1);
        assert!(stderr(&out).contains("cannot hold"), "{size} {stars}: {}", stderr(&out));
    }
    let numbers = "4 4 1\n1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n";
    let words = "4 4 1\na a b b\na a b b\nc c Dd Dd\nc c Dd Dd\n";
    let by_numbers = tessera_with_stdin(&["starbattle", "count", "--limit", "9"], numbers.as_bytes());
    let by_words = tessera_with_stdin(&["starbattle", "count", "--limit", "9"], words.as_bytes());
    assert_status(&by_words, 0);
    assert_eq!(stdout(&by_words), stdout(&by_numbers));
}

/// Every family keeps the `#` lines before a puzzle (its address, often) in front of its
/// answer, as KenKen did alone: the output of `generate` solved keeps its `# seed` lines.
#[test]
fn comment_lines_are_kept_alike() {
    for (family, shape) in [("killer", "4"), ("kenken", "4"), ("starbattle", "6")] {
        let mut args = vec![family, "generate", "--size", shape, "--seed", "3"];
        if family == "starbattle" {
            args.extend(["--stars", "1"]);
        }
        let made = tessera(&args);
        assert_status(&made, 0);
        let text = stdout(&made);
        assert!(text.starts_with("# seed 3"), "{family}: {text}");
        let solved = tessera_with_stdin(&[family, "solve"], text.as_bytes());
        assert_status(&solved, 0);
        assert!(stdout(&solved).starts_with("# seed 3"), "{family}: {}", stdout(&solved));
    }
}

/// A puzzle whose exact cover would pass its limit of options is bad input for the `xc` engine
/// (status 2, saying so, before anything is printed), not a search that gave up (status 3) with
/// no `--max-nodes` given: a 12x12 KenKen of 2x4 sum cages over the cyclic Latin square has
/// millions of tuples in every cage.
#[test]
fn a_reduction_too_large_to_build_is_bad_input_not_a_give_up() {
    let n = 12;
    let value = |r: usize, c: usize| (r + c) % n + 1;
    let cage = |r: usize, c: usize| (r / 2) * (n / 4) + c / 4;
    let mut text = format!("{n} {n}\n");
    for r in 0..n {
        let row: Vec<String> = (0..n)
            .map(|c| {
                if r % 2 == 0 && c % 4 == 0 {
                    let sum: usize = (r..r + 2).flat_map(|r| (c..c + 4).map(move |c| value(r, c))).sum();
                    format!("{sum}+")
                } else {
                    ".".to_owned()
                }
            })
            .collect();
        text.push_str(&(row.join(" ") + "\n"));
    }
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| (cage(r, c) + 1).to_string()).collect();
        text.push_str(&(row.join(" ") + "\n"));
    }
    for command in ["count", "solve"] {
        let out = tessera_with_stdin(&["kenken", command, "--engine", "xc"], text.as_bytes());
        assert_status(&out, 2);
        assert!(
            stderr(&out).contains("cannot take it") && stderr(&out).contains("options"),
            "{}",
            stderr(&out)
        );
        assert!(stdout(&out).is_empty());
    }
    // The puzzle itself is fine: the propagating engine takes it.
    let auto = tessera_with_stdin(&["kenken", "count", "--limit", "1", "--timeout", "5"], text.as_bytes());
    assert!(matches!(common::status(&auto), 0 | 3), "{}", stderr(&auto));
}
