//! The rater and the hints: the techniques Kakuro players name, easiest first, each step
//! explained in words with the cells named r1c1-style.
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | easy | no repeat | a digit placed in a run is no candidate of the run's other cells |
//! | easy | unique sum | a clue whose length has one combination of digits (16 in two: 7 and 9): the run's cells hold only those |
//! | easy | sum combinations | a digit in no combination of the clue's length and sum (no 1 in 3 cells making 23) is no candidate of the run |
//! | easy | last cell | every cell of a run but one is placed: the last is the clue less the others |
//! | medium | required digit | a digit every combination still open to the run holds, that only one of its cells can take, is that cell's |
//! | medium | run combinations | a candidate that no filling of the run with its cells' candidates uses there (the combinations and their placements, crossing runs' candidates included) |
//! | hard | contradiction | a candidate that, placed, leaves some run no filling after the run combinations |
//! | expert | trial and more | the techniques above stop before the grid is full |
//!
//! The rater takes the first technique that makes progress, in that order, and applies what it
//! says about one run (or one cell, for a contradiction) as a step; the level is the hardest
//! technique used, or expert when they stop short. Weights for the score: 1, 3, 8 and 20 a
//! step. A technique that found nothing in a run is not asked about it again until a cell of the
//! run changes. The budget's clock is read before each step and between the trials of a
//! contradiction.

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::kakuro::model::name;
use crate::kakuro::solve::{combinations, digit_sum, digits, Layout, Mask, ALL};
use crate::kakuro::Kakuro;

crate::common::family_levels! {
    /// A level, easiest first.
    #[non_exhaustive]
    easy: "No repeats, unique sums, the combinations of each clue, the last cell of a run.",
    medium: "Required digits and run combinations: what every filling of a run agrees on.",
    hard: "Contradiction: a candidate that leaves some run no filling.",
    expert: "Trial, or more than these techniques.",
}

impl Difficulty {
    fn weight(self) -> u32 {
        match self {
            Difficulty::Easy => 1,
            Difficulty::Medium => 3,
            Difficulty::Hard => 8,
            Difficulty::Expert => 20,
        }
    }
}

/// What the rater found.
pub type KakuroRating = Rating<Difficulty>;

/// The rating of a board from the start.
pub fn rate(board: &Kakuro, budget: &Budget) -> Result<KakuroRating, GaveUp> {
    rate_from(board, &[], budget)
}

/// The first step from the start, `None` when the techniques find none.
pub fn hint(board: &Kakuro) -> Option<Step> {
    let mut logic = Logic::new(board, &[]);
    logic.step(&Budget::unlimited()).ok().flatten().map(|(_, step)| step)
}

/// The rating from a partly played board: `values` (row by row; a digit, `None`, `Some(0)` or
/// past the end unknown) taken as known first when they leave every run a filling (else the
/// board's own start: a hint never builds on a mistake), then the steps.
pub(crate) fn rate_from(
    board: &Kakuro,
    values: &[Option<u32>],
    budget: &Budget,
) -> Result<KakuroRating, GaveUp> {
    rate_up_to(board, values, budget, None)
}

/// The rating, stopped at the first step harder than `most` (then `solved` is false and the
/// level is that step's: a lower bound, enough for a generator to throw the puzzle away).
pub(crate) fn rate_up_to(
    board: &Kakuro,
    values: &[Option<u32>],
    budget: &Budget,
    most: Option<Difficulty>,
) -> Result<KakuroRating, GaveUp> {
    let mut logic = Logic::new(board, values);
    let mut rating = Rating::start(Difficulty::Easy);
    loop {
        if logic.domains.iter().all(|d| d.count_ones() == 1) && !logic.broken {
            rating.solved = true;
            return Ok(rating);
        }
        match logic.step(budget)? {
            Some((level, _)) if most.is_some_and(|most| level > most) => {
                rating.level = level;
                return Ok(rating);
            }
            Some((level, step)) => {
                rating.level = rating.level.max(level);
                rating.score += level.weight();
                if rating.hardest.is_none_or(|_| level >= rating.level) {
                    rating.hardest = Some(step.technique);
                }
                rating.steps.push(step);
            }
            None => {
                rating.contradiction = logic.broken;
                rating.level = Difficulty::Expert;
                rating.score += Difficulty::Expert.weight();
                return Ok(rating);
            }
        }
    }
}

