//! [`Bits`], the fixed-width bit mask the search works on: `W` words, all operations unrolled
//! loops that compile to plain `u64` operations when `W` is 1.

use super::tables::{LOOKAHEAD, PATTERNS};

/// A bit mask of `W` words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bits<const W: usize>(pub(super) [u64; W]);

impl<const W: usize> Bits<W> {
    pub(super) const ZERO: Self = Bits([0; W]);

    #[inline(always)]
    pub(super) fn or(&self, other: &Self) -> Self {
        let mut out = *self;
        for i in 0..W {
            out.0[i] |= other.0[i];
        }
        out
    }

    #[inline(always)]
    pub(super) fn disjoint(&self, other: &Self) -> bool {
        let mut any = 0;
        for i in 0..W {
            any |= self.0[i] & other.0[i];
        }
        any == 0
    }

    #[inline(always)]
    pub(super) fn first_zero(&self) -> usize {
        for i in 0..W {
            if self.0[i] != u64::MAX {
                return i * 64 + self.0[i].trailing_ones() as usize;
            }
        }
        W * 64
    }

    #[inline(always)]
    pub(super) fn set(&mut self, bit: usize) {
        self.0[bit / 64] |= 1 << (bit % 64);
    }

    /// Bits `start .. start + LOOKAHEAD` (zero beyond the words).
    #[inline(always)]
    pub(super) fn window(&self, start: usize) -> u32 {
        let (w, b) = (start / 64, start % 64);
        let mut bits = if w < W { self.0[w] >> b } else { 0 };
        if b + LOOKAHEAD > 64 && w + 1 < W {
            bits |= self.0[w + 1] << (64 - b);
        }
        (bits & (PATTERNS as u64 - 1)) as u32
    }

    #[inline(always)]
    pub(super) fn and(&self, other: &Self) -> Self {
        let mut out = *self;
        for i in 0..W {
            out.0[i] &= other.0[i];
        }
        out
    }

    /// `self` without the bits of `other`.
    #[inline(always)]
    pub(super) fn and_not(&self, other: &Self) -> Self {
        let mut out = *self;
        for i in 0..W {
            out.0[i] &= !other.0[i];
        }
        out
    }

    /// Every bit moved `k` places up (`0 < k < 64`).
    #[inline(always)]
    pub(super) fn shl(&self, k: u32) -> Self {
        let mut out = Self::ZERO;
        for i in 0..W {
            out.0[i] = self.0[i] << k;
            if i > 0 {
                out.0[i] |= self.0[i - 1] >> (64 - k);
            }
        }
        out
    }

    /// Every bit moved `k` places down (`0 < k < 64`).
    #[inline(always)]
    pub(super) fn shr(&self, k: u32) -> Self {
        let mut out = Self::ZERO;
        for i in 0..W {
            out.0[i] = self.0[i] >> k;
            if i + 1 < W {
                out.0[i] |= self.0[i + 1] << (64 - k);
            }
        }
        out
    }

    #[inline(always)]
    pub(super) fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline(always)]
    pub(super) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_first_zero_crosses_words() {
        let mut b = Bits::<2>([u64::MAX, 0]);
        assert_eq!(b.first_zero(), 64);
        b.set(64);
        assert_eq!(b.first_zero(), 65);
    }
}
