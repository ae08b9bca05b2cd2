//! Failed-literal probing and unit forcing at every node of the search (the module header of
//! `solve` says why at every node).
//!
//! Each unknown cell is tried as a star and propagated (without the squeeze's 2x2 bound: a
//! tenth of the cost). A star that fails is cleared. The probes that survive are gathered per
//! unit: a unit that still needs a star has one on one of its unknown cells, so the cells that
//! every one of its cells' probes leaves empty are cleared, and those that every probe stars
//! are starred (on the 15x15 three-star janko 027 this and the packed squeeze turn two seconds
//! without an answer into 40 ms). The pass repeats until nothing changes, then names the
//! branching cell.

use tessera_xc::{Budget, GaveUp};

use crate::starbattle::solve::{spend, Layout, State};

impl Layout {
    /// Failed-literal probing: every unknown cell whose star fails under propagation is
    /// cleared, then the state propagates again, until every cell survives its probe; then the
    /// branching cell (see the module header).
    pub(crate) fn probe(&self, state: &mut State, budget: &Budget, nodes: &mut u64) -> Probe {
        let n = self.n;
        let mut forced = Forced::new(n);
        loop {
            let Some(unit) = self.choose(state) else { return Probe::Solved };
            let in_unit = self.unknown_cells(state, unit);
            let mut cleared = false;
            let mut best: Option<(u32, usize, usize)> = None;
            forced.reset();
            for r in 0..n {
                let mut bits = state.unknown[r];
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if state.unknown[r] >> c & 1 == 0 {
                        continue;
                    }
                    *nodes += 1;
                    if let Err(reason) = spend(budget, *nodes) {
                        return Probe::GaveUp(reason);
                    }
                    let mut trial = *state;
                    if !(self.star(&mut trial, r, c) && self.propagate_with(&mut trial, false)) {
                        self.clear(state, r, c);
                        cleared = true;
                        continue;
                    }
                    forced.record(&trial, [r, n + c, 2 * n + self.region(r, c)]);
                    if in_unit.contains(&(r, c)) {
                        let left: u32 = trial.unknown[..n].iter().map(|b| b.count_ones()).sum();
                        if best.is_none_or(|(l, _, _)| left < l) {
                            best = Some((left, r, c));
                        }
                    }
                }
            }
            match self.force(state, &forced) {
                None => return Probe::Dead,
                Some(changed) => cleared |= changed,
            }
            if !cleared {
                let (_, r, c) = best.unwrap_or((0, in_unit[0].0, in_unit[0].1));
                return Probe::Branch(r, c);
            }
            if !self.propagate(state) {
                return Probe::Dead;
            }
        }
    }

    /// Unit forcing: a unit that still needs a star has it on one of its unknown cells, so what
    /// every one of those cells' probes concludes holds: cells all of them clear are cleared,
    /// cells all of them star are starred. `Some(changed)`, or `None` on an overflow.
    fn force(&self, state: &mut State, forced: &Forced) -> Option<bool> {
        let n = self.n;
        let mut changed = false;
        for (u, unit) in self.units().enumerate() {
            let (stars, _) = self.tally(state, unit);
            if !forced.seen[u] || stars >= self.k {
                continue;
            }
            for r in 0..n {
                let empty = forced.empty[u * n + r] & state.unknown[r];
                let mut bits = empty;
                while bits != 0 {
                    self.clear(state, r, bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
                let mut bits = forced.star[u * n + r] & !state.stars[r];
                changed |= empty != 0 || bits != 0;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    // Two forced stars that touch: no solution.
                    if state.unknown[r] >> c & 1 == 0 || !self.star(state, r, c) {
                        return None;
                    }
                    bits &= bits - 1;
                }
            }
        }
        Some(changed)
    }
}

/// What the probes of one pass concluded, per unit (rows, then columns, then regions): the
/// cells every probe of one of its cells left empty, and those every probe starred.
struct Forced {
    n: usize,
    seen: Vec<bool>,
    empty: Vec<u64>,
    star: Vec<u64>,
}

impl Forced {
    fn new(n: usize) -> Self {
        Forced { n, seen: vec![false; 3 * n], empty: vec![0; 3 * n * n], star: vec![0; 3 * n * n] }
    }

    fn reset(&mut self) {
        self.seen.fill(false);
        self.empty.fill(u64::MAX);
        self.star.fill(u64::MAX);
    }

    /// A probe that survived, on a cell of these units.
    fn record(&mut self, trial: &State, units: [usize; 3]) {
        let n = self.n;
        for u in units {
            self.seen[u] = true;
            for r in 0..n {
                self.empty[u * n + r] &= !(trial.unknown[r] | trial.stars[r]);
                self.star[u * n + r] &= trial.stars[r];
            }
        }
    }
}

/// What probing a node found.
pub(crate) enum Probe {
    /// No solution below it.
    Dead,
    /// Every unit has its stars.
    Solved,
    /// The cell to branch on.
    Branch(usize, usize),
    /// The budget ran out while probing.
    GaveUp(GaveUp),
}
