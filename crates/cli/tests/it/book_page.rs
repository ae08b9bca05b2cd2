//! `tessera sudoku book --page ... --bleed ...`: paper sizes and bleed, read back from the PDF.
//!
//! The page dictionaries krilla writes are not compressed, so the boxes are read from the file's
//! bytes (`/MediaBox[0 0 450 666]`), poppler or not. Where poppler-utils are installed,
//! `pdftotext -bbox` also checks that every word lies inside the trim box's margins.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::{assert_status, boxes, scratch, stderr, tessera};

/// The page count `pdfinfo` reads, when it is installed.
fn pdfinfo_pages(pdf: &Path) -> Option<usize> {
    let output = Command::new("pdfinfo").arg(pdf).output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let line = text.lines().find(|l| l.starts_with("Pages:"))?;
    line["Pages:".len()..].trim().parse().ok()
}

#[test]
fn a_6x9_book_with_bleed_has_pages_of_6_25_by_9_25_inches() {
    let dir = scratch("book_page", "trade");
    let pdf = dir.join("b.pdf");
    let path = pdf.to_str().expect("UTF-8");
    let args = [
        "sudoku", "book", "--count", "8", "--seed", "1", "--page", "6x9in", "--bleed", "0.125in", "-o", path,
    ];
    let output = tessera(&args);
    assert_status(&output, 0);
    assert!(stderr(&output).contains("6x9in"), "{}", stderr(&output));
    let bytes = std::fs::read(&pdf).expect("the PDF");
    let media = boxes(&bytes, "MediaBox");
    // 8 puzzles 4 a page: 2 pages, and the key.
    assert_eq!(media.len(), 3, "{media:?}");
    if let Some(pages) = pdfinfo_pages(&pdf) {
        assert_eq!(pages, media.len());
    }
    for page in &media {
        assert_eq!(*page, [0.0, 0.0, 450.0, 666.0]);
    }
    assert_eq!(boxes(&bytes, "BleedBox"), media);
    assert_eq!(boxes(&bytes, "TrimBox"), vec![[9.0, 9.0, 441.0, 657.0]; 3]);
    // Every word (digits, labels, header, page number) inside the trim box, past its margin.
    if let Ok(out) = Command::new("pdftotext").args(["-bbox", path, "-"]).output() {
        let html = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut words = 0;
        for line in html.lines().filter_map(|l| l.trim().strip_prefix("<word ")) {
            let attr = |name: &str| -> f32 {
                let start = line.find(&format!("{name}=\"")).expect("attribute") + name.len() + 2;
                line[start..start + line[start..].find('"').expect("\"")].parse().expect("a number")
            };
            let (x0, y0, x1, y1) = (attr("xMin"), attr("yMin"), attr("xMax"), attr("yMax"));
            assert!(x0 >= 9.0 + 40.0 && x1 <= 441.0 - 40.0, "{line}");
            assert!(y0 >= 9.0 + 30.0 && y1 <= 657.0 - 20.0, "{line}");
            words += 1;
        }
        assert!(words > 3 * 40, "{words} words");
    }
}

#[test]
fn a5_and_custom_pages_without_bleed_declare_only_their_size() {
    let dir = scratch("book_page", "a5");
    for (page, media) in [("a5", [0.0, 0.0, 419.528, 595.276]), ("5.5x8.5in", [0.0, 0.0, 396.0, 612.0])] {
        let pdf = dir.join(format!("{page}.pdf"));
        let output = tessera(&[
            "sudoku",
            "book",
            "--count",
            "5",
            "--seed",
            "3",
            "--page",
            page,
            "-o",
            pdf.to_str().expect("UTF-8"),
        ]);
        assert_status(&output, 0);
        let bytes = std::fs::read(&pdf).expect("the PDF");
        let found = boxes(&bytes, "MediaBox");
        assert_eq!(found.len(), 3, "{page}");
        for got in found {
            assert!(got.iter().zip(media).all(|(a, b)| (a - b).abs() < 0.01), "{page}: {got:?}");
        }
        assert!(boxes(&bytes, "TrimBox").is_empty() && boxes(&bytes, "BleedBox").is_empty());
    }
}

#[test]
fn bad_pages_bleeds_and_crowded_small_pages_are_refused() {
    let dir = scratch("book_page", "refusals");
    let pdf = dir.join("no.pdf");
    let pdf = pdf.to_str().expect("UTF-8");
    let cases: [(&[&str], &str); 5] = [
        (&["--page", "a3"], "5.5x8.5in or 148x210mm"),
        (&["--page", "1x9in"], "2 to 40 inches"),
        (&["--bleed", "3"], "0.125in or 3mm"),
        (&["--bleed", "1in"], "at most 0.5in"),
        (
            &["--page", "6x9in", "--per-page", "12"],
            "on 6x9in paper, under the 5 mm a pencil needs; at most 6",
        ),
    ];
    for (extra, message) in cases {
        let mut args = vec!["sudoku", "book", "--count", "2", "--seed", "1", "-o", pdf];
        args.extend_from_slice(extra);
        let output = tessera(&args);
        assert_status(&output, 1);
        assert!(stderr(&output).contains(message), "{extra:?}: {}", stderr(&output));
        assert!(!Path::new(pdf).exists(), "{extra:?} wrote a file");
    }
}
