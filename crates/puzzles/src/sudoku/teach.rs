//! The teaching engines: plain backtracking and backtracking with the fewest-candidates rule,
//! slow on purpose and traced step by step, for the Learn view and the race against exact cover.
//!
//! # The two searches
//!
//! Both are the textbook depth-first search over the grid, one cell filled per level, digits tried
//! in ascending order, undone on the way back:
//!
//! - [`Method::Backtrack`] is the lesson's plain backtracking: the first empty cell in reading
//!   order, every digit `1..=n` in turn, each checked against the houses of the cell (row,
//!   column, box or jigsaw region, and the diagonals of an X grid) at the moment it is placed. A
//!   digit that fails the check is pruned (its subtree is never entered); a cell where every digit
//!   fails is a dead end. The check is the only pruning.
//! - [`Method::Mrv`] looks at every empty cell before each choice and takes the one with the
//!   fewest candidates (digits that no peer holds), the first in reading order on a tie ("minimum
//!   remaining values"), and tries its candidates in ascending order. A cell anywhere on the board
//!   left with no candidate is a dead end at once, before any digit is tried. There is no other
//!   propagation (no singles, no eliminations): the choice of cell is the whole technique, so the
//!   race shows what that one rule is worth.
//!
//! Both work on every layout a [`Sudoku`] can have (4x4 to 25x25, boxes, jigsaw, X), since rows,
//! columns, regions and diagonals are all just houses of the layout. The fast engines of
//! `sudoku::solve` are unrelated and untouched: these exist to be watched and counted.
//!
//! # What a node is
//!
//! As in Knuth's counts for dancing links, a node is a node of the search tree that the search
//! enters: the root (the puzzle as given) and every placement that passes the check. A digit
//! pruned by the check, and the candidate scan of MRV, cost no node. A puzzle whose first empty
//! cell (or MRV cell) has two candidates of which the first leads straight to the solution, with
//! `k` empty cells, costs `k + 1` nodes. The exact-cover engine of the race ([`Engine::ExactCover`])
//! is Knuth's DLX1 on the reduction of [`ExactCover`]: its nodes are Knuth's, the root and every
//! option tried, givens included (each given is an item with one option), so that its count equals
//! `tessera xc count --stats --engine dlx1` on that problem.
//!
//! # Budget and trace
//!
//! The node limit of the [`Budget`] is checked at every node, the clock and the cancel flag every
//! so many nodes (fewer for MRV, whose node scans the board); past the limit the search stops
//! with [`Outcome::GaveUp`] and the nodes counted so far (at most the limit). The search is
//! recursive, one frame per empty cell (at most 625): simpler to read than an explicit stack, and
//! small next to any thread's stack.
//!
//! The trace hands every step to a callback as an [`Event`] with the counters after it; the
//! callback may stop the search ([`ControlFlow::Break`], read as [`GaveUp::Cancelled`]).

use std::ops::ControlFlow;

use serde_json::{json, Value};
use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::{check_every, Stop};
use crate::sudoku::{ExactCover, Layout, Sudoku};
use crate::{CoverQuery, Reduction};

crate::common::engine_names!("method", Method { Backtrack => "backtrack", Mrv => "mrv" });
crate::common::engine_names!(Engine { Backtrack => "backtrack", Mrv => "mrv", ExactCover => "dlx1" });

/// A traced search: plain backtracking or the fewest-candidates rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// The first empty cell in reading order, digits ascending, each checked on placement.
    Backtrack,
    /// The empty cell with the fewest candidates (first in reading order on a tie).
    Mrv,
}

/// A racer: the two traced searches and exact cover (Knuth's DLX1 through `tessera-xc`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    /// [`Method::Backtrack`].
    Backtrack,
    /// [`Method::Mrv`].
    Mrv,
    /// The exact-cover reduction ([`ExactCover`]) under DLX1.
    ExactCover,
}

