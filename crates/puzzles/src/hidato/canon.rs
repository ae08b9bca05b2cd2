//! A canonical form of Hidato and Numbrix puzzles, for the puzzle registry
//! ([`crate::common::registry`]): [`registry_entry`].
//!
//! Two puzzles are equivalent when one becomes the other by a symmetry of the board (the eight
//! of the square: four turns, four reflections; a turn by a quarter takes a `W x H` board to an
//! `H x W` one, which is the same puzzle printed sideways), by reversing the numbering (`k`
//! becomes `N + 1 - k`, with `N` the number of cells that are not holes), or both. Reversal is
//! a symmetry of the puzzle kind: the rule "consecutive numbers touch" reads the same from `N`
//! down to 1, so the reversed puzzle's solutions are exactly the reversed solutions, and a
//! solver meets the same deductions in the other direction; a publisher who printed one has
//! printed the other. The holes are part of the puzzle and move with the board.
//!
//! The form is the least of the sixteen images (eight board symmetries, each with and without
//! reversal), compared as (width, height, cells row by row) with a hole below an empty cell below
//! every number. Sixteen images of a board of at most a few hundred cells cost nothing next to
//! generating it, so no cleverer search is needed.
//!
//! The registry line is `hidato WxH FORM` (`numbrix` for orthogonal adjacency, a different
//! puzzle kind), with `WxH` the form's board and FORM its cells joined by `,`: a number, `.`
//! for an empty cell, `#` for a hole.

use crate::common::registry::Entry;
use crate::hidato::{Adjacency, Hidato, EMPTY, HOLE};

/// The kind word of Hidato lines (king's moves).
pub const REGISTRY_HIDATO: &str = "hidato";
/// The kind word of Numbrix lines (orthogonal moves).
pub const REGISTRY_NUMBRIX: &str = "numbrix";

/// A key of the solved board `solution` that is the same for every copy of it a script could
/// make to disguise its puzzle (turned, reflected, numbered backwards): its registry line. The
/// web game marks every game of a key assisted when it gives out an answer with that key.
pub fn answer_key(solution: &Hidato) -> String {
    registry_entry(solution).line()
}

/// The registry line of `puzzle`: the least of its images under the board's symmetries and
/// reversal of the numbering (see the module header).
///
/// ```
/// use tessera::hidato::{registry_entry, Adjacency, Hidato};
/// let puzzle = Hidato::new(3, 2, vec![1, 0, 0, 0, 0, 6], Adjacency::King).unwrap();
/// let turned = Hidato::new(2, 3, vec![0, 1, 0, 0, 6, 0], Adjacency::King).unwrap();
/// assert_eq!(registry_entry(&puzzle), registry_entry(&turned));
/// assert_eq!(registry_entry(&puzzle).line(), "hidato 2x3 1,.,.,.,.,6");
/// ```
pub fn registry_entry(puzzle: &Hidato) -> Entry {
    let (width, height, cells) = canonical_cells(puzzle);
    let form: Vec<String> = cells
        .iter()
        .map(|&key| match key {
            HOLE_KEY => "#".to_owned(),
            EMPTY_KEY => ".".to_owned(),
            number => number.to_string(),
        })
        .collect();
    Entry {
        kind: kind(puzzle.adjacency()).to_owned(),
        layout: format!("{width}x{height}"),
        form: form.join(","),
    }
}

/// The kind word of an adjacency.
fn kind(adjacency: Adjacency) -> &'static str {
    match adjacency {
        Adjacency::King => REGISTRY_HIDATO,
        Adjacency::Orthogonal => REGISTRY_NUMBRIX,
    }
}

/// Order keys: numbers first (as themselves), then an empty cell, then a hole.
const EMPTY_KEY: u32 = u32::MAX - 1;
const HOLE_KEY: u32 = u32::MAX;

/// The least image: (width, height, cell keys).
fn canonical_cells(puzzle: &Hidato) -> (usize, usize, Vec<u32>) {
    let (w, h) = (puzzle.width(), puzzle.height());
    let n = puzzle.size() as i32;
    let mut best: Option<(usize, usize, Vec<u32>)> = None;
    for symmetry in 0..8 {
        let (tw, th) = if symmetry >= 4 { (h, w) } else { (w, h) };
        for reverse in [false, true] {
            let mut cells = vec![0u32; w * h];
            for y in 0..h {
                for x in 0..w {
                    let (tx, ty) = image(symmetry, x, y, w, h);
                    let value = puzzle.get(y * w + x);
                    cells[ty * tw + tx] = match value {
                        HOLE => HOLE_KEY,
                        EMPTY => EMPTY_KEY,
                        v if reverse => (n + 1 - v) as u32,
                        v => v as u32,
                    };
                }
            }
            let image = (tw, th, cells);
            if best.as_ref().is_none_or(|best| image < *best) {
                best = Some(image);
            }
        }
    }
    best.expect("eight symmetries")
}

