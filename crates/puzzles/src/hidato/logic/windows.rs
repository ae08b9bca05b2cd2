//! Medium: distance windows. A missing number lies within reach, through free cells, of the
//! placed numbers at both ends of its run.

use super::state::{count, ones, Bits, State};

impl State<'_> {
    /// Cells within `d` steps of `from` through free cells, for `d` in `0..=max`.
    fn reach(&self, from: usize, max: usize) -> Vec<Bits> {
        let w = self.words;
        let mut layers = Vec::with_capacity(max + 1);
        let mut seen = vec![0u64; w];
        seen[from / 64] |= 1 << (from % 64);
        let mut frontier = seen.clone();
        layers.push(seen.clone());
        for _ in 0..max {
            let mut next = vec![0u64; w];
            for c in ones(&frontier) {
                for j in 0..w {
                    next[j] |= self.near[c * w + j] & self.free[j] & !seen[j];
                }
            }
            for j in 0..w {
                seen[j] |= next[j];
            }
            layers.push(seen.clone());
            frontier = next;
        }
        layers
    }

    pub(super) fn windows(&mut self) -> (usize, String) {
        let (mut removed, mut first) = (0, String::new());
        for (lo, hi) in self.gaps() {
            let len = hi - lo + 1;
            let below = (lo > 1).then(|| (lo - 1, self.reach(self.at[lo - 1], len)));
            let above = (hi < self.n).then(|| (hi + 1, self.reach(self.at[hi + 1], len)));
            for k in lo..=hi {
                let before = count(self.cand_of(k));
                for j in 0..self.words {
                    let mut m = u64::MAX;
                    if let Some((a, layers)) = &below {
                        m &= layers[k - a][j];
                    }
                    if let Some((b, layers)) = &above {
                        m &= layers[b - k][j];
                    }
                    self.cand[k * self.words + j] &= m;
                }
                let lost = (before - count(self.cand_of(k))) as usize;
                if lost > 0 && removed == 0 {
                    let mut parts = Vec::new();
                    if let Some((a, _)) = &below {
                        parts.push(format!("{} steps of {a}", k - a));
                    }
                    if let Some((b, _)) = &above {
                        parts.push(format!("{} steps of {b}", b - k));
                    }
                    first = format!(
                        "{k} must be within {} through free cells: {lost} cells are too far",
                        parts.join(" and ")
                    );
                }
                removed += lost;
            }
        }
        (removed, first)
    }
}
