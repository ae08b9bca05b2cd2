//! The inner searches of SE's nested forcing chains ([`super::nested`], levels 2 to 4): chains
//! looked for on the marks an outer assumption has left, whose conclusions the outer propagation
//! then continues from.
//!
//! | level | inner search (SE's rule) | here |
//! |---:|---|---|
//! | 2 | static chains and cycles | from each open candidate, a static propagation that reaches its own negation |
//! | 3 | + static multiple forcing chains | then, if none: static cell forcing (cells of three or more candidates) and region forcing |
//! | 4 | dynamic forcing chains | dynamic propagations: contradictions, cell forcing and region forcing |
//!
//! One propagation per open candidate serves every reading: each records the literals it reached
//! (a bit set, for the intersections of cell and region forcing) and their depths (for the
//! lengths). The depths live in one table of `candidates x literals` entries, reset after each
//! search through the lists of what was reached, so a search allocates nothing.
//!
//! Lengths (SE adds an inner chain's complexity to every outer chain through its conclusion): a
//! one-sided chain or a contradiction counts its depth (both sides of a clash), a cell or region
//! forcing the sum of its branches' depths. The parents of a conclusion, which SE takes from the
//! links the inner chain stood on, are approximated by what the outer propagation removed from
//! the cells the inner propagations reached.

use super::implications::{Engine, Scratch, NONE, UNSET, WORDS};
use crate::common::bits::digits_of;
use crate::sudoku::logic::candidates::bit;

/// Buffers of the inner searches (one engine reuses them for every stall).
#[derive(Default)]
pub(crate) struct Inner {
    /// Per branch (open candidate, in order), the depth of each literal: `branch * total + lit`.
    depth: Vec<u16>,
    /// Per branch, the literals it reached, concatenated, and where each branch's list ends.
    reached: Vec<usize>,
    ends: Vec<usize>,
    queue: Vec<usize>,
    marks: Vec<u32>,
}

/// Inner propagations between two looks at the clock.
const CLOCK_EVERY: u64 = 512;

/// What an inner search looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Look {
    /// Static links; a candidate whose "on" reaches its "off" (SE's static chains).
    SelfStatic,
    /// Static links; cell and region forcing (SE's static multiple forcing chains).
    ForcingStatic,
    /// Marks updated on the way; contradictions, cell and region forcing.
    ForcingDynamic,
}

/// One branch's outcome: where its reach ends in `reached`, whether it clashed (and how long
/// that took), and the cells it reached.
struct Branch {
    on: usize,
    clash: Option<u16>,
    touched: u128,
}

