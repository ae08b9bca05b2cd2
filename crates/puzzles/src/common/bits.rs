//! The bitsets of the searches: [`BitSet`], a fixed-width set of small indices (cells, numbers,
//! digits), over a `u32`, a `u64`, a `u128` or [`Words`]; and [`Ones`], the indices of a set, smallest
//! first.
//!
//! [`Words`] serves two hot loops: the tiling bitboard search (one to four words, a few dozen
//! operations per node) and the Hidato domain search (4 to 40 words). Its word loops have a
//! constant bound `W`, so the compiler unrolls them and one word compiles to plain `u64`
//! operations. The operations the tiling search makes at every node are `#[inline(always)]`, as
//! they were in its own bitboard type, so that they stay inlined in its recursive search
//! whatever the compiler's heuristics decide. Tiling shifts by less than a word only, and does
//! so as fast with the general shift as with the special-purpose one it used to have
//! (docs/performance.md): there is one shift, for any amount.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of small indices as a fixed-width bitset: bit `i` is index `i`.
pub(crate) trait BitSet:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    const BITS: usize;
    /// The set of `i` alone.
    fn bit(i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    /// Shifted towards higher bits (`s < BITS`).
    fn shl(self, s: u32) -> Self;
    /// Shifted towards lower bits (`s < BITS`).
    fn shr(self, s: u32) -> Self;
    fn ones(self) -> u32;
    fn is_zero(self) -> bool;
    /// The lowest set bit's index (the set is not empty).
    fn first(self) -> usize;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    /// Removes the lowest set bit and returns its index.
    fn pop_first(&mut self) -> usize;
}

macro_rules! primitive_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            const ZERO: Self = 0;
            const BITS: usize = <$t>::BITS as usize;
            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline]
            fn has(self, i: usize) -> bool {
                self >> i & 1 == 1
            }
            #[inline]
            fn shl(self, s: u32) -> Self {
                self << s
            }
            #[inline]
            fn shr(self, s: u32) -> Self {
                self >> s
            }
            #[inline]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn pop_first(&mut self) -> usize {
                let i = self.trailing_zeros() as usize;
                *self &= *self - 1;
                i
            }
        }
    )*};
}
primitive_set!(u32, u64, u128);

/// The indices of a set's bits, smallest first: `Ones(0b1010u32)` gives 1 then 3.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ones<B: BitSet>(pub B);

impl<B: BitSet> Iterator for Ones<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            return None;
        }
        Some(self.0.pop_first())
    }
}

/// The digits 1..=N of a candidate mask (bit `d - 1` for digit `d`), smallest first.
#[inline]
pub(crate) fn digits_of(mask: u32) -> impl Iterator<Item = u8> {
    Ones(mask).map(|i| i as u8 + 1)
}

/// Sets whose width is known only at run time (a board's cells, in Hidato's rater): a slice of
/// words, bit `i` in word `i / 64`, read by these three functions.
pub(crate) mod slice {
    use super::{BitSet, Ones};

    /// Whether bit `i` is set.
    #[inline]
    pub(crate) fn has(words: &[u64], i: usize) -> bool {
        words[i / 64] >> (i % 64) & 1 == 1
    }

    /// The set bits, smallest first.
    pub(crate) fn ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
        words.iter().enumerate().flat_map(|(w, &word)| Ones(word).map(move |b| w * 64 + b))
    }

    /// How many bits are set.
    pub(crate) fn count(words: &[u64]) -> u32 {
        words.iter().map(|&w| w.ones()).sum()
    }
}

/// `W` 64-bit words, bit `i` in word `i / 64`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Words<const W: usize>(pub(crate) [u64; W]);

macro_rules! words_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $aop:tt) => {
        impl<const W: usize> $assign for Words<W> {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                for i in 0..W {
                    self.0[i] $aop other.0[i];
                }
            }
        }
        impl<const W: usize> $trait for Words<W> {
            type Output = Self;
            #[inline(always)]
            fn $method(mut self, other: Self) -> Self {
                self.$assign_method(other);
                self
            }
        }
    };
}
words_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
words_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
words_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Words<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Words(self.0.map(|a| !a))
    }
}

