//! The two faces a book uses (Go Regular and Go Bold, compiled in) and the metrics that place
//! text: the advance width of a string, to centre it, and the height of capitals and digits, to
//! centre it vertically in a cell. Kerning is left out of the width: the strings are digits and
//! short labels, where it moves a glyph by a fraction of a point.

use std::sync::OnceLock;

/// Go Regular (BSD-3-Clause, see `fonts/LICENSE`).
pub const REGULAR: &[u8] = include_bytes!("../fonts/Go-Regular.ttf");
/// Go Bold (BSD-3-Clause, see `fonts/LICENSE`).
pub const BOLD: &[u8] = include_bytes!("../fonts/Go-Bold.ttf");

/// Which face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    /// Go Regular.
    Regular,
    /// Go Bold.
    Bold,
}

impl Face {
    /// The font file.
    pub fn data(self) -> &'static [u8] {
        match self {
            Face::Regular => REGULAR,
            Face::Bold => BOLD,
        }
    }

    fn metrics(self) -> &'static Metrics {
        static REGULAR_METRICS: OnceLock<Metrics> = OnceLock::new();
        static BOLD_METRICS: OnceLock<Metrics> = OnceLock::new();
        let cell = match self {
            Face::Regular => &REGULAR_METRICS,
            Face::Bold => &BOLD_METRICS,
        };
        cell.get_or_init(|| Metrics::new(self.data()))
    }

    /// The advance width of `text` at `size` points.
    pub fn width(self, text: &str, size: f32) -> f32 {
        let metrics = self.metrics();
        text.chars().map(|c| metrics.advance(c)).sum::<f32>() * size
    }

    /// The height of a digit or capital at `size` points.
    pub fn cap_height(self, size: f32) -> f32 {
        self.metrics().cap_height * size
    }

    /// Whether the face has a glyph for `c`.
    pub fn has(self, c: char) -> bool {
        self.metrics().has(c)
    }
}

/// Advances of the printable ASCII and Latin-1 characters, in ems.
#[derive(Debug)]
struct Metrics {
    /// Advance of chars 0..256 in ems; `None` when the face has no glyph.
    advances: Vec<Option<f32>>,
    /// Advance of the missing glyph, in ems.
    fallback: f32,
    cap_height: f32,
}

impl Metrics {
    fn new(data: &[u8]) -> Self {
        // The fonts are compiled in: a font that does not parse is a build mistake that every
        // test shows at once.
        let face = ttf_parser::Face::parse(data, 0).expect("the compiled-in font parses");
        let em = f32::from(face.units_per_em());
        let advance = |glyph| face.glyph_hor_advance(glyph).map_or(0.5, |a| f32::from(a) / em);
        let advances = (0u32..256)
            .map(|code| {
                let c = char::from_u32(code)?;
                face.glyph_index(c).map(advance)
            })
            .collect();
        let fallback = advance(ttf_parser::GlyphId(0));
        let cap_height = face.capital_height().map_or(0.7, |h| f32::from(h) / em);
        Metrics { advances, fallback, cap_height }
    }

    fn advance(&self, c: char) -> f32 {
        self.advances.get(c as usize).copied().flatten().unwrap_or(self.fallback)
    }

    fn has(&self, c: char) -> bool {
        self.advances.get(c as usize).is_some_and(Option::is_some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_have_every_character_a_book_prints() {
        for face in [Face::Regular, Face::Bold] {
            for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#·-:, ".chars() {
                assert!(face.has(c), "{face:?} lacks {c:?}");
            }
        }
    }

    #[test]
    fn digits_are_tabular_and_widths_scale_with_size() {
        let one = Face::Regular.width("1", 10.0);
        for d in "0123456789".chars() {
            assert!((Face::Regular.width(&d.to_string(), 10.0) - one).abs() < 1e-3, "{d}");
        }
        assert!((Face::Regular.width("12", 20.0) - 4.0 * one).abs() < 1e-3);
        let cap = Face::Bold.cap_height(10.0);
        assert!(cap > 5.0 && cap < 8.0, "{cap}");
    }
}