/// The white cells (grid indices) that the techniques up to `most` leave open, applied from
/// the start until they find no more: what a generator changes to bring a puzzle to that level.
pub(crate) fn open_up_to(board: &Kakuro, budget: &Budget, most: Difficulty) -> Result<Vec<usize>, GaveUp> {
    let mut logic = Logic::new(board, &[]);
    loop {
        let before = logic.domains.clone();
        match logic.step(budget)? {
            Some((level, _)) if level <= most && !logic.broken => {}
            _ => {
                let open = (0..before.len()).filter(|&k| before[k].count_ones() > 1);
                return Ok(open.map(|k| logic.layout.whites[k]).collect());
            }
        }
    }
}

/// The techniques of one run, in order; a contradiction is a cell's.
const RUN_TECHNIQUES: usize = 6;

/// The logic solver's view of a board.
struct Logic<'b> {
    board: &'b Kakuro,
    layout: Layout,
    domains: Vec<Mask>,
    /// `quiet[t][run]`: technique `t` found nothing in the run since its cells last changed.
    quiet: Vec<Vec<bool>>,
    /// A run was left without a filling (the board has no solution).
    broken: bool,
}

impl<'b> Logic<'b> {
    fn new(board: &'b Kakuro, values: &[Option<u32>]) -> Self {
        let layout = Layout::new(board);
        let n = layout.whites.len();
        let mut logic = Logic {
            board,
            domains: vec![ALL; n],
            quiet: vec![vec![false; layout.runs.len()]; RUN_TECHNIQUES],
            layout,
            broken: false,
        };
        let mut placed = logic.domains.clone();
        let mut any = false;
        for (k, &cell) in logic.layout.whites.iter().enumerate() {
            if let Some(Some(v @ 1..=9)) = values.get(cell) {
                placed[k] = 1 << (v - 1);
                any = true;
            }
        }
        if any {
            let mut check = placed.clone();
            if logic.layout.propagate(&mut check, logic.layout.all()).is_ok() {
                logic.domains = placed;
            }
        }
        logic
    }

    fn cell(&self, k: usize) -> String {
        name(self.layout.whites[k], self.board.width())
    }

    fn run_words(&self, run: usize) -> String {
        self.board.run_name(run)
    }

    /// Narrows the cells of `run` to `narrowed` (one mask a cell) as a step of `technique`.
    fn apply(
        &mut self,
        run: Option<usize>,
        cells: &[u32],
        narrowed: &[Mask],
        technique: &'static str,
        why: String,
    ) -> Step {
        let mut step = Step {
            technique,
            explanation: why,
            placed: Vec::new(),
            removed: Vec::new(),
            cells: match run {
                Some(run) => self.layout.runs[run].iter().map(|&k| self.layout.whites[k as usize]).collect(),
                None => cells.iter().map(|&k| self.layout.whites[k as usize]).collect(),
            },
        };
        for (&k, &mask) in cells.iter().zip(narrowed) {
            let k = k as usize;
            let before = self.domains[k];
            if mask == before {
                continue;
            }
            let grid = self.layout.whites[k];
            for d in digits(before & !mask) {
                step.removed.push((grid, d));
            }
            if mask.count_ones() == 1 {
                step.placed.push((grid, mask.trailing_zeros() + 1));
            }
            if mask == 0 {
                self.broken = true;
            }
            self.domains[k] = mask;
            for &r in &self.layout.through[k] {
                for quiet in &mut self.quiet {
                    quiet[r as usize] = false;
                }
            }
        }
        step
    }

    /// The next step, easiest technique first; `None` when none makes progress.
    fn step(&mut self, budget: &Budget) -> Result<Option<(Difficulty, Step)>, GaveUp> {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if self.broken {
            return Ok(None);
        }
        for technique in 0..RUN_TECHNIQUES {
            for run in 0..self.layout.runs.len() {
                if self.quiet[technique][run] {
                    continue;
                }
                if let Some(found) = self.try_run(technique, run) {
                    return Ok(Some(found));
                }
                self.quiet[technique][run] = true;
            }
        }
        self.contradiction(budget)
    }

