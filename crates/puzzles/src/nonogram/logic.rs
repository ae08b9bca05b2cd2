//! The rater and the hints: the techniques nonogram players name, easiest first, each step
//! explained in words with the cells named r1c1-style.
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | easy | the overlap ("simple boxes" and "simple spaces") | a cell covered by a run wherever the run can go (its first and last place overlap) is shaded; a cell no run can reach is empty |
//! | medium | line solving | every placement of a line's runs that agrees with its known cells shades a cell, or leaves it empty (edge logic, joining and splitting runs, a run pinned by a known cell: all of them are this one exact look at a line) |
//! | hard | contradiction | a cell shaded (or left empty) leaves, after line solving, some line no placement at all: it is the other way |
//! | expert | trial and more | the techniques above stop before the grid is full |
//!
//! The rater takes the first technique that makes progress, in that order, and applies all it
//! says about one line (or one cell, for a contradiction) as a step; the level is the hardest
//! technique used, or expert when they stop short. Weights for the score: 1, 3, 8 and 20 a step.
//! The budget's clock is read before each step and between the trials of a contradiction.

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::nonogram::line::{LineSolver, EMPTY, SHADED, UNKNOWN};
use crate::nonogram::model::{name, runs_text};
use crate::nonogram::solve::{Dead, Layout, Work};
use crate::nonogram::Nonogram;

