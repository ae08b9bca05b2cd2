//! A Takuzu as exact cover with colours (Knuth's XCC), for `tessera-xc`: an independent route
//! that cross-checks the line solver.
//!
//! ```text
//!   primary items    rR (rows), cC (columns): each line takes exactly one filling
//!   secondary items  xR.C: a cell, coloured 0 or 1 by the two lines through it
//!                    R:P, C:P (distinct lines only): the pattern P (hex) used by a row, a column;
//!                    at most once, so no two lines of a direction are alike
//!   options          "rR xR.1:v xR.2:v ... R:P", one per filling of the row that is balanced,
//!                    has no three alike and keeps its givens; the same for each column
//! ```
//!
//! A line of `n` open cells has up to 13,000 fillings at 20 cells and millions at 40, so a board
//! past [`MAX_OPTIONS`] options in all is refused ([`ExactCover::refusal`]) before anything is
//! built, and the engine gives up at once. The fillings are counted first by a dynamic programme
//! of this module's own (the solver's is not used: this route is the cross-check). Building reads
//! the budget's clock every 4,096 options.

use std::collections::HashMap;

use tessera_xc::{Budget, Color, ItemId, OptionId, Problem, ProblemBuilder};

use crate::common::{NotBuilt, MAX_OPTIONS};
use crate::takuzu::{Binary, Takuzu};
use crate::Reduction;

/// The exact-cover problem of a board and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    width: usize,
    height: usize,
    /// The row of each row option with its digits (`None` for column options).
    rows: Vec<Option<(usize, u64)>>,
    problem: Option<Problem>,
}

/// The fillings of a line of `known` cells (`None` open) that are balanced and have no three
/// alike, counted (saturating) by the number of 1s and the last digit with its run's length.
fn fillings(known: &[Option<bool>]) -> u64 {
    let n = known.len();
    let most = n.div_ceil(2);
    // ways[ones][state]: state 0 at the start, else 1 + 2 x digit + (run length - 1).
    let mut ways = vec![[0u64; 5]; most + 1];
    ways[0][0] = 1;
    for given in known {
        let mut next = vec![[0u64; 5]; most + 1];
        for (ones, row) in ways.iter().enumerate() {
            for (s, &w) in row.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                for v in [false, true] {
                    if given.is_some_and(|g| g != v) {
                        continue;
                    }
                    let d = usize::from(v);
                    let o = ones + d;
                    if o > most {
                        continue;
                    }
                    let t = match s {
                        0 => 1 + 2 * d,
                        _ if (s - 1) / 2 != d => 1 + 2 * d,
                        _ if (s - 1) % 2 == 0 => 2 + 2 * d,
                        _ => continue, // a third alike
                    };
                    next[o][t] = next[o][t].saturating_add(w);
                }
            }
        }
        ways = next;
    }
    (n / 2..=most)
        .map(|o| ways[o].iter().fold(0u64, |a, &b| a.saturating_add(b)))
        .fold(0, u64::saturating_add)
}

/// Calls `visit` with every filling of `known` (as a mask, bit `k` the `k`th cell a 1) that is
/// balanced and has no three alike, until it says `false`.
fn each_filling(known: &[Option<bool>], visit: &mut dyn FnMut(u64) -> bool) {
    fn go(
        known: &[Option<bool>],
        k: usize,
        mask: u64,
        ones: usize,
        visit: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        let n = known.len();
        let most = n.div_ceil(2);
        if k == n {
            return ones < n / 2 || visit(mask);
        }
        for v in [false, true] {
            if known[k].is_some_and(|g| g != v) {
                continue;
            }
            let o = ones + usize::from(v);
            let zeros = k + 1 - o;
            if o > most || zeros > most {
                continue;
            }
            let bit = |j: usize| mask & (1 << j) != 0;
            if k >= 2 && bit(k - 1) == v && bit(k - 2) == v {
                continue;
            }
            if !go(known, k + 1, if v { mask | 1 << k } else { mask }, o, visit) {
                return false;
            }
        }
        true
    }
    go(known, 0, 0, 0, visit);
}

impl ExactCover {
    /// The given cells of each line: the rows, then the columns.
    fn lines(board: &Takuzu) -> Vec<Vec<usize>> {
        let (w, h) = (board.width(), board.height());
        (0..h)
            .map(|r| (0..w).map(|c| r * w + c).collect())
            .chain((0..w).map(|c| (0..h).map(|r| r * w + c).collect()))
            .collect()
    }

    /// Why the board is too large for the reduction, if it is.
    pub fn refusal(board: &Takuzu) -> Option<String> {
        let options = Self::lines(board).iter().fold(0u64, |sum, cells| {
            let known: Vec<Option<bool>> = cells.iter().map(|&c| board.givens()[c]).collect();
            sum.saturating_add(fillings(&known))
        });
        (options > MAX_OPTIONS as u64).then(|| {
            format!("its lines have {options} fillings in all, past the exact-cover limit of {MAX_OPTIONS} options")
        })
    }