/// Where cell `(x, y)` of a `w x h` board goes under symmetry `s`: 0-3 keep the board's sides
/// (identity, half turn, the two mirrors), 4-7 swap them (the two quarter turns, the two
/// diagonal reflections).
fn image(s: usize, x: usize, y: usize, w: usize, h: usize) -> (usize, usize) {
    match s {
        0 => (x, y),
        1 => (w - 1 - x, h - 1 - y),
        2 => (w - 1 - x, y),
        3 => (x, h - 1 - y),
        4 => (y, x),
        5 => (h - 1 - y, w - 1 - x),
        6 => (h - 1 - y, x),
        _ => (y, w - 1 - x),
    }
}

/// Checks a registry line of kind `hidato` or `numbrix`: a board `WxH` and a form of `W * H`
/// cells, each a number from 1 to the cells that are not holes, `.` or `#`.
pub fn check_registry_entry(entry: &Entry) -> Result<(), String> {
    let sides = entry
        .layout
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)));
    let Some((w, h)) = sides.filter(|&(w, h)| w > 0 && h > 0) else {
        return Err(format!("the layout {:?} is not a board WxH such as 7x7", entry.layout));
    };
    let cells: Vec<&str> = entry.form.split(',').collect();
    if cells.len() != w.saturating_mul(h) {
        return Err(format!("a {w}x{h} form has {} cells, this one {}", w * h, cells.len()));
    }
    let open = cells.iter().filter(|&&c| c != "#").count();
    for (i, cell) in cells.iter().enumerate() {
        let fine = matches!(*cell, "." | "#") || cell.parse::<usize>().is_ok_and(|v| (1..=open).contains(&v));
        if !fine {
            return Err(format!(
                "cell {} of the form is {cell:?}: expected `.`, `#` or a number from 1 to {open}",
                i + 1
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hidato::Generator;

    /// Every image of a puzzle (turned, mirrored, reversed) has the same entry; another puzzle
    /// does not.
    #[test]
    fn images_share_the_entry() {
        let shape = Hidato::new(5, 4, vec![0; 20], Adjacency::King).unwrap();
        let made = Generator::new(shape).generate(3).unwrap();
        let puzzle = &made.puzzle;
        let entry = registry_entry(puzzle);
        check_registry_entry(&entry).unwrap();
        let (w, h, n) = (puzzle.width(), puzzle.height(), puzzle.size() as i32);
        for s in 0..8 {
            for reverse in [false, true] {
                let (tw, th) = if s >= 4 { (h, w) } else { (w, h) };
                let mut cells = vec![0; w * h];
                for y in 0..h {
                    for x in 0..w {
                        let (tx, ty) = image(s, x, y, w, h);
                        let v = puzzle.get(y * w + x);
                        cells[ty * tw + tx] = if reverse && v > 0 { n + 1 - v } else { v };
                    }
                }
                let other = Hidato::new(tw, th, cells, Adjacency::King).unwrap();
                assert_eq!(registry_entry(&other), entry, "symmetry {s}, reverse {reverse}");
            }
        }
        let different = Generator::new(puzzle.shape()).generate(4).unwrap().puzzle;
        assert_ne!(registry_entry(&different), entry);
        let numbrix = puzzle.clone().with_adjacency(Adjacency::Orthogonal);
        assert_eq!(registry_entry(&numbrix).kind, "numbrix");
    }

    #[test]
    fn bad_lines_say_why() {
        let bad = |layout: &str, form: &str| {
            check_registry_entry(&Entry { kind: "hidato".into(), layout: layout.into(), form: form.into() })
                .unwrap_err()
        };
        assert!(bad("7", "1").contains("WxH"));
        assert!(bad("2x1", "1").contains("2 cells"));
        assert!(bad("2x1", "1,3").contains("cell 2"));
        assert!(bad("2x1", "1,x").contains("cell 2"));
    }
}
