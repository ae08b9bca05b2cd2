//! The digit sets of a cage: which `k` different digits, from those still possible, make its
//! remaining sum. The solver and the rater both narrow cages with [`narrow`].
//!
//! The sets are enumerated by a depth-first walk over the possible digits in increasing order,
//! cut by the least and greatest sums the remaining choices can reach (prefix sums), so the walk
//! costs about as many steps as there are sets. Cages of 25x25 grids can have millions of sets;
//! past `cap` steps the walk stops and only the bounds are used ([`bounds_union`]): sound (they
//! never remove a digit a set could use), weaker.

use crate::common::bits::Ones;

/// Steps of the walk per cage per propagation before falling back to the bounds.
pub(crate) const CAP: u32 = 4096;

/// Calls `found` with each set (a mask, bit `d - 1` for digit `d`) of `k` digits of `avail`
/// summing to `sum`; `false` if it stopped after `cap` steps.
pub(crate) fn each(avail: u32, k: usize, sum: u32, cap: u32, found: &mut dyn FnMut(u32)) -> bool {
    // Fixed arrays, not vectors: this runs for every cage at every propagation.
    let (mut digits, mut prefix) = ([0u32; 32], [0u32; 33]);
    let mut len = 0;
    for i in Ones(avail) {
        digits[len] = i as u32 + 1;
        prefix[len + 1] = prefix[len] + digits[len];
        len += 1;
    }
    if k > len {
        return true;
    }
    let mut steps = 0;
    walk(&digits[..len], &prefix[..=len], 0, k, sum, 0, &mut steps, cap, found)
}

#[allow(
    clippy::too_many_arguments,
    reason = "the walk's state, kept in arguments to stay recursive and cheap"
)]
fn walk(
    digits: &[u32],
    prefix: &[u32],
    start: usize,
    k: usize,
    sum: u32,
    mask: u32,
    steps: &mut u32,
    cap: u32,
    found: &mut dyn FnMut(u32),
) -> bool {
    *steps += 1;
    if *steps > cap {
        return false;
    }
    if k == 0 {
        if sum == 0 {
            found(mask);
        }
        return true;
    }
    let len = digits.len();
    if len - start < k {
        return true;
    }
    // Least: the next k digits; greatest: the last k.
    if prefix[start + k] - prefix[start] > sum || prefix[len] - prefix[len - k] < sum {
        return true;
    }
    for i in start..=len - k {
        let d = digits[i];
        if d > sum {
            break;
        }
        if prefix[len] - prefix[len - (k - 1)] + d < sum {
            continue;
        }
        if !walk(digits, prefix, i + 1, k - 1, sum - d, mask | 1 << (d - 1), steps, cap, found) {
            return false;
        }
    }
    true
}

/// The digits `d` of `avail` for which `k - 1` other digits of `avail` have sums from below to
/// above `sum - d` (the bounds alone: a superset of the digits of the sets).
pub(crate) fn bounds_union(avail: u32, k: usize, sum: u32) -> u32 {
    // No vectors: this runs for every large cage at every propagation.
    let (mut digits, mut len) = ([0u32; 32], 0);
    for i in Ones(avail) {
        digits[len] = i as u32 + 1;
        len += 1;
    }
    if k == 0 || k > len {
        return 0;
    }
    let digits = &digits[..len];
    // The k smallest and k largest, and the k - 1 of each; without d, d's place is taken by the
    // k-th when d is among the k - 1.
    let small: u32 = digits[..k - 1].iter().sum();
    let large: u32 = digits[len - (k - 1)..].iter().sum();
    let mut union = 0;
    for (i, &d) in digits.iter().enumerate() {
        let Some(rest) = sum.checked_sub(d) else { continue };
        let low = if i < k - 1 { small - d + digits[k - 1] } else { small };
        let high = if i >= len - (k - 1) { large - d + digits[len - k] } else { large };
        if low <= rest && rest <= high {
            union |= 1 << (d - 1);
        }
    }
    union
}

