//! The chain engine: what follows from assuming one candidate true or false, breadth first,
//! for the SE pass ([`super::se`]) and the forcing chains and nets ([`super::forcing`]).
//!
//! A literal is a candidate assumed true (on) or false (off), numbered `2 * candidate + on`
//! with `candidate = cell * n + digit - 1`, so a literal's negation is `lit ^ 1`. From a literal
//! the engine follows implications breadth first: on → the other candidates of the cell and the
//! digit's other places in each house are off; off → on when the cell or a house has one place
//! left.
//!
//! - Static mode ([`Engine::propagate`]): "off → on" only from bivalue cells and conjugate pairs
//!   of the current marks, so a literal has one parent and its chain length is its depth.
//! - Dynamic mode ([`Engine::dynamic`]): the marks are updated as the assumption spreads, so an
//!   "on" may need several "off"s at once; the length of a conclusion is then the number of its
//!   distinct ancestors, as SE counts them. Each literal reached keeps its ancestors as a bit set
//!   (one bit per literal, [`WORDS`] words for up to 9x9) in an arena, so a union is a few word
//!   ORs.
//!
//! [`Mode::X`] follows house links of one digit only (X-chains, Nishio); [`Mode::Both`] adds the
//! links inside a cell. The readings: a candidate whose "on" implies its own "off" is false and
//! one whose "off" implies its "on" is true ([`Engine::chains`], SE's one-sided chains); the
//! others (contradictions, cell, region and double forcing, Nishio) are in [`super::forcing`].
//!
//! # Why a second chain engine
//!
//! [`super::chains`] searches alternating inference chains over nodes with strong and weak links
//! and rebuilds the chain it finds, to show it to a player; its lengths are capped and counted in
//! links. SE rates a chain by the number of implications it takes, counted over literals,
//! ancestors included for dynamic chains, and nets need the marks updated on the way: that is
//! this engine. It works on grids up to 9x9 (the bit sets' size), SE's domain.
//!
//! Every search of one step starts thousands of propagations from the same marks, so an
//! [`Engine`] is built once per step: it keeps its buffers ([`Scratch`]) and, per start literal,
//! the static depths of the full propagation (reused by the unbounded chains and the static
//! forcing chains).

use super::candidates::{bit, Candidates};
use super::Step;
use crate::common::bits::digits_of;

/// Which links the propagation follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// One digit at a time: house links only.
    X,
    /// House and cell links.
    Both,
}

/// Words of a bit set over the literals of a 9x9 grid (the largest the engine runs on).
pub(super) const WORDS: usize = (9 * 81 * 2usize).div_ceil(64);
/// Not reached (a depth or a count).
pub(super) const NONE: u16 = u16::MAX;

/// The implication engine over one grid's marks (module header), built once per step.
pub(super) struct Engine<'a> {
    pub(super) grid: &'a Candidates,
    pub(super) n: usize,
    pub(super) cands: usize,
    /// Per start literal (static mode, both kinds of link), the depth of every literal reached.
    statics: Vec<Option<Vec<u16>>>,
    /// Scratch space reused by every propagation (a search runs thousands per step).
    scratch: Scratch,
    /// SE's chaining level of the dynamic propagation (0: plain; 1 and up: [`super::nested`]).
    pub(super) level: u8,
    /// Buffers of the inner searches of the nested levels.
    pub(super) inner: super::inner::Inner,
    /// The budget of the nested levels' searches, and whether it ran out.
    pub(super) budget: Option<&'a tessera_xc::Budget>,
    pub(super) gave_up: Option<tessera_xc::GaveUp>,
    /// Propagations made (the nested levels check the clock every few).
    pub(super) propagations: u64,
    /// A forcing search may stop at the first conclusion of at most this length (the SE pass
    /// sets it where a step that short cannot raise the rating; 0 otherwise).
    pub(super) enough: usize,
}

