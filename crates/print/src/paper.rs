//! Paper: the trim sizes a book is laid out for (`--page`) and the bleed around them
//! (`--bleed`), read from the command line's words.
//!
//! Sizes are kept in micrometres, so that `148x210mm` and `5.5x8.5in` are exact and two equal
//! sizes compare equal; the layout works in points (1/72 in).

use std::fmt;

/// Micrometres per inch.
const UM_PER_IN: f64 = 25_400.0;
/// The shortest and longest side of a custom page: 2 and 40 inches.
const MIN_SIDE_UM: u32 = 2 * 25_400;
const MAX_SIDE_UM: u32 = 40 * 25_400;
/// The widest bleed: half an inch.
pub const MAX_BLEED_UM: u32 = 12_700;
/// The widest gutter: one inch.
pub const MAX_GUTTER_UM: u32 = 25_400;

/// The forms `--page` accepts, for messages.
pub const PAGE_FORMS: &str =
    "a4, letter, a5, 6x9in, or WxH with a unit (in or mm), e.g. 5.5x8.5in or 148x210mm";

/// Paper sizes, portrait: the trim size a book is laid out for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PageSize {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
    /// ISO A5, 148 × 210 mm.
    A5,
    /// Any size, in micrometres; `inches` says how it was written (for its name).
    Custom {
        /// Width in micrometres.
        width_um: u32,
        /// Height in micrometres.
        height_um: u32,
        /// Written in inches (else millimetres).
        inches: bool,
    },
}

impl PageSize {
    /// US trade paperback, 6 × 9 in.
    pub const TRADE: PageSize =
        PageSize::Custom { width_um: 6 * 25_400, height_um: 9 * 25_400, inches: true };

    /// Width and height in points (1/72 in).
    pub fn points(self) -> (f32, f32) {
        match self {
            PageSize::A4 => (595.276, 841.89),
            PageSize::Letter => (612.0, 792.0),
            PageSize::A5 => (um_to_pt(148_000), um_to_pt(210_000)),
            PageSize::Custom { width_um, height_um, .. } => (um_to_pt(width_um), um_to_pt(height_um)),
        }
    }

    /// The name on the command line: `a4`, `letter`, `a5`, `6x9in`, `148x210mm`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

/// Micrometres to points.
pub fn um_to_pt(um: u32) -> f32 {
    (f64::from(um) * 72.0 / UM_PER_IN) as f32
}

impl fmt::Display for PageSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PageSize::A4 => f.write_str("a4"),
            PageSize::Letter => f.write_str("letter"),
            PageSize::A5 => f.write_str("a5"),
            PageSize::Custom { width_um, height_um, inches } => {
                let (per, unit) = if inches { (UM_PER_IN, "in") } else { (1000.0, "mm") };
                write!(f, "{}x{}{unit}", f64::from(width_um) / per, f64::from(height_um) / per)
            }
        }
    }
}

/// A length with its unit (`0.125in`, `3mm`; a bare `0` is zero) in micrometres, and whether it
/// was in inches; `None` for anything else.
fn length_um(text: &str) -> Option<(u32, bool)> {
    let text = text.trim().to_ascii_lowercase();
    if text == "0" {
        return Some((0, false));
    }
    let (number, per, inches) = if let Some(n) = text.strip_suffix("in") {
        (n, UM_PER_IN, true)
    } else if let Some(n) = text.strip_suffix("mm") {
        (n, 1000.0, false)
    } else {
        return None;
    };
    let value: f64 = number.trim().parse().ok()?;
    let um = (value * per).round();
    (value.is_finite() && value >= 0.0 && um <= f64::from(u32::MAX)).then_some((um as u32, inches))
}

/// Reads `--bleed`: a length in `in` or `mm` (or `0`), 0 to 0.5 in. Gives micrometres.
pub fn parse_bleed(text: &str) -> Result<u32, String> {
    match length_um(text) {
        Some((um, _)) if um <= MAX_BLEED_UM => Ok(um),
        Some(_) => Err(format!("--bleed {text}: at most 0.5in (12.7mm)")),
        None => Err(format!("--bleed {text:?}: expected a length with a unit, e.g. 0.125in or 3mm (or 0)")),
    }
}

