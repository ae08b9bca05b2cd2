//! Pages to SVG: one standalone document per page, sized in points, drawn in the same
//! coordinates as the PDF. Each grid is a `<g class="puzzle">` or `<g class="key">` with
//! `data-id` (its label in the key, `#12`), so that a program can find the grids.
//!
//! Text is drawn as the Go fonts' glyph outlines, so that a page looks the same in every viewer
//! and names no font it does not carry. Each glyph the page uses is defined once in `<defs>`
//! (`<path id="r35">`: `r` or `b` for the face, then the character's code point in hex), in font
//! units; a text is a `<g class="text">` scaled from font units to its size, with a `<use>` of
//! each glyph at its advance, and its words in `aria-label` for screen readers and programs.
//! Why outlines rather than an `@font-face` of the font: the whole Go fonts are 140 kB each, a
//! browser needs a complete font (with `cmap`) to use one, and the subsetter in krilla's tree
//! writes PDF-only subsets without one; the outlines of the few glyphs a page uses are a few
//! kilobytes.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::font::Face;
use crate::outline::glyph;
use crate::scene::{Item, Page};

/// The SVG document of `page`.
pub fn write(page: &Page) -> String {
    let mut svg = String::new();
    // Writing to a String cannot fail.
    let _ = write_page(&mut svg, page);
    svg
}

