//! The rater and the hints: the techniques Akari players name, easiest first, each step
//! explained in one sentence with the cells named r1c1-style.
//!
//! | level | technique | what it sees |
//! |---|---|---|
//! | easy | zero wall | a 0 wall: no bulb on any cell beside it |
//! | easy | wall full | a numbered wall with its number of bulbs: its other neighbours are empty |
//! | easy | wall needs all | a numbered wall with exactly as many open neighbours as bulbs still missing: bulbs on all of them |
//! | easy | only lighter | an unlit cell that one cell only can still light (itself or one it sees): a bulb there |
//! | medium | look-ahead | a bulb on a cell would at once leave some cell no way to be lit, or a wall without room for its number (or past it): no bulb there |
//! | hard | contradiction | a bulb (or none) on a cell leads, by the easy techniques, to a broken rule: the other way |
//! | expert | trial and more | the techniques above stop before every cell is lit |
//!
//! A bulb placed lights its row and column at once: the cells it lights are ruled out in the
//! same step (what every player does, and what the search's propagation does). The rater takes
//! the first technique that makes progress, in that order; the level is the hardest technique
//! used, or expert when they stop short. Weights for the score: 1, 3, 8 and 20 a step. The
//! budget's clock is read before each step and between the trials of a contradiction.

use tessera_xc::{Budget, GaveUp};

use crate::akari::model::{name, names};
use crate::akari::solve::{Dead, Layout, BULB, EMPTY, UNKNOWN, WALL};
use crate::akari::Akari;
use crate::common::{Rating, Step};

