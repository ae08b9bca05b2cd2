//! Every example of README.md and of every `docs/*.md` (their `sh` blocks) and of the help texts
//! runs as written from the repository's root, against the built binary; the outputs those pages
//! show are the real ones. Every relative link of those pages leads somewhere.
//!
//! A `sh` block holds commands, one a line, each optionally followed by `# ` lines of output
//! (`...` ends a partial one), or a transcript: `$ command` lines each followed by its output
//! (lines starting `tessera: ` are expected on standard error, the others are standard output,
//! exactly). `cargo run --release --` is replaced by the binary under test, as is `tessera`. The
//! commands run in a temporary folder that links to the repository's `crates/` and `examples/`,
//! so that the files they write (`tiling.svg`) land there. Usage synopses, and commands that are
//! not run here (measurement runs, commands that need the shared data sets), are `text` blocks.
//! A failure names the page and the line of the command.
//!
//! A relative link, `[text](path)` or `[text](path#anchor)` outside code, must name a file or
//! folder that exists (from the page's own folder); an anchor into a `.md` file (or `#anchor`
//! alone, into the page itself) must be one of its headings by GitHub's rule: lowercased, spaces
//! to `-`, punctuation other than `-` and `_` dropped, and `-1`, `-2`, ... after a repeated one.

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
    ("cargo nextest", "the test suite itself: a long run"),
    ("TESSERA_DATA=", "the test suite with the shared data: a long run"),
    ("scripts/fuzz.sh", "the fuzzers, ten minutes a target: .ci/run runs them for 20 s each"),
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

/// Why a command is not run.
enum Skip {
    /// It is in SKIPPED, whose entry says why.
    Listed,
    /// It is neither `tessera` nor `cat ... | tessera`: a mistake in the page.
    Unknown(String),
}

/// The command as it runs here, or why it is not run.
fn runnable(command: &str) -> Result<String, Skip> {
    let command = command.replace("cargo run --release --", "tessera");
    if SKIPPED.iter().any(|(start, _)| command.starts_with(start)) {
        return Err(Skip::Listed);
    }
    if !(command.starts_with("tessera ") || command.starts_with("cat ")) {
        return Err(Skip::Unknown(format!(
            "an example that is neither `tessera` nor `cat ... | tessera`: {command:?} (run it here, \
             add it to SKIPPED with the reason, or make its block `text`)"
        )));
    }
    Ok(command)
}

/// Runs one example; `expected` are its shown output lines, `place` names where it is written.
fn check(sandbox: &Path, place: &str, command: &str, expected: &[&str], transcript: bool) {
    let command = match runnable(command) {
        Ok(command) => command,
        Err(Skip::Listed) => return,
        Err(Skip::Unknown(message)) => panic!("{place}: {message}"),
    };
    // Files an example writes under /tmp go to the sandbox's own tmp/, so that a file left by an
    // earlier run (another version's checkpoint) cannot change what this run sees.
    let tmp = sandbox.join("tmp");
    std::fs::create_dir_all(&tmp).expect("the sandbox's tmp/");
    let command = command.replace(" /tmp/", &format!(" {}/", tmp.display()));
    let output = run(sandbox, &command);
    let (out, err) = (common::stdout(&output), common::stderr(&output));
    assert!(
        output.status.success(),
        "{place}: {command}\nstatus {:?}\nstdout:\n{out}\nstderr:\n{err}",
        output.status
    );
    if transcript {
        let shown: Vec<&str> = expected.iter().copied().filter(|l| !l.starts_with("tessera: ")).collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), shown, "{place}: {command}");
        for line in expected.iter().filter(|l| l.starts_with("tessera: ")) {
            assert!(err.contains(line), "{place}: {command}: {line:?} not on standard error:\n{err}");
        }
        return;
    }
    for line in expected {
        match line.split_once("...") {
            Some(("", _)) => {}
            Some((start, _)) => assert!(out.contains(start), "{place}: {command}: {start:?} not in\n{out}"),
            None => {
                assert!(out.lines().any(|l| l == *line), "{place}: {command}: {line:?} not a line of\n{out}");
            }
        }
    }
}

/// README.md, then every `docs/*.md` in name order, each as (its path from the root, its text).
fn pages() -> Vec<(String, String)> {
    let root = repository();
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("an entry of docs/").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_owned());
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, text)
        })
        .collect()
}

/// The `sh` blocks of a page: each line with its number, from 1.
fn sh_blocks(text: &str) -> Vec<Vec<(usize, &str)>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<(usize, &str)>> = None;
    let mut fenced = false;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end();
        match &mut block {
            Some(_) if line == "```" => blocks.extend(block.take()),
            Some(lines) => lines.push((number + 1, line)),
            None if line == "```sh" && !fenced => block = Some(Vec::new()),
            None if line.trim_start().starts_with("```") => fenced = !fenced,
            None => {}
        }
    }
    blocks
}

