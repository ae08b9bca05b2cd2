//! Alternating inference chains: X-chains, XY-chains and general AICs, by breadth-first search.
//!
//! A node is a candidate `(cell, digit)`. A strong link between two nodes says at least one is
//! true: the two candidates of a bivalue cell, or the two places of a digit that has exactly
//! two in a house (a conjugate pair). A weak link says at most one is true: two candidates of
//! one cell, or one digit in two cells that share a house. A chain starts at `a0` with a strong
//! link and alternates, `a0 = a1 - a2 = a3 ... = ak`: if `a0` is false, `a1` is true, so `a2`
//! is false, ... so `ak` is true. Hence `a0` or `ak` is true, and any candidate weakly linked
//! to both (it "sees" both) is false.
//!
//! - X-chain: one digit; strong links are conjugate pairs.
//! - XY-chain: bivalue cells only; a strong link inside each cell, weak links between cells.
//! - AIC: both kinds of strong link, both kinds of weak link.
//!
//! The search runs from every start, breadth first over states `(node, parity)`, so the chain
//! it reports is the shortest from its start; lengths are capped. The deduction holds even if
//! a chain were to pass through a node twice (each link is a valid implication on its own).
//! Only nodes that have a strong link can continue a chain, so weak links lead only to them.

use super::candidates::{bit, Candidates};
use super::{explain, Step, Technique};
use crate::common::bits::digits_of;

/// Longest chains searched, in links (an odd number: chains start and end with strong links).
const MAX_LINKS_X: usize = 11;
const MAX_LINKS_XY: usize = 15;
const MAX_LINKS_AIC: usize = 13;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    X(u8),
    Xy,
    Aic,
}

/// An X-chain on any digit.
pub(crate) fn x_chain(grid: &Candidates) -> Option<Step> {
    let mut search = Search::new(grid);
    (1..=grid.n() as u8).find_map(|d| search.run(Kind::X(d), MAX_LINKS_X))
}

/// An XY-chain.
pub(crate) fn xy_chain(grid: &Candidates) -> Option<Step> {
    Search::new(grid).run(Kind::Xy, MAX_LINKS_XY)
}

/// A general alternating inference chain.
pub(crate) fn aic(grid: &Candidates) -> Option<Step> {
    Search::new(grid).run(Kind::Aic, MAX_LINKS_AIC)
}

/// Scratch space of the search, allocated once per technique call.
struct Search<'a> {
    grid: &'a Candidates,
    n: usize,
    kind: Kind,
    /// Whether each node has a strong link of the current kind.
    linked: Vec<bool>,
    /// Per state `node * 2 + on`: the round that visited it, its parent state and depth.
    seen: Vec<u32>,
    parent: Vec<u32>,
    depth: Vec<u8>,
    queue: Vec<u32>,
    round: u32,
    found: Vec<(usize, u8)>,
    /// Strong links as adjacency lists: node `i`'s partners are
    /// `partners[first[i]..first[i + 1]]`.
    first: Vec<u32>,
    partners: Vec<u32>,
    /// The cells that see the start's cell and hold the start's digit.
    targets: Vec<usize>,
}