impl<const W: usize> Words<W> {
    /// Whether no bit is in both sets (`(self & other).is_zero()`, without a branch per word).
    #[inline(always)]
    pub(crate) fn disjoint(&self, other: &Self) -> bool {
        let mut any = 0;
        for i in 0..W {
            any |= self.0[i] & other.0[i];
        }
        any == 0
    }

    /// The lowest clear bit's index, `64 * W` when every bit is set.
    #[inline(always)]
    pub(crate) fn first_zero(&self) -> usize {
        for i in 0..W {
            if self.0[i] != u64::MAX {
                return i * 64 + self.0[i].trailing_ones() as usize;
            }
        }
        W * 64
    }
}

impl<const W: usize> BitSet for Words<W> {
    const ZERO: Self = Words([0; W]);
    const BITS: usize = 64 * W;
    #[inline]
    fn bit(i: usize) -> Self {
        let mut set = Self::ZERO;
        set.0[i / 64] = 1 << (i % 64);
        set
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline(always)]
    fn shl(self, s: u32) -> Self {
        let (ws, bs) = (s as usize / 64, s % 64);
        let mut out = Self::ZERO;
        for i in ws..W {
            out.0[i] = self.0[i - ws] << bs;
            if bs > 0 && i > ws {
                out.0[i] |= self.0[i - ws - 1] >> (64 - bs);
            }
        }
        out
    }
    #[inline(always)]
    fn shr(self, s: u32) -> Self {
        let (ws, bs) = (s as usize / 64, s % 64);
        let mut out = Self::ZERO;
        for i in 0..W.saturating_sub(ws) {
            out.0[i] = self.0[i + ws] >> bs;
            if bs > 0 && i + ws + 1 < W {
                out.0[i] |= self.0[i + ws + 1] << (64 - bs);
            }
        }
        out
    }
    #[inline(always)]
    fn ones(self) -> u32 {
        self.0.iter().map(|a| a.count_ones()).sum()
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&a| a == 0)
    }
    #[inline]
    fn first(self) -> usize {
        let i = self.0.iter().position(|&a| a != 0).expect("not empty");
        i * 64 + self.0[i].trailing_zeros() as usize
    }
    #[inline]
    fn lowest(self) -> Self {
        let mut out = Self::ZERO;
        if let Some(i) = self.0.iter().position(|&a| a != 0) {
            out.0[i] = self.0[i] & self.0[i].wrapping_neg();
        }
        out
    }
    #[inline]
    fn pop_first(&mut self) -> usize {
        let i = self.0.iter().position(|&a| a != 0).expect("not empty");
        let b = self.0[i].trailing_zeros() as usize;
        self.0[i] &= self.0[i] - 1;
        i * 64 + b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::seed::mix;

    #[test]
    fn first_zero_crosses_words() {
        let mut b = Words::<2>([u64::MAX, 0]);
        assert_eq!(b.first_zero(), 64);
        b |= Words::bit(64);
        assert_eq!(b.first_zero(), 65);
    }

    #[test]
    fn words_shifts_match_u128() {
        let mut draws = 0;
        let mut next = |m: u64| {
            draws += 1;
            mix(77, draws) % m
        };
        for _ in 0..2000 {
            let x = (u128::from(next(u64::MAX)) << 64 | u128::from(next(u64::MAX))) >> next(100);
            let words = Words::<2>([x as u64, (x >> 64) as u64]);
            let back = |w: Words<2>| u128::from(w.0[0]) | u128::from(w.0[1]) << 64;
            let s = next(127) as u32;
            assert_eq!(back(words.shl(s)), x << s);
            assert_eq!(back(words.shr(s)), x >> s);
            assert_eq!(words.ones(), x.count_ones());
            if x != 0 {
                assert_eq!(words.first(), x.first());
                assert_eq!(back(words.lowest()), x.lowest());
            }
            assert_eq!(Ones(words).collect::<Vec<_>>(), Ones(x).collect::<Vec<_>>());
        }
    }

    #[test]
    fn ones_lists_the_set_bits() {
        assert_eq!(Ones(0b1010_0001u32).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(Ones(0u32).next(), None);
    }
}
