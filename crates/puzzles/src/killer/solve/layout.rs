//! The grid's structure as index arrays, and the propagation to a fixed point over it.
//!
//! ```text
//!   cand[cell]   u32, bit d-1 for digit d still possible (N <= 25)
//!   houses       rows 0..N, columns N..2N, boxes 2N..3N: lists of cells
//!   peers[cell]  every other cell of its row, column, box and cage (all different)
//!   cages        (cells, sum): the puzzle's, then the rule of 45's
//!   seen         per cage, its cells' candidates when it was last narrowed (in the state)
//! ```
//!
//! A cage is narrowed again only when one of its cells changed since it was last narrowed
//! (`seen`): on 16x16 and 25x25 grids there are hundreds of cages and most are untouched by a
//! branch, and narrowing one costs a walk over its digit sets.

use crate::killer::model::Killer;
use crate::killer::solve::support::support;

/// The structure a search works over.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub n: usize,
    pub full: u32,
    pub houses: Vec<Vec<u16>>,
    pub peers: Vec<Vec<u16>>,
    pub cages: Vec<(Vec<u16>, u32)>,
    /// Each cell's row, column and box, as indices into `houses`.
    pub house_of: Vec<[u16; 3]>,
    pub start: Vec<u32>,
    /// Where each cage's cells start in `State::seen` (and the total at the end).
    seen_at: Vec<usize>,
}

/// A node of the search: the candidates, and which singletons have been passed to their peers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct State {
    pub cand: Vec<u32>,
    pub done: Vec<bool>,
    /// The cages' cells' candidates when each was last narrowed (`0`: never).
    seen: Vec<u32>,
    /// A cell where the last failed propagation found its contradiction (for the search's
    /// conflict scores).
    pub conflict: u16,
}

impl Layout {
    /// A Sudoku grid of side `n` with boxes `(height, width)`, no cages, nothing given.
    pub fn sudoku(n: usize, (bh, bw): (usize, usize)) -> Self {
        let cells = n * n;
        let mut houses = vec![Vec::with_capacity(n); 3 * n];
        let mut house_of = Vec::with_capacity(cells);
        for cell in 0..cells {
            let (r, c) = (cell / n, cell % n);
            let b = (r / bh) * bh + c / bw;
            houses[r].push(cell as u16);
            houses[n + c].push(cell as u16);
            houses[2 * n + b].push(cell as u16);
            house_of.push([r as u16, (n + c) as u16, (2 * n + b) as u16]);
        }
        let mut peers = vec![Vec::new(); cells];
        for house in &houses {
            for &a in house {
                peers[a as usize].extend(house.iter().copied().filter(|&b| b != a));
            }
        }
        let full = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut layout = Layout {
            n,
            full,
            houses,
            peers,
            cages: Vec::new(),
            house_of,
            start: vec![full; cells],
            seen_at: vec![0],
        };
        layout.dedup_peers();
        layout
    }

    /// The puzzle's structure: its grid, its cages (whose cells become peers), its givens.
    pub fn new(puzzle: &Killer) -> Self {
        let mut layout = Layout::sudoku(puzzle.size(), puzzle.box_shape());
        for cage in puzzle.cages() {
            let cells: Vec<u16> = cage.cells().iter().map(|&c| c as u16).collect();
            for &a in &cells {
                layout.peers[a as usize].extend(cells.iter().copied().filter(|&b| b != a));
            }
            layout.cages.push((cells, cage.sum()));
        }
        layout.dedup_peers();
        let derived = layout.rule_of_45(puzzle);
        layout.cages.extend(derived.into_iter().map(|(cells, sum, _)| (cells, sum)));
        layout.seen_at = std::iter::once(0)
            .chain(layout.cages.iter().scan(0, |at, (cells, _)| {
                *at += cells.len();
                Some(*at)
            }))
            .collect();
        for (cell, &g) in puzzle.givens().iter().enumerate() {
            if g != 0 {
                layout.start[cell] = 1 << (g - 1);
            }
        }
        layout
    }

    /// The rule of 45 as more cages: in each house, the cells of the cages that cross its border
    /// (its innies) add up to the house's total less the cages wholly inside; the cells outside it
    /// of the cages that touch it (its outies) add up to those cages' sums less the house's total,
    /// a cage of their own when they lie in one house (so that their digits differ).
    /// Each with the house it comes from and whether they are its innies.
    pub(crate) fn rule_of_45(&self, puzzle: &Killer) -> Vec<(Vec<u16>, u32, (usize, bool))> {
        let n = self.n;
        let total = (n * (n + 1) / 2) as u32;
        let mut derived = Vec::new();
        for (h, house) in self.houses.iter().enumerate() {
            let mut touching: Vec<usize> = house.iter().map(|&c| puzzle.cage_of(c as usize)).collect();
            touching.sort_unstable();
            touching.dedup();
            let (mut inside, mut touching_sum) = (0u32, 0u32);
            let (mut innies, mut outies) = (Vec::new(), Vec::new());
            for &k in &touching {
                let cage = &puzzle.cages()[k];
                touching_sum += cage.sum();
                let within = cage.cells().iter().all(|&c| self.house_of[c].contains(&(h as u16)));
                if within {
                    inside += cage.sum();
                }
                for &c in cage.cells() {
                    match (self.house_of[c].contains(&(h as u16)), within) {
                        (true, false) => innies.push(c as u16),
                        (false, _) => outies.push(c as u16),
                        _ => {}
                    }
                }
            }
            if !innies.is_empty() && innies.len() < n {
                derived.push((innies, total.saturating_sub(inside), (h, true)));
            }
            let one_house = |cells: &[u16]| {
                cells.first().is_some_and(|&f| {
                    self.house_of[f as usize]
                        .iter()
                        .any(|x| cells.iter().all(|&c| self.house_of[c as usize].contains(x)))
                })
            };
            if !outies.is_empty() && one_house(&outies) {
                derived.push((outies, touching_sum.saturating_sub(total), (h, false)));
            }
        }
        derived.sort();
        derived.dedup_by(|a, b| a.0 == b.0);
        derived
    }

