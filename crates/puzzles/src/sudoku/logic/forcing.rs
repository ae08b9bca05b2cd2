//! Forcing chains and nets, read off the chain engine ([`super::implications`]): the level pass's
//! "Forcing chain" (static) and "Forcing net" (dynamic) techniques, and SE's 7.5 to 8.5 steps.
//!
//! From every candidate of the grid, both "on" and "off" are propagated (static or dynamic), and
//! a conclusion is drawn where the branches of a choice that must hold agree:
//!
//! | start | conclusion |
//! |---|---|
//! | a candidate whose "on" leads to a clash (a literal and its negation, or a cell or house emptied) | it is false |
//! | a candidate and its negation ("double") | what both imply is true |
//! | every candidate of a cell | what all imply is true |
//! | every place of a digit in a house (region forcing) | what all imply is true |
//! | Nishio: one digit, dynamic, "on" leads to a clash | it is false |
//!
//! A conclusion's length is the sum of the lengths of the branches that reach it (static: depth
//! plus one; dynamic: the ancestors counted by the engine), and the shortest wins, first found on
//! ties, as SE rates it. The propagations of one step are computed once per literal and shared by
//! every start that needs them. A conclusion must change the grid ([`Engine::open`]) and may not
//! be one of the group's own starts.

use super::candidates::Candidates;
use super::implications::{Engine, Mode, NONE};
use super::{Step, Technique};
use crate::common::bits::digits_of;

/// A forcing chain step of the level pass: static chains (`dynamic` false, the "Forcing chain"
/// technique) or dynamic ones (a forcing net), the shortest found, explained by where it starts.
pub(crate) fn forcing_step(grid: &Candidates, dynamic: bool) -> Option<Step> {
    if grid.n() > 9 {
        return None;
    }
    let mut engine = Engine::new(grid);
    let (_, mut step, source) = engine.forcing_from(dynamic).or_else(|| {
        if dynamic {
            engine.nishio().map(|(length, step)| {
                let cell = step.eliminations[0];
                (length, step, Source::Clash(engine.lit(cell.0, cell.1, true)))
            })
        } else {
            None
        }
    })?;
    step.technique = if dynamic { Technique::ForcingNet } else { Technique::ForcingChain };
    let layout = grid.layout();
    if !grid.quiet() {
        let literal = |lit: usize| {
            let (cell, d, on) = engine.parts(lit);
            format!("{} {} {}", layout.cell_name(cell), if on { "is" } else { "is not" }, layout.symbol(d))
        };
        let from = match source {
            Source::Clash(lit) => format!("if {}, the implications clash, so it cannot be", literal(lit)),
            Source::Double(lit) => format!("whether or not {}, the same follows", literal(lit | 1)),
            Source::Cell(cell) => {
                format!("whichever digit {} takes, the same follows", layout.cell_name(cell))
            }
            Source::House(h, d) => {
                let (kind, index) = layout.house_name(h);
                format!("wherever {} goes in {kind} {index}, the same follows", layout.symbol(d))
            }
        };
        let conclusion = match (step.placements.first(), step.eliminations.first()) {
            (Some(&(cell, d)), _) => format!("{} is {}", layout.cell_name(cell), layout.symbol(d)),
            (None, Some(&(cell, d))) => format!("{} is not {}", layout.cell_name(cell), layout.symbol(d)),
            _ => String::new(),
        };
        step.explanation = format!("{}: {from}: {conclusion}", step.technique.name());
    }
    step.cells = step.placements.iter().chain(&step.eliminations).map(|&(cell, _)| cell).collect();
    Some(step)
}

/// Where forcing chains start: a candidate assumed true that leads to a clash, a candidate
/// whose truth and falsehood lead to the same conclusion, every candidate of a cell, or every
/// place of a digit in a house.
#[derive(Clone, Copy, Debug)]
enum Source {
    Clash(usize),
    Double(usize),
    Cell(usize),
    House(usize, u8),
}

