//! The techniques, each finding one step on the current candidates.

use tessera_xc::{Budget, GaveUp};

use crate::common::bits::Ones;
use crate::common::Step;
use crate::killer::logic::{Difficulty, Technique};
use crate::killer::model::{cell_name, Killer};
use crate::killer::solve::combos::{each, narrow};
use crate::killer::solve::layout::Layout;

const fn technique(name: &'static str, level: Difficulty, weight: u32) -> Technique {
    Technique { name, level, weight }
}

const NAKED_SINGLE: Technique = technique("naked single", Difficulty::Easy, 1);
const HIDDEN_SINGLE: Technique = technique("hidden single", Difficulty::Easy, 1);
const COMBINATION: Technique = technique("cage combination", Difficulty::Easy, 2);
const CAGE_POINTING: Technique = technique("cage pointing", Difficulty::Medium, 3);
const RULE_OF_45: Technique = technique("rule of 45", Difficulty::Medium, 4);
const NAKED_PAIR: Technique = technique("naked pair", Difficulty::Hard, 6);
const POINTING: Technique = technique("pointing and claiming", Difficulty::Hard, 6);
const HIDDEN_PAIR: Technique = technique("hidden pair", Difficulty::Hard, 6);
const TRIAL: Technique = technique("trial", Difficulty::Expert, 20);

/// The human solver's position.
pub(crate) struct Logic {
    n: usize,
    layout: Layout,
    cages: Vec<(Vec<u16>, u32)>,
    derived: Vec<(Vec<u16>, u32, (usize, bool))>,
    cand: Vec<u32>,
    placed: Vec<bool>,
    contradiction: bool,
    /// Trial propagations left (grids above 9x9 only): each costs a whole propagation, and a
    /// 16x16 position has thousands of candidates to try.
    probes: Option<u32>,
}

/// Trial propagations allowed in rating a grid above 9x9 (a fifth of it above 16x16); past them
/// trial finds nothing (and the puzzle rates expert, as one the techniques do not finish).
const PROBES: u32 = 1000;

fn names(cells: &[u16], n: usize) -> String {
    cells.iter().map(|&c| cell_name(c as usize, n)).collect::<Vec<_>>().join(", ")
}

fn digits(mask: u32) -> String {
    let list: Vec<String> = Ones(mask).map(|i| (i + 1).to_string()).collect();
    format!("{{{}}}", list.join(","))
}

fn step(
    technique: Technique,
    explanation: String,
    placed: Vec<(usize, u32)>,
    removed: Vec<(usize, u32)>,
    cells: Vec<usize>,
) -> (Technique, Step) {
    (technique, Step { technique: technique.name, explanation, placed, removed, cells })
}

/// A step that only removes candidates, looking at `cells` (cells of the grid as the layout
/// numbers them).
fn removal<C: Copy + Into<usize>>(
    technique: Technique,
    explanation: String,
    removed: Vec<(usize, u32)>,
    cells: &[C],
) -> (Technique, Step) {
    step(technique, explanation, vec![], removed, cells.iter().map(|&c| c.into()).collect())
}

impl Logic {
    pub fn new(puzzle: &Killer) -> Self {
        let layout = Layout::new(puzzle);
        let cages =
            puzzle.cages().iter().map(|c| (c.cells().iter().map(|&x| x as u16).collect(), c.sum())).collect();
        let derived = layout.rule_of_45(puzzle);
        let cand = vec![layout.full; puzzle.size() * puzzle.size()];
        let mut logic = Logic {
            n: puzzle.size(),
            layout,
            cages,
            derived,
            cand,
            placed: vec![false; puzzle.size().pow(2)],
            contradiction: false,
            probes: (puzzle.size() > 9).then_some(if puzzle.size() <= 16 { PROBES } else { PROBES / 5 }),
        };
        for (cell, &g) in puzzle.givens().iter().enumerate() {
            if g != 0 {
                let removed = logic.place_removals(cell, u32::from(g));
                logic.apply(&[(cell, u32::from(g))], &removed);
            }
        }
        logic
    }

    pub fn is_solved(&self) -> bool {
        self.placed.iter().all(|&p| p)
    }