impl<'a> Search<'a> {
    fn new(grid: &'a Candidates) -> Self {
        let nodes = grid.layout().cells() * grid.n();
        Search {
            grid,
            n: grid.n(),
            kind: Kind::Aic,
            linked: vec![false; nodes],
            seen: vec![0; 2 * nodes],
            parent: vec![0; 2 * nodes],
            depth: vec![0; 2 * nodes],
            queue: Vec::with_capacity(2 * nodes),
            round: 0,
            found: Vec::new(),
            first: Vec::with_capacity(nodes + 1),
            partners: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// The nodes strongly linked to `node`, into `out`; returns how many.
    fn strong(&self, node: usize, out: &mut [usize; 8]) -> usize {
        let grid = self.grid;
        let (cell, d) = (node / self.n, (node % self.n) as u8 + 1);
        let marks = grid.candidates(cell);
        let mut len = 0;
        if !matches!(self.kind, Kind::X(_)) && marks.count_ones() == 2 {
            out[len] = cell * self.n + (marks & !bit(d)).trailing_zeros() as usize;
            len += 1;
        }
        if self.kind != Kind::Xy {
            for &h in grid.layout().cell_houses(cell) {
                let positions = grid.positions(h as usize, d);
                if positions.count_ones() == 2 && len < out.len() {
                    let a = grid.house_cell(h as usize, positions.trailing_zeros() as usize);
                    let b = grid.house_cell(h as usize, 31 - positions.leading_zeros() as usize);
                    out[len] = if a == cell { b } else { a } * self.n + d as usize - 1;
                    len += 1;
                }
            }
        }
        len
    }

    fn run(&mut self, kind: Kind, max_links: usize) -> Option<Step> {
        let grid = self.grid;
        let n = self.n;
        self.kind = kind;
        let mut out = [0usize; 8];
        let cells = grid.layout().cells();
        self.first.clear();
        self.partners.clear();
        for cell in 0..cells {
            for d in 1..=n as u8 {
                let node = cell * n + d as usize - 1;
                self.first.push(self.partners.len() as u32);
                let wanted = grid.has(cell, d) && !matches!(kind, Kind::X(x) if x != d);
                let len = if wanted { self.strong(node, &mut out) } else { 0 };
                self.linked[node] = len > 0;
                self.partners.extend(out[..len].iter().map(|&p| p as u32));
            }
        }
        self.first.push(self.partners.len() as u32);
        for start in 0..cells * n {
            if self.linked[start] {
                if let Some(end) = self.from(start, max_links) {
                    return Some(self.step(start, end));
                }
            }
        }
        None
    }

    /// Breadth-first search from `start` (assumed false); the first "on" state with
    /// eliminations, with `self.found` filled.
    fn from(&mut self, start: usize, max_links: usize) -> Option<usize> {
        let grid = self.grid;
        let n = self.n;
        self.round += 1;
        let round = self.round;
        self.queue.clear();
        let s = (start * 2) as u32;
        self.seen[s as usize] = round;
        self.depth[s as usize] = 0;
        self.queue.push(s);
        let mut next = 0;
        let (cell, d) = (start / n, (start % n) as u8 + 1);
        self.targets.clear();
        for &peer in grid.layout().peers(cell) {
            if grid.has(peer as usize, d) {
                self.targets.push(peer as usize);
            }
        }
        while next < self.queue.len() {
            let state = self.queue[next] as usize;
            next += 1;
            let (node, on) = (state / 2, state % 2 == 1);
            let depth = self.depth[state] as usize;
            if depth >= max_links {
                continue;
            }
            if !on {
                for k in self.first[node]..self.first[node + 1] {
                    let partner = self.partners[k as usize] as usize;
                    let to = partner * 2 + 1;
                    if self.seen[to] == round || partner == start {
                        continue;
                    }
                    self.visit(to, state, depth + 1);
                    if self.eliminations(start, partner) {
                        return Some(to);
                    }
                    self.queue.push(to as u32);
                }
            } else {
                let (cell, d) = (node / n, (node % n) as u8 + 1);
                if self.kind == Kind::Aic {
                    for e in digits_of(grid.candidates(cell) & !bit(d)) {
                        let to = (cell * n + e as usize - 1) * 2;
                        if self.linked[to / 2] && self.seen[to] != round {
                            self.visit(to, state, depth + 1);
                            self.queue.push(to as u32);
                        }
                    }
                }
                for &peer in grid.layout().peers(cell) {
                    let to = (peer as usize * n + d as usize - 1) * 2;
                    if self.linked[to / 2] && self.seen[to] != round {
                        self.visit(to, state, depth + 1);
                        self.queue.push(to as u32);
                    }
                }
            }
        }
        None
    }

    fn visit(&mut self, to: usize, from: usize, depth: usize) {
        self.seen[to] = self.round;
        self.parent[to] = from as u32;
        self.depth[to] = depth as u8;
    }

    /// Fills `self.found` with the candidates that see both `a` and `b` (nodes); whether any.
    fn eliminations(&mut self, a: usize, b: usize) -> bool {
        let grid = self.grid;
        let n = self.n;
        let (ca, da) = (a / n, (a % n) as u8 + 1);
        let (cb, db) = (b / n, (b % n) as u8 + 1);
        self.found.clear();
        if ca == cb {
            for e in digits_of(grid.candidates(ca) & !bit(da) & !bit(db)) {
                self.found.push((ca, e));
            }
        } else if da == db {
            for &p in &self.targets {
                if grid.sees(p, cb) {
                    self.found.push((p, da));
                }
            }
        } else if grid.sees(ca, cb) {
            if grid.has(cb, da) {
                self.found.push((cb, da));
            }
            if grid.has(ca, db) {
                self.found.push((ca, db));
            }
        }
        !self.found.is_empty()
    }

    fn step(&self, start: usize, end: usize) -> Step {
        let grid = self.grid;
        let layout = grid.layout();
        let n = self.n;
        let mut nodes = Vec::new();
        let mut state = end;
        loop {
            let node = state / 2;
            nodes.push((node / n, (node % n) as u8 + 1));
            if state == start * 2 {
                break;
            }
            state = self.parent[state] as usize;
        }
        nodes.reverse();
        let technique = match self.kind {
            Kind::X(_) => Technique::XChain,
            Kind::Xy => Technique::XYChain,
            Kind::Aic => Technique::Aic,
        };
        let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
        let mut cells: Vec<usize> = nodes.iter().map(|&(cell, _)| cell).collect();
        cells.dedup();
        let explanation = explain::text(grid, || {
            format!(
                "{}: {}. If {} is not {}, the chain makes {} {}, so one of the two is true: {}",
                match self.kind {
                    Kind::X(d) => format!("X-chain on {}", layout.symbol(d)),
                    _ => technique.name().to_string(),
                },
                explain::chain(layout, &nodes),
                layout.cell_name(first.0),
                layout.symbol(first.1),
                layout.cell_name(last.0),
                layout.symbol(last.1),
                explain::eliminations(layout, &self.found)
            )
        });
        let mut step = Step::eliminating(technique, self.found.clone(), cells, Vec::new(), explanation);
        step.chain = nodes;
        step
    }
}
