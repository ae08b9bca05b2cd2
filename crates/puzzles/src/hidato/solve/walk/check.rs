//! The check at every node (see the parent module): open ends and dead ends, the components of
//! the free cells with their articulation cells (Tarjan), and the pending gaps' distance windows;
//! the share-out of the components among the legs is in `components`.

use super::{Walker, DISTANCE_CHECKS, NONE};

impl Walker {
    /// The check of the module header with `leg` the current leg: false when no solution can
    /// extend the placed numbers.
    pub(super) fn check(&mut self, leg: usize) -> bool {
        let cells = self.board.len();
        if self.free == 0 {
            return true;
        }
        // Open ends: cells from which an unfinished leg leaves, and how many legs leave each.
        self.epoch += 1;
        let epoch = self.epoch;
        let mut tails = 0;
        for j in leg..self.legs.len() {
            let l = self.legs[j];
            let left = l.left(self.head[j]);
            if left == 0 {
                continue;
            }
            // Free ends: a tail's last number, and 1 when its cell is still to be chosen.
            tails += u32::from(!l.gap) + u32::from(self.head[j] == 0);
            let mut ends = [NONE; 2];
            if self.head[j] != 0 {
                ends[0] = self.pos[self.head[j] as usize];
            }
            if l.gap {
                ends[1] = self.pos[l.to as usize];
            }
            for c in ends.into_iter().filter(|&c| c != NONE) {
                if self.open[c as usize] != epoch {
                    self.open[c as usize] = epoch;
                    self.open_need[c as usize] = 0;
                }
                self.open_need[c as usize] += 1;
            }
        }
        // Dead ends, and components of the free cells.
        self.comp_size.clear();
        self.comp_dark.clear();
        let mut lonely = 0;
        for c in 0..cells as u32 {
            let v = self.value[c as usize];
            if v != 0 {
                if self.open[c as usize] == epoch {
                    let free = self.neighbours(c).iter().filter(|&&x| self.value[x as usize] == 0).count();
                    if (free as u32) < self.open_need[c as usize] {
                        return false;
                    }
                }
                continue;
            }
            let usable = self
                .neighbours(c)
                .iter()
                .filter(|&&x| self.value[x as usize] == 0 || self.open[x as usize] == epoch)
                .count();
            match usable {
                // Only a path of one cell (both ends free) sits on a cell with no neighbour.
                0 if self.free > 1 || tails < 2 => return false,
                1 => {
                    lonely += 1;
                    if lonely > tails {
                        return false;
                    }
                }
                _ => {}
            }
            if self.seen[c as usize] != epoch && !self.component(c, epoch, tails) {
                return false;
            }
        }
        if !self.components_fit(leg) {
            return false;
        }
        // Distance windows of the nearest pending gaps (the current leg's is the move filter).
        let mut checked = 0;
        for j in leg + 1..self.legs.len() {
            if checked == DISTANCE_CHECKS {
                break;
            }
            let l = self.legs[j];
            if l.gap {
                checked += 1;
                let span = l.to.abs_diff(l.from);
                let (s, t) = (self.pos[l.from as usize], self.pos[l.to as usize]);
                if self.cheap_distance(s, t) > span || self.reach(t, s, span) > span {
                    return false;
                }
            }
        }
        true
    }

    /// Numbers the component of free cell `root` (its size and dark cells pushed on
    /// `comp_size` and `comp_dark`) by an iterative depth-first search that also finds its
    /// articulation cells (Tarjan): false when removing one free cell leaves more parts out of
    /// reach of every open end than there are tails to end in them. Such a part can only be
    /// entered through that cell, visited once, so the path cannot come back out: it ends there.
    fn component(&mut self, root: u32, epoch: u32, tails: u32) -> bool {
        let id = self.comp_size.len() as u32;
        let (mut size, mut dark, mut clock) = (0u32, 0u32, 0u32);
        let anchored = |walker: &Self, c: u32| {
            u32::from(walker.neighbours(c).iter().any(|&x| walker.open[x as usize] == epoch))
        };
        let mut stack = std::mem::take(&mut self.dfs_stack);
        stack.clear();
        let enter = |walker: &mut Self, c: u32, clock: &mut u32| {
            walker.seen[c as usize] = epoch;
            walker.comp[c as usize] = id;
            walker.disc[c as usize] = *clock;
            walker.low[c as usize] = *clock;
            walker.anchors[c as usize] = anchored(walker, c);
            walker.cut_anchors[c as usize] = 0;
            walker.cut_bare[c as usize] = 0;
            walker.cut_parts[c as usize] = 0;
            *clock += 1;
        };
        enter(self, root, &mut clock);
        stack.push((root, NONE, self.nb_start[root as usize]));
        let mut ok = true;
        let mut cells = std::mem::take(&mut self.comp_cells);
        cells.clear();
        cells.push(root);
        while let Some(top) = stack.last_mut() {
            let (v, parent, next) = *top;
            if next < self.nb_start[v as usize + 1] {
                top.2 += 1;
                let x = self.nbrs[next as usize];
                if self.value[x as usize] != 0 {
                    continue;
                }
                if self.seen[x as usize] != epoch {
                    enter(self, x, &mut clock);
                    cells.push(x);
                    stack.push((x, v, self.nb_start[x as usize]));
                } else if x != parent {
                    self.low[v as usize] = self.low[v as usize].min(self.disc[x as usize]);
                }
                continue;
            }
            stack.pop();
            size += 1;
            dark += self.colour(v);
            if parent == NONE {
                continue;
            }
            let (p, vi) = (parent as usize, v as usize);
            self.low[p] = self.low[p].min(self.low[vi]);
            self.anchors[p] += self.anchors[vi];
            if self.low[vi] >= self.disc[p] {
                // v's subtree is a part of the component once p is removed.
                self.cut_parts[p] += 1;
                self.cut_anchors[p] += self.anchors[vi];
                self.cut_bare[p] += u32::from(self.anchors[vi] == 0);
            }
        }
        self.dfs_stack = stack;
        // Every articulation cell: its bare parts (the part holding the root included).
        let total = self.anchors[root as usize];
        for &c in &cells {
            let ci = c as usize;
            let parts = self.cut_parts[ci];
            let mut bare = self.cut_bare[ci];
            if c == root {
                if parts < 2 {
                    continue;
                }
            } else {
                if parts == 0 {
                    continue;
                }
                let own = u32::from(self.neighbours(c).iter().any(|&x| self.open[x as usize] == epoch));
                bare += u32::from(total - own - self.cut_anchors[ci] == 0);
            }
            if bare > tails.min(2) {
                ok = false;
                break;
            }
        }
        self.comp_cells = cells;
        self.comp_size.push(size);
        self.comp_dark.push(dark);
        ok
    }
}
