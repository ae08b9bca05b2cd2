//! Grids on pages. Each page has a margin, a header line (the book's title, or `Answers`), and a
//! page number centred in the bottom margin; the rest is cut into `cols × rows` equal slots,
//! filled left to right, top to bottom. A grid takes the largest square cells its slot allows
//! above the room for its label, centred in the slot.
//!
//! Puzzle pages use a fixed arrangement per count ([`Arrangement::puzzles`]: 1, 2 and 3 stacked,
//! 4 as 2 × 2, 6 as 2 × 3, 9 as 3 × 3, 12 as 3 × 4, the counts between them in the next one
//! up), so that a publisher knows where each grid lands. The answer key takes the densest
//! arrangement whose cells stay readable ([`KEY_MIN_CELL_MM`]): answers are checked, not
//! solved in. Cells of puzzles are at least [`MIN_CELL_MM`] (room for a pencilled digit);
//! a request below it is refused with the count that fits.

use crate::font::Face;
use crate::grid::Grid;
use crate::marks::{cage_dashes, star};
use crate::scene::{Anchor, Item, Page};
use crate::{Book, Error, PageSize};

/// The most puzzle grids on one page.
pub const MAX_PER_PAGE: usize = 12;
/// The smallest cell side of a puzzle, in millimetres.
pub const MIN_CELL_MM: f32 = 5.0;
/// The smallest cell side of an answer, in millimetres.
pub const KEY_MIN_CELL_MM: f32 = 3.0;

/// Points per millimetre.
const PT_PER_MM: f32 = 72.0 / 25.4;
/// Page margin on every side.
const MARGIN: f32 = 42.0;
/// From the top margin to the first slot: the header line.
const HEADER: f32 = 30.0;
const HEADER_SIZE: f32 = 13.0;
const FOOTER_SIZE: f32 = 10.0;
/// Between slots, across and down.
const GAP_X: f32 = 24.0;
const GAP_Y: f32 = 16.0;
const LABEL_SIZE: f32 = 8.5;
const KEY_LABEL_SIZE: f32 = 7.5;

/// The answer key's arrangements, densest first.
const KEY_ARRANGEMENTS: [(usize, usize); 7] = [(4, 5), (3, 4), (3, 3), (2, 3), (2, 2), (1, 2), (1, 1)];

/// Which part of the book a grid is in: its label's room and size differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// The puzzle pages.
    Puzzles,
    /// The answer key.
    Key,
}

impl Part {
    fn label_size(self) -> f32 {
        match self {
            Part::Puzzles => LABEL_SIZE,
            Part::Key => KEY_LABEL_SIZE,
        }
    }

    /// Room under a grid for its label.
    fn label_room(self) -> f32 {
        self.label_size() * 2.0
    }
}

/// Slots on a page: `cols` across, `rows` down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrangement {
    /// Slots across.
    pub cols: usize,
    /// Slots down.
    pub rows: usize,
}

impl Arrangement {
    /// The slots of `per_page` puzzle grids (see the module header).
    pub fn puzzles(per_page: usize) -> Result<Arrangement, Error> {
        let (cols, rows) = match per_page {
            1 => (1, 1),
            2 => (1, 2),
            3 => (1, 3),
            4 => (2, 2),
            5 | 6 => (2, 3),
            7 | 8 => (2, 4),
            9 => (3, 3),
            10..=MAX_PER_PAGE => (3, 4),
            _ => return Err(Error::PerPage { per_page }),
        };
        Ok(Arrangement { cols, rows })
    }

    /// The answer key's arrangement for grids of at most `rows × cols` cells.
    pub fn key(page: PageSize, rows: usize, cols: usize) -> Arrangement {
        let min = KEY_MIN_CELL_MM * PT_PER_MM;
        KEY_ARRANGEMENTS
            .iter()
            .map(|&(cols, rows)| Arrangement { cols, rows })
            .find(|arrangement| frame(page, Part::Key, *arrangement, 0, rows, cols).cell >= min)
            .unwrap_or(Arrangement { cols: 1, rows: 1 })
    }

    /// Slots on a page.
    pub fn slots(self) -> usize {
        self.cols * self.rows
    }
}

/// Where a grid is drawn: its top left corner and cell side, in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Cell side.
    pub cell: f32,
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
}

impl Frame {
    /// Width of the grid.
    pub fn width(&self) -> f32 {
        self.cell * self.cols as f32
    }

    /// Height of the grid.
    pub fn height(&self) -> f32 {
        self.cell * self.rows as f32
    }

    /// The cell side in millimetres.
    pub fn cell_mm(&self) -> f32 {
        self.cell / PT_PER_MM
    }
}

