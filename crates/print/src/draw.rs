//! A grid drawn as items: shaded and blocked cells, the thin and thick lines merged into runs,
//! cage outlines, marks and digits; and the label that goes with it, under the grid or, one
//! puzzle a page, as a heading over it, with the level's stars after the words.

use crate::font::Face;
use crate::grid::Grid;
use crate::layout::{Frame, STARS};
use crate::marks::{cage_dashes, star};
use crate::scene::{Anchor, Item};

/// A grid's label: its words, stars, size, and whether it stands over the grid (a heading)
/// rather than under it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Label<'a> {
    pub text: &'a str,
    pub stars: u8,
    pub size: f32,
    pub heading: bool,
}

/// The label's words and stars, centred on the grid: under it (baseline 1.5 sizes below), or
/// over it (baseline 0.8 sizes above), in bold for a heading.
fn draw_label(items: &mut Vec<Item>, at: &Frame, label: &Label<'_>) {
    let Label { text, stars, size, heading } = *label;
    let face = if heading { Face::Bold } else { Face::Regular };
    let stars = usize::from(stars.min(STARS));
    let words = face.width(text, size);
    let gap = if text.is_empty() || stars == 0 { 0.0 } else { size * 0.5 };
    let star_room = if stars == 0 { 0.0 } else { f32::from(STARS) * size };
    let left = at.x + at.width() / 2.0 - (words + gap + star_room) / 2.0;
    let y = if heading { at.y - size * 0.8 } else { at.y + at.height() + size * 1.5 };
    if !text.is_empty() {
        items.push(Item::Text {
            x: left,
            y,
            size,
            face,
            anchor: Anchor::Start,
            text: text.to_string(),
            gray: 0.0,
        });
    }
    if stars > 0 {
        let cy = y - face.cap_height(size) / 2.0;
        for k in 0..usize::from(STARS) {
            let cx = left + words + gap + (k as f32 + 0.5) * size;
            // Earned stars black, the rest light grey: the scale reads at a glance.
            let gray = if k < stars { 0.0 } else { 0.8 };
            items.push(Item::Polygon { points: star(cx, cy, size * 0.5), gray });
        }
    }
}

/// Line widths for a cell side: thin cell edges, thick region borders.
fn widths(cell: f32) -> (f32, f32) {
    ((cell * 0.03).clamp(0.35, 0.8), (cell * 0.085).clamp(1.0, 2.6))
}

