//! One line's logic, exactly: given its runs and what is known of its cells, which cells can
//! still be shaded and which can still be empty, over every placement of the runs that agrees
//! with what is known (the "line solver" of the nonogram literature: Batenburg and Kosters,
//! Wolter's pbnsolve).
//!
//! Dynamic programming over prefixes and suffixes, O(runs x length) per line:
//! - `fwd[j][i]`: the first `j` runs fit in cells `0..i`, every cell of `0..i` outside them empty;
//! - `bwd[j][i]`: runs `j..` fit in cells `i..`, likewise;
//! - a cell can be empty when some `j` has `fwd[j][i]` and `bwd[j][i + 1]`; run `j` can start at
//!   `s` when its cells can all be shaded, the cells just before and after it can be empty, and
//!   the two sides fit (`fwd[j][s - 1]`, `bwd[j + 1][s + len + 1]`). The cells of every possible
//!   start are marked shadeable through a difference array, so a line costs no more than its
//!   tables.
//!
//! Why exact line logic rather than the leftmost/rightmost overlap alone: the overlap misses
//! deductions that the exact solver makes at the same cost, and the search's nodes are far fewer
//! when every line is exact. The overlap is still computed (the first and last start of each
//! run), because it is the technique players learn first and the rater names it.

/// A cell not known yet.
pub(crate) const UNKNOWN: u8 = 0;
/// A shaded cell.
pub(crate) const SHADED: u8 = 1;
/// An empty cell.
pub(crate) const EMPTY: u8 = 2;

/// The tables of one line, kept between calls to spare the allocations.
#[derive(Debug, Default, Clone)]
pub(crate) struct LineSolver {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    empties: Vec<u32>,
    shaded: Vec<u32>,
    cover: Vec<i32>,
    can_empty: Vec<bool>,
    /// The first start of each run over every placement (after [`LineSolver::solve`]).
    pub(crate) first: Vec<usize>,
    /// The last start of each run.
    pub(crate) last: Vec<usize>,
}

impl LineSolver {
    /// The line's cells as they must be: for each cell of `cells`, [`SHADED`] or [`EMPTY`] when
    /// every placement of `runs` agreeing with `cells` says so, [`UNKNOWN`] when both are
    /// possible, written into `out`; `false` when no placement agrees (a contradiction).
    pub(crate) fn solve(&mut self, runs: &[u32], cells: &[u8], out: &mut Vec<u8>) -> bool {
        let n = cells.len();
        let k = runs.len();
        let w = n + 2;
        self.empties.clear();
        self.shaded.clear();
        self.empties.push(0);
        self.shaded.push(0);
        for &cell in cells {
            self.empties.push(self.empties.last().copied().unwrap_or(0) + u32::from(cell == EMPTY));
            self.shaded.push(self.shaded.last().copied().unwrap_or(0) + u32::from(cell == SHADED));
        }
        let empties = &self.empties;
        let shaded = &self.shaded;
        let fillable = |a: usize, b: usize| empties[b] == empties[a];
        let blankable = |i: usize| cells[i] != SHADED;
        self.fwd.clear();
        self.fwd.resize((k + 1) * w, false);
        self.bwd.clear();
        self.bwd.resize((k + 2) * w, false);
        let (fwd, bwd) = (&mut self.fwd, &mut self.bwd);
        // fwd[j * w + i]
        for i in 0..=n {
            fwd[i] = shaded[i] == 0;
        }
        for j in 1..=k {
            let len = runs[j - 1] as usize;
            for i in 0..=n {
                let mut ok = i > 0 && blankable(i - 1) && fwd[j * w + i - 1];
                if !ok && i >= len && fillable(i - len, i) {
                    let s = i - len;
                    ok = if s == 0 { j == 1 } else { blankable(s - 1) && fwd[(j - 1) * w + s - 1] };
                }
                fwd[j * w + i] = ok;
            }
        }
        if !fwd[k * w + n] {
            return false;
        }
        // bwd[j * w + i]: runs j.. fit in cells i..n.
        for i in 0..=n {
            bwd[k * w + i] = shaded[n] == shaded[i];
        }
        for j in (0..k).rev() {
            let len = runs[j] as usize;
            for i in (0..=n).rev() {
                let mut ok = i < n && blankable(i) && bwd[j * w + i + 1];
                if !ok && i + len <= n && fillable(i, i + len) {
                    let e = i + len;
                    ok = if e == n { j + 1 == k } else { blankable(e) && bwd[(j + 1) * w + e + 1] };
                }
                bwd[j * w + i] = ok;
            }
        }
        self.can_empty.clear();
        self.can_empty.resize(n, false);
        for i in 0..n {
            if blankable(i) {
                self.can_empty[i] = (0..=k).any(|j| fwd[j * w + i] && bwd[j * w + i + 1]);
            }
        }
        self.cover.clear();
        self.cover.resize(n + 1, 0);
        self.first.clear();
        self.last.clear();
        for j in 0..k {
            let len = runs[j] as usize;
            let (mut first, mut last) = (usize::MAX, 0);
            for s in 0..=(n - len) {
                let e = s + len;
                if !fillable(s, e) {
                    continue;
                }
                let left = if s == 0 { j == 0 } else { blankable(s - 1) && fwd[j * w + s - 1] };
                let right = if e == n { j + 1 == k } else { blankable(e) && bwd[(j + 1) * w + e + 1] };
                if left && right {
                    self.cover[s] += 1;
                    self.cover[e] -= 1;
                    first = first.min(s);
                    last = s;
                }
            }
            self.first.push(first);
            self.last.push(last);
        }
        out.clear();
        let mut covered = 0;
        for i in 0..n {
            covered += self.cover[i];
            let (fill, blank) = (covered > 0, self.can_empty[i]);
            out.push(match (fill, blank) {
                (true, false) => SHADED,
                (false, true) => EMPTY,
                (true, true) => UNKNOWN,
                (false, false) => return false,
            });
        }
        true
    }

