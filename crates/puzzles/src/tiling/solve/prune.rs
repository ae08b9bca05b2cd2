//! The dead-region cut: [`Regions::dead`] rejects a board with an empty square (or, when every
//! piece has three squares or more, two empty squares) that no piece can ever cover.

use super::bits::Bits;

/// What the dead-region cut needs: the grid of bits and the smallest piece.
pub(super) struct Regions<const W: usize> {
    /// Bits per line along the short side.
    pub(super) inner: u32,
    /// Bits that are not last in their line (may take a neighbour from the next bit).
    pub(super) not_last: Bits<W>,
    /// Bits that are not first in their line (may take a neighbour from the previous bit).
    pub(super) not_first: Bits<W>,
    /// Every square of the box.
    pub(super) squares: Bits<W>,
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
    pub(super) fn dead(&self, filled: &Bits<W>) -> bool {
        let empty = self.squares.and_not(filled);
        let from_next = empty.shr(1).and(&self.not_last);
        let from_previous = empty.shl(1).and(&self.not_first);
        let from_next_line = empty.shr(self.inner);
        let from_previous_line = empty.shl(self.inner);
        let along = from_next.or(&from_previous);
        let across = from_next_line.or(&from_previous_line);
        let at_least_one = along.or(&across);
        if !empty.and_not(&at_least_one).is_zero() {
            return true;
        }
        if !self.dominoes {
            return false;
        }
        let at_least_two = from_next
            .and(&from_previous)
            .or(&from_next_line.and(&from_previous_line))
            .or(&along.and(&across));
        let lonely = empty.and_not(&at_least_two);
        let lonely_neighbours = lonely
            .shr(1)
            .and(&self.not_last)
            .or(&lonely.shl(1).and(&self.not_first))
            .or(&lonely.shr(self.inner))
            .or(&lonely.shl(self.inner));
        !lonely.and(&lonely_neighbours).is_zero()
    }
}
