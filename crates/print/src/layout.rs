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
//!
//! One puzzle a page is laid out as a page of its own, not as one slot: the label is a bold
//! heading over the grid, sized to the page ([`heading_size`]: 3% of its height, 14 to 28 pt),
//! and the heading and grid together are centred between the header and the bottom margin.
//!
//! Sections ([`Section`]) each start a page, headed by their title, in the puzzles and again in
//! the key (`Answers · TITLE`). A gutter lays every page out on the trim width less the gutter
//! and moves the odd pages right by it ([`crate::print`]).

use crate::draw::{draw, Label};
use crate::font::Face;
use crate::grid::Grid;
use crate::print::shift;
use crate::scene::{Anchor, Item, Page};
use crate::{Book, Entry, Error, PageSize, Section};

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
/// The stars of a level's scale (`--show stars`).
pub const STARS: u8 = 5;

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
        Arrangement::key_in(page.points(), rows, cols)
    }

    /// [`Arrangement::key`] on a live area of `(width, height)` points.
    fn key_in(area: (f32, f32), rows: usize, cols: usize) -> Arrangement {
        let min = KEY_MIN_CELL_MM * PT_PER_MM;
        KEY_ARRANGEMENTS
            .iter()
            .map(|&(cols, rows)| Arrangement { cols, rows })
            .find(|arrangement| frame(area, Part::Key, *arrangement, 0, rows, cols).cell >= min)
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

/// The size of the heading over a grid laid out one a page: 3% of the page's height, 14 to 28
/// points (A4: 25 pt; 6x9in: 19 pt).
pub fn heading_size(height: f32) -> f32 {
    (height * 0.03).clamp(14.0, 28.0)
}

/// The frame of a grid of `rows × cols` cells in slot `slot` (from 0, across then down) of a
/// page of `(width, height)` points (`PageSize::points`, less a gutter) holding `part` arranged
/// as `arrangement`.
pub fn frame(
    (width, height): (f32, f32),
    part: Part,
    arrangement: Arrangement,
    slot: usize,
    rows: usize,
    cols: usize,
) -> Frame {
    let top = MARGIN + HEADER;
    let (rows_f, cols_f) = (rows.max(1) as f32, cols.max(1) as f32);
    if part == Part::Puzzles && arrangement.slots() == 1 {
        // The heading over the grid; heading and grid centred in the room below the header.
        let heading = heading_size(height) * 2.0;
        let (room_w, room_h) = (width - 2.0 * MARGIN, height - top - MARGIN - FOOTER_SIZE);
        let cell = (room_w / cols_f).min((room_h - heading) / rows_f);
        let (grid_w, grid_h) = (cell * cols as f32, cell * rows as f32);
        let y = top + (room_h - heading - grid_h) / 2.0 + heading;
        return Frame { x: MARGIN + (room_w - grid_w) / 2.0, y, cell, rows, cols };
    }
    let slot_w = (width - 2.0 * MARGIN - GAP_X * (arrangement.cols - 1) as f32) / arrangement.cols as f32;
    let slot_h = (height - top - MARGIN - GAP_Y * (arrangement.rows - 1) as f32) / arrangement.rows as f32;
    let (col, row) = (slot % arrangement.cols, slot / arrangement.cols);
    let slot_x = MARGIN + col as f32 * (slot_w + GAP_X);
    let slot_y = top + row as f32 * (slot_h + GAP_Y);
    let room = slot_h - part.label_room();
    let cell = (slot_w / cols_f).min(room / rows_f);
    let (grid_w, grid_h) = (cell * cols as f32, cell * rows as f32);
    Frame { x: slot_x + (slot_w - grid_w) / 2.0, y: slot_y + (room - grid_h) / 2.0, cell, rows, cols }
}

/// The pages of `book` (see [`Book::pages`]).
pub(crate) fn pages(book: &Book) -> Result<Vec<Page>, Error> {
    if book.entries.is_empty() {
        return Err(Error::Empty);
    }
    let sections = match book.sections.as_slice() {
        [] => vec![Section { title: book.title.clone(), count: book.entries.len() }],
        sections => sections.to_vec(),
    };
    let counted: usize = sections.iter().map(|s| s.count).sum();
    if counted != book.entries.len() {
        return Err(Error::Sections { sections: counted, entries: book.entries.len() });
    }
    let arrangement = Arrangement::puzzles(book.per_page)?;
    let (width, height) = book.page.points();
    let gutter = crate::paper::um_to_pt(book.gutter_um);
    // Every page is laid out on the trim less the gutter; the odd ones move right by it below.
    let live = (width - gutter, height);
    let (rows, cols) = largest(book.entries.iter().map(|entry| &entry.puzzle));
    let min = MIN_CELL_MM * PT_PER_MM;
    let asked = frame(live, Part::Puzzles, arrangement, 0, rows, cols);
    if asked.cell < min {
        let fits = (1..book.per_page)
            .rev()
            .find(|&n| {
                Arrangement::puzzles(n)
                    .is_ok_and(|a| frame(live, Part::Puzzles, a, 0, rows, cols).cell >= min)
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
            gray: 0.0,
        }],
    };
    fn label(entry: &Entry, part: Part, one: bool, (width, height): (f32, f32)) -> Label<'_> {
        let (text, stars, size, heading) = match part {
            Part::Puzzles if one => {
                // The heading shrinks to fit the page's width if it must.
                let size = heading_size(height);
                let wide = Face::Bold.width(&entry.label, size) + f32::from(STARS + 1) * size;
                let size = size.min(size * (width - 2.0 * MARGIN) / wide.max(1.0));
                (entry.label.as_str(), entry.stars, size, true)
            }
            Part::Puzzles => (entry.label.as_str(), entry.stars, LABEL_SIZE, false),
            Part::Key => (entry.key_label.as_str(), 0, KEY_LABEL_SIZE, false),
        };
        Label { text, stars, size, heading }
    }
    let mut pages = Vec::new();
    let key_grids = largest(book.entries.iter().map(|entry| &entry.key));
    let key = Arrangement::key_in(live, key_grids.0, key_grids.1);
    for part in [Part::Puzzles, Part::Key] {
        let (per_page, class) = match part {
            Part::Puzzles => (arrangement, "puzzle"),
            Part::Key => (key, "key"),
        };
        let mut entries = book.entries.as_slice();
        for section in &sections {
            let (these, rest) = entries.split_at(section.count);
            entries = rest;
            let title = match (part, book.sections.is_empty()) {
                (Part::Puzzles, true) => section.title.clone(),
                (Part::Puzzles, false) if book.title.is_empty() => section.title.clone(),
                (Part::Puzzles, false) => format!("{} · {}", book.title, section.title),
                (Part::Key, true) => "Answers".to_string(),
                (Part::Key, false) => format!("Answers · {}", section.title),
            };
            for chunk in these.chunks(per_page.slots()) {
                let mut page = new_page(&title);
                for (slot, entry) in chunk.iter().enumerate() {
                    let grid = if part == Part::Key { &entry.key } else { &entry.puzzle };
                    let at = frame(live, part, per_page, slot, grid.rows(), grid.cols());
                    let label = label(entry, part, arrangement.slots() == 1, live);
                    draw(&mut page.items, grid, &at, &label, class, &entry.key_label);
                }
                pages.push(page);
            }
        }
    }
    for (number, page) in pages.iter_mut().enumerate() {
        page.items.push(Item::Text {
            x: live.0 / 2.0,
            y: height - MARGIN + 2.0 * FOOTER_SIZE,
            size: FOOTER_SIZE,
            face: Face::Regular,
            anchor: Anchor::Middle,
            text: (number + 1).to_string(),
            gray: 0.0,
        });
        if number % 2 == 0 {
            // Page 1, 3, ...: a recto, bound on its left.
            shift(&mut page.items, gutter);
        }
    }
    Ok(pages)
}

/// The most rows and the most columns of any of `grids`.
fn largest<'a>(grids: impl Iterator<Item = &'a Grid>) -> (usize, usize) {
    grids.fold((1, 1), |(rows, cols), grid| (rows.max(grid.rows()), cols.max(grid.cols())))
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
                stars: 0,
            })
            .collect();
        Book { title: "Test".into(), page, per_page, entries, ..Book::default() }
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
                let frames: Vec<Frame> = (0..per_page)
                    .map(|k| frame(page.points(), Part::Puzzles, arrangement, k, 9, 9))
                    .collect();
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