impl Engine<'_> {
    /// One inner search of `look` on the marks in `sc`; adds its conclusions to the outer
    /// propagation.
    pub(super) fn inner_search(&mut self, sc: &mut Scratch, look: Look) {
        let mut inner = std::mem::take(&mut self.inner);
        let total = self.cands * 2;
        let cells = self.grid.layout().cells();
        inner.reached.clear();
        inner.ends.clear();
        // The open candidates, each a branch.
        let mut branches: Vec<Branch> = Vec::new();
        for cell in 0..cells {
            let marks = sc.marks[cell];
            if marks.count_ones() < 2 {
                continue;
            }
            for d in digits_of(marks) {
                let on = self.lit(cell, d, true);
                if sc.slot[on] != UNSET || sc.slot[on ^ 1] != UNSET {
                    continue;
                }
                self.propagations += 1;
                if self.propagations % CLOCK_EVERY == 0 {
                    if let Some(reason) = self.budget.and_then(tessera_xc::Budget::check_clock) {
                        self.gave_up = Some(reason);
                        break;
                    }
                }
                let k = branches.len();
                if inner.depth.len() < (k + 1) * total {
                    inner.depth.resize((k + 1) * total, NONE);
                }
                let (clash, touched) = self.propagate_inner(&mut inner, &sc.marks, on, k, look);
                branches.push(Branch { on, clash, touched });
            }
        }
        let mut hits: Vec<(usize, u16, u128)> = Vec::new();
        for (k, b) in branches.iter().enumerate() {
            let own = inner.depth[k * total + (b.on ^ 1)];
            match look {
                Look::SelfStatic if own != NONE => hits.push((b.on ^ 1, own + 1, b.touched)),
                Look::ForcingDynamic => {
                    if let Some(length) = b.clash {
                        hits.push((b.on ^ 1, length, b.touched));
                    }
                }
                _ => {}
            }
        }
        if look != Look::SelfStatic {
            self.groups(&inner, sc, &branches, look, &mut hits);
        }
        for (k, _) in branches.iter().enumerate() {
            let from = if k == 0 { 0 } else { inner.ends[k - 1] };
            for i in from..inner.ends[k] {
                let lit = inner.reached[i];
                inner.depth[k * total + lit] = NONE;
            }
        }
        self.inner = inner;
        let mut parents = Vec::new();
        for (lit, length, touched) in hits {
            if sc.slot[lit] != UNSET {
                continue;
            }
            parents.clear();
            for cell in (0..cells).filter(|&c| touched & (1u128 << c) != 0) {
                let gone = self.grid.candidates(cell) & !sc.marks[cell];
                for e in digits_of(gone) {
                    parents.push(self.lit(cell, e, false));
                }
            }
            let mut bits: [u64; WORDS] = sc.ancestors(&parents);
            bits[lit / 64] |= 1 << (lit % 64);
            sc.nested.push((lit, length));
            sc.set_bits(lit, bits);
        }
    }

    /// Cell and region forcing over the branches: a literal every branch of a group reached,
    /// still open in the outer propagation, is concluded.
    fn groups(
        &self,
        inner: &Inner,
        sc: &Scratch,
        branches: &[Branch],
        look: Look,
        hits: &mut Vec<(usize, u16, u128)>,
    ) {
        let total = self.cands * 2;
        let layout = self.grid.layout();
        let mut branch_of = vec![usize::MAX; total];
        for (k, b) in branches.iter().enumerate() {
            branch_of[b.on] = k;
        }
        let index = |on: usize| Some(branch_of[on]).filter(|&k| k != usize::MAX);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for cell in 0..layout.cells() {
            let marks = sc.marks[cell];
            let least = if look == Look::ForcingStatic { 3 } else { 2 };
            if (marks.count_ones() as usize) < least {
                continue;
            }
            let group: Option<Vec<usize>> =
                digits_of(marks).map(|d| index(self.lit(cell, d, true))).collect();
            groups.extend(group);
        }
        for h in 0..layout.houses().len() {
            for d in 1..=self.n as u8 {
                let places: Vec<usize> = layout.houses()[h]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| sc.marks[c] & bit(d) != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                let group: Option<Vec<usize>> = places.iter().map(|&c| index(self.lit(c, d, true))).collect();
                groups.extend(group);
            }
        }
        for group in groups {
            // A branch that clashed is impossible; it would imply anything, so it is left out
            // of the intersection (at least one branch must remain).
            let live: Vec<usize> = group.iter().copied().filter(|&k| branches[k].clash.is_none()).collect();
            if live.is_empty() {
                continue;
            }
            let first = live[0];
            let from = if first == 0 { 0 } else { inner.ends[first - 1] };
            for i in from..inner.ends[first] {
                let lit = inner.reached[i];
                if group.iter().any(|&k| branches[k].on == lit) || !self.still_open(sc, lit) {
                    continue;
                }
                let mut length = 0u32;
                let mut touched = 0u128;
                let mut all = true;
                for &k in &live {
                    let depth = inner.depth[k * total + lit];
                    if depth == NONE {
                        all = false;
                        break;
                    }
                    length += u32::from(depth) + 1;
                    touched |= branches[k].touched;
                }
                if all {
                    hits.push((lit, length.min(u32::from(NONE) - 1) as u16, touched));
                }
            }
        }
    }

    /// Whether concluding `lit` would change the outer propagation's marks.
    fn still_open(&self, sc: &Scratch, lit: usize) -> bool {
        let (cell, d, _) = self.parts(lit);
        sc.marks[cell] & bit(d) != 0 && sc.slot[lit] == UNSET && sc.slot[lit ^ 1] == UNSET
    }

    /// One inner propagation on `marks` from `start` as branch `k`: records its depths and
    /// reach in `inner`, and returns the length of a clash (dynamic only) and the cells reached.
    fn propagate_inner(
        &self,
        inner: &mut Inner,
        marks: &[u32],
        start: usize,
        k: usize,
        look: Look,
    ) -> (Option<u16>, u128) {
        let layout = self.grid.layout();
        let base = k * self.cands * 2;
        let dynamic = look == Look::ForcingDynamic;
        inner.marks.clear();
        inner.marks.extend_from_slice(marks);
        inner.queue.clear();
        inner.queue.push(start);
        inner.depth[base + start] = 0;
        let mut touched = 0u128;
        let mut head = 0;
        let mut clash = None;
        while head < inner.queue.len() {
            let lit = inner.queue[head];
            head += 1;
            let (cell, d, on) = self.parts(lit);
            touched |= 1u128 << cell;
            let here = inner.depth[base + lit];
            if look == Look::SelfStatic && lit == start ^ 1 {
                break;
            }
            if dynamic && inner.depth[base + (lit ^ 1)] != NONE {
                clash = Some(here + inner.depth[base + (lit ^ 1)] + 2);
                break;
            }
            let next = here + 1;
            let push = |inner: &mut Inner, l: usize| {
                if inner.depth[base + l] == NONE {
                    inner.depth[base + l] = next;
                    inner.queue.push(l);
                }
            };
            if on {
                for e in digits_of(inner.marks[cell] & !bit(d)) {
                    push(inner, self.lit(cell, e, false));
                }
                for &peer in layout.peers(cell) {
                    if inner.marks[peer as usize] & bit(d) != 0 {
                        push(inner, self.lit(peer as usize, d, false));
                    }
                }
                continue;
            }
            if dynamic {
                inner.marks[cell] &= !bit(d);
            }
            let left = inner.marks[cell] & !bit(d);
            match left.count_ones() {
                0 if dynamic => {
                    clash = Some(next);
                    break;
                }
                1 => push(inner, self.lit(cell, left.trailing_zeros() as u8 + 1, true)),
                _ => {}
            }
            for &h in layout.cell_houses(cell) {
                let mut count = 0;
                let mut last = 0;
                for &c in &layout.houses()[h as usize] {
                    let c = c as usize;
                    if c != cell && inner.marks[c] & bit(d) != 0 {
                        count += 1;
                        last = c;
                    }
                }
                match count {
                    0 if dynamic => {
                        clash = Some(next);
                        break;
                    }
                    1 => push(inner, self.lit(last, d, true)),
                    _ => {}
                }
            }
            if clash.is_some() {
                break;
            }
        }
        let queue = std::mem::take(&mut inner.queue);
        inner.reached.extend_from_slice(&queue);
        inner.queue = queue;
        inner.ends.push(inner.reached.len());
        (clash, touched)
    }
}
