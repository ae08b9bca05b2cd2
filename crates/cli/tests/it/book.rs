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

use common::{assert_status, data_dir, stderr, stdout, tessera};
use tessera::hidato::{self, Adjacency, Hidato};
use tessera::sudoku::{self, Layout, Sudoku};
use tessera_print::layout::{frame, Arrangement, Part};
use tessera_print::{Frame, PageSize};

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-book-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make a temporary directory");
    dir
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

/// A word of `pdftotext -bbox`: its text and box, in points from the page's top left.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    x_min: f32,
    y_min: f32,
    x_max: f32,
    y_max: f32,
}

impl Word {
    fn center(&self) -> (f32, f32) {
        ((self.x_min + self.x_max) / 2.0, (self.y_min + self.y_max) / 2.0)
    }
}

/// The words of every page.
fn words(pdf: &Path) -> Vec<Vec<Word>> {
    let html = run("pdftotext", &["-bbox", path_str(pdf), "-"]);
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
        let at = frame(PageSize::A4, Part::Puzzles, arrangement, k % per_page, rows, cols);
        let (cells, label) = read_grid(&pages[k / per_page], &at);
        assert!(back.puzzles.insert(number(&label), (cells, label)).is_none());
        let at = frame(PageSize::A4, Part::Key, key, k % key.slots(), rows, cols);
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

#[test]
fn a_sudoku_book_reads_back_as_unique_puzzles_with_their_answers() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("sudoku");
    let pdf = dir.join("book.pdf");
    let args = ["--count", "10", "--difficulty", "hard", "--seed", "7", "--threads", "2"];
    let output =
        tessera(&[&["sudoku", "book"], &args[..], &["--per-page", "4", "-o", path_str(&pdf)]].concat());
    assert_status(&output, 0);
    assert!(stderr(&output).contains("10 puzzles on 4 pages"), "{}", stderr(&output));
    assert_eq!(info(&pdf, "Pages"), "4");
    assert!(info(&pdf, "Page size").starts_with("595.276 x 841.89"));
    let names = fonts(&pdf);
    assert!(names.iter().any(|n| n.contains("Go")), "{names:?}");
    // The same puzzles, in the same order, as `sudoku generate` makes from the seed.
    let generated = tessera(&[&["sudoku", "generate"], &args[..]].concat());
    assert_status(&generated, 0);
    let generated = stdout(&generated);
    let expected: Vec<&str> = generated.lines().map(str::trim).collect();
    let back = read_book(&pdf, 10, 4, 9, 9);
    for (n, (cells, label)) in &back.puzzles {
        let puzzle = sudoku_of(cells);
        assert_eq!(puzzle.to_line(), expected[n - 1], "puzzle #{n}");
        assert_eq!(label, &format!("Hard · #{n} · seed {}", 7 + n - 1));
        let count = sudoku::count(&puzzle, &sudoku::Query::default().with_limit(2));
        assert_eq!(count.result(), Ok(1), "puzzle #{n} is not unique");
        let answer = sudoku_of(&back.answers[n]);
        assert!(sudoku::verify(&puzzle, &answer).is_valid(), "the key's #{n} does not solve it");
    }
}

#[test]
fn a_hidato_book_reads_back_as_unique_puzzles_with_their_answers() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("hidato");
    let pdf = dir.join("hidato.pdf");
    let output = tessera(&[
        "hidato",
        "book",
        "--count",
        "5",
        "--size",
        "6x5",
        "--seed",
        "3",
        "--per-page",
        "2",
        "--difficulty",
        "medium",
        "-o",
        path_str(&pdf),
    ]);
    assert_status(&output, 0);
    assert_eq!(info(&pdf, "Pages"), "4", "5 puzzles 2 a page, and the key");
    fonts(&pdf);
    let back = read_book(&pdf, 5, 2, 5, 6);
    let grid = |cells: &[String]| {
        let values =
            cells.iter().map(|c| if c.is_empty() { 0 } else { c.parse().expect("a number") }).collect();
        Hidato::new(6, 5, values, Adjacency::King).expect("a 6x5 board")
    };
    for (n, (cells, label)) in &back.puzzles {
        assert!(label.starts_with("Medium · #"), "{label}");
        let puzzle = grid(cells);
        let count = hidato::count(&puzzle, &hidato::Query::default().with_limit(2));
        assert_eq!(count.result(), Ok(1), "puzzle #{n} is not unique");
        let answer = grid(&back.answers[n]);
        assert!(hidato::verify(&puzzle, &answer).is_valid(), "the key's #{n} does not solve it");
    }
}

