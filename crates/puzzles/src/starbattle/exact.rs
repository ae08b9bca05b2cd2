//! Star Battle as exact cover with multiplicities (Knuth's DLX3), for `tessera-xc`: the
//! independent route that cross-checks the bitboard solver.
//!
//! ```text
//!   primary items    rR (rows), cC (columns), gI (regions): each covered exactly K times
//!                    (K:K in Knuth's notation; plain primary items when K = 1)
//!   secondary items  bR.C: the 2x2 block whose top-left cell is (R, C), at most one star;
//!                    two stars touch exactly when some 2x2 block holds both
//!   options          "rR cC gI bR.C ...", one per open cell, with the (up to four) blocks
//!                    that contain it
//! ```
//!
//! A board that cannot hold its stars (not square, a row without cells) needs no special case:
//! its items cannot all be covered, and the search finds no solution.

use tessera_xc::{OptionId, Problem, ProblemBuilder};

use crate::starbattle::{StarBattle, Stars};
use crate::Reduction;

/// The exact-cover problem of a board and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    board: StarBattle,
    /// The cell of each option.
    cells: Vec<usize>,
    problem: Problem,
}

impl ExactCover {
    /// The problem for a board.
    pub fn new(board: &StarBattle) -> Self {
        let (w, h, k) = (board.width(), board.height(), board.stars() as u32);
        let mut b = ProblemBuilder::new();
        let mut unit = |name: String| {
            if k == 1 { b.primary(name) } else { b.primary_bounded(name, k, k) }
                .expect("distinct names, K >= 1")
        };
        let rows: Vec<_> = (0..h).map(|r| unit(format!("r{}", r + 1))).collect();
        let columns: Vec<_> = (0..w).map(|c| unit(format!("c{}", c + 1))).collect();
        let regions: Vec<_> =
            (0..board.region_count()).map(|g| unit(format!("g{}", board.region_id(g)))).collect();
        let blocks: Vec<_> = (0..h.saturating_sub(1) * w.saturating_sub(1))
            .map(|i| {
                let (r, c) = (i / (w - 1), i % (w - 1));
                b.secondary(format!("b{}.{}", r + 1, c + 1)).expect("distinct names")
            })
            .collect();
        let mut cells = Vec::new();
        for cell in 0..w * h {
            let Some(region) = board.region_index(cell) else { continue };
            let (r, c) = (cell / w, cell % w);
            let mut items = vec![rows[r], columns[c], regions[region]];
            if w > 1 && h > 1 {
                for br in r.saturating_sub(1)..=r.min(h - 2) {
                    for bc in c.saturating_sub(1)..=c.min(w - 2) {
                        items.push(blocks[br * (w - 1) + bc]);
                    }
                }
            }
            b.option(&items).expect("a valid option");
            cells.push(cell);
        }
        ExactCover { board: board.clone(), cells, problem: b.build() }
    }
}

impl Reduction for ExactCover {
    type Solution = Stars;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Stars {
        let mut stars = Stars::empty(&self.board);
        for option in options {
            stars.set(self.cells[option.index()], true);
        }
        stars
    }
}
