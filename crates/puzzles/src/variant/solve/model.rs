//! What the rules compile to: a [`Model`] of candidate masks and [`Propagator`]s, built by a
//! [`Builder`] that the kinds of `rules/` call. Masks have bit `d` for digit `d` (bit 0 unused), so
//! 16 digits fit a `u32`.

use std::fmt;

use super::props::{AllDifferent, Cage, Differ, Linear, Pair};
use crate::variant::model::Variant;

/// A propagator found that no value is left for some cell: the branch fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wipeout;

/// The candidates during propagation, and the cells a propagator narrowed (so that the engine
/// wakes the propagators that watch them).
#[derive(Debug)]
pub(crate) struct Store<'a> {
    dom: &'a mut [u32],
    touched: &'a mut Vec<u16>,
}

impl<'a> Store<'a> {
    pub(crate) fn new(dom: &'a mut [u32], touched: &'a mut Vec<u16>) -> Self {
        Store { dom, touched }
    }

    /// The candidates of `cell`.
    #[inline]
    pub(crate) fn get(&self, cell: usize) -> u32 {
        self.dom[cell]
    }

    /// Keeps only the candidates of `cell` in `mask`.
    #[inline]
    pub(crate) fn restrict(&mut self, cell: usize, mask: u32) -> Result<(), Wipeout> {
        let old = self.dom[cell];
        let new = old & mask;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Wipeout);
        }
        self.dom[cell] = new;
        self.touched.push(cell as u16);
        Ok(())
    }

    /// Removes `mask` from the candidates of `cell`.
    #[inline]
    pub(crate) fn remove(&mut self, cell: usize, mask: u32) -> Result<(), Wipeout> {
        self.restrict(cell, !mask)
    }
}

/// One constraint's reasoning over candidate masks. It must never remove a candidate that some
/// solution uses, and must fail (or remove a value) when all its cells are fixed to values that
/// break it: then the search's leaves are solutions.
pub(crate) trait Propagator: fmt::Debug + Send + Sync {
    /// The cells whose change wakes it.
    fn cells(&self) -> &[u16];

    /// Narrows the candidates of its cells.
    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout>;

    /// Whether it costs much more than a house's (sums by tables, cage matchings): the search
    /// runs the cheap ones to a fixed point before each slow one.
    fn slow(&self) -> bool {
        false
    }
}

/// A compiled puzzle: the initial candidates, the propagators, and who watches which cell.
#[derive(Debug)]
pub(crate) struct Model {
    pub(crate) initial: Vec<u32>,
    pub(crate) props: Vec<Box<dyn Propagator>>,
    pub(crate) watch: Vec<Vec<u32>>,
}

impl Model {
    /// The model of `puzzle`: givens, rows, columns, regions, then each constraint by its kind.
    pub(crate) fn new(puzzle: &Variant) -> Model {
        let n = puzzle.size;
        let mut builder = Builder::new(n);
        for (cell, &g) in puzzle.givens.iter().enumerate() {
            if g != 0 {
                builder.restrict(cell, 1 << g);
            }
        }
        for r in 0..n {
            builder.all_different((r * n..(r + 1) * n).collect());
            builder.all_different((0..n).map(|i| i * n + r).collect());
        }
        let mut regions: std::collections::BTreeMap<u16, Vec<usize>> = Default::default();
        for (i, region) in puzzle.regions.iter().enumerate() {
            if let Some(region) = region {
                regions.entry(*region).or_default().push(i);
            }
        }
        for cells in regions.into_values() {
            builder.all_different(cells);
        }
        for constraint in &puzzle.constraints {
            crate::variant::rules::compile(puzzle, constraint, &mut builder);
        }
        crate::variant::rules::derive(puzzle, &mut builder);
        builder.finish()
    }
}

/// What the kinds of `rules/` call to say what they mean to the solver.
#[derive(Debug)]
pub(crate) struct Builder {
    n: usize,
    initial: Vec<u32>,
    props: Vec<Box<dyn Propagator>>,
    groups: std::collections::HashSet<Vec<usize>>,
    pairs: std::collections::BTreeMap<(usize, usize), [u32; 17]>,
    equations: std::collections::HashSet<(Vec<(usize, i32)>, i32)>,
}