/// A page rendered to 8-bit grey by `pdftoppm`: width, height, pixels.
fn render(pdf: &Path, page: usize, dpi: u32, out: &Path) -> (usize, usize, Vec<u8>) {
    let stem = out.with_extension("");
    let page = page.to_string();
    let dpi = dpi.to_string();
    run(
        "pdftoppm",
        &[
            "-gray",
            "-png",
            "-singlefile",
            "-r",
            &dpi,
            "-f",
            &page,
            "-l",
            &page,
            path_str(pdf),
            path_str(&stem),
        ],
    );
    decode(&stem.with_extension("png"))
}

fn decode(path: &Path) -> (usize, usize, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).expect("a frame");
    pixels.truncate(frame.buffer_size());
    // pdftoppm -gray writes grey pixels, in an RGB PNG in some versions: keep one channel.
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("{}: {other:?}", path.display()),
    };
    let grey = pixels.chunks(channels).map(|p| p[0]).collect();
    (frame.width as usize, frame.height as usize, grey)
}

#[test]
fn the_first_page_looks_like_its_reference() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("screenshot");
    let pdf = dir.join("easy.pdf");
    let output =
        tessera(&["sudoku", "book", "--input", "book/easy.txt", "--per-page", "4", "-o", path_str(&pdf)]);
    assert_status(&output, 0);
    let (width, height, pixels) = render(&pdf, 1, 36, &dir.join("page.png"));
    let reference = data_dir().join("book").join("easy-page-1.png");
    if std::env::var("TESSERA_BLESS").is_ok_and(|v| v == "1") {
        std::fs::copy(dir.join("page.png"), &reference).expect("bless the reference");
    }
    let (ref_width, ref_height, expected) = decode(&reference);
    assert_eq!((width, height), (ref_width, ref_height));
    // Anti-aliasing may differ between poppler versions by a few levels; a moved line or a
    // changed digit changes pixels by far more. At most 0.1% of the page may differ.
    let far = |a: &[u8], b: &[u8]| a.iter().zip(b).filter(|(a, b)| a.abs_diff(**b) > 96).count();
    let allowed = pixels.len() / 1000;
    let differ = far(&pixels, &expected);
    assert!(differ <= allowed, "{differ} of {} pixels differ from {}", pixels.len(), reference.display());
    // The comparison can fail: the same puzzles with the first two swapped differ.
    let text = std::fs::read_to_string(data_dir().join("book").join("easy.txt")).expect("easy.txt");
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    lines.swap(0, 1);
    let swapped = dir.join("swapped.txt");
    std::fs::write(&swapped, lines.join("\n")).expect("write");
    let other = dir.join("swapped.pdf");
    let output = tessera(&[
        "sudoku",
        "book",
        "--input",
        path_str(&swapped),
        "--per-page",
        "4",
        "-o",
        path_str(&other),
    ]);
    assert_status(&output, 0);
    let (_, _, swapped_pixels) = render(&other, 1, 36, &dir.join("swapped.png"));
    let differ = far(&swapped_pixels, &expected);
    assert!(differ > 4 * allowed, "swapping two puzzles changed only {differ} pixels");
}

#[test]
fn grid_lines_and_the_page_number_are_where_the_layout_puts_them() {
    if !poppler() {
        return;
    }
    let dir = temp_dir("pixels");
    let pdf = dir.join("one.pdf");
    let output = tessera(&[
        "sudoku",
        "book",
        "--input",
        "book/easy.txt",
        "--per-page",
        "1",
        "--page",
        "letter",
        "-o",
        path_str(&pdf),
    ]);
    assert_status(&output, 0);
    assert!(info(&pdf, "Page size").starts_with("612 x 792"));
    // Ink: darker than this (a thin line anti-aliased over two pixels is grey, not black).
    const INK: u8 = 200;
    // At 72 dpi a pixel is a point: the layout's coordinates are pixel coordinates.
    let (width, height, pixels) = render(&pdf, 1, 72, &dir.join("page.png"));
    assert_eq!((width, height), (612, 792));
    let at = |x: f32, y: f32| pixels[y as usize * width + x as usize];
    let at_ = frame(PageSize::Letter, Part::Puzzles, Arrangement::puzzles(1).expect("1"), 0, 9, 9);
    // Dark share of the pixels along a horizontal line at y, across the grid (between cells'
    // middles, so that digits do not count).
    let dark_along = |y: f32| {
        let xs: Vec<f32> = (0..9).map(|c| at_.x + (c as f32 + 0.25) * at_.cell).collect();
        xs.iter().filter(|&&x| (-1..=1).any(|d| at(x, y + d as f32) < INK)).count()
    };
    for r in 0..=9 {
        let y = at_.y + r as f32 * at_.cell;
        assert_eq!(dark_along(y), 9, "the line under row {r} is not drawn across");
    }
    // Thick box lines are darker and wider than the thin ones: count dark rows around each.
    let thickness = |y: f32| (-4..=4).filter(|d| at(at_.x + 0.25 * at_.cell, y + *d as f32) < INK).count();
    let (thin, thick) = (thickness(at_.y + at_.cell), thickness(at_.y + 3.0 * at_.cell));
    assert!(thick > thin && thin >= 1, "thin {thin}, thick {thick}");
    // Halfway between two lines, a row through empty cell parts is white.
    let mid = at_.y + 0.1 * at_.cell;
    assert!((0..9).all(|c| at(at_.x + (c as f32 + 0.5) * at_.cell, mid) > 200));
    // The page number: dark pixels in a small box at the bottom centre, none elsewhere in the
    // bottom margin; the side margins are blank.
    let dark_in = |x0: usize, x1: usize, y0: usize, y1: usize| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| pixels[y * width + x] < INK)
            .count()
    };
    assert!(dark_in(296, 316, 760, 785) > 5, "no page number");
    assert_eq!(dark_in(0, 290, 750, 792) + dark_in(322, 612, 750, 792), 0, "ink in the bottom margin");
    assert_eq!(dark_in(0, 30, 0, 792) + dark_in(582, 612, 0, 792), 0, "ink in the side margins");
}

