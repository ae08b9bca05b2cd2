//! Glyph outlines for the SVG pages: the path of each character in font units (y up, as the
//! font draws it), so that an SVG page draws its text as shapes and names no font. Quadratic
//! curves stay quadratic (SVG's `Q`), as TrueType draws them; nothing is approximated.

use std::fmt::Write;

use crate::font::Face;

/// The outline of `c` in `face` as SVG path data in font units, and its advance, with the
/// font's units per em. A character the face lacks is drawn as its missing glyph; a space has
/// an empty outline.
pub(crate) fn glyph(face: Face, c: char) -> (String, f32, f32) {
    // The fonts are compiled in: one that does not parse is a build mistake every test shows.
    let font = ttf_parser::Face::parse(face.data(), 0).expect("the compiled-in font parses");
    let id = font.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
    let mut path = Path(String::new());
    font.outline_glyph(id, &mut path);
    let advance = font.glyph_hor_advance(id).map_or(0.0, f32::from);
    (path.0, advance, f32::from(font.units_per_em()))
}

/// Path data written as the outline is walked.
struct Path(String);

impl ttf_parser::OutlineBuilder for Path {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{x} {y}");
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{x} {y}");
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{x1} {y1} {x} {y}");
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ = write!(self.0, "C{x1} {y1} {x2} {y2} {x} {y}");
    }

    fn close(&mut self) {
        self.0.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_have_outlines_and_the_advances_of_the_metrics() {
        for face in [Face::Regular, Face::Bold] {
            for c in "0123456789#A".chars() {
                let (path, advance, em) = glyph(face, c);
                assert!(path.starts_with('M') && path.ends_with('Z'), "{face:?} {c}: {path}");
                assert!((advance / em - face.width(&c.to_string(), 1.0)).abs() < 1e-6);
            }
            // A space has no outline but an advance; "8" has three closed contours.
            let (space, advance, _) = glyph(face, ' ');
            assert!(space.is_empty() && advance > 0.0);
            assert_eq!(glyph(face, '8').0.matches('Z').count(), 3);
        }
    }
}
