//! SE's chaining levels above dynamic forcing chains: "dynamic forcing chains (+)" (9.0) and
//! "nested forcing chains" (9.5, 10.0, 10.5), as rules that the dynamic propagation of the chain
//! engine ([`super::implications`]) applies whenever it stalls.
//!
//! Sukaku Explainer (SE) numbers its chaining rules by a level `L`, rated `8.5 + 0.5 L` plus the
//! length term. At level 0 the propagation from an assumption follows singles only (the forcing
//! nets of [`super::forcing`]). From level 1, when the propagation has nothing left to follow,
//! SE looks for simple techniques on the marks as the assumption has left them, and every
//! elimination found is a new "off" that the propagation continues from; from level 2 it looks
//! for whole chains as well (nested chains). What each level adds, in SE's order (the first rule
//! that finds anything is the one used at that stall):
//!
//! | level | SE | rules applied at a stall |
//! |---:|---:|---|
//! | 1 | 9.0 | pointing and claiming, hidden pair, naked pair, X-wing |
//! | 2 | 9.5 | + static chains ([`super::inner`]) |
//! | 3 | 10.0 | + static chains, then static cell and region forcing chains |
//! | 4 | 10.5 | + dynamic forcing chains (contradiction, cell, region) |
//!
//! The forcing readings of the outer search (contradiction, double, cell and region forcing) are
//! then the same as at level 0 ([`Engine::forcing`]).
//!
//! Lengths, as SE counts them: a literal concluded by a rule has as parents the literals the
//! propagation had removed that made the rule possible (for a locked digit, its removed places in
//! the house it is locked in; for a pair, the other candidates removed from its cells or the
//! other places of its digits; for an X-wing, the digit's removed places in its base lines), so
//! its ancestors are theirs. A literal concluded by an inner chain also carries that chain's own
//! length, which SE adds to every chain that passes through it ([`super::implications`]'s
//! `nested` list); how the inner searches count is in [`super::inner`].
//!
//! Cost: each stall of each of the outer search's propagations (one per literal) runs the inner
//! search, one propagation per open candidate, so a failed search of level 3 or 4 is about a
//! million propagations; SE takes about a minute a puzzle on these levels. The SE pass bounds
//! it: a step that cannot raise the rating takes the first conclusion found, and past a soft
//! budget each step starts at the level the one before needed ([`super::se`]).

use super::implications::{Engine, Scratch, UNSET};
use super::inner::Look;
use crate::common::bits::digits_of;
use crate::sudoku::logic::candidates::bit;

