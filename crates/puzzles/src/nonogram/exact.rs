//! A nonogram as exact cover with colours (Knuth's XCC), for `tessera-xc`: the independent route
//! that cross-checks the line-logic solver.
//!
//! ```text
//!   primary items    rR (rows), cC (columns): each line takes exactly one placement
//!   secondary items  xR.C: a cell, coloured 1 (shaded) or 0 (empty) by the two lines through it
//!   options          "rR xR.1:v xR.2:v ...", one per placement of the row's runs, and the same
//!                    for each column; two placements agree on a cell exactly when they colour it
//!                    alike
//! ```
//!
//! The placements of a line are as many as the ways to share its free cells among its gaps
//! (`C(free + runs, runs)`), so a board whose lines have many short runs makes a problem too
//! large to build: past [`MAX_OPTIONS`] options, or 16 times as many cells in them, the
//! reduction is refused ([`ExactCover::refusal`]) before anything is built, and the engine gives
//! up at once. Building reads the budget's clock every 4,096 options.

use tessera_xc::{Budget, Color, ItemId, OptionId, Problem, ProblemBuilder};

use crate::common::{NotBuilt, MAX_OPTIONS};
use crate::nonogram::{Nonogram, Shading};
use crate::Reduction;

/// The exact-cover problem of a board and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    width: usize,
    height: usize,
    /// The row of each row option with its cells shaded (`None` for column options).
    rows: Vec<Option<(usize, Vec<bool>)>>,
    problem: Option<Problem>,
}

/// The number of placements of `runs` in `n` cells, saturating.
pub(crate) fn placements(runs: &[u32], n: usize) -> u64 {
    let k = runs.len() as u64;
    let used: u64 = runs.iter().map(|&r| u64::from(r)).sum::<u64>() + k.saturating_sub(1);
    let free = (n as u64).saturating_sub(used);
    let mut ways = 1u64;
    for i in 0..k {
        ways = ways.saturating_mul(free + k - i) / (i + 1);
    }
    ways
}

impl ExactCover {
    /// Why the board is too large for the reduction, if it is.
    pub fn refusal(board: &Nonogram) -> Option<String> {
        let lines = board
            .rows()
            .iter()
            .map(|runs| (placements(runs, board.width()), board.width()))
            .chain(board.columns().iter().map(|runs| (placements(runs, board.height()), board.height())));
        let (mut options, mut cells) = (0u64, 0u64);
        for (ways, length) in lines {
            options = options.saturating_add(ways);
            cells = cells.saturating_add(ways.saturating_mul(length as u64 + 1));
        }
        (options > MAX_OPTIONS as u64 || cells > 16 * MAX_OPTIONS as u64).then(|| {
            format!(
                "its lines have {options} placements in all, past the exact-cover limit of {MAX_OPTIONS} options \
                 (or of {} cells in them)",
                16 * MAX_OPTIONS
            )
        })
    }

    /// The problem for a board; past the limit ([`ExactCover::refusal`]) one without options
    /// (no solution: the module's `count` and `visit` give up instead of using it).
    pub fn new(board: &Nonogram) -> Self {
        Self::with_budget(board, &Budget::unlimited()).unwrap_or_else(|_| ExactCover {
            width: board.width(),
            height: board.height(),
            rows: Vec::new(),
            problem: None,
        })
    }

    /// The problem for a board, or why it was not built: too large, or the budget's clock ran
    /// out while building.
    pub fn with_budget(board: &Nonogram, budget: &Budget) -> Result<Self, NotBuilt> {
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
        let mut stopped = None;
        let mut built = 0u64;
        let lines = board.lines();
        for (line, (line_cells, runs)) in lines.iter().enumerate() {
            let item = if line < h { rows[line] } else { columns[line - h] };
            each_placement(runs, line_cells.len(), &mut |placement| {
                built += 1;
                if stopped.is_some()
                    || (built % 4096 == 0 && {
                        stopped = budget.check_clock();
                        stopped.is_some()
                    })
                {
                    return false;
                }
                let items = std::iter::once((item, None)).chain(
                    line_cells
                        .iter()
                        .zip(placement)
                        .map(|(&cell, &s)| (cells[cell], Some(colors[usize::from(s)]))),
                );
                b.colored_option(items).expect("a valid option");
                cover.rows.push((line < h).then(|| (line, placement.to_vec())));
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

/// Calls `visit` with every placement of `runs` in `n` cells, until it says `false`.
fn each_placement(runs: &[u32], n: usize, visit: &mut dyn FnMut(&[bool]) -> bool) {
    fn place(
        runs: &[u32],
        at: usize,
        line: &mut Vec<bool>,
        n: usize,
        visit: &mut dyn FnMut(&[bool]) -> bool,
    ) -> bool {
        let Some((&first, rest)) = runs.split_first() else {
            let keep = line.len();
            line.resize(n, false);
            let go_on = visit(line);
            line.truncate(keep);
            return go_on;
        };
        let need: usize = rest.iter().map(|&r| r as usize + 1).sum();
        let len = first as usize;
        let mut start = at;
        while start + len + need <= n {
            let keep = line.len();
            line.resize(start, false);
            line.resize(start + len, true);
            if !rest.is_empty() {
                line.push(false);
            }
            let go_on = place(rest, line.len(), line, n, visit);
            line.truncate(keep);
            if !go_on {
                return false;
            }
            start += 1;
        }
        true
    }
    place(runs, 0, &mut Vec::with_capacity(n), n, visit);
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
    type Solution = Shading;

    fn problem(&self) -> &Problem {
        self.problem.as_ref().unwrap_or_else(|| refused())
    }

    fn decode(&self, options: &[OptionId]) -> Shading {
        let mut cells = vec![false; self.width * self.height];
        for option in options {
            if let Some(Some((r, line))) = self.rows.get(option.index()) {
                for (c, &s) in line.iter().enumerate() {
                    cells[r * self.width + c] = s;
                }
            }
        }
        Shading::new(self.width, self.height, cells).expect("the board's size")
    }
}
