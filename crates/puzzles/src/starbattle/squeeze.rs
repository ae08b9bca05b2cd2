//! The squeeze inside the solver's propagation: over every window of 1 to N/2 neighbouring rows
//! (and columns), L regions confined to L lines take all of the lines' stars (the lines' other
//! cells are cleared), and L lines whose live cells lie in L regions take all of those regions'
//! stars (the regions' cells elsewhere are cleared); more confined regions than lines, or fewer
//! regions than lines, is a contradiction.
//!
//! The packed squeeze counts stars instead of regions: a window of L lines needs L*K stars, and
//! each region touching it gives between `lo` (K less what its part outside can still take, by
//! the 2x2 bound of strips) and `hi` (what its part inside can still take, at most K less its
//! stars outside). Sums that cannot meet the need fail; a sum equal to it pins every region to
//! its bound, which clears its part inside or outside. It subsumes the plain squeeze (a
//! confined region gives exactly K) but costs a strip bound per region and window, so it runs
//! only when the plain pass finds nothing, only for K > 1 (with K = 1 a part's bound is 1 when
//! it has a live cell: the plain squeeze already), and only at the search's nodes, not in probes.
//!
//! Why in the solver and not only in the rater: the hand-made 20x20 to 25x25 boards are built
//! around these deductions, and without them the search meets each one as a deep subtree that
//! fails only near its leaves. A pass costs O(N^2) windows of O(N) regions, far less than the
//! subtrees it cuts. Windows longer than N/2 are the complements of shorter ones (the same
//! deduction seen from the other side), so they add nothing.

use crate::starbattle::solve::{strips_fit, Layout, State};
use crate::starbattle::MAX_SIDE;

/// The columns of row `r` inside (or outside) a window of rows or columns.
#[inline]
fn part_mask(r: usize, window: u64, columns: bool, inside: bool) -> u64 {
    let mask = if columns {
        window
    } else if window >> r & 1 == 1 {
        u64::MAX
    } else {
        0
    };
    if inside {
        mask
    } else {
        !mask
    }
}

/// What a pass found.
pub(crate) enum Squeeze {
    /// Nothing to clear.
    Nothing,
    /// Some cells were cleared.
    Cleared,
    /// No solution below this state.
    Contradiction,
}

impl Layout {
    /// One pass of the squeeze over rows and columns.
    pub(crate) fn squeeze(&self, state: &mut State, packed: bool) -> Squeeze {
        match self.squeeze_pass(state, false) {
            // With K = 1 a part's bound is 1 exactly when it has a live cell: nothing new.
            Squeeze::Nothing if packed && self.k > 1 => self.squeeze_pass(state, true),
            other => other,
        }
    }

    /// One pass over the windows: the plain squeeze, or with `packed` the 2x2 bound's.
    fn squeeze_pass(&self, state: &mut State, packed: bool) -> Squeeze {
        let n = self.n;
        let mut live_rows = [0u64; MAX_SIDE];
        let mut live_cols = [0u64; MAX_SIDE];
        for (g, rows) in self.regions.iter().enumerate() {
            for &(r, m) in rows {
                let live = (state.unknown[r] | state.stars[r]) & m;
                if live != 0 {
                    live_rows[g] |= 1 << r;
                    live_cols[g] |= live;
                }
            }
        }
        let mut cleared = false;
        for columns in [false, true] {
            let live = if columns { &live_cols } else { &live_rows };
            for len in 1..=(n / 2).max(1) {
                for start in 0..=n - len {
                    let window = ((1u64 << len) - 1) << start;
                    let (mut confined, mut touching) = (0u64, 0u64);
                    for (g, &lines) in live[..n].iter().enumerate() {
                        if lines & !window == 0 {
                            confined |= 1 << g;
                        }
                        if lines & window != 0 {
                            touching |= 1 << g;
                        }
                    }
                    let (inside, around) = (confined.count_ones() as usize, touching.count_ones() as usize);
                    if inside > len || around < len {
                        return Squeeze::Contradiction;
                    }
                    if packed {
                        if inside < len && around > len {
                            match self.packed(state, touching, window, columns, len as u32) {
                                Squeeze::Contradiction => return Squeeze::Contradiction,
                                Squeeze::Cleared => cleared = true,
                                Squeeze::Nothing => {}
                            }
                        }
                        continue;
                    }
                    if inside == len {
                        // Clear the window's cells outside the confined regions.
                        cleared |= self.clear_where(state, confined, window, columns, true);
                    }
                    if around == len {
                        // Clear the touching regions' cells outside the window.
                        cleared |= self.clear_where(state, touching, window, columns, false);
                    }
                }
            }
        }
        if cleared {
            Squeeze::Cleared
        } else {
            Squeeze::Nothing
        }
    }

