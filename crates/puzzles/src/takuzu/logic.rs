//! The rater and the hints: the techniques Takuzu players name, easiest first, each step
//! explained in words with the cells named r1c1-style.
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | easy | pair | two alike side by side: the cells at both ends of them hold the other digit |
//! | easy | sandwich | two alike with one cell between: that cell holds the other digit |
//! | easy | count | a line holding all the 0s (or 1s) it may: its open cells hold the other digit |
//! | medium | line analysis | every way to fill a line's open cells that keeps it balanced and free of three alike agrees on a cell (a line needing one more 1 whose one open stretch of three would hold three 0s, and its kin) |
//! | medium | unique lines | a line that agrees with a complete line of its direction on every known cell: a filling that would copy it is ruled out (on boards that ask lines distinct) |
//! | hard | contradiction | a digit in a cell leaves, after line analysis, some line no filling: the cell holds the other |
//! | expert | trial and more | the techniques above stop before the grid is full |
//!
//! The rater takes the first technique that makes progress, in that order, and applies what it
//! says as one step (one pattern of three cells, or one line, or one cell for a contradiction);
//! the level is the hardest technique used, or expert when they stop short. Weights for the
//! score: 1, 3, 8 and 20 a step. The budget's clock is read before each step and between the
//! trials of a contradiction. (Tatham's `unruly` grades the same way: its "trivial" is the
//! pattern of three, "easy" adds the counts, "normal" the near-complete lines.)

use tessera_xc::{Budget, GaveUp};

use crate::common::{Rating, Step};
use crate::takuzu::model::name;
use crate::takuzu::solve::{Dead, Layout, LineSolver, Work, ONE, UNKNOWN, ZERO};
use crate::takuzu::Takuzu;

crate::common::family_levels! {
    /// A level, easiest first.
    #[non_exhaustive]
    easy: "Pairs, sandwiches and full counts: what three cells side by side, or a line's count, force.",
    medium: "Line analysis: what every balanced filling of a line without three alike agrees on; unique lines.",
    hard: "Contradiction: a digit in a cell that leaves some line no filling.",
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
pub type TakuzuRating = Rating<Difficulty>;

/// The rating of a board from the start.
pub fn rate(board: &Takuzu, budget: &Budget) -> Result<TakuzuRating, GaveUp> {
    rate_from(board, &[], budget)
}

/// The first step from the start, `None` when the techniques find none.
pub fn hint(board: &Takuzu) -> Option<Step> {
    let mut logic = Logic::new(board, &[]);
    logic.step(&Budget::unlimited()).ok().flatten().map(|(_, step)| step)
}

/// The rating from a partly played board: `values` (row by row; `Some(0)`, `Some(1)`, `None` or
/// past the end open) taken as known first, when they leave every line a filling and change no
/// given (else the board's own start: a hint never builds on a mistake), then the steps.
pub(crate) fn rate_from(
    board: &Takuzu,
    values: &[Option<u32>],
    budget: &Budget,
) -> Result<TakuzuRating, GaveUp> {
    rate_up_to(board, values, budget, None)
}

/// The rating, stopped at the first step harder than `most` (then `solved` is false and the
/// level is that step's: a lower bound, enough for a generator to throw the puzzle away).
pub(crate) fn rate_up_to(
    board: &Takuzu,
    values: &[Option<u32>],
    budget: &Budget,
    most: Option<Difficulty>,
) -> Result<TakuzuRating, GaveUp> {
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
            None => {
                rating.contradiction = logic.broken;
                rating.level = Difficulty::Expert;
                rating.score += Difficulty::Expert.weight();
                return Ok(rating);
            }
        }
    }
}

/// Whether the techniques up to `level` (easy, medium or hard) settle every cell of `board`:
/// their closure, reached without the rater's steps and words (the generator asks this once
/// for every given it tries to take away). The same deductions as the rater's: the easy rules
/// swept to a fixpoint; medium is the solver's propagation (exact lines, unique lines); hard adds
/// a contradiction at a time on top of it. Expert: `false` (no closure says it).
pub(crate) fn settles(board: &Takuzu, level: Difficulty, budget: &Budget) -> Result<bool, GaveUp> {
    let layout = Layout::new(board);
    let state = layout.start(board);
    settles_from(&layout, state, level, &mut Work::with_clock(budget), budget, None)
}

/// [`settles`] from `state` (the givens) on a board's `layout`, with the caller's scratch space
/// (the generator asks it for one board shape many times).
///
/// With `watch`, the givens with that cell given too are known to be settled: then the question
/// is only whether the techniques decide `watch` (if they do, they go on from there as from
/// the settled givens, since a deduction stays true with more known), so every closure stops as
/// soon as it has.
pub(crate) fn settles_from(
    layout: &Layout,
    mut state: Vec<u8>,
    level: Difficulty,
    work: &mut Work,
    budget: &Budget,
    watch: Option<usize>,
) -> Result<bool, GaveUp> {
    work.watch = watch;
    let settled = closure(layout, &mut state, level, work, budget);
    work.watch = None;
    settled
}

