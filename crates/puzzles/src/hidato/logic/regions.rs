//! Hard: region sizes. Each connected region of free cells must be filled exactly by the runs
//! of missing numbers that can reach it; a run that no such choice includes is excluded.

use super::state::{count, has, ones, Bits, State, NONE};

impl State<'_> {
    /// Region sizes: `Err` when some region cannot be filled.
    pub(super) fn regions(&mut self) -> Result<(usize, String), ()> {
        let w = self.words;
        let cells = self.value.len();
        let mut comp = vec![NONE; cells];
        let mut regions: Vec<Bits> = Vec::new();
        for start in ones(&self.free.clone()).collect::<Vec<_>>() {
            if comp[start] != NONE {
                continue;
            }
            let id = regions.len();
            let mut bits = vec![0u64; w];
            let mut stack = vec![start];
            comp[start] = id;
            while let Some(c) = stack.pop() {
                bits[c / 64] |= 1 << (c % 64);
                for d in ones(self.near_of(c)) {
                    if comp[d] == NONE && has(&self.free, d) {
                        comp[d] = id;
                        stack.push(d);
                    }
                }
            }
            regions.push(bits);
        }
        let sizes: Vec<usize> = regions.iter().map(|r| count(r) as usize).collect();
        let gaps = self.gaps();
        // fits[g]: the regions run g can go to (reaching its placed ends, room, candidates).
        let mut fits: Vec<Vec<usize>> = gaps
            .iter()
            .map(|&(lo, hi)| {
                (0..regions.len())
                    .filter(|&r| {
                        let touches =
                            |k: usize| (0..w).any(|j| self.near[self.at[k] * w + j] & regions[r][j] != 0);
                        sizes[r] > hi - lo
                            && (lo == 1 || touches(lo - 1))
                            && (hi == self.n || touches(hi + 1))
                            && (lo..=hi).all(|k| (0..w).any(|j| self.cand[k * w + j] & regions[r][j] != 0))
                    })
                    .collect()
            })
            .collect();
        let (mut removed, mut first) = (0, String::new());
        for r in 0..regions.len() {
            let runs: Vec<usize> = (0..gaps.len()).filter(|&g| fits[g].contains(&r)).collect();
            let lens: Vec<usize> = runs.iter().map(|&g| gaps[g].1 - gaps[g].0 + 1).collect();
            let size = sizes[r];
            // prefix[i][s]: some runs among the first i fill s cells; suffix likewise from the end.
            let mut prefix = vec![vec![false; size + 1]; lens.len() + 1];
            prefix[0][0] = true;
            for (i, &l) in lens.iter().enumerate() {
                for s in 0..=size {
                    prefix[i + 1][s] = prefix[i][s] || (s >= l && prefix[i][s - l]);
                }
            }
            if !prefix[lens.len()][size] {
                return Err(());
            }
            let mut suffix = vec![vec![false; size + 1]; lens.len() + 1];
            suffix[lens.len()][0] = true;
            for i in (0..lens.len()).rev() {
                for s in 0..=size {
                    suffix[i][s] = suffix[i + 1][s] || (s >= lens[i] && suffix[i + 1][s - lens[i]]);
                }
            }
            for (i, &g) in runs.iter().enumerate() {
                let rest = size - lens[i];
                let ok = (0..=rest).any(|s| prefix[i][s] && suffix[i + 1][rest - s]);
                if !ok {
                    fits[g].retain(|&x| x != r);
                    if first.is_empty() {
                        let cell = ones(&regions[r]).next().unwrap_or(0);
                        let (lo, hi) = gaps[g];
                        first = format!(
                            "{lo}..{hi} cannot run through the region of {size} free cells at {}: \
                             no set of missing runs that includes it fills the region exactly",
                            self.pos(cell)
                        );
                    }
                }
            }
        }
        for (g, &(lo, hi)) in gaps.iter().enumerate() {
            let mut allowed = vec![0u64; w];
            for &r in &fits[g] {
                for j in 0..w {
                    allowed[j] |= regions[r][j];
                }
            }
            for k in lo..=hi {
                let before = count(self.cand_of(k));
                for (c, a) in self.cand[k * w..][..w].iter_mut().zip(&allowed) {
                    *c &= a;
                }
                let lost = (before - count(self.cand_of(k))) as usize;
                if lost > 0 && first.is_empty() {
                    first = format!("{lo}..{hi} cannot reach some regions: {k} loses {lost} cells");
                }
                removed += lost;
            }
        }
        Ok((removed, first))
    }
}
