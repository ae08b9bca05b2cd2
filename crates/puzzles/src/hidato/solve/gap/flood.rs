//! The gap search's passes over the free cells: their components (flood fill) and the
//! breadth-first distances from a placed cell, both under epoch stamps.

use super::Search;

impl Search<'_> {
    /// Labels the components of free cells; returns their count.
    pub(super) fn components(&mut self) -> usize {
        let stamp = self.bump();
        self.comp_size.clear();
        for start in 0..self.n as usize {
            if self.value[start] != 0 || self.comp_stamp[start] == stamp {
                continue;
            }
            let id = self.comp_size.len() as u32;
            self.comp_stamp[start] = stamp;
            self.comp[start] = id;
            self.queue.clear();
            self.queue.push(start as u32);
            let mut head = 0;
            while head < self.queue.len() {
                let c = self.queue[head];
                head += 1;
                let (s, e) = (self.nbr_start[c as usize] as usize, self.nbr_start[c as usize + 1] as usize);
                for i in s..e {
                    let x = self.nbrs[i] as usize;
                    if self.value[x] == 0 && self.comp_stamp[x] != stamp {
                        self.comp_stamp[x] = stamp;
                        self.comp[x] = id;
                        self.queue.push(x as u32);
                    }
                }
            }
            self.comp_size.push(self.queue.len() as u32);
        }
        self.comp_size.len()
    }

    /// BFS through free cells from `from` (a placed cell) up to `depth` steps, into distance
    /// array A (`second == false`) or B; the free cells reached are left in `visited`.
    pub(super) fn bfs(&mut self, from: u32, depth: u32, second: bool, stamp: u32) {
        let (dist_stamp, dist) = if second {
            (&mut self.dist_b_stamp, &mut self.dist_b)
        } else {
            (&mut self.dist_a_stamp, &mut self.dist_a)
        };
        self.visited.clear();
        self.queue.clear();
        dist_stamp[from as usize] = stamp;
        dist[from as usize] = 0;
        self.queue.push(from);
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head] as usize;
            head += 1;
            let d = dist[c];
            if d == depth {
                continue;
            }
            let (s, e) = (self.nbr_start[c] as usize, self.nbr_start[c + 1] as usize);
            for &x in &self.nbrs[s..e] {
                let x = x as usize;
                if self.value[x] == 0 && dist_stamp[x] != stamp {
                    dist_stamp[x] = stamp;
                    dist[x] = d + 1;
                    self.queue.push(x as u32);
                    self.visited.push(x as u32);
                }
            }
        }
    }
}