    /// The squeeze with the 2x2 bound: the window's `len * K` stars come from the `touching`
    /// regions, each giving between `lo` (K less what its cells outside can still take) and `hi`
    /// (what its cells inside can still take, at most K less its stars outside). A sum of `hi`
    /// below the need, or of `lo` above it, is a contradiction; a sum equal to the need makes
    /// every region give exactly that bound, which clears its cells inside the window (a bound
    /// equal to its stars there) or outside (a bound leaving none for outside).
    fn packed(&self, state: &mut State, touching: u64, window: u64, columns: bool, len: u32) -> Squeeze {
        let k = self.k;
        let need = len * k;
        let mut bounds = [(0u32, 0u32, 0u32, 0u32); MAX_SIDE];
        let (mut low, mut high) = (0u32, 0u32);
        let mut bits = touching;
        while bits != 0 {
            let g = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (stars_in, room_in) = self.part(state, g, window, columns, true);
            let (stars_out, room_out) = self.part(state, g, window, columns, false);
            let hi = (stars_in + room_in).min(k.saturating_sub(stars_out));
            let lo = stars_in.max(k.saturating_sub(stars_out + room_out));
            if lo > hi {
                return Squeeze::Contradiction;
            }
            bounds[g] = (lo, hi, stars_in, stars_out);
            low += lo;
            high += hi;
        }
        if high < need || low > need {
            return Squeeze::Contradiction;
        }
        if high != need && low != need {
            return Squeeze::Nothing;
        }
        let (mut none_in, mut none_out) = (0u64, 0u64);
        let mut bits = touching;
        while bits != 0 {
            let g = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (lo, hi, stars_in, stars_out) = bounds[g];
            let given = if high == need { hi } else { lo };
            if given == stars_in {
                none_in |= 1 << g;
            }
            if given + stars_out == k {
                none_out |= 1 << g;
            }
        }
        let mut cleared = self.clear_part(state, none_in, window, columns, true);
        cleared |= self.clear_part(state, none_out, window, columns, false);
        if cleared {
            Squeeze::Cleared
        } else {
            Squeeze::Nothing
        }
    }

    /// Region `g`'s stars inside (or outside) the window, and the most its unknown cells there
    /// can still take (strips of two rows, both alignments, the smaller kept).
    fn part(&self, state: &State, g: usize, window: u64, columns: bool, inside: bool) -> (u32, u32) {
        let mut stars = 0;
        let bound = strips_fit(self.regions[g].iter().map(|&(r, m)| {
            let cells = m & part_mask(r, window, columns, inside);
            stars += (state.stars[r] & cells).count_ones();
            (r, state.unknown[r] & cells)
        }));
        (stars, bound)
    }

    /// Clears the unknown cells of `regions` inside (or outside) the window.
    fn clear_part(&self, state: &mut State, regions: u64, window: u64, columns: bool, inside: bool) -> bool {
        let mut cleared = false;
        let mut bits = regions;
        while bits != 0 {
            for &(r, m) in &self.regions[bits.trailing_zeros() as usize] {
                let mut cells = state.unknown[r] & m & part_mask(r, window, columns, inside);
                while cells != 0 {
                    self.clear(state, r, cells.trailing_zeros() as usize);
                    cells &= cells - 1;
                    cleared = true;
                }
            }
            bits &= bits - 1;
        }
        cleared
    }

    /// Clears unknown cells: with `inside`, those in the window not in `regions`; without, those
    /// of `regions` outside the window. True if any was cleared.
    fn clear_where(&self, state: &mut State, regions: u64, window: u64, columns: bool, inside: bool) -> bool {
        let mut targets = [0u64; MAX_SIDE];
        if inside {
            // The window's cells outside `regions`: the window's rows, or every row's window columns.
            for (r, target) in targets.iter_mut().enumerate().take(self.n) {
                if !columns && window >> r & 1 == 0 {
                    continue;
                }
                let mut theirs = 0u64;
                let mut bits = regions;
                while bits != 0 {
                    theirs |= self.row_mask(bits.trailing_zeros() as usize, r);
                    bits &= bits - 1;
                }
                *target = state.unknown[r] & if columns { window } else { u64::MAX } & !theirs;
            }
        } else {
            // The cells of `regions` outside the window.
            let mut bits = regions;
            while bits != 0 {
                for &(r, m) in &self.regions[bits.trailing_zeros() as usize] {
                    let outside = if columns {
                        !window
                    } else if window >> r & 1 == 1 {
                        0
                    } else {
                        u64::MAX
                    };
                    targets[r] |= state.unknown[r] & m & outside;
                }
                bits &= bits - 1;
            }
        }
        let mut cleared = false;
        for (r, &target) in targets.iter().enumerate().take(self.n) {
            let mut bits = target;
            while bits != 0 {
                self.clear(state, r, bits.trailing_zeros() as usize);
                bits &= bits - 1;
                cleared = true;
            }
        }
        cleared
    }
}
