//! The gap search's check at each node (the three rules of the `solve` module header):
//! dead ends, the windows of the gaps and tails, the components they must fill, and the
//! number (or cell) with the fewest candidates to branch on.

use super::{Choice, Search};
use crate::hidato::solve::NONE;

impl Search<'_> {
    /// The feasibility checks of the `solve` module header; `None` if this node is dead, else
    /// the number to branch on and its candidate cells.
    pub(super) fn check(&mut self) -> Option<Choice> {
        let n = self.n;
        self.order.clear();
        for k in 1..=n {
            if self.pos[k as usize] != NONE {
                self.order.push(k);
            }
        }
        if self.order.is_empty() {
            // Only at a root with no givens: handled by the caller through `dfs_root_empty`.
            return Some(Choice::EMPTY);
        }
        let comps = self.components();
        self.comp_forced.clear();
        self.comp_forced.resize(comps, 0);
        self.comp_possible.clear();
        self.comp_possible.resize(comps, 0);

        // Dead ends and blocked numbers.
        let open_ends = u32::from(self.pos[1] == NONE) + u32::from(self.pos[n as usize] == NONE);
        let mut ends = 0;
        for c in 0..n as usize {
            let v = self.value[c];
            let (s, e) = (self.nbr_start[c] as usize, self.nbr_start[c + 1] as usize);
            if v == 0 {
                let mut usable = 0;
                for &x in &self.nbrs[s..e] {
                    let w = self.value[x as usize];
                    if w == 0
                        || (w < n && self.pos[w as usize + 1] == NONE)
                        || (w > 1 && self.pos[w as usize - 1] == NONE)
                    {
                        usable += 1;
                        if usable >= 2 {
                            break;
                        }
                    }
                }
                if usable == 0 {
                    return None;
                }
                if usable == 1 {
                    ends += 1;
                    if ends > open_ends {
                        return None;
                    }
                }
            } else if v > 1 && v < n && self.pos[v as usize - 1] == NONE && self.pos[v as usize + 1] == NONE {
                let free = self.nbrs[s..e].iter().filter(|&&x| self.value[x as usize] == 0).count();
                if free < 2 {
                    return None;
                }
            }
        }

        let cover = self.bump();
        let mut best: Option<Choice> = None;
        let consider = |best: &mut Option<Choice>, choice: Choice| {
            if best.is_none_or(|b| choice.len < b.len) {
                *best = Some(choice);
            }
        };
        // Tails.
        let low = self.order[0];
        let high = *self.order.last().expect("not empty");
        for (end, len, number) in [(low, low - 1, low.wrapping_sub(1)), (high, n - high, high + 1)] {
            if len == 0 {
                continue;
            }
            let cell = self.pos[end as usize];
            let name = if number < end { end } else { n + 1 };
            self.gap_len[name as usize] = len;
            let stamp = self.bump();
            self.bfs(cell, len, false, stamp);
            let stride = if self.orthogonal { 2 } else { 1 };
            for i in 0..self.visited.len() {
                let x = self.visited[i];
                let d = self.dist_a[x as usize];
                // Below: k in [1, low - d]; above: k in [high + d, n]; same parity as the end's
                // distance on a Numbrix board.
                let (lo, hi) = if number < end {
                    ((low - d - 1) % stride + 1, low - d)
                } else {
                    (high + d, n - (n - high - d) % stride)
                };
                self.note(x, cover, lo, hi, stride, name);
            }
            let mut choice = Choice::EMPTY;
            let mut ids = [NONE; 8];
            let mut id_count = 0;
            for &x in self.nbr(cell) {
                if self.value[x as usize] == 0 {
                    choice.push(number, x);
                    let id = self.comp[x as usize];
                    if self.comp_size[id as usize] >= len && !ids[..id_count].contains(&id) {
                        ids[id_count] = id;
                        id_count += 1;
                    }
                }
            }
            if !self.place_gap(&ids[..id_count], len) {
                return None;
            }
            consider(&mut best, choice);
        }
        // Gaps between consecutive placed numbers.
        for i in 1..self.order.len() {
            let (a, b) = (self.order[i - 1], self.order[i]);
            if b - a == 1 {
                continue;
            }
            let span = b - a;
            let len = span - 1;
            let (ca, cb) = (self.pos[a as usize], self.pos[b as usize]);
            self.gap_len[b as usize] = len;
            let stamp = self.bump();
            self.bfs(cb, len, true, stamp);
            self.bfs(ca, len, false, stamp);
            let stride = if self.orthogonal { 2 } else { 1 };
            for i in 0..self.visited.len() {
                let x = self.visited[i];
                let xi = x as usize;
                if self.dist_b_stamp[xi] == stamp && self.dist_a[xi] + self.dist_b[xi] <= span {
                    let (lo, hi) = (a + self.dist_a[xi], b - self.dist_b[xi]);
                    self.note(x, cover, lo, hi, stride, b);
                }
            }
            let mut up = Choice::EMPTY;
            let mut ids = [NONE; 8];
            let mut id_count = 0;
            for &x in self.nbr(ca) {
                let xi = x as usize;
                if self.value[xi] == 0 && self.dist_b_stamp[xi] == stamp && self.dist_b[xi] <= len {
                    up.push(a + 1, x);
                    let id = self.comp[xi];
                    if self.comp_size[id as usize] >= len && !ids[..id_count].contains(&id) {
                        ids[id_count] = id;
                        id_count += 1;
                    }
                }
            }
            if up.len == 0 || !self.place_gap(&ids[..id_count], len) {
                return None;
            }
            consider(&mut best, up);
            if len > 1 {
                let mut down = Choice::EMPTY;
                for &x in self.nbr(cb) {
                    let xi = x as usize;
                    if self.value[xi] == 0 && self.dist_a_stamp[xi] == stamp && self.dist_a[xi] <= len {
                        down.push(b - 1, x);
                    }
                }
                if down.len == 0 {
                    return None;
                }
                consider(&mut best, down);
            }
            if len > 2 && !self.middle_windows(a, span, stamp, &mut best) {
                return None;
            }
        }
        // Every free cell within some gap's window; every component filled exactly.
        // Cells that only one gap (named by its end, see `note`) can reach are its own: no more
        // of them than its length.
        for c in 0..n as usize {
            if self.value[c] == 0 && self.covered[c] == cover && self.cell_gap[c] != NONE {
                let g = self.cell_gap[c] as usize;
                if self.owned_stamp[g] != cover {
                    self.owned_stamp[g] = cover;
                    self.owned[g] = 0;
                }
                self.owned[g] += 1;
                if self.owned[g] > self.gap_len[g] {
                    return None;
                }
            }
        }
        // A cell with fewer possible numbers than the best number has cells is branched on.
        for c in 0..n as usize {
            if self.value[c] == 0 {
                if self.covered[c] != cover {
                    return None;
                }
                let count = self.cell_count[c] as usize;
                if count <= 2 && best.is_none_or(|b| count < b.len) {
                    let mut choice = Choice::EMPTY;
                    for &k in &self.cell_numbers[c][..count] {
                        choice.push(k, c as u32);
                    }
                    best = Some(choice);
                }
            }
        }
        for id in 0..comps {
            let size = self.comp_size[id];
            if self.comp_forced[id] > size || self.comp_possible[id] < size {
                return None;
            }
        }
        best
    }

    /// Notes that free cell `x` may hold the numbers `lo, lo + stride, .., hi` (one gap's or
    /// tail's window): counts them and keeps the first two.
    fn note(&mut self, x: u32, cover: u32, lo: u32, hi: u32, stride: u32, gap: u32) {
        let x = x as usize;
        if self.covered[x] != cover {
            self.covered[x] = cover;
            self.cell_count[x] = 0;
            self.cell_gap[x] = gap;
        } else if self.cell_gap[x] != gap {
            self.cell_gap[x] = NONE;
        }
        let count = self.cell_count[x];
        let mut k = lo;
        let mut i = count;
        while i < 2 && k <= hi {
            self.cell_numbers[x][i as usize] = k;
            i += 1;
            k += stride;
        }
        self.cell_count[x] = count.saturating_add((hi - lo) / stride + 1);
    }

    /// Distance windows of the numbers strictly inside a gap `(a, a + span)`, from the distances
    /// of the BFS pass `stamp` (cells reached from `a` in `visited`): a free cell `x` can hold
    /// `a + j` only for `dist_a(x) <= j <= span - dist_b(x)` (and, on a Numbrix board, `j` of the
    /// parity of `dist_a(x)`). False if some number has no cell; a number with fewer cells than
    /// `best` becomes the choice.
    fn middle_windows(&mut self, a: u32, span: u32, stamp: u32, best: &mut Option<Choice>) -> bool {
        let stride = if self.orthogonal { 2 } else { 1 };
        let counts = &mut self.window;
        counts.clear();
        counts.resize(span as usize + 2, 0);
        for &x in &self.visited {
            let x = x as usize;
            if self.dist_b_stamp[x] != stamp {
                continue;
            }
            let (da, db) = (self.dist_a[x], self.dist_b[x]);
            if da + db <= span {
                counts[da as usize] += 1;
                counts[(span - db + stride) as usize] -= 1;
            }
        }
        for j in stride as usize..span as usize {
            counts[j] += counts[j - stride as usize];
        }
        let mut pick = None;
        let mut fewest = best.map_or(usize::MAX, |b| b.len);
        for (j, &count) in counts.iter().enumerate().take(span as usize - 1).skip(2) {
            let count = count as usize;
            if count == 0 {
                return false;
            }
            if count < fewest {
                fewest = count;
                pick = Some(j as u32);
            }
        }
        if let Some(j) = pick {
            let mut choice = Choice::EMPTY;
            for &x in &self.visited {
                let xi = x as usize;
                if self.dist_b_stamp[xi] != stamp {
                    continue;
                }
                let (da, db) = (self.dist_a[xi], self.dist_b[xi]);
                if da <= j && j + db <= span && (j - da) % stride == 0 {
                    choice.push(a + j, x);
                }
            }
            debug_assert_eq!(choice.len, fewest);
            *best = Some(choice);
        }
        true
    }

    /// Records that a gap of `len` free cells goes into one of the components `ids`; false if
    /// there is none.
    fn place_gap(&mut self, ids: &[u32], len: u32) -> bool {
        match ids {
            [] => false,
            [id] => {
                self.comp_forced[*id as usize] += len;
                self.comp_possible[*id as usize] += len;
                true
            }
            _ => {
                for &id in ids {
                    self.comp_possible[id as usize] += len;
                }
                true
            }
        }
    }
}