    /// The cells the overlap alone decides, from the first and last start of each run of the
    /// last [`LineSolver::solve`]: a cell every start of some run covers is shaded, a cell no
    /// start of any run reaches is empty. A subset of what [`LineSolver::solve`] wrote.
    pub(crate) fn overlap(&self, runs: &[u32], n: usize) -> Vec<(usize, u8)> {
        let mut decided = Vec::new();
        let mut reached = vec![false; n];
        for (j, &len) in runs.iter().enumerate() {
            let (first, last, len) = (self.first[j], self.last[j], len as usize);
            for i in last..first + len {
                decided.push((i, SHADED));
            }
            for flag in &mut reached[first..last + len] {
                *flag = true;
            }
        }
        decided.extend(reached.iter().enumerate().filter(|(_, &r)| !r).map(|(i, _)| (i, EMPTY)));
        decided
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of `runs` in `n` cells, by brute force.
    fn placements(runs: &[u32], n: usize) -> Vec<Vec<u8>> {
        (0u32..1 << n)
            .map(|bits| (0..n).map(|i| if bits >> i & 1 == 1 { SHADED } else { EMPTY }).collect::<Vec<u8>>())
            .filter(|cells| crate::nonogram::model::runs_of(cells.iter().map(|&c| c == SHADED)) == runs)
            .collect()
    }

    #[test]
    fn the_line_solver_agrees_with_brute_force_on_every_small_line() {
        let mut solver = LineSolver::default();
        let mut out = Vec::new();
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in 1..=9 {
            for _ in 0..300 {
                let picture: Vec<bool> = (0..n).map(|_| next() % 2 == 0).collect();
                let mut runs = crate::nonogram::model::runs_of(picture.iter().copied());
                if next() % 5 == 0 && !runs.is_empty() {
                    runs[0] += 1; // often no longer fits what is known
                }
                let known: Vec<u8> = (0..n)
                    .map(|i| match next() % 4 {
                        0 => {
                            if picture[i] {
                                SHADED
                            } else {
                                EMPTY
                            }
                        }
                        _ => UNKNOWN,
                    })
                    .collect();
                let agree: Vec<Vec<u8>> = placements(&runs, n)
                    .into_iter()
                    .filter(|p| p.iter().zip(&known).all(|(&v, &k)| k == UNKNOWN || k == v))
                    .collect();
                let feasible = solver.solve(&runs, &known, &mut out);
                assert_eq!(feasible, !agree.is_empty(), "{runs:?} on {known:?}");
                if !feasible {
                    continue;
                }
                for i in 0..n {
                    let all_shaded = agree.iter().all(|p| p[i] == SHADED);
                    let all_empty = agree.iter().all(|p| p[i] == EMPTY);
                    let expected = if all_shaded {
                        SHADED
                    } else if all_empty {
                        EMPTY
                    } else {
                        UNKNOWN
                    };
                    assert_eq!(out[i], expected, "{runs:?} on {known:?}, cell {i}");
                }
                for (i, value) in solver.overlap(&runs, n) {
                    assert_eq!(out[i], value, "the overlap says only what is so: {runs:?} on {known:?}");
                }
            }
        }
    }
}
