//! Tiling as exact cover, for `tessera-xc`: the independent route that cross-checks the
//! bitboard solver.
//!
//! The reduction is Knuth's ("Dancing Links", 2000; Scott's pentomino program, 1958):
//!
//! ```text
//!   items                                 options: one per placement (and copy)
//!   r0c0 .. (cells to fill, primary)      "F r0c1 r0c2 r1c0 r1c1 r2c1"
//!   F I L ... (pieces)                    the piece item, then the cells it covers
//! ```
//!
//! Cells come before pieces, as in Knuth's runs, so that MRV ties go to cells. A piece item is
//! primary when the pieces' area equals the board's (every piece is used) and secondary when
//! the pieces hold more cells than the board (each is used at most once).
//!
//! A piece used `k > 1` times is one item with Knuth's multiplicities (`tessera-xc`'s Algorithm M,
//! as in his DLX3): covered exactly `k` times when every piece is used, at most `k` times
//! otherwise. Each tiling is then found once, however its copies are numbered; pieces with one
//! copy keep plain items, so a set without copies runs the plain dancing links.

use std::sync::{Mutex, PoisonError};

use tessera_xc::{Count, ItemId, OptionId, Outcome, ParallelSearch, Problem, ProblemBuilder};

use super::{Puzzle, Tiling};
use crate::{CoverQuery, Reduction, Solutions};

/// The exact-cover problem of a [`Puzzle`], and the way back from its solutions.
///
/// ```
/// use tessera::tiling::{builtin, Board, ExactCover, Puzzle};
/// use tessera::Reduction;
/// use tessera::xc::Budget;
/// let (pieces, motion) = builtin("pentominoes").unwrap();
/// let cover = ExactCover::new(&Puzzle::new(Board::parse_size("6x10").unwrap(), pieces, motion));
/// assert_eq!(cover.problem().item_count(), 72);
/// assert_eq!(cover.problem().option_count(), 2056);
/// ```
#[derive(Debug, Clone)]
pub struct ExactCover {
    /// One option per placement, in the puzzle's order of placements.
    problem: Problem,
    /// Whether the pieces hold fewer cells than the board: no tiling, and no search (which,
    /// with many copies, would try every order of them).
    short: bool,
}

impl ExactCover {
    /// The reduction of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Self {
        let mut b = ProblemBuilder::new();
        let cells: Vec<ItemId> = puzzle
            .cells()
            .iter()
            .map(|&(r, c)| b.primary(format!("r{r}c{c}")).expect("distinct cell names"))
            .collect();
        let every = puzzle.uses_every_piece();
        // A piece of no copies has no placements, and no item.
        let piece_items: Vec<Option<ItemId>> = puzzle
            .pieces()
            .iter()
            .map(|piece| {
                let name = piece.name().to_string();
                let item = match (piece.copies(), every) {
                    (0, _) => return None,
                    (1, true) => b.primary(name),
                    (1, false) => b.secondary(name),
                    (k, true) => b.primary_bounded(name, k, k),
                    (k, false) => b.primary_bounded(name, 0, k),
                };
                Some(item.expect("distinct piece names, valid bounds"))
            })
            .collect();
        for placement in puzzle.placements() {
            let mut items = vec![piece_items[placement.piece].expect("a placed piece has copies")];
            items.extend(placement.cells.iter().map(|&c| cells[c as usize]));
            b.option(&items).expect("a valid option");
        }
        let short = puzzle.piece_area() < puzzle.cells().len();
        ExactCover { problem: b.build(), short }
    }

    /// Calls `visit` with each tiling until `query.limit` have been seen.
    pub fn visit(&self, query: &CoverQuery, visit: impl Fn(Tiling) + Sync) -> Count {
        if self.short {
            return Count { solutions: 0, outcome: Outcome::Exhausted, stats: Default::default() };
        }
        let search = ParallelSearch::new(&self.problem)
            .with_threads(query.threads)
            .with_engine(query.engine)
            .with_budget(query.budget.clone());
        search.visit_up_to(query.limit, |options| visit(self.decode(options)))
    }
}

/// Solutions are tilings, each found once (copies of a piece are one item with multiplicities).
impl Reduction for ExactCover {
    type Solution = Tiling;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The tiling of an exact cover.
    fn decode(&self, options: &[OptionId]) -> Tiling {
        Tiling::new(options.iter().map(|o| o.index()).collect())
    }

    fn count(&self, query: &CoverQuery) -> Count {
        self.visit(query, |_| {})
    }

    fn solutions(&self, query: &CoverQuery) -> Solutions<Tiling> {
        let found = Mutex::new(Vec::new());
        let count =
            self.visit(query, |tiling| found.lock().unwrap_or_else(PoisonError::into_inner).push(tiling));
        Solutions::new(found.into_inner().unwrap_or_else(PoisonError::into_inner), count)
    }

    fn visit(&self, query: &CoverQuery, visit: &(dyn Fn(Tiling) + Sync)) -> Count {
        ExactCover::visit(self, query, visit)
    }
}
