//! Pages to PDF through krilla: line sets as stroked paths, text in the embedded Go fonts
//! (krilla subsets each to the glyphs used and writes its ToUnicode map), grey as DeviceGray.
//! Each page sits on a sheet ([`Sheet`]): the trim size, grown by the bleed and the crop marks'
//! room, with its boxes declared. For PDF/X the file is PDF 1.4 without XMP metadata (the keys
//! PDF/X-1a:2003 reads are in the Info dictionary, which [`crate::pdfx`] completes).

use krilla::color::luma;
use krilla::configure::{ConfigurationBuilder, PdfVersion};
use krilla::geom::{Path, PathBuilder, Point, Rect, Transform};
use krilla::metadata::{DateTime, Metadata};
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::{Document, SerializeSettings};

use crate::font::Face;
use crate::print::{Sheet, MARK_WIDTH};
use crate::scene::{Item, Page};
use crate::{Error, PdfX};

/// Fills `path` in a grey level from 0 (black) to 1 (white).
fn fill(surface: &mut Surface<'_>, path: Option<Path>, gray: f32) {
    if let Some(path) = path {
        let level = (gray.clamp(0.0, 1.0) * 255.0).round() as u8;
        surface.set_stroke(None);
        surface.set_fill(Some(Fill { paint: luma::Color::new(level).into(), ..Fill::default() }));
        surface.draw_path(&path);
    }
}

/// Kappa: the control-point distance, in radii, of a cubic Bézier quarter circle.
const KAPPA: f32 = 0.552_284_8;

/// The PDF of `pages`, titled `title`, each page on a `sheet`: the MediaBox is the page grown
/// by [`Sheet::outset`] on every side, its content moved in by as much so that it stays centred
/// on the trim; with a bleed (or `sheet.trim_box`) the TrimBox is the page as laid out and the
/// BleedBox the trim grown by the bleed. With `pdfx`, PDF 1.4 with its creation date.
pub fn write(title: &str, pages: &[Page], sheet: &Sheet, pdfx: Option<&PdfX>) -> Result<Vec<u8>, Error> {
    let font = |face: Face| {
        Font::new(face.data().to_vec().into(), 0)
            .ok_or_else(|| Error::Pdf(format!("the font {face:?} does not load")))
    };
    let (regular, bold) = (font(Face::Regular)?, font(Face::Bold)?);
    let mut metadata = Metadata::new().title(title.to_string()).creator("tessera".to_string());
    let mut document = match pdfx {
        Some(pdfx) => {
            let (year, month, day, hour, minute, second) = pdfx.civil();
            metadata = metadata.producer("tessera".to_string()).creation_date(
                DateTime::new(year).month(month).day(day).hour(hour).minute(minute).second(second),
            );
            let configuration = ConfigurationBuilder::new()
                .with_version(PdfVersion::Pdf14)
                .finish()
                .map_err(|e| Error::Pdf(format!("{e:?}")))?;
            Document::new_with(SerializeSettings {
                configuration,
                xmp_metadata: false,
                ..SerializeSettings::default()
            })
        }
        None => Document::new(),
    };
    document.set_metadata(metadata);
    let (outset, bleed) = (sheet.outset(), sheet.bleed);
    for page in pages {
        let (width, height) = (page.width + 2.0 * outset, page.height + 2.0 * outset);
        let bad = || Error::Pdf(format!("a page of {} x {} points, bleed {bleed}", page.width, page.height));
        let mut settings = PageSettings::from_wh(width, height).ok_or_else(bad)?;
        if bleed > 0.0 || sheet.trim_box || sheet.crop_marks {
            let (b, t) = (outset - bleed, outset);
            let bleed_box = Rect::from_xywh(b, b, page.width + 2.0 * bleed, page.height + 2.0 * bleed);
            settings = settings
                .with_bleed_box(Some(bleed_box.ok_or_else(bad)?))
                .with_trim_box(Some(Rect::from_xywh(t, t, page.width, page.height).ok_or_else(bad)?));
        }
        let mut pdf_page = document.start_page_with(settings);
        let mut surface = pdf_page.surface();
        let marks = sheet.marks(page.width, page.height);
        if !marks.is_empty() {
            let mut path = PathBuilder::new();
            for [x1, y1, x2, y2] in marks {
                path.move_to(x1, y1);
                path.line_to(x2, y2);
            }
            stroke(&mut surface, path.finish(), MARK_WIDTH, LineCap::Butt);
        }
        surface.push_transform(&Transform::from_translate(outset, outset));
        for item in &page.items {
            draw(&mut surface, item, &regular, &bold);
        }
        surface.pop();
        surface.finish();
        pdf_page.finish();
    }
    document.finish().map_err(|e| Error::Pdf(format!("{e:?}")))
}