/// What narrowing a cage found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Narrowed {
    /// Digits of at least one set that fits (the free cells keep only these).
    pub union: u32,
    /// Digits of every set that fits (each must go in some free cell); 0 when the bounds were used.
    pub required: u32,
}

/// The sets that fit a cage whose cells have candidates `cand` (singletons count as placed) and
/// whose sum is `sum`: `None` when none fits. A set fits when it avoids the placed digits and
/// every free cell has a candidate in it.
pub(crate) fn narrow(cells: &[u16], cand: &[u32], sum: u32) -> Option<Narrowed> {
    narrow_within(cells, cand, sum, CAP)
}

/// Takes a cell's candidates `m` into a cage's `placed` digits and their `placed_sum` when `m` is
/// a single digit: `Some(true)` then, `Some(false)` for an open cell, and `None` when the cell has
/// no candidate or its digit is placed already.
#[inline]
pub(crate) fn place(m: u32, placed: &mut u32, placed_sum: &mut u32) -> Option<bool> {
    if m == 0 {
        return None;
    }
    if m & (m - 1) != 0 {
        return Some(false);
    }
    if *placed & m != 0 {
        return None;
    }
    *placed |= m;
    *placed_sum += m.trailing_zeros() + 1;
    Some(true)
}

/// [`narrow`] with the walk cut after `cap` steps.
pub(crate) fn narrow_within(cells: &[u16], cand: &[u32], sum: u32, cap: u32) -> Option<Narrowed> {
    let (mut placed, mut placed_sum, mut free_union) = (0u32, 0u32, 0u32);
    let mut free = 0;
    for &c in cells {
        let m = cand[c as usize];
        if !place(m, &mut placed, &mut placed_sum)? {
            free += 1;
            free_union |= m;
        }
    }
    let rest = sum.checked_sub(placed_sum)?;
    if free == 0 {
        return (rest == 0).then_some(Narrowed { union: 0, required: 0 });
    }
    let avail = free_union & !placed;
    let (mut union, mut required) = (0u32, u32::MAX);
    let complete = each(avail, free, rest, cap, &mut |set| {
        let fits = cells.iter().all(|&c| {
            let m = cand[c as usize];
            m & (m - 1) == 0 || m & set != 0
        });
        if fits {
            union |= set;
            required &= set;
        }
    });
    if !complete {
        union = bounds_union(avail, free, rest);
        required = 0;
    }
    (union != 0).then_some(Narrowed { union, required })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(avail: u32, k: usize, sum: u32) -> Vec<u32> {
        let mut found = Vec::new();
        assert!(each(avail, k, sum, u32::MAX, &mut |s| found.push(s)));
        found
    }

    #[test]
    fn the_classic_combinations() {
        assert_eq!(sets(0x1ff, 2, 3), [0b11]);
        assert_eq!(sets(0x1ff, 2, 17), [0b1_1000_0000]);
        assert_eq!(sets(0x1ff, 9, 45), [0x1ff]);
        assert_eq!(sets(0x1ff, 3, 6).len(), 1);
        assert_eq!(sets(0x1ff, 4, 20).len(), 12);
        assert!(sets(0x1ff, 2, 18).is_empty());
    }

    #[test]
    fn every_subset_is_found_once() {
        // All subsets of 1..=9 by size and sum add up to 512.
        let total: usize = (0..=9).map(|k| (0..=45).map(|s| sets(0x1ff, k, s).len()).sum::<usize>()).sum();
        assert_eq!(total, 512);
    }

    #[test]
    fn the_bounds_contain_the_sets() {
        for k in 1..=5 {
            for s in 1..=35 {
                let union = sets(0x1ff, k, s).into_iter().fold(0, |a, b| a | b);
                assert_eq!(bounds_union(0x1ff, k, s) & union, union, "{k} {s}");
            }
        }
    }
}
