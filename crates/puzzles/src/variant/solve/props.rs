//! The engine's generic propagators, which the kinds of `rules/` compile to:
//!
//! - [`AllDifferent`]: a group of different digits. Naked singles leave the others; a group of N
//!   cells places hidden singles (a digit with one place left) and fails when a digit has none;
//!   a smaller group fails when fewer digits than cells remain (pigeonhole).
//! - [`Differ`]: two cells that differ (anti-knight and anti-king moves, two-cell groups).
//! - [`Pair`]: any relation of two cells as a table (`table[x]` is the mask of partners of `x`):
//!   kropki, XV, thermometers, whispers, palindromes, clones, the negatives; generalised arc
//!   consistency in two table look-ups per candidate.
//! - [`Linear`]: `sum(coefficient * digit) = target`, by reachable-sum tables (`sums`): little
//!   killers, arrows, region-sum lines.
//! - [`Cage`]: a killer cage, different digits and a sum: the digit sets that make the remaining
//!   sum from the candidates left, each checked by a matching of cells to its digits; a cell keeps
//!   the digits it takes in some matching of some set (Régin's test, `common::matching`: the
//!   cage's exact supports; with {1,2} and {1..6} making 7 the second cell keeps 5 and 6, where
//!   the union of the fitting sets kept 1, 2, 5, 6), the union of the fitting sets past 8 cells. Past a cap on the sets enumerated (the large cages of
//!   16x16) the reachable-sum table stands in.

use super::model::{Propagator, Store, Wipeout};
use super::sums;
use crate::common::matching::{matchings, SMALL};

/// Cells that hold different digits.
#[derive(Debug)]
pub(crate) struct AllDifferent {
    cells: Vec<u16>,
    full: bool,
    all: u32,
}

impl AllDifferent {
    pub(crate) fn new(cells: Vec<usize>, full: bool, n: usize) -> Self {
        AllDifferent {
            cells: cells.into_iter().map(|c| c as u16).collect(),
            full,
            all: ((1u32 << (n + 1)) - 1) & !1,
        }
    }
}

impl Propagator for AllDifferent {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        loop {
            // Naked singles: every fixed digit leaves the others.
            let mut fixed = 0u32;
            let mut once = 0u32;
            let mut twice = 0u32;
            for &c in &self.cells {
                let d = store.get(c as usize);
                if d & (d - 1) == 0 {
                    if fixed & d != 0 {
                        return Err(Wipeout);
                    }
                    fixed |= d;
                }
                twice |= once & d;
                once |= d;
            }
            let mut changed = false;
            if fixed != 0 {
                for &c in &self.cells {
                    let d = store.get(c as usize);
                    if d & (d - 1) != 0 && d & fixed != 0 {
                        store.remove(c as usize, fixed)?;
                        changed = true;
                    }
                }
            }
            if self.full {
                if once != self.all {
                    return Err(Wipeout);
                }
                let mut hidden = once & !twice & !fixed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    for &c in &self.cells {
                        if store.get(c as usize) & bit != 0 {
                            store.restrict(c as usize, bit)?;
                            changed = true;
                            break;
                        }
                    }
                }
            } else if (once.count_ones() as usize) < self.cells.len() {
                return Err(Wipeout);
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// Two cells that hold different digits.
#[derive(Debug)]
pub(crate) struct Differ {
    cells: [u16; 2],
}

impl Differ {
    pub(crate) fn new(a: usize, b: usize) -> Self {
        Differ { cells: [a as u16, b as u16] }
    }
}

impl Propagator for Differ {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    #[inline]
    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let (a, b) = (self.cells[0] as usize, self.cells[1] as usize);
        let (da, db) = (store.get(a), store.get(b));
        if da & (da - 1) == 0 {
            store.remove(b, da)?;
        }
        if db & (db - 1) == 0 {
            store.remove(a, db)?;
        }
        Ok(())
    }
}

/// Two cells in a relation given as a table both ways.
#[derive(Debug)]
pub(crate) struct Pair {
    cells: [u16; 2],
    /// `forward[x]`: the digits `b` may hold when `a` holds `x`.
    forward: [u32; 17],
    /// `backward[y]`: the digits `a` may hold when `b` holds `y`.
    backward: [u32; 17],
}

impl Pair {
    pub(crate) fn new(a: usize, b: usize, forward: [u32; 17], n: usize) -> Self {
        let mut backward = [0u32; 17];
        for (x, partners) in forward.iter().enumerate().take(n + 1).skip(1) {
            for (y, back) in backward.iter_mut().enumerate().take(n + 1).skip(1) {
                if partners >> y & 1 == 1 {
                    *back |= 1 << x;
                }
            }
        }
        let mut forward = forward;
        forward[0] = 0;
        for f in forward.iter_mut().skip(n + 1) {
            *f = 0;
        }
        Pair { cells: [a as u16, b as u16], forward, backward }
    }
}

fn image(table: &[u32; 17], mut dom: u32) -> u32 {
    let mut out = 0;
    while dom != 0 {
        let d = dom.trailing_zeros() as usize;
        dom &= dom - 1;
        out |= table[d];
    }
    out
}

impl Propagator for Pair {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    #[inline]
    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let (a, b) = (self.cells[0] as usize, self.cells[1] as usize);
        store.restrict(b, image(&self.forward, store.get(a)))?;
        store.restrict(a, image(&self.backward, store.get(b)))?;
        // b narrowed a; a's loss can narrow b again only if b lost a value: settle it now.
        store.restrict(b, image(&self.forward, store.get(a)))
    }
}

