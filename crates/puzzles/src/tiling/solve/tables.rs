//! [`Tables`]: the placements of a [`Puzzle`] as bit masks, grouped by lowest square and by the
//! state of the next [`LOOKAHEAD`] squares, and the first piece's placements tried at the root
//! with the symmetries that carry them onto the rest of their class.

use super::prune::Regions;
use super::Puzzle;
use crate::common::bits::{BitSet, Words};
use crate::tiling::symmetry::{orbits, placement_images, Symmetry};

/// Placements grouped by lowest bit, as masks over the board's squares.
///
/// On boards whose bounding box fits in `W` words, bits number the box's squares along its short
/// side first, holes included (they start filled): a square's edge neighbours are then one bit
/// and one line of bits away, and whole empty regions grow by shifts ([`Regions`]). Larger boxes
/// (a sparse drawn board) number only the cells, in the same order, and are searched without
/// the region cut.
pub(super) struct Tables<const W: usize> {
    /// The squares filled before anything is placed: the holes.
    pub(super) start: Words<W>,
    /// Every square to fill, plus the holes: `filled == full` means done.
    pub(super) full: Words<W>,
    /// `by_pattern[pattern_starts[b * PATTERNS + p] ..]`: the entries whose lowest bit is `b` and
    /// which miss the bits `b + 1 ..= b + LOOKAHEAD` marked full in `p`.
    pub(super) pattern_starts: Vec<u32>,
    pub(super) by_pattern: Vec<u32>,
    pub(super) entries: Vec<Entry<W>>,
    /// The grid's shape, when the box fits.
    pub(super) regions: Option<Regions<W>>,
    /// The first piece's placements, tried at the root (see [`Root`]); empty when no piece is
    /// used exactly once in every tiling.
    pub(super) roots: Vec<Root>,
    /// Each entry's index in `roots`, or [`NO_ROOT`].
    pub(super) root_of: Vec<u32>,
    /// `images[k][p]`: the placement that the `k`-th symmetry makes of placement `p`.
    pub(super) images: Vec<Vec<u32>>,
    /// Whether the board has symmetries whose images could not be made (a puzzle restricted by
    /// hand): then `images` holds the identity alone and tilings cannot be weighed.
    pub(super) symmetric_board: bool,
}

/// One placement, as the search sees it.
pub(super) struct Entry<const W: usize> {
    /// The squares it covers.
    pub(super) mask: Words<W>,
    pub(super) piece: u16,
    /// Its index in [`Puzzle::placements`].
    pub(super) index: u32,
}

/// A placement of the first piece, searched from the root, and the symmetries (indices into
/// `Tables::images`) that carry it onto the other placements of its class: each tiling found
/// below it stands for one tiling per carrier.
pub(super) struct Root {
    pub(super) entry: u32,
    pub(super) carriers: Vec<u8>,
}

pub(super) const NO_ROOT: u32 = u32::MAX;

/// Cells after the first empty one whose state selects a list of candidate placements.
pub(super) const LOOKAHEAD: usize = 8;
pub(super) const PATTERNS: usize = 1 << LOOKAHEAD;

/// Bits `start .. start + LOOKAHEAD` of `bits` (zero beyond its words): the pattern that selects
/// a list of `by_pattern`.
#[inline(always)]
pub(super) fn window<const W: usize>(bits: &Words<W>, start: usize) -> u32 {
    let (w, b) = (start / 64, start % 64);
    let mut window = if w < W { bits.0[w] >> b } else { 0 };
    if b + LOOKAHEAD > 64 && w + 1 < W {
        window |= bits.0[w + 1] << (64 - b);
    }
    (window & (PATTERNS as u64 - 1)) as u32
}

/// The bits a box of `width x height` squares needs on the grid layout.
pub(super) fn box_bits(puzzle: &Puzzle) -> usize {
    puzzle.board().width() * puzzle.board().height()
}