/// The closure of [`settles_from`].
fn closure(
    layout: &Layout,
    state: &mut [u8],
    level: Difficulty,
    work: &mut Work,
    budget: &Budget,
) -> Result<bool, GaveUp> {
    let watch = work.watch;
    let done = |state: &[u8]| match watch {
        Some(cell) => state[cell] != UNKNOWN,
        None => !state.contains(&UNKNOWN),
    };
    if level == Difficulty::Expert {
        return Ok(false);
    }
    // The easy rules first at every level: they are the cheapest, and what they decide every
    // harder technique decides too.
    if !easy_closure(layout, state, watch) {
        return Ok(false);
    }
    if level == Difficulty::Easy || done(state) {
        return Ok(done(state));
    }
    match layout.propagate(state, layout.all(), work, None) {
        Ok(()) => {}
        Err(Dead::Line(_)) => return Ok(false),
        Err(Dead::GaveUp(reason)) => return Err(reason),
    }
    if level == Difficulty::Medium || done(state) {
        return Ok(done(state));
    }
    loop {
        let mut changed = false;
        for cell in 0..state.len() {
            if state[cell] != UNKNOWN {
                continue;
            }
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            for value in [ZERO, ONE] {
                let mut trial = state.to_vec();
                trial[cell] = value;
                // A trial runs to its end: a propagation stopped at the watched cell could miss
                // the clash that makes the contradiction.
                work.watch = None;
                let tried = layout.propagate(&mut trial, layout.through[cell], work, None);
                work.watch = watch;
                match tried {
                    Err(Dead::GaveUp(reason)) => return Err(reason),
                    Err(Dead::Line(_)) => {
                        state[cell] = 1 - value;
                        match layout.propagate(state, layout.through[cell], work, None) {
                            Ok(()) => {}
                            Err(Dead::Line(_)) => return Ok(false),
                            Err(Dead::GaveUp(reason)) => return Err(reason),
                        }
                        changed = true;
                        break;
                    }
                    Ok(()) => {}
                }
            }
        }
        if done(state) {
            return Ok(true);
        }
        if !changed {
            return Ok(false);
        }
    }
}

