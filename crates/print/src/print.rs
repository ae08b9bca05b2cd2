//! What a printer needs around the pages: the sheet each page is printed on (the trim size, the
//! bleed around it, and room for crop marks beyond), the crop marks themselves, and the gutter.
//!
//! **Sheet.** Without crop marks the PDF page (MediaBox) is the trim size grown by the bleed on
//! every side, as before. With `--crop-marks` it grows by a further slug of [`MARK_LENGTH`] +
//! [`MARK_SLUG`] (24 pt, a third of an inch) so that the marks are on the page: the MediaBox
//! holds the marks, the BleedBox is the trim grown by the bleed, the TrimBox the trim. Growing
//! the MediaBox rather than drawing the marks inside the bleed is what a printer expects: a mark
//! inside the bleed would show on a page trimmed a little wide.
//!
//! **Crop marks.** At each corner of the trim, two hairlines ([`MARK_WIDTH`]) on the lines of
//! the trim's edges, running outward from the bleed's edge for [`MARK_LENGTH`] (a quarter inch,
//! the usual length). They start at the bleed's edge, not at the trim, so that none of a mark
//! prints on the trimmed page or on its bleed. They are black (DeviceGray 0), like everything in
//! a book: a black-only book prints on the K plate alone, so registration colour (all plates) is
//! not needed. Crop marks need a bleed (refused without one): with none, a mark would start at
//! the trim corner.
//!
//! **Gutter.** A bound book loses part of its inner margin to the binding. `--gutter` lays every
//! page out on the trim width less the gutter, then moves the odd pages (rectos, bound on their
//! left) right by the gutter, so that the inner margin is the margin plus the gutter on both
//! sides of a spread. The page number and header move with the page's content.

use crate::scene::Item;

/// The length of a crop mark: a quarter inch.
pub const MARK_LENGTH: f32 = 18.0;
/// Paper beyond the end of a crop mark, so that a viewer or RIP never clips it.
pub const MARK_SLUG: f32 = 6.0;
/// The width of a crop mark's line: a quarter point, a hairline that still images.
pub const MARK_WIDTH: f32 = 0.25;

/// How the pages sit on the PDF's sheets.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Sheet {
    /// Bleed on every side of the trim, in points.
    pub bleed: f32,
    /// Crop marks drawn outside the bleed.
    pub crop_marks: bool,
    /// Declare the TrimBox even without a bleed (PDF/X wants it on every page).
    pub trim_box: bool,
}

impl Sheet {
    /// From the sheet's edge to the trim, on every side.
    pub fn outset(&self) -> f32 {
        if self.crop_marks {
            self.bleed + MARK_LENGTH + MARK_SLUG
        } else {
            self.bleed
        }
    }

    /// The crop marks of a trim of `width × height` points on the sheet, as segments in the
    /// sheet's coordinates (origin at its top left); none without `crop_marks`.
    pub fn marks(&self, width: f32, height: f32) -> Vec<[f32; 4]> {
        if !self.crop_marks {
            return Vec::new();
        }
        let o = self.outset();
        let (near, far) = (self.bleed, self.bleed + MARK_LENGTH);
        let mut marks = Vec::with_capacity(8);
        for (x, out_x) in [(o, -1.0), (o + width, 1.0)] {
            for (y, out_y) in [(o, -1.0), (o + height, 1.0)] {
                // Along the horizontal edge, outward in x; along the vertical edge, outward in y.
                marks.push([x + out_x * near, y, x + out_x * far, y]);
                marks.push([x, y + out_y * near, x, y + out_y * far]);
            }
        }
        marks
    }
}