/// `sum(coefficient * digit) = target`.
#[derive(Debug)]
pub(crate) struct Linear {
    cells: Vec<u16>,
    coefs: Vec<i32>,
    target: i32,
}

impl Linear {
    pub(crate) fn new(terms: Vec<(usize, i32)>, target: i32) -> Self {
        Linear {
            cells: terms.iter().map(|&(c, _)| c as u16).collect(),
            coefs: terms.iter().map(|&(_, k)| k).collect(),
            target,
        }
    }
}

impl Propagator for Linear {
    fn slow(&self) -> bool {
        true
    }

    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let k = self.cells.len();
        if k > 16 {
            let terms: Vec<(u32, i32)> =
                self.cells.iter().zip(&self.coefs).map(|(&c, &k)| (store.get(c as usize), k)).collect();
            let support = sums::support(&terms, self.target).ok_or(Wipeout)?;
            for (&c, s) in self.cells.iter().zip(support) {
                store.restrict(c as usize, s)?;
            }
            return Ok(());
        }
        let mut terms = [(0u32, 0i32); 16];
        let mut fixed = true;
        for ((term, &c), &coef) in terms.iter_mut().zip(&self.cells).zip(&self.coefs) {
            let d = store.get(c as usize);
            fixed &= d & (d - 1) == 0;
            *term = (d, coef);
        }
        if fixed {
            let total: i32 = terms[..k].iter().map(|&(d, c)| c * d.trailing_zeros() as i32).sum();
            return if total == self.target { Ok(()) } else { Err(Wipeout) };
        }
        let mut out = [0u32; 16];
        if !sums::support_into(&terms[..k], self.target, &mut out[..k]) {
            return Err(Wipeout);
        }
        for (&c, &keep) in self.cells.iter().zip(&out[..k]) {
            store.restrict(c as usize, keep)?;
        }
        Ok(())
    }
}

/// A killer cage: different digits adding up to a sum.
#[derive(Debug)]
pub(crate) struct Cage {
    cells: Vec<u16>,
    sum: u32,
    n: u32,
}

/// The most digit sets a cage enumerates in one pass before it falls back to the sum table.
const MAX_SETS: u32 = 2_000;

impl Cage {
    pub(crate) fn new(cells: Vec<usize>, sum: u32, n: usize) -> Self {
        Cage { cells: cells.into_iter().map(|c| c as u16).collect(), sum, n: n as u32 }
    }
}

/// Whether the cells' candidates `doms` can take the digits of `set` one each (a perfect
/// matching, by augmenting paths over at most 16 cells).
fn matches(doms: &[u32], set: u32) -> bool {
    let k = doms.len();
    let mut owner = [usize::MAX; 17];
    fn augment(i: usize, doms: &[u32], set: u32, owner: &mut [usize; 17], seen: &mut u32) -> bool {
        let mut m = doms[i] & set & !*seen;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            *seen |= 1 << d;
            if owner[d] == usize::MAX || augment(owner[d], doms, set, owner, seen) {
                owner[d] = i;
                return true;
            }
        }
        false
    }
    (0..k).all(|i| {
        let mut seen = 0;
        augment(i, doms, set, &mut owner, &mut seen)
    })
}