#[test]
fn svg_pages_are_well_formed_and_hold_every_grid() {
    let dir = temp_dir("svg");
    let out = dir.join("pages");
    let output = tessera(&[
        "hidato",
        "book",
        "--input",
        "book/holes.txt",
        "--per-page",
        "1",
        "--svg",
        "-o",
        path_str(&out),
    ]);
    assert_status(&output, 0);
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&out).expect("the directory").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let names: Vec<&str> =
        files.iter().map(|p| p.file_name().and_then(|n| n.to_str()).unwrap_or("")).collect();
    assert_eq!(names, ["page-001.svg", "page-002.svg", "page-003.svg"]);
    let (mut puzzles, mut keys) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file).expect("an SVG");
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        for g in doc.descendants().filter(|n| n.has_tag_name("g") && n.attribute("class") != Some("text")) {
            match g.attribute("class") {
                Some("puzzle") => puzzles += 1,
                Some("key") => keys += 1,
                other => panic!("{other:?}"),
            }
        }
    }
    assert_eq!((puzzles, keys), (2, 2));
    // A second book into the same directory replaces the pages.
    let again = tessera(&[
        "hidato",
        "book",
        "--input",
        "book/holes.txt",
        "--per-page",
        "2",
        "--svg",
        "-o",
        path_str(&out),
    ]);
    assert_status(&again, 0);
    assert_eq!(std::fs::read_dir(&out).expect("the directory").count(), 2);
}

#[test]
fn nonsense_is_refused_and_nothing_is_written() {
    let dir = temp_dir("refusals");
    let pdf = dir.join("no.pdf");
    let pdf = path_str(&pdf);
    let cases: [(&[&str], i32, &str); 9] = [
        (
            &["sudoku", "book", "--input", "book/empty16.txt", "--per-page", "12", "-o", pdf],
            1,
            "16x16 grids cells of",
        ),
        (&["sudoku", "book", "--count", "1", "--per-page", "0", "-o", pdf], 1, "1..=12"),
        (&["sudoku", "book", "--count", "1", "--per-page", "1000", "-o", pdf], 1, "1..=12"),
        (&["sudoku", "book", "--count", "0", "-o", pdf], 1, "1..=10000"),
        (&["sudoku", "book", "-o", pdf], 1, "--count"),
        (&["sudoku", "book", "--count", "1", "--size", "16", "--per-page", "12", "-o", pdf], 1, "at most"),
        (
            &["sudoku", "book", "--input", "book/several.txt", "-o", pdf],
            2,
            "line 2: the puzzle has more than one solution",
        ),
        (&["sudoku", "book", "--input", "book/none.txt", "-o", pdf], 2, "no puzzle"),
        (&["hidato", "book", "--count", "1", "--page", "a3", "-o", pdf], 1, "expected a4, letter, a5, 6x9in"),
    ];
    for (args, status, message) in cases {
        let output = tessera(args);
        assert_status(&output, status);
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
        assert!(!Path::new(pdf).exists(), "{args:?} wrote a book");
    }
    // --svg into a file that is not a directory.
    std::fs::write(pdf, "").expect("a file");
    let output = tessera(&["sudoku", "book", "--input", "book/easy.txt", "--svg", "-o", pdf]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("names a directory"), "{}", stderr(&output));
}