impl Engine<'_> {
    /// The easiest forcing chain (cell, region, double) or contradiction, static or (`dynamic`)
    /// a net, with its length.
    pub(super) fn forcing(&mut self, dynamic: bool) -> Option<(usize, Step)> {
        self.forcing_from(dynamic).map(|(length, step, _)| (length, step))
    }

    /// [`Self::forcing`] with where the chains start.
    fn forcing_from(&mut self, dynamic: bool) -> Option<(usize, Step, Source)> {
        let mut best: Option<(usize, Step, Source)> = None;
        let cells = self.grid.layout().cells();
        let total = self.cands * 2;
        let offer = |best: &mut Option<(usize, Step, Source)>,
                     length: usize,
                     lit: usize,
                     n: usize,
                     source: Source| {
            if best.as_ref().is_none_or(|b| length < b.0) {
                let cand = lit / 2;
                let (cell, d) = (cand / n, (cand % n) as u8 + 1);
                let step = if lit % 2 == 1 {
                    Step::bare_placing(cell, d)
                } else {
                    Step::bare_eliminating(vec![(cell, d)])
                };
                *best = Some((length, step, source));
            }
        };
        let n = self.n;
        // Per literal: the propagation's lengths (static: depth + 1; dynamic: ancestors) and,
        // for dynamic, whether it led to a contradiction of that length.
        let mut results: Vec<Option<(Vec<u16>, Option<usize>)>> = vec![None; total];
        let ensure =
            |engine: &mut Engine, results: &mut Vec<Option<(Vec<u16>, Option<usize>)>>, lit: usize| {
                if results[lit].is_some() {
                    return;
                }
                let r = if dynamic {
                    let clash = engine.dynamic(lit, Mode::Both);
                    (engine.counts().to_vec(), clash)
                } else {
                    let depths = engine.statics(lit);
                    let lengths: Vec<u16> =
                        depths.iter().map(|&x| if x == NONE { NONE } else { x + 1 }).collect();
                    let clash = (0..total / 2)
                        .filter(|&c| lengths[2 * c] != NONE && lengths[2 * c + 1] != NONE)
                        .map(|c| lengths[2 * c] as usize + lengths[2 * c + 1] as usize)
                        .min();
                    (lengths, clash)
                };
                results[lit] = Some(r);
            };
        for cell in 0..cells {
            let marks = self.grid.candidates(cell);
            if self.grid.digit(cell) != 0 || marks.count_ones() < 2 {
                continue;
            }
            if best.as_ref().is_some_and(|b| b.0 <= self.enough) {
                return best;
            }
            for d in digits_of(marks) {
                let on = self.lit(cell, d, true);
                ensure(self, &mut results, on);
                ensure(self, &mut results, on ^ 1);
                let (Some((lengths_on, clash_on)), Some((lengths_off, clash))) =
                    (&results[on], &results[on ^ 1])
                else {
                    continue;
                };
                if let Some(length) = *clash_on {
                    offer(&mut best, length, on ^ 1, n, Source::Clash(on));
                }
                if let Some(length) = *clash {
                    offer(&mut best, length, on, n, Source::Clash(on ^ 1));
                }
                // Double forcing: both the candidate and its negation imply the same literal.
                for lit in 0..total {
                    if lengths_on[lit] != NONE
                        && lengths_off[lit] != NONE
                        && lit / 2 != on / 2
                        && self.open(lit)
                    {
                        let length = lengths_on[lit] as usize + lengths_off[lit] as usize;
                        offer(&mut best, length, lit, n, Source::Double(on));
                    }
                }
            }
        }
        // Cell forcing and region forcing.
        let mut groups: Vec<(Source, Vec<usize>)> = Vec::new();
        for cell in 0..cells {
            let marks = self.grid.candidates(cell);
            if self.grid.digit(cell) == 0 && marks.count_ones() >= 2 {
                groups
                    .push((Source::Cell(cell), digits_of(marks).map(|d| self.lit(cell, d, true)).collect()));
            }
        }
        for h in 0..self.grid.layout().houses().len() {
            for d in 1..=n as u8 {
                let p = self.grid.positions(h, d);
                if p.count_ones() >= 2 {
                    let places = (0..n)
                        .filter(|&i| p & (1 << i) != 0)
                        .map(|i| self.lit(self.grid.house_cell(h, i), d, true));
                    groups.push((Source::House(h, d), places.collect()));
                }
            }
        }
        for (source, group) in groups {
            if best.as_ref().is_some_and(|b| b.0 <= self.enough) {
                return best;
            }
            for &lit in &group {
                ensure(self, &mut results, lit);
            }
            let branches: Vec<&[u16]> =
                group.iter().filter_map(|&lit| results[lit].as_ref().map(|r| r.0.as_slice())).collect();
            for lit in 0..total {
                // Cheapest test first: most literals are not reached by the first branch.
                if branches[0][lit] == NONE || !self.open(lit) || group.contains(&lit) {
                    continue;
                }
                let mut length = 0usize;
                let mut all = true;
                for b in branches.iter() {
                    if b[lit] == NONE {
                        all = false;
                        break;
                    }
                    length += b[lit] as usize;
                }
                if all {
                    offer(&mut best, length, lit, n, source);
                }
            }
        }
        best
    }

    /// Nishio: one digit, dynamic; a candidate whose "on" leads to a clash is false.
    pub(super) fn nishio(&mut self) -> Option<(usize, Step)> {
        let mut best: Option<(usize, Step)> = None;
        for cell in 0..self.grid.layout().cells() {
            if self.grid.digit(cell) != 0 {
                continue;
            }
            for d in digits_of(self.grid.candidates(cell)) {
                let on = self.lit(cell, d, true);
                if let Some(length) = self.dynamic(on, Mode::X) {
                    if best.as_ref().is_none_or(|b| length < b.0) {
                        best = Some((length, Step::bare_eliminating(vec![(cell, d)])));
                    }
                }
            }
        }
        best
    }
}
