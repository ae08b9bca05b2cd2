//! The house rules of docs/ARCHITECTURE.md, checked from the sources: arrows only downward
//! between crates (cli → web → puzzles → xc, and py beside cli), and puzzle modules that never use each other
//! (what they share lives in `common` and the crate root's `Error`, which use none of them).

use std::fs;
use std::path::{Path, PathBuf};

const PUZZLES: [&str; 8] =
    ["sudoku", "hidato", "killer", "kenken", "starbattle", "variant", "tiling", "queens"];

/// The uses of a puzzle by another, and why: variant Sudoku's `auto` hands a rule set that is
/// plain Sudoku to the Sudoku solvers and one that is plain Killer Sudoku to the Killer solver
/// (the issue lets `auto` hand a rule set to the fast engine, never the other way round), and its
/// generator starts from the Sudoku solver's random full grid. Only these files may.
const ALLOWED: [(&str, &str); 3] =
    [("variant/plain.rs", "sudoku"), ("variant/plain.rs", "killer"), ("variant/generate.rs", "sudoku")];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The lines of a file that are code (not comments), with their numbers.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(i, line)| (i + 1, line.to_string()))
        .collect()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn puzzle_modules_never_use_each_other() {
    let mut wrong = Vec::new();
    for puzzle in PUZZLES {
        for file in sources(&src().join(puzzle)) {
            for (n, line) in code_lines(&file) {
                for other in PUZZLES.iter().filter(|&&other| other != puzzle) {
                    let allowed = ALLOWED.iter().any(|(f, o)| file.ends_with(f) && o == other);
                    if !allowed
                        && (line.contains(&format!("crate::{other}"))
                            || line.contains(&format!("tessera::{other}")))
                    {
                        wrong.push(format!("{}:{n}: {}", file.display(), line.trim()));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "a puzzle module uses another:\n{}", wrong.join("\n"));
}

#[test]
fn common_and_the_crate_root_use_no_puzzle() {
    let mut wrong = Vec::new();
    let root = [src().join("error.rs")];
    for file in sources(&src().join("common")).into_iter().chain(root) {
        for (n, line) in code_lines(&file) {
            if PUZZLES.iter().any(|p| line.contains(&format!("crate::{p}"))) {
                wrong.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(wrong.is_empty(), "common or the crate root uses a puzzle module:\n{}", wrong.join("\n"));
}

/// The workspace crates each crate depends on, from its Cargo.toml.
fn workspace_deps(krate: &str) -> Vec<String> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(krate).join("Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    let mut deps = Vec::new();
    let mut section = "";
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section == "[dependencies]" {
            let name = line.split(['=', '.', ' ']).next().unwrap_or("");
            if matches!(
                name,
                "tessera" | "tessera-xc" | "tessera-print" | "tessera-web" | "tessera-cli" | "tessera-py"
            ) {
                deps.push(name.to_string());
            }
        }
    }
    deps.sort();
    deps
}

#[test]
fn crates_point_only_downward() {
    // cli → web → puzzles → xc; a crate may skip a level downward, never point up.
    assert_eq!(workspace_deps("xc"), Vec::<String>::new());
    assert_eq!(workspace_deps("puzzles"), ["tessera-xc"]);
    assert_eq!(workspace_deps("web"), ["tessera", "tessera-print"]);
    assert_eq!(workspace_deps("print"), ["tessera"]);
    assert_eq!(workspace_deps("cli"), ["tessera", "tessera-print", "tessera-web", "tessera-xc"]);
    // The Python package sits beside the CLI: it wraps the libraries and nothing depends on it.
    assert_eq!(workspace_deps("py"), ["tessera", "tessera-xc"]);
    for krate in ["xc", "puzzles", "web", "cli"] {
        assert!(!workspace_deps(krate).contains(&"tessera-py".to_string()), "{krate} depends on tessera-py");
    }
}