crate::common::family_levels! {
    /// A level, easiest first.
    #[non_exhaustive]
    easy: "The overlap of each run's first and last place, and cells no run reaches.",
    medium: "Line solving: what every placement of a line's runs agrees on.",
    hard: "Contradiction: a cell whose one value leaves some line no placement.",
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
pub type NonogramRating = Rating<Difficulty>;

/// The rating of a board from the start.
pub fn rate(board: &Nonogram, budget: &Budget) -> Result<NonogramRating, GaveUp> {
    rate_from(board, &[], budget)
}

/// The first step from the start, `None` when the techniques find none.
pub fn hint(board: &Nonogram) -> Option<Step> {
    let mut logic = Logic::new(board, &[]);
    logic.step(&Budget::unlimited()).ok().flatten().map(|(_, step)| step)
}

/// The rating from a partly played board: `values` (row by row; `Some(1)` shaded, `Some(0)`
/// empty, `None` or past the end unknown) taken as known first, when they leave every line a
/// placement (else the board's own start: a hint never builds on a mistake), then the steps.
pub(crate) fn rate_from(
    board: &Nonogram,
    values: &[Option<u32>],
    budget: &Budget,
) -> Result<NonogramRating, GaveUp> {
    rate_up_to(board, values, budget, None)
}

/// The rating, stopped at the first step harder than `most` (then `solved` is false and the
/// level is that step's: a lower bound, enough for a generator to throw the puzzle away).
pub(crate) fn rate_up_to(
    board: &Nonogram,
    values: &[Option<u32>],
    budget: &Budget,
    most: Option<Difficulty>,
) -> Result<NonogramRating, GaveUp> {
    let mut logic = Logic::new(board, values);
    let mut rating = Rating::start(Difficulty::Easy);
    loop {
        if logic.state.iter().all(|&v| v != UNKNOWN) {
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
            None if most.is_some_and(|most| most < Difficulty::Expert) && !logic.broken => {
                rating.level = Difficulty::Expert;
                return Ok(rating);
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

/// The logic solver's view of a board.
struct Logic<'b> {
    board: &'b Nonogram,
    layout: Layout,
    state: Vec<u8>,
    solver: LineSolver,
    work: Work,
    broken: bool,
    /// Lines solved since their cells last changed that gave nothing: skipped until one of
    /// their cells changes (a step looks at every line, and most give nothing most steps).
    settled: Vec<bool>,
}

impl<'b> Logic<'b> {
    fn new(board: &'b Nonogram, values: &[Option<u32>]) -> Self {
        let layout = Layout::new(board);
        let n = board.width() * board.height();
        let state: Vec<u8> = (0..n)
            .map(|i| match values.get(i).copied().flatten() {
                Some(1) => SHADED,
                Some(0) => EMPTY,
                _ => UNKNOWN,
            })
            .collect();
        let mut logic = Logic {
            board,
            layout,
            state: vec![UNKNOWN; n],
            solver: LineSolver::default(),
            work: Work::default(),
            broken: false,
            settled: Vec::new(),
        };
        if state.iter().any(|&v| v != UNKNOWN) {
            let mut out = Vec::new();
            let consistent = logic.layout.lines.iter().all(|(cells, runs)| {
                let known: Vec<u8> = cells.iter().map(|&c| state[c]).collect();
                logic.solver.solve(runs, &known, &mut out)
            });
            if consistent {
                logic.state = state;
            }
        }
        logic
    }

    /// A line's clue in words: "row 3 (3 1)".
    fn line_words(&self, line: usize) -> String {
        format!("{} (clue {})", self.board.line_name(line), runs_text(&self.layout.lines[line].1))
    }

    /// Why the overlap decides what it does on `line` (after [`LineSolver::solve`] on it): each
    /// run that covers unknown cells wherever it goes, with its earliest and latest place, and
    /// the cells no run reaches.
    /// Past [`RUNS_SAID`] runs, the others are counted: a hint is a line or two on a phone.
    fn overlap_words(&self, line: usize, known: &[u8]) -> String {
        let (cells, runs) = &self.layout.lines[line];
        // Every run with one place: the line is settled, and naming each run's place would say
        // the move twice (a 15-cell line of seven runs took 339 characters).
        if runs.len() > 1 && (0..runs.len()).all(|j| self.solver.first[j] == self.solver.last[j]) {
            return format!(
                "{}: each run has one place left; the cells between them are empty",
                self.line_words(line)
            );
        }
        let at = |k: usize| name(cells[k], self.board.width());
        let mut said = Vec::new();
        let mut more = 0;
        let mut reached = vec![false; cells.len()];
        for (j, &len) in runs.iter().enumerate() {
            let (first, last, len) = (self.solver.first[j], self.solver.last[j], len as usize);
            reached[first..last + len].iter_mut().for_each(|r| *r = true);
            if last < first + len && (last..first + len).any(|k| known[k] == UNKNOWN) {
                let covered = self.names(&cells[last..first + len]);
                let place = if first == last {
                    format!("has one place left, {covered}")
                } else {
                    format!("starts between {} and {}, so it always covers {covered}", at(first), at(last))
                };
                let run = if runs.len() == 1 {
                    format!("its run of {len}")
                } else {
                    format!("its {} run ({len})", ordinal(j + 1))
                };
                if said.len() < RUNS_SAID {
                    said.push(format!("{run} {place}"));
                } else {
                    more += 1;
                }
            }
        }
        if more > 0 {
            said.push(format!("{more} more run{} likewise", if more > 1 { "s" } else { "" }));
        }
        let unreached: Vec<usize> =
            (0..cells.len()).filter(|&k| !reached[k] && known[k] == UNKNOWN).map(|k| cells[k]).collect();
        if !unreached.is_empty() {
            said.push(format!("no run can reach {}", self.names(&unreached)));
        }
        format!("{}: {}", self.line_words(line), said.join("; "))
    }

    /// Cells by name, each stretch of neighbours along a row or column as one range:
    /// "r7c2-r7c6, r7c9, r7c12-r7c13".
    fn names(&self, cells: &[usize]) -> String {
        let w = self.board.width();
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        // Along a row when the cells share one, else along a column (a line's cells do either).
        let step = if sorted.windows(2).all(|p| p[0] / w == p[1] / w) { 1 } else { w };
        let mut said: Vec<String> = Vec::new();
        let mut k = 0;
        while k < sorted.len() {
            let mut end = k;
            while end + 1 < sorted.len() && sorted[end + 1] == sorted[end] + step {
                end += 1;
            }
            said.push(if end == k {
                name(sorted[k], w)
            } else {
                format!("{}-{}", name(sorted[k], w), name(sorted[end], w))
            });
            k = end + 1;
        }
        said.join(", ")
    }

    /// The step that decides `decided` (cell, value), with its words.
    /// (`because` of the overlap names the cells it decides already: they are not said again.)
    fn step_of(
        &self,
        technique: &'static str,
        because: String,
        decided: &[(usize, u8)],
        cells: Vec<usize>,
    ) -> Step {
        let shaded: Vec<usize> = decided.iter().filter(|d| d.1 == SHADED).map(|d| d.0).collect();
        let empty: Vec<usize> = decided.iter().filter(|d| d.1 == EMPTY).map(|d| d.0).collect();
        let mut said = Vec::new();
        if !shaded.is_empty() {
            said.push(format!("{} shaded", self.names(&shaded)));
        }
        if !empty.is_empty() {
            said.push(format!("{} empty", self.names(&empty)));
        }
        let explanation = if technique == "overlap" {
            format!("{because}.")
        } else {
            format!("{because}: {}.", said.join("; "))
        };
        Step {
            technique,
            explanation,
            placed: shaded.iter().map(|&c| (c, 1)).collect(),
            removed: empty.iter().map(|&c| (c, 1)).collect(),
            cells,
        }
    }

    /// The next step and its level, applied; `None` when no technique makes progress (or the
    /// board has no solution from here: then `broken`).
    fn step(&mut self, budget: &Budget) -> Result<Option<(Difficulty, Step)>, GaveUp> {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        if self.work.clock.is_none() {
            self.work = Work::with_clock(budget);
        }
        let mut exact: Option<(usize, Vec<(usize, u8)>)> = None;
        let mut out = Vec::new();
        self.settled.resize(self.layout.lines.len(), false);
        for line in self.layout.all() {
            if self.settled[line] {
                continue;
            }
            let (cells, runs) = &self.layout.lines[line];
            let known: Vec<u8> = cells.iter().map(|&c| self.state[c]).collect();
            if !known.contains(&UNKNOWN) {
                self.settled[line] = true;
                continue;
            }
            if !self.solver.solve(runs, &known, &mut out) {
                self.broken = true;
                return Ok(None);
            }
            let overlap: Vec<(usize, u8)> = self
                .solver
                .overlap(runs, cells.len())
                .into_iter()
                .filter(|&(k, _)| known[k] == UNKNOWN)
                .map(|(k, v)| (cells[k], v))
                .collect();
            if !overlap.is_empty() {
                let mut decided = overlap;
                decided.sort_unstable();
                decided.dedup();
                let because = self.overlap_words(line, &known);
                let step = self.step_of("overlap", because, &decided, cells.clone());
                self.apply(&decided);
                return Ok(Some((Difficulty::Easy, step)));
            }
            if exact.is_none() {
                let decided: Vec<(usize, u8)> = (0..cells.len())
                    .filter(|&k| known[k] == UNKNOWN && out[k] != UNKNOWN)
                    .map(|k| (cells[k], out[k]))
                    .collect();
                if decided.is_empty() {
                    self.settled[line] = true;
                } else {
                    exact = Some((line, decided));
                }
            } else if (0..cells.len()).all(|k| known[k] != UNKNOWN || out[k] == UNKNOWN) {
                self.settled[line] = true;
            }
        }
        if let Some((line, decided)) = exact {
            let because = format!(
                "{}: its runs fit the cells known in several ways, and every one of them gives these cells the same value",
                self.line_words(line)
            );
            let step = self.step_of("line solving", because, &decided, self.layout.lines[line].0.clone());
            self.apply(&decided);
            return Ok(Some((Difficulty::Medium, step)));
        }
        for cell in 0..self.state.len() {
            if self.state[cell] != UNKNOWN {
                continue;
            }
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            for (value, other, word) in [(SHADED, EMPTY, "shaded"), (EMPTY, SHADED, "empty")] {
                let mut trial = self.state.clone();
                trial[cell] = value;
                let tried =
                    self.layout.propagate(&mut trial, self.layout.through[cell], &mut self.work, None);
                if let Err(Dead::GaveUp(reason)) = tried {
                    return Err(reason);
                }
                if let Err(Dead::Line(line)) = tried {
                    let because = format!(
                        "if {} were {word}, line solving would leave {} no way to hold its runs",
                        name(cell, self.board.width()),
                        self.line_words(line)
                    );
                    let mut cells = vec![cell];
                    cells.extend(self.layout.lines[line].0.iter().copied().filter(|&c| c != cell));
                    let step = self.step_of("contradiction", because, &[(cell, other)], cells);
                    self.apply(&[(cell, other)]);
                    return Ok(Some((Difficulty::Hard, step)));
                }
            }
        }
        Ok(None)
    }

    fn apply(&mut self, decided: &[(usize, u8)]) {
        for &(cell, value) in decided {
            self.state[cell] = value;
            for line in self.layout.through[cell] {
                if let Some(settled) = self.settled.get_mut(line) {
                    *settled = false;
                }
            }
        }
    }
}

/// "1st", "2nd", "3rd", "4th", ...
/// The most runs of a line an overlap step describes one by one.
const RUNS_SAID: usize = 2;

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
