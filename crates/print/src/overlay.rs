//! The marks of a picture (variant Sudoku) drawn as items, in grey so that a book stays
//! printable in one ink (PDF/X-1a): lines through cell centres told apart by width and tone
//! (a thermometer's bulb, a between line's end circles, an arrow's circle and head), dots and
//! letters on edges, quadruple circles at corners, clues in the frame around the grid, and
//! Kakuro's clue blocks split by their diagonal with the sums light on the dark fill. Shading
//! goes under the grid lines (`under`), the rest over them and under the digits (`over`).

use tessera::common::{LineKind, Mark, Shape, Spot};

use crate::font::Face;
use crate::layout::Frame;
use crate::scene::{Anchor, Item};

/// Where cells are: the grid's frame (inside its outside-clue frame, if any).
struct At<'a>(&'a Frame);

impl At<'_> {
    fn centre(&self, [r, c]: Spot) -> [f32; 2] {
        let f = self.0;
        [f.x + (c as f32 + 0.5) * f.cell, f.y + (r as f32 + 0.5) * f.cell]
    }

    fn centres(&self, cells: &[Spot]) -> Vec<[f32; 2]> {
        cells.iter().map(|&s| self.centre(s)).collect()
    }

    /// The middle of the edge between two neighbours.
    fn edge(&self, [a, b]: [Spot; 2]) -> [f32; 2] {
        let (p, q) = (self.centre(a), self.centre(b));
        [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0]
    }
}

/// A `#RRGGBB` colour's grey level (its luminance); mid grey when it says none.
fn gray_of(color: Option<&str>) -> f32 {
    let hex = color.and_then(|c| c.strip_prefix('#')).filter(|h| h.len() >= 6);
    let Some(hex) = hex else { return 0.5 };
    let part = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).map_or(128.0, f32::from) / 255.0;
    (0.299 * part(0) + 0.587 * part(2) + 0.114 * part(4)).clamp(0.0, 0.85)
}

fn line(points: Vec<[f32; 2]>, width: f32, gray: f32) -> Item {
    Item::Path { points, closed: false, width, gray, fill: None }
}