impl Engine<'_> {
    /// At a stall of a level's propagation: applies the level's rules to the marks in `sc`
    /// (module header), adding what they conclude to the propagation. Returns whether anything
    /// was added.
    pub(super) fn advance(&mut self, sc: &mut Scratch) -> bool {
        if self.gave_up.is_some() {
            return false;
        }
        let before = sc.queue.len();
        let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
        for rule in 0..4 {
            match rule {
                0 => self.locking(sc, &mut found),
                1 => self.hidden_pairs(sc, &mut found),
                2 => self.naked_pairs(sc, &mut found),
                _ => self.x_wings(sc, &mut found),
            }
            if !found.is_empty() {
                break;
            }
        }
        for (lit, parents) in found.drain(..) {
            if sc.slot[lit] == UNSET {
                let mut bits = sc.ancestors(&parents);
                bits[lit / 64] |= 1 << (lit % 64);
                sc.set_bits(lit, bits);
            }
        }
        if sc.queue.len() > before || self.level < 2 {
            return sc.queue.len() > before;
        }
        let looks: &[Look] = match self.level {
            2 => &[Look::SelfStatic],
            3 => &[Look::SelfStatic, Look::ForcingStatic],
            _ => &[Look::ForcingDynamic],
        };
        for &look in looks {
            self.inner_search(sc, look);
            if sc.queue.len() > before || self.gave_up.is_some() {
                break;
            }
        }
        sc.queue.len() > before
    }

    /// The "off" literals of the candidates the propagation removed from `cell`, digit `d` only
    /// if given.
    fn removed(&self, sc: &Scratch, cell: usize, d: Option<u8>, out: &mut Vec<usize>) {
        let gone = self.grid.candidates(cell) & !sc.marks[cell] & d.map_or(u32::MAX, bit);
        for e in digits_of(gone) {
            out.push(self.lit(cell, e, false));
        }
    }

    /// Records the eliminations `cells` x `digits` still open in `sc`, with `parents`, unless
    /// `parents` is empty (the rule held before the assumption: nothing to chain).
    fn offer(
        &self,
        sc: &Scratch,
        elims: &[(usize, u8)],
        parents: Vec<usize>,
        found: &mut Vec<(usize, Vec<usize>)>,
    ) {
        if parents.is_empty() {
            return;
        }
        for &(cell, d) in elims {
            let lit = self.lit(cell, d, false);
            if sc.marks[cell] & bit(d) != 0 && sc.slot[lit] == UNSET {
                found.push((lit, parents.clone()));
            }
        }
    }

    /// The cells of house `h` whose marks in `sc` hold `d`.
    fn places<'b>(&'b self, sc: &'b Scratch, h: usize, d: u8) -> impl Iterator<Item = usize> + 'b {
        self.grid.layout().houses()[h].iter().map(|&c| c as usize).filter(move |&c| sc.marks[c] & bit(d) != 0)
    }

    /// Pointing and claiming: a digit of a house confined to another house.
    fn locking(&self, sc: &Scratch, found: &mut Vec<(usize, Vec<usize>)>) {
        let layout = self.grid.layout();
        for a in 0..layout.houses().len() {
            for d in 1..=self.n as u8 {
                let places: Vec<usize> = self.places(sc, a, d).collect();
                if places.len() < 2 {
                    continue;
                }
                for &b in layout.cell_houses(places[0]) {
                    let b = b as usize;
                    if b == a || !places.iter().all(|&c| layout.cell_houses(c).contains(&(b as u16))) {
                        continue;
                    }
                    let elims: Vec<(usize, u8)> = self
                        .places(sc, b, d)
                        .filter(|&c| !layout.cell_houses(c).contains(&(a as u16)))
                        .map(|c| (c, d))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for &c in &layout.houses()[a] {
                        self.removed(sc, c as usize, Some(d), &mut parents);
                    }
                    self.offer(sc, &elims, parents, found);
                }
            }
        }
    }

    /// Hidden pairs: two digits with the same two places in a house.
    fn hidden_pairs(&self, sc: &Scratch, found: &mut Vec<(usize, Vec<usize>)>) {
        let layout = self.grid.layout();
        for h in 0..layout.houses().len() {
            let spots: Vec<(u8, Vec<usize>)> = (1..=self.n as u8)
                .map(|d| (d, self.places(sc, h, d).collect::<Vec<_>>()))
                .filter(|(_, p)| p.len() == 2)
                .collect();
            for i in 0..spots.len() {
                for j in i + 1..spots.len() {
                    if spots[i].1 != spots[j].1 {
                        continue;
                    }
                    let keep = bit(spots[i].0) | bit(spots[j].0);
                    let elims: Vec<(usize, u8)> = spots[i]
                        .1
                        .iter()
                        .flat_map(|&c| digits_of(sc.marks[c] & !keep).map(move |e| (c, e)))
                        .collect();
                    let mut parents = Vec::new();
                    for &c in &layout.houses()[h] {
                        let c = c as usize;
                        if !spots[i].1.contains(&c) {
                            self.removed(sc, c, Some(spots[i].0), &mut parents);
                            self.removed(sc, c, Some(spots[j].0), &mut parents);
                        }
                    }
                    self.offer(sc, &elims, parents, found);
                }
            }
        }
    }

    /// Naked pairs: two cells of a house left with the same two digits.
    fn naked_pairs(&self, sc: &Scratch, found: &mut Vec<(usize, Vec<usize>)>) {
        let layout = self.grid.layout();
        for h in 0..layout.houses().len() {
            let cells: Vec<usize> = layout.houses()[h]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| sc.marks[c].count_ones() == 2)
                .collect();
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let (x, y) = (cells[i], cells[j]);
                    if sc.marks[x] != sc.marks[y] {
                        continue;
                    }
                    let pair = sc.marks[x];
                    let elims: Vec<(usize, u8)> = layout.houses()[h]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != x && c != y)
                        .flat_map(|c| digits_of(sc.marks[c] & pair).map(move |e| (c, e)))
                        .collect();
                    let mut parents = Vec::new();
                    self.removed(sc, x, None, &mut parents);
                    self.removed(sc, y, None, &mut parents);
                    self.offer(sc, &elims, parents, found);
                }
            }
        }
    }

    /// X-wings over rows and columns (houses `0..n` and `n..2n`).
    fn x_wings(&self, sc: &Scratch, found: &mut Vec<(usize, Vec<usize>)>) {
        let layout = self.grid.layout();
        let n = self.n;
        if layout.houses().len() < 2 * n {
            return;
        }
        for d in 1..=n as u8 {
            for (base, cover) in [(0, n), (n, 0)] {
                // Per base line: the indices of its places, as positions along the line.
                let lines: Vec<(usize, u32)> = (base..base + n)
                    .map(|h| {
                        let mask = layout.houses()[h]
                            .iter()
                            .enumerate()
                            .filter(|&(_, &c)| sc.marks[c as usize] & bit(d) != 0)
                            .fold(0u32, |m, (i, _)| m | 1 << i);
                        (h, mask)
                    })
                    .filter(|&(_, m)| m.count_ones() == 2)
                    .collect();
                for i in 0..lines.len() {
                    for j in i + 1..lines.len() {
                        if lines[i].1 != lines[j].1 {
                            continue;
                        }
                        let (r1, r2) = (lines[i].0, lines[j].0);
                        let mut elims = Vec::new();
                        for k in digits_of(lines[i].1) {
                            let c = layout.houses()[r1][k as usize - 1] as usize;
                            let Some(&line) = layout
                                .cell_houses(c)
                                .iter()
                                .find(|&&h| (cover..cover + n).contains(&(h as usize)))
                            else {
                                continue;
                            };
                            for &other in &layout.houses()[line as usize] {
                                let other = other as usize;
                                let in_base = layout
                                    .cell_houses(other)
                                    .iter()
                                    .any(|&h| h as usize == r1 || h as usize == r2);
                                if !in_base && sc.marks[other] & bit(d) != 0 {
                                    elims.push((other, d));
                                }
                            }
                        }
                        let mut parents = Vec::new();
                        for &c in layout.houses()[r1].iter().chain(&layout.houses()[r2]) {
                            self.removed(sc, c as usize, Some(d), &mut parents);
                        }
                        self.offer(sc, &elims, parents, found);
                    }
                }
            }
        }
    }
}
