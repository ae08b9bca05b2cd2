//! Print-ready puzzle books: Sudoku and Hidato grids laid out N to a page, an answer key at the
//! end, written as a PDF (vector grids, fonts embedded) or as one SVG file per page.
//!
//! The pipeline has three steps, each a module:
//!
//! 1. [`grid`] turns a puzzle into a [`Grid`]: cells with their text, weight and marks, and the
//!    region of every cell. A line between two cells of different regions (Sudoku boxes, jigsaw
//!    regions; a Hidato cell and a hole) is drawn thick, every other cell edge thin. Deriving the
//!    thick lines from regions rather than from box sizes draws boxes, jigsaw regions and Hidato
//!    shapes with holes by one rule.
//! 2. [`layout`] places the grids on [`Page`](scene::Page)s: a fixed arrangement of slots per
//!    page for 1 to [`MAX_PER_PAGE`] grids (columns × rows chosen so that grids stay as large as
//!    the page allows), the label under each grid, the page header and the page number. It
//!    refuses a layout whose cells would be too small to write in ([`MIN_CELL_MM`]) and names how
//!    many grids a page can hold instead. The answer key packs more, smaller grids to a page.
//! 3. [`pdf`] and [`svg`] draw the same pages, so the two outputs cannot disagree. The page is a
//!    list of primitives ([`scene::Item`]: line sets, filled rectangles, circles, text) in
//!    points with the origin at the top left, which both PDF (through krilla's surface) and SVG
//!    use.
//!
//! Why krilla for the PDF: it is pure Rust, embeds TrueType fonts subset to the glyphs used
//! (a 100-puzzle book carries a few kilobytes of font, not the whole file) with a ToUnicode map,
//! so that `pdftotext` and screen readers read the digits back, and draws vector paths. The
//! lower-level `pdf-writer` would need the font subsetting, CID widths and ToUnicode tables
//! written by hand; `printpdf` brings far more than grids need.
//!
//! The fonts are the Go fonts (Regular and Bold, by Bigelow & Holmes; BSD-3-Clause licence in
//! `fonts/LICENSE`), compiled into the crate: a book looks the same on every machine. SVG pages
//! carry the outlines of the glyphs they use ([`svg`]), so that they too name no font.
//!
//! For the printer ([`mod@print`]): a gutter (the inner margin grown, left on odd pages and right on
//! even ones), crop marks outside the bleed, and PDF/X-1a:2003 ([`pdfx`]).

#![forbid(unsafe_code)]

mod draw;
pub mod font;
pub mod grid;
pub mod layout;
mod marks;
mod outline;
mod overlay;
pub mod paper;
pub mod pdf;
pub mod pdfx;
pub mod print;
pub mod scene;
pub mod svg;

pub use grid::{Cell, Grid};
pub use layout::{Arrangement, Frame, MAX_PER_PAGE, MIN_CELL_MM};
pub use paper::{parse_bleed, parse_gutter, PageSize};
pub use pdfx::PdfX;

/// One grid alone as a standalone SVG document, `cell` points a cell, drawn as a book draws it
/// (regions, cages, marks, digits as glyph outlines) with a margin of a tenth of a cell and no
/// label: a front end's small picture of a puzzle, such as the web game's solved example of
/// each puzzle type. A grid with clues outside it grows by a cell on every side.
///
/// ```
/// use tessera::sudoku::{Layout, Sudoku};
/// let grid = tessera_print::Grid::sudoku(&Sudoku::empty(std::sync::Arc::new(Layout::classic(4).unwrap())));
/// let svg = tessera_print::figure(&grid, 20.0);
/// assert!(svg.contains(r#"viewBox="0 0 84 84""#), "4 cells of 20 pt and a margin of 2 pt: {svg}");
/// ```
pub fn figure(grid: &Grid, cell: f32) -> String {
    let margin = cell * 0.1;
    let outside = if grid.frame() { 2 } else { 0 };
    let (rows, cols) = (grid.rows(), grid.cols());
    // draw() shrinks a framed grid into the middle of its frame, a cell in on each side: the
    // frame's cell is grown so that the grid's own cells come out `cell` points wide.
    let grow = |n: usize| (n + outside) as f32 / n.max(1) as f32;
    let framed = cell * grow(cols).max(grow(rows));
    let at = Frame { x: margin, y: margin, cell: if outside > 0 { framed } else { cell }, rows, cols };
    let mut items = Vec::new();
    let label = draw::Label { text: "", stars: 0, size: 0.0, heading: false };
    draw::draw(&mut items, grid, &at, &label, "puzzle", "figure");
    let width = cell * (cols + outside) as f32 + 2.0 * margin;
    let height = cell * (rows + outside) as f32 + 2.0 * margin;
    svg::write(&scene::Page { width, height, items })
}

