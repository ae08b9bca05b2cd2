//! Pictures of a tiling: ASCII with the pieces' letters (optionally coloured with ANSI escapes)
//! and SVG.
//!
//! ```text
//! UUXPPIIIII      each square shows its piece's letter; holes are '.'
//! UXXXPPLLLL      (with Style::Color, each piece also gets a background colour)
//! ```

use std::fmt::Write;

use super::{Puzzle, Tiling};

/// How [`render`] draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Style {
    /// Letters only.
    Plain,
    /// Letters on a background colour per piece (ANSI 256-colour escapes), for a terminal.
    Color,
}

/// Background colours (xterm 256-colour numbers), light enough for black letters.
const ANSI: [u8; 18] =
    [210, 114, 153, 222, 183, 80, 216, 150, 117, 229, 174, 121, 147, 223, 159, 192, 219, 186];

/// The tiling drawn with one character per square, one line per row.
///
/// ```
/// use tessera::tiling::{builtin, render, BitSolver, Board, Puzzle, Style};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let puzzle = Puzzle::new(Board::parse_size("20x3").unwrap(), pieces, motion);
/// let (tilings, _) = BitSolver::new(&puzzle).solutions_up_to(1);
/// let text = render(&puzzle, &tilings[0], Style::Plain);
/// assert_eq!(text.lines().count(), 3);
/// assert!(text.lines().all(|line| line.len() == 20));
/// ```
pub fn render(puzzle: &Puzzle, tiling: &Tiling, style: Style) -> String {
    let grid = tiling.grid(puzzle);
    let w = puzzle.board().width();
    let mut out = String::new();
    for row in grid.chunks(w) {
        for square in row {
            match (square, style) {
                (None, _) => out.push('.'),
                (Some((piece, _)), Style::Plain) => out.push(puzzle.pieces()[*piece].name()),
                (Some((piece, _)), Style::Color) => {
                    let color = ANSI[piece % ANSI.len()];
                    let _ = write!(out, "\x1b[30;48;5;{color}m{}\x1b[0m", puzzle.pieces()[*piece].name());
                }
            }
        }
        out.push('\n');
    }
    out
}

/// The tilings as one SVG picture: each tiling a grid of squares filled with its pieces' colours,
/// thick lines between pieces, the letter in each piece; tilings side by side, wrapping after
/// four. [`SvgLayout`] writes the same picture one tiling at a time, for a listing too long to
/// hold.
pub fn render_svg(puzzle: &Puzzle, tilings: &[Tiling]) -> String {
    let layout = SvgLayout::new(puzzle, tilings.len());
    let mut svg = layout.open();
    for (k, tiling) in tilings.iter().enumerate() {
        svg.push_str(&layout.tiling(k, tiling));
    }
    svg.push_str(SvgLayout::CLOSE);
    svg
}

/// The parts of [`render_svg`]'s picture of `count` tilings: the opening tag (which needs the
/// count), each tiling by its position, and the closing tag. The positions depend on the count
/// only below four tilings (one row of them); from four on, four to a row.
///
/// ```
/// use tessera::tiling::{builtin, render_svg, BitSolver, Board, Puzzle, SvgLayout};
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let puzzle = Puzzle::new(Board::parse_size("3x20").unwrap(), pieces, motion);
/// let (tilings, _) = BitSolver::new(&puzzle).solutions_up_to(5);
/// let layout = SvgLayout::new(&puzzle, tilings.len());
/// let mut svg = layout.open();
/// for (k, tiling) in tilings.iter().enumerate() {
///     svg.push_str(&layout.tiling(k, tiling));
/// }
/// svg.push_str(SvgLayout::CLOSE);
/// assert_eq!(svg, render_svg(&puzzle, &tilings));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SvgLayout<'p> {
    puzzle: &'p Puzzle,
    count: usize,
    per_row: usize,
}

impl<'p> SvgLayout<'p> {
    /// The closing tag.
    pub const CLOSE: &'static str = "</svg>\n";
    const SQ: usize = 24;
    const GAP: usize = 24;

