//! SVG pages: well formed, and holding every grid.

use super::*;

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
