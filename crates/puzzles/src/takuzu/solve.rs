//! The solver: every line solved exactly to a fixpoint, then a depth-first search on one cell at
//! a time, each branch propagated again.
//!
//! - **A line** ([`LineSolver`]) is solved by dynamic programming over its cells: the state after
//!   `i` cells is the number of 1s so far and the last digit with the length of its run (one or
//!   two: a third is the rule broken). A forward pass marks the states some filling of the known
//!   cells reaches, a backward pass those from which the line can end balanced; a cell can hold a
//!   digit when some reached state steps on it into a state that can end. This is exact for "no
//!   three alike" and "balanced" together, in `O(n^2)` a line, where the patterns of a line are
//!   exponential in `n` (13,000 for 20 cells).
//! - **Distinct lines** (when the board asks them) are not a local rule: a line is compared with
//!   the complete lines of its direction. When one of them agrees with every known cell of the
//!   line and at most [`ENUMERATE_UP_TO`] cells are open after the pass above, the fillings of the
//!   open cells are enumerated and those equal to a complete line dropped (the "two open cells
//!   left, and the other way round would copy row 2" step players make, and its longer kin); a
//!   complete line equal to another ends the branch. A line completing puts every line of its
//!   direction back in the queue.
//! - **Propagation** is a queue of lines, each in it at most once; a cell decided puts its row and
//!   column back. A line no filling fits ends the branch.
//! - **Branch** on an open cell of the line with the fewest open cells (the line nearest to done
//!   has the fewest fillings, so its branches are the most constrained), 0 first, then 1; the
//!   generator's random fill draws the cell's first digit instead.
//!
//! The budget (nodes, clock, cancel flag) is read every
//! [`BOARD_NODE`](crate::common::budget::check_every::BOARD_NODE) nodes, and the clock every
//! [`LINES_PER_CLOCK`] lines inside a propagation.

use rand::Rng;
use rand_pcg::Pcg64Mcg;
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::check_every;
use crate::takuzu::{Binary, Takuzu};

/// A cell holding 0.
pub(crate) const ZERO: u8 = 0;
/// A cell holding 1.
pub(crate) const ONE: u8 = 1;
/// A cell not decided yet.
pub(crate) const UNKNOWN: u8 = 2;

/// The most open cells of a line whose fillings are enumerated against the complete lines.
pub(crate) const ENUMERATE_UP_TO: u32 = 12;

/// Lines solved between two readings of the clock in a propagation.
const LINES_PER_CLOCK: u32 = 64;

/// The run states of the line's dynamic programme: at the start, then the last digit and its
/// run's length (one or two).
const START: usize = 0;
const STATES: usize = 5;

/// The state after `state` and the digit `v`, `None` for a third alike.
fn step(state: usize, v: u8) -> Option<usize> {
    match (state, v) {
        (2, ZERO) | (4, ONE) => None,
        (1, ZERO) => Some(2),
        (_, ZERO) => Some(1),
        (3, ONE) => Some(4),
        (_, _) => Some(3),
    }
}

/// A line's exact solver and its scratch space.
#[derive(Default)]
pub(crate) struct LineSolver {
    forward: Vec<u8>,
    backward: Vec<u8>,
}

impl LineSolver {
    /// Which digits each cell of the line can hold in some filling of `known` that is balanced
    /// and has no three alike: `out[k]` the digit when only one can, [`UNKNOWN`] when both.
    /// `false` when no filling fits.
    pub(crate) fn solve(&mut self, known: &[u8], out: &mut Vec<u8>) -> bool {
        let n = known.len();
        let (low, high) = (n / 2, n.div_ceil(2));
        let width = n + 2;
        self.forward.clear();
        self.forward.resize((n + 1) * width, 0);
        self.backward.clear();
        self.backward.resize((n + 1) * width, 0);
        let at = |i: usize, ones: usize| i * width + ones;
        self.forward[at(0, 0)] = 1 << START;
        for (i, &known_i) in known.iter().enumerate() {
            for ones in 0..=i.min(high) {
                let states = self.forward[at(i, ones)];
                if states == 0 {
                    continue;
                }
                for s in (0..STATES).filter(|s| states & (1 << s) != 0) {
                    for v in [ZERO, ONE] {
                        if known_i != UNKNOWN && known_i != v {
                            continue;
                        }
                        let Some(t) = step(s, v) else { continue };
                        let o = ones + usize::from(v);
                        if o <= high {
                            self.forward[at(i + 1, o)] |= 1 << t;
                        }
                    }
                }
            }
        }
        for ones in low..=high {
            self.backward[at(n, ones)] = (1 << STATES) - 1;
        }
        for i in (0..n).rev() {
            for ones in 0..=i.min(high) {
                let mut states = 0u8;
                for s in 0..STATES {
                    for v in [ZERO, ONE] {
                        if known[i] != UNKNOWN && known[i] != v {
                            continue;
                        }
                        let Some(t) = step(s, v) else { continue };
                        let o = ones + usize::from(v);
                        if o <= high && self.backward[at(i + 1, o)] & (1 << t) != 0 {
                            states |= 1 << s;
                        }
                    }
                }
                self.backward[at(i, ones)] = states;
            }
        }
        if self.backward[at(0, 0)] & (1 << START) == 0 {
            return false;
        }
        out.clear();
        for (i, &known_i) in known.iter().enumerate() {
            let mut can = [false; 2];
            for ones in 0..=i.min(high) {
                let states = self.forward[at(i, ones)];
                for s in (0..STATES).filter(|s| states & (1 << s) != 0) {
                    for v in [ZERO, ONE] {
                        if known_i != UNKNOWN && known_i != v {
                            continue;
                        }
                        let Some(t) = step(s, v) else { continue };
                        let o = ones + usize::from(v);
                        if o <= high && self.backward[at(i + 1, o)] & (1 << t) != 0 {
                            can[usize::from(v)] = true;
                        }
                    }
                }
            }
            out.push(match can {
                [true, false] => ZERO,
                [false, true] => ONE,
                _ => UNKNOWN,
            });
        }
        true
    }
}