/// Reads `--gutter`: a length in `in` or `mm` (or `0`), 0 to 1 in. Gives micrometres.
pub fn parse_gutter(text: &str) -> Result<u32, String> {
    match length_um(text) {
        Some((um, _)) if um <= MAX_GUTTER_UM => Ok(um),
        Some(_) => Err(format!("--gutter {text}: at most 1in (25.4mm)")),
        None => Err(format!("--gutter {text:?}: expected a length with a unit, e.g. 0.25in or 6mm (or 0)")),
    }
}

impl std::str::FromStr for PageSize {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "a4" => return Ok(PageSize::A4),
            "letter" | "us-letter" => return Ok(PageSize::Letter),
            "a5" => return Ok(PageSize::A5),
            _ => {}
        }
        let unknown = || format!("--page {text:?}: expected {PAGE_FORMS}");
        let (width, height) = lower.split_once('x').ok_or_else(unknown)?;
        // The unit is written once, after the height: `6x9in`; `6inx9in` is accepted too.
        let unit = if height.ends_with("in") { "in" } else { "mm" };
        let width = if width.ends_with(unit) { width.to_string() } else { format!("{width}{unit}") };
        let (Some((width_um, inches)), Some((height_um, _))) = (length_um(&width), length_um(height)) else {
            return Err(unknown());
        };
        if !height.ends_with(unit) {
            return Err(unknown());
        }
        for side in [width_um, height_um] {
            if !(MIN_SIDE_UM..=MAX_SIDE_UM).contains(&side) {
                return Err(format!("--page {text}: each side must be 2 to 40 inches (50.8 to 1016 mm)"));
            }
        }
        Ok(PageSize::Custom { width_um, height_um, inches })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(text: &str) -> Result<PageSize, String> {
        text.parse()
    }

    #[test]
    fn named_and_custom_sizes_are_read_and_named_back() {
        assert_eq!(page("A4"), Ok(PageSize::A4));
        assert_eq!(page("letter"), Ok(PageSize::Letter));
        assert_eq!(page("a5"), Ok(PageSize::A5));
        assert_eq!(page("6x9in"), Ok(PageSize::TRADE));
        assert_eq!(page("6inx9in"), Ok(PageSize::TRADE));
        assert_eq!(page("152.4x228.6mm").unwrap().points(), PageSize::TRADE.points());
        assert_eq!(PageSize::TRADE.points(), (432.0, 648.0));
        let (w, h) = PageSize::A5.points();
        assert!((w - 419.53).abs() < 0.01 && (h - 595.28).abs() < 0.01, "{w} x {h}");
        assert_eq!(page("148x210mm").unwrap().points(), PageSize::A5.points());
        assert_eq!(page("5.5x8.5in").unwrap().points(), (396.0, 612.0));
        for name in ["a4", "letter", "a5", "6x9in", "5.5x8.5in", "148x210mm"] {
            assert_eq!(page(name).unwrap().name(), name);
        }
    }

    #[test]
    fn anything_else_is_refused_naming_the_flag_and_the_forms() {
        for bad in
            ["a3", "", "6x9", "6x", "x9in", "6mmx9in", "axbin", "-6x9in", "6x9cm", "nanx9in", "6x9x1in"]
        {
            let message = page(bad).unwrap_err();
            assert!(message.contains("--page") && message.contains("5.5x8.5in"), "{bad}: {message}");
        }
        for small_or_large in ["1x9in", "6x41in", "40x1017mm", "0x9in"] {
            let message = page(small_or_large).unwrap_err();
            assert!(message.contains("--page") && message.contains("2 to 40"), "{message}");
        }
        assert_eq!(page("2x40in").unwrap().points(), (144.0, 2880.0));
    }

    #[test]
    fn bleed_is_a_length_up_to_half_an_inch() {
        assert_eq!(parse_bleed("0"), Ok(0));
        assert_eq!(parse_bleed("0.125in"), Ok(3175));
        assert_eq!(parse_bleed("3mm"), Ok(3000));
        assert_eq!(um_to_pt(3175), 9.0);
        assert!(parse_bleed("1in").unwrap_err().contains("at most"));
        for bad in ["3", "-1mm", "3cm", "in", ""] {
            assert!(parse_bleed(bad).unwrap_err().contains("--bleed"), "{bad}");
            assert!(parse_gutter(bad).unwrap_err().contains("--gutter"), "{bad}");
        }
        assert_eq!(parse_gutter("0.25in"), Ok(6350));
        assert!(parse_gutter("1.1in").unwrap_err().contains("at most 1in"));
    }

    /// Every line and rectangle of every page of a book of `per_page` 9x9 grids on `page`, or
    /// the layout's refusal.
    fn extents(page: PageSize, per_page: usize) -> Result<Vec<[f32; 4]>, crate::Error> {
        use crate::scene::Item;
        let entry = crate::Entry::empty_9x9(0);
        let book = crate::Book {
            title: "T".into(),
            page,
            bleed_um: 3175,
            per_page,
            entries: vec![entry; 2 * per_page],
            ..crate::Book::default()
        };
        let mut boxes = Vec::new();
        for item in book.pages()?.iter().flat_map(|p| &p.items) {
            match item {
                Item::Lines { segments, .. } => boxes.extend(segments.iter().copied()),
                Item::Rect { x, y, w, h, .. } => boxes.push([*x, *y, x + w, y + h]),
                _ => {}
            }
        }
        Ok(boxes)
    }

    #[test]
    fn small_pages_fit_their_grids_inside_the_margins_or_say_how_many_fit() {
        for page in [PageSize::A5, PageSize::TRADE, PageSize::A4, PageSize::Letter] {
            let (width, height) = page.points();
            let mut laid_out = 0;
            for per_page in 1..=crate::MAX_PER_PAGE {
                match extents(page, per_page) {
                    Ok(boxes) => {
                        laid_out += 1;
                        for [x1, y1, x2, y2] in boxes {
                            let inside = |v: f32, max: f32| (42.0 - 1.5..=max - 42.0 + 1.5).contains(&v);
                            assert!(inside(x1, width) && inside(x2, width), "{page} {per_page}: x {x1} {x2}");
                            assert!(
                                inside(y1, height) && inside(y2, height),
                                "{page} {per_page}: y {y1} {y2}"
                            );
                        }
                    }
                    Err(crate::Error::TooSmall { fits, page: named, .. }) => {
                        assert!(fits >= 4 && fits < per_page && named == page, "{page} {per_page}: {fits}");
                    }
                    Err(other) => panic!("{page} {per_page}: {other}"),
                }
            }
            // The default 4 a page, and more, fit even on the smallest.
            assert!(laid_out >= 4, "{page}: {laid_out}");
        }
    }

    #[test]
    fn the_pdf_grows_by_the_bleed_and_declares_the_trim_and_bleed_boxes() {
        let entry = crate::Entry::empty_9x9(0);
        let book = |bleed_um| crate::Book {
            title: "T".into(),
            page: PageSize::TRADE,
            bleed_um,
            per_page: 4,
            entries: vec![entry.clone(); 5],
            ..crate::Book::default()
        };
        // The page dictionaries are not compressed: the boxes are in the bytes.
        let pdf = String::from_utf8_lossy(&book(3175).pdf().unwrap()).into_owned();
        assert_eq!(pdf.matches("/MediaBox[0 0 450 666]").count(), 3);
        assert_eq!(pdf.matches("/BleedBox[0 0 450 666]").count(), 3);
        assert_eq!(pdf.matches("/TrimBox[9 9 441 657]").count(), 3);
        let plain = String::from_utf8_lossy(&book(0).pdf().unwrap()).into_owned();
        assert_eq!(plain.matches("/MediaBox[0 0 432 648]").count(), 3);
        assert!(!plain.contains("/TrimBox") && !plain.contains("/BleedBox"));
    }
}
