//! `sudoku book` sections (`--section`), labels (`--show`, `--first-number`), one puzzle a
//! page, and the refusals of the printing options, read back from the SVG pages the binary
//! writes: each text is drawn as glyph outlines with its words in `aria-label`, so the pages
//! are read without a PDF tool, and every page is checked to carry every glyph it uses and to
//! name no font.

use crate::common;

use std::path::Path;

use common::{assert_status, scratch, stderr, tessera};

/// The SVG pages of a book, in order.
fn svg_pages(dir: &Path) -> Vec<String> {
    let mut files: Vec<_> =
        std::fs::read_dir(dir).expect("the pages").map(|e| e.expect("entry").path()).collect();
    files.sort();
    files.iter().map(|f| std::fs::read_to_string(f).expect("an SVG")).collect()
}

/// A page's header, and each grid's `(class, texts)` in order.
type Texts = (String, Vec<(String, Vec<String>)>);

/// The words of an SVG page: the page's header, and each grid's `(class, texts)` in order.
fn svg_texts(page: &str) -> Texts {
    let doc = roxmltree::Document::parse(page).unwrap_or_else(|e| panic!("{e}"));
    let label = |n: roxmltree::Node<'_, '_>| n.attribute("aria-label").unwrap_or("").to_owned();
    let is_text = |n: &roxmltree::Node<'_, '_>| n.attribute("class") == Some("text");
    let header = doc.descendants().find(is_text).map(label).expect("a header");
    let grids = doc
        .descendants()
        .filter(|n| matches!(n.attribute("class"), Some("puzzle" | "key")))
        .map(|g| {
            (
                g.attribute("class").expect("class").to_owned(),
                g.descendants().filter(is_text).map(label).collect(),
            )
        })
        .collect();
    // The page carries every glyph it uses and names no font.
    let xlink = "http://www.w3.org/1999/xlink";
    let defined: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("id")).collect();
    for used in doc.descendants().filter(|n| n.has_tag_name("use")) {
        let href = used.attribute((xlink, "href")).expect("an xlink:href");
        assert!(defined.contains(&&href[1..]), "{href} is used but not defined");
    }
    assert!(!page.contains("font-family") && !page.contains("<text") && !page.contains("@font-face"));
    (header, grids)
}

/// The SE, level and seed of `sudoku generate --seed SEED --difficulty LEVEL`.
fn generated(seed: &str, level: &str) -> (String, String) {
    let output = tessera(&["sudoku", "generate", "--seed", seed, "--difficulty", level, "--format", "csv"]);
    assert_status(&output, 0);
    let text = common::stdout(&output);
    let (header, row) = text.split_once('\n').expect("a header and a row");
    let column = |name: &str| header.split(',').position(|h| h == name).expect(name);
    let fields: Vec<&str> = row.trim().split(',').collect();
    (fields[column("se")].to_owned(), fields[column("level")].to_owned())
}