/// Whether a line's cells `values` (all known) keep both local rules.
pub(crate) fn line_keeps(values: &[u8]) -> bool {
    let ones = values.iter().filter(|&&v| v == ONE).count();
    let n = values.len();
    (n / 2..=n.div_ceil(2)).contains(&ones) && values.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]))
}

/// The board's lines as the propagation walks them.
pub(crate) struct Layout {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) distinct: bool,
    /// Each line's cells: the rows, then the columns.
    pub(crate) lines: Vec<Vec<usize>>,
    /// The two lines through each cell: its row and its column.
    pub(crate) through: Vec<[usize; 2]>,
}

/// Why a propagation stopped short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dead {
    /// This line can be filled in no way (or, complete, copies another).
    Line(usize),
    /// The clock ran out.
    GaveUp(GaveUp),
}

/// The propagation's scratch space, and the clock it reads.
#[derive(Default)]
pub(crate) struct Work {
    /// The budget whose clock and cancel flag a propagation reads (none: it runs to its end).
    pub(crate) clock: Option<Budget>,
    solved: u32,
    pub(crate) solver: LineSolver,
    queue: Vec<usize>,
    queued: Vec<bool>,
    cells: Vec<u8>,
    out: Vec<u8>,
}

impl Work {
    /// What the last line solved decided for its `k`th cell.
    pub(crate) fn out_at(&self, k: usize) -> u8 {
        self.out.get(k).copied().unwrap_or(UNKNOWN)
    }

    /// Scratch space whose propagations read `budget`'s clock.
    pub(crate) fn with_clock(budget: &Budget) -> Work {
        Work { clock: Some(budget.without_nodes()), ..Work::default() }
    }
}

impl Layout {
    pub(crate) fn new(board: &Takuzu) -> Layout {
        let (width, height) = (board.width(), board.height());
        let lines = (0..board.lines()).map(|line| board.line_cells(line)).collect();
        let through = (0..width * height).map(|i| [i / width, height + i % width]).collect();
        Layout { width, height, distinct: board.distinct(), lines, through }
    }

    /// The givens as a state.
    pub(crate) fn start(&self, board: &Takuzu) -> Vec<u8> {
        board.givens().iter().map(|g| g.map_or(UNKNOWN, u8::from)).collect()
    }

    /// Every line, for the first propagation.
    pub(crate) fn all(&self) -> std::ops::Range<usize> {
        0..self.lines.len()
    }

    /// The lines of `line`'s direction.
    fn direction(&self, line: usize) -> std::ops::Range<usize> {
        if line < self.height {
            0..self.height
        } else {
            self.height..self.lines.len()
        }
    }

    /// The complete lines of `line`'s direction but `line`, as masks.
    fn complete_others(&self, state: &[u8], line: usize) -> Vec<u64> {
        self.direction(line)
            .filter(|&other| other != line)
            .filter_map(|other| {
                let cells = &self.lines[other];
                cells.iter().all(|&c| state[c] != UNKNOWN).then(|| {
                    cells
                        .iter()
                        .enumerate()
                        .fold(0u64, |m, (k, &c)| if state[c] == ONE { m | 1 << k } else { m })
                })
            })
            .collect()
    }

