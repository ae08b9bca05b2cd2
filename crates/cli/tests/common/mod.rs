//! Running the real `tessera` binary, from `tests/data/` so that messages name files as given.

#![allow(dead_code, reason = "tests/examples.rs uses only a part of these helpers")]

pub mod dominoes;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// `tests/data/`.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

/// Runs `tessera ARGS` in `tests/data/` with no standard input.
pub fn tessera(args: &[&str]) -> Output {
    command(args).stdin(Stdio::null()).output().expect("run tessera")
}

/// Runs `tessera ARGS` in `tests/data/` with `input` on standard input.
pub fn tessera_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tessera");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The command may stop reading early (a usage error): a broken pipe here is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("wait for tessera")
}

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tessera"));
    command.args(args).current_dir(data_dir());
    command
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 on standard output")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The exit status, with both streams in the message if the process was killed.
pub fn status(output: &Output) -> i32 {
    output.status.code().unwrap_or_else(|| panic!("killed by a signal; stderr: {}", stderr(output)))
}

/// Asserts the exit status, showing both streams when it differs.
pub fn assert_status(output: &Output, expected: i32) {
    assert_eq!(
        status(output),
        expected,
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        stderr(output)
    );
}

/// Asserts the exit status and that standard error holds `words`.
pub fn assert_stderr(output: &Output, expected: i32, words: &str) {
    assert_status(output, expected);
    let text = stderr(output);
    assert!(text.contains(words), "{words:?} not in stderr:\n{text}");
}

/// A temporary path as the `&str` an argument list takes.
pub fn path_arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// The one JSON object on standard output.
pub fn json(output: &Output) -> serde_json::Value {
    let text = stdout(output);
    assert_eq!(text.lines().count(), 1, "one line of JSON expected, got {text:?}");
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("not JSON ({err}): {text:?}"))
}

/// A `--json` listing (`xc solve`, `queens`, `tiling solve`): one JSON line per solution, then
/// the summary line; each line parsed. Returns the solutions' lines and the summary.
pub fn listing(output: &Output) -> (Vec<serde_json::Value>, serde_json::Value) {
    let text = stdout(output);
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line:?}")))
        .collect();
    let summary = lines.pop().unwrap_or_else(|| panic!("no summary line in {text:?}"));
    assert!(summary.get("outcome").is_some(), "the last line is the summary: {summary}");
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["index"], i as u64 + 1, "solutions numbered from 1: {line}");
        assert!(line.get("outcome").is_none(), "only the last line is the summary: {line}");
    }
    (lines, summary)
}

/// The N-queens problem as exact cover in Knuth's format: rows `r` and columns `c` primary,
/// diagonals `a` (r+c) and `b` (r-c+n-1) secondary; options `rR cC aA bB`.
pub fn queens(n: usize) -> String {
    let mut text = format!("| {n} queens\n");
    let rows = (0..n).map(|r| format!("r{r}"));
    let columns = (0..n).map(|c| format!("c{c}"));
    let primary: Vec<String> = rows.chain(columns).collect();
    let secondary: Vec<String> =
        (0..2 * n - 1).map(|d| format!("a{d}")).chain((0..2 * n - 1).map(|d| format!("b{d}"))).collect();
    text += &format!("{} | {}\n", primary.join(" "), secondary.join(" "));
    for r in 0..n {
        for c in 0..n {
            text += &format!("r{r} c{c} a{} b{}\n", r + c, r + n - 1 - c);
        }
    }
    text
}

/// Checks a queens solution given as option lines, independently of the solver: one queen per
/// row and column, at most one per diagonal.
pub fn assert_queens_solution(n: usize, lines: &[&str]) {
    assert_eq!(lines.len(), n, "{lines:?}");
    let mut seen = std::collections::HashSet::new();
    for line in lines {
        let names: Vec<&str> = line.split(' ').collect();
        assert_eq!(names.len(), 4, "{line:?}");
        let r: usize = names[0].strip_prefix('r').and_then(|r| r.parse().ok()).expect("row");
        let c: usize = names[1].strip_prefix('c').and_then(|c| c.parse().ok()).expect("column");
        assert_eq!(names[2], format!("a{}", r + c), "{line:?}");
        assert_eq!(names[3], format!("b{}", r + n - 1 - c), "{line:?}");
        for name in names {
            assert!(seen.insert(name.to_owned()), "{name} covered twice in {lines:?}");
        }
    }
}