/// Buffers of the propagations, allocated once per engine.
#[derive(Default)]
pub(super) struct Scratch {
    /// Static mode: depth per literal.
    depth: Vec<u16>,
    pub(super) queue: Vec<usize>,
    out: Vec<usize>,
    /// Dynamic mode: per literal, its ancestor set's index in `arena` (`u32::MAX`: not reached),
    /// and the number of its ancestors.
    pub(super) slot: Vec<u32>,
    pub(super) arena: Vec<[u64; WORDS]>,
    count: Vec<u16>,
    pub(super) marks: Vec<u32>,
    /// Nested levels: the literals concluded by an inner rule, with the inner rule's own
    /// complexity, which SE adds to every chain that passes through them.
    pub(super) nested: Vec<(usize, u16)>,
}

pub(super) const UNSET: u32 = u32::MAX;

impl Scratch {
    /// Marks `lit` reached with the union of its parents' ancestors (and itself), unless it was.
    fn set(&mut self, lit: usize, parents: &[usize]) {
        if self.slot[lit] != UNSET {
            return;
        }
        let mut bits = self.ancestors(parents);
        bits[lit / 64] |= 1 << (lit % 64);
        self.set_bits(lit, bits);
    }

    /// Marks `lit` reached with the ancestor set `bits` (which holds `lit`).
    pub(super) fn set_bits(&mut self, lit: usize, bits: [u64; WORDS]) {
        self.count[lit] = self.complexity(&bits).min(usize::from(NONE) - 1) as u16;
        self.slot[lit] = self.arena.len() as u32;
        self.arena.push(bits);
        self.queue.push(lit);
    }

    /// SE's complexity of an ancestor set: its size plus the inner complexity of each literal in
    /// it that a nested rule concluded.
    fn complexity(&self, bits: &[u64; WORDS]) -> usize {
        let flat: usize = bits.iter().map(|w| w.count_ones() as usize).sum();
        let nested: usize = self
            .nested
            .iter()
            .filter(|&&(l, _)| bits[l / 64] & (1 << (l % 64)) != 0)
            .map(|&(_, w)| usize::from(w))
            .sum();
        flat + nested
    }

    /// The complexity of the ancestors of `lits` together.
    fn union(&self, lits: &[usize]) -> usize {
        self.complexity(&self.ancestors(lits))
    }

    /// The union of the ancestor sets of those of `lits` that were reached.
    pub(super) fn ancestors(&self, lits: &[usize]) -> [u64; WORDS] {
        let mut bits = [0u64; WORDS];
        for &l in lits {
            let s = self.slot[l];
            if s != UNSET {
                let b = &self.arena[s as usize];
                for w in 0..WORDS {
                    bits[w] |= b[w];
                }
            }
        }
        bits
    }
}

impl<'a> Engine<'a> {
    pub(super) fn new(grid: &'a Candidates) -> Self {
        let n = grid.n();
        let cands = grid.layout().cells() * n;
        Engine {
            grid,
            n,
            cands,
            statics: vec![None; cands * 2],
            scratch: Scratch::default(),
            level: 0,
            inner: super::inner::Inner::default(),
            budget: None,
            gave_up: None,
            propagations: 0,
            enough: 0,
        }
    }

    /// The literal "`d` is (`on`) or is not in `cell`".
    pub(super) fn lit(&self, cell: usize, d: u8, on: bool) -> usize {
        (cell * self.n + d as usize - 1) * 2 + usize::from(on)
    }

    /// The cell, digit and sign of `lit`.
    pub(super) fn parts(&self, lit: usize) -> (usize, u8, bool) {
        let cand = lit / 2;
        (cand / self.n, (cand % self.n) as u8 + 1, lit % 2 == 1)
    }