crate::common::family_levels! {
    /// A level, easiest first.
    #[non_exhaustive]
    easy: "The walls' numbers, and cells that one cell only can still light.",
    medium: "Look-ahead: a bulb that would at once leave a cell unlightable or a wall wrong.",
    hard: "Contradiction: a bulb (or none) whose consequences break a rule.",
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
pub type AkariRating = Rating<Difficulty>;

/// The rating of a board from the start.
pub fn rate(board: &Akari, budget: &Budget) -> Result<AkariRating, GaveUp> {
    rate_from(board, &[], budget)
}

/// The first step from the start, `None` when the techniques find none.
pub fn hint(board: &Akari) -> Option<Step> {
    let mut logic = Logic::new(board, &[]);
    logic.step(&Budget::unlimited()).ok().flatten().map(|(_, step)| step)
}

/// The rating from a partly played board: `values` (row by row; `Some(1)` a bulb, `Some(0)` no
/// bulb, `None` or past the end unknown; walls' values ignored) taken as known first, when the
/// easy techniques find no broken rule in them (else the board's own start: a hint never builds
/// on a mistake it can see), then the steps.
pub(crate) fn rate_from(
    board: &Akari,
    values: &[Option<u32>],
    budget: &Budget,
) -> Result<AkariRating, GaveUp> {
    rate_up_to(board, values, budget, None)
}

/// The rating, stopped at the first step harder than `most` (then `solved` is false and the
/// level is that step's: a lower bound, enough for a generator to throw the puzzle away).
pub(crate) fn rate_up_to(
    board: &Akari,
    values: &[Option<u32>],
    budget: &Budget,
    most: Option<Difficulty>,
) -> Result<AkariRating, GaveUp> {
    let mut logic = Logic::new(board, values);
    let mut rating = Rating::start(Difficulty::Easy);
    loop {
        if logic.solved() {
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

/// The logic solver's view of a board.
struct Logic<'b> {
    board: &'b Akari,
    layout: Layout,
    state: Vec<u8>,
    broken: bool,
}

/// Why a trial failed, in words.
fn dead_words(layout: &Layout, board: &Akari, dead: Dead) -> String {
    let w = board.width();
    match dead {
        Dead::Bulbs(a, b) => format!("the bulbs at {} and {} light each other", name(a, w), name(b, w)),
        Dead::Wall(k) => {
            let (cell, number, _) = &layout.walls[k];
            format!("the wall {number} at {} cannot have its number", name(*cell, w))
        }
        Dead::Dark(c) => format!("{} cannot be lit", name(c, w)),
    }
}

impl<'b> Logic<'b> {
    fn new(board: &'b Akari, values: &[Option<u32>]) -> Self {
        let layout = Layout::new(board);
        let mut state = layout.start();
        let mut logic = Logic { board, state: state.clone(), layout, broken: false };
        let mut fine = true;
        for (i, value) in values.iter().enumerate().take(state.len()) {
            if state[i] == WALL {
                continue;
            }
            match value {
                Some(1) => fine &= logic.layout.place(&mut state, i, &mut None).is_ok(),
                Some(0) if state[i] == UNKNOWN => state[i] = EMPTY,
                Some(0) => {}
                _ => {}
            }
        }
        if fine && values.iter().any(Option::is_some) {
            let mut check = state.clone();
            if logic.layout.propagate(&mut check, None).is_ok() {
                logic.state = state;
            }
        }
        logic
    }

    fn solved(&self) -> bool {
        self.layout.whites.iter().all(|&i| self.state[i] != UNKNOWN)
    }

    /// Places bulbs (with the cells they light) and rules out `empty`; the step saying so.
    fn apply(
        &mut self,
        technique: &'static str,
        explanation: String,
        bulbs: &[usize],
        empty: &[usize],
        cells: Vec<usize>,
    ) -> Step {
        let mut trail = Vec::new();
        for &i in bulbs {
            // A wrong bulb is a bug of a technique, not of the input: the state only records it.
            let _ = self.layout.place(&mut self.state, i, &mut Some(&mut trail));
        }
        for &i in empty {
            if self.state[i] == UNKNOWN {
                self.state[i] = EMPTY;
                trail.push(i);
            }
        }
        let placed = trail.iter().filter(|&&i| self.state[i] == BULB).map(|&i| (i, 1)).collect();
        let removed = trail.iter().filter(|&&i| self.state[i] == EMPTY).map(|&i| (i, 1)).collect();
        Step { technique, explanation, placed, removed, cells }
    }

    /// The next step and its level, applied; `None` when no technique makes progress (or the
    /// board has no solution from here: then `broken`).
    fn step(&mut self, budget: &Budget) -> Result<Option<(Difficulty, Step)>, GaveUp> {
        if let Some(reason) = budget.check_clock() {
            return Err(reason);
        }
        let w = self.board.width();
        // The walls.
        for &(cell, k, ref around) in &self.layout.walls {
            let k = usize::from(k);
            let bulbs = around.iter().filter(|&&j| self.state[j] == BULB).count();
            let open: Vec<usize> = around.iter().copied().filter(|&j| self.state[j] == UNKNOWN).collect();
            if bulbs > k || bulbs + open.len() < k {
                self.broken = true;
                return Ok(None);
            }
            if open.is_empty() {
                continue;
            }
            let mut cells = vec![cell];
            cells.extend(around);
            let at = name(cell, w);
            if k == 0 {
                let words = format!(
                    "a 0 wall at {at}: no bulb beside it, so {} {} empty",
                    names(&open, w),
                    if open.len() == 1 { "stays" } else { "stay" }
                );
                return Ok(Some((Difficulty::Easy, self.apply("zero wall", words, &[], &open, cells))));
            }
            if bulbs == k {
                let words = format!(
                    "the wall {k} at {at} has its {}: {} {} empty",
                    if k == 1 { "bulb".to_owned() } else { format!("{k} bulbs") },
                    if open.len() == 1 { "its other neighbour" } else { "its other neighbours" },
                    names(&open, w) + if open.len() == 1 { " is" } else { " are" }
                );
                return Ok(Some((Difficulty::Easy, self.apply("wall full", words, &[], &open, cells))));
            }
            if bulbs + open.len() == k {
                let words = if bulbs == 0 {
                    format!(
                        "the wall {k} at {at} has exactly {k} open neighbour{}: {} {}",
                        plural(k),
                        bulbs_on(open.len()),
                        names(&open, w)
                    )
                } else {
                    let more = k - bulbs;
                    format!(
                        "the wall {k} at {at} needs {more} more bulb{} and has exactly {more} open neighbour{}: {} {}",
                        plural(more),
                        plural(more),
                        bulbs_on(open.len()),
                        names(&open, w)
                    )
                };
                return Ok(Some((Difficulty::Easy, self.apply("wall needs all", words, &open, &[], cells))));
            }
        }
        // Cells that one cell only can light.
        for &i in &self.layout.whites {
            if self.state[i] == BULB || self.layout.lit(&self.state, i) {
                continue;
            }
            let lighters: Vec<usize> =
                self.layout.sees[i].iter().copied().filter(|&j| self.state[j] == UNKNOWN).collect();
            match lighters.as_slice() {
                [] => {
                    self.broken = true;
                    return Ok(None);
                }
                [only] => {
                    let words = if *only == i {
                        format!("{} can be lit only by a bulb on itself: bulb", name(i, w))
                    } else {
                        format!("{} can be lit only by {}: bulb there", name(i, w), name(*only, w))
                    };
                    let cells = self.layout.sees[i].clone();
                    return Ok(Some((
                        Difficulty::Easy,
                        self.apply("only lighter", words, &[*only], &[], cells),
                    )));
                }
                _ => {}
            }
        }
        // Look-ahead: a bulb's immediate consequences.
        for &x in &self.layout.whites {
            if self.state[x] != UNKNOWN {
                continue;
            }
            let mut trial = self.state.clone();
            let why = match self.layout.place(&mut trial, x, &mut None) {
                Err(dead) => Some(dead),
                Ok(()) => self.immediate(&trial),
            };
            if let Some(dead) = why {
                let words = format!(
                    "a bulb on {} would leave {}: no bulb there",
                    name(x, w),
                    match dead {
                        Dead::Dark(c) => format!("{} no way to be lit", name(c, w)),
                        Dead::Wall(k) => {
                            let (cell, number, _) = &self.layout.walls[k];
                            format!("the wall {number} at {} without its number", name(*cell, w))
                        }
                        Dead::Bulbs(a, b) => format!("{} and {} lighting each other", name(a, w), name(b, w)),
                    }
                );
                let mut cells = vec![x];
                if let Dead::Dark(c) = dead {
                    cells.push(c);
                }
                return Ok(Some((Difficulty::Medium, self.apply("look-ahead", words, &[], &[x], cells))));
            }
        }
        // Contradiction: a value and the easy techniques' fixpoint.
        for &x in &self.layout.whites {
            if self.state[x] != UNKNOWN {
                continue;
            }
            if let Some(reason) = budget.check_clock() {
                return Err(reason);
            }
            let mut with = self.state.clone();
            let bulb = self
                .layout
                .place(&mut with, x, &mut None)
                .and_then(|()| self.layout.propagate(&mut with, None));
            if let Err(dead) = bulb {
                let words = format!(
                    "if {} held a bulb, the easy techniques would find that {}: no bulb there",
                    name(x, w),
                    dead_words(&self.layout, self.board, dead)
                );
                return Ok(Some((Difficulty::Hard, self.apply("contradiction", words, &[], &[x], vec![x]))));
            }
            let mut without = self.state.clone();
            without[x] = EMPTY;
            if let Err(dead) = self.layout.propagate(&mut without, None) {
                let words = format!(
                    "if {} held no bulb, the easy techniques would find that {}: bulb there",
                    name(x, w),
                    dead_words(&self.layout, self.board, dead)
                );
                return Ok(Some((Difficulty::Hard, self.apply("contradiction", words, &[x], &[], vec![x]))));
            }
        }
        Ok(None)
    }

    /// A rule `state` breaks at once, without further deductions: a wall past its number or
    /// without room for it, or an unlit cell nothing can light.
    fn immediate(&self, state: &[u8]) -> Option<Dead> {
        for (k, (_, number, around)) in self.layout.walls.iter().enumerate() {
            let bulbs = around.iter().filter(|&&j| state[j] == BULB).count();
            let open = around.iter().filter(|&&j| state[j] == UNKNOWN).count();
            if bulbs > usize::from(*number) || bulbs + open < usize::from(*number) {
                return Some(Dead::Wall(k));
            }
        }
        self.layout
            .whites
            .iter()
            .find(|&&i| {
                state[i] != BULB
                    && !self.layout.lit(state, i)
                    && !self.layout.sees[i].iter().any(|&j| state[j] == UNKNOWN)
            })
            .map(|&i| Dead::Dark(i))
    }
}

/// "a bulb on" one cell, "bulbs on" several.
fn bulbs_on(n: usize) -> &'static str {
    if n == 1 {
        "a bulb on"
    } else {
        "bulbs on"
    }
}

/// "s" after a count other than one.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
