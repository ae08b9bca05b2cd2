//! The conventions every puzzle's commands share, checked over all of them: the core keys of
//! `count --json` and their words, the exit statuses, one error style, `--quiet`, and the shell
//! completions and man page made from the same command line.

use crate::common;

use common::{assert_status, stderr, stdout, tessera, tessera_with_stdin};
use serde_json::Value;

/// A 9x9 Sudoku with one solution (the README's).
const SUDOKU: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
/// An empty 9x9 Sudoku: its count needs a search (a puzzle solved by propagation alone takes no
/// node, so `--max-nodes 1` could not stop it).
const EMPTY_SUDOKU: &str =
    ".................................................................................\n";
/// A Hidato of 3x3 with one solution.
const HIDATO: &str = "1\n3 3\n1 0 3\n0 5 0\n7 0 9\n";

/// `count --json` of every puzzle, with its standard input.
fn counts() -> Vec<(Vec<&'static str>, &'static str)> {
    vec![
        (vec!["xc", "count", "knuth.dlx", "--json"], ""),
        (vec!["sudoku", "count", "--json"], EMPTY_SUDOKU),
        (vec!["hidato", "count", "--json"], HIDATO),
        (vec!["tiling", "count", "--board", "4x5", "--pieces", "tetrominoes", "--json"], ""),
        (vec!["queens", "6", "--count", "--json"], ""),
    ]
}

const CORE: [&str; 6] = ["solutions", "outcome", "nodes", "seconds", "threads", "engine"];

fn object(args: &[&str], input: &str, expected_status: i32) -> serde_json::Map<String, Value> {
    let output = tessera_with_stdin(args, input.as_bytes());
    assert_status(&output, expected_status);
    let text = stdout(&output);
    let line = text.lines().next().unwrap_or_else(|| panic!("{args:?}: no output"));
    match serde_json::from_str(line) {
        Ok(Value::Object(object)) => object,
        other => panic!("{args:?}: not a JSON object: {other:?}"),
    }
}

#[test]
fn every_count_json_carries_the_core_keys() {
    for (args, input) in counts() {
        let object = object(&args, input, 0);
        for key in CORE {
            assert!(object.contains_key(key), "{args:?}: no {key:?} in {object:?}");
        }
        assert!(!object.contains_key("reason"), "{args:?}: a reason without giving up: {object:?}");
        assert!(
            matches!(object["outcome"].as_str(), Some("exhausted" | "limit-reached")),
            "{args:?}: {object:?}"
        );
        assert!(object["solutions"].as_u64().is_some(), "{args:?}: {object:?}");
        assert!(object["engine"].as_str().is_some_and(|e| !e.is_empty()), "{args:?}: {object:?}");
    }
}

#[test]
fn max_nodes_1_gives_up_with_the_same_words_everywhere() {
    for (mut args, input) in counts() {
        args.extend(["--max-nodes", "1"]);
        let object = object(&args, input, 3);
        for key in CORE {
            assert!(object.contains_key(key), "{args:?}: no {key:?} in {object:?}");
        }
        assert_eq!(object["outcome"], "gave-up", "{args:?}: {object:?}");
        assert_eq!(object["reason"], "max-nodes", "{args:?}: {object:?}");
    }
}

#[test]
fn no_solution_is_status_0_for_every_puzzle() {
    // 1 and 3 in opposite corners around a hole share no neighbour for the 2.
    let output = tessera_with_stdin(&["hidato", "solve"], b"3 3\n1 0 0\n0 -1 0\n0 0 3\n");
    assert_status(&output, 0);
    assert!(stderr(&output).contains("no solution"), "{}", stderr(&output));
    let output = tessera_with_stdin(&["sudoku", "solve"], format!("11{}\n", ".".repeat(79)).as_bytes());
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "none\n");
    assert_status(&tessera(&["xc", "count", "none.dlx"]), 0);
    assert_status(&tessera(&["queens", "3"]), 0);
}

#[test]
fn bad_flag_values_are_status_1_in_our_style() {
    for args in [
        &["tiling", "count", "--board", "0x7"][..],
        &["tiling", "count", "--board", "wide"],
        &["tiling", "count", "--pieces", "heptominoes"],
        &["queens", "33"],
        &["sudoku", "solve", "--threads", "many"],
        &["xc", "count", "--frobnicate"],
        &["hidato", "generate", "--size", "0x3"],
    ] {
        let output = tessera(args);
        assert_status(&output, 1);
        let message = stderr(&output);
        assert!(message.starts_with("tessera: "), "{args:?}: {message}");
        assert!(!message.contains("error: "), "{args:?}: clap's style: {message}");
    }
}

