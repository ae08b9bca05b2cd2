//! Polyomino tiling: cover a board with pieces, each used once (or a given number of times),
//! turned and flipped as a [`Motion`] allows.
//!
//! [`Puzzle`] ties a [`Board`] to a set of [`Piece`]s and lists every placement. Two solvers
//! answer the same queries and are cross-checked by the tests: the exact-cover reduction through
//! `tessera-xc` ([`exact`](ExactCover)) and a dedicated bitboard search ([`Engine::Bits`]).
//! [`count_distinct`] counts up to the board's symmetries; [`render`] draws a tiling in ASCII
//! (coloured on request) or SVG. The calls are those of every puzzle in this crate: [`solve`],
//! [`count`], [`solutions`] and [`verify`], each taking the [`Puzzle`] and a [`Query`].
//!
//! ```
//! use tessera::tiling::{builtin, count, solve, verify, Board, Engine, Puzzle, Query};
//! let (pieces, motion) = builtin("pentominoes").expect("a built-in set");
//! let puzzle = Puzzle::new(Board::parse_size("3x20")?, pieces, motion);
//! let bits = count(&puzzle, &Query::default());
//! let exact = count(&puzzle, &Query::default().with_engine(Engine::ExactCover));
//! assert_eq!((bits.solutions, exact.solutions), (8, 8));
//! let tiling = solve(&puzzle, &Query::default()).unwrap().expect("a tiling");
//! assert!(verify(&puzzle, &tiling).is_valid());
//! # Ok::<(), tessera::Error>(())
//! ```

mod board;
mod exact;
mod pieces;
mod puzzle;
mod render;
mod solve;
mod symmetry;
mod verify;

pub use board::{Board, MAX_CELLS, MAX_SIDE};
pub use exact::ExactCover;
pub use pieces::{builtin, parse_pieces, Motion, Piece, MAX_PIECE_CELLS, SETS};
pub use render::{render, render_svg, Style, SvgLayout};
pub use solve::{BitSolver, ShardTree};
pub use symmetry::{canonical, count_distinct, Distinct, Restriction, Symmetry};
pub use verify::{verify, Violation};

pub use crate::common::{Budget, Count, GaveUp, Outcome, Solutions, Stats};

crate::common::query_and_verdict!();

use std::collections::HashMap;

crate::common::engines! {
    /// Which solver answers a query. All find the same tilings (in different orders).
    pub enum Engine {
        /// The dedicated bitboard search.
        Auto => "auto",
        /// The dedicated bitboard search ([`BitSolver`]), by name.
        Bits => "bits",
        /// The exact-cover reduction through `tessera-xc` ([`ExactCover`]).
        ExactCover => "xc",
    }
}

/// One way to put one piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece's index in [`Puzzle::pieces`].
    pub piece: usize,
    /// The cells it covers, as indices in [`Puzzle::cells`], increasing.
    pub cells: Vec<u16>,
}

/// A tiling problem: a board, pieces, the motion allowed, and every placement.
///
/// Cells to fill are numbered along the board's shorter side first (row by row on a tall board,
/// column by column on a wide one): both solvers fill the lowest-numbered empty cell next, and
/// filling along the short side closes off dead regions soonest.
#[derive(Debug, Clone)]
pub struct Puzzle {
    board: Board,
    pieces: Vec<Piece>,
    motion: Motion,
    /// `(row, column)` of each cell to fill, by cell number.
    cells: Vec<(i32, i32)>,
    /// Cell number of each square of the board (row-major), `None` for holes.
    numbers: Vec<Option<u16>>,
    placements: Vec<Placement>,
}

impl Puzzle {
    /// The problem of tiling `board` with `pieces` moved as `motion` allows.
    pub fn new(board: Board, pieces: Vec<Piece>, motion: Motion) -> Self {
        let (w, h) = (board.width(), board.height());
        let mut cells = Vec::new();
        let mut numbers = vec![None; w * h];
        let column_major = w > h;
        let (outer, inner) = if column_major { (w, h) } else { (h, w) };
        for a in 0..outer {
            for b in 0..inner {
                let (r, c) = if column_major { (b, a) } else { (a, b) };
                if board.is_open(r as i32, c as i32) {
                    numbers[r * w + c] = Some(cells.len() as u16);
                    cells.push((r as i32, c as i32));
                }
            }
        }
        let mut placements = Vec::new();
        for (p, piece) in pieces.iter().enumerate() {
            if piece.copies() == 0 {
                continue;
            }
            for shape in piece.orientations(motion) {
                let rows = shape.iter().map(|c| c.0).max().unwrap_or(0);
                let cols = shape.iter().map(|c| c.1).max().unwrap_or(0);
                for r in 0..h as i32 - rows {
                    for c in 0..w as i32 - cols {
                        let covered: Option<Vec<u16>> = shape
                            .iter()
                            .map(|&(dr, dc)| numbers[(r + dr) as usize * w + (c + dc) as usize])
                            .collect();
                        if let Some(mut covered) = covered {
                            covered.sort_unstable();
                            placements.push(Placement { piece: p, cells: covered });
                        }
                    }
                }
            }
        }
        Puzzle { board, pieces, motion, cells, numbers, placements }
    }

