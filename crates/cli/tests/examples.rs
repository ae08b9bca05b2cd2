//! Every example of README.md (its `sh` blocks) and of the help texts runs as written from the
//! repository's root, against the built binary; the outputs the README shows are the real ones.
//!
//! A `sh` block holds commands, one a line, each optionally followed by `# ` lines of output
//! (`...` ends a partial one), or a transcript: `$ command` lines each followed by its output
//! (lines starting `tessera: ` are expected on standard error, the others are standard output,
//! exactly). `cargo run --release --` is replaced by the binary under test, as is `tessera`. The
//! commands run in a temporary folder that links to the repository's `crates/` and `examples/`,
//! so that the files they write (`tiling.svg`) land there. Usage synopses are `text` blocks.

#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Commands not run, with the reason: a server that runs until stopped, and the builds and test
/// runs of the repository itself (long, and they would run this test again).
const SKIPPED: &[(&str, &str)] = &[
    ("tessera serve", "serves until Ctrl+C"),
    ("cargo install", "builds and installs the binary: a long run"),
    ("cargo test", "the test suite itself: a long run"),
    ("TESSERA_DATA=", "the test suite with the shared data: a long run"),
    ("scripts/fuzz.sh", "the fuzzers, ten minutes a target: .ci/run runs them for 30 s each"),
];

/// The help pages whose examples are run.
const HELP_PAGES: &[&[&str]] = &[
    &[],
    &["xc", "count"],
    &["xc", "solve"],
    &["xc", "estimate"],
    &["merge"],
    &["sudoku", "solve"],
    &["sudoku", "count"],
    &["sudoku", "verify"],
    &["sudoku", "generate"],
    &["sudoku", "rate"],
    &["sudoku", "hint"],
    &["hidato", "solve"],
    &["hidato", "count"],
    &["hidato", "verify"],
    &["hidato", "generate"],
    &["tiling", "count"],
    &["tiling", "solve"],
    &["queens"],
    &["serve"],
];

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository's root")
}

/// A folder with `bin/tessera` (the binary under test) and links to `crates/` and `examples/`.
fn sandbox(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-examples-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).expect("make the sandbox");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_tessera"), dir.join("bin/tessera")).expect("link");
    for folder in ["crates", "examples"] {
        std::os::unix::fs::symlink(repository().join(folder), dir.join(folder)).expect("link");
    }
    dir
}

fn run(sandbox: &Path, command: &str) -> Output {
    let path = format!("{}:{}", sandbox.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    Command::new("sh").args(["-c", command]).current_dir(sandbox).env("PATH", path).output().expect("run sh")
}

/// The command as it runs here, or why it is skipped.
fn runnable(command: &str) -> Result<String, &'static str> {
    let command = command.replace("cargo run --release --", "tessera");
    if let Some((_, reason)) = SKIPPED.iter().find(|(start, _)| command.starts_with(start)) {
        return Err(reason);
    }
    assert!(
        command.starts_with("tessera ") || command.starts_with("cat "),
        "an example that is neither `tessera` nor `cat ... | tessera`: {command:?} (run it here or \
         add it to SKIPPED with the reason)"
    );
    Ok(command)
}

/// Runs one example; `expected` are its shown output lines.
fn check(sandbox: &Path, command: &str, expected: &[&str], transcript: bool) {
    let Ok(command) = runnable(command) else { return };
    // Files an example writes under /tmp go to the sandbox's own tmp/, so that a file left by an
    // earlier run (another version's checkpoint) cannot change what this run sees.
    let tmp = sandbox.join("tmp");
    std::fs::create_dir_all(&tmp).expect("the sandbox's tmp/");
    let command = command.replace(" /tmp/", &format!(" {}/", tmp.display()));
    let output = run(sandbox, &command);
    let (out, err) = (common::stdout(&output), common::stderr(&output));
    assert!(output.status.success(), "{command}\nstatus {:?}\nstdout:\n{out}\nstderr:\n{err}", output.status);
    if transcript {
        let shown: Vec<&str> = expected.iter().copied().filter(|l| !l.starts_with("tessera: ")).collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), shown, "{command}");
        for line in expected.iter().filter(|l| l.starts_with("tessera: ")) {
            assert!(err.contains(line), "{command}: {line:?} not on standard error:\n{err}");
        }
        return;
    }
    for line in expected {
        match line.split_once("...") {
            Some(("", _)) => {}
            Some((start, _)) => assert!(out.contains(start), "{command}: {start:?} not in\n{out}"),
            None => assert!(out.lines().any(|l| l == *line), "{command}: {line:?} not a line of\n{out}"),
        }
    }
}

#[test]
fn the_readme_examples_run_as_shown() {
    let readme = std::fs::read_to_string(repository().join("README.md")).expect("README.md");
    let sandbox = sandbox("readme");
    let mut blocks = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for line in readme.lines() {
        match (&mut block, line.trim_end()) {
            (None, "```sh") => block = Some(Vec::new()),
            (Some(_), "```") => blocks.extend(block.take()),
            (Some(lines), line) => lines.push(line),
            _ => {}
        }
    }
    let mut ran = 0;
    for lines in blocks {
        // Each command with the output lines after it.
        let mut examples: Vec<(&str, Vec<&str>, bool)> = Vec::new();
        for line in lines {
            if let Some(command) = line.strip_prefix("$ ") {
                examples.push((command, Vec::new(), true));
            } else if let Some(shown) = line.strip_prefix("# ") {
                examples.last_mut().expect("output after a command").1.push(shown);
            } else if line.is_empty() {
            } else if examples.last().is_some_and(|(_, _, transcript)| *transcript) {
                examples.last_mut().expect("a command").1.push(line);
            } else {
                examples.push((line, Vec::new(), false));
            }
        }
        for (command, expected, transcript) in examples {
            check(&sandbox, command, &expected, transcript);
            ran += 1;
        }
    }
    assert!(ran > 20, "only {ran} examples found");
    let _ = std::fs::remove_dir_all(&sandbox);
}

#[test]
fn the_help_examples_run() {
    let sandbox = sandbox("help");
    let mut ran = 0;
    for page in HELP_PAGES {
        let mut args = page.to_vec();
        args.push("--help");
        let help = common::stdout(&common::tessera(&args));
        let mut commands: Vec<String> = help
            .lines()
            .filter_map(|line| line.strip_prefix("  tessera "))
            .map(|rest| format!("tessera {rest}"))
            .collect();
        // Pipelines quoted in the text: `tessera ... | tessera ...`.
        commands.extend(
            help.split('`')
                .skip(1)
                .step_by(2)
                .filter(|quoted| quoted.starts_with("tessera ") && quoted.contains(" | "))
                .map(str::to_owned),
        );
        for command in commands {
            check(&sandbox, &command, &[], false);
            ran += 1;
        }
    }
    assert!(ran >= 4, "only {ran} help examples found");
    let _ = std::fs::remove_dir_all(&sandbox);
}
