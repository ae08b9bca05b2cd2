//! The solver: propagation to a fixpoint, then a depth-first search on the unlit cell with the
//! fewest possible lighters.
//!
//! ```text
//!   segments   each maximal run of white cells along a row or a column: at most one bulb each
//!   sees[c]    the cells of c's row segment and column segment (c once): c's possible lighters
//!   state[c]   UNKNOWN, BULB or EMPTY for a white cell; walls stay WALL
//! ```
//!
//! - **Propagation** ([`Layout::propagate`]), the rules players use first: a bulb makes every
//!   other cell it sees empty (a second bulb there would be lit by it); a numbered wall whose
//!   bulbs reach its number makes its other open neighbours empty, and one whose open neighbours
//!   are just enough makes them all bulbs; an unlit cell none of whose lighters can still hold a
//!   bulb is a contradiction, and one with a single lighter makes it a bulb. Sweeps over the
//!   walls and the unlit cells repeat until one changes nothing: a board has at most 3,600
//!   cells, so a sweep is cheap beside the bookkeeping of a queue.
//! - **Branch.** The unlit cell with the fewest lighters `l1 .. lk`: the branches are "l1 is a
//!   bulb", "l1 empty and l2 a bulb", ..., so that they are disjoint (a cell may be lit twice,
//!   from its row and its column) and a count counts each solution once.
//! - **Solved** when no cell is unlit: a lit white cell is never UNKNOWN (its bulb made it
//!   empty), so every cell is decided, and every wall was checked when its last neighbour was.
//!
//! The budget is read every [`BOARD_NODE`](check_every::BOARD_NODE) nodes (a node sweeps the board) and while
//! the layout is built; a state is a copy of a few thousand bytes a node, as in the nonogram
//! solver.

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::akari::{Akari, Bulbs, Cell};
use crate::common::budget::check_every;

/// A white cell not yet decided.
pub(crate) const UNKNOWN: u8 = 0;
/// A bulb.
pub(crate) const BULB: u8 = 1;
/// A white cell without a bulb.
pub(crate) const EMPTY: u8 = 2;
/// A wall.
pub(crate) const WALL: u8 = 3;

/// The board as the propagation walks it.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// Each segment's cells.
    pub(crate) segments: Vec<Vec<usize>>,
    /// Each white cell's possible lighters, itself first.
    pub(crate) sees: Vec<Vec<usize>>,
    /// Each numbered wall: its cell, its number, its white neighbours.
    pub(crate) walls: Vec<(usize, u8, Vec<usize>)>,
    /// The white cells.
    pub(crate) whites: Vec<usize>,
}

/// A rule the state breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dead {
    /// Two bulbs see each other.
    Bulbs(usize, usize),
    /// This numbered wall cannot have its number.
    Wall(usize),
    /// This cell can no longer be lit.
    Dark(usize),
}

impl Layout {
    pub(crate) fn new(board: &Akari) -> Layout {
        let (w, h) = (board.width(), board.height());
        let n = w * h;
        let mut segments: Vec<Vec<usize>> = Vec::new();
        let mut through = vec![[usize::MAX; 2]; n];
        // Rows, then columns: a segment starts at a white cell whose predecessor is not white.
        for (dir, (outer, inner, at)) in [
            (h, w, Box::new(move |a: usize, b: usize| a * w + b) as Box<dyn Fn(usize, usize) -> usize>),
            (w, h, Box::new(move |a: usize, b: usize| b * w + a)),
        ]
        .into_iter()
        .enumerate()
        {
            for a in 0..outer {
                let mut current: Option<usize> = None;
                for b in 0..inner {
                    let i = at(a, b);
                    if board.is_white(i) {
                        let s = *current.get_or_insert_with(|| {
                            segments.push(Vec::new());
                            segments.len() - 1
                        });
                        segments[s].push(i);
                        through[i][dir] = s;
                    } else {
                        current = None;
                    }
                }
            }
        }
        let whites: Vec<usize> = (0..n).filter(|&i| board.is_white(i)).collect();
        let mut sees = vec![Vec::new(); n];
        for &i in &whites {
            let mut seen = vec![i];
            for s in through[i] {
                seen.extend(segments[s].iter().copied().filter(|&j| j != i));
            }
            sees[i] = seen;
        }
        let walls = (0..n)
            .filter_map(|i| match board.cells()[i] {
                Cell::Wall(Some(k)) => {
                    Some((i, k, board.neighbours(i).into_iter().filter(|&j| board.is_white(j)).collect()))
                }
                _ => None,
            })
            .collect();
        Layout { width: w, height: h, segments, sees, walls, whites }
    }

    /// The state before anything is decided.
    pub(crate) fn start(&self) -> Vec<u8> {
        let mut state = vec![WALL; self.width * self.height];
        for &i in &self.whites {
            state[i] = UNKNOWN;
        }
        state
    }

    /// Whether white cell `i` is lit by a bulb.
    pub(crate) fn lit(&self, state: &[u8], i: usize) -> bool {
        self.sees[i].iter().any(|&j| state[j] == BULB)
    }

