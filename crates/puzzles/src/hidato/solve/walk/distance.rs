//! Distances on the board: breadth-first through the free cells for the distance windows (the
//! candidate filter and the pending gaps' check), and the cheap Chebyshev or Manhattan bound.

use super::Walker;

impl Walker {
    /// Breadth-first distance from `from` to `to` through free cells (both ends may be
    /// placed), `bound + 1` when farther than `bound`.
    pub(super) fn reach(&mut self, from: u32, to: u32, bound: u32) -> u32 {
        self.bfs(from, bound);
        for &x in self.neighbours(to) {
            if self.dist_seen[x as usize] == self.dist_epoch && (self.value[x as usize] == 0 || x == from) {
                let d = self.dist[x as usize] + 1;
                if d <= bound {
                    return d;
                }
            }
        }
        bound + 1
    }

    /// Breadth-first distances from `from` through free cells, up to `bound`.
    pub(super) fn bfs(&mut self, from: u32, bound: u32) {
        self.dist_epoch += 1;
        let epoch = self.dist_epoch;
        self.queue.clear();
        self.queue.push(from);
        self.dist_seen[from as usize] = epoch;
        self.dist[from as usize] = 0;
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            let d = self.dist[c as usize] + 1;
            if d > bound {
                continue;
            }
            for j in self.nb_start[c as usize]..self.nb_start[c as usize + 1] {
                let x = self.nbrs[j as usize];
                if self.value[x as usize] == 0 && self.dist_seen[x as usize] != epoch {
                    self.dist_seen[x as usize] = epoch;
                    self.dist[x as usize] = d;
                    self.queue.push(x);
                }
            }
        }
    }

    /// The distance found by the last [`bfs`](Self::bfs), or `u32::MAX`.
    pub(super) fn dist_of(&self, c: u32) -> u32 {
        if self.dist_seen[c as usize] == self.dist_epoch {
            self.dist[c as usize]
        } else {
            u32::MAX
        }
    }

    /// Chebyshev (King) or Manhattan (Numbrix) distance: a lower bound on any path's steps.
    pub(super) fn cheap_distance(&self, a: u32, b: u32) -> u32 {
        let ((ax, ay), (bx, by)) = (self.xy[a as usize], self.xy[b as usize]);
        let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
        if self.orthogonal {
            dx + dy
        } else {
            dx.max(dy)
        }
    }
}