    pub fn broken(&self) -> bool {
        self.contradiction || self.cand.contains(&0)
    }

    fn house_name(&self, house: usize) -> String {
        let n = self.n;
        match house / n {
            0 => format!("row {}", house + 1),
            1 => format!("column {}", house - n + 1),
            _ => format!("box {}", house - 2 * n + 1),
        }
    }

    fn apply(&mut self, placed: &[(usize, u32)], removed: &[(usize, u32)]) {
        for &(cell, d) in placed {
            self.cand[cell] &= 1 << (d - 1);
            self.placed[cell] = true;
        }
        for &(cell, d) in removed {
            self.cand[cell] &= !(1 << (d - 1));
        }
    }

    /// The candidates `d` leaves among the peers of `cell`.
    fn place_removals(&self, cell: usize, d: u32) -> Vec<(usize, u32)> {
        let bit = 1 << (d - 1);
        self.layout.peers[cell]
            .iter()
            .filter(|&&p| self.cand[p as usize] & bit != 0)
            .map(|&p| (p as usize, d))
            .collect()
    }

    /// The next step, applied, with its technique; `None` when no technique finds one.
    pub fn next_step(&mut self, budget: &Budget) -> Result<Option<(Technique, Step)>, GaveUp> {
        if self.broken() {
            return Ok(None);
        }
        let found = self
            .naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.combination())
            .or_else(|| self.cage_pointing())
            .or_else(|| self.rule_of_45())
            .or_else(|| self.naked_pair())
            .or_else(|| self.pointing())
            .or_else(|| self.hidden_pair());
        let found = match found {
            Some(found) => Some(found),
            None if self.contradiction => None,
            None => self.trial(budget)?,
        };
        if let Some((_, step)) = &found {
            let (placed, removed) = (step.placed.clone(), step.removed.clone());
            self.apply(&placed, &removed);
        }
        Ok(found)
    }

    fn naked_single(&self) -> Option<(Technique, Step)> {
        let cell = (0..self.cand.len()).find(|&c| !self.placed[c] && self.cand[c].count_ones() == 1)?;
        let d = self.cand[cell].trailing_zeros() + 1;
        let why = format!("{} can only be {d}", cell_name(cell, self.n));
        Some(step(NAKED_SINGLE, why, vec![(cell, d)], self.place_removals(cell, d), vec![cell]))
    }

    fn hidden_single(&self) -> Option<(Technique, Step)> {
        for (h, house) in self.layout.houses.iter().enumerate() {
            for d in 0..self.n {
                let bit = 1u32 << d;
                let mut holders = house.iter().filter(|&&c| self.cand[c as usize] & bit != 0);
                let (Some(&cell), None) = (holders.next(), holders.next()) else { continue };
                let cell = cell as usize;
                if self.placed[cell] {
                    continue;
                }
                let d = d as u32 + 1;
                let why =
                    format!("in {}, {d} can only go in {}", self.house_name(h), cell_name(cell, self.n));
                let cells = house.iter().map(|&c| c as usize).collect();
                return Some(step(HIDDEN_SINGLE, why, vec![(cell, d)], self.place_removals(cell, d), cells));
            }
        }
        None
    }

    /// Candidates of `cells` outside every digit set that makes `sum`.
    fn narrowing(&mut self, cells: &[u16], sum: u32) -> Option<(u32, Vec<(usize, u32)>)> {
        let Some(narrowed) = narrow(cells, &self.cand, sum) else {
            self.contradiction = true;
            return None;
        };
        let removed: Vec<(usize, u32)> = cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !self.placed[c] && self.cand[c].count_ones() > 1)
            .flat_map(|c| Ones(self.cand[c] & !narrowed.union).map(move |i| (c, i as u32 + 1)))
            .collect();
        (!removed.is_empty()).then_some((narrowed.union, removed))
    }

    fn sets(&self, cells: &[u16], sum: u32) -> String {
        let (mut placed, mut placed_sum, mut free, mut avail) = (0u32, 0u32, 0, 0u32);
        for &c in cells {
            let m = self.cand[c as usize];
            if m.count_ones() == 1 {
                placed |= m;
                placed_sum += m.trailing_zeros() + 1;
            } else {
                free += 1;
                avail |= m;
            }
        }
        let mut found = Vec::new();
        each(avail & !placed, free, sum.saturating_sub(placed_sum), 4096, &mut |set| found.push(digits(set)));
        if found.len() > 6 {
            return format!("{} sets", found.len());
        }
        found.join(" or ")
    }

    fn combination(&mut self) -> Option<(Technique, Step)> {
        for k in 0..self.cages.len() {
            let (cells, sum) = self.cages[k].clone();
            if let Some((union, removed)) = self.narrowing(&cells, sum) {
                let why = format!(
                    "the cage {} (sum {sum}) can only be made with {}: its open cells keep {}",
                    names(&cells, self.n),
                    self.sets(&cells, sum),
                    digits(union)
                );
                return Some(removal(COMBINATION, why, removed, &cells));
            }
            if self.contradiction {
                return None;
            }
        }
        None
    }

    fn cage_pointing(&mut self) -> Option<(Technique, Step)> {
        for k in 0..self.cages.len() {
            let (cells, sum) = self.cages[k].clone();
            let narrowed = narrow(&cells, &self.cand, sum)?;
            for d in Ones(narrowed.required) {
                let bit = 1u32 << d;
                let d = d as u32 + 1;
                let holders: Vec<u16> =
                    cells.iter().copied().filter(|&c| self.cand[c as usize] & bit != 0).collect();
                let cage = names(&cells, self.n);
                if let [only] = holders[..] {
                    let only = only as usize;
                    if !self.placed[only] {
                        let why = format!(
                            "every way to make {sum} in the cage {cage} uses {d}, and only {} can hold it",
                            cell_name(only, self.n)
                        );
                        return Some(step(
                            CAGE_POINTING,
                            why,
                            vec![(only, d)],
                            self.place_removals(only, d),
                            cells.iter().map(|&c| c as usize).collect(),
                        ));
                    }
                    continue;
                }
                for &x in &self.layout.house_of[holders[0] as usize] {
                    if !holders.iter().all(|&c| self.layout.house_of[c as usize].contains(&x)) {
                        continue;
                    }
                    let removed: Vec<(usize, u32)> = self.layout.houses[x as usize]
                        .iter()
                        .filter(|&&c| !cells.contains(&c) && self.cand[c as usize] & bit != 0)
                        .map(|&c| (c as usize, d))
                        .collect();
                    if !removed.is_empty() {
                        let why = format!(
                            "every way to make {sum} in the cage {cage} uses {d}, which must be in {} (all in {}): no other cell of {} is {d}",
                            names(&holders, self.n),
                            self.house_name(x as usize),
                            self.house_name(x as usize)
                        );
                        return Some(removal(CAGE_POINTING, why, removed, &cells));
                    }
                }
            }
        }
        None
    }

    fn rule_of_45(&mut self) -> Option<(Technique, Step)> {
        for k in 0..self.derived.len() {
            let (cells, sum, (house, innies)) = self.derived[k].clone();
            if let Some((union, removed)) = self.narrowing(&cells, sum) {
                let total = self.n * (self.n + 1) / 2;
                let why = format!(
                    "rule of {total} on {}: its {} {} add up to {sum}, so they keep {}",
                    self.house_name(house),
                    if innies { "innies" } else { "outies" },
                    names(&cells, self.n),
                    digits(union)
                );
                return Some(removal(RULE_OF_45, why, removed, &cells));
            }
            if self.contradiction {
                return None;
            }
        }
        None
    }

    fn naked_pair(&self) -> Option<(Technique, Step)> {
        for (h, house) in self.layout.houses.iter().enumerate() {
            for (i, &a) in house.iter().enumerate() {
                let m = self.cand[a as usize];
                if m.count_ones() != 2 {
                    continue;
                }
                let Some(&b) = house[i + 1..].iter().find(|&&b| self.cand[b as usize] == m) else { continue };
                let removed: Vec<(usize, u32)> = house
                    .iter()
                    .filter(|&&c| c != a && c != b)
                    .flat_map(|&c| Ones(self.cand[c as usize] & m).map(move |d| (c as usize, d as u32 + 1)))
                    .collect();
                if !removed.is_empty() {
                    let why = format!(
                        "in {}, {} and {} hold {} between them",
                        self.house_name(h),
                        cell_name(a as usize, self.n),
                        cell_name(b as usize, self.n),
                        digits(m)
                    );
                    return Some(step(NAKED_PAIR, why, vec![], removed, vec![a as usize, b as usize]));
                }
            }
        }
        None
    }

    fn pointing(&self) -> Option<(Technique, Step)> {
        for (h, house) in self.layout.houses.iter().enumerate() {
            for d in 0..self.n {
                let bit = 1u32 << d;
                let holders: Vec<u16> =
                    house.iter().copied().filter(|&c| self.cand[c as usize] & bit != 0).collect();
                if holders.len() < 2 {
                    continue;
                }
                for &x in &self.layout.house_of[holders[0] as usize] {
                    if x as usize == h
                        || !holders.iter().all(|&c| self.layout.house_of[c as usize].contains(&x))
                    {
                        continue;
                    }
                    let removed: Vec<(usize, u32)> = self.layout.houses[x as usize]
                        .iter()
                        .filter(|&&c| !holders.contains(&c) && self.cand[c as usize] & bit != 0)
                        .map(|&c| (c as usize, d as u32 + 1))
                        .collect();
                    if !removed.is_empty() {
                        let why = format!(
                            "in {}, {} can only go in {}, all in {}: no other cell of it is {}",
                            self.house_name(h),
                            d + 1,
                            names(&holders, self.n),
                            self.house_name(x as usize),
                            d + 1
                        );
                        return Some(step(
                            POINTING,
                            why,
                            vec![],
                            removed,
                            holders.iter().map(|&c| c as usize).collect(),
                        ));
                    }
                }
            }
        }
        None
    }

    fn hidden_pair(&self) -> Option<(Technique, Step)> {
        for (h, house) in self.layout.houses.iter().enumerate() {
            let places: Vec<Vec<u16>> = (0..self.n)
                .map(|d| house.iter().copied().filter(|&c| self.cand[c as usize] & 1 << d != 0).collect())
                .collect();
            for d1 in 0..self.n {
                if places[d1].len() != 2 {
                    continue;
                }
                for d2 in d1 + 1..self.n {
                    if places[d2] != places[d1] {
                        continue;
                    }
                    let pair = (1u32 << d1) | (1 << d2);
                    let removed: Vec<(usize, u32)> = places[d1]
                        .iter()
                        .flat_map(|&c| {
                            Ones(self.cand[c as usize] & !pair).map(move |d| (c as usize, d as u32 + 1))
                        })
                        .collect();
                    if !removed.is_empty() {
                        let why = format!(
                            "in {}, {} and {} can only go in {}",
                            self.house_name(h),
                            d1 + 1,
                            d2 + 1,
                            names(&places[d1], self.n)
                        );
                        return Some(step(
                            HIDDEN_PAIR,
                            why,
                            vec![],
                            removed,
                            places[d1].iter().map(|&c| c as usize).collect(),
                        ));
                    }
                }
            }
        }
        None
    }

    /// A candidate whose placement propagates to a contradiction is removed.
    fn trial(&mut self, budget: &Budget) -> Result<Option<(Technique, Step)>, GaveUp> {
        for width in 2..=self.n as u32 {
            for cell in (0..self.cand.len()).filter(|&c| self.cand[c].count_ones() == width) {
                for d in Ones(self.cand[cell]) {
                    if let Some(reason) = budget.check_clock() {
                        return Err(reason);
                    }
                    match &mut self.probes {
                        Some(0) => return Ok(None),
                        Some(left) => *left -= 1,
                        None => {}
                    }
                    let mut state = self.layout.state(self.cand.clone());
                    state.cand[cell] = 1 << d;
                    if !self.layout.propagate(&mut state) {
                        let d = d as u32 + 1;
                        let why = format!("if {} were {d}, the singles and cage combinations would leave a cell, house or cage without a way", cell_name(cell, self.n));
                        return Ok(Some(step(TRIAL, why, vec![], vec![(cell, d)], vec![cell])));
                    }
                }
            }
        }
        Ok(None)
    }
}