    /// Solves `line` on `state`'s values: `out` gets what it decides (see [`LineSolver::solve`]
    /// and the module header for distinct lines). `false` when it cannot be filled.
    pub(crate) fn solve_line(&self, state: &[u8], line: usize, work: &mut Work) -> bool {
        let cells = &self.lines[line];
        work.cells.clear();
        work.cells.extend(cells.iter().map(|&c| state[c]));
        if !work.solver.solve(&work.cells, &mut work.out) {
            return false;
        }
        if !self.distinct {
            return true;
        }
        // The known cells after the pass, as masks.
        let (mut known, mut ones) = (0u64, 0u64);
        for (k, &v) in work.out.iter().enumerate() {
            let v = if work.cells[k] != UNKNOWN { work.cells[k] } else { v };
            if v != UNKNOWN {
                known |= 1 << k;
                if v == ONE {
                    ones |= 1 << k;
                }
            }
        }
        let agreeing: Vec<u64> =
            self.complete_others(state, line).into_iter().filter(|&other| other & known == ones).collect();
        if agreeing.is_empty() {
            return true;
        }
        let full = if cells.len() == 64 { u64::MAX } else { (1u64 << cells.len()) - 1 };
        let open: Vec<usize> = (0..cells.len()).filter(|&k| known & (1 << k) == 0).collect();
        if open.is_empty() {
            return !agreeing.contains(&ones);
        }
        if open.len() as u32 > ENUMERATE_UP_TO {
            return true;
        }
        let mut can = [0u64; 2]; // cells that can hold 0, 1
        let mut values = vec![UNKNOWN; cells.len()];
        for (k, v) in values.iter_mut().enumerate() {
            if known & (1 << k) != 0 {
                *v = if ones & (1 << k) != 0 { ONE } else { ZERO };
            }
        }
        for pick in 0u64..1 << open.len() {
            let mut m = ones;
            for (j, &k) in open.iter().enumerate() {
                let one = pick & (1 << j) != 0;
                values[k] = if one { ONE } else { ZERO };
                if one {
                    m |= 1 << k;
                }
            }
            if agreeing.contains(&m) || !line_keeps(&values) {
                continue;
            }
            can[1] |= m;
            can[0] |= !m & full;
        }
        if can[0] | can[1] == 0 {
            return false;
        }
        for &k in &open {
            work.out[k] = match (can[0] & (1 << k) != 0, can[1] & (1 << k) != 0) {
                (true, false) => ZERO,
                (false, true) => ONE,
                _ => UNKNOWN,
            };
        }
        true
    }

    /// Propagates from the lines `dirty` to a fixpoint; the cells it decides are pushed on
    /// `trail` when one is given. `Err(Dead::Line)` names the line that failed.
    pub(crate) fn propagate(
        &self,
        state: &mut [u8],
        dirty: impl IntoIterator<Item = usize>,
        work: &mut Work,
        mut trail: Option<&mut Vec<usize>>,
    ) -> Result<(), Dead> {
        work.queue.clear();
        work.queued.clear();
        work.queued.resize(self.lines.len(), false);
        for line in dirty {
            if !work.queued[line] {
                work.queued[line] = true;
                work.queue.push(line);
            }
        }
        let mut head = 0;
        while head < work.queue.len() {
            let line = work.queue[head];
            head += 1;
            work.solved += 1;
            if work.solved % LINES_PER_CLOCK == 0 {
                if let Some(reason) = work.clock.as_ref().and_then(Budget::check_clock) {
                    return Err(Dead::GaveUp(reason));
                }
            }
            work.queued[line] = false;
            if !self.solve_line(state, line, work) {
                return Err(Dead::Line(line));
            }
            let mut completed = false;
            for k in 0..self.lines[line].len() {
                let cell = self.lines[line][k];
                if state[cell] == UNKNOWN && work.out[k] != UNKNOWN {
                    state[cell] = work.out[k];
                    if let Some(trail) = trail.as_deref_mut() {
                        trail.push(cell);
                    }
                    completed = true;
                    for other in self.through[cell] {
                        if other != line && !work.queued[other] {
                            work.queued[other] = true;
                            work.queue.push(other);
                        }
                    }
                }
            }
            // A line just completed is one more line the others of its direction must differ
            // from: they are looked at again.
            if completed && self.distinct && self.lines[line].iter().all(|&c| state[c] != UNKNOWN) {
                for other in self.direction(line) {
                    if other != line && !work.queued[other] {
                        work.queued[other] = true;
                        work.queue.push(other);
                    }
                }
            }
            if head > 4096 && head * 2 > work.queue.len() {
                work.queue.drain(..head);
                head = 0;
            }
        }
        Ok(())
    }