/// The digit sets a cage enumerates: digits in increasing order from `digits`, bounded by the
/// least and most the remaining places can add.
struct Sets<'a> {
    digits: &'a [u32],
    doms: &'a [u32],
    sum: u32,
    steps: u32,
    support: [u32; 16],
    any: bool,
}

impl Sets<'_> {
    /// False when the step cap is passed.
    fn walk(&mut self, start: usize, set: u32, sum: u32, left: usize) -> bool {
        self.steps += 1;
        if self.steps > MAX_SETS {
            return false;
        }
        if left == 0 {
            if sum != self.sum {
                return true;
            }
            let k = self.doms.len();
            // A set that could only add digits every cell already supports teaches nothing.
            if self.any && self.doms.iter().zip(&self.support).all(|(&d, &s)| d & set & !s == 0) {
                return true;
            }
            if k <= SMALL {
                // Each cell's digits in some matching of the set (Régin): the cage's exact supports.
                if matchings(set, self.doms, &mut self.support[..k]) {
                    self.any = true;
                }
            } else if matches(self.doms, set) {
                self.any = true;
                for (s, &d) in self.support.iter_mut().zip(self.doms) {
                    *s |= d & set;
                }
            }
            return true;
        }
        let len = self.digits.len();
        for i in start..len {
            if len - i < left {
                break;
            }
            let d = self.digits[i];
            let lo: u32 = self.digits[i + 1..i + left].iter().sum();
            let hi: u32 = self.digits[len - (left - 1)..].iter().sum();
            if sum + d + lo > self.sum {
                break;
            }
            if sum + d + hi < self.sum {
                continue;
            }
            if !self.walk(i + 1, set | 1 << d, sum + d, left - 1) {
                return false;
            }
        }
        true
    }
}

impl Propagator for Cage {
    fn slow(&self) -> bool {
        true
    }

    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let k = self.cells.len();
        let mut doms = [0u32; 16];
        let mut available = 0;
        for (d, &c) in doms.iter_mut().zip(&self.cells) {
            *d = store.get(c as usize);
            available |= *d;
        }
        let mut digits = [0u32; 16];
        let mut len = 0;
        for d in 1..=self.n {
            if available >> d & 1 == 1 {
                digits[len] = d;
                len += 1;
            }
        }
        let mut sets = Sets {
            digits: &digits[..len],
            doms: &doms[..k],
            sum: self.sum,
            steps: 0,
            support: [0; 16],
            any: false,
        };
        if !sets.walk(0, 0, 0, k) {
            let terms: Vec<(u32, i32)> = doms[..k].iter().map(|&d| (d, 1)).collect();
            let support = sums::support(&terms, self.sum as i32).ok_or(Wipeout)?;
            for (&c, s) in self.cells.iter().zip(support) {
                store.restrict(c as usize, s)?;
            }
            return Ok(());
        }
        if !sets.any {
            return Err(Wipeout);
        }
        for (&c, &s) in self.cells.iter().zip(&sets.support) {
            store.restrict(c as usize, s)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrowed(prop: &dyn Propagator, dom: &[u32]) -> Option<Vec<u32>> {
        let (mut dom, mut touched) = (dom.to_vec(), Vec::new());
        prop.propagate(&mut Store::new(&mut dom, &mut touched)).ok()?;
        Some(dom)
    }

    #[test]
    fn a_cage_keeps_only_the_digits_of_a_whole_filling() {
        // {1,2} and {1..6} making 7: the second cell is 5 or 6 (the union of the sets {1,6}
        // and {2,5} would keep 1 and 2 as well).
        let cage = Cage::new(vec![0, 1], 7, 9);
        assert_eq!(narrowed(&cage, &[0b110, 0b111_1110]), Some(vec![0b110, 0b110_0000]));
        // Three cells making 6 can only be {1,2,3}; a cell without any of them fails.
        let cage = Cage::new(vec![0, 1, 2], 6, 9);
        assert_eq!(narrowed(&cage, &[0b1110, 0b1110, 0b1_0000]), None);
    }
}