impl<const W: usize> Tables<W> {
    pub(super) fn new(puzzle: &Puzzle, use_symmetry: bool) -> Self {
        let (w, h) = (puzzle.board().width(), puzzle.board().height());
        let grid = w * h <= W * 64;
        // The same order as the puzzle's cell numbers: along the short side first.
        let column_major = w > h;
        let inner = if column_major { h } else { w };
        let bit_of: Vec<usize> = if grid {
            let at = |(r, c): (i32, i32)| {
                if column_major {
                    c as usize * h + r as usize
                } else {
                    r as usize * w + c as usize
                }
            };
            puzzle.cells().iter().map(|&cell| at(cell)).collect()
        } else {
            (0..puzzle.cells().len()).collect()
        };
        let bits = if grid { w * h } else { puzzle.cells().len() };
        let mut full = Words::ZERO;
        for b in 0..bits {
            full |= Words::bit(b);
        }
        let mut start = full;
        for &b in &bit_of {
            start &= !Words::bit(b);
        }
        let mut by_bit: Vec<Vec<usize>> = vec![Vec::new(); bits];
        let lowest =
            |p: &crate::tiling::Placement| p.cells.iter().map(|&c| bit_of[c as usize]).min().unwrap_or(0);
        for (i, p) in puzzle.placements().iter().enumerate() {
            by_bit[lowest(p)].push(i);
        }
        let (mut starts, mut entries) = (vec![0], Vec::new());
        let mut entry_of = vec![0u32; puzzle.placements().len()];
        for list in &by_bit {
            for &i in list {
                entry_of[i] = entries.len() as u32;
                let p = &puzzle.placements()[i];
                let mut mask = Words::ZERO;
                for &c in &p.cells {
                    mask |= Words::bit(bit_of[c as usize]);
                }
                entries.push(Entry { mask, piece: p.piece as u16, index: i as u32 });
            }
            starts.push(entries.len() as u32);
        }
        let mut pattern_starts = vec![0u32];
        let mut by_pattern = Vec::new();
        for b in 0..bits {
            let after: Vec<u32> =
                (starts[b]..starts[b + 1]).map(|e| window(&entries[e as usize].mask, b + 1)).collect();
            for p in 0..PATTERNS as u32 {
                for (k, e) in (starts[b]..starts[b + 1]).enumerate() {
                    if after[k] & p == 0 {
                        by_pattern.push(e);
                    }
                }
                pattern_starts.push(by_pattern.len() as u32);
            }
        }
        let min_size = puzzle
            .pieces()
            .iter()
            .filter(|p| p.copies() > 0)
            .map(crate::tiling::Piece::size)
            .min()
            .unwrap_or(1);
        let regions = (grid && min_size > 1).then(|| {
            let (mut not_last, mut not_first) = (Words::ZERO, Words::ZERO);
            for b in 0..bits {
                if b % inner != inner - 1 {
                    not_last |= Words::bit(b);
                }
                if b % inner != 0 {
                    not_first |= Words::bit(b);
                }
            }
            Regions { inner: inner as u32, not_last, not_first, squares: full, dominoes: min_size > 2 }
        });
        let (images, roots, symmetric_board) = first_piece(puzzle, use_symmetry, &entry_of);
        let mut root_of = vec![NO_ROOT; entries.len()];
        for (r, root) in roots.iter().enumerate() {
            root_of[root.entry as usize] = r as u32;
        }
        Tables {
            start,
            full,
            pattern_starts,
            by_pattern,
            entries,
            regions,
            roots,
            root_of,
            images,
            symmetric_board,
        }
    }
}

/// The placements to try first, at the root, the placements' images under the symmetries, and
/// whether the board has symmetries that could not be used (see `Tables::symmetric_board`).
///
/// The first piece is one used exactly once in every tiling, with the fewest classes of
/// placements (X on a rectangle: 8 classes of 4 under its 4 symmetries, 32 placements in all).
/// Without symmetry (or when pieces may be left out, or none is used once), each placement is
/// its own class and there is no first piece at all in the last two cases.
fn first_piece(puzzle: &Puzzle, use_symmetry: bool, entry_of: &[u32]) -> (Vec<Vec<u32>>, Vec<Root>, bool) {
    let identity = || vec![(0..puzzle.placements().len() as u32).collect::<Vec<u32>>()];
    let symmetry = use_symmetry.then(|| Symmetry::of(puzzle));
    let moved = symmetry.as_ref().and_then(|symmetry| placement_images(puzzle, symmetry));
    // Symmetries whose images are not all placements: tilings cannot be moved or weighed.
    let symmetric_board = moved.is_none() && symmetry.is_some_and(|symmetry| symmetry.len() > 1);
    let images = moved.unwrap_or_else(identity);
    if !puzzle.uses_every_piece() {
        return (images, Vec::new(), symmetric_board);
    }
    let best = puzzle
        .pieces()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.copies() == 1)
        .map(|(piece, _)| orbits(puzzle, &images, piece))
        .min_by_key(Vec::len)
        .unwrap_or_default();
    let roots = best.into_iter().map(|(p, carriers)| Root { entry: entry_of[p], carriers }).collect();
    (images, roots, symmetric_board)
}