    /// The answer of a full state.
    pub(crate) fn answer(&self, state: &[u8]) -> Binary {
        Binary::new(self.width, self.height, state.iter().map(|&v| v == ONE).collect())
            .expect("the board's size")
    }

    /// Where to branch: an open cell of the line with the fewest open cells; `None` when every
    /// cell is known.
    fn branch_cell(&self, state: &[u8]) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for cells in &self.lines {
            let open = cells.iter().filter(|&&c| state[c] == UNKNOWN).count();
            if open > 0 && best.is_none_or(|(fewest, _)| open < fewest) {
                let cell = *cells.iter().find(|&&c| state[c] == UNKNOWN).expect("one is open");
                best = Some((open, cell));
            }
        }
        best.map(|(_, cell)| cell)
    }
}

/// Visits up to `limit` solutions in the search's order, within `budget`; with `rng`, each
/// branch takes its first digit at random (the generator's random fill).
pub(crate) fn search_with(
    board: &Takuzu,
    limit: u64,
    budget: &Budget,
    mut rng: Option<&mut Pcg64Mcg>,
    visit: &mut dyn FnMut(Binary),
) -> Count {
    let mut stats = Stats::default();
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats };
    }
    let layout = Layout::new(board);
    let mut work = Work::with_clock(budget);
    let mut root = layout.start(board);
    let mut stack = Vec::new();
    match layout.propagate(&mut root, layout.all(), &mut work, None) {
        Ok(()) => stack.push(root),
        Err(Dead::Line(_)) => {}
        Err(Dead::GaveUp(reason)) => return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats },
    }
    let mut found = 0;
    while let Some(state) = stack.pop() {
        stats.nodes += 1;
        if let Err(reason) = budget.spend(stats.nodes, check_every::BOARD_NODE) {
            return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats };
        }
        let Some(cell) = layout.branch_cell(&state) else {
            visit(layout.answer(&state));
            found += 1;
            if found >= limit {
                return Count { solutions: found, outcome: Outcome::LimitReached, stats };
            }
            continue;
        };
        // Pushed second, tried first.
        let first = match rng.as_deref_mut() {
            Some(rng) => u8::from(rng.random_bool(0.5)),
            None => ZERO,
        };
        for value in [1 - first, first] {
            let mut next = state.clone();
            next[cell] = value;
            match layout.propagate(&mut next, layout.through[cell], &mut work, None) {
                Ok(()) => stack.push(next),
                Err(Dead::Line(_)) => {}
                Err(Dead::GaveUp(reason)) => {
                    return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats }
                }
            }
        }
    }
    Count { solutions: found, outcome: Outcome::Exhausted, stats }
}

/// Visits up to `limit` solutions in the search's order, within `budget`.
pub(crate) fn search(board: &Takuzu, limit: u64, budget: &Budget, visit: &mut dyn FnMut(Binary)) -> Count {
    search_with(board, limit, budget, None, visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every filling of `known` by brute force: which digits each cell takes.
    fn brute(known: &[u8]) -> Option<Vec<u8>> {
        let n = known.len();
        let mut can = vec![[false; 2]; n];
        let mut any = false;
        for m in 0u32..1 << n {
            let values: Vec<u8> = (0..n).map(|k| u8::from(m & (1 << k) != 0)).collect();
            if values.iter().zip(known).any(|(&v, &k)| k != UNKNOWN && k != v) || !line_keeps(&values) {
                continue;
            }
            any = true;
            for (k, &v) in values.iter().enumerate() {
                can[k][usize::from(v)] = true;
            }
        }
        any.then(|| {
            can.iter()
                .map(|c| match c {
                    [true, false] => ZERO,
                    [false, true] => ONE,
                    _ => UNKNOWN,
                })
                .collect()
        })
    }

    #[test]
    fn the_line_solver_is_exact_on_every_known_pattern_up_to_seven_cells() {
        let mut solver = LineSolver::default();
        let mut out = Vec::new();
        for n in 1..=7usize {
            for code in 0..3u32.pow(n as u32) {
                let known: Vec<u8> = (0..n).map(|k| (code / 3u32.pow(k as u32) % 3) as u8).collect();
                let ok = solver.solve(&known, &mut out);
                match brute(&known) {
                    None => assert!(!ok, "{known:?} has no filling"),
                    Some(expected) => {
                        assert!(ok, "{known:?} has a filling");
                        for k in 0..n {
                            let mine = if known[k] != UNKNOWN { known[k] } else { out[k] };
                            assert_eq!(mine, expected[k], "{known:?} cell {k}");
                        }
                    }
                }
            }
        }
    }
}