/// The frame of a grid of `rows × cols` cells in slot `slot` (from 0, across then down) of a
/// page of `part` arranged as `arrangement`.
pub fn frame(
    page: PageSize,
    part: Part,
    arrangement: Arrangement,
    slot: usize,
    rows: usize,
    cols: usize,
) -> Frame {
    let (width, height) = page.points();
    let top = MARGIN + HEADER;
    let slot_w = (width - 2.0 * MARGIN - GAP_X * (arrangement.cols - 1) as f32) / arrangement.cols as f32;
    let slot_h = (height - top - MARGIN - GAP_Y * (arrangement.rows - 1) as f32) / arrangement.rows as f32;
    let (col, row) = (slot % arrangement.cols, slot / arrangement.cols);
    let slot_x = MARGIN + col as f32 * (slot_w + GAP_X);
    let slot_y = top + row as f32 * (slot_h + GAP_Y);
    let room = slot_h - part.label_room();
    let cell = (slot_w / cols.max(1) as f32).min(room / rows.max(1) as f32);
    let (grid_w, grid_h) = (cell * cols as f32, cell * rows as f32);
    Frame { x: slot_x + (slot_w - grid_w) / 2.0, y: slot_y + (room - grid_h) / 2.0, cell, rows, cols }
}

/// The pages of `book` (see [`Book::pages`]).
pub(crate) fn pages(book: &Book) -> Result<Vec<Page>, Error> {
    if book.entries.is_empty() {
        return Err(Error::Empty);
    }
    let arrangement = Arrangement::puzzles(book.per_page)?;
    let (rows, cols) = largest(book.entries.iter().map(|entry| &entry.puzzle));
    let min = MIN_CELL_MM * PT_PER_MM;
    let asked = frame(book.page, Part::Puzzles, arrangement, 0, rows, cols);
    if asked.cell < min {
        let fits = (1..book.per_page)
            .rev()
            .find(|&n| {
                Arrangement::puzzles(n)
                    .is_ok_and(|a| frame(book.page, Part::Puzzles, a, 0, rows, cols).cell >= min)
            })
            .unwrap_or(0);
        return Err(Error::TooSmall {
            per_page: book.per_page,
            page: book.page,
            rows,
            cols,
            cell_mm: asked.cell_mm(),
            fits,
        });
    }
    let (width, height) = book.page.points();
    let new_page = |title: &str| Page {
        width,
        height,
        items: vec![Item::Text {
            x: MARGIN,
            y: MARGIN + HEADER_SIZE,
            size: HEADER_SIZE,
            face: Face::Bold,
            anchor: Anchor::Start,
            text: title.to_string(),
        }],
    };
    let mut pages = Vec::new();
    for chunk in book.entries.chunks(arrangement.slots()) {
        let mut page = new_page(&book.title);
        for (slot, entry) in chunk.iter().enumerate() {
            let grid = &entry.puzzle;
            let at = frame(book.page, Part::Puzzles, arrangement, slot, grid.rows(), grid.cols());
            draw(&mut page.items, grid, &at, Part::Puzzles, &entry.label, "puzzle", &entry.key_label);
        }
        pages.push(page);
    }
    let (rows, cols) = largest(book.entries.iter().map(|entry| &entry.key));
    let key = Arrangement::key(book.page, rows, cols);
    for chunk in book.entries.chunks(key.slots()) {
        let mut page = new_page("Answers");
        for (slot, entry) in chunk.iter().enumerate() {
            let grid = &entry.key;
            let at = frame(book.page, Part::Key, key, slot, grid.rows(), grid.cols());
            draw(&mut page.items, grid, &at, Part::Key, &entry.key_label, "key", &entry.key_label);
        }
        pages.push(page);
    }
    for (number, page) in pages.iter_mut().enumerate() {
        page.items.push(Item::Text {
            x: width / 2.0,
            y: height - MARGIN + 2.0 * FOOTER_SIZE,
            size: FOOTER_SIZE,
            face: Face::Regular,
            anchor: Anchor::Middle,
            text: (number + 1).to_string(),
        });
    }
    Ok(pages)
}

/// The most rows and the most columns of any of `grids`.
fn largest<'a>(grids: impl Iterator<Item = &'a Grid>) -> (usize, usize) {
    grids.fold((1, 1), |(rows, cols), grid| (rows.max(grid.rows()), cols.max(grid.cols())))
}

/// Line widths for a cell side: thin cell edges, thick region borders.
fn widths(cell: f32) -> (f32, f32) {
    ((cell * 0.03).clamp(0.35, 0.8), (cell * 0.085).clamp(1.0, 2.6))
}