#[test]
fn quiet_leaves_out_notes_and_keeps_errors() {
    let output = tessera(&["xc", "count", "queens8.dlx", "--limit", "2"]);
    assert!(stderr(&output).contains("--limit"), "{}", stderr(&output));
    let output = tessera(&["xc", "count", "queens8.dlx", "--limit", "2", "--quiet"]);
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "2\n");
    assert_eq!(stderr(&output), "");
    let output = tessera(&["-q", "xc", "count", "bad-item.dlx"]);
    assert_status(&output, 2);
    assert!(stderr(&output).starts_with("tessera: bad-item.dlx: line"), "{}", stderr(&output));
}

/// Every subcommand's name, two levels deep.
fn subcommands() -> Vec<String> {
    let help = stdout(&tessera(&["--help"]));
    let top: Vec<String> = help
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next().map(str::to_owned))
        .filter(|name| name != "help")
        .collect();
    assert!(top.len() >= 8, "{top:?}");
    top
}

#[test]
fn completions_and_the_man_page_name_every_subcommand() {
    let names = subcommands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = tessera(&["completions", shell]);
        assert_status(&output, 0);
        let script = stdout(&output);
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: no {name}");
        }
        for deep in ["generate", "verify", "estimate", "hint"] {
            assert!(script.contains(deep), "{shell}: no {deep}");
        }
    }
    let output = tessera(&["man"]);
    assert_status(&output, 0);
    let page = stdout(&output);
    assert!(page.starts_with(".ie") || page.contains(".TH"), "not roff: {}", &page[..page.len().min(200)]);
    for name in &names {
        assert!(page.contains(name.as_str()), "man: no {name}");
    }
    for deep in ["TESSERA SUDOKU GENERATE", "TESSERA XC ESTIMATE", "TESSERA HIDATO VERIFY", "\\-\\-quiet"] {
        assert!(page.contains(deep), "man: no {deep}");
    }
}

#[test]
fn what_generate_gives_up_on_reads_back() {
    let gave_up = format!("{}gave-up\n{}", SUDOKU, SUDOKU);
    let output = tessera_with_stdin(&["sudoku", "count"], gave_up.as_bytes());
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "1\n1\n");
    assert!(stderr(&output).contains("line 2: skipped"), "{}", stderr(&output));
    let record = r#"{"index":2,"seed":7,"outcome":"gave-up","reason":"timeout"}"#;
    for args in
        [&["sudoku", "solve", "--json"][..], &["sudoku", "count", "--threads", "2"], &["sudoku", "rate"]]
    {
        let input = format!("{record}\n{SUDOKU}{record}\n");
        let output = tessera_with_stdin(args, input.as_bytes());
        assert_status(&output, 0);
        assert_eq!(stdout(&output).lines().count(), 1, "{args:?}: {}", stdout(&output));
        assert!(stderr(&output).contains("line 1: skipped"), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains("line 3: skipped"), "{args:?}: {}", stderr(&output));
    }
    let hidato = "{\"index\":1,\"seed\":1,\"outcome\":\"gave-up\",\"reason\":\"max-nodes\"}\n\
                  {\"index\":2,\"puzzle\":{\"width\":3,\"height\":3,\"cells\":[[1,0,3],[0,5,0],[7,0,9]]}}\n";
    let output = tessera_with_stdin(&["hidato", "count"], hidato.as_bytes());
    assert_status(&output, 0);
    assert_eq!(stdout(&output), "1\n");
    assert!(stderr(&output).contains("line 1: skipped"), "{}", stderr(&output));
}

#[test]
fn a_hidato_answer_that_cannot_be_read_is_a_parse_error() {
    let output = tessera_with_stdin(&["hidato", "verify", "-", "3x3.txt"], HIDATO.as_bytes());
    assert_status(&output, 2);
    let dir = std::env::temp_dir().join(format!("tessera-conventions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let answer = dir.join("answer.txt");
    std::fs::write(&answer, "3 3\n1 2 3\n4 5 6\n7 8 8\n").expect("write the answer");
    let answer = answer.to_str().expect("UTF-8");
    let output = tessera_with_stdin(&["hidato", "verify", "-", answer], HIDATO.as_bytes());
    assert_status(&output, 2);
    assert_eq!(stdout(&output), "");
    let message = stderr(&output);
    assert!(message.starts_with(&format!("tessera: {answer}: line 4, column")), "{message}");
}

#[test]
fn one_sudoku_is_read_with_the_cap_of_a_line() {
    let dir = std::env::temp_dir().join(format!("tessera-conventions-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let big = dir.join("big.txt");
    std::fs::write(&big, vec![b'1'; (16 << 20) + 10]).expect("write a big file");
    let big = big.to_str().expect("UTF-8");
    for args in [&["sudoku", "hint", big][..], &["sudoku", "verify", big, SUDOKU.trim()]] {
        let output = tessera(args);
        assert_status(&output, 2);
        assert!(stderr(&output).contains("16 MiB"), "{args:?}: {}", stderr(&output));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