/// `$TESSERA_DATA/<folder>` (the shared data folder holds `xc/`, `families/`, `hidato/`), or
/// `None` after a SKIPPED note when `TESSERA_DATA` is not set; with `TESSERA_REQUIRE_DATA=1` (CI)
/// the missing data are a failure, and a folder missing from a set `TESSERA_DATA` always is.
pub fn shared_dir(folder: &str) -> Option<PathBuf> {
    let Some(root) = std::env::var_os("TESSERA_DATA").filter(|root| !root.is_empty()) else {
        assert!(
            std::env::var("TESSERA_REQUIRE_DATA").as_deref() != Ok("1"),
            "TESSERA_REQUIRE_DATA=1 but TESSERA_DATA is not set"
        );
        eprintln!("\n*** SKIPPED: set TESSERA_DATA to the shared data folder (holding {folder}/) ***\n");
        return None;
    };
    let dir = PathBuf::from(root).join(folder);
    assert!(dir.is_dir(), "TESSERA_DATA is set but {} is missing", dir.display());
    Some(dir)
}

/// A fresh directory for one test's files, named after the test file and the test.
pub fn scratch(file: &str, test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-{file}-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make a temporary directory");
    dir
}

/// Runs `tessera hidato book --count 2 --seed 1 OPTIONS -o DIR/h.pdf`, which must succeed.
pub fn hidato_book(dir: &Path, options: &[&str]) {
    let pdf = dir.join("h.pdf");
    let mut args = vec!["hidato", "book", "--count", "2", "--seed", "1"];
    args.extend(options);
    args.extend(["-o", path_arg(&pdf)]);
    assert_status(&tessera(&args), 0);
}

/// A word of `pdftotext -bbox`: its text and box, in points from the page's top left.
#[derive(Debug, Clone)]
pub struct Word {
    pub text: String,
    pub x_min: f32,
    pub y_min: f32,
    pub x_max: f32,
    pub y_max: f32,
}

impl Word {
    pub fn center(&self) -> (f32, f32) {
        ((self.x_min + self.x_max) / 2.0, (self.y_min + self.y_max) / 2.0)
    }
}

/// The words of every page of `pdf`, by `pdftotext -bbox` (poppler-utils).
pub fn pdf_words(pdf: &Path) -> Vec<Vec<Word>> {
    let output = Command::new("pdftotext")
        .args(["-bbox", path_arg(pdf), "-"])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext: {e}"));
    assert!(
        output.status.success(),
        "pdftotext {}: {}",
        pdf.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    let html = String::from_utf8_lossy(&output.stdout);
    let mut pages = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            pages.push(Vec::new());
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let attr = |name: &str| -> f32 {
                let start = rest.find(&format!("{name}=\"")).expect("attribute") + name.len() + 2;
                let end = start + rest[start..].find('"').expect("closing quote");
                rest[start..end].parse().expect("a number")
            };
            let text =
                rest[rest.find('>').expect(">") + 1..rest.rfind("</word>").expect("</word>")].to_owned();
            let word = Word {
                text,
                x_min: attr("xMin"),
                y_min: attr("yMin"),
                x_max: attr("xMax"),
                y_max: attr("yMax"),
            };
            pages.last_mut().expect("a page before its words").push(word);
        }
    }
    pages
}

/// Every `/NAME[a b c d]` box of the PDF, in file order (one per page).
pub fn boxes(pdf: &[u8], name: &str) -> Vec<[f32; 4]> {
    let text = String::from_utf8_lossy(pdf);
    let key = format!("/{name}[");
    text.match_indices(&key)
        .map(|(at, _)| {
            let rest = &text[at + key.len()..];
            let numbers: Vec<f32> = rest[..rest.find(']').expect("]")]
                .split_whitespace()
                .map(|n| n.parse().expect("a number"))
                .collect();
            numbers.try_into().expect("four numbers")
        })
        .collect()
}