    /// Puts a bulb on `i` and makes the cells it sees empty; `trail` gets each cell decided.
    pub(crate) fn place(
        &self,
        state: &mut [u8],
        i: usize,
        trail: &mut Option<&mut Vec<usize>>,
    ) -> Result<(), Dead> {
        if state[i] == EMPTY {
            return Err(Dead::Dark(i));
        }
        if state[i] == BULB {
            return Ok(());
        }
        state[i] = BULB;
        if let Some(t) = trail.as_deref_mut() {
            t.push(i);
        }
        for &j in &self.sees[i][1..] {
            match state[j] {
                BULB => return Err(Dead::Bulbs(i, j)),
                UNKNOWN => {
                    state[j] = EMPTY;
                    if let Some(t) = trail.as_deref_mut() {
                        t.push(j);
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The rules of the module header to a fixpoint; each cell decided is pushed on `trail`.
    pub(crate) fn propagate(&self, state: &mut [u8], mut trail: Option<&mut Vec<usize>>) -> Result<(), Dead> {
        loop {
            let mut changed = false;
            for (wall, &(_, k, ref around)) in self.walls.iter().enumerate() {
                let k = usize::from(k);
                let bulbs = around.iter().filter(|&&j| state[j] == BULB).count();
                let open: Vec<usize> = around.iter().copied().filter(|&j| state[j] == UNKNOWN).collect();
                if bulbs > k || bulbs + open.len() < k {
                    return Err(Dead::Wall(wall));
                }
                if open.is_empty() {
                    continue;
                }
                if bulbs == k {
                    for j in open {
                        state[j] = EMPTY;
                        if let Some(t) = trail.as_deref_mut() {
                            t.push(j);
                        }
                    }
                    changed = true;
                } else if bulbs + open.len() == k {
                    for j in open {
                        self.place(state, j, &mut trail)?;
                    }
                    changed = true;
                }
            }
            for &i in &self.whites {
                if state[i] == BULB || self.lit(state, i) {
                    continue;
                }
                let mut lighters = self.sees[i].iter().filter(|&&j| state[j] == UNKNOWN);
                match (lighters.next(), lighters.next()) {
                    (None, _) => return Err(Dead::Dark(i)),
                    (Some(&only), None) => {
                        self.place(state, only, &mut trail)?;
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// The unlit cell with the fewest possible lighters, and those lighters; `None` when every
    /// cell is lit.
    pub(crate) fn branch(&self, state: &[u8]) -> Option<Vec<usize>> {
        let mut best: Option<Vec<usize>> = None;
        for &i in &self.whites {
            if state[i] == BULB || self.lit(state, i) {
                continue;
            }
            let lighters: Vec<usize> =
                self.sees[i].iter().copied().filter(|&j| state[j] == UNKNOWN).collect();
            if best.as_ref().is_none_or(|b| lighters.len() < b.len()) {
                let two = lighters.len() <= 2;
                best = Some(lighters);
                if two {
                    break;
                }
            }
        }
        best
    }

    /// The answer of a solved state.
    pub(crate) fn answer(&self, state: &[u8]) -> Bulbs {
        Bulbs::new(self.width, self.height, state.iter().map(|&v| v == BULB).collect())
            .expect("the board's size")
    }
}

/// Visits up to `limit` solutions in the search's order, within `budget`.
pub(crate) fn search(board: &Akari, limit: u64, budget: &Budget, visit: &mut dyn FnMut(Bulbs)) -> Count {
    let mut stats = Stats::default();
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats };
    }
    if let Some(reason) = budget.check_clock() {
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
    }
    let layout = Layout::new(board);
    if let Some(reason) = budget.check_clock() {
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
    }
    let mut stack = Vec::new();
    let mut root = layout.start();
    if layout.propagate(&mut root, None).is_ok() {
        stack.push(root);
    }
    let mut found = 0;
    while let Some(state) = stack.pop() {
        stats.nodes += 1;
        if let Err(reason) = spend(budget, stats.nodes) {
            return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats };
        }
        let Some(lighters) = layout.branch(&state) else {
            visit(layout.answer(&state));
            found += 1;
            if found >= limit {
                return Count { solutions: found, outcome: Outcome::LimitReached, stats };
            }
            continue;
        };
        // Pushed last first, so that "l1 is a bulb" is searched first.
        let mut children = Vec::with_capacity(lighters.len());
        let mut base = state;
        for &l in &lighters {
            let mut next = base.clone();
            if layout.place(&mut next, l, &mut None).is_ok() && layout.propagate(&mut next, None).is_ok() {
                children.push(next);
            }
            base[l] = EMPTY;
        }
        stack.extend(children.into_iter().rev());
    }
    Count { solutions: found, outcome: Outcome::Exhausted, stats }
}

/// One node spent: the node limit at every node, the clock every so often.
fn spend(budget: &Budget, nodes: u64) -> Result<(), GaveUp> {
    budget.spend(nodes, check_every::BOARD_NODE)
}
