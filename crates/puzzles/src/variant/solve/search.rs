//! The search: propagation to a fixed point, then a branch on the open cell with the fewest
//! candidates per unit of failure weight (dom/wdeg: each propagator that wipes a branch out adds
//! one to the weight of its cells, so the search turns to where the puzzle is tight), digits
//! tried in increasing order. Each level copies the candidate array (N^2 `u32`s, a kilobyte at
//! 16x16) instead of keeping a trail: the copy is cheaper than undoing on grids this small, and
//! nothing is allocated during the search.
//!
//! Propagation is a queue of propagators, each woken by a change of a cell it watches, in two
//! tiers: the cheap ones (houses, pairs) run to a fixed point before each slow one (sums by
//! reachable-sum tables, cage matchings), which then sees the narrowest domains the cheap ones
//! leave; on hard killers this halves the calls of the sum tables, which took half the time. The
//! budget's node count and clock are read every [`PROPAGATING_NODE`] nodes.

use tessera_xc::{Budget, Count, Outcome, Stats};

use super::model::{Model, Store, Wipeout};
use crate::common::budget::{check_every::PROPAGATING_NODE, Stop};

/// The state of one search.
pub(crate) struct Search<'m> {
    model: &'m Model,
    queue: Vec<u32>,
    slow_queue: Vec<u32>,
    slow: Vec<bool>,
    queued: Vec<bool>,
    touched: Vec<u16>,
    weight: Vec<u32>,
    nodes: u64,
    budget: Budget,
}

impl<'m> Search<'m> {
    pub(crate) fn new(model: &'m Model, budget: &Budget) -> Self {
        let cells = model.initial.len();
        let weight = (0..cells).map(|c| 1 + model.watch[c].len() as u32).collect();
        Search {
            model,
            queue: Vec::with_capacity(model.props.len()),
            slow_queue: Vec::with_capacity(model.props.len()),
            slow: model.props.iter().map(|p| p.slow()).collect(),
            queued: vec![false; model.props.len()],
            touched: Vec::with_capacity(cells),
            weight,
            nodes: 0,
            budget: budget.clone(),
        }
    }