fn write_page(svg: &mut String, page: &Page) -> std::fmt::Result {
    let (w, h) = (page.width, page.height);
    writeln!(svg, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">"#
    )?;
    // Each glyph's outline and advance, and the font's units per em.
    let mut glyphs: BTreeMap<(bool, char), (String, f32, f32)> = BTreeMap::new();
    for item in &page.items {
        if let Item::Text { face, text, .. } = item {
            for c in text.chars() {
                glyphs.entry((*face == Face::Bold, c)).or_insert_with(|| glyph(*face, c));
            }
        }
    }
    let id = |bold: bool, c: char| format!("{}{:x}", if bold { 'b' } else { 'r' }, u32::from(c));
    writeln!(svg, "<defs>")?;
    for ((bold, c), (path, _, _)) in glyphs.iter().filter(|(_, (path, _, _))| !path.is_empty()) {
        writeln!(svg, r#"<path id="{}" d="{path}"/>"#, id(*bold, *c))?;
    }
    writeln!(svg, "</defs>")?;
    writeln!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#)?;
    for item in &page.items {
        match item {
            Item::Lines { width, square, segments } => {
                let mut d = String::new();
                for [x1, y1, x2, y2] in segments {
                    write!(d, "M{} {}L{} {}", n(*x1), n(*y1), n(*x2), n(*y2))?;
                }
                let cap = if *square { "square" } else { "butt" };
                writeln!(
                    svg,
                    r#"<path d="{d}" fill="none" stroke="black" stroke-width="{}" stroke-linecap="{cap}"/>"#,
                    n(*width)
                )?;
            }
            Item::Rect { x, y, w, h, gray } => {
                let level = (gray.clamp(0.0, 1.0) * 255.0).round() as u8;
                writeln!(
                    svg,
                    r#"<rect x="{}" y="{}" width="{}" height="{}" fill="rgb({level},{level},{level})"/>"#,
                    n(*x),
                    n(*y),
                    n(*w),
                    n(*h)
                )?;
            }
            Item::Polygon { points, gray } => {
                let level = (gray.clamp(0.0, 1.0) * 255.0).round() as u8;
                let points: Vec<String> =
                    points.iter().map(|[x, y]| format!("{},{}", n(*x), n(*y))).collect();
                writeln!(
                    svg,
                    r#"<polygon points="{}" fill="rgb({level},{level},{level})"/>"#,
                    points.join(" ")
                )?;
            }
            Item::Circle { cx, cy, r, width } => writeln!(
                svg,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="black" stroke-width="{}"/>"#,
                n(*cx),
                n(*cy),
                n(*r),
                n(*width)
            )?,
            Item::Path { points, closed, width, gray, fill } => {
                let mut d = String::new();
                for (k, [x, y]) in points.iter().enumerate() {
                    write!(d, "{}{} {}", if k == 0 { 'M' } else { 'L' }, n(*x), n(*y))?;
                }
                if *closed {
                    d.push('Z');
                }
                let fill = fill.map_or("none".to_string(), grey);
                let stroke = if *width > 0.0 { grey(*gray) } else { "none".to_string() };
                writeln!(
                    svg,
                    r#"<path class="mark" d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
                    n(*width)
                )?;
            }
            Item::Disc { cx, cy, r, gray, outline } => {
                let stroke = match outline {
                    Some(width) => format!(r#" stroke="black" stroke-width="{}""#, n(*width)),
                    None => String::new(),
                };
                writeln!(
                    svg,
                    r#"<circle class="mark" cx="{}" cy="{}" r="{}" fill="{}"{stroke}/>"#,
                    n(*cx),
                    n(*cy),
                    n(*r),
                    grey(*gray)
                )?;
            }
            Item::Text { x, y, size, face, anchor, text, gray } => {
                let bold = *face == Face::Bold;
                let left = Item::text_left(*x, text, *size, *face, *anchor);
                let em = text.chars().next().and_then(|c| glyphs.get(&(bold, c))).map_or(1000.0, |g| g.2);
                // Font units, y up, to points on the page, y down.
                let scale = size / em;
                // Black by default (the glyphs' fill); a lighter text says its grey.
                let fill = if *gray > 0.0 { format!(r#" fill="{}""#, grey(*gray)) } else { String::new() };
                writeln!(
                    svg,
                    r#"<g class="text" aria-label="{}"{fill} transform="translate({} {}) scale({scale} -{scale})">"#,
                    escape(text),
                    n(left),
                    n(*y),
                )?;
                let mut advance = 0.0;
                for c in text.chars() {
                    let (path, width, _) = &glyphs[&(bold, c)];
                    if !path.is_empty() {
                        writeln!(svg, r##"<use xlink:href="#{}" x="{advance}"/>"##, id(bold, c))?;
                    }
                    advance += width;
                }
                writeln!(svg, "</g>")?;
            }
            Item::Begin { class, id } => writeln!(svg, r#"<g class="{class}" data-id="{}">"#, escape(id))?,
            Item::End => writeln!(svg, "</g>")?,
        }
    }
    writeln!(svg, "</svg>")
}

/// A grey level from 0 (black) to 1 (white) as an SVG colour.
fn grey(gray: f32) -> String {
    let level = (gray.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("rgb({level},{level},{level})")
}

/// A coordinate to two decimals, without trailing zeros.
fn n(value: f32) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// Text as XML character data or attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Book, Entry, Grid, PageSize};
    use std::sync::Arc;
    use tessera::sudoku::{Layout, Sudoku};

    #[test]
    fn every_page_is_well_formed_svg_with_its_grids() {
        let layout = Arc::new(Layout::classic(9).unwrap());
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let puzzle = Sudoku::from_line_with_layout(line, layout).unwrap();
        let entries = (1..=5)
            .map(|k| Entry {
                puzzle: Grid::sudoku(&puzzle),
                key: Grid::sudoku(&puzzle),
                label: format!("Hard · #{k} · <&\"'>"),
                key_label: format!("#{k}"),
                stars: 0,
            })
            .collect();
        let book = Book {
            title: "Sudoku & co".into(),
            page: PageSize::Letter,
            per_page: 4,
            entries,
            ..Book::default()
        };
        let pages = book.svg().unwrap();
        assert_eq!(pages.len(), 3);
        let mut grids = [0, 0];
        for page in &pages {
            let doc = roxmltree::Document::parse(page).unwrap_or_else(|e| panic!("{e}\n{page}"));
            for node in doc.descendants().filter(|n| n.has_tag_name("g")) {
                match node.attribute("class") {
                    Some("puzzle") => grids[0] += 1,
                    Some("key") => grids[1] += 1,
                    Some("text") => continue,
                    other => panic!("{other:?}"),
                }
                // Each grid holds its givens: 30 in this puzzle, plus its label.
                let texts = node.descendants().filter(|n| n.attribute("class") == Some("text")).count();
                assert_eq!(texts, 31);
            }
            // Every glyph used is defined in the page, and no font is named.
            let defined: Vec<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("path") && n.parent().is_some_and(|p| p.has_tag_name("defs")))
                .filter_map(|n| n.attribute("id"))
                .collect();
            let xlink = "http://www.w3.org/1999/xlink";
            for used in doc.descendants().filter(|n| n.has_tag_name("use")) {
                let href = used.attribute((xlink, "href")).expect("an xlink:href");
                assert!(defined.contains(&&href[1..]), "{href} is not defined");
            }
            assert!(!page.contains("font-family") && !page.contains("<text") && !page.contains("@font-face"));
            assert_eq!(doc.root_element().attribute("width"), Some("612pt"));
        }
        assert_eq!(grids, [5, 5]);
        assert!(pages[0].contains(r#"aria-label="Hard · #1 · &lt;&amp;&quot;&apos;&gt;""#));
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(1.0), "1");
        assert_eq!(n(2.5), "2.5");
        assert_eq!(n(-0.001), "0");
        assert_eq!(n(595.276), "595.28");
    }
}
