//! The dead-region cut: [`Regions::dead`] rejects a board with an empty square (or, when every
//! piece has three squares or more, two empty squares) that no piece can ever cover.

use crate::common::bits::{BitSet, Words};

/// What the dead-region cut needs: the grid of bits and the smallest piece.
pub(super) struct Regions<const W: usize> {
    /// Bits per line along the short side.
    pub(super) inner: u32,
    /// Bits that are not last in their line (may take a neighbour from the next bit).
    pub(super) not_last: Words<W>,
    /// Bits that are not first in their line (may take a neighbour from the previous bit).
    pub(super) not_first: Words<W>,
    /// Every square of the box.
    pub(super) squares: Words<W>,
    /// Whether an empty region of two squares is dead too (no piece has fewer than three).
    pub(super) dominoes: bool,
}

impl<const W: usize> Regions<W> {
    /// Whether the board `filled` has an empty square with no empty neighbour, or (when
    /// `dominoes`) two empty squares whose only empty neighbour is each other: regions no piece
    /// can fill. A whole-board test in a few dozen word operations: each square's empty
    /// neighbours are counted as "at least one" and "at least two" from the four shifted boards.
    ///
    /// Singles and dominoes are the cut that pays: growing every region next to the new piece to
    /// its full size saves more nodes but costs more time (figures in docs/performance.md,
    /// "Figures from the code comments").
    #[inline]
    pub(super) fn dead(&self, filled: &Words<W>) -> bool {
        let empty = self.squares & !*filled;
        let from_next = empty.shr(1) & self.not_last;
        let from_previous = empty.shl(1) & self.not_first;
        let from_next_line = empty.shr(self.inner);
        let from_previous_line = empty.shl(self.inner);
        let along = from_next | from_previous;
        let across = from_next_line | from_previous_line;
        let at_least_one = along | across;
        if !(empty & !at_least_one).is_zero() {
            return true;
        }
        if !self.dominoes {
            return false;
        }
        let at_least_two =
            (from_next & from_previous) | (from_next_line & from_previous_line) | (along & across);
        let lonely = empty & !at_least_two;
        let lonely_neighbours = (lonely.shr(1) & self.not_last)
            | (lonely.shl(1) & self.not_first)
            | lonely.shr(self.inner)
            | lonely.shl(self.inner);
        !(lonely & lonely_neighbours).is_zero()
    }
}