fn draw(surface: &mut Surface<'_>, item: &Item, regular: &Font, bold: &Font) {
    match item {
        Item::Lines { width, square, segments } => {
            let mut path = PathBuilder::new();
            for [x1, y1, x2, y2] in segments {
                path.move_to(*x1, *y1);
                path.line_to(*x2, *y2);
            }
            let cap = if *square { LineCap::Square } else { LineCap::Butt };
            stroke(surface, path.finish(), *width, cap);
        }
        Item::Rect { x, y, w, h, gray } => {
            let mut path = PathBuilder::new();
            if let Some(rect) = Rect::from_xywh(*x, *y, *w, *h) {
                path.push_rect(rect);
            }
            fill(surface, path.finish(), *gray);
        }
        Item::Polygon { points, gray } => {
            fill(surface, polyline(points, true), *gray);
        }
        Item::Circle { cx, cy, r, width } => stroke(surface, circle(*cx, *cy, *r), *width, LineCap::Butt),
        Item::Path { points, closed, width, gray, fill: inside } => {
            let path = || polyline(points, *closed);
            if let Some(level) = inside {
                fill(surface, path(), *level);
            }
            if *width > 0.0 {
                stroke_gray(surface, path(), *width, *gray);
            }
        }
        Item::Disc { cx, cy, r, gray, outline } => {
            let circle = || circle(*cx, *cy, *r);
            fill(surface, circle(), *gray);
            if let Some(width) = outline {
                stroke(surface, circle(), *width, LineCap::Butt);
            }
        }
        Item::Text { x, y, size, face, anchor, text, gray } => {
            let font = match face {
                Face::Regular => regular,
                Face::Bold => bold,
            };
            let left = Item::text_left(*x, text, *size, *face, *anchor);
            surface.set_stroke(None);
            let level = (gray.clamp(0.0, 1.0) * 255.0).round() as u8;
            surface.set_fill(Some(Fill { paint: luma::Color::new(level).into(), ..Fill::default() }));
            surface.draw_text(
                Point::from_xy(left, *y),
                font.clone(),
                *size,
                text,
                false,
                TextDirection::Auto,
            );
        }
        Item::Begin { .. } | Item::End => {}
    }
}

/// A circle as four cubic Bézier quarters.
/// The path through `points` in order, closed back to the first when `closed`.
fn polyline(points: &[[f32; 2]], closed: bool) -> Option<Path> {
    let mut path = PathBuilder::new();
    for (i, &[x, y]) in points.iter().enumerate() {
        if i == 0 {
            path.move_to(x, y);
        } else {
            path.line_to(x, y);
        }
    }
    if closed {
        path.close();
    }
    path.finish()
}

fn circle(cx: f32, cy: f32, r: f32) -> Option<Path> {
    let k = KAPPA * r;
    let mut path = PathBuilder::new();
    path.move_to(cx + r, cy);
    path.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
    path.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
    path.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
    path.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
    path.close();
    path.finish()
}

/// Strokes `path` in a grey level with round caps and joins (a mark's line).
fn stroke_gray(surface: &mut Surface<'_>, path: Option<Path>, width: f32, gray: f32) {
    let Some(path) = path else { return };
    let level = (gray.clamp(0.0, 1.0) * 255.0).round() as u8;
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: luma::Color::new(level).into(),
        width,
        line_cap: LineCap::Round,
        line_join: krilla::paint::LineJoin::Round,
        ..Stroke::default()
    }));
    surface.draw_path(&path);
}

fn stroke(surface: &mut Surface<'_>, path: Option<Path>, width: f32, line_cap: LineCap) {
    let Some(path) = path else { return };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        paint: luma::Color::black().into(),
        width,
        line_cap,
        ..Stroke::default()
    }));
    surface.draw_path(&path);
}

#[cfg(test)]
mod tests {
    use crate::{Book, Entry, Grid};
    use tessera::hidato::{Adjacency, Hidato};

    fn book() -> Book {
        let puzzle = Hidato::new(3, 2, vec![1, 0, -1, 0, 0, 5], Adjacency::King).unwrap();
        let entry = Entry {
            puzzle: Grid::hidato(&puzzle),
            key: Grid::hidato(&puzzle),
            label: "Easy · #1 · seed 1".into(),
            key_label: "#1".into(),
            stars: 0,
        };
        Book { title: "Hidato".into(), per_page: 2, entries: vec![entry; 3], ..Book::default() }
    }

    #[test]
    fn a_book_is_one_pdf_with_the_fonts_embedded_and_the_same_bytes_each_time() {
        let pdf = book().pdf().unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        assert!(pdf.trim_ascii_end().ends_with(b"%%EOF"));
        // Subset font names have a six-letter tag: XXXXXX+Go-Bold.
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("+Go-Bold") && text.contains("+GoRegular"), "fonts not embedded as subsets");
        // The subset keeps a few glyphs of a 140 kB font: the whole book stays small.
        assert!(pdf.len() < 60_000, "{} bytes", pdf.len());
        assert_eq!(pdf, book().pdf().unwrap(), "the same book gave other bytes");
        // 3 puzzles 2 a page, and the key: 3 pages.
        assert_eq!(book().pages().unwrap().len(), 3);
    }
}
