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
//! A piece used `k > 1` times gets `k` items `F`, `F#2`, ..., each with all its placements. The
//! engine then finds every tiling `k!` times, once per assignment of copies to placements; only
//! the one whose copies' placements increase with the copy number is kept (a filter on each
//! solution: exact cover has no way to say "these items are interchangeable"). With copies,
//! counting therefore visits every solution, and the engine's own limit is replaced by a cancel
//! flag raised at the kept solutions' limit.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tessera_xc::{Count, GaveUp, ItemId, OptionId, Outcome, ParallelSearch, Problem, ProblemBuilder};

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
    problem: Problem,
    /// (placement, copy, piece) of each option.
    choices: Vec<(u32, u32, u32)>,
    /// Whether some piece has more than one copy (solutions need the copy filter).
    copies: bool,
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
        let mut piece_items: Vec<Vec<ItemId>> = Vec::new();
        for piece in puzzle.pieces() {
            let items = (0..piece.copies())
                .map(|k| {
                    let name =
                        if k == 0 { piece.name().to_string() } else { format!("{}#{}", piece.name(), k + 1) };
                    if every { b.primary(name) } else { b.secondary(name) }.expect("distinct piece names")
                })
                .collect();
            piece_items.push(items);
        }
        let mut choices = Vec::new();
        for (i, placement) in puzzle.placements().iter().enumerate() {
            for (k, &item) in piece_items[placement.piece].iter().enumerate() {
                let mut items = vec![item];
                items.extend(placement.cells.iter().map(|&c| cells[c as usize]));
                b.option(&items).expect("a valid option");
                choices.push((i as u32, k as u32, placement.piece as u32));
            }
        }
        let copies = puzzle.pieces().iter().any(|p| p.copies() > 1);
        let short = puzzle.piece_area() < puzzle.cells().len();
        ExactCover { problem: b.build(), choices, copies, short }
    }

    /// The tiling of a solution, or `None` for a duplicate under the copy filter (see the module
    /// documentation).
    fn decode_kept(&self, options: &[OptionId]) -> Option<Tiling> {
        if self.copies {
            // Keep the solution where, for each piece, copy k's placement index increases with k.
            let mut chosen: Vec<(u32, u32, u32)> = options.iter().map(|o| self.choices[o.index()]).collect();
            chosen.sort_unstable_by_key(|&(_, k, _)| k);
            let mut by_piece: std::collections::HashMap<u32, (u32, u32)> = Default::default();
            for &(p, k, piece) in &chosen {
                let (last_p, next_k) = by_piece.get(&piece).copied().unwrap_or((0, 0));
                if k != next_k || (k > 0 && p <= last_p) {
                    return None;
                }
                by_piece.insert(piece, (p, k + 1));
            }
        }
        Some(Tiling::new(options.iter().map(|o| self.choices[o.index()].0 as usize).collect()))
    }

    /// Calls `visit` with each tiling (one per set of copies) until `query.limit` have been seen.
    pub fn visit(&self, query: &CoverQuery, visit: impl Fn(Tiling) + Sync) -> Count {
        let (limit, threads, budget) = (query.limit, query.threads, &query.budget);
        if self.short {
            return Count { solutions: 0, outcome: Outcome::Exhausted, stats: Default::default() };
        }
        if !self.copies {
            let search = ParallelSearch::new(&self.problem)
                .with_threads(threads)
                .with_engine(query.engine)
                .with_budget(budget.clone());
            return search.visit_up_to(limit, |options| {
                visit(self.decode_kept(options).expect("no copies: every solution is kept"));
            });
        }
        if limit == 0 {
            return Count { solutions: 0, outcome: Outcome::LimitReached, stats: Default::default() };
        }
        let halt = Arc::new(AtomicBool::new(false));
        let mut budget = budget.clone();
        let outside = budget.cancel_flag().cloned();
        budget = budget.with_cancel(halt.clone());
        let kept = AtomicU64::new(0);
        let search = ParallelSearch::new(&self.problem)
            .with_threads(threads)
            .with_engine(query.engine)
            .with_budget(budget);
        let mut count = search.visit_up_to(u64::MAX, |options| {
            if let Some(tiling) = self.decode_kept(options) {
                let before = kept.fetch_add(1, Ordering::Relaxed);
                if before < limit {
                    visit(tiling);
                }
                if before + 1 >= limit {
                    halt.store(true, Ordering::Relaxed);
                }
            }
        });
        let kept = kept.load(Ordering::Relaxed);
        count.solutions = kept.min(limit);
        if kept >= limit {
            count.outcome = Outcome::LimitReached;
        } else if count.outcome == Outcome::GaveUp(GaveUp::Cancelled)
            && !outside.is_some_and(|f| f.load(Ordering::Relaxed))
        {
            count.outcome = Outcome::Exhausted;
        }
        count
    }
}

/// Solutions are tilings; with several copies of a piece, one exact cover per order of the
/// copies is found and only one of them kept (see the module documentation).
impl Reduction for ExactCover {
    type Solution = Tiling;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The tiling of an exact cover, whatever the order of its copies.
    fn decode(&self, options: &[OptionId]) -> Tiling {
        Tiling::new(options.iter().map(|o| self.choices[o.index()].0 as usize).collect())
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
