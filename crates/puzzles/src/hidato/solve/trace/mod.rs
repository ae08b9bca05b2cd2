//! The teaching search: the seed's depth-first Hidato solver (slides 004, "Solver — Algorithm"),
//! step by step, for the Learn view and `tessera hidato solve --engine trace`.
//!
//! # The search
//!
//! The path grows from 1. With k placed on cell c, number k + 1 goes:
//!
//! 1. onto its own cell if k + 1 is **given**: the path jumps there if that cell touches c, and
//!    otherwise this branch is a dead end (the seed's case (1));
//! 2. else onto each **free neighbour** of c in turn, in the order of [`Adjacency::steps`] (up,
//!    left, right, down for Numbrix; the eight king moves row by row for Hidato), the search going
//!    on from there; on the way back the cell is emptied again (the seed's case (2)). A cell of
//!    k with no free neighbour at all is a dead end.
//!
//! The path is complete when N is placed: a solution. When 1 is not given, the first level tries
//! every free cell for 1, row by row. This is the seed's search with its recursion on an
//! explicit stack (`Frame`s), since a path is as deep as the board has cells (a 1000x1000 board
//! is a million levels: far past a thread's stack).
//!
//! # Two prunes (on by default; [`TraceOptions::prune`] off gives the seed's plain search)
//!
//! 1. **Distance to the next given.** Before k + 1 is placed on a free cell x, the next given
//!    number g > k + 1 (at cell p) must still be reachable: the path needs g - (k + 1) steps from
//!    x to p, and one step moves at most one row and one column (Chebyshev distance; Manhattan
//!    for Numbrix), so `dist(x, p) > g - (k + 1)` rules x out, reported as "20 at (2,3): cannot
//!    reach given 23 at (5,1) in 3 steps". It is the cheapest sound rule and the one a person
//!    uses first: without it the path wanders into every corner before it learns that a given
//!    far away cannot be reached (figures in docs/learn-hidato.md).
//! 2. **No stranded cell.** Moving the head from k's cell c to x makes c useless to its free
//!    neighbours (k - 1 and k + 1 are placed elsewhere). A free cell y will hold some m > k + 1,
//!    with m - 1 and m + 1 on two different neighbours of y, each free now, or x (the new head),
//!    or a given above k + 1: its *ways in*. So a free neighbour y of c (other than x) with no
//!    way in is cut off, and one with a single way in must hold N: impossible if N is given, or
//!    if two neighbours of c are in that state. Reported as "13 at (3,4) would cut off (2,5)" or
//!    "13 at (3,4) would leave (2,5) one way in, a cell only 56 could end on, and 56 is given
//!    elsewhere". Only c's neighbours are looked at, as they are the only cells whose ways in
//!    the move took away: eight cells of eight neighbours, a constant per candidate.
//!
//! (The main solvers' stronger rules, distances *through free cells*, components and matchings,
//! are in the module header of `solve/mod.rs`; the trace keeps to what one slide can explain.)
//!
//! # Counters
//!
//! A **node** is a placement: a number put on a free cell, or the path jumping onto a given
//! (1's cell included). **Updates** are writes to the board: a free cell filled or emptied (a jump
//! onto a given writes nothing). The node budget counts nodes; the clock and the cancel flag are
//! read every [`Budget::CHECK_INTERVAL`] nodes. The callback sees every event with the counters
//! after it, and stops the search by returning `ControlFlow::Break` (then
//! `GaveUp::Cancelled`).

use std::ops::ControlFlow;

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::hidato::{Adjacency, Hidato, EMPTY};

mod event;