    /// The literals `lit` implies directly in the static mode.
    fn implied(&self, lit: usize, mode: Mode, out: &mut Vec<usize>) {
        out.clear();
        let grid = self.grid;
        let layout = grid.layout();
        let (cell, d, on) = self.parts(lit);
        if on {
            if mode == Mode::Both {
                for e in digits_of(grid.candidates(cell)) {
                    if e != d {
                        out.push(self.lit(cell, e, false));
                    }
                }
            }
            for &peer in layout.peers(cell) {
                if grid.has(peer as usize, d) {
                    out.push(self.lit(peer as usize, d, false));
                }
            }
        } else {
            let marks = grid.candidates(cell);
            if mode == Mode::Both && marks.count_ones() == 2 {
                let e = digits_of(marks & !bit(d)).next().unwrap_or(d);
                out.push(self.lit(cell, e, true));
            }
            for &h in layout.cell_houses(cell) {
                let p = grid.positions(h as usize, d);
                if p.count_ones() == 2 {
                    for i in 0..self.n {
                        let other = grid.house_cell(h as usize, i);
                        if p & (1 << i) != 0 && other != cell {
                            out.push(self.lit(other, d, true));
                        }
                    }
                }
            }
        }
    }

    /// Breadth-first static propagation from `start`, capped at depth `limit - 1`: leaves the
    /// depth of each literal reached in `scratch.depth`. With `stop` set, it stops as soon as
    /// `stop` is reached (breadth first, so its depth is final) and returns that depth.
    fn propagate(&mut self, start: usize, mode: Mode, limit: usize, stop: Option<usize>) -> u16 {
        let mut sc = std::mem::take(&mut self.scratch);
        sc.depth.clear();
        sc.depth.resize(self.cands * 2, NONE);
        sc.depth[start] = 0;
        sc.queue.clear();
        sc.queue.push(start);
        let mut head = 0;
        let mut found = NONE;
        'bfs: while head < sc.queue.len() {
            let lit = sc.queue[head];
            head += 1;
            if sc.depth[lit] as usize + 1 >= limit {
                continue;
            }
            self.implied(lit, mode, &mut sc.out);
            for i in 0..sc.out.len() {
                let next = sc.out[i];
                if sc.depth[next] == NONE {
                    sc.depth[next] = sc.depth[lit] + 1;
                    if stop == Some(next) {
                        found = sc.depth[next];
                        break 'bfs;
                    }
                    sc.queue.push(next);
                }
            }
        }
        self.scratch = sc;
        found
    }

    /// The static depths from `start` with both kinds of link and no cap, computed once.
    pub(super) fn statics(&mut self, start: usize) -> &[u16] {
        if self.statics[start].is_none() {
            self.propagate(start, Mode::Both, usize::MAX, None);
            self.statics[start] = Some(self.scratch.depth.clone());
        }
        self.statics[start].as_deref().unwrap_or(&[])
    }

    /// The easiest one-sided forcing chain of `mode` with at most `max` implications (counting
    /// the start): a candidate whose "on" implies its "off" (removed), or whose "off" implies
    /// its "on" (placed). Returns its length and the step.
    pub(super) fn chains(&mut self, mode: Mode, max: usize) -> Option<(usize, Step)> {
        let mut best: Option<(usize, Step)> = None;
        for cell in 0..self.grid.layout().cells() {
            let marks = self.grid.candidates(cell);
            if self.grid.digit(cell) != 0 || marks.count_ones() < 2 {
                continue;
            }
            for d in digits_of(marks) {
                for on in [true, false] {
                    let start = self.lit(cell, d, on);
                    let limit = best.as_ref().map_or(max, |b| b.0.min(max));
                    let depth = if mode == Mode::Both && limit == usize::MAX {
                        let depths = self.statics(start);
                        depths[start ^ 1]
                    } else {
                        self.propagate(start, mode, limit, Some(start ^ 1))
                    };
                    if depth == NONE {
                        continue;
                    }
                    let length = depth as usize + 1;
                    if length <= limit && best.as_ref().is_none_or(|b| length < b.0) {
                        let step = if on {
                            Step::bare_eliminating(vec![(cell, d)])
                        } else {
                            Step::bare_placing(cell, d)
                        };
                        best = Some((length, step));
                    }
                }
            }
        }
        // A both-kinds chain that only uses one digit is an X-chain: rated by the X pass.
        best
    }

    /// Whether concluding `lit` changes the grid: an "on" on an empty cell, or an "off" that is
    /// still a candidate.
    pub(super) fn open(&self, lit: usize) -> bool {
        let (cell, d, _) = self.parts(lit);
        self.grid.digit(cell) == 0 && self.grid.has(cell, d)
    }

    /// Dynamic propagation from `start`: leaves the number of ancestors of each literal reached
    /// (itself included) in `scratch.count`, and returns the length of the first contradiction
    /// met, if any.
    pub(super) fn dynamic(&mut self, start: usize, mode: Mode) -> Option<usize> {
        let mut sc = std::mem::take(&mut self.scratch);
        let found = self.dynamic_in(&mut sc, start, mode);
        self.scratch = sc;
        found
    }

    /// The ancestor counts the last [`Self::dynamic`] left: per literal, [`NONE`] if not reached.
    pub(super) fn counts(&self) -> &[u16] {
        &self.scratch.count
    }

    fn dynamic_in(&mut self, sc: &mut Scratch, start: usize, mode: Mode) -> Option<usize> {
        let grid = self.grid;
        let layout = grid.layout();
        let n = self.n;
        let total = self.cands * 2;
        sc.marks.clear();
        sc.marks.extend((0..layout.cells()).map(|c| grid.candidates(c)));
        sc.slot.clear();
        sc.slot.resize(total, UNSET);
        sc.count.clear();
        sc.count.resize(total, NONE);
        sc.arena.clear();
        sc.queue.clear();
        sc.nested.clear();
        let mut head = 0;
        // Parents of an "on" (at most one per candidate of a cell or place in a house).
        let mut offs = [0usize; 32];
        sc.set(start, &[]);
        loop {
            if head == sc.queue.len() && !(self.level > 0 && self.advance(sc)) {
                break;
            }
            let lit = sc.queue[head];
            head += 1;
            let cand = lit / 2;
            let (cell, d, on) = (cand / n, (cand % n) as u8 + 1, lit % 2 == 1);
            if sc.slot[lit ^ 1] != UNSET {
                return Some(sc.union(&[lit, lit ^ 1]));
            }
            if on {
                if mode == Mode::Both {
                    for e in digits_of(sc.marks[cell] & !bit(d)) {
                        sc.set(self.lit(cell, e, false), &[lit]);
                    }
                }
                for &peer in layout.peers(cell) {
                    let peer = peer as usize;
                    if sc.marks[peer] & bit(d) != 0 {
                        sc.set(self.lit(peer, d, false), &[lit]);
                    }
                }
            } else {
                sc.marks[cell] &= !bit(d);
                let original = grid.candidates(cell);
                if mode == Mode::Both {
                    match sc.marks[cell].count_ones() {
                        0 => {
                            let mut k = 0;
                            for e in digits_of(original) {
                                offs[k] = self.lit(cell, e, false);
                                k += 1;
                            }
                            return Some(sc.union(&offs[..k]));
                        }
                        1 => {
                            let e = digits_of(sc.marks[cell]).next().unwrap_or(d);
                            let mut k = 0;
                            for x in digits_of(original & !bit(e)) {
                                offs[k] = self.lit(cell, x, false);
                                k += 1;
                            }
                            sc.set(self.lit(cell, e, true), &offs[..k]);
                        }
                        _ => {}
                    }
                }
                for &h in layout.cell_houses(cell) {
                    let h = h as usize;
                    let p = grid.positions(h, d);
                    if p == 0 {
                        continue;
                    }
                    let mut left = 0;
                    let mut last = 0;
                    let mut k = 0;
                    for i in 0..n {
                        if p & (1 << i) != 0 {
                            let c = grid.house_cell(h, i);
                            if sc.marks[c] & bit(d) != 0 {
                                left += 1;
                                last = c;
                            } else {
                                offs[k] = self.lit(c, d, false);
                                k += 1;
                            }
                        }
                    }
                    match left {
                        0 => return Some(sc.union(&offs[..k])),
                        1 => sc.set(self.lit(last, d, true), &offs[..k]),
                        _ => {}
                    }
                }
            }
        }
        None
    }
}