impl Builder {
    fn new(n: usize) -> Self {
        let all = ((1u32 << (n + 1)) - 1) & !1;
        Builder {
            n,
            initial: vec![all; n * n],
            props: Vec::new(),
            groups: Default::default(),
            pairs: Default::default(),
            equations: Default::default(),
        }
    }

    /// The grid's side.
    pub(crate) fn size(&self) -> usize {
        self.n
    }

    /// The cell takes only digits of `mask`.
    pub(crate) fn restrict(&mut self, cell: usize, mask: u32) {
        self.initial[cell] &= mask;
    }

    /// The cells hold different digits (a group of N cells holds each digit once). The same
    /// group twice is kept once.
    pub(crate) fn all_different(&mut self, mut cells: Vec<usize>) {
        cells.sort_unstable();
        cells.dedup();
        if cells.len() < 2 || !self.groups.insert(cells.clone()) {
            return;
        }
        if cells.len() == 2 {
            self.differ(cells[0], cells[1]);
            return;
        }
        let full = cells.len() == self.n;
        self.props.push(Box::new(AllDifferent::new(cells, full, self.n)));
    }

    /// The two cells hold different digits.
    pub(crate) fn differ(&mut self, a: usize, b: usize) {
        if a != b {
            self.props.push(Box::new(Differ::new(a, b)));
        }
    }

    /// The digits `(x, y)` of cells `a` and `b` satisfy `allowed(x, y)`. Relations on the same
    /// pair are merged into one table.
    pub(crate) fn relation(&mut self, a: usize, b: usize, allowed: impl Fn(u32, u32) -> bool) {
        if a == b {
            // A relation of a cell with itself: keep the digits related to themselves.
            let mask = (1..=self.n as u32).filter(|&d| allowed(d, d)).fold(0, |m, d| m | 1 << d);
            self.restrict(a, mask);
            return;
        }
        let (lo, hi, swap) = if a < b { (a, b, false) } else { (b, a, true) };
        let mut table = [0u32; 17];
        for x in 1..=self.n as u32 {
            for y in 1..=self.n as u32 {
                let ok = if swap { allowed(y, x) } else { allowed(x, y) };
                if ok {
                    table[x as usize] |= 1 << y;
                }
            }
        }
        let merged = self.pairs.entry((lo, hi)).or_insert([u32::MAX; 17]);
        for (m, t) in merged.iter_mut().zip(table) {
            *m &= t;
        }
    }

    /// `sum(coefficient * digit) = target` over the terms (repeats allowed).
    pub(crate) fn linear(&mut self, terms: Vec<(usize, i32)>, target: i32) {
        let mut merged: Vec<(usize, i32)> = Vec::new();
        for (cell, coef) in terms {
            match merged.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, k)) => *k += coef,
                None => merged.push((cell, coef)),
            }
        }
        merged.retain(|&(_, k)| k != 0);
        merged.sort_unstable();
        if merged.is_empty() || !self.equations.insert((merged.clone(), target)) {
            return;
        }
        self.props.push(Box::new(Linear::new(merged, target)));
    }

    /// A killer cage: different digits adding up to `sum`.
    pub(crate) fn cage(&mut self, cells: Vec<usize>, sum: u32) {
        self.all_different(cells.clone());
        self.props.push(Box::new(Cage::new(cells, sum, self.n)));
    }

    /// Cells of one house (already different) adding up to `sum`: a cage's propagator without
    /// a group of its own. The same cells and sum twice are kept once.
    pub(crate) fn hidden_cage(&mut self, mut cells: Vec<usize>, sum: u32) {
        cells.sort_unstable();
        let key = (cells.iter().map(|&c| (c, 1)).collect(), sum as i32);
        if self.equations.insert(key) {
            self.props.push(Box::new(Cage::new(cells, sum, self.n)));
        }
    }

    /// A propagator of a kind's own.
    pub(crate) fn custom(&mut self, propagator: Box<dyn Propagator>) {
        self.props.push(propagator);
    }

    fn finish(mut self) -> Model {
        for ((a, b), table) in std::mem::take(&mut self.pairs) {
            self.props.push(Box::new(Pair::new(a, b, table, self.n)));
        }
        let mut watch = vec![Vec::new(); self.n * self.n];
        for (i, p) in self.props.iter().enumerate() {
            for &c in p.cells() {
                watch[c as usize].push(i as u32);
            }
        }
        Model { initial: self.initial, props: self.props, watch }
    }
}