/// The seed's solver example (slides 004, "Solver — Result"), in the seed's text format: the
/// board the Learn view's Hidato lesson opens on, and the tests' known answer.
pub const SEED_EXAMPLE: &str = "10 10
-1 -1 -1 -1 0 53 -1 -1 -1 -1
-1 -1 -1 -1 0 0 -1 -1 -1 -1
-1 -1 56 0 0 0 30 0 -1 -1
-1 -1 0 0 0 0 0 0 -1 -1
-1 0 0 20 22 0 0 0 0 -1
-1 13 0 23 47 0 41 0 34 -1
0 0 11 18 0 0 0 42 35 37
0 0 0 0 5 3 1 0 0 0
-1 -1 -1 -1 0 0 -1 -1 -1 -1
-1 -1 -1 -1 7 0 -1 -1 -1 -1
";

pub use event::{DeadEnd, TraceCounts, TraceEvent};

/// What the trace is asked.
#[derive(Debug, Clone)]
pub struct TraceOptions {
    /// Stop after this many solutions.
    pub limit: u64,
    /// Solutions kept (the first ones), up to `limit`.
    pub keep: u64,
    /// The node budget, deadline and cancel flag.
    pub budget: Budget,
    /// The distance-to-the-next-given prune (the module header); `false` is the seed's search.
    pub prune: bool,
}

/// How a trace ended: the count (nodes and updates in its stats) and the first solutions.
#[derive(Debug, Clone)]
pub struct TraceEnd {
    /// Solutions, outcome, nodes and updates.
    pub count: Count,
    /// The first [`TraceOptions::keep`] solutions.
    pub found: Vec<Hidato>,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions { limit: u64::MAX, keep: 1, budget: Budget::unlimited(), prune: true }
    }
}

/// A level of the path: the cell of its number and the next candidate to try for the number
/// after it (an index into that cell's neighbours, or into all cells at the root).
#[derive(Debug, Clone, Copy)]
struct Frame {
    cell: usize,
    next: usize,
}

/// Why the loop stopped early.
enum Halt {
    Limit,
    GaveUp(GaveUp),
}

/// The search's state: the board, the path, the givens and the counters.
struct Run<'p, F> {
    puzzle: &'p Hidato,
    options: &'p TraceOptions,
    /// The board as the path left it: givens, placed numbers, `EMPTY`.
    value: Vec<i32>,
    /// The neighbours of each cell (holes left out), in [`Adjacency::steps`] order.
    neighbours: Vec<Vec<usize>>,
    /// `given_cell[k]`: the cell of given k, or `usize::MAX`.
    given_cell: Vec<usize>,
    /// `next_given[k]`: the smallest given number above k, or 0 when none.
    next_given: Vec<usize>,
    stack: Vec<Frame>,
    counts: TraceCounts,
    found: Vec<Hidato>,
    f: F,
}

/// Runs the teaching search on `puzzle`, handing each event to `f` (see the module header).
///
/// ```
/// use std::ops::ControlFlow;
/// use tessera::hidato::{trace, Adjacency, Hidato, TraceOptions};
/// let puzzle = Hidato::new(3, 1, vec![1, 0, 3], Adjacency::King)?;
/// let mut events = Vec::new();
/// let end = trace(&puzzle, &TraceOptions::default(), |event, _| {
///     events.push(*event);
///     ControlFlow::Continue(())
/// });
/// assert_eq!(end.count.solutions, 1);
/// assert_eq!(end.found[0].cells(), &[1, 2, 3]);
/// assert_eq!(events.len(), 7); // place 1, 2, 3; solution; unplace 3, 2, 1
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn trace<F>(puzzle: &Hidato, options: &TraceOptions, f: F) -> TraceEnd
where
    F: FnMut(&TraceEvent, TraceCounts) -> ControlFlow<()>,
{
    let n = puzzle.size();
    let cells = puzzle.cells().len();
    let mut given_cell = vec![usize::MAX; n + 2];
    for (cell, &v) in puzzle.cells().iter().enumerate() {
        if v > 0 {
            given_cell[v as usize] = cell;
        }
    }
    let mut next_given = vec![0; n + 2];
    for k in (0..=n).rev() {
        next_given[k] = if given_cell[k + 1] != usize::MAX { k + 1 } else { next_given[k + 1] };
    }
    let neighbours = (0..cells)
        .map(|c| if puzzle.is_hole(c) { Vec::new() } else { puzzle.neighbours(c).collect() })
        .collect();
    let mut run = Run {
        puzzle,
        options,
        value: puzzle.cells().to_vec(),
        neighbours,
        given_cell,
        next_given,
        stack: Vec::with_capacity(n),
        counts: TraceCounts::default(),
        found: Vec::new(),
        f,
    };
    let outcome = if options.limit == 0 {
        Outcome::LimitReached
    } else {
        match run.search() {
            Ok(()) => Outcome::Exhausted,
            Err(Halt::Limit) => Outcome::LimitReached,
            Err(Halt::GaveUp(reason)) => Outcome::GaveUp(reason),
        }
    };
    let stats = Stats { nodes: run.counts.nodes, updates: run.counts.updates };
    TraceEnd { count: Count { solutions: run.counts.solutions, outcome, stats }, found: run.found }
}

