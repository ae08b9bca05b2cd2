//! The solver: every line's exact logic to a fixpoint ([`LineSolver`]), then a depth-first search
//! on one cell at a time, each branch propagated again.
//!
//! - **Propagation.** A queue of lines, each in it at most once: a line is solved exactly; each
//!   cell it decides puts the crossing line back in the queue. A line no placement fits ends the
//!   branch. This is what every strong nonogram solver starts with (pbnsolve, Batenburg and
//!   Kosters); with exact lines, most published puzzles need no search at all.
//! - **Probing.** Before branching, each unknown cell of the lines nearest to done is tried both
//!   ways with propagation; a way that fails decides the cell the other way, and when neither
//!   fails, the cell whose trial decided the most cells is the one to branch on (pbnsolve's
//!   probing, which Wolter found the strongest single addition to line solving). A probe counts
//!   as a node for the budget.
//! - **Branch.** The chosen cell shaded, then empty; the search stops at `limit` solutions.
//!
//! The budget (nodes, clock, cancel flag) is read every
//! [`BOARD_NODE`](crate::common::budget::check_every::BOARD_NODE) nodes: a node propagates lines
//! across the whole board.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::check_every;
use crate::nonogram::line::{LineSolver, EMPTY, SHADED, UNKNOWN};
use crate::nonogram::{Nonogram, Shading};

/// The board's lines as the propagation walks them.
pub(crate) struct Layout {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// Each line's cells and runs: the rows, then the columns.
    pub(crate) lines: Vec<(Vec<usize>, Vec<u32>)>,
    /// The two lines through each cell: its row and its column.
    pub(crate) through: Vec<[usize; 2]>,
}

/// Why a propagation stopped short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dead {
    /// This line can hold its runs in no way.
    Line(usize),
    /// The clock of [`Work::clock`] ran out (read every [`LINES_PER_CLOCK`] lines solved: one
    /// propagation over a 200x200 board of long clues takes longer than a deadline).
    GaveUp(GaveUp),
}

/// Lines solved between two readings of the clock in a propagation.
const LINES_PER_CLOCK: u32 = 16;

impl Work {
    /// Scratch space whose propagations read `budget`'s clock.
    pub(crate) fn with_clock(budget: &Budget) -> Work {
        Work { clock: Some(budget.without_nodes()), ..Work::default() }
    }
}

