//! The solver: every line solved exactly to a fixpoint, then a depth-first search on one cell at
//! a time, each branch propagated again.
//!
//! - **A line** ([`LineSolver`]) is solved by dynamic programming over its cells: the state after
//!   `i` cells is the number of 1s so far and the last digit with the length of its run (one or
//!   two: a third is the rule broken). A forward pass marks the states some filling of the known
//!   cells reaches, a backward pass those from which the line can end balanced; a cell can hold a
//!   digit when some reached state steps on it into a state that can end (counted: the number of
//!   fillings through it). This is exact for "no three alike" and "balanced" together, in
//!   `O(n^2)` a line, where the patterns of a line are exponential in `n` (13,000 for 20 cells).
//! - **Distinct lines** (when the board asks them) are not a local rule: a line is compared with
//!   the complete lines of its direction. The passes count fillings rather than mark them, so the
//!   complete lines that agree with every known cell of the line (each one filling) are taken
//!   off the counts through each cell: a digit left in no other filling is out (the "two open
//!   cells left, and the other way round would copy row 2" step players make, and its longer
//!   kin, at any number of open cells); a complete line equal to another ends the branch. A line
//!   completing puts every line of its direction back in the queue.
//! - **Propagation** is a queue of lines, each in it at most once; a cell decided puts its row and
//!   column back. A line no filling fits ends the branch.
//! - **Branch** on an open cell of the line with the fewest open cells (the line nearest to done
//!   has the fewest fillings, so its branches are the most constrained), the first digit by a
//!   fixed scramble of the cell's number (so that lines filled by branching differ, as the
//!   distinct-lines rule wants); the generator's random fill draws it instead.
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
    forward: Vec<u64>,
    backward: Vec<u64>,
    forward_sets: Vec<u8>,
    backward_sets: Vec<u8>,
}

impl LineSolver {
    /// Which digits each cell of the line can hold in some filling of `known` that is balanced,
    /// has no three alike and is none of `exclude` (complete lines as masks, bit `k` the `k`th
    /// cell a 1, each agreeing with `known` and distinct): `out[k]` the digit when only one can,
    /// [`UNKNOWN`] when both. `false` when no filling is left.
    ///
    /// The passes count fillings rather than mark them: the fillings through `k` with digit `v`,
    /// less the excluded lines with `v` there, say whether `v` is left at `k`. A balanced line
    /// of 64 cells has at most C(64, 32) < 2^61 fillings, so no count (nor product of a prefix's
    /// and a suffix's, which counts fillings too) overflows a `u64`.
    pub(crate) fn solve(&mut self, known: &[u8], out: &mut Vec<u8>, exclude: &[u64]) -> bool {
        if exclude.is_empty() {
            return self.reach(known, out);
        }
        let n = known.len();
        let (low, high) = (n / 2, n.div_ceil(2));
        let width = (high + 1) * STATES;
        let at = |i: usize, ones: usize, s: usize| i * width + ones * STATES + s;
        self.forward.clear();
        self.forward.resize((n + 1) * width, 0);
        self.backward.clear();
        self.backward.resize((n + 1) * width, 0);
        let allowed = |k: u8, v: u8| k == UNKNOWN || k == v;
        self.forward[at(0, 0, START)] = 1;
        for (i, &known_i) in known.iter().enumerate() {
            for ones in 0..=i.min(high) {
                for s in 0..STATES {
                    let ways = self.forward[at(i, ones, s)];
                    if ways == 0 {
                        continue;
                    }
                    for v in [ZERO, ONE] {
                        let o = ones + usize::from(v);
                        if !allowed(known_i, v) || o > high {
                            continue;
                        }
                        if let Some(t) = step(s, v) {
                            self.forward[at(i + 1, o, t)] += ways;
                        }
                    }
                }
            }
        }
        for ones in low..=high {
            for s in 0..STATES {
                self.backward[at(n, ones, s)] = 1;
            }
        }
        for (i, &known_i) in known.iter().enumerate().rev() {
            for ones in 0..=i.min(high) {
                for s in 0..STATES {
                    let mut ways = 0;
                    for v in [ZERO, ONE] {
                        let o = ones + usize::from(v);
                        if !allowed(known_i, v) || o > high {
                            continue;
                        }
                        if let Some(t) = step(s, v) {
                            ways += self.backward[at(i + 1, o, t)];
                        }
                    }
                    self.backward[at(i, ones, s)] = ways;
                }
            }
        }
        let total = self.backward[at(0, 0, START)];
        if total <= exclude.len() as u64 {
            return false;
        }
        out.clear();
        for (i, &known_i) in known.iter().enumerate() {
            let mut through = [0u64; 2];
            for ones in 0..=i.min(high) {
                for s in 0..STATES {
                    let ways = self.forward[at(i, ones, s)];
                    if ways == 0 {
                        continue;
                    }
                    for v in [ZERO, ONE] {
                        let o = ones + usize::from(v);
                        if !allowed(known_i, v) || o > high {
                            continue;
                        }
                        if let Some(t) = step(s, v) {
                            through[usize::from(v)] += ways * self.backward[at(i + 1, o, t)];
                        }
                    }
                }
            }
            for &line in exclude {
                through[usize::from(line & (1 << i) != 0)] -= 1;
            }
            out.push(match through {
                [0, _] => ONE,
                [_, 0] => ZERO,
                _ => UNKNOWN,
            });
        }
        true
    }