/// One step of a traced search. Cells are indices in reading order, digits `1..=n`, houses
/// indices into [`Layout::houses`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event<'a> {
    /// MRV: the cell chosen, the one with the fewest candidates.
    Choose {
        /// The cell.
        cell: usize,
        /// Its candidates, bit `d - 1` for digit `d`.
        candidates: u32,
    },
    /// Backtrack: `digit` fails the check in `cell`, since `peer` in `house` holds it.
    Reject {
        /// The cell.
        cell: usize,
        /// The digit pruned.
        digit: u8,
        /// The cell that holds it.
        peer: usize,
        /// The house they share.
        house: usize,
    },
    /// `digit` placed in `cell`: a node entered.
    Place {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// `digit` taken back from `cell` on the way back.
    Unplace {
        /// The cell.
        cell: usize,
        /// The digit.
        digit: u8,
    },
    /// No digit fits `cell`.
    DeadEnd {
        /// The cell.
        cell: usize,
        /// For each digit, a peer holding it and their common house.
        blocked: Vec<Blocker>,
    },
    /// Every cell is filled.
    Solution {
        /// The grid, row by row.
        cells: &'a [u8],
    },
}

/// Why a digit cannot go in a cell: `peer` holds it in `house`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocker {
    /// The digit.
    pub digit: u8,
    /// The cell that holds it.
    pub peer: usize,
    /// The house they share.
    pub house: usize,
}

/// The counters after an event, cumulative from the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counters {
    /// Nodes entered (see the module docs).
    pub nodes: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// What a search found: the count (solutions, outcome, nodes) and its first solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taught {
    /// Solutions up to the limit, how the search ended, and its nodes (updates are 0 for the
    /// traced searches, Knuth's for exact cover).
    pub count: Count,
    /// The first solution found, if any.
    pub first: Option<Sudoku>,
}

/// Runs `engine` on `puzzle` up to `limit` solutions within `budget` (limit 1: solve; 2: is it
/// unique). The race runs each engine with limit 1.
///
/// ```
/// use tessera::sudoku::teach::{solve, Engine};
/// use tessera::sudoku::{Budget, Sudoku};
/// let puzzle = Sudoku::from_line("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").unwrap();
/// let taught = solve(&puzzle, Engine::Mrv, 2, &Budget::unlimited().with_nodes(10_000_000));
/// assert_eq!(taught.count.solutions, 1);
/// assert!(taught.first.unwrap().is_solved());
/// ```
pub fn solve(puzzle: &Sudoku, engine: Engine, limit: u64, budget: &Budget) -> Taught {
    match engine {
        Engine::Backtrack => {
            trace(puzzle, Method::Backtrack, limit, budget, |_, _| ControlFlow::Continue(()))
        }
        Engine::Mrv => trace(puzzle, Method::Mrv, limit, budget, |_, _| ControlFlow::Continue(())),
        Engine::ExactCover => exact_cover(puzzle, limit, budget),
    }
}

/// Knuth's DLX1 on the exact-cover reduction of `puzzle`, up to `limit` solutions: the node and
/// update counts of `tessera xc count --stats --engine dlx1` on [`ExactCover::problem`]'s text.
pub fn exact_cover(puzzle: &Sudoku, limit: u64, budget: &Budget) -> Taught {
    let cover = ExactCover::new(puzzle);
    let query = CoverQuery::default()
        .with_engine(tessera_xc::Engine::Dlx1)
        .with_limit(limit)
        .with_budget(budget.clone());
    let found = cover.solutions(&query);
    Taught { count: found.count, first: found.found.into_iter().next() }
}

/// Runs `method` on `puzzle` up to `limit` solutions within `budget`, handing each step to `f`
/// with the counters after it; `f` returning [`ControlFlow::Break`] stops the search
/// ([`GaveUp::Cancelled`]). Givens that clash leave no solution: the root node, no event.
pub fn trace(
    puzzle: &Sudoku,
    method: Method,
    limit: u64,
    budget: &Budget,
    f: impl FnMut(&Event<'_>, Counters) -> ControlFlow<()>,
) -> Taught {
    let layout = puzzle.layout();
    let mut search = Search {
        layout,
        cells: puzzle.cells().to_vec(),
        used: vec![0; layout.houses().len()],
        counters: Counters::default(),
        limit,
        budget,
        check: match method {
            Method::Backtrack => check_every::SMALL_NODE,
            Method::Mrv => check_every::BOARD_NODE,
        },
        f,
        first: None,
    };
    let stopped = if limit == 0 {
        Err(Stop::Limit)
    } else {
        search.enter().and_then(|()| match search.givens() {
            false => Ok(()),
            true if method == Method::Backtrack => search.backtrack(0),
            true => search.mrv(),
        })
    };
    let outcome = match stopped {
        Ok(()) => Outcome::Exhausted,
        Err(Stop::Limit) => Outcome::LimitReached,
        Err(Stop::GaveUp(reason)) => Outcome::GaveUp(reason),
    };
    let first = search.first.map(|cells| {
        Sudoku::from_digits(puzzle.layout_arc().clone(), cells).expect("the search keeps digits in range")
    });
    let stats = Stats { nodes: search.counters.nodes, updates: 0 };
    Taught { count: Count { solutions: search.counters.solutions, outcome, stats }, first }
}

/// The state of one traced search.
struct Search<'a, F> {
    layout: &'a Layout,
    /// The grid, `0` empty.
    cells: Vec<u8>,
    /// Per house, the digits it holds (bit `d - 1`).
    used: Vec<u32>,
    counters: Counters,
    limit: u64,
    budget: &'a Budget,
    /// Nodes between two readings of the clock.
    check: u64,
    f: F,
    first: Option<Vec<u8>>,
}