/// Draws `grid` in `at`, its label under it, as a group of `class` named `id`.
fn draw(
    items: &mut Vec<Item>,
    grid: &Grid,
    at: &Frame,
    part: Part,
    label: &str,
    class: &'static str,
    id: &str,
) {
    items.push(Item::Begin { class, id: id.to_string() });
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
        });
    }
    let size = part.label_size();
    items.push(Item::Text {
        x: at.x + at.width() / 2.0,
        y: at.y + at.height() + size * 1.5,
        size,
        face: Face::Regular,
        anchor: Anchor::Middle,
        text: label.to_string(),
    });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entry;
    use std::sync::Arc;
    use tessera::sudoku::{Layout, Sudoku};

    fn book(size: usize, count: usize, per_page: usize, page: PageSize) -> Book {
        let layout = Arc::new(Layout::classic(size).unwrap());
        let grid = Grid::sudoku(&Sudoku::empty(layout));
        let entries = (1..=count)
            .map(|k| Entry {
                puzzle: grid.clone(),
                key: grid.clone(),
                label: format!("#{k}"),
                key_label: format!("#{k}"),
            })
            .collect();
        Book { title: "Test".into(), page, bleed_um: 0, per_page, entries }
    }

    #[test]
    fn the_page_count_is_puzzle_pages_then_key_pages() {
        // 10 puzzles at 4 a page: 3 pages; the 9x9 key packs 20 a page: 1 more.
        assert_eq!(book(9, 10, 4, PageSize::A4).pages().unwrap().len(), 4);
        assert_eq!(book(9, 41, 1, PageSize::Letter).pages().unwrap().len(), 41 + 3);
        for per_page in 1..=MAX_PER_PAGE {
            let pages = book(9, 25, per_page, PageSize::A4).pages().unwrap();
            assert_eq!(pages.len(), 25usize.div_ceil(per_page) + 2, "{per_page}");
        }
    }

    #[test]
    fn nonsense_is_refused_with_what_fits() {
        assert_eq!(book(9, 1, 0, PageSize::A4).pages(), Err(Error::PerPage { per_page: 0 }));
        assert_eq!(book(9, 1, 1000, PageSize::A4).pages(), Err(Error::PerPage { per_page: 1000 }));
        assert_eq!(book(9, 0, 4, PageSize::A4).pages(), Err(Error::Empty));
        match book(25, 4, 4, PageSize::A4).pages() {
            Err(Error::TooSmall { fits: 1, rows: 25, .. }) => {}
            other => panic!("{other:?}"),
        }
        let message = book(16, 1, 12, PageSize::A4).pages().unwrap_err().to_string();
        assert!(message.contains("16x16") && message.contains("at most"), "{message}");
    }

    #[test]
    fn frames_stay_inside_the_page_and_apart() {
        for page in [PageSize::A4, PageSize::Letter] {
            let (width, height) = page.points();
            for per_page in 1..=MAX_PER_PAGE {
                let arrangement = Arrangement::puzzles(per_page).unwrap();
                let frames: Vec<Frame> =
                    (0..per_page).map(|k| frame(page, Part::Puzzles, arrangement, k, 9, 9)).collect();
                for (i, a) in frames.iter().enumerate() {
                    assert!(a.x >= MARGIN && a.x + a.width() <= width - MARGIN + 1e-3);
                    assert!(
                        a.y >= MARGIN + HEADER
                            && a.y + a.height() + LABEL_SIZE * 2.0 <= height - MARGIN + 1e-3
                    );
                    assert!(a.cell_mm() >= MIN_CELL_MM, "{per_page}: {}", a.cell_mm());
                    for b in &frames[i + 1..] {
                        let apart = a.x + a.width() <= b.x
                            || b.x + b.width() <= a.x
                            || a.y + a.height() <= b.y
                            || b.y + b.height() <= a.y;
                        assert!(apart, "{per_page}: {a:?} overlaps {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_sudoku_has_ten_thin_or_thick_lines_each_way_merged_into_runs() {
        let pages = book(9, 1, 1, PageSize::A4).pages().unwrap();
        let lines: Vec<(f32, usize)> = pages[0]
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Lines { width, segments, .. } => Some((*width, segments.len())),
                _ => None,
            })
            .collect();
        // Thin: the 6 lines each way not on a box border, one run each (drawn under the thick
        // lines that cross them). Thick: the 4 box lines each way.
        assert_eq!(lines[0].1, 12);
        assert_eq!(lines[1].1, 8);
        assert!(lines[1].0 > 2.0 * lines[0].0);
    }
}
