//! A page as a list of drawing primitives, in points, origin at the top left and y downward
//! (the convention of both SVG and krilla's surface), drawn in order.

use crate::font::Face;

/// How a text's `x` is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is where the text starts.
    Start,
    /// `x` is the text's centre.
    Middle,
    /// `x` is where it ends.
    End,
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// Black straight segments `[x1, y1, x2, y2]`, all of one width; `square` caps extend each
    /// end by half the width (closing the corners of thick borders), otherwise butt caps.
    Lines {
        /// Stroke width.
        width: f32,
        /// Square caps.
        square: bool,
        /// The segments.
        segments: Vec<[f32; 4]>,
    },
    /// A filled rectangle, grey level from 0 (black) to 1 (white).
    Rect {
        /// Left.
        x: f32,
        /// Top.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// Grey level.
        gray: f32,
    },
    /// A filled polygon (a star), grey level from 0 (black) to 1 (white).
    Polygon {
        /// The corners, in order.
        points: Vec<[f32; 2]>,
        /// Grey level.
        gray: f32,
    },
    /// A black circle outline.
    Circle {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius.
        r: f32,
        /// Stroke width.
        width: f32,
    },
    /// A path through `points` (a mark's line, chevron or outline), stroked in a grey level with
    /// round caps and joins (no stroke for a width of 0), and filled when `fill` says a grey.
    Path {
        /// The points, in order.
        points: Vec<[f32; 2]>,
        /// Back to the first point.
        closed: bool,
        /// Stroke width (0: none).
        width: f32,
        /// The stroke's grey level.
        gray: f32,
        /// The fill's grey level, if filled.
        fill: Option<f32>,
    },
    /// A filled disc (a thermometer's bulb, a kropki dot), with a black outline of `outline`
    /// width if any.
    Disc {
        /// Centre x.
        cx: f32,
        /// Centre y.
        cy: f32,
        /// Radius.
        r: f32,
        /// The fill's grey level.
        gray: f32,
        /// The outline's width, if outlined.
        outline: Option<f32>,
    },
    /// Text on a baseline, in a grey level (0 black, the ink of every text but a Kakuro clue's
    /// sums, light on their dark block).
    Text {
        /// Anchor point x (see `anchor`).
        x: f32,
        /// Baseline y.
        y: f32,
        /// Font size in points.
        size: f32,
        /// The face.
        face: Face,
        /// How `x` is read.
        anchor: Anchor,
        /// What is written.
        text: String,
        /// The fill's grey level, from 0 (black) to 1 (white).
        gray: f32,
    },
    /// The start of a group of items (a grid), closed by [`Item::End`]: SVG writes a `<g>` with
    /// this class and id, so that a reader can tell the grids apart; the PDF ignores it.
    Begin {
        /// `puzzle` or `key`.
        class: &'static str,
        /// The puzzle's number in the book.
        id: String,
    },
    /// The end of the last group begun.
    End,
}

impl Item {
    /// The left edge of a text item (where its first glyph starts).
    pub fn text_left(x: f32, text: &str, size: f32, face: Face, anchor: Anchor) -> f32 {
        match anchor {
            Anchor::Start => x,
            Anchor::Middle => x - face.width(text, size) / 2.0,
            Anchor::End => x - face.width(text, size),
        }
    }
}

/// One page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// What is drawn, in order.
    pub items: Vec<Item>,
}