impl<F> Run<'_, F>
where
    F: FnMut(&TraceEvent, TraceCounts) -> ControlFlow<()>,
{
    fn emit(&mut self, event: TraceEvent) -> Result<(), Halt> {
        match (self.f)(&event, self.counts) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Halt::GaveUp(GaveUp::Cancelled)),
        }
    }

    /// Steps between two cells by the adjacency (a lower bound on the path's length).
    fn distance(&self, a: usize, b: usize) -> usize {
        let width = self.puzzle.width();
        let (dx, dy) = ((a % width).abs_diff(b % width), (a / width).abs_diff(b / width));
        match self.puzzle.adjacency() {
            Adjacency::King => dx.max(dy),
            Adjacency::Orthogonal => dx + dy,
        }
    }

    /// The distance prune for `number` on free cell `cell`: the dead end, if it is one.
    fn too_far(&self, number: usize, cell: usize) -> Option<DeadEnd> {
        let given = self.next_given[number];
        if !self.options.prune || given == 0 {
            return None;
        }
        let given_cell = self.given_cell[given];
        (self.distance(cell, given_cell) > given - number).then_some(DeadEnd::TooFar {
            cell,
            given,
            given_cell,
        })
    }

    /// The stranded-cell prune for `number` on free cell `cell`, the path's head on `from`.
    fn strands(&self, number: usize, from: usize, cell: usize) -> Option<DeadEnd> {
        if !self.options.prune {
            return None;
        }
        let n = self.puzzle.size();
        // One free cell may end the path with one way in, if N is still to be placed.
        let mut ends_left = usize::from(self.given_cell[n] == usize::MAX);
        for &stranded in &self.neighbours[from] {
            if stranded == cell || self.value[stranded] != EMPTY {
                continue;
            }
            let ways = self.neighbours[stranded]
                .iter()
                .filter(|&&z| self.value[z] == EMPTY || self.value[z] > number as i32)
                .take(2)
                .count();
            match ways {
                0 => return Some(DeadEnd::Strands { cell, stranded, ways }),
                1 if ends_left == 0 => return Some(DeadEnd::Strands { cell, stranded, ways }),
                1 => ends_left -= 1,
                _ => {}
            }
        }
        None
    }

    /// Puts `number` on `cell` (a placement: one node) and pushes its level.
    fn place(&mut self, number: usize, cell: usize) -> Result<(), Halt> {
        self.options.budget.spend(self.counts.nodes + 1, Budget::CHECK_INTERVAL).map_err(Halt::GaveUp)?;
        self.counts.nodes += 1;
        let given = self.given_cell[number] == cell;
        if !given {
            self.value[cell] = number as i32;
            self.counts.updates += 1;
        }
        self.stack.push(Frame { cell, next: 0 });
        self.emit(TraceEvent::Place { number, cell, given })
    }

    /// Takes the top number off the path.
    fn retreat(&mut self) -> Result<(), Halt> {
        let number = self.stack.len();
        let Frame { cell, .. } = self.stack.pop().expect("a level to retreat from");
        let given = self.given_cell[number] == cell;
        if !given {
            self.value[cell] = EMPTY;
            self.counts.updates += 1;
        }
        self.emit(TraceEvent::Unplace { number, cell, given })
    }

    /// The next cell to try for the number after the top of the path,
    /// reporting the cells the prune rules out; `None` when the level has no candidate left.
    /// The path is not empty (the root's candidates are `root_candidate`'s).
    fn next_candidate(&mut self) -> Result<Option<usize>, Halt> {
        let number = self.stack.len() + 1;
        let given_cell = self.given_cell[number];
        let Frame { cell: from, next } = *self.stack.last().expect("a path to extend");
        let top = self.stack.len() - 1;
        if given_cell != usize::MAX {
            self.stack[top].next = 1;
            if next > 0 {
                return Ok(None);
            }
            if self.neighbours[from].contains(&given_cell) {
                return Ok(Some(given_cell));
            }
            let reason = DeadEnd::GivenOutOfReach { from, given_cell };
            self.emit(TraceEvent::DeadEnd { number, reason })?;
            return Ok(None);
        }
        let mut i = next;
        while i < self.neighbours[from].len() {
            let cell = self.neighbours[from][i];
            i += 1;
            if self.value[cell] != EMPTY {
                continue;
            }
            self.stack[top].next = i;
            if let Some(reason) = self.too_far(number, cell).or_else(|| self.strands(number, from, cell)) {
                self.emit(TraceEvent::DeadEnd { number, reason })?;
                continue;
            }
            return Ok(Some(cell));
        }
        self.stack[top].next = i;
        // Tried cells are free again once their subtrees are undone, so no free neighbour now
        // means none at all: a dead end in itself, not a retreat after failed tries.
        if !self.neighbours[from].iter().any(|&c| self.value[c] == EMPTY) {
            let reason = DeadEnd::NoFreeNeighbour { cell: from };
            self.emit(TraceEvent::DeadEnd { number, reason })?;
        }
        Ok(None)
    }

    /// The loop: grow the path while a candidate is left, retreat when none is.
    fn search(&mut self) -> Result<(), Halt> {
        let n = self.puzzle.size();
        let mut root_next = 0;
        loop {
            if self.stack.is_empty() {
                let Some(cell) = self.root_candidate(&mut root_next)? else {
                    return Ok(());
                };
                self.place(1, cell)?;
                continue;
            }
            if self.stack.len() == n {
                self.counts.solutions += 1;
                if (self.found.len() as u64) < self.options.keep {
                    let mut answer = self.puzzle.clone();
                    for (k, frame) in self.stack.iter().enumerate() {
                        answer.set(frame.cell, k as i32 + 1);
                    }
                    self.found.push(answer);
                }
                self.emit(TraceEvent::Solution)?;
                if self.counts.solutions >= self.options.limit {
                    return Err(Halt::Limit);
                }
                self.retreat()?;
                continue;
            }
            match self.next_candidate()? {
                Some(cell) => self.place(self.stack.len() + 1, cell)?,
                None => self.retreat()?,
            }
        }
    }

    /// 1's cell: its given cell (once), else the free cells in turn, pruned by distance.
    fn root_candidate(&mut self, root_next: &mut usize) -> Result<Option<usize>, Halt> {
        if self.given_cell[1] != usize::MAX {
            let first = *root_next == 0;
            *root_next = 1;
            return Ok(first.then_some(self.given_cell[1]));
        }
        while *root_next < self.value.len() {
            let cell = *root_next;
            *root_next += 1;
            if self.value[cell] != EMPTY {
                continue;
            }
            if let Some(reason) = self.too_far(1, cell) {
                self.emit(TraceEvent::DeadEnd { number: 1, reason })?;
                continue;
            }
            return Ok(Some(cell));
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests;