    /// The same puzzle with only the placements for which `keep` (given each placement's index)
    /// is true.
    pub fn restricted(&self, mut keep: impl FnMut(usize) -> bool) -> Puzzle {
        let mut puzzle = self.clone();
        let mut i = 0;
        puzzle.placements.retain(|_| {
            i += 1;
            keep(i - 1)
        });
        puzzle
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The motion allowed.
    pub fn motion(&self) -> Motion {
        self.motion
    }

    /// `(row, column)` of each cell to fill, by cell number.
    pub fn cells(&self) -> &[(i32, i32)] {
        &self.cells
    }

    /// The cell number of the square at `(row, column)`, if it is a cell to fill.
    pub fn cell_at(&self, row: i32, column: i32) -> Option<u16> {
        if !self.board.is_open(row, column) {
            return None;
        }
        self.numbers[row as usize * self.board.width() + column as usize]
    }

    /// Every placement.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Total cells of all the pieces' copies.
    pub fn piece_area(&self) -> usize {
        self.pieces.iter().map(|p| p.size() * p.copies() as usize).sum()
    }

    /// Whether every piece must be used (its copies all placed): the pieces' area equals the
    /// board's. When the pieces hold more cells than the board, each is used at most its copies.
    pub fn uses_every_piece(&self) -> bool {
        self.piece_area() == self.cells.len()
    }

    /// Finds a placement by its piece and covered cells (`cells` increasing).
    pub(crate) fn placement_index(&self) -> HashMap<(usize, Vec<u16>), usize> {
        self.placements.iter().enumerate().map(|(i, p)| ((p.piece, p.cells.clone()), i)).collect()
    }
}

/// A tiling: the placements used, as indices in [`Puzzle::placements`], increasing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tiling {
    /// Indices in [`Puzzle::placements`], increasing.
    pub placements: Vec<usize>,
}

impl Tiling {
    /// A tiling from placement indices in any order.
    pub fn new(mut placements: Vec<usize>) -> Self {
        placements.sort_unstable();
        Tiling { placements }
    }

    /// Per square of the board (row-major): `(piece, part)` where `part` numbers the tiling's
    /// placements, or `None` for holes and uncovered squares.
    pub fn grid(&self, puzzle: &Puzzle) -> Vec<Option<(usize, usize)>> {
        let w = puzzle.board().width();
        let mut grid = vec![None; w * puzzle.board().height()];
        for (part, &p) in self.placements.iter().enumerate() {
            let placement = &puzzle.placements()[p];
            for &c in &placement.cells {
                let (r, col) = puzzle.cells()[c as usize];
                grid[r as usize * w + col as usize] = Some((placement.piece, part));
            }
        }
        grid
    }
}

/// The first tiling found, `None` if there is none, or why the search gave up.
pub fn solve(puzzle: &Puzzle, query: &Query) -> Result<Option<Tiling>, GaveUp> {
    crate::common::first(solutions(puzzle, &query.clone().with_limit(1)))
}

/// Tilings counted up to `query.limit`, on `query.threads` threads.
pub fn count(puzzle: &Puzzle, query: &Query) -> Count {
    match query.engine {
        Engine::ExactCover => crate::Reduction::count(&ExactCover::new(puzzle), &query.cover()),
        _ => bits(puzzle, query).count_up_to(query.limit),
    }
}

/// Up to `query.limit` tilings (in the solver's order when sequential, in no fixed order with
/// threads), and how the search ended. They are all held in memory: to list many, [`visit`]
/// them one at a time.
pub fn solutions(puzzle: &Puzzle, query: &Query) -> Solutions<Tiling> {
    match query.engine {
        Engine::ExactCover => crate::Reduction::solutions(&ExactCover::new(puzzle), &query.cover()),
        _ => {
            let (found, count) = bits(puzzle, query).solutions_up_to(query.limit);
            Solutions::new(found, count)
        }
    }
}

/// Calls `visit` with each tiling as soon as it is found, up to `query.limit` (in the solver's
/// order when sequential, from whichever thread finds it with threads), and says how many and
/// how the search ended; nothing is kept, so memory stays that of the search however many
/// there are. To stop early (output closed), raise the budget's cancel flag from `visit`.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use tessera::tiling::{builtin, visit, Board, Puzzle, Query};
/// let (pieces, motion) = builtin("pentominoes").expect("a built-in set");
/// let puzzle = Puzzle::new(Board::parse_size("3x20")?, pieces, motion);
/// let seen = AtomicU64::new(0);
/// let count = visit(&puzzle, &Query::default(), |_| {
///     seen.fetch_add(1, Ordering::Relaxed);
/// });
/// assert_eq!((count.solutions, seen.into_inner()), (8, 8));
/// # Ok::<(), tessera::Error>(())
/// ```
pub fn visit(puzzle: &Puzzle, query: &Query, visit: impl Fn(Tiling) + Sync) -> Count {
    match query.engine {
        Engine::ExactCover => ExactCover::new(puzzle).visit(&query.cover(), visit),
        _ => bits(puzzle, query).visit_up_to(query.limit, |placements| {
            visit(Tiling::new(placements.iter().map(|&p| p as usize).collect()));
        }),
    }
}

/// The bitboard search a query asks for.
fn bits<'p>(puzzle: &'p Puzzle, query: &Query) -> BitSolver<'p> {
    BitSolver::new(puzzle).threads(query.threads).budget(query.budget.clone())
}
