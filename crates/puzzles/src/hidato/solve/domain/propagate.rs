//! The domain search's propagation rules (the `solve` module header, 1 to 3): chain arc
//! consistency, singles, and the whole-board rules (dead ends, two distinct neighbours, runs
//! and components), run to a fixed point; the all-different rule is in `matching`.

use super::BitSearch;
use crate::common::bits::BitSet;
use crate::hidato::solve::Stop;

impl<B: BitSet> BitSearch<'_, B> {
    /// Propagates to a fixed point; false if the node is dead.
    pub(super) fn propagate(&mut self) -> Result<bool, Stop> {
        let n = self.n;
        loop {
            self.round()?;
            let mut changed = false;
            // Chain: k sits next to k - 1 and to k + 1 (a worklist of the numbers whose
            // consecutive numbers' domains shrank).
            while !self.dirty.is_zero() {
                let k = self.dirty.pop_first();
                let mut v = self.dom[k];
                if k > 1 {
                    v &= self.nb(self.dom[k - 1]);
                }
                if k < n {
                    v &= self.nb(self.dom[k + 1]);
                }
                if v.is_zero() {
                    return Ok(false);
                }
                if v != self.dom[k] {
                    self.set(k, v);
                }
            }
            // Numbers with one cell left are placed.
            let mut fresh = B::ZERO;
            for k in 1..=n {
                let d = self.dom[k];
                if self.is_placed(k) || d.ones() != 1 {
                    continue;
                }
                if !(d & (fresh | self.used)).is_zero() {
                    return Ok(false);
                }
                fresh |= d;
                self.placed |= B::bit(k);
                self.count += 1;
                self.tick()?;
            }
            if !fresh.is_zero() {
                changed = true;
                self.used |= fresh;
                for k in 1..=n {
                    if !self.is_placed(k) && !(self.dom[k] & fresh).is_zero() {
                        self.set(k, self.dom[k] & !fresh);
                        if self.dom[k].is_zero() {
                            return Ok(false);
                        }
                    }
                }
            }
            // Every free cell holds some number; a cell with one possible number holds it.
            let (mut once, mut twice) = (B::ZERO, B::ZERO);
            for k in 1..=n {
                if !self.is_placed(k) {
                    twice |= once & self.dom[k];
                    once |= self.dom[k];
                }
            }
            let free = self.board & !self.used;
            if !(free & !once).is_zero() {
                return Ok(false);
            }
            let mut single = free & !twice;
            while !single.is_zero() {
                let bit = single.lowest();
                single ^= bit;
                if let Some(k) = (1..=n).find(|&k| !self.is_placed(k) && !(self.dom[k] & bit).is_zero()) {
                    if self.dom[k] != bit {
                        self.set(k, bit);
                        changed = true;
                    }
                }
            }
            if !changed && self.dirty.is_zero() {
                match self.global() {
                    None => {
                        // The matching may have stopped on the clock rather than proved the
                        // node dead.
                        return match self.interrupted.take() {
                            Some(reason) => Err(Stop::GaveUp(reason)),
                            None => Ok(false),
                        };
                    }
                    Some(false) => return Ok(true),
                    Some(true) => {}
                }
            }
        }
    }

    /// The checks that look at the whole board: dead ends, and the components of free cells
    /// against the runs of unplaced numbers. `None` if the node is dead, else whether a domain
    /// shrank.
    fn global(&mut self) -> Option<bool> {
        let n = self.n;
        let mut changed = false;
        let free = self.board & !self.used;
        // Dead ends: a free cell with one usable neighbour (free, or holding a number with an
        // unplaced consecutive number) holds 1 or N.
        let mut open = free;
        for k in 1..=n {
            if self.is_placed(k) && ((k > 1 && !self.is_placed(k - 1)) || (k < n && !self.is_placed(k + 1))) {
                open |= self.dom[k];
            }
        }
        let (mut once, mut twice) = (B::ZERO, B::ZERO);
        let s = self.stride;
        let mut add = |v: B| {
            twice |= once & v;
            once |= v;
        };
        add(open.shl(1));
        add(open.shr(1));
        add(open.shl(s));
        add(open.shr(s));
        if self.king {
            add(open.shl(s + 1));
            add(open.shr(s + 1));
            add(open.shl(s - 1));
            add(open.shr(s - 1));
        }
        if n > 1 && !(free & !once).is_zero() {
            return None;
        }
        let ends = free & !twice;
        if !ends.is_zero() {
            let open_ends = u32::from(!self.is_placed(1)) + u32::from(!self.is_placed(n));
            if ends.ones() > open_ends {
                return None;
            }
            for k in 2..n {
                if !self.is_placed(k) && !(self.dom[k] & ends).is_zero() {
                    self.set(k, self.dom[k] & !ends);
                    if self.dom[k].is_zero() {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        // A middle number's cell needs two distinct neighbours for its two consecutive numbers.
        for k in 2..n {
            // A number costs a neighbourhood per cell of its domain: thousands of words each on
            // a 50x50 board, seconds for all of them at the root. Read the clock every 32.
            if B::BITS > 128 && k % 32 == 0 && self.interrupt() {
                return None;
            }
            if self.is_placed(k) || self.is_placed(k - 1) || self.is_placed(k + 1) {
                continue;
            }
            let (before, after) = (self.dom[k - 1], self.dom[k + 1]);
            let (mut cells, mut lost) = (self.dom[k], B::ZERO);
            while !cells.is_zero() {
                let bit = cells.lowest();
                cells ^= bit;
                if ((before | after) & self.nb(bit)).ones() < 2 {
                    lost |= bit;
                }
            }
            if !lost.is_zero() {
                self.set(k, self.dom[k] & !lost);
                if self.dom[k].is_zero() {
                    return None;
                }
                changed = true;
            }
        }
        if !self.all_different(&mut changed) {
            return None;
        }
        // Components of the free cells.
        let mut comps = [B::ZERO; 64];
        let mut sizes = [0u32; 64];
        let mut count = 0;
        let mut rest = free;
        while !rest.is_zero() && count < 64 {
            let mut comp = rest.lowest();
            loop {
                let grown = (comp | self.nb(comp)) & rest;
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            comps[count] = comp;
            sizes[count] = comp.ones();
            count += 1;
        }
        let split = count > 1 && rest.is_zero();
        let mut forced = [0u32; 64];
        let mut possible = [0u32; 64];
        // Runs of unplaced numbers: each is a path of free cells, inside one component.
        let mut k = 1;
        while k <= n {
            if self.is_placed(k) {
                k += 1;
                continue;
            }
            let start = k;
            while k <= n && !self.is_placed(k) {
                k += 1;
            }
            let end = k - 1;
            let len = (end - start + 1) as u32;
            let union = self.dom[start..=end].iter().fold(B::ZERO, |u, &d| u | d);
            if union.ones() < len {
                return None;
            }
            if !split {
                continue;
            }
            let mut fits = 0u64;
            for c in 0..count {
                if sizes[c] >= len
                    && !(self.dom[start] & comps[c]).is_zero()
                    && !(self.dom[end] & comps[c]).is_zero()
                {
                    fits |= 1 << c;
                    possible[c] += len;
                }
            }
            match fits.count_ones() {
                0 => return None,
                1 => {
                    let c = fits.trailing_zeros() as usize;
                    forced[c] += len;
                    if !(union & !comps[c]).is_zero() {
                        changed = true;
                        for j in start..=end {
                            if !(self.dom[j] & !comps[c]).is_zero() {
                                self.set(j, self.dom[j] & comps[c]);
                                if self.dom[j].is_zero() {
                                    return None;
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        if split && (0..count).any(|c| forced[c] > sizes[c] || possible[c] < sizes[c]) {
            return None;
        }
        Some(changed)
    }
}