/// One command: where it is written, the command, its shown output lines, and whether it is a
/// transcript's.
type Example<'a> = (usize, &'a str, Vec<&'a str>, bool);

/// The commands of one `sh` block, each with the output lines after it.
fn examples<'a>(block: &[(usize, &'a str)]) -> Vec<Example<'a>> {
    let mut examples: Vec<Example<'a>> = Vec::new();
    for &(number, line) in block {
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push((number, command, Vec::new(), true));
        } else if let Some(shown) = line.strip_prefix("# ") {
            examples
                .last_mut()
                .unwrap_or_else(|| panic!("line {number}: output before a command"))
                .2
                .push(shown);
        } else if line.is_empty() {
        } else if examples.last().is_some_and(|(_, _, _, transcript)| *transcript) {
            examples.last_mut().expect("a command").2.push(line);
        } else {
            examples.push((number, line, Vec::new(), false));
        }
    }
    examples
}

#[test]
fn the_documented_examples_run_as_shown() {
    let sandbox = sandbox("docs");
    let (mut ran, mut blocks) = (0, 0);
    let mut in_readme = 0;
    for (name, text) in pages() {
        for block in sh_blocks(&text) {
            blocks += 1;
            for (number, command, expected, transcript) in examples(&block) {
                check(&sandbox, &format!("{name}:{number}"), command, &expected, transcript);
                ran += 1;
                if name == "README.md" {
                    in_readme += 1;
                }
            }
        }
    }
    println!("{ran} commands in {blocks} sh blocks ({in_readme} in README.md)");
    assert!(in_readme >= 3, "only {in_readme} examples found in README.md");
    assert!(ran >= 60, "only {ran} examples found");
    let _ = std::fs::remove_dir_all(&sandbox);
}

/// GitHub's anchor of a heading: lowercased, spaces to `-`, other punctuation than `-` and `_`
/// dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The lines of a page outside fenced code blocks, with their numbers from 1.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((number + 1, line));
        }
    }
    lines
}

/// The anchors of a page's headings; a repeated heading gets `-1`, `-2`, ... as on GitHub.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut anchors = Vec::new();
    for (_, line) in prose(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = anchor(&line[hashes..]);
        let repeats = seen.entry(base.clone()).or_insert(0);
        anchors.push(if *repeats == 0 { base } else { format!("{base}-{repeats}") });
        *repeats += 1;
    }
    anchors
}

/// The link targets of a line outside inline code: what stands in `](...)`.
fn targets(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 1 {
            continue; // inline code
        }
        let mut rest = part;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            found.push(rest[..end].split_whitespace().next().unwrap_or(""));
            rest = &rest[end..];
        }
    }
    found
}

#[test]
fn the_relative_links_lead_somewhere() {
    let root = repository();
    let mut broken = Vec::new();
    let (mut files, mut with_anchor) = (0, 0);
    for (name, text) in pages() {
        let folder = Path::new(&name).parent().map(Path::to_path_buf).unwrap_or_default();
        for (number, line) in prose(&text) {
            for target in targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
                let file = if path.is_empty() { root.join(&name) } else { root.join(&folder).join(path) };
                files += 1;
                if !file.exists() {
                    broken.push(format!("{name}:{number}: {target}: no such file"));
                    continue;
                }
                if fragment.is_empty() || file.extension().is_none_or(|e| e != "md") {
                    continue;
                }
                with_anchor += 1;
                let linked = std::fs::read_to_string(&file).expect("a linked page");
                if !anchors(&linked).iter().any(|a| a == fragment) {
                    broken.push(format!("{name}:{number}: {target}: no heading with that anchor"));
                }
            }
        }
    }
    println!("{files} relative links, {with_anchor} of them with an anchor into a page");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(files > 50, "only {files} relative links found");
}

#[test]
fn the_anchor_rule_is_githubs() {
    assert_eq!(anchor("Hostile inputs (issue 14)"), "hostile-inputs-issue-14");
    assert_eq!(anchor("API (JSON; every path under `/api`)"), "api-json-every-path-under-api");
    assert_eq!(anchor("Messages, `--quiet`, completions"), "messages---quiet-completions");
    assert_eq!(anchor("Knuth's format"), "knuths-format");
    assert_eq!(anchors("# A\n## A\n```\n# not a heading\n```\n### A\n"), ["a", "a-1", "a-2"]);
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
            check(&sandbox, &format!("tessera {} --help", page.join(" ")), &command, &[], false);
            ran += 1;
        }
    }
    assert!(ran >= 4, "only {ran} help examples found");
    let _ = std::fs::remove_dir_all(&sandbox);
}
