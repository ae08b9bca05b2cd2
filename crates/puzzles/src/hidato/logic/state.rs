//! The rater's [`State`]: each number's candidate cells as a bitset over the grid, the placed
//! numbers, and the small operations every rule shares (placing a number, the runs of missing
//! numbers).

use std::fmt;

use crate::hidato::Hidato;

pub(super) const NONE: usize = usize::MAX;

pub(super) enum Progress {
    Made,
    Stuck,
    Contradiction,
}

/// A bitset over the grid's cells.
pub(super) type Bits = Vec<u64>;

pub(super) use crate::common::bits::slice::{count, has, ones};

#[derive(Clone)]
pub(super) struct State<'a> {
    pub(super) puzzle: &'a Hidato,
    pub(super) n: usize,
    pub(super) words: usize,
    /// The cell of each number (index 0 unused), or `NONE`.
    pub(super) at: Vec<usize>,
    /// Each cell's number, 0 when free, `HOLE` for a hole.
    pub(super) value: Vec<i32>,
    pub(super) free: Bits,
    /// Candidates of number `k` at `cand[k * words..][..words]`.
    pub(super) cand: Vec<u64>,
    /// The neighbours of each cell as a bitset, same layout.
    pub(super) near: std::rc::Rc<Vec<u64>>,
    pub(super) unplaced: usize,
    pub(super) consistent: bool,
}

impl<'a> State<'a> {
    pub(super) fn new(puzzle: &'a Hidato) -> Self {
        let cells = puzzle.cells().len();
        let words = cells.div_ceil(64);
        let n = puzzle.size();
        let mut near = vec![0u64; cells * words];
        let mut free = vec![0u64; words];
        for c in 0..cells {
            if puzzle.is_hole(c) {
                continue;
            }
            for d in puzzle.neighbours(c) {
                near[c * words + d / 64] |= 1 << (d % 64);
            }
            if puzzle.get(c) == 0 {
                free[c / 64] |= 1 << (c % 64);
            }
        }
        let mut at = vec![NONE; n + 2];
        let mut cand = vec![0u64; (n + 2) * words];
        for (c, &v) in puzzle.cells().iter().enumerate() {
            if v > 0 {
                at[v as usize] = c;
            }
        }
        let mut unplaced = 0;
        for k in 1..=n {
            let row = &mut cand[k * words..][..words];
            if at[k] == NONE {
                row.copy_from_slice(&free);
                unplaced += 1;
            } else {
                row[at[k] / 64] |= 1 << (at[k] % 64);
            }
        }
        let mut state = State {
            puzzle,
            n,
            words,
            at,
            value: puzzle.cells().to_vec(),
            free,
            cand,
            near: std::rc::Rc::new(near),
            unplaced,
            consistent: true,
        };
        state.consistent = (1..n).all(|k| {
            let (a, b) = (state.at[k], state.at[k + 1]);
            a == NONE || b == NONE || has(state.near_of(a), b)
        });
        state
    }

    pub(super) fn near_of(&self, cell: usize) -> &[u64] {
        &self.near[cell * self.words..][..self.words]
    }

    pub(super) fn cand_of(&self, k: usize) -> &[u64] {
        &self.cand[k * self.words..][..self.words]
    }

    pub(super) fn pos(&self, cell: usize) -> String {
        let (x, y) = self.puzzle.position(cell);
        format!("({x},{y})")
    }

    pub(super) fn board(&self) -> Hidato {
        let mut board = self.puzzle.clone();
        for k in 1..=self.n {
            board.set(self.at[k], k as i32);
        }
        board
    }

    pub(super) fn place(&mut self, k: usize, cell: usize) {
        self.at[k] = cell;
        self.value[cell] = k as i32;
        self.free[cell / 64] &= !(1 << (cell % 64));
        for j in 1..=self.n {
            self.cand[j * self.words + cell / 64] &= !(1 << (cell % 64));
        }
        let row = &mut self.cand[k * self.words..][..self.words];
        row.fill(0);
        row[cell / 64] |= 1 << (cell % 64);
        self.unplaced -= 1;
    }

    /// Runs of missing numbers: `(lo, hi)` inclusive, with the placed numbers around them.
    pub(super) fn gaps(&self) -> Vec<(usize, usize)> {
        let mut gaps = Vec::new();
        let mut k = 1;
        while k <= self.n {
            if self.at[k] != NONE {
                k += 1;
                continue;
            }
            let lo = k;
            while k <= self.n && self.at[k] == NONE {
                k += 1;
            }
            gaps.push((lo, k - 1));
        }
        gaps
    }
}

impl fmt::Debug for State<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State").field("unplaced", &self.unplaced).finish()
    }
}