/// The easy rules (pair, sandwich, count) swept over every line until none decides a cell;
/// `false` when a line breaks a rule.
fn easy_closure(layout: &Layout, state: &mut [u8], watch: Option<usize>) -> bool {
    loop {
        if watch.is_some_and(|cell| state[cell] != UNKNOWN) {
            return true;
        }
        let mut changed = false;
        for cells in &layout.lines {
            for w in cells.windows(3) {
                let v = [state[w[0]], state[w[1]], state[w[2]]];
                if v[0] != UNKNOWN && v[0] == v[1] && v[1] == v[2] {
                    return false;
                }
                if v[0] != UNKNOWN && v[1] == UNKNOWN && v[0] == v[2] {
                    state[w[1]] = 1 - v[0];
                    changed = true;
                } else if v[1] != UNKNOWN && v[1] == v[2] && v[0] == UNKNOWN {
                    state[w[0]] = 1 - v[1];
                    changed = true;
                } else if v[0] != UNKNOWN && v[0] == v[1] && v[2] == UNKNOWN {
                    state[w[2]] = 1 - v[0];
                    changed = true;
                }
            }
            let most = cells.len().div_ceil(2);
            for v in [ZERO, ONE] {
                let have = cells.iter().filter(|&&c| state[c] == v).count();
                if have > most {
                    return false;
                }
                if have == most {
                    for &c in cells {
                        if state[c] == UNKNOWN {
                            state[c] = 1 - v;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The level of `board` by the closures of [`settles`]: the easiest whose techniques settle it
/// (the level the rater gives, without its steps), expert when none does.
pub(crate) fn level_of(board: &Takuzu, budget: &Budget) -> Result<Difficulty, GaveUp> {
    for level in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        if settles(board, level, budget)? {
            return Ok(level);
        }
    }
    Ok(Difficulty::Expert)
}

/// The logic solver's view of a board.
struct Logic<'b> {
    board: &'b Takuzu,
    layout: Layout,
    state: Vec<u8>,
    solver: LineSolver,
    work: Work,
    broken: bool,
}

/// A digit in words.
fn digit(v: u8) -> char {
    if v == ONE {
        '1'
    } else {
        '0'
    }
}

impl<'b> Logic<'b> {
    fn new(board: &'b Takuzu, values: &[Option<u32>]) -> Self {
        let layout = Layout::new(board);
        let start = layout.start(board);
        let mut logic = Logic {
            board,
            layout,
            state: start.clone(),
            solver: LineSolver::default(),
            work: Work::default(),
            broken: false,
        };
        if values.iter().any(Option::is_some) {
            let played: Vec<u8> = (0..start.len())
                .map(|i| match (start[i], values.get(i).copied().flatten()) {
                    (UNKNOWN, Some(v)) if v <= 1 => v as u8,
                    (given, _) => given,
                })
                .collect();
            let keeps_givens = (0..start.len()).all(|i| {
                start[i] == UNKNOWN
                    || values.get(i).copied().flatten().is_none_or(|v| v == u32::from(start[i]))
            });
            let mut out = Vec::new();
            let consistent = logic.layout.lines.iter().all(|cells| {
                let known: Vec<u8> = cells.iter().map(|&c| played[c]).collect();
                logic.solver.solve(&known, &mut out, &[])
            });
            if keeps_givens && consistent {
                logic.state = played;
            }
        }
        logic
    }

    fn name(&self, cell: usize) -> String {
        name(cell, self.board.width())
    }

    /// Cells by name: "r1c2, r1c5 and r1c6".
    fn names(&self, cells: &[usize]) -> String {
        let said: Vec<String> = cells.iter().map(|&c| self.name(c)).collect();
        match said.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => said.join(""),
        }
    }

    /// The step that decides `decided` (cell, digit), with its words.
    fn step_of(
        &self,
        technique: &'static str,
        because: String,
        decided: &[(usize, u8)],
        cells: Vec<usize>,
    ) -> Step {
        let mut said = Vec::new();
        for v in [ZERO, ONE] {
            let these: Vec<usize> = decided.iter().filter(|d| d.1 == v).map(|d| d.0).collect();
            if !these.is_empty() {
                said.push(format!("{} {}", self.names(&these), if these.len() == 1 { "is" } else { "are" }));
                let last = said.len() - 1;
                said[last].push_str(&format!(" {}", digit(v)));
            }
        }
        Step {
            technique,
            explanation: format!("{because}: {}.", said.join("; ")),
            placed: decided.iter().map(|&(c, v)| (c, u32::from(v))).collect(),
            removed: decided.iter().map(|&(c, v)| (c, u32::from(1 - v))).collect(),
            cells,
        }
    }

    /// A pair or a sandwich somewhere: the first window of three cells of a line (rows first)
    /// that decides a cell.
    fn pattern(&self) -> Option<Step> {
        for cells in &self.layout.lines {
            for w in cells.windows(3) {
                let v: Vec<u8> = w.iter().map(|&c| self.state[c]).collect();
                // A sandwich: x _ x.
                if v[0] != UNKNOWN && v[1] == UNKNOWN && v[0] == v[2] {
                    let because = format!(
                        "{} and {} are both {} with one cell between them, which would make three alike",
                        self.name(w[0]),
                        self.name(w[2]),
                        digit(v[0])
                    );
                    return Some(self.step_of("sandwich", because, &[(w[1], 1 - v[0])], w.to_vec()));
                }
                // A pair: x x _ or _ x x.
                for (pair, end) in [((0, 1), 2), ((1, 2), 0)] {
                    let (a, b) = pair;
                    if v[a] != UNKNOWN && v[a] == v[b] && v[end] == UNKNOWN {
                        let because = format!(
                            "{} and {} are both {}, side by side: a third beside them would make three alike",
                            self.name(w[a]),
                            self.name(w[b]),
                            digit(v[a])
                        );
                        return Some(self.step_of("pair", because, &[(w[end], 1 - v[a])], w.to_vec()));
                    }
                }
            }
        }
        None
    }

    /// A line holding all the 0s or 1s it may, with open cells left.
    fn count(&self) -> Option<Step> {
        for (line, cells) in self.layout.lines.iter().enumerate() {
            let most = cells.len().div_ceil(2);
            for v in [ZERO, ONE] {
                let have = cells.iter().filter(|&&c| self.state[c] == v).count();
                let open: Vec<usize> = cells.iter().copied().filter(|&c| self.state[c] == UNKNOWN).collect();
                if have == most && !open.is_empty() {
                    let because = format!(
                        "{} holds {have} {}s already, all its {} cells may hold",
                        self.board.line_name(line),
                        digit(v),
                        cells.len()
                    );
                    let decided: Vec<(usize, u8)> = open.iter().map(|&c| (c, 1 - v)).collect();
                    return Some(self.step_of("count", because, &decided, cells.clone()));
                }
            }
        }
        None
    }

    /// How many more of each digit a line needs, in words ("2 more 0s and 3 more 1s").
    fn needs(&self, line: usize) -> String {
        let cells = &self.layout.lines[line];
        let n = cells.len();
        let have = |v: u8| cells.iter().filter(|&&c| self.state[c] == v).count();
        if n % 2 == 1 {
            return format!("{} open cells", cells.iter().filter(|&&c| self.state[c] == UNKNOWN).count());
        }
        let more = |v: u8| (n / 2).saturating_sub(have(v));
        format!("{} more 0s and {} more 1s to place", more(ZERO), more(ONE))
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
        if let Some(step) = self.pattern().or_else(|| self.count()) {
            self.apply(&step);
            return Ok(Some((Difficulty::Easy, step)));
        }
        let mut out = Vec::new();
        let mut unique: Option<(usize, Vec<(usize, u8)>)> = None;
        for line in self.layout.all() {
            let cells = self.layout.lines[line].clone();
            let known: Vec<u8> = cells.iter().map(|&c| self.state[c]).collect();
            if !known.contains(&UNKNOWN) {
                if !self.layout.solve_line(&self.state, line, &mut self.work) {
                    self.broken = true;
                    return Ok(None);
                }
                continue;
            }
            if !self.solver.solve(&known, &mut out, &[]) {
                self.broken = true;
                return Ok(None);
            }
            let decided: Vec<(usize, u8)> = (0..cells.len())
                .filter(|&k| known[k] == UNKNOWN && out[k] != UNKNOWN)
                .map(|k| (cells[k], out[k]))
                .collect();
            if !decided.is_empty() {
                let because = format!(
                    "{} has {}; every way to place them without three alike agrees here",
                    self.board.line_name(line),
                    self.needs(line)
                );
                let step = self.step_of("line analysis", because, &decided, cells.clone());
                self.apply(&step);
                return Ok(Some((Difficulty::Medium, step)));
            }
            if unique.is_none() && self.layout.distinct {
                if !self.layout.solve_line(&self.state, line, &mut self.work) {
                    self.broken = true;
                    return Ok(None);
                }
                let decided: Vec<(usize, u8)> = (0..cells.len())
                    .filter(|&k| known[k] == UNKNOWN && self.work_out(k) != UNKNOWN)
                    .map(|k| (cells[k], self.work_out(k)))
                    .collect();
                if !decided.is_empty() {
                    unique = Some((line, decided));
                }
            }
        }
        if let Some((line, decided)) = unique {
            let copied = self.copied(line);
            let because = format!(
                "{} agrees with {} on every known cell, and no two lines may be alike: the fillings that would copy it are out",
                self.board.line_name(line),
                copied
            );
            let mut cells = self.layout.lines[line].clone();
            cells.sort_unstable();
            let step = self.step_of("unique lines", because, &decided, cells);
            self.apply(&step);
            return Ok(Some((Difficulty::Medium, step)));
        }
        for cell in 0..self.state.len() {
            if self.state[cell] != UNKNOWN {
                continue;
            }
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            for value in [ZERO, ONE] {
                let mut trial = self.state.clone();
                trial[cell] = value;
                match self.layout.propagate(&mut trial, self.layout.through[cell], &mut self.work, None) {
                    Err(Dead::GaveUp(reason)) => return Err(reason),
                    Err(Dead::Line(line)) => {
                        let because = format!(
                            "if {} were {}, line analysis would leave {} no filling",
                            self.name(cell),
                            digit(value),
                            self.board.line_name(line)
                        );
                        let mut cells = vec![cell];
                        cells.extend(self.layout.lines[line].iter().copied().filter(|&c| c != cell));
                        let step = self.step_of("contradiction", because, &[(cell, 1 - value)], cells);
                        self.apply(&step);
                        return Ok(Some((Difficulty::Hard, step)));
                    }
                    Ok(()) => {}
                }
            }
        }
        Ok(None)
    }

    /// What the last [`Layout::solve_line`] decided for the line's `k`th cell.
    fn work_out(&self, k: usize) -> u8 {
        self.work.out_at(k)
    }

    /// The complete lines of `line`'s direction that agree with it on its known cells, in words.
    fn copied(&self, line: usize) -> String {
        let cells = &self.layout.lines[line];
        let range = if line < self.layout.height {
            0..self.layout.height
        } else {
            self.layout.height..self.layout.lines.len()
        };
        let mut names = Vec::new();
        for other in range.filter(|&o| o != line) {
            let theirs = &self.layout.lines[other];
            let complete = theirs.iter().all(|&c| self.state[c] != UNKNOWN);
            let agrees = cells
                .iter()
                .zip(theirs)
                .all(|(&a, &b)| self.state[a] == UNKNOWN || self.state[a] == self.state[b]);
            if complete && agrees {
                names.push(self.board.line_name(other));
            }
        }
        names.join(" and ")
    }

    fn apply(&mut self, step: &Step) {
        for &(cell, value) in &step.placed {
            self.state[cell] = value as u8;
        }
    }
}
