//! More solutions from one: segment reversals that keep every given in place.
//!
//! A puzzle with few givens has many solutions, and `count --limit 2` only needs a second one.
//! Searching the tree again for it can cost as much as the first, but most Hamiltonian paths
//! have a *reversal* next to them: if the cells of numbers i - 1 and j touch, and those of i
//! and j + 1 too, then the path with i..=j reversed is another path through the same cells
//! (at an end of the path only the inner condition is needed: the backbite move). When no
//! number in i..=j is given, it is another solution. Each move is checked by construction
//! here and by the verifier in the tests.

/// Calls `found` with solutions one reversal away from `path` (the board cell of each number
/// 1..=N), where `given[k - 1]` says that number k is given and `touch` whether two cells
/// touch, until it returns false.
pub(super) fn reversals(
    path: &[u32],
    given: &[bool],
    touch: impl Fn(u32, u32) -> bool,
    found: &mut dyn FnMut(Vec<u32>) -> bool,
) {
    let n = path.len();
    let mut lo = 0;
    while lo < n {
        if given[lo] {
            lo += 1;
            continue;
        }
        let mut hi = lo;
        while hi + 1 < n && !given[hi + 1] {
            hi += 1;
        }
        // Positions lo..=hi hold no given: reverse any i..=j inside.
        for i in lo..hi {
            for j in i + 1..=hi {
                let before = i == 0 || touch(path[i - 1], path[j]);
                let after = j + 1 == n || touch(path[i], path[j + 1]);
                if before && after {
                    let mut other = path.to_vec();
                    other[i..=j].reverse();
                    if !found(other) {
                        return;
                    }
                }
            }
        }
        lo = hi + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_end_backbites_and_givens_stay() {
        // A 3x1 strip holding 1 2 3: with 2 given, no reversal avoids it.
        let touch = |a: u32, b: u32| a.abs_diff(b) == 1;
        let mut seen = Vec::new();
        reversals(&[0, 1, 2], &[false, true, false], touch, &mut |p| {
            seen.push(p);
            true
        });
        assert!(seen.is_empty());
        // Nothing given: 0 1 2 -> reversed whole, and partial reversals at the ends.
        reversals(&[0, 1, 2], &[false, false, false], touch, &mut |p| {
            seen.push(p);
            true
        });
        assert_eq!(seen, vec![vec![2, 1, 0]]);
    }
}
