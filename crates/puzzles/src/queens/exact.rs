//! N-queens as exact cover with secondary items, for `tessera-xc`: the independent route that
//! cross-checks the bitmask solver.
//!
//! ```text
//!   primary items    r0..r(n-1) (rows), c0..c(n-1) (columns), in organ-pipe order:
//!                    middle first, then outwards, rows and columns interleaved (Knuth's order,
//!                    which puts the most constrained lines first for MRV ties)
//!   secondary items  a0..a(2n-2) (the sums r + c), b0..b(2n-2) (the differences r - c + n - 1):
//!                    at most one queen on each diagonal, none needed
//!   options          "rR cC aS bD", one per square
//! ```

use tessera_xc::{OptionId, Problem, ProblemBuilder};

use crate::queens::Board;
use crate::Reduction;

/// The exact-cover problem of N-queens and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    n: usize,
    problem: Problem,
}

impl ExactCover {
    /// The problem for a board.
    pub fn new(board: &Board) -> Self {
        let n = board.n();
        let mut b = ProblemBuilder::new();
        let mut rows = vec![None; n];
        let mut cols = vec![None; n];
        // Organ-pipe order: the middle line first, then outwards.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (2 * i as isize - (n as isize - 1)).abs());
        for i in order {
            rows[i] = Some(b.primary(format!("r{i}")).expect("distinct names"));
            cols[i] = Some(b.primary(format!("c{i}")).expect("distinct names"));
        }
        let diagonals = (2 * n).saturating_sub(1);
        let sums: Vec<_> =
            (0..diagonals).map(|s| b.secondary(format!("a{s}")).expect("distinct names")).collect();
        let diffs: Vec<_> =
            (0..diagonals).map(|d| b.secondary(format!("b{d}")).expect("distinct names")).collect();
        for r in 0..n {
            for c in 0..n {
                let items = [
                    rows[r].expect("every row declared"),
                    cols[c].expect("every column declared"),
                    sums[r + c],
                    diffs[r + n - 1 - c],
                ];
                b.option(&items).expect("a valid option");
            }
        }
        ExactCover { n, problem: b.build() }
    }
}

impl Reduction for ExactCover {
    type Solution = Vec<usize>;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The columns of a solution's queens, by row.
    fn decode(&self, options: &[OptionId]) -> Vec<usize> {
        let mut columns = vec![0; self.n];
        for o in options {
            columns[o.index() / self.n] = o.index() % self.n;
        }
        columns
    }
}