impl<F: FnMut(&Event<'_>, Counters) -> ControlFlow<()>> Search<'_, F> {
    /// Marks the givens in their houses; `false` if two clash.
    fn givens(&mut self) -> bool {
        for cell in 0..self.cells.len() {
            let digit = self.cells[cell];
            if digit != 0 {
                if self.conflict(cell, digit).is_some() {
                    return false;
                }
                self.mark(cell, digit);
            }
        }
        true
    }

    /// Enters a node: counts it, within the budget.
    fn enter(&mut self) -> Result<(), Stop> {
        let next = self.counters.nodes + 1;
        self.budget.spend(next, self.check).map_err(Stop::GaveUp)?;
        self.counters.nodes = next;
        Ok(())
    }

    fn emit(&mut self, event: &Event<'_>) -> Result<(), Stop> {
        match (self.f)(event, self.counters) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Stop::GaveUp(GaveUp::Cancelled)),
        }
    }

    fn mark(&mut self, cell: usize, digit: u8) {
        for &house in self.layout.cell_houses(cell) {
            self.used[house as usize] ^= 1 << (digit - 1);
        }
    }

    /// The first house of `cell` holding `digit` already, and the cell there that holds it.
    fn conflict(&self, cell: usize, digit: u8) -> Option<Blocker> {
        let house = *self
            .layout
            .cell_houses(cell)
            .iter()
            .find(|&&h| self.used[h as usize] & (1 << (digit - 1)) != 0)? as usize;
        let peer = self.layout.houses()[house].iter().find(|&&p| self.cells[p as usize] == digit)?;
        Some(Blocker { digit, peer: *peer as usize, house })
    }

    /// The digits no peer of `cell` holds.
    fn candidates(&self, cell: usize) -> u32 {
        let full = (1u32 << self.layout.size()) - 1;
        let taken = self.layout.cell_houses(cell).iter().fold(0, |acc, &h| acc | self.used[h as usize]);
        full & !taken
    }

    fn place(&mut self, cell: usize, digit: u8) -> Result<(), Stop> {
        self.enter()?;
        self.cells[cell] = digit;
        self.mark(cell, digit);
        self.emit(&Event::Place { cell, digit })
    }

    fn unplace(&mut self, cell: usize, digit: u8) -> Result<(), Stop> {
        self.mark(cell, digit);
        self.cells[cell] = 0;
        self.emit(&Event::Unplace { cell, digit })
    }

    fn dead_end(&mut self, cell: usize) -> Result<(), Stop> {
        let size = self.layout.size() as u8;
        let blocked = (1..=size).filter_map(|digit| self.conflict(cell, digit)).collect();
        self.emit(&Event::DeadEnd { cell, blocked })
    }

    fn solution(&mut self) -> Result<(), Stop> {
        self.counters.solutions += 1;
        if self.first.is_none() {
            self.first = Some(self.cells.clone());
        }
        let cells = std::mem::take(&mut self.cells);
        let emitted = self.emit(&Event::Solution { cells: &cells });
        self.cells = cells;
        emitted?;
        if self.counters.solutions >= self.limit {
            return Err(Stop::Limit);
        }
        Ok(())
    }

    /// Plain backtracking from cell `from` on (the cells before it are filled).
    fn backtrack(&mut self, from: usize) -> Result<(), Stop> {
        let Some(cell) = (from..self.cells.len()).find(|&c| self.cells[c] == 0) else {
            return self.solution();
        };
        let mut entered = false;
        for digit in 1..=self.layout.size() as u8 {
            if let Some(Blocker { peer, house, .. }) = self.conflict(cell, digit) {
                self.emit(&Event::Reject { cell, digit, peer, house })?;
                continue;
            }
            entered = true;
            self.place(cell, digit)?;
            self.backtrack(cell + 1)?;
            self.unplace(cell, digit)?;
        }
        if !entered {
            self.dead_end(cell)?;
        }
        Ok(())
    }

    /// Backtracking on the cell with the fewest candidates.
    fn mrv(&mut self) -> Result<(), Stop> {
        let mut best: Option<(usize, u32)> = None;
        for cell in 0..self.cells.len() {
            if self.cells[cell] != 0 {
                continue;
            }
            let candidates = self.candidates(cell);
            if best.is_none_or(|(_, b)| candidates.count_ones() < b.count_ones()) {
                best = Some((cell, candidates));
                if candidates == 0 {
                    break;
                }
            }
        }
        let Some((cell, candidates)) = best else {
            return self.solution();
        };
        if candidates == 0 {
            return self.dead_end(cell);
        }
        self.emit(&Event::Choose { cell, candidates })?;
        let mut left = candidates;
        while left != 0 {
            let digit = left.trailing_zeros() as u8 + 1;
            left &= left - 1;
            self.place(cell, digit)?;
            self.mrv()?;
            self.unplace(cell, digit)?;
        }
        Ok(())
    }
}

