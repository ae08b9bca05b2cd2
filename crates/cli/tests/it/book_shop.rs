//! The print shop of `sudoku book`: crop marks, gutter and PDF/X-1a, read back from what the
//! binary writes (sections, labels and one puzzle a page are in `book_labels.rs`).
//!
//! Boxes and PDF/X keys are read from the file's bytes (krilla leaves page and Info
//! dictionaries uncompressed); the marks are found on a page rendered by poppler's `pdftoppm`,
//! the gutter in the words of poppler's `pdftotext -bbox`; qpdf checks the PDF/X file's
//! structure and decompresses its content streams to look at the colour operators. The tools
//! are skipped where missing, unless TESSERA_REQUIRE_POPPLER=1 (as in CI, which installs
//! poppler-utils and qpdf).

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{assert_status, boxes, pdf_words as words, scratch, stderr, tessera, Word};

/// Whether `tool` runs; panics when it does not and TESSERA_REQUIRE_POPPLER=1.
fn have(tool: &str, package: &str) -> bool {
    let found = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success())
        || Command::new(tool).arg("-v").output().is_ok_and(|o| o.status.success());
    if !found {
        if std::env::var("TESSERA_REQUIRE_POPPLER").is_ok_and(|v| v == "1") {
            panic!("{tool} is not installed, and TESSERA_REQUIRE_POPPLER=1: apt-get install {package}");
        }
        eprintln!("skipped: {tool} ({package}) is not installed");
    }
    found
}

fn book(dir: &Path, name: &str, extra: &[&str]) -> std::path::PathBuf {
    let pdf = dir.join(name);
    let mut args = vec!["sudoku", "book", "--seed", "1", "-o", pdf.to_str().expect("UTF-8")];
    args.extend_from_slice(extra);
    let output = tessera(&args);
    assert_status(&output, 0);
    pdf
}