#[test]
fn sections_go_easy_to_hard_and_so_do_their_answers() {
    let dir = scratch("book_shop", "sections");
    let out = dir.join("pages");
    let args = [
        "sudoku",
        "book",
        "--seed",
        "5",
        "--section",
        "hard:3,easy:2",
        "--section",
        "Middle:medium:2",
        "--per-page",
        "2",
        "--show",
        "number,level,se,id",
        "--svg",
        "-o",
        out.to_str().expect("UTF-8"),
    ];
    assert_status(&tessera(&args), 0);
    let pages: Vec<Texts> = svg_pages(&out).iter().map(|p| svg_texts(p)).collect();
    let headers: Vec<&str> = pages.iter().map(|(h, _)| h.as_str()).collect();
    // Puzzles: easy 2 (1 page), medium 2 (1 page), hard 3 (2 pages); each section's answers
    // start a page of the key.
    assert_eq!(
        headers,
        [
            "Sudoku · Easy",
            "Sudoku · Middle",
            "Sudoku · Hard",
            "Sudoku · Hard",
            "Answers · Easy",
            "Answers · Middle",
            "Answers · Hard"
        ]
    );
    let mut ses = Vec::new();
    let mut number = 0;
    for (header, grids) in &pages[..4] {
        for (class, texts) in grids {
            assert_eq!(class, "puzzle");
            // `#N · Level · SE x · seed S`: the number counts on; the level is the section's,
            // and the SE and level are what `generate` makes from that seed.
            let label: Vec<&str> = texts.last().expect("a label").split(" · ").collect();
            number += 1;
            assert_eq!(label[0], format!("#{number}"));
            let level = label[1].to_lowercase();
            let section = if header.ends_with("Middle") {
                "medium"
            } else {
                &header["Sudoku · ".len()..].to_lowercase()
            };
            assert_eq!(level, section);
            let seed = label[3].strip_prefix("seed ").expect("a seed");
            let (se, made_level) = generated(seed, &level);
            assert_eq!((format!("SE {se}"), made_level), (label[2].to_owned(), level));
            ses.push((header.clone(), se.parse::<f64>().expect("an SE")));
        }
    }
    assert_eq!(number, 7);
    // Within each section, the SE never falls.
    for pair in ses.windows(2).filter(|w| w[0].0 == w[1].0) {
        assert!(pair[0].1 <= pair[1].1, "{ses:?}");
    }
    let answers: Vec<String> = pages[4..]
        .iter()
        .flat_map(|(_, grids)| grids.iter().map(|(_, texts)| texts.last().cloned().unwrap_or_default()))
        .collect();
    assert_eq!(answers, ["#1", "#2", "#3", "#4", "#5", "#6", "#7"]);
}

#[test]
fn labels_show_what_is_asked_from_the_first_number_asked() {
    let dir = scratch("book_shop", "labels");
    let out = dir.join("pages");
    let out = out.to_str().expect("UTF-8");
    let run = |show: &str| {
        let args = ["--count", "3", "--difficulty", "hard", "--first-number", "101", "--show", show, "--svg"];
        let output = tessera(&[&["sudoku", "book", "--seed", "9", "-o", out][..], &args[..]].concat());
        assert_status(&output, 0);
        svg_pages(Path::new(out))
    };
    let pages = run("level,number,stars");
    let (_, grids) = svg_texts(&pages[0]);
    let labels: Vec<&str> = grids.iter().map(|(_, texts)| texts.last().expect("a label").as_str()).collect();
    assert_eq!(labels, ["Hard · #101", "Hard · #102", "Hard · #103"]);
    // Five stars after each label, three of them black for hard, the others grey.
    let page = roxmltree::Document::parse(&pages[0]).expect("SVG");
    for grid in page.descendants().filter(|n| n.attribute("class") == Some("puzzle")) {
        let stars: Vec<&str> = grid
            .descendants()
            .filter(|n| n.has_tag_name("polygon"))
            .filter_map(|n| n.attribute("fill"))
            .collect();
        assert_eq!(
            stars,
            ["rgb(0,0,0)"; 3].iter().chain(&["rgb(204,204,204)"; 2]).copied().collect::<Vec<_>>()
        );
    }
    let (_, key) = svg_texts(pages.last().expect("the key"));
    let answers: Vec<&str> = key.iter().map(|(_, texts)| texts.last().expect("a label").as_str()).collect();
    assert_eq!(answers, ["#101", "#102", "#103"]);
    // `none`: only the givens' digits; no seed in any label by default either way.
    let (_, grids) = svg_texts(&run("none")[0]);
    assert!(grids
        .iter()
        .all(|(_, texts)| texts.iter().all(|t| t.len() == 1 && t.chars().all(|c| c.is_ascii_digit()))));
    let (_, grids) = svg_texts(&run("number,se")[0]);
    assert!(grids
        .iter()
        .all(|(_, texts)| texts.last().is_some_and(|l| l.contains(" · SE ") && !l.contains("seed"))));
}

