//! The general solver's backtracking [`Search`]: binary guesses on the cell with the fewest
//! candidates, a trail of state copies, restarts in seeded mode, and the budget checks.

use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, GaveUp, Outcome};

use super::propagate::Tables;
use crate::common::budget::check_every;
use crate::sudoku::Sudoku;

/// One search: the state, the trail of copies, the guesses on the current path, the counters.
pub(super) struct Search<'t> {
    tables: &'t Tables,
    budget: &'t Budget,
    rng: Option<Pcg64Mcg>,
    cand: Vec<u32>,
    queue: Vec<u16>,
    trail: Vec<u32>,
    guesses: Vec<(u16, u32)>,
    /// Guesses allowed besides the budget's node limit (see [`Search::with_cap`]).
    cap: u64,
    /// Guesses allowed since the last solution (or the start) while at most `stall.1`
    /// solutions were found (see [`Search::with_stall`]).
    stall: (u64, u64),
    /// Whether the search ended for [`Search::with_stall`]'s reason.
    pub(super) stalled: bool,
    /// Guesses made so far, restarts included.
    pub(super) nodes: u64,
}

impl<'t> Search<'t> {
    pub(super) fn new(tables: &'t Tables, budget: &'t Budget, rng: Option<Pcg64Mcg>) -> Self {
        let cells = tables.layout.cells();
        Search {
            tables,
            budget,
            rng,
            cand: vec![tables.full; cells],
            queue: Vec::with_capacity(cells),
            trail: Vec::new(),
            guesses: Vec::new(),
            cap: u64::MAX,
            stall: (u64::MAX, 0),
            stalled: false,
            nodes: 0,
        }
    }

    /// At most `cap` guesses, whatever the budget says (the generator's bounded uniqueness
    /// tests); running out of them ends the search as a node limit does.
    pub(super) fn with_cap(mut self, cap: u64) -> Self {
        self.cap = cap;
        self
    }

    /// Ends the search (as a node limit, with [`Search::stalled`] set) once it has made
    /// `guesses` guesses since its last solution (or its start), as long as it has found at most
    /// `found` solutions: the portfolio's signal to hand over to the learner.
    pub(super) fn with_stall(mut self, guesses: u64, found: u64) -> Self {
        self.stall = (guesses, found);
        self
    }

    /// Searches until `limit` solutions were passed to `on_solution` (as solved states), the
    /// tree is exhausted, or the budget runs out.
    pub(super) fn run(
        &mut self,
        puzzle: &Sudoku,
        limit: u64,
        on_solution: &mut dyn FnMut(&[u32]),
    ) -> Outcome {
        self.run_without(puzzle, None, limit, on_solution)
    }

    /// [`run`](Self::run) with one candidate removed first: `without = Some((cell, bit))`
    /// forbids digit bit `bit` in the empty `cell`.
    pub(super) fn run_without(
        &mut self,
        puzzle: &Sudoku,
        without: Option<(usize, u32)>,
        limit: u64,
        on_solution: &mut dyn FnMut(&[u32]),
    ) -> Outcome {
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                self.cand[cell] = 1 << (digit - 1);
                self.queue.push(cell as u16);
            }
        }
        if let Some((cell, bit)) = without {
            self.cand[cell] &= !bit;
            if self.cand[cell] == 0 {
                return Outcome::Exhausted;
            }
            if self.cand[cell].is_power_of_two() {
                self.queue.push(cell as u16);
            }
        }
        let mut ok = self.tables.propagate(&mut self.cand, &mut self.queue);
        // Random order restarts from here after `cutoff` guesses; the cutoff doubles each time.
        // Only when looking for one solution: a restart would find the same solutions again.
        let start = if self.rng.is_some() && limit == 1 && ok { Some(self.cand.clone()) } else { None };
        let mut cutoff = self.cand.len() as u64;
        let mut restart_at = cutoff;
        let node_limit = self.budget.nodes().unwrap_or(u64::MAX).min(self.cap);
        let mut found = 0;
        let mut last_found_at = 0;
        loop {
            if ok {
                let Some(cell) = self.tables.choose(&self.cand) else {
                    found += 1;
                    last_found_at = self.nodes;
                    on_solution(&self.cand);
                    if found >= limit {
                        return Outcome::LimitReached;
                    }
                    ok = false;
                    continue;
                };
                if self.nodes >= node_limit {
                    return Outcome::GaveUp(GaveUp::NodeLimit);
                }
                if self.nodes - last_found_at >= self.stall.0 && found <= self.stall.1 {
                    self.stalled = true;
                    return Outcome::GaveUp(GaveUp::NodeLimit);
                }
                if self.nodes % check_every::PROPAGATING_NODE == 0 {
                    if let Some(reason) = self.budget.check_clock() {
                        return Outcome::GaveUp(reason);
                    }
                }
                if let Some(start) = &start {
                    if self.nodes == restart_at {
                        self.cand.copy_from_slice(start);
                        self.trail.clear();
                        self.guesses.clear();
                        cutoff *= 2;
                        restart_at = self.nodes + cutoff;
                        continue;
                    }
                }
                self.nodes += 1;
                let bit = self.pick(self.cand[cell]);
                self.trail.extend_from_slice(&self.cand);
                self.guesses.push((cell as u16, bit));
                self.cand[cell] = bit;
                self.queue.push(cell as u16);
                ok = self.tables.propagate(&mut self.cand, &mut self.queue);
            } else {
                // Undo the latest guess and take its negation: the cell cannot hold that digit.
                self.queue.clear();
                let Some((cell, bit)) = self.guesses.pop() else {
                    return Outcome::Exhausted;
                };
                let copy = self.trail.len() - self.cand.len();
                self.cand.copy_from_slice(&self.trail[copy..]);
                self.trail.truncate(copy);
                let rest = self.cand[cell as usize] & !bit;
                self.cand[cell as usize] = rest;
                if rest.is_power_of_two() {
                    self.queue.push(cell);
                }
                ok = self.tables.propagate(&mut self.cand, &mut self.queue);
            }
        }
    }

    /// The digit to guess among `mask`: the lowest, or a random one.
    fn pick(&mut self, mask: u32) -> u32 {
        let mut mask = mask;
        if let Some(rng) = &mut self.rng {
            for _ in 0..rng.random_range(0..mask.count_ones()) {
                mask &= mask - 1;
            }
        }
        mask & mask.wrapping_neg()
    }
}