impl Layout {
    pub(crate) fn new(board: &Nonogram) -> Layout {
        let (width, height) = (board.width(), board.height());
        let lines = board.lines().into_iter().map(|(cells, runs)| (cells, runs.to_vec())).collect();
        let through = (0..width * height).map(|i| [i / width, height + i % width]).collect();
        Layout { width, height, lines, through }
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
            let (cells, runs) = &self.lines[line];
            work.cells.clear();
            work.cells.extend(cells.iter().map(|&c| state[c]));
            // A full line is solved too (a branch may have filled it): then it decides nothing.
            if !work.solver.solve(runs, &work.cells, &mut work.out) {
                return Err(Dead::Line(line));
            }
            for (k, &cell) in cells.iter().enumerate() {
                if work.cells[k] == UNKNOWN && work.out[k] != UNKNOWN {
                    state[cell] = work.out[k];
                    if let Some(trail) = trail.as_deref_mut() {
                        trail.push(cell);
                    }
                    let other = self.through[cell].into_iter().find(|&l| l != line).unwrap_or(line);
                    if !work.queued[other] {
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

    /// Every line, for the first propagation.
    pub(crate) fn all(&self) -> std::ops::Range<usize> {
        0..self.lines.len()
    }

    /// The answer of a full state.
    pub(crate) fn answer(&self, state: &[u8]) -> Shading {
        Shading::new(self.width, self.height, state.iter().map(|&v| v == SHADED).collect())
            .expect("the board's size")
    }
}

/// The propagation's scratch space, and the clock it reads.
#[derive(Default)]
pub(crate) struct Work {
    /// The budget whose clock and cancel flag a propagation reads (none: it runs to its end).
    pub(crate) clock: Option<Budget>,
    solved: u32,
    solver: LineSolver,
    queue: Vec<usize>,
    queued: Vec<bool>,
    cells: Vec<u8>,
    out: Vec<u8>,
}

/// What probing a node found.
enum Probe {
    /// A probe failed both ways, or propagation after a forced cell failed.
    Dead,
    /// Every cell is known.
    Solved,
    /// Branch on this cell.
    Branch(usize),
}

/// Cells probed at a node at most (the unknown cells of the lines nearest to done first).
const PROBES: usize = 96;

/// Visits up to `limit` solutions in the search's order, within `budget`.
pub(crate) fn search(board: &Nonogram, limit: u64, budget: &Budget, visit: &mut dyn FnMut(Shading)) -> Count {
    let mut stats = Stats::default();
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats };
    }
    let layout = Layout::new(board);
    let mut work = Work::with_clock(budget);
    let mut root = vec![UNKNOWN; layout.width * layout.height];
    let mut stack = Vec::new();
    match layout.propagate(&mut root, layout.all(), &mut work, None) {
        Ok(()) => stack.push(root),
        Err(Dead::Line(_)) => {}
        Err(Dead::GaveUp(reason)) => return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats },
    }
    let mut found = 0;
    while let Some(mut state) = stack.pop() {
        stats.nodes += 1;
        if let Err(reason) = budget.spend(stats.nodes, check_every::BOARD_NODE) {
            return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats };
        }
        let cell = match probe(&layout, &mut state, &mut work, budget, &mut stats.nodes) {
            Ok(Probe::Dead) => continue,
            Ok(Probe::Solved) => {
                visit(layout.answer(&state));
                found += 1;
                if found >= limit {
                    return Count { solutions: found, outcome: Outcome::LimitReached, stats };
                }
                continue;
            }
            Ok(Probe::Branch(cell)) => cell,
            Err(reason) => return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats },
        };
        for value in [EMPTY, SHADED] {
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

/// The unknown cells in probing order: those of the lines with the fewest unknown cells first.
fn candidates(layout: &Layout, state: &[u8]) -> Vec<usize> {
    let mut lines: Vec<(usize, usize)> = layout
        .lines
        .iter()
        .enumerate()
        .map(|(i, (cells, _))| (cells.iter().filter(|&&c| state[c] == UNKNOWN).count(), i))
        .filter(|&(unknown, _)| unknown > 0)
        .collect();
    lines.sort_unstable();
    let mut seen = vec![false; state.len()];
    let mut cells = Vec::new();
    for (_, line) in lines {
        for &cell in &layout.lines[line].0 {
            if state[cell] == UNKNOWN && !seen[cell] {
                seen[cell] = true;
                cells.push(cell);
            }
        }
        if cells.len() >= PROBES {
            break;
        }
    }
    cells.truncate(PROBES);
    cells
}

/// Probes the node's cells; decides those whose one value fails; says where to branch.
fn probe(
    layout: &Layout,
    state: &mut [u8],
    work: &mut Work,
    budget: &Budget,
    nodes: &mut u64,
) -> Result<Probe, GaveUp> {
    loop {
        let cells = candidates(layout, state);
        if cells.is_empty() {
            return Ok(Probe::Solved);
        }
        let mut best = (0, cells[0]);
        let mut forced = false;
        for &cell in &cells {
            if state[cell] != UNKNOWN {
                continue;
            }
            let mut gains = [0usize; 2];
            let mut fails = [false; 2];
            for (k, value) in [SHADED, EMPTY].into_iter().enumerate() {
                *nodes += 1;
                budget.spend(*nodes, check_every::BOARD_NODE)?;
                let mut trial = state.to_vec();
                trial[cell] = value;
                let mut trail = Vec::new();
                match layout.propagate(&mut trial, layout.through[cell], work, Some(&mut trail)) {
                    Ok(()) => gains[k] = trail.len(),
                    Err(Dead::Line(_)) => fails[k] = true,
                    Err(Dead::GaveUp(reason)) => return Err(reason),
                }
            }
            match fails {
                [true, true] => return Ok(Probe::Dead),
                [true, false] | [false, true] => {
                    state[cell] = if fails[0] { EMPTY } else { SHADED };
                    match layout.propagate(state, layout.through[cell], work, None) {
                        Ok(()) => {}
                        Err(Dead::Line(_)) => return Ok(Probe::Dead),
                        Err(Dead::GaveUp(reason)) => return Err(reason),
                    }
                    forced = true;
                }
                [false, false] => {
                    let score = gains[0].min(gains[1]) * 4 + gains[0].max(gains[1]);
                    if score > best.0 {
                        best = (score, cell);
                    }
                }
            }
        }
        if !forced {
            return Ok(if state[best.1] == UNKNOWN { Probe::Branch(best.1) } else { Probe::Solved });
        }
    }
}
