//! The domain search's all-different rule, to arc consistency (Régin): a perfect matching of
//! the unplaced numbers to the free cells by Kuhn's augmenting paths, warm-started, then
//! Tarjan's strongly connected components; both on explicit stacks.

use super::BitSearch;
use crate::common::bits::BitSet;
use crate::hidato::solve::NONE;

impl<B: BitSet> BitSearch<'_, B> {
    /// All different, to arc consistency (Régin): a perfect matching of the unplaced numbers to
    /// the free cells (kept between calls as a warm start), then a number keeps a cell only if
    /// the cell's matched number is in its strongly connected component of the graph "k -> the
    /// number matched to a cell of k's domain". False if no matching exists.
    pub(super) fn all_different(&mut self, changed: &mut bool) -> bool {
        let n = self.n;
        self.owner.fill(NONE);
        let mut owned = B::ZERO;
        let mut unmatched = Vec::new();
        std::mem::swap(&mut unmatched, &mut self.unmatched);
        unmatched.clear();
        for k in 1..=n {
            if self.is_placed(k) {
                continue;
            }
            let m = self.mate[k];
            if m != NONE && self.dom[k].has(m as usize) && !owned.has(m as usize) {
                self.owner[m as usize] = k as u32;
                owned |= B::bit(m as usize);
            } else {
                self.mate[k] = NONE;
                unmatched.push(k as u32);
            }
        }
        for (i, &k) in unmatched.iter().enumerate() {
            // An augmenting path can cross the whole board: on a big one, read the clock
            // every 16 of them, and give up on the node (`propagate` reports why).
            if B::BITS > 128 && i % 16 == 15 && self.interrupt() {
                self.unmatched = unmatched;
                return false;
            }
            let mut visited = B::ZERO;
            if !self.augment(k as usize, &mut owned, &mut visited) {
                self.unmatched = unmatched;
                return false;
            }
        }
        self.unmatched = unmatched;
        // Tarjan's strongly connected components over the unplaced numbers.
        self.scc.fill(NONE);
        self.low.fill(0);
        self.index.fill(NONE);
        self.tarjan_stack.clear();
        let mut next_index = 0;
        let mut sccs = 0;
        for k in 1..=n {
            if !self.is_placed(k) && self.index[k] == NONE {
                self.strong(k, &mut next_index, &mut sccs);
            }
        }
        // Cells of each component.
        self.scc_cells.clear();
        self.scc_cells.resize(sccs as usize, B::ZERO);
        for k in 1..=n {
            if !self.is_placed(k) {
                self.scc_cells[self.scc[k] as usize] |= B::bit(self.mate[k] as usize);
            }
        }
        for k in 1..=n {
            if !self.is_placed(k) {
                let v = self.dom[k] & self.scc_cells[self.scc[k] as usize];
                if v != self.dom[k] {
                    self.set(k, v);
                    *changed = true;
                }
            }
        }
        true
    }

    /// Kuhn's augmenting path from number `root`, with an explicit stack (a path may be as long
    /// as the board): each frame is a number, its cells not yet tried, and the cell it would
    /// take from the next frame's number.
    fn augment(&mut self, root: usize, owned: &mut B, visited: &mut B) -> bool {
        let spare = self.dom[root] & !*owned;
        if !spare.is_zero() {
            self.take_cell(root, spare.first(), owned);
            return true;
        }
        let mut frames = std::mem::take(&mut self.augment_frames);
        frames.clear();
        frames.push((root, self.dom[root], usize::MAX));
        let mut found = false;
        while let Some(frame) = frames.last_mut() {
            if frame.1.is_zero() {
                frames.pop();
                continue;
            }
            let c = frame.1.pop_first();
            let other = self.owner[c] as usize;
            if visited.has(other) {
                continue;
            }
            *visited |= B::bit(other);
            frame.2 = c;
            let spare = self.dom[other] & !*owned;
            if !spare.is_zero() {
                self.take_cell(other, spare.first(), owned);
                for &(k, _, via) in frames.iter().rev() {
                    self.owner[via] = k as u32;
                    self.mate[k] = via as u32;
                }
                found = true;
                break;
            }
            frames.push((other, self.dom[other], usize::MAX));
        }
        self.augment_frames = frames;
        found
    }

    fn take_cell(&mut self, k: usize, c: usize, owned: &mut B) {
        self.owner[c] = k as u32;
        self.mate[k] = c as u32;
        *owned |= B::bit(c);
    }

    /// Tarjan's strongly connected components from number `root` (edges: a number to the
    /// owners of its domain's other cells), with an explicit stack of (number, cells left).
    fn strong(&mut self, root: usize, next_index: &mut u32, sccs: &mut u32) {
        let mut frames = std::mem::take(&mut self.tarjan_frames);
        frames.clear();
        self.visit(root, next_index, &mut frames);
        while let Some(frame) = frames.last_mut() {
            let k = frame.0;
            if !frame.1.is_zero() {
                let c = frame.1.pop_first();
                let other = self.owner[c] as usize;
                if self.index[other] == NONE {
                    self.visit(other, next_index, &mut frames);
                } else if self.on_stack.has(other) {
                    self.low[k] = self.low[k].min(self.index[other]);
                }
                continue;
            }
            frames.pop();
            if self.low[k] == self.index[k] {
                loop {
                    let top = self.tarjan_stack.pop().expect("on the stack") as usize;
                    self.on_stack &= !B::bit(top);
                    self.scc[top] = *sccs;
                    if top == k {
                        break;
                    }
                }
                *sccs += 1;
            }
            if let Some(parent) = frames.last() {
                self.low[parent.0] = self.low[parent.0].min(self.low[k]);
            }
        }
        self.tarjan_frames = frames;
    }

    fn visit(&mut self, k: usize, next_index: &mut u32, frames: &mut Vec<(usize, B)>) {
        self.index[k] = *next_index;
        self.low[k] = *next_index;
        *next_index += 1;
        self.tarjan_stack.push(k as u32);
        self.on_stack |= B::bit(k);
        frames.push((k, self.dom[k] & !B::bit(self.mate[k] as usize)));
    }
}