/// What can go wrong making a book.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A book needs at least one puzzle.
    #[error("the book has no puzzle")]
    Empty,
    /// Grids per page outside `1..=MAX_PER_PAGE`.
    #[error("{per_page} grids a page: expected 1 to {MAX_PER_PAGE}")]
    PerPage {
        /// What was asked.
        per_page: usize,
    },
    /// The cells would be too small to write in.
    #[error(
        "{per_page} grids a page leave the {rows}x{cols} grids cells of {cell_mm:.1} mm on {page} \
         paper, under the {MIN_CELL_MM} mm a pencil needs; {}",
        fits_message(*fits)
    )]
    TooSmall {
        /// What was asked.
        per_page: usize,
        /// The paper.
        page: PageSize,
        /// Rows of the largest grid.
        rows: usize,
        /// Columns of the largest grid.
        cols: usize,
        /// The side of a cell it would get, in millimetres.
        cell_mm: f32,
        /// The most grids a page that keep cells large enough (0: not even one).
        fits: usize,
    },
    /// The PDF writer failed (a font it could not embed).
    #[error("writing the PDF: {0}")]
    Pdf(String),
    /// The sections do not add up to the puzzles.
    #[error("the sections hold {sections} puzzles but the book has {entries}")]
    Sections {
        /// Puzzles the sections count.
        sections: usize,
        /// Puzzles in the book.
        entries: usize,
    },
    /// Crop marks asked for without a bleed to put them beyond.
    #[error("crop marks need a bleed (--bleed): they are drawn outside it")]
    MarksWithoutBleed,
}

fn fits_message(fits: usize) -> String {
    match fits {
        0 => "even one grid a page is too small: use a larger page".to_string(),
        1 => "at most 1 a page fits".to_string(),
        n => format!("at most {n} a page fit"),
    }
}

/// One puzzle of a book: its grid, its answer, and the labels under each.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The puzzle as printed.
    pub puzzle: Grid,
    /// The solution, for the answer key.
    pub key: Grid,
    /// Under the puzzle: its level and id, e.g. `Hard · #12 · seed 1234`.
    pub label: String,
    /// Under its answer: e.g. `#12`.
    pub key_label: String,
    /// Stars drawn after the label, 1 to [`layout::STARS`] filled of [`layout::STARS`]; 0 for
    /// none.
    pub stars: u8,
}

#[cfg(test)]
impl Entry {
    /// The tests' filler: an empty classic 9x9 grid as puzzle and answer, labelled `#1`.
    pub(crate) fn empty_9x9(stars: u8) -> Entry {
        use tessera::sudoku::{Layout, Sudoku};
        let grid = Grid::sudoku(&Sudoku::empty(std::sync::Arc::new(Layout::classic(9).unwrap())));
        Entry { puzzle: grid.clone(), key: grid, label: "#1".into(), key_label: "#1".into(), stars }
    }
}

/// A run of puzzles under its own header (`Sudoku · Easy`: the book's title, then the
/// section's), and its answers under `Answers · Easy`: each section starts a page, in the
/// puzzles and in the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The header of its pages.
    pub title: String,
    /// How many of the book's entries, in order, it holds.
    pub count: usize,
}

/// A book: puzzles laid out `per_page` to a page, then the answer key.
#[derive(Debug, Clone, Default)]
pub struct Book {
    /// The header of the puzzle pages (e.g. `Sudoku · Hard`); the key's pages say `Answers`.
    pub title: String,
    /// Paper size: the trim size the pages are laid out for.
    pub page: PageSize,
    /// Bleed in micrometres (0: none): the PDF page grows by it on every side around the trim
    /// size, which it declares as its `TrimBox` (the trim plus the bleed is the `BleedBox`: the
    /// whole page unless crop marks grow it further, see [`mod@print`]). SVG pages are the trim size.
    pub bleed_um: u32,
    /// Puzzle grids per page, 1 to [`MAX_PER_PAGE`].
    pub per_page: usize,
    /// The puzzles, in book order.
    pub entries: Vec<Entry>,
    /// The sections, in order, counting every entry; empty: one section, headed by `title`.
    pub sections: Vec<Section>,
    /// The gutter in micrometres: added to the inner margin (left on odd pages, right on even).
    pub gutter_um: u32,
    /// Crop marks at the corners of the trim, outside the bleed (PDF only; needs a bleed).
    pub crop_marks: bool,
    /// Write PDF/X-1a:2003 (see [`pdfx`]).
    pub pdfx: Option<PdfX>,
}

impl Book {
    /// The pages: puzzles first, then the answer key, numbered from 1.
    pub fn pages(&self) -> Result<Vec<scene::Page>, Error> {
        layout::pages(self)
    }

    /// The whole book as one PDF file.
    pub fn pdf(&self) -> Result<Vec<u8>, Error> {
        if self.crop_marks && self.bleed_um == 0 {
            return Err(Error::MarksWithoutBleed);
        }
        let sheet = print::Sheet {
            bleed: paper::um_to_pt(self.bleed_um),
            crop_marks: self.crop_marks,
            trim_box: self.pdfx.is_some(),
        };
        let pdf = pdf::write(&self.title, &self.pages()?, &sheet, self.pdfx.as_ref())?;
        match &self.pdfx {
            Some(pdfx) => pdfx.finish(pdf),
            None => Ok(pdf),
        }
    }

    /// The book as SVG documents, one per page, in order.
    pub fn svg(&self) -> Result<Vec<String>, Error> {
        Ok(self.pages()?.iter().map(svg::write).collect())
    }
}
