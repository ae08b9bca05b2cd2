//! Which cells of a group can take which digits of a set, one digit each: a perfect matching of
//! cells to digits by augmenting paths, then Régin's test on its alternating cycles. Killer cages
//! (`killer::solve::support`) and variant cages (`variant::solve::props`) both narrow a cage to
//! its supports this way; it is here, not in either, because puzzle modules do not use each other.

use crate::common::bits::Ones;

/// The most cells [`matchings`] takes: its reachability is a closure over bytes.
pub(crate) const SMALL: usize = 8;

/// Whether the cells (candidates `masks`) can take the digits of `set` one each; if so, each
/// cell's digits in some such matching are added to `sup`.
///
/// One perfect matching by augmenting paths, then Régin's test on it: cell `i` can take the digit
/// that the matching gives cell `j` exactly when `j` reaches `i` in the graph "`a` can take the
/// digit of `b`" (the cycle `i -> j -> ... -> i` shifts the digits round). The reachability of at
/// most eight cells is a transitive closure of eight bytes: about `3 k^2` steps a set, where the
/// dynamic programme over subsets that this replaced took `2^(k+1)` (its zeroing alone was half a
/// kilobyte a set, and it was three quarters of a hard killer's time).
pub(crate) fn matchings(set: u32, masks: &[u32], sup: &mut [u32]) -> bool {
    let k = masks.len();
    let full = (1u32 << k) - 1;
    // Every digit of the set needs a cell: a cheap refusal before any matching.
    if masks.iter().fold(0, |u, &m| u | m) & set != set {
        return false;
    }
    // Digit j of the set is bit j here.
    let mut digit = [0u32; SMALL];
    for (j, i) in Ones(set).enumerate() {
        digit[j] = 1 << i;
    }
    let mut local = [0u32; SMALL];
    for (l, &m) in local.iter_mut().zip(masks) {
        for (j, &d) in digit[..k].iter().enumerate() {
            if m & d != 0 {
                *l |= 1 << j;
            }
        }
        if *l == 0 {
            return false;
        }
    }
    if local[..k].iter().all(|&l| l == full) {
        for s in &mut sup[..k] {
            *s |= set;
        }
        return true;
    }
    // A perfect matching: `mate[i]` is cell i's digit, `owner[j]` digit j's cell.
    let (mut mate, mut owner) = ([usize::MAX; SMALL], [usize::MAX; SMALL]);
    fn augment(
        i: usize,
        local: &[u32],
        owner: &mut [usize; SMALL],
        mate: &mut [usize; SMALL],
        seen: &mut u32,
    ) -> bool {
        for j in Ones(local[i] & !*seen) {
            *seen |= 1 << j;
            if owner[j] == usize::MAX || augment(owner[j], local, owner, mate, seen) {
                owner[j] = i;
                mate[i] = j;
                return true;
            }
        }
        false
    }
    for i in 0..k {
        let mut seen = 0;
        if !augment(i, &local[..k], &mut owner, &mut mate, &mut seen) {
            return false;
        }
    }
    // `reach[a]`: the cells a path of "can take the digit of" leads to from `a` (and `a`).
    let mut reach = [0u32; SMALL];
    for a in 0..k {
        let mut r = 1 << a;
        for j in Ones(local[a]) {
            r |= 1 << owner[j];
        }
        reach[a] = r;
    }
    for m in 0..k {
        let via = reach[m];
        for r in &mut reach[..k] {
            if *r >> m & 1 == 1 {
                *r |= via;
            }
        }
    }
    for i in 0..k {
        let mut s = digit[mate[i]];
        for j in Ones(local[i]) {
            let b = owner[j];
            if reach[b] >> i & 1 == 1 {
                s |= digit[j];
            }
        }
        sup[i] |= s;
    }
    true
}