/// A rounded rectangle's outline from `(x0, y0)` to `(x1, y1)`, corner radius `r`.
fn rounded(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Vec<[f32; 2]> {
    let corners =
        [(x1 - r, y1 - r, 0.0), (x0 + r, y1 - r, 90.0), (x0 + r, y0 + r, 180.0), (x1 - r, y0 + r, 270.0)];
    let mut points = Vec::new();
    for (cx, cy, start) in corners {
        for k in 0..=6 {
            let a = (start + 15.0 * k as f32).to_radians();
            points.push([cx + r * a.cos(), cy + r * a.sin()]);
        }
    }
    points
}

/// The bounding box of cells' squares, in points: `(x0, y0, x1, y1)`.
fn bounds(at: &At<'_>, cells: &[Spot]) -> Option<(f32, f32, f32, f32)> {
    let half = at.0.cell / 2.0;
    let centres = at.centres(cells);
    let (first, rest) = centres.split_first()?;
    let mut b = (first[0] - half, first[1] - half, first[0] + half, first[1] + half);
    for p in rest {
        b = (b.0.min(p[0] - half), b.1.min(p[1] - half), b.2.max(p[0] + half), b.3.max(p[1] + half));
    }
    Some(b)
}

fn text(items: &mut Vec<Item>, at: [f32; 2], size: f32, face: Face, words: &str) {
    text_in(items, at, size, face, words, 0.0);
}

/// Text centred on `(x, y)` in a grey level (0 black), shrunk to fit twice its size across.
fn text_in(items: &mut Vec<Item>, [x, y]: [f32; 2], size: f32, face: Face, words: &str, gray: f32) {
    if words.is_empty() {
        return;
    }
    // Shrunk to fit twice the size across.
    let size = size.min(size * 2.0 / face.width(words, 1.0).max(1e-3));
    items.push(Item::Text {
        x,
        y: y + face.cap_height(size) / 2.0,
        size,
        face,
        anchor: Anchor::Middle,
        text: words.to_string(),
        gray,
    });
}

/// The shading of extra regions and clones, under the grid lines.
pub(crate) fn under(items: &mut Vec<Item>, marks: &[Mark], frame: &Frame) {
    let cell = frame.cell;
    for mark in marks {
        if let Mark::Shade { cells, what, group } = mark {
            let gray = if what == "clone" { 0.9 - (*group % 3) as f32 * 0.05 } else { 0.84 };
            for [r, c] in cells {
                items.push(Item::Rect {
                    x: frame.x + *c as f32 * cell,
                    y: frame.y + *r as f32 * cell,
                    w: cell,
                    h: cell,
                    gray,
                });
            }
        }
    }
}

/// Every other mark, over the grid lines and under the digits: shapes in cells and lines first,
/// then what sits on edges and corners, then the clues in the frame.
pub(crate) fn over(items: &mut Vec<Item>, marks: &[Mark], frame: &Frame, thin: f32) {
    let at = At(frame);
    let cell = frame.cell;
    for mark in marks {
        match mark {
            Mark::Diagonal { positive } => {
                let (x0, y0) = (frame.x, frame.y);
                let (x1, y1) = (x0 + frame.width(), y0 + frame.height());
                let points = if *positive { vec![[x0, y1], [x1, y0]] } else { vec![[x0, y0], [x1, y1]] };
                items.push(line(points, thin * 1.5, 0.55));
            }
            Mark::CellShape { cell: spot, shape } => {
                let [cx, cy] = at.centre(*spot);
                match shape {
                    Shape::Circle => {
                        items.push(Item::Disc { cx, cy, r: cell * 0.4, gray: 0.86, outline: None });
                    }
                    Shape::Square => {
                        let h = cell * 0.38;
                        items.push(Item::Rect { x: cx - h, y: cy - h, w: 2.0 * h, h: 2.0 * h, gray: 0.86 });
                    }
                }
            }
            Mark::Cosmetic { shape, cells, color, text: words } => {
                let Some((x0, y0, x1, y1)) = bounds(&at, cells) else { continue };
                let gray = gray_of(color.as_deref());
                let inset = cell * 0.1;
                let points = match shape {
                    Shape::Circle => {
                        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                        let r = ((x1 - x0).min(y1 - y0) / 2.0 - inset).max(cell * 0.1);
                        (0..32)
                            .map(|k| {
                                let a = (k as f32 * 11.25).to_radians();
                                [cx + r * a.cos(), cy + r * a.sin()]
                            })
                            .collect()
                    }
                    Shape::Square => vec![
                        [x0 + inset, y0 + inset],
                        [x1 - inset, y0 + inset],
                        [x1 - inset, y1 - inset],
                        [x0 + inset, y1 - inset],
                    ],
                };
                items.push(Item::Path { points, closed: true, width: thin * 1.5, gray, fill: None });
                if let Some(words) = words {
                    text(items, [(x0 + x1) / 2.0, (y0 + y1) / 2.0], cell * 0.35, Face::Regular, words);
                }
            }
            _ => {}
        }
    }
    for mark in marks {
        match mark {
            Mark::Line { line: kind, cells, color } => {
                draw_line(items, &at, *kind, cells, color.as_deref(), thin);
            }
            Mark::Arrow { circle, lines } => {
                let head = cell * 0.28;
                for path in lines {
                    let mut points = Vec::new();
                    // From the circle cell nearest the line's first cell.
                    if let Some(from) = nearest(circle, path.first()) {
                        points.push(at.centre(from));
                    }
                    points.extend(at.centres(path));
                    if points.len() >= 2 {
                        let [bx, by] = points[points.len() - 1];
                        let [ax, ay] = points[points.len() - 2];
                        let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1e-3);
                        let (ux, uy) = ((bx - ax) / length, (by - ay) / length);
                        items.push(line(points, thin * 1.6, 0.35));
                        let (c, s) = (0.7f32.cos(), 0.7f32.sin());
                        let left = [bx - head * (ux * c - uy * s), by - head * (uy * c + ux * s)];
                        let right = [bx - head * (ux * c + uy * s), by - head * (uy * c - ux * s)];
                        items.push(line(vec![left, [bx, by], right], thin * 1.6, 0.35));
                    }
                }
                if let Some((x0, y0, x1, y1)) = bounds(&at, circle) {
                    let inset = cell * 0.08;
                    let r = cell / 2.0 - inset;
                    let points = rounded(x0 + inset, y0 + inset, x1 - inset, y1 - inset, r);
                    items.push(Item::Path {
                        points,
                        closed: true,
                        width: thin * 1.6,
                        gray: 0.35,
                        fill: Some(1.0),
                    });
                }
            }
            _ => {}
        }
    }
    for mark in marks {
        match mark {
            Mark::Dot { cells, black, value } => {
                let [cx, cy] = at.edge(*cells);
                let r = cell * 0.12;
                items.push(Item::Disc {
                    cx,
                    cy,
                    r,
                    gray: if *black { 0.0 } else { 1.0 },
                    outline: Some(thin),
                });
                if let (Some(value), false) = (value, *black) {
                    text(items, [cx, cy], cell * 0.16, Face::Regular, &value.to_string());
                }
            }
            Mark::EdgeText { cells, text: words } => {
                let [cx, cy] = at.edge(*cells);
                items.push(Item::Disc { cx, cy, r: cell * 0.15, gray: 1.0, outline: None });
                text(items, [cx, cy], cell * 0.26, Face::Bold, words);
            }
            Mark::Quadruple { cells, values } => {
                let (Some(row), Some(col)) =
                    (cells.iter().map(|s| s[0]).min(), cells.iter().map(|s| s[1]).min())
                else {
                    continue;
                };
                let (cx, cy) = (frame.x + (col + 1) as f32 * cell, frame.y + (row + 1) as f32 * cell);
                items.push(Item::Disc { cx, cy, r: cell * 0.27, gray: 1.0, outline: Some(thin) });
                let words: Vec<String> = values.iter().map(u8::to_string).collect();
                let (top, bottom) = words.split_at(words.len().div_ceil(2).min(2));
                if bottom.is_empty() {
                    text(items, [cx, cy], cell * 0.17, Face::Regular, &top.join(" "));
                } else {
                    text(items, [cx, cy - cell * 0.08], cell * 0.15, Face::Regular, &top.join(" "));
                    text(items, [cx, cy + cell * 0.1], cell * 0.15, Face::Regular, &bottom.join(" "));
                }
            }
            Mark::Extremum { cell: spot, maximum } => {
                let [cx, cy] = at.centre(*spot);
                for (dx, dy) in [(0.0f32, -1.0f32), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
                    // A chevron near each side: its tip outward for a maximum, inward for a minimum.
                    let (near, far) = (cell * 0.33, cell * 0.43);
                    let (tip, base) = if *maximum { (far, near) } else { (near, far) };
                    let w = cell * 0.1;
                    let points = vec![
                        [cx + dx * base - dy * w, cy + dy * base + dx * w],
                        [cx + dx * tip, cy + dy * tip],
                        [cx + dx * base + dy * w, cy + dy * base - dx * w],
                    ];
                    items.push(line(points, thin * 1.2, 0.3));
                }
            }
            Mark::LittleKiller { clue, step, sum } => {
                let [cx, cy] = at.centre(*clue);
                let (dx, dy) = (step[1] as f32, step[0] as f32);
                text(
                    items,
                    [cx - dx * cell * 0.12, cy - dy * cell * 0.12],
                    cell * 0.34,
                    Face::Regular,
                    &sum.to_string(),
                );
                let from = [cx + dx * cell * 0.22, cy + dy * cell * 0.22];
                let to = [cx + dx * cell * 0.42, cy + dy * cell * 0.42];
                items.push(line(vec![from, to], thin * 1.2, 0.0));
                let h = cell * 0.1;
                items.push(line(vec![[to[0] - dx * h, to[1]], to, [to[0], to[1] - dy * h]], thin * 1.2, 0.0));
            }
            Mark::Outside { clue, value } => {
                text(items, at.centre(*clue), cell * 0.4, Face::Regular, &value.to_string());
            }
            Mark::Runs { clue, runs } => {
                // A row's runs side by side left of it (shrunk to the frame's cell); a column's
                // stacked in the cell above it, the first on top.
                let [x, y] = at.centre(*clue);
                let words: Vec<String> = if runs.is_empty() {
                    vec!["0".into()]
                } else {
                    runs.iter().map(u32::to_string).collect()
                };
                if clue[1] < 0 {
                    text(items, [x, y], cell * 0.4, Face::Regular, &words.join(" "));
                } else {
                    let step = cell * 0.9 / words.len() as f32;
                    let size = (cell * 0.4).min(step * 0.9);
                    for (k, word) in words.iter().enumerate() {
                        let wy = y - cell * 0.45 + step * (k as f32 + 0.5);
                        text(items, [x, wy], size, Face::Regular, word);
                    }
                }
            }
            Mark::Sums { cell: spot, down, right } => {
                // The block (filled dark by the grid) split from its top left to its bottom
                // right, the across sum in the upper right triangle and the down sum in the lower
                // left one, light on the dark: the way Kakuro books print a clue.
                let [cx, cy] = at.centre(*spot);
                let (x0, y0) = (cx - cell / 2.0, cy - cell / 2.0);
                items.push(line(vec![[x0, y0], [x0 + cell, y0 + cell]], thin * 1.2, 0.85));
                let size = cell * 0.34;
                for (sum, [dx, dy]) in [(right, [0.69, 0.3]), (down, [0.31, 0.7])] {
                    if let Some(sum) = sum {
                        let at = [x0 + cell * dx, y0 + cell * dy];
                        text_in(items, at, size, Face::Bold, &sum.to_string(), 1.0);
                    }
                }
            }
            Mark::Text { cells, text: words } => {
                if let Some((x0, y0, x1, y1)) = bounds(&at, cells) {
                    text(items, [(x0 + x1) / 2.0, (y0 + y1) / 2.0], cell * 0.3, Face::Regular, words);
                }
            }
            _ => {}
        }
    }
}

