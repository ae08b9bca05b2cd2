//! Each cell's support in its cage: the digits it can take in some filling of the whole cage
//! (different digits, each from its cell's candidates, making the sum). Removing the rest is
//! generalised arc consistency on the cage, stronger than keeping the union of the fitting digit
//! sets (`combos::narrow`): with cells {1,2} and {1,2,3,4,5,6} making 7, the union keeps 1,2,5,6 in the
//! second cell, the supports only 5 and 6.
//!
//! For each digit set of the sum (`combos::each`), which cells can take which of its digits in a
//! perfect matching of cells to digits: one matching by augmenting paths, then Régin's test on
//! its alternating cycles (`common::matching`), about `3 k^2` steps a set.
//!
//! It is used for up to [`SMALL`] open cells (every cage of the
//! generators and nearly all of janko's); larger cages (and any cage whose sets pass the walk's
//! cap) keep the union narrowing of `combos::narrow`, and its bounds past the cap.

use crate::common::matching::matchings;
use crate::killer::solve::combos::{bounds_union, each, narrow_within, place, CAP};

/// The most open cells handled exactly (the matchings' masks are bytes).
pub(crate) use crate::common::matching::SMALL;

/// The most steps of the exact matchings per cage (sets times `k^2`); past it, the union of the
/// fitting sets, as for large cages.
const WORK: usize = 1 << 12;

/// The walk's cap for cages of more than [`SMALL`] open cells: enough for every set of a 9x9 grid
/// (at most 512 subsets of 9 digits), short of the sets of a wide 16x16 or 25x25 cage, where the
/// bounds do about as well for far less work.
const LARGE_CAP: u32 = 1024;

/// Writes each cell's support into `out` (a placed cell keeps its digit) and returns the digits
/// every fitting set needs (`0` when unknown); `None` when nothing fits.
///
/// `sets` is scratch space, kept by the caller between calls.
pub(crate) fn support(
    cells: &[u16],
    cand: &[u32],
    sum: u32,
    out: &mut [u32],
    sets: &mut Vec<u32>,
) -> Option<u32> {
    let (mut placed, mut placed_sum) = (0u32, 0u32);
    let (mut free, mut masks, mut union) = ([0usize; SMALL], [0u32; SMALL], 0u32);
    let mut k = 0;
    for (i, &c) in cells.iter().enumerate() {
        let m = cand[c as usize];
        out[i] = m;
        if !place(m, &mut placed, &mut placed_sum)? {
            if k < SMALL {
                free[k] = i;
                masks[k] = m;
            }
            k += 1;
            union |= m;
        }
    }
    let rest = sum.checked_sub(placed_sum)?;
    if k == 0 {
        return (rest == 0).then_some(0);
    }
    if k > SMALL {
        let narrowed = narrow_within(cells, cand, sum, LARGE_CAP)?;
        for (i, &c) in cells.iter().enumerate() {
            let m = cand[c as usize];
            if m & (m - 1) != 0 {
                out[i] = m & narrowed.union;
            }
        }
        return Some(narrowed.required);
    }
    for m in &mut masks[..k] {
        *m &= !placed;
    }
    // The sets first, then the matchings: a walk that passes its cap costs no matching.
    sets.clear();
    if !each(union & !placed, k, rest, CAP, &mut |set| sets.push(set)) {
        let bounds = bounds_union(union & !placed, k, rest);
        for &i in &free[..k] {
            out[i] &= bounds;
        }
        return Some(0);
    }
    let (mut sup, mut required, mut any) = ([0u32; SMALL], u32::MAX, false);
    if sets.len() * k * k > WORK {
        // The union of the sets every cell can meet, as `narrow` does.
        for &set in sets.iter() {
            if masks[..k].iter().all(|&m| m & set != 0) {
                for s in &mut sup[..k] {
                    *s |= set;
                }
                required &= set;
                any = true;
            }
        }
        for (s, &m) in sup[..k].iter_mut().zip(&masks[..k]) {
            *s &= m;
        }
        sets.clear();
    }
    for &set in sets.iter() {
        // A feasible set changes nothing when every cell already supports the digits it could
        // add and the required digits are all in it: its matchings are not needed.
        if any && required & !set == 0 && masks[..k].iter().zip(&sup[..k]).all(|(&m, &s)| m & set & !s == 0) {
            continue;
        }
        if matchings(set, &masks[..k], &mut sup) {
            required &= set;
            any = true;
            // Nothing left to learn: every cell supports all it holds, no digit is required.
            if required == 0 && sup[..k] == masks[..k] {
                break;
            }
        }
    }
    if !any {
        return None;
    }
    for (j, &i) in free[..k].iter().enumerate() {
        out[i] = sup[j];
    }
    Some(required)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::bits::Ones;

    fn supports(cand: &[u32], sum: u32) -> Option<Vec<u32>> {
        let cells: Vec<u16> = (0..cand.len() as u16).collect();
        let mut out = vec![0; cand.len()];
        support(&cells, cand, sum, &mut out, &mut Vec::new()).map(|_| out)
    }

    #[test]
    fn a_cell_keeps_only_the_digits_of_a_whole_filling() {
        // {1,2} and {1..6} making 7: the second cell is 5 or 6, not 1 or 2.
        assert_eq!(supports(&[0b11, 0b11_1111], 7), Some(vec![0b11, 0b11_0000]));
        // Three cells {1,2}, {1,2}, {1,2,3}: the third must be 3, so 1+2+3 = 6 only.
        assert_eq!(supports(&[0b11, 0b11, 0b111], 6), Some(vec![0b11, 0b11, 0b100]));
        assert_eq!(supports(&[0b11, 0b11, 0b111], 7), None);
    }

    #[test]
    fn the_supports_agree_with_brute_force() {
        let mut seed = 7u64;
        for _ in 0..5000 {
            let k = 1 + (seed % 8) as usize;
            let mut cand = Vec::new();
            for _ in 0..k {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                cand.push(((seed >> 33) as u32 & 0x1ff) | 1 << ((seed >> 20) % 9));
            }
            let sum = 1 + (seed >> 45) as u32 % 40;
            let mut want = vec![0u32; k];
            let mut digits = vec![0u32; k];
            fn fill(i: usize, cand: &[u32], sum: u32, digits: &mut [u32], want: &mut [u32]) {
                if i == cand.len() {
                    if digits.iter().map(|d| d.trailing_zeros() + 1).sum::<u32>() == sum {
                        for (w, d) in want.iter_mut().zip(digits.iter()) {
                            *w |= d;
                        }
                    }
                    return;
                }
                for b in Ones(cand[i]) {
                    let d = 1 << b;
                    if digits[..i].iter().all(|&x| x != d) {
                        digits[i] = d;
                        fill(i + 1, cand, sum, digits, want);
                    }
                }
            }
            fill(0, &cand, sum, &mut digits, &mut want);
            let got = supports(&cand, sum);
            if want.iter().all(|&w| w == 0) {
                assert_eq!(got, None, "{cand:?} {sum}");
            } else {
                assert_eq!(got, Some(want), "{cand:?} {sum}");
            }
        }
    }
}