    /// Technique `technique` in run `run`: the step it gives, if any.
    fn try_run(&mut self, technique: usize, run: usize) -> Option<(Difficulty, Step)> {
        let cells = self.layout.runs[run].clone();
        let sum = self.board.runs()[run].sum;
        let now: Vec<Mask> = cells.iter().map(|&k| self.domains[k as usize]).collect();
        let changed = |narrowed: &[Mask]| narrowed != now.as_slice();
        let placed_words = |logic: &Self| -> Vec<String> {
            cells
                .iter()
                .filter(|&&k| logic.domains[k as usize].count_ones() == 1)
                .map(|&k| {
                    format!(
                        "{} is {}",
                        logic.cell(k as usize),
                        logic.domains[k as usize].trailing_zeros() + 1
                    )
                })
                .collect()
        };
        match technique {
            // No repeat: the placed digits leave the run's other cells.
            0 => {
                let mut narrowed = now.clone();
                let mut said = Vec::new();
                for (i, &m) in now.iter().enumerate() {
                    if m.count_ones() == 1 {
                        for (j, other) in narrowed.iter_mut().enumerate() {
                            if j != i && *other & m != 0 {
                                *other &= !m;
                                said.push(i);
                            }
                        }
                    }
                }
                if !changed(&narrowed) {
                    return None;
                }
                said.sort_unstable();
                said.dedup();
                let which: Vec<String> = said
                    .iter()
                    .map(|&i| format!("{} is {}", self.cell(cells[i] as usize), now[i].trailing_zeros() + 1))
                    .collect();
                let why = format!(
                    "In {}, {}: a digit appears once in a run, so the other cells cannot hold it.",
                    self.run_words(run),
                    which.join(" and ")
                );
                Some((Difficulty::Easy, self.apply(Some(run), &cells, &narrowed, "no repeat", why)))
            }
            // Unique sum: one combination for the clue and length.
            1 => {
                let sum = sum?;
                let mut combos = combinations(cells.len(), Some(sum));
                let only = combos.next()?;
                if combos.next().is_some() {
                    return None;
                }
                let narrowed: Vec<Mask> = now.iter().map(|&m| m & only).collect();
                if !changed(&narrowed) {
                    return None;
                }
                let words: Vec<String> = digits(only).map(|d| d.to_string()).collect();
                let why = format!(
                    "{} cells add up to {sum} only as {}: {}'s cells hold those digits and no others.",
                    cells.len(),
                    words.join(" + "),
                    self.run_words(run)
                );
                Some((Difficulty::Easy, self.apply(Some(run), &cells, &narrowed, "unique sum", why)))
            }
            // Sum combinations: digits of no combination that keeps the placed digits.
            2 => {
                let fixed: Mask = now.iter().filter(|m| m.count_ones() == 1).fold(0, |a, &m| a | m);
                let union: Mask =
                    combinations(cells.len(), sum).filter(|&c| c & fixed == fixed).fold(0, |a, c| a | c);
                let narrowed: Vec<Mask> =
                    now.iter().map(|&m| if m.count_ones() == 1 { m } else { m & union }).collect();
                if !changed(&narrowed) {
                    return None;
                }
                let out: Vec<String> = digits(ALL & !union).map(|d| d.to_string()).collect();
                let placed = placed_words(self);
                let given =
                    if placed.is_empty() { String::new() } else { format!(" with {}", placed.join(", ")) };
                let clue = match sum {
                    Some(s) => format!("add up to {s}"),
                    None => "differ".to_owned(),
                };
                let why = format!(
                    "No combination of {} distinct digits that {clue}{given} holds {}: they leave {}.",
                    cells.len(),
                    out.join(", "),
                    self.run_words(run)
                );
                Some((Difficulty::Easy, self.apply(Some(run), &cells, &narrowed, "sum combinations", why)))
            }
            // Last cell: one open cell, the rest placed.
            3 => {
                let sum = sum?;
                let open: Vec<usize> = (0..cells.len()).filter(|&i| now[i].count_ones() != 1).collect();
                let [last] = open[..] else { return None };
                let rest: u32 = (0..cells.len()).filter(|&i| i != last).map(|i| digit_sum(now[i])).sum();
                let digit = sum.checked_sub(rest).filter(|d| (1..=9).contains(d))?;
                let bit = 1 << (digit - 1);
                let mut narrowed = now.clone();
                narrowed[last] = now[last] & bit;
                let why = format!(
                    "Every cell of {} but {} is placed and they add up to {rest}: {} is {sum} - {rest} = {digit}.",
                    self.run_words(run),
                    self.cell(cells[last] as usize),
                    self.cell(cells[last] as usize)
                );
                Some((Difficulty::Easy, self.apply(Some(run), &cells, &narrowed, "last cell", why)))
            }
            // Required digit: in every open combination, one place in the run.
            4 => {
                let open: Vec<Mask> = combinations(cells.len(), sum)
                    .filter(|&c| {
                        let masked: Vec<Mask> = now.iter().map(|&m| m & c).collect();
                        self.layout.supported_cells(run, &masked).is_some()
                    })
                    .collect();
                let required = open.iter().fold(ALL, |a, &c| a & c);
                for d in digits(required) {
                    let bit = 1 << (d - 1);
                    let places: Vec<usize> = (0..cells.len()).filter(|&i| now[i] & bit != 0).collect();
                    if let [only] = places[..] {
                        if now[only] != bit {
                            let mut narrowed = now.clone();
                            narrowed[only] = bit;
                            let why = format!(
                                "Every combination still open to {} holds {d}, and of its cells only {} can take it.",
                                self.run_words(run),
                                self.cell(cells[only] as usize)
                            );
                            return Some((
                                Difficulty::Medium,
                                self.apply(Some(run), &cells, &narrowed, "required digit", why),
                            ));
                        }
                    }
                }
                None
            }
            // Run combinations: the run's exact look.
            _ => {
                let narrowed = match self.layout.supported(run, &self.domains) {
                    Some(s) => s,
                    None => vec![0; cells.len()],
                };
                if !changed(&narrowed) {
                    return None;
                }
                let removed: Vec<String> = (0..cells.len())
                    .filter(|&i| narrowed[i] != now[i])
                    .map(|i| {
                        let out: Vec<String> = digits(now[i] & !narrowed[i]).map(|d| d.to_string()).collect();
                        format!("{} from {}", out.join(", "), self.cell(cells[i] as usize))
                    })
                    .collect();
                let clue = match sum {
                    Some(s) => format!("add up to {s}"),
                    None => "differ".to_owned(),
                };
                let why = format!(
                    "The digits of {} differ and {clue}; with the candidates its cells have (the crossing runs' too), no filling uses {}.",
                    self.run_words(run),
                    removed.join("; ")
                );
                Some((Difficulty::Medium, self.apply(Some(run), &cells, &narrowed, "run combinations", why)))
            }
        }
    }

    /// A candidate whose placement leaves some run without a filling: it goes.
    fn contradiction(&mut self, budget: &Budget) -> Result<Option<(Difficulty, Step)>, GaveUp> {
        let mut order: Vec<usize> =
            (0..self.domains.len()).filter(|&k| self.domains[k].count_ones() > 1).collect();
        order.sort_by_key(|&k| self.domains[k].count_ones());
        for k in order {
            for d in digits(self.domains[k]) {
                if let Some(reason) = budget.check_clock() {
                    return Err(reason);
                }
                let bit = 1 << (d - 1);
                let mut trial = self.domains.clone();
                trial[k] = bit;
                if let Err(crate::kakuro::solve::Dead::Run(run)) =
                    self.layout.propagate(&mut trial, self.layout.through[k].clone())
                {
                    let narrowed = [self.domains[k] & !bit];
                    let why = format!(
                        "If {} were {d}, the run combinations would leave {} no filling: it is not {d}.",
                        self.cell(k),
                        self.run_words(run)
                    );
                    let step = self.apply(None, &[k as u32], &narrowed, "contradiction", why);
                    return Ok(Some((Difficulty::Hard, step)));
                }
            }
        }
        Ok(None)
    }
}
