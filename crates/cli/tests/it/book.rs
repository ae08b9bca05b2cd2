//! `tessera sudoku book` and `tessera hidato book`, run as the real binary, and their pages looked
//! at through Debian's poppler-utils: `pdfinfo` (it opens, page count, paper), `pdffonts` (every
//! font embedded and subset), `pdftotext -bbox` (every word with its box: the grids are read
//! back cell by cell from the digits' positions, each puzzle counted with the solver, limit 2,
//! and each answer of the key checked against its puzzle) and `pdftoppm` (the pixels: a page
//! compared with a reference PNG kept in `tests/data/book/`, and the grid lines and page number
//! found where they belong).
//!
//! Without poppler-utils these tests say so and pass, unless `TESSERA_REQUIRE_POPPLER=1` (set by
//! `.ci/run`, which installs them): then they fail. `TESSERA_BLESS=1` rewrites the reference PNG
//! (look at it before committing it).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use common::{assert_status, data_dir, pdf_words as words, stderr, stdout, tessera, Word};
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera_print::layout::{frame, Arrangement, Part};
use tessera_print::{Frame, PageSize};

mod pixels;
mod reading;
mod refusals;

mod svg;

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    common::scratch("book", test)
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temporary path")
}

/// Whether poppler-utils are here; when not, a skip (or a failure under TESSERA_REQUIRE_POPPLER=1).
fn poppler() -> bool {
    let found = Command::new("pdftoppm").arg("-v").output().is_ok_and(|o| o.status.success());
    if !found {
        let message = "pdftoppm (poppler-utils) is not installed";
        if std::env::var("TESSERA_REQUIRE_POPPLER").is_ok_and(|v| v == "1") {
            panic!("{message}, and TESSERA_REQUIRE_POPPLER=1: apt-get install poppler-utils");
        }
        eprintln!("skipped: {message}");
    }
    found
}

/// Runs a poppler tool and returns its standard output.
fn run(tool: &str, args: &[&str]) -> String {
    let output = Command::new(tool).args(args).output().unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert!(output.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `pdfinfo`'s field `key`.
fn info(pdf: &Path, key: &str) -> String {
    let text = run("pdfinfo", &[path_str(pdf)]);
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no {key}:\n{text}"));
    line[key.len() + 1..].trim().to_owned()
}

/// Asserts every font of `pdf` is embedded, subset and has a ToUnicode map; returns their names.
fn fonts(pdf: &Path) -> Vec<String> {
    let text = run("pdffonts", &[path_str(pdf)]);
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert!(!rows.is_empty(), "no font:\n{text}");
    for row in &rows {
        // name, type..., encoding, emb, sub, uni, object id, generation.
        let fields: Vec<&str> = row.split_whitespace().collect();
        let flags = &fields[fields.len() - 5..fields.len() - 2];
        assert_eq!(flags, ["yes", "yes", "yes"], "not embedded, subset and mapped: {row}");
    }
    rows.iter().map(|row| row.split_whitespace().next().unwrap_or("").to_owned()).collect()
}

/// The text in each cell of the grid at `at`, and the label under it; a word wider than a cell
/// is cut into its characters, each placed by its share of the word's width.
fn read_grid(words: &[Word], at: &Frame) -> (Vec<String>, String) {
    let mut cells = vec![String::new(); at.rows * at.cols];
    let (right, bottom) = (at.x + at.width(), at.y + at.height());
    for word in words {
        let (cx, cy) = word.center();
        if cx < at.x || cx > right || cy < at.y || cy > bottom {
            continue;
        }
        let width = word.x_max - word.x_min;
        let pieces: Vec<(String, f32)> = if width > at.cell {
            let n = word.text.chars().count() as f32;
            word.text
                .chars()
                .enumerate()
                .map(|(i, c)| (c.to_string(), word.x_min + (i as f32 + 0.5) * width / n))
                .collect()
        } else {
            vec![(word.text.clone(), cx)]
        };
        for (text, x) in pieces {
            let (r, c) = (((cy - at.y) / at.cell) as usize, ((x - at.x) / at.cell) as usize);
            let cell = &mut cells[r.min(at.rows - 1) * at.cols + c.min(at.cols - 1)];
            assert!(cell.is_empty(), "two words in one cell: {cell} and {text}");
            *cell = text;
        }
    }
    let label: Vec<&str> = words
        .iter()
        .filter(|w| {
            let (cx, cy) = w.center();
            cx > at.x && cx < right && cy > bottom && cy < bottom + 20.0
        })
        .map(|w| w.text.as_str())
        .collect();
    (cells, label.join(" "))
}

/// The puzzle number `#N` in a label.
fn number(label: &str) -> usize {
    let word =
        label.split_whitespace().find(|w| w.starts_with('#')).unwrap_or_else(|| panic!("no #N in {label:?}"));
    word[1..].parse().unwrap_or_else(|_| panic!("{label:?}"))
}

/// Every grid of a book read back: puzzles and answers by number, with the puzzles' labels.
struct ReadBack {
    puzzles: BTreeMap<usize, (Vec<String>, String)>,
    answers: BTreeMap<usize, Vec<String>>,
}

/// Reads the grids of a book of `count` puzzles of `rows × cols`, `per_page` to an A4 page.
fn read_book(pdf: &Path, count: usize, per_page: usize, rows: usize, cols: usize) -> ReadBack {
    let pages = words(pdf);
    let arrangement = Arrangement::puzzles(per_page).expect("a valid count");
    let key = Arrangement::key(PageSize::A4, rows, cols);
    let puzzle_pages = count.div_ceil(per_page);
    assert_eq!(pages.len(), puzzle_pages + count.div_ceil(key.slots()));
    let mut back = ReadBack { puzzles: BTreeMap::new(), answers: BTreeMap::new() };
    for k in 0..count {
        let at = frame(PageSize::A4.points(), Part::Puzzles, arrangement, k % per_page, rows, cols);
        let (cells, label) = read_grid(&pages[k / per_page], &at);
        assert!(back.puzzles.insert(number(&label), (cells, label)).is_none());
        let at = frame(PageSize::A4.points(), Part::Key, key, k % key.slots(), rows, cols);
        let (cells, label) = read_grid(&pages[puzzle_pages + k / key.slots()], &at);
        assert!(back.answers.insert(number(&label), cells).is_none());
    }
    for (i, page) in pages.iter().enumerate() {
        let footer: Vec<&str> = page
            .iter()
            .filter(|w| w.y_min > PageSize::A4.points().1 - 42.0)
            .map(|w| w.text.as_str())
            .collect();
        assert_eq!(footer, [(i + 1).to_string()], "page {}'s footer", i + 1);
    }
    assert_eq!(back.puzzles.keys().copied().collect::<Vec<_>>(), (1..=count).collect::<Vec<_>>());
    back
}

fn sudoku_of(cells: &[String]) -> Sudoku {
    let line: String = cells.iter().map(|c| if c.is_empty() { "." } else { c.as_str() }).collect();
    assert_eq!(line.len(), 81, "{line}");
    Sudoku::from_line_with_layout(&line, Arc::new(Layout::classic(9).expect("9x9"))).expect("a puzzle line")
}