/// Page `page` rendered in grey at `dpi`: width, height, pixels.
fn render(pdf: &Path, page: usize, dpi: usize) -> (usize, usize, Vec<u8>) {
    let n = page.to_string();
    let dpi = dpi.to_string();
    let args = ["-gray", "-r", &dpi, "-f", &n, "-l", &n, pdf.to_str().expect("UTF-8")];
    let output = Command::new("pdftoppm").args(args).output().expect("pdftoppm");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // A binary PGM: P5, width, height, 255, then the pixels.
    let data = output.stdout;
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while data[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !data[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (width, height) = (fields[1].parse().expect("width"), fields[2].parse().expect("height"));
    (width, height, data[at + 1..].to_vec())
}

#[test]
fn crop_marks_are_drawn_outside_the_bleed_on_a_page_grown_to_hold_them() {
    let dir = scratch("book_shop", "marks");
    let args = ["--count", "4", "--page", "6x9in", "--bleed", "0.125in"];
    let plain = book(&dir, "plain.pdf", &args);
    let marked = book(&dir, "marked.pdf", &[&args[..], &["--crop-marks"]].concat());
    let bytes = std::fs::read(&marked).expect("the PDF");
    // 432 x 648 trim, 9 pt bleed, 24 pt more for the marks: 498 x 714.
    assert_eq!(boxes(&bytes, "MediaBox"), vec![[0.0, 0.0, 498.0, 714.0]; 2]);
    assert_eq!(boxes(&bytes, "BleedBox"), vec![[24.0, 24.0, 474.0, 690.0]; 2]);
    assert_eq!(boxes(&bytes, "TrimBox"), vec![[33.0, 33.0, 465.0, 681.0]; 2]);
    if !have("pdftoppm", "poppler-utils") {
        return;
    }
    // At 144 dpi a point is two pixels. Every inked pixel outside the bleed box lies on one of
    // the trim's four lines (x = 33 or 465, y = 33 or 681), and each of the 8 marks is inked
    // along its quarter inch; nothing is inked inside the bleed but outside the trim.
    let (width, height, pixels) = render(&marked, 1, 144);
    assert_eq!((width, height), (996, 1428));
    let ink = |x: usize, y: usize| pixels[y * width + x] < 200;
    let near = |v: f32, line: f32| (v - line).abs() <= 1.0;
    let (mut on_marks, mut strays) = (0, Vec::new());
    for y in 0..height {
        for x in 0..width {
            let (px, py) = (x as f32 / 2.0 + 0.25, y as f32 / 2.0 + 0.25);
            let in_trim = (33.0..=465.0).contains(&px) && (33.0..=681.0).contains(&py);
            if in_trim || !ink(x, y) {
                continue;
            }
            let outside_bleed = !(24.0..=474.0).contains(&px) || !(24.0..=690.0).contains(&py);
            let on_a_line = near(px, 33.0) || near(px, 465.0) || near(py, 33.0) || near(py, 681.0);
            if outside_bleed && on_a_line {
                on_marks += 1;
            } else {
                strays.push((px, py));
            }
        }
    }
    assert!(strays.is_empty(), "ink outside the trim, off the marks: {:?}", &strays[..strays.len().min(5)]);
    for (x, y) in [(15.0, 33.0), (33.0, 15.0), (483.0, 681.0), (465.0, 699.0), (15.0, 681.0), (483.0, 33.0)] {
        let (px, py) = ((x * 2.0) as usize, (y * 2.0) as usize);
        assert!((0..3).any(|d| ink(px, py + d - 1) || ink(px + d - 1, py)), "no mark at ({x}, {y})");
    }
    assert!(on_marks >= 8 * 30, "{on_marks} pixels of marks");
    // Without --crop-marks, nothing outside the trim.
    let (width, _, pixels) = render(&plain, 1, 72);
    let inked_outside = pixels.iter().enumerate().filter(|(k, &p)| {
        let (x, y) = ((k % width) as f32, (k / width) as f32);
        p < 200 && !((9.0..=441.0).contains(&x) && (9.0..=657.0).contains(&y))
    });
    assert_eq!(inked_outside.count(), 0);
}

#[test]
fn the_gutter_widens_the_inner_margin_left_on_odd_pages_and_right_on_even() {
    if !have("pdftotext", "poppler-utils") {
        return;
    }
    let dir = scratch("book_shop", "gutter");
    let args = ["--count", "12", "--page", "letter"];
    let plain = words(&book(&dir, "plain.pdf", &args));
    let bound = words(&book(&dir, "bound.pdf", &[&args[..], &["--gutter", "0.5in"]].concat()));
    // 12 puzzles 4 a page, and one page of answers.
    assert_eq!((plain.len(), bound.len()), (4, 4));
    let left = |page: &[Word]| page.iter().map(|w| w.x_min).fold(f32::MAX, f32::min);
    let right = |page: &[Word]| page.iter().map(|w| w.x_max).fold(0.0, f32::max);
    for (k, (plain, bound)) in plain.iter().zip(&bound).enumerate() {
        // The header starts at the margin: 42 pt, plus the 36 pt gutter on an odd page.
        let header = |page: &[Word]| page[0].x_min;
        assert!((header(plain) - 42.0).abs() < 1.0, "page {}: {}", k + 1, header(plain));
        let shift = if k % 2 == 0 { 36.0 } else { 0.0 };
        assert!((header(bound) - 42.0 - shift).abs() < 1.0, "page {}: {}", k + 1, header(bound));
        // Everything keeps the outer margin and the inner margin plus the gutter.
        if k % 2 == 0 {
            assert!(left(bound) >= 42.0 + 36.0 - 1.0 && right(bound) <= 612.0 - 42.0 + 1.0, "page {}", k + 1);
        } else {
            assert!(left(bound) >= 42.0 - 1.0 && right(bound) <= 612.0 - 42.0 - 36.0 + 1.0, "page {}", k + 1);
        }
        // The page number is centred in the live area.
        let number = bound.iter().find(|w| w.y_min > 792.0 - 42.0).expect("the page number");
        assert_eq!(number.text, (k + 1).to_string());
        let centre = number.center().0;
        assert!((centre - (shift + (612.0 - 36.0) / 2.0)).abs() < 2.0, "page {}: {centre}", k + 1);
    }
}

/// `tessera ARGS` with SOURCE_DATE_EPOCH set.
fn tessera_dated(args: &[&str], epoch: &str) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tessera"));
    command.args(args).current_dir(common::data_dir()).env("SOURCE_DATE_EPOCH", epoch);
    command.stdin(std::process::Stdio::null()).output().expect("run tessera")
}

#[test]
fn pdfx_writes_the_keys_boxes_and_output_intent_of_pdf_x_1a() {
    let dir = scratch("book_shop", "pdfx");
    let pdf = dir.join("x.pdf");
    let path = pdf.to_str().expect("UTF-8");
    let args = [
        "sudoku",
        "book",
        "--count",
        "5",
        "--seed",
        "2",
        "--page",
        "a5",
        "--pdfx",
        "--show",
        "number,stars",
        "-o",
        path,
    ];
    let output = tessera_dated(&args, "1700000000");
    assert_status(&output, 0);
    assert!(stderr(&output).contains("PDF/X-1a:2003"), "{}", stderr(&output));
    let bytes = std::fs::read(&pdf).expect("the PDF");
    assert!(bytes.starts_with(b"%PDF-1.4"));
    let text = String::from_utf8_lossy(&bytes).into_owned();
    for key in [
        "/GTS_PDFXVersion(PDF/X-1a:2003)",
        "/Trapped/False",
        "/Title(Sudoku)",
        "/CreationDate(D:20231114221320",
        "/ModDate(D:20231114221320",
        "/Type/OutputIntent/S/GTS_PDFX/OutputConditionIdentifier(FOGRA39)",
        "/RegistryName(http://www.color.org)",
        "/ID[",
    ] {
        assert_eq!(text.matches(key).count(), 1, "{key}");
    }
    assert!(text.contains("/OutputIntents["));
    // 5 puzzles 4 a page and one page of answers: a TrimBox on each of the 3 pages, no bleed.
    let media = boxes(&bytes, "MediaBox");
    assert_eq!(media.len(), 3);
    assert_eq!(boxes(&bytes, "TrimBox"), media);
    // No transparency and no colour but grey.
    for banned in ["/SMask", "/CA ", "/ca ", "/BM", "/DeviceRGB", "/ICCBased", "/Encrypt", "/JavaScript"] {
        assert!(!text.contains(banned), "{banned}");
    }
    // With a bleed and crop marks the boxes nest: the trim in the bleed in the sheet.
    let marked = dir.join("marked.pdf");
    let marked_args =
        ["sudoku", "book", "--count", "2", "--seed", "2", "--pdfx", "--bleed", "3mm", "--crop-marks", "-o"];
    assert_status(&tessera_dated(&[&marked_args[..], &[marked.to_str().expect("UTF-8")]].concat(), "0"), 0);
    let marked_bytes = std::fs::read(&marked).expect("the PDF");
    let nested = |inner: [f32; 4], outer: [f32; 4]| {
        outer[0] < inner[0] && outer[1] < inner[1] && inner[2] < outer[2] && inner[3] < outer[3]
    };
    let (media, bleed, trim) =
        (boxes(&marked_bytes, "MediaBox"), boxes(&marked_bytes, "BleedBox"), boxes(&marked_bytes, "TrimBox"));
    assert_eq!((media.len(), bleed.len(), trim.len()), (2, 2, 2));
    for ((m, b), t) in media.iter().zip(&bleed).zip(&trim) {
        assert!(nested(*t, *b) && nested(*b, *m), "{t:?} in {b:?} in {m:?}");
    }
    // The same date gives the same bytes.
    let again = dir.join("again.pdf");
    let args: Vec<&str> =
        args.iter().map(|a| if *a == path { again.to_str().expect("UTF-8") } else { a }).collect();
    assert_status(&tessera_dated(&args, "1700000000"), 0);
    assert_eq!(std::fs::read(&again).expect("the PDF"), bytes);
    if have("pdfinfo", "poppler-utils") {
        let info = Command::new("pdfinfo").arg(&pdf).output().expect("pdfinfo");
        let info = String::from_utf8_lossy(&info.stdout).into_owned();
        assert!(info.contains("PDF subtype:    PDF/X-1a:2003"), "{info}");
        assert!(info.contains("Pages:           3"), "{info}");
    }
    if have("qpdf", "qpdf") {
        for file in [&pdf, &marked] {
            let check = Command::new("qpdf").arg("--check").arg(file).output().expect("qpdf");
            let report = String::from_utf8_lossy(&check.stdout).into_owned();
            assert!(
                check.status.success() && report.contains("No syntax or stream encoding errors"),
                "{report}"
            );
        }
        // The content streams, decompressed: grey operators only (g, G), never RGB or CMYK.
        let plain = dir.join("plain.pdf");
        let qdf = Command::new("qpdf").args(["--qdf", "--object-streams=disable", path]).arg(&plain).status();
        assert!(qdf.expect("qpdf --qdf").success());
        let body = String::from_utf8_lossy(&std::fs::read(&plain).expect("the qdf")).into_owned();
        // The pages' content streams (each begins by flipping the y axis: `q 1 0 0 -1`).
        let operators: Vec<&str> = body
            .split("stream\n")
            .filter(|s| s.starts_with("q 1 0 0 -1"))
            .flat_map(|s| s[..s.find("endstream").unwrap_or(s.len())].split_whitespace())
            .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()))
            .collect();
        assert!(operators.contains(&"g") && operators.contains(&"G") && operators.contains(&"Tf"));
        for banned in ["rg", "RG", "k", "K", "sc", "scn", "SC", "SCN", "gs", "cs", "CS", "sh", "Do"] {
            assert!(!operators.contains(&banned), "the content uses the operator {banned}");
        }
    }
}