    /// The layout of `count` tilings of `puzzle`.
    pub fn new(puzzle: &'p Puzzle, count: usize) -> Self {
        SvgLayout { puzzle, count, per_row: count.clamp(1, 4) }
    }

    /// The size of one tiling's cell in the picture, gap included.
    fn cell(&self) -> (usize, usize) {
        let (w, h) = (self.puzzle.board().width(), self.puzzle.board().height());
        (w * Self::SQ + Self::GAP, h * Self::SQ + Self::GAP)
    }

    /// The opening tag, with the picture's size.
    pub fn open(&self) -> String {
        let (tw, th) = self.cell();
        let rows = self.count.div_ceil(self.per_row).max(1);
        let mut svg = String::new();
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" \
             font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\">",
            self.per_row * tw,
            rows * th,
            self.per_row * tw,
            rows * th,
            Self::SQ * 2 / 3
        );
        svg
    }

    /// Tiling number `k` (from 0), in its place.
    pub fn tiling(&self, k: usize, tiling: &Tiling) -> String {
        const SQ: usize = SvgLayout::SQ;
        let puzzle = self.puzzle;
        let (w, h) = (puzzle.board().width(), puzzle.board().height());
        let (tw, th) = self.cell();
        let per_row = self.per_row;
        let mut svg = String::new();
        let (x0, y0) = ((k % per_row) * tw + Self::GAP / 2, (k / per_row) * th + Self::GAP / 2);
        let grid = tiling.grid(puzzle);
        let _ = writeln!(svg, "<g transform=\"translate({x0},{y0})\">");
        for r in 0..h {
            for c in 0..w {
                let fill = match grid[r * w + c] {
                    Some((piece, _)) => color(piece, puzzle.pieces().len()),
                    None if puzzle.board().is_open(r as i32, c as i32) => "#ffffff".into(),
                    None => "#d8d8d8".into(),
                };
                let _ = writeln!(
                    svg,
                    "<rect x=\"{}\" y=\"{}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\" stroke=\"#00000022\"/>",
                    c * SQ,
                    r * SQ
                );
            }
        }
        // Thick edges where the part changes (including the board's edge and holes).
        let part = |r: i32, c: i32| -> Option<usize> {
            if r < 0 || c < 0 || r as usize >= h || c as usize >= w {
                None
            } else {
                grid[r as usize * w + c as usize].map(|s| s.1)
            }
        };
        for r in 0..=h as i32 {
            for c in 0..=w as i32 {
                if c < w as i32 && part(r - 1, c) != part(r, c) {
                    let (x, y) = (c as usize * SQ, r as usize * SQ);
                    let _ = writeln!(svg, "<line x1=\"{x}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#000\" stroke-width=\"2.5\" stroke-linecap=\"square\"/>", x + SQ);
                }
                if r < h as i32 && part(r, c - 1) != part(r, c) {
                    let (x, y) = (c as usize * SQ, r as usize * SQ);
                    let _ = writeln!(svg, "<line x1=\"{x}\" y1=\"{y}\" x2=\"{x}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"2.5\" stroke-linecap=\"square\"/>", y + SQ);
                }
            }
        }
        // The letter of each piece, on its first cell.
        for &p in &tiling.placements {
            let placement = &puzzle.placements()[p];
            let (r, c) = puzzle.cells()[placement.cells[0] as usize];
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                c as usize * SQ + SQ / 2,
                r as usize * SQ + SQ * 3 / 4,
                puzzle.pieces()[placement.piece].name()
            );
        }
        svg.push_str("</g>\n");
        svg
    }
}

/// A distinct, light colour for piece `i` of `n`: hues spread round the circle.
fn color(i: usize, n: usize) -> String {
    let hue = (i * 360 / n.max(1) + (i % 2) * 17) % 360;
    format!("hsl({hue},70%,{}%)", if i % 2 == 0 { 72 } else { 62 })
}
