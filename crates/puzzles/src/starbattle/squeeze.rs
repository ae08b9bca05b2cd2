//! The squeeze inside the solver's propagation: over every window of 1 to N/2 neighbouring rows
//! (and columns), L regions confined to L lines take all of the lines' stars (the lines' other
//! cells are cleared), and L lines whose live cells lie in L regions take all of those regions'
//! stars (the regions' cells elsewhere are cleared); more confined regions than lines, or fewer
//! regions than lines, is a contradiction.
//!
//! Why in the solver and not only in the rater: the hand-made 20x20 to 25x25 boards are built
//! around these deductions, and without them the search meets each one as a deep subtree that
//! fails only near its leaves. A pass costs O(N^2) windows of O(N) regions, far less than the
//! subtrees it cuts. Windows longer than N/2 are the complements of shorter ones (the same
//! deduction seen from the other side), so they add nothing.

use crate::starbattle::solve::{Layout, State};
use crate::starbattle::MAX_SIDE;

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
    pub(crate) fn squeeze(&self, state: &mut State) -> Squeeze {
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