/// Draws `grid` in `at` and its `label`, as a group of `class` named `id`.
pub(crate) fn draw(
    items: &mut Vec<Item>,
    grid: &Grid,
    at: &Frame,
    label: &Label<'_>,
    class: &'static str,
    id: &str,
) {
    items.push(Item::Begin { class, id: id.to_string() });
    let label_at = at;
    // With clues outside it, the grid shrinks into the frame's middle, one cell in on each side.
    let framed;
    let at = if grid.frame() {
        let cell = at.cell * at.cols as f32 / (at.cols + 2) as f32;
        let cell = cell.min(at.cell * at.rows as f32 / (at.rows + 2) as f32);
        framed = Frame { x: at.x + cell, y: at.y + cell, cell, rows: at.rows, cols: at.cols };
        &framed
    } else {
        at
    };
    let cell = at.cell;
    let (rows, cols) = (grid.rows(), grid.cols());
    for (k, c) in grid.cells().iter().enumerate().filter(|(_, c)| c.shaded || c.blocked) {
        let (r, col) = (k / cols, k % cols);
        items.push(Item::Rect {
            x: at.x + col as f32 * cell,
            y: at.y + r as f32 * cell,
            w: cell,
            h: cell,
            gray: if c.blocked { 0.3 } else { 0.86 },
        });
    }
    crate::overlay::under(items, grid.marks(), at);
    // Every cell edge, thin or thick, merged into runs along each grid line.
    let (mut thin, mut thick) = (Runs::default(), Runs::default());
    for r in 0..=rows as isize {
        for c in 0..cols as isize {
            let (above, below) = (grid.region(r - 1, c), grid.region(r, c));
            let y = at.y + r as f32 * cell;
            let (x1, x2) = (at.x + c as f32 * cell, at.x + (c + 1) as f32 * cell);
            match (above, below) {
                (None, None) => {}
                (a, b) if a == b => thin.add([x1, y, x2, y]),
                _ => thick.add([x1, y, x2, y]),
            }
        }
    }
    for c in 0..=cols as isize {
        for r in 0..rows as isize {
            let (left, right) = (grid.region(r, c - 1), grid.region(r, c));
            let x = at.x + c as f32 * cell;
            let (y1, y2) = (at.y + r as f32 * cell, at.y + (r + 1) as f32 * cell);
            match (left, right) {
                (None, None) => {}
                (a, b) if a == b => thin.add([x, y1, x, y2]),
                _ => thick.add([x, y1, x, y2]),
            }
        }
    }
    let (thin_width, thick_width) = widths(cell);
    items.push(Item::Lines { width: thin_width, square: false, segments: thin.segments });
    items.push(Item::Lines { width: thick_width, square: true, segments: thick.segments });
    if grid.has_cages() {
        items.push(Item::Lines { width: thin_width, square: false, segments: cage_dashes(grid, at) });
    }
    crate::overlay::over(items, grid.marks(), at, thin_width);
    for (k, c) in grid.cells().iter().enumerate() {
        let (r, col) = (k / cols, k % cols);
        let (cx, cy) = (at.x + (col as f32 + 0.5) * cell, at.y + (r as f32 + 0.5) * cell);
        if let Some(corner) = &c.corner {
            // On a white patch, so that a cage's dashes do not run through its sum.
            let size = cell * 0.26;
            let (x, y) = (at.x + col as f32 * cell + cell * 0.06, at.y + r as f32 * cell + cell * 0.06);
            let w = Face::Regular.width(corner, size) + cell * 0.04;
            items.push(Item::Rect { x, y, w, h: size * 1.05, gray: 1.0 });
            items.push(Item::Text {
                x: x + cell * 0.02,
                y: y + Face::Regular.cap_height(size) + size * 0.1,
                size,
                face: Face::Regular,
                anchor: Anchor::Start,
                text: corner.clone(),
                gray: 0.0,
            });
        }
        if c.star {
            items.push(Item::Polygon { points: star(cx, cy, cell * 0.36), gray: 0.0 });
        }
        if c.circled {
            items.push(Item::Circle { cx, cy, r: cell * 0.42, width: thin_width * 1.3 });
        }
        if c.text.is_empty() {
            continue;
        }
        let face = if c.bold { Face::Bold } else { Face::Regular };
        // Digits at 60% of the cell; longer numbers shrink to fit 75% of its width (60% inside
        // a circle).
        let em = face.width(&c.text, 1.0);
        let room = if c.circled { 0.6 } else { 0.75 };
        let size = (cell * 0.6).min(cell * room / em.max(1e-3));
        items.push(Item::Text {
            x: cx,
            y: cy + face.cap_height(size) / 2.0,
            size,
            face,
            anchor: Anchor::Middle,
            text: c.text.clone(),
            // White on a blocked cell (Akari's numbered walls, as books print them): black on
            // its dark grey could hardly be read.
            gray: if c.blocked { 1.0 } else { 0.0 },
        });
    }
    draw_label(items, label_at, label);
    items.push(Item::End);
}

/// Segments merged when one continues the last along the same line.
#[derive(Debug, Default)]
struct Runs {
    segments: Vec<[f32; 4]>,
}

impl Runs {
    fn add(&mut self, segment: [f32; 4]) {
        if let Some(last) = self.segments.last_mut() {
            let continues = (last[2] - segment[0]).abs() < 1e-3 && (last[3] - segment[1]).abs() < 1e-3;
            let same_direction = (last[0] == last[2]) == (segment[0] == segment[2]);
            if continues && same_direction {
                last[2] = segment[2];
                last[3] = segment[3];
                return;
            }
        }
        self.segments.push(segment);
    }
}
