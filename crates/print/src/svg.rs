//! Pages to SVG: one standalone document per page, sized in points, drawn in the same
//! coordinates as the PDF. Each grid is a `<g class="puzzle">` or `<g class="key">` with
//! `data-id` (its label in the key, `#12`), so that a program can find the grids. Text names
//! the Go font and falls back to the viewer's sans-serif; it is centred with `text-anchor`, so
//! that it stays centred in whatever font the viewer has.

use std::fmt::Write;

use crate::font::Face;
use crate::scene::{Anchor, Item, Page};

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
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" viewBox="0 0 {w} {h}">"#
    )?;
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
            Item::Text { x, y, size, face, anchor, text } => {
                let anchor = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                };
                let weight = match face {
                    Face::Regular => "normal",
                    Face::Bold => "bold",
                };
                writeln!(
                    svg,
                    r#"<text x="{}" y="{}" font-family="Go, sans-serif" font-size="{}" font-weight="{weight}" text-anchor="{anchor}">{}</text>"#,
                    n(*x),
                    n(*y),
                    n(*size),
                    escape(text)
                )?;
            }
            Item::Begin { class, id } => writeln!(svg, r#"<g class="{class}" data-id="{}">"#, escape(id))?,
            Item::End => writeln!(svg, "</g>")?,
        }
    }
    writeln!(svg, "</svg>")
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
            })
            .collect();
        let book =
            Book { title: "Sudoku & co".into(), page: PageSize::Letter, bleed_um: 0, per_page: 4, entries };
        let pages = book.svg().unwrap();
        assert_eq!(pages.len(), 3);
        let mut grids = [0, 0];
        for page in &pages {
            let doc = roxmltree::Document::parse(page).unwrap_or_else(|e| panic!("{e}\n{page}"));
            for node in doc.descendants().filter(|n| n.has_tag_name("g")) {
                match node.attribute("class") {
                    Some("puzzle") => grids[0] += 1,
                    Some("key") => grids[1] += 1,
                    other => panic!("{other:?}"),
                }
                // Each grid holds its givens: 30 in this puzzle, plus its label.
                let texts = node.descendants().filter(|n| n.has_tag_name("text")).count();
                assert_eq!(texts, 31);
            }
            assert_eq!(doc.root_element().attribute("width"), Some("612pt"));
        }
        assert_eq!(grids, [5, 5]);
        assert!(pages[0].contains("Hard · #1 · &lt;&amp;&quot;&apos;&gt;"));
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(1.0), "1");
        assert_eq!(n(2.5), "2.5");
        assert_eq!(n(-0.001), "0");
        assert_eq!(n(595.276), "595.28");
    }
}