impl Event<'_> {
    /// The event as one JSON object with the counters after it: `{"event":"place","cell":10,
    /// "row":1,"col":1,"name":"r2c2","digit":5,"nodes":7,"solutions":0}`. Rows and columns from
    /// 0, names from 1 (`r2c2`); houses by name (`"row 3"`, `"box 5"`); `choose` has
    /// `"candidates"` (digits), `reject` has `"digit"`, `"peer"`, `"peer_name"`, `"house"`;
    /// `dead_end` has `"candidates":0` and `"blocked"` (`{"digit","peer","peer_name","house"}`
    /// per digit); `solution` has `"grid"` (one line).
    pub fn to_json(&self, layout: &Layout, counters: Counters) -> Value {
        let cell_keys = |event: &str, cell: usize| {
            let size = layout.size();
            json!({"event": event, "cell": cell, "row": cell / size, "col": cell % size, "name": layout.cell_name(cell)})
        };
        let house_name = |house: usize| {
            let (kind, number) = layout.house_name(house);
            if number == 1 && kind.ends_with("diagonal") {
                kind.to_owned()
            } else {
                format!("{kind} {number}")
            }
        };
        let blocker = |b: &Blocker| json!({"digit": b.digit, "peer": b.peer, "peer_name": layout.cell_name(b.peer), "house": house_name(b.house)});
        let mut value = match self {
            Event::Choose { cell, candidates } => {
                let mut value = cell_keys("choose", *cell);
                let digits: Vec<u32> =
                    (0..32).filter(|d| candidates & (1 << d) != 0).map(|d| d + 1).collect();
                value["candidates"] = json!(digits);
                value
            }
            Event::Reject { cell, digit, peer, house } => {
                let mut value = cell_keys("reject", *cell);
                let b = blocker(&Blocker { digit: *digit, peer: *peer, house: *house });
                for key in ["digit", "peer", "peer_name", "house"] {
                    value[key] = b[key].clone();
                }
                value
            }
            Event::Place { cell, digit } => {
                let mut value = cell_keys("place", *cell);
                value["digit"] = json!(digit);
                value
            }
            Event::Unplace { cell, digit } => {
                let mut value = cell_keys("unplace", *cell);
                value["digit"] = json!(digit);
                value
            }
            Event::DeadEnd { cell, blocked } => {
                let mut value = cell_keys("dead_end", *cell);
                value["candidates"] = json!(0);
                value["blocked"] = blocked.iter().map(blocker).collect();
                value
            }
            Event::Solution { cells } => {
                json!({"event": "solution", "grid": cells.iter().map(|&d| layout.symbol(d)).collect::<String>()})
            }
        };
        value["nodes"] = json!(counters.nodes);
        value["solutions"] = json!(counters.solutions);
        value
    }
}