    /// [`LineSolver::solve`] without excluded lines: the same passes over sets of states (a
    /// bit a state) instead of counts, several times cheaper, for the lines no complete line
    /// agrees with.
    fn reach(&mut self, known: &[u8], out: &mut Vec<u8>) -> bool {
        let n = known.len();
        let (low, high) = (n / 2, n.div_ceil(2));
        let width = high + 1;
        let at = |i: usize, ones: usize| i * width + ones;
        self.forward_sets.clear();
        self.forward_sets.resize((n + 1) * width, 0);
        self.backward_sets.clear();
        self.backward_sets.resize((n + 1) * width, 0);
        let allowed = |k: u8, v: u8| k == UNKNOWN || k == v;
        self.forward_sets[at(0, 0)] = 1 << START;
        for (i, &known_i) in known.iter().enumerate() {
            for ones in 0..=i.min(high) {
                let states = self.forward_sets[at(i, ones)];
                if states == 0 {
                    continue;
                }
                for s in (0..STATES).filter(|s| states & (1 << s) != 0) {
                    for v in [ZERO, ONE] {
                        let o = ones + usize::from(v);
                        if !allowed(known_i, v) || o > high {
                            continue;
                        }
                        if let Some(t) = step(s, v) {
                            self.forward_sets[at(i + 1, o)] |= 1 << t;
                        }
                    }
                }
            }
        }
        for ones in low..=high {
            self.backward_sets[at(n, ones)] = (1 << STATES) - 1;
        }
        for (i, &known_i) in known.iter().enumerate().rev() {
            for ones in 0..=i.min(high) {
                let mut states = 0u8;
                for s in 0..STATES {
                    for v in [ZERO, ONE] {
                        let o = ones + usize::from(v);
                        if !allowed(known_i, v) || o > high {
                            continue;
                        }
                        if step(s, v).is_some_and(|t| self.backward_sets[at(i + 1, o)] & (1 << t) != 0) {
                            states |= 1 << s;
                        }
                    }
                }
                self.backward_sets[at(i, ones)] = states;
            }
        }
        if self.backward_sets[at(0, 0)] & (1 << START) == 0 {
            return false;
        }
        out.clear();
        for (i, &known_i) in known.iter().enumerate() {
            let mut can = [false; 2];
            for ones in 0..=i.min(high) {
                let states = self.forward_sets[at(i, ones)];
                for s in (0..STATES).filter(|s| states & (1 << s) != 0) {
                    for v in [ZERO, ONE] {
                        let o = ones + usize::from(v);
                        if !allowed(known_i, v) || o > high {
                            continue;
                        }
                        if step(s, v).is_some_and(|t| self.backward_sets[at(i + 1, o)] & (1 << t) != 0) {
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
    exclude: Vec<u64>,
    /// A cell whose deciding ends a propagation early (the generator's question is only whether
    /// one cell is decided; see `logic::settles_from`).
    pub(crate) watch: Option<usize>,
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

    /// Solves `line` on `state`'s values: `out` gets what it decides (see [`LineSolver::solve`];
    /// on a board of distinct lines, the complete lines of its direction that agree with its
    /// known cells are the fillings excluded). `false` when it cannot be filled.
    pub(crate) fn solve_line(&self, state: &[u8], line: usize, work: &mut Work) -> bool {
        let cells = &self.lines[line];
        work.cells.clear();
        work.cells.extend(cells.iter().map(|&c| state[c]));
        work.exclude.clear();
        if self.distinct {
            let (mut known, mut ones) = (0u64, 0u64);
            for (k, &v) in work.cells.iter().enumerate() {
                if v != UNKNOWN {
                    known |= 1 << k;
                    if v == ONE {
                        ones |= 1 << k;
                    }
                }
            }
            // The complete lines of its direction that agree with its known cells (each cell
            // read once, and a line left at its first open or disagreeing cell).
            'others: for other in self.direction(line) {
                if other == line {
                    continue;
                }
                let mut mask = 0u64;
                for (k, &c) in self.lines[other].iter().enumerate() {
                    let v = state[c];
                    if v == UNKNOWN || (known & (1 << k) != 0 && (v == ONE) != (ones & (1 << k) != 0)) {
                        continue 'others;
                    }
                    if v == ONE {
                        mask |= 1 << k;
                    }
                }
                if !work.exclude.contains(&mask) {
                    work.exclude.push(mask);
                }
            }
        }
        if !work.cells.contains(&UNKNOWN) {
            // A complete line: its rules and the lines it may not copy, without the passes.
            let n = work.cells.len();
            let ones = work.cells.iter().filter(|&&v| v == ONE).count();
            let alike = work.exclude.len(); // agreeing on every cell: equal
            work.out.clone_from(&work.cells);
            return alike == 0
                && (n / 2..=n.div_ceil(2)).contains(&ones)
                && work.cells.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]));
        }
        work.solver.solve(&work.cells, &mut work.out, &work.exclude)
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
            if work.watch.is_some_and(|cell| state[cell] != UNKNOWN) {
                return Ok(());
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
        // Pushed second, tried first. Without a generator of random numbers, a fixed scramble of
        // the cell's number: the same digit first everywhere fills every row with the same
        // pattern, which the distinct-lines rule then refutes only when the columns complete
        // (an empty 30x30 took more than 5 s that way; scrambled, milliseconds).
        let first = match rng.as_deref_mut() {
            Some(rng) => u8::from(rng.random_bool(0.5)),
            None => u8::from((cell as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1),
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

    /// Whether a line's cells `values` (all known) keep both local rules.
    fn line_keeps(values: &[u8]) -> bool {
        let ones = values.iter().filter(|&&v| v == ONE).count();
        let n = values.len();
        (n / 2..=n.div_ceil(2)).contains(&ones) && values.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]))
    }

    /// Every filling of `known` but `exclude` by brute force: which digits each cell takes.
    fn brute(known: &[u8], exclude: &[u64]) -> Option<Vec<u8>> {
        let n = known.len();
        let mut can = vec![[false; 2]; n];
        let mut any = false;
        for m in 0u32..1 << n {
            let values: Vec<u8> = (0..n).map(|k| u8::from(m & (1 << k) != 0)).collect();
            if values.iter().zip(known).any(|(&v, &k)| k != UNKNOWN && k != v)
                || !line_keeps(&values)
                || exclude.contains(&u64::from(m))
            {
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
    fn the_line_solver_is_exact_on_every_known_pattern_up_to_eight_cells_with_and_without_an_excluded_line() {
        let mut solver = LineSolver::default();
        let mut out = Vec::new();
        for n in 1..=8usize {
            for code in 0..3u32.pow(n as u32) {
                let known: Vec<u8> = (0..n).map(|k| (code / 3u32.pow(k as u32) % 3) as u8).collect();
                // Excluded: the first filling agreeing with `known`, on every other pattern.
                let mut exclude = Vec::new();
                if code % 2 == 1 {
                    let first = (0u64..1 << n).find(|&m| {
                        let values: Vec<u8> = (0..n).map(|k| u8::from(m & (1 << k) != 0)).collect();
                        line_keeps(&values)
                            && values.iter().zip(&known).all(|(&v, &k)| k == UNKNOWN || k == v)
                    });
                    exclude.extend(first);
                }
                let ok = solver.solve(&known, &mut out, &exclude);
                match brute(&known, &exclude) {
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