#[test]
fn one_a_page_is_centred_under_a_heading_sized_to_the_page() {
    let dir = scratch("book_shop", "one");
    for (page, height) in [("a4", 841.89_f32), ("6x9in", 648.0)] {
        let out = dir.join(page);
        let args = [
            "sudoku",
            "book",
            "--count",
            "1",
            "--seed",
            "3",
            "--per-page",
            "1",
            "--page",
            page,
            "--svg",
            "-o",
        ];
        assert_status(&tessera(&[&args[..], &[out.to_str().expect("UTF-8")]].concat()), 0);
        let svg = &svg_pages(&out)[0];
        let doc = roxmltree::Document::parse(svg).expect("SVG");
        let grid = doc.descendants().find(|n| n.attribute("class") == Some("puzzle")).expect("a grid");
        // The grid's lines: the top and bottom of every segment.
        let ys: Vec<f32> = grid
            .descendants()
            .filter(|n| n.has_tag_name("path"))
            .filter_map(|n| n.attribute("d"))
            .flat_map(|d| {
                d.split(['M', 'L'])
                    .filter(|p| !p.is_empty())
                    .map(|p| p.split(' ').nth(1).expect("y").parse::<f32>().expect("y"))
            })
            .collect();
        let (top, bottom) =
            (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(0.0, f32::max));
        // The label is the grid's last text: bold, over the grid, its size 3% of the page.
        let label = grid.descendants().rfind(|n| n.attribute("class") == Some("text")).expect("a label");
        let transform = label.attribute("transform").expect("a transform");
        let numbers: Vec<f32> = transform.split(['(', ')', ' ']).filter_map(|w| w.parse().ok()).collect();
        let (baseline, size) = (numbers[1], numbers[2] * 2048.0);
        assert!((size - height * 0.03).abs() < 0.1, "{page}: heading {size} pt");
        assert!(
            baseline < top && top - baseline < 1.5 * size,
            "{page}: baseline {baseline}, grid from {top}"
        );
        assert!(label.descendants().any(|n| n
            .attribute((("http://www.w3.org/1999/xlink"), "href"))
            .is_some_and(|h| h.starts_with("#b"))));
        // Heading and grid together are centred between the header (72 pt) and the bottom
        // margin and page number (42 + 10 pt).
        let block_top = top - 2.0 * size;
        let (above, below) = (block_top - 72.0, height - 52.0 - bottom);
        assert!((above - below).abs() < 2.0, "{page}: {above} above, {below} below");
    }
}

#[test]
fn printing_options_refuse_what_cannot_be_printed() {
    let dir = scratch("book_shop", "refusals");
    let pdf = dir.join("no.pdf");
    let pdf = pdf.to_str().expect("UTF-8");
    let cases: [(&[&str], &str); 10] = [
        (&["--count", "1", "--crop-marks"], "give --bleed too"),
        (&["--count", "1", "--crop-marks", "--bleed", "3mm", "--svg"], "--svg"),
        (&["--count", "1", "--pdfx", "--svg"], "--svg"),
        (&["--count", "1", "--gutter", "2in"], "at most 1in"),
        (&["--count", "1", "--show", "level,colour"], "colour"),
        (&["--section", "easy"], "LEVEL:COUNT"),
        (&["--section", "easy:0"], "is not 1 to 10000"),
        (&["--section", "se=5..4:3"], "is empty"),
        (&["--section", "easy:2", "--count", "3"], "--count"),
        (&["--size", "4", "--section", "easy:1,hard:1"], "--section hard:1: no 4x4 puzzle is that hard"),
    ];
    for (extra, message) in cases {
        let output = tessera(&[&["sudoku", "book", "--seed", "1", "-o", pdf][..], extra].concat());
        assert_status(&output, 1);
        assert!(stderr(&output).contains(message), "{extra:?}: {}", stderr(&output));
        assert!(!Path::new(pdf).exists(), "{extra:?} wrote a file");
    }
    let hidato = tessera(&["hidato", "book", "--count", "1", "--show", "se", "-o", pdf]);
    assert_status(&hidato, 1);
    assert!(stderr(&hidato).contains("only Sudoku has an SE estimate"), "{}", stderr(&hidato));
    // A section that cannot be filled gives up (exit 3), saying how far it got, writing nothing.
    let output = tessera(&[
        "sudoku",
        "book",
        "--seed",
        "1",
        "--section",
        "se=11.5..:1",
        "--timeout",
        "0.05",
        "-o",
        pdf,
    ]);
    assert_status(&output, 3);
    assert!(
        stderr(&output).contains("gave up after") && stderr(&output).contains("no book written"),
        "{}",
        stderr(&output)
    );
    assert!(!Path::new(pdf).exists());
}