    fn dedup_peers(&mut self) {
        for list in &mut self.peers {
            list.sort_unstable();
            list.dedup();
        }
    }

    /// The root of the search.
    pub fn root(&self) -> State {
        self.state(self.start.clone())
    }

    /// A position with these candidates, nothing yet propagated.
    pub fn state(&self, cand: Vec<u32>) -> State {
        let seen = vec![0; self.seen_at.last().copied().unwrap_or(0)];
        State { done: vec![false; cand.len()], cand, seen, conflict: 0 }
    }

    /// Naked singles, hidden singles in every house, and the cages' digit sets, to a fixed point;
    /// `false` on a contradiction (a cell, house or cage left without a way).
    pub fn propagate(&self, s: &mut State) -> bool {
        loop {
            if !self.singles(s) || !self.hidden_singles(s) {
                return false;
            }
            if s.cand.iter().zip(&s.done).any(|(&m, &done)| !done && m & (m - 1) == 0) {
                continue;
            }
            match self.narrow_cages(&mut s.cand, &mut s.seen) {
                Err(cell) => {
                    s.conflict = cell;
                    return false;
                }
                Ok(false) => return true,
                Ok(true) => {}
            }
        }
    }

    /// Each new singleton's digit removed from its peers, until there are no new ones.
    fn singles(&self, s: &mut State) -> bool {
        let mut again = true;
        while again {
            again = false;
            for cell in 0..s.cand.len() {
                let m = s.cand[cell];
                if m == 0 {
                    s.conflict = cell as u16;
                    return false;
                }
                if s.done[cell] || m & (m - 1) != 0 {
                    continue;
                }
                s.done[cell] = true;
                for &p in &self.peers[cell] {
                    let p = p as usize;
                    if s.cand[p] & m != 0 {
                        s.cand[p] &= !m;
                        if s.cand[p] == 0 {
                            s.conflict = p as u16;
                            return false;
                        }
                        again |= p < cell;
                    }
                }
            }
        }
        true
    }

    /// A digit with one place left in a house goes there.
    fn hidden_singles(&self, s: &mut State) -> bool {
        for house in &self.houses {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = s.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != self.full {
                s.conflict = house[0];
                return false;
            }
            let single = once & !twice;
            if single == 0 {
                continue;
            }
            for &c in house {
                let x = s.cand[c as usize] & single;
                if x != 0 {
                    if x & (x - 1) != 0 {
                        s.conflict = c;
                        return false;
                    }
                    s.cand[c as usize] = x;
                }
            }
        }
        true
    }

    /// Every changed cage narrowed to its cells' supports, and a digit that every fitting set needs
    /// put in its one possible cell or, when its holders share a house, out of the rest of that
    /// house: `Err` with a cell of the cage on a contradiction, else whether anything changed.
    fn narrow_cages(&self, cand: &mut [u32], seen: &mut [u32]) -> Result<bool, u16> {
        let mut changed = false;
        let (mut out, mut sets) = ([0u32; 32], Vec::new());
        for (k, (cells, sum)) in self.cages.iter().enumerate() {
            let seen = &mut seen[self.seen_at[k]..self.seen_at[k + 1]];
            if cells.iter().zip(seen.iter()).all(|(&c, &m)| cand[c as usize] == m) {
                continue;
            }
            let out = &mut out[..cells.len()];
            let mut required = support(cells, cand, *sum, out, &mut sets).ok_or(cells[0])?;
            for (&c, &kept) in cells.iter().zip(out.iter()) {
                if kept == 0 {
                    return Err(c);
                }
                if kept != cand[c as usize] {
                    cand[c as usize] = kept;
                    changed = true;
                }
            }
            while required != 0 {
                let bit = required & required.wrapping_neg();
                required ^= bit;
                let mut holders = cells.iter().filter(|&&c| cand[c as usize] & bit != 0);
                let first = *holders.next().ok_or(cells[0])?;
                let Some(_) = holders.next() else {
                    if cand[first as usize] != bit {
                        cand[first as usize] = bit;
                        changed = true;
                    }
                    continue;
                };
                // Pointing: the digit is in one of its holders; when they share a house, no other
                // cell of that house holds it.
                for &x in &self.house_of[first as usize] {
                    let holders = cells.iter().filter(|&&c| cand[c as usize] & bit != 0);
                    if !holders.clone().all(|&c| self.house_of[c as usize].contains(&x)) {
                        continue;
                    }
                    for &c in &self.houses[x as usize] {
                        if cand[c as usize] & bit != 0 && !cells.contains(&c) {
                            cand[c as usize] &= !bit;
                            if cand[c as usize] == 0 {
                                return Err(c);
                            }
                            changed = true;
                        }
                    }
                }
            }
            for (m, &c) in seen.iter_mut().zip(cells) {
                *m = cand[c as usize];
            }
        }
        Ok(changed)
    }
}