    /// Nodes so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn wake(&mut self, cell: usize) {
        for &p in &self.model.watch[cell] {
            if !self.queued[p as usize] {
                self.queued[p as usize] = true;
                if self.slow[p as usize] {
                    self.slow_queue.push(p);
                } else {
                    self.queue.push(p);
                }
            }
        }
    }

    fn clear_queue(&mut self) {
        for &p in self.queue.iter().chain(&self.slow_queue) {
            self.queued[p as usize] = false;
        }
        self.queue.clear();
        self.slow_queue.clear();
    }

    /// Runs the queued propagators to a fixed point.
    fn settle(&mut self, dom: &mut [u32]) -> Result<(), Wipeout> {
        while let Some(p) = self.queue.pop().or_else(|| self.slow_queue.pop()) {
            self.queued[p as usize] = false;
            let prop = &self.model.props[p as usize];
            self.touched.clear();
            let mut store = Store::new(dom, &mut self.touched);
            if let Err(wipeout) = prop.propagate(&mut store) {
                for &c in prop.cells() {
                    self.weight[c as usize] += 1;
                }
                self.clear_queue();
                return Err(wipeout);
            }
            let touched = std::mem::take(&mut self.touched);
            for &c in &touched {
                self.wake(c as usize);
            }
            self.touched = touched;
        }
        Ok(())
    }

    /// The initial candidates settled, or `None` when propagation alone finds no solution.
    pub(crate) fn root(&mut self) -> Option<Vec<u32>> {
        let mut dom = self.model.initial.clone();
        if dom.contains(&0) {
            return None;
        }
        for p in 0..self.model.props.len() {
            self.queued[p] = true;
            if self.slow[p] {
                self.slow_queue.push(p as u32);
            } else {
                self.queue.push(p as u32);
            }
        }
        self.settle(&mut dom).ok().map(|()| dom)
    }

    /// The settled candidates after fixing `cell` to `digit` in `dom`.
    pub(crate) fn assume(&mut self, dom: &mut [u32], cell: usize, mask: u32) -> Result<(), Wipeout> {
        let old = dom[cell];
        if old & mask == 0 {
            return Err(Wipeout);
        }
        if old & mask != old {
            dom[cell] = old & mask;
            self.wake(cell);
        }
        self.settle(dom)
    }

    /// The open cell to branch on, `None` when every cell is fixed.
    fn choose(&self, dom: &[u32]) -> Option<usize> {
        let mut best: Option<(usize, u32, u32)> = None;
        for (c, &d) in dom.iter().enumerate() {
            let k = d.count_ones();
            if k < 2 {
                continue;
            }
            let w = self.weight[c];
            // Fewest candidates per weight: k / w smallest, compared without division.
            if best.is_none_or(|(_, bk, bw)| u64::from(k) * u64::from(bw) < u64::from(bk) * u64::from(w)) {
                best = Some((c, k, w));
                if k == 2 && w > 64 {
                    break;
                }
            }
        }
        best.map(|(c, _, _)| c)
    }

    /// Depth-first from `dom` (settled), handing each solution to `found`, which says whether to
    /// go on.
    pub(crate) fn run(&mut self, dom: Vec<u32>, found: &mut dyn FnMut(&[u32]) -> bool) -> Result<(), Stop> {
        let cells = dom.len();
        let mut stack: Vec<u32> = dom;
        stack.reserve(cells * 8);
        // Per level: the cell branched on and the digits left to try.
        let mut levels: Vec<(usize, u32)> = Vec::new();
        loop {
            // The top frame is settled: a solution, or a branch.
            self.nodes += 1;
            self.budget.spend(self.nodes, PROPAGATING_NODE).map_err(Stop::GaveUp)?;
            let top = stack.len() - cells;
            match self.choose(&stack[top..]) {
                None => {
                    if !found(&stack[top..]) {
                        return Err(Stop::Limit);
                    }
                    stack.truncate(top);
                }
                Some(cell) => {
                    let digits = stack[top + cell];
                    levels.push((cell, digits));
                    // The frame stays as the level's base; children are copies above it.
                }
            }
            // Next child: the lowest untried digit of the deepest level, on a fresh copy.
            loop {
                let Some(&mut (cell, ref mut left)) = levels.last_mut() else { return Ok(()) };
                if *left == 0 {
                    levels.pop();
                    let base = stack.len() - cells;
                    stack.truncate(base);
                    continue;
                }
                let bit = *left & left.wrapping_neg();
                *left &= !bit;
                let base = stack.len() - cells;
                stack.extend_from_within(base..base + cells);
                let child = stack.len() - cells;
                let ok = {
                    let (_, frame) = stack.split_at_mut(child);
                    self.assume(frame, cell, bit)
                };
                if ok.is_ok() {
                    break;
                }
                stack.truncate(child);
                self.nodes += 1;
                self.budget.spend(self.nodes, PROPAGATING_NODE).map_err(Stop::GaveUp)?;
            }
        }
    }
}

/// Counts (and hands on) solutions of `model` up to `limit`.
pub(crate) fn count(model: &Model, limit: u64, budget: &Budget, visit: &mut dyn FnMut(&[u32])) -> Count {
    let mut search = Search::new(model, budget);
    let mut solutions = 0u64;
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Stats::default() };
    }
    if let Some(reason) = budget.check_clock() {
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() };
    }
    let Some(root) = search.root() else {
        return Count { solutions: 0, outcome: Outcome::Exhausted, stats: Stats { nodes: 1, updates: 0 } };
    };
    let result = search.run(root, &mut |dom| {
        solutions += 1;
        visit(dom);
        solutions < limit
    });
    let outcome = match result {
        Ok(()) => Outcome::Exhausted,
        Err(Stop::Limit) => Outcome::LimitReached,
        Err(Stop::GaveUp(reason)) => Outcome::GaveUp(reason),
    };
    Count { solutions, outcome, stats: Stats { nodes: search.nodes(), updates: 0 } }
}

/// The digits of a fixed candidate array.
pub(crate) fn digits(dom: &[u32]) -> Vec<u8> {
    dom.iter().map(|&d| d.trailing_zeros() as u8).collect()
}