/// The circle cell nearest `to` (an arrow's line starts there).
fn nearest(circle: &[Spot], to: Option<&Spot>) -> Option<Spot> {
    let to = to?;
    circle.iter().copied().min_by_key(|s| (s[0] - to[0]).abs() + (s[1] - to[1]).abs())
}

fn draw_line(
    items: &mut Vec<Item>,
    at: &At<'_>,
    kind: LineKind,
    cells: &[Spot],
    color: Option<&str>,
    thin: f32,
) {
    let cell = at.0.cell;
    let points = at.centres(cells);
    let Some(&[bx, by]) = points.first() else { return };
    match kind {
        LineKind::Thermometer | LineKind::SlowThermometer => {
            items.push(line(points.clone(), cell * 0.3, 0.72));
            if kind == LineKind::SlowThermometer {
                items.push(line(points, cell * 0.16, 1.0));
            }
            items.push(Item::Disc { cx: bx, cy: by, r: cell * 0.38, gray: 0.72, outline: None });
        }
        LineKind::Between => {
            items.push(line(points.clone(), thin * 2.0, 0.5));
            for &[cx, cy] in [points.first(), points.last()].into_iter().flatten() {
                items.push(Item::Disc { cx, cy, r: cell * 0.4, gray: 1.0, outline: Some(thin * 1.5) });
            }
        }
        LineKind::Whispers => items.push(line(points, cell * 0.12, 0.62)),
        LineKind::Renban => items.push(line(points, cell * 0.2, 0.8)),
        LineKind::Palindrome => items.push(line(points, cell * 0.14, 0.7)),
        LineKind::RegionSum => items.push(line(points, cell * 0.08, 0.45)),
        LineKind::Cosmetic => items.push(line(points, cell * 0.12, gray_of(color))),
    }
}
