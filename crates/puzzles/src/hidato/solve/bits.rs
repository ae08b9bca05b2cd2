//! The bitsets of the domain search: [`Cells`], a fixed-width set of cells (or of numbers),
//! over a `u128` (boards up to 128 bits, single-instruction operations) or [`Wide`] words
//! (up to 2,560 bits). Shifts move a set by whole cells; bit `i` is cell `i` in the padded
//! layout of the `solve` module header.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells (or of numbers) as a fixed-width bitset: `u128`, or [`Wide`] words.
pub(super) trait Cells:
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
    fn bit(i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    /// Shifted towards higher bits.
    fn shl(self, s: u32) -> Self;
    /// Shifted towards lower bits.
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

impl Cells for u128 {
    const ZERO: Self = 0;
    const BITS: usize = 128;
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

/// `W` 64-bit words, bit `i` in word `i / 64`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Wide<const W: usize>([u64; W]);

macro_rules! wide_op {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $aop:tt) => {
        impl<const W: usize> $assign for Wide<W> {
            #[inline]
            fn $assign_method(&mut self, other: Self) {
                for (a, b) in self.0.iter_mut().zip(other.0) {
                    *a $aop b;
                }
            }
        }
        impl<const W: usize> $trait for Wide<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, other: Self) -> Self {
                self.$assign_method(other);
                self
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Wide(self.0.map(|a| !a))
    }
}

impl<const W: usize> Cells for Wide<W> {
    const ZERO: Self = Wide([0; W]);
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
    #[inline]
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
    #[inline]
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
    #[inline]
    fn ones(self) -> u32 {
        self.0.iter().map(|a| a.count_ones()).sum()
    }
    #[inline]
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
    use crate::hidato::solve::tests::xorshift;

    #[test]
    fn wide_shifts_match_u128() {
        let mut next = xorshift(77);
        for _ in 0..2000 {
            let x = (u128::from(next(u64::MAX)) << 64 | u128::from(next(u64::MAX))) >> next(100);
            let wide = Wide::<2>([x as u64, (x >> 64) as u64]);
            let back = |w: Wide<2>| u128::from(w.0[0]) | u128::from(w.0[1]) << 64;
            let s = next(127) as u32;
            assert_eq!(back(wide.shl(s)), x << s);
            assert_eq!(back(wide.shr(s)), x >> s);
            assert_eq!(wide.ones(), x.count_ones());
            if x != 0 {
                assert_eq!(wide.first(), x.first());
                assert_eq!(back(wide.lowest()), x.lowest());
            }
        }
    }
}