    /// The problem for a board; past the limit ([`ExactCover::refusal`]) one without options
    /// (no solution: the module's `count` and `visit` give up instead of using it).
    pub fn new(board: &Takuzu) -> Self {
        Self::with_budget(board, &Budget::unlimited()).unwrap_or_else(|_| ExactCover {
            width: board.width(),
            height: board.height(),
            rows: Vec::new(),
            problem: None,
        })
    }

    /// The problem for a board, or why it was not built: too large, or the budget's clock ran
    /// out while building.
    pub fn with_budget(board: &Takuzu, budget: &Budget) -> Result<Self, NotBuilt> {
        let (w, h) = (board.width(), board.height());
        if Self::refusal(board).is_some() {
            return Err(NotBuilt::TooLarge { options: MAX_OPTIONS });
        }
        let mut cover = ExactCover { width: w, height: h, rows: Vec::new(), problem: None };
        let mut b = ProblemBuilder::new();
        let rows: Vec<ItemId> = (0..h).map(|r| b.primary(format!("r{}", r + 1)).expect("distinct")).collect();
        let columns: Vec<ItemId> =
            (0..w).map(|c| b.primary(format!("c{}", c + 1)).expect("distinct")).collect();
        let cells: Vec<ItemId> = (0..w * h)
            .map(|i| b.secondary(format!("x{}.{}", i / w + 1, i % w + 1)).expect("distinct"))
            .collect();
        let colors: [Color; 2] = [b.color("0"), b.color("1")];
        let mut patterns: HashMap<(bool, u64), ItemId> = HashMap::new();
        let mut stopped = None;
        let mut built = 0u64;
        for (line, line_cells) in Self::lines(board).iter().enumerate() {
            let is_row = line < h;
            let item = if is_row { rows[line] } else { columns[line - h] };
            let known: Vec<Option<bool>> = line_cells.iter().map(|&c| board.givens()[c]).collect();
            each_filling(&known, &mut |mask| {
                built += 1;
                if built % 4096 == 0 {
                    stopped = budget.check_clock();
                }
                if stopped.is_some() {
                    return false;
                }
                let mut items: Vec<(ItemId, Option<Color>)> = vec![(item, None)];
                for (k, &cell) in line_cells.iter().enumerate() {
                    items.push((cells[cell], Some(colors[usize::from(mask & (1 << k) != 0)])));
                }
                if board.distinct() {
                    let pattern = *patterns.entry((is_row, mask)).or_insert_with(|| {
                        let name = format!("{}:{mask:x}", if is_row { 'R' } else { 'C' });
                        b.secondary(name).expect("one item a pattern")
                    });
                    items.push((pattern, None));
                }
                b.colored_option(items).expect("a valid option");
                cover.rows.push(is_row.then_some((line, mask)));
                true
            });
            if let Some(reason) = stopped {
                return Err(NotBuilt::GaveUp(reason));
            }
        }
        cover.problem = Some(b.build());
        Ok(cover)
    }

    /// Whether the problem was built (not refused as too large).
    pub fn is_built(&self) -> bool {
        self.problem.is_some()
    }
}

/// An empty problem, for a refused board: one primary item no option covers.
fn refused() -> &'static Problem {
    static EMPTY: std::sync::OnceLock<Problem> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| {
        let mut b = ProblemBuilder::new();
        b.primary("refused").expect("one item");
        b.build()
    })
}

impl Reduction for ExactCover {
    type Solution = Binary;

    fn problem(&self) -> &Problem {
        self.problem.as_ref().unwrap_or_else(|| refused())
    }

    fn decode(&self, options: &[OptionId]) -> Binary {
        let mut cells = vec![false; self.width * self.height];
        for option in options {
            if let Some(Some((r, mask))) = self.rows.get(option.index()) {
                for (c, cell) in cells[r * self.width..(r + 1) * self.width].iter_mut().enumerate() {
                    *cell = mask & (1 << c) != 0;
                }
            }
        }
        Binary::new(self.width, self.height, cells).expect("the board's size")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_of_fillings_is_the_number_enumerated() {
        for n in 1..=12usize {
            for seed in 0..20u64 {
                let known: Vec<Option<bool>> = (0..n)
                    .map(|k| match (seed.wrapping_mul(2654435761).wrapping_add(k as u64 * 40503)) % 5 {
                        0 => Some(false),
                        1 => Some(true),
                        _ => None,
                    })
                    .collect();
                let mut listed = 0u64;
                each_filling(&known, &mut |_| {
                    listed += 1;
                    true
                });
                assert_eq!(fillings(&known), listed, "{known:?}");
            }
        }
    }
}