/// Moves every item of a page right by `dx` points.
pub(crate) fn shift(items: &mut [Item], dx: f32) {
    if dx == 0.0 {
        return;
    }
    for item in items {
        match item {
            Item::Lines { segments, .. } => {
                for segment in segments {
                    segment[0] += dx;
                    segment[2] += dx;
                }
            }
            Item::Rect { x, .. } | Item::Text { x, .. } => *x += dx,
            Item::Polygon { points, .. } | Item::Path { points, .. } => {
                points.iter_mut().for_each(|p| p[0] += dx);
            }
            Item::Circle { cx, .. } | Item::Disc { cx, .. } => *cx += dx,
            Item::Begin { .. } | Item::End => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_lie_outside_the_bleed_on_the_trim_lines_and_inside_the_sheet() {
        let sheet = Sheet { bleed: 9.0, crop_marks: true, trim_box: true };
        let (w, h) = (432.0, 648.0);
        let o = sheet.outset();
        assert_eq!(o, 33.0);
        let marks = sheet.marks(w, h);
        assert_eq!(marks.len(), 8);
        let (sheet_w, sheet_h) = (w + 2.0 * o, h + 2.0 * o);
        for [x1, y1, x2, y2] in marks {
            // Each mark is a quarter inch along a trim line, wholly outside the bleed box.
            assert!((x1 - x2).abs() + (y1 - y2).abs() == MARK_LENGTH, "{x1} {y1} {x2} {y2}");
            let on_trim_line = [x1, x2].iter().all(|&x| x == o || x == o + w)
                || [y1, y2].iter().all(|&y| y == o || y == o + h);
            assert!(on_trim_line);
            for (x, y) in [(x1, y1), (x2, y2)] {
                let in_bleed = (o - 9.0..=o + w + 9.0).contains(&x) && (o - 9.0..=o + h + 9.0).contains(&y);
                let endpoint_on_bleed_edge = (x - (o - 9.0)).abs() < 1e-3
                    || (x - (o + w + 9.0)).abs() < 1e-3
                    || (y - (o - 9.0)).abs() < 1e-3
                    || (y - (o + h + 9.0)).abs() < 1e-3;
                assert!(!in_bleed || endpoint_on_bleed_edge, "({x}, {y}) inside the bleed");
                assert!((0.0..=sheet_w).contains(&x) && (0.0..=sheet_h).contains(&y));
            }
        }
        assert!(Sheet { crop_marks: false, ..sheet }.marks(w, h).is_empty());
        assert_eq!(Sheet { crop_marks: false, ..sheet }.outset(), 9.0);
    }

    fn book(count: usize) -> crate::Book {
        let entry = crate::Entry::empty_9x9(3);
        crate::Book { title: "T".into(), per_page: 2, entries: vec![entry; count], ..crate::Book::default() }
    }

    /// The left edge of everything drawn on each page.
    fn lefts(book: &crate::Book) -> Vec<f32> {
        let left = |item: &Item| match item {
            Item::Lines { segments, .. } => segments.iter().map(|s| s[0].min(s[2])).fold(f32::MAX, f32::min),
            Item::Rect { x, .. } | Item::Text { x, .. } => *x,
            Item::Polygon { points, .. } | Item::Path { points, .. } => {
                points.iter().map(|p| p[0]).fold(f32::MAX, f32::min)
            }
            Item::Circle { cx, r, .. } | Item::Disc { cx, r, .. } => cx - r,
            Item::Begin { .. } | Item::End => f32::MAX,
        };
        book.pages().unwrap().iter().map(|p| p.items.iter().map(left).fold(f32::MAX, f32::min)).collect()
    }

    #[test]
    fn the_gutter_moves_odd_pages_right_and_narrows_every_page() {
        let plain = book(6);
        let bound = crate::Book { gutter_um: 12_700, ..book(6) };
        let (plain_lefts, bound_lefts) = (lefts(&plain), lefts(&bound));
        assert_eq!(plain_lefts.len(), 4);
        // The header starts at the margin: 42 pt, and 36 pt further right on an odd page.
        for (k, (a, b)) in plain_lefts.iter().zip(&bound_lefts).enumerate() {
            let moved = if k % 2 == 0 { 36.0 } else { 0.0 };
            assert_eq!((*a, *b), (42.0, 42.0 + moved), "page {}", k + 1);
        }
        // And the grids are narrower: every page is laid out on the trim less the gutter.
        let widest = |book: &crate::Book| {
            let pages = book.pages().unwrap();
            let right = |item: &Item| match item {
                Item::Lines { segments, .. } => segments.iter().map(|s| s[0].max(s[2])).fold(0.0, f32::max),
                _ => 0.0,
            };
            pages.iter().map(|p| p.items.iter().map(right).fold(0.0, f32::max)).collect::<Vec<f32>>()
        };
        let (plain_right, bound_right) = (widest(&plain), widest(&bound));
        assert!(plain_right.iter().all(|r| *r <= 595.276 - 42.0 + 1.5));
        for (k, r) in bound_right.iter().enumerate() {
            let limit = if k % 2 == 0 { 595.276 - 42.0 } else { 595.276 - 42.0 - 36.0 };
            assert!(*r <= limit + 1.5, "page {}: {r}", k + 1);
        }
    }

    #[test]
    fn sections_must_count_every_puzzle_and_marks_need_a_bleed() {
        let section = |count| crate::Section { title: "Easy".into(), count };
        let wrong = crate::Book { sections: vec![section(2), section(2)], ..book(5) };
        assert_eq!(wrong.pages().unwrap_err(), crate::Error::Sections { sections: 4, entries: 5 });
        let right = crate::Book { sections: vec![section(2), section(3)], ..book(5) };
        // Easy 2 (1 page), the next 3 (2 pages); each section's answers start a page of the key.
        assert_eq!(right.pages().unwrap().len(), 5);
        let marks = crate::Book { crop_marks: true, ..book(1) };
        assert_eq!(marks.pdf().unwrap_err(), crate::Error::MarksWithoutBleed);
    }
}
