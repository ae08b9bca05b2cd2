//! The exact-cover reduction of a [`Variant`] for `tessera-xc` (XCC: exact cover with colours),
//! the second independent route that cross-checks the propagating search.
//!
//! ```text
//!   primary items    pC                 cell C filled
//!                    rRdD cCdD gGdD     digit D once in row R, column C, full region G
//!                    kK                 constraint K's cells filled by one accepted filling
//!   secondary items  vC                 cell C's digit, as a colour
//!                    hGdD               digit D at most once in a smaller region G
//!                    fF                 forbidden pair F: (a = x, b = y) never both
//!   options          per (cell, digit) allowed by the givens: pC rRdD cCdD [gGdD | hGdD]
//!                    vC:D and the fF of the pairs it is in
//!                    per accepted filling of a table: kK and vC:D of its cells
//! ```
//!
//! The pairs and tables are the checkers' view ([`crate::variant::sat::parts`]): each constraint
//! kind's `rules::check` says which fillings it accepts. Why colours: a filling option agrees with
//! the cell options through `vC`, so one cell can sit in many constraints' scopes without a
//! second layer of items. The options are counted as they are built and the build stops past
//! [`MAX_OPTIONS`] with [`NotBuilt::TooLarge`] (a 9x9 sandwich row has up to 9! fillings), which
//! the `xc` engine reports as a node-limit give-up.

use tessera_xc::{Budget, Count, GaveUp, OptionId, Outcome, Problem, ProblemBuilder, Stats};

use crate::variant::model::{Grid, Variant};
use crate::variant::sat::parts;
use crate::variant::Query;
use crate::Reduction;

pub use crate::common::{NotBuilt, MAX_OPTIONS};

/// The exact-cover problem of a variant puzzle and the way back from its solutions.
#[derive(Debug, Clone)]
pub struct ExactCover {
    n: usize,
    problem: Problem,
    /// Per option: its cell and digit, or `None` for a filling option.
    cell_digit: Vec<Option<(usize, u8)>>,
}

impl ExactCover {
    /// The reduction of `puzzle`. Past [`MAX_OPTIONS`] options it is built with no option (no
    /// solution): use [`ExactCover::with_budget`] to be told.
    pub fn new(puzzle: &Variant) -> Self {
        Self::with_budget(puzzle, &Budget::unlimited()).unwrap_or_else(|_| {
            let mut b = ProblemBuilder::new();
            let _ = b.primary("p1");
            ExactCover { n: puzzle.size, problem: b.build(), cell_digit: vec![] }
        })
    }

    /// The reduction, built under the budget's clock and cancel flag, or why not.
    pub fn with_budget(puzzle: &Variant, budget: &Budget) -> Result<Self, NotBuilt> {
        let n = puzzle.size;
        let cells = n * n;
        let parts = parts::parts(puzzle, MAX_OPTIONS, budget).map_err(NotBuilt::GaveUp)?;
        if let Some((_, scope)) = parts.large.first() {
            return Err(NotBuilt::TooLarge { options: MAX_OPTIONS.max(scope.len()) });
        }
        let total: usize = parts.tables.iter().map(|t| t.fillings.len() / t.scope.len().max(1)).sum();
        if total + cells * n > MAX_OPTIONS {
            return Err(NotBuilt::TooLarge { options: total + cells * n });
        }
        let expect = "distinct item names";
        let mut b = ProblemBuilder::new();
        let fill: Vec<_> = (0..cells).map(|c| b.primary(format!("p{c}")).expect(expect)).collect();
        let rows: Vec<_> =
            (0..n * n).map(|i| b.primary(format!("r{}d{}", i / n, i % n + 1)).expect(expect)).collect();
        let cols: Vec<_> =
            (0..n * n).map(|i| b.primary(format!("c{}d{}", i / n, i % n + 1)).expect(expect)).collect();
        let mut regions = std::collections::BTreeMap::<u16, usize>::new();
        for region in puzzle.regions.iter().flatten() {
            *regions.entry(*region).or_default() += 1;
        }
        let mut region_items = std::collections::HashMap::new();
        for (&region, &size) in &regions {
            for d in 1..=n as u8 {
                let item = if size == n {
                    b.primary(format!("g{region}d{d}"))
                } else {
                    b.secondary(format!("h{region}d{d}"))
                };
                region_items.insert((region, d), item.expect(expect));
            }
        }
        let value: Vec<_> = (0..cells).map(|c| b.secondary(format!("v{c}")).expect(expect)).collect();
        let mut pair_items = vec![Vec::new(); cells * n];
        for (f, &(a, x, bb, y)) in parts.pairs.iter().enumerate() {
            let item = b.secondary(format!("f{f}")).expect(expect);
            pair_items[a * n + x as usize - 1].push(item);
            pair_items[bb * n + y as usize - 1].push(item);
        }
        let colors: Vec<_> = (1..=n).map(|d| b.color(&d.to_string())).collect();
        let mut cell_digit = Vec::new();
        for cell in 0..cells {
            for d in 1..=n as u8 {
                let given = puzzle.givens[cell];
                if given != 0 && given != d {
                    continue;
                }
                let mut items = vec![(fill[cell], None), (rows[(cell / n) * n + d as usize - 1], None)];
                items.push((cols[(cell % n) * n + d as usize - 1], None));
                if let Some(region) = puzzle.regions[cell] {
                    items.push((region_items[&(region, d)], None));
                }
                items.push((value[cell], Some(colors[d as usize - 1])));
                let mut pairs = pair_items[cell * n + d as usize - 1].clone();
                pairs.sort();
                pairs.dedup();
                items.extend(pairs.into_iter().map(|p| (p, None)));
                b.colored_option(items).expect("distinct items");
                cell_digit.push(Some((cell, d)));
            }
        }
        for (k, table) in parts.tables.iter().enumerate() {
            if k % 16 == 0 {
                if let Some(reason) = budget.check_clock() {
                    return Err(NotBuilt::GaveUp(reason));
                }
            }
            let item = b.primary(format!("k{k}")).expect(expect);
            let len = table.scope.len();
            if len == 0 {
                b.option(&[item]).expect("one item");
                cell_digit.push(None);
                continue;
            }
            for filling in table.fillings.chunks(len) {
                let items = std::iter::once((item, None)).chain(
                    table.scope.iter().zip(filling).map(|(&c, &d)| (value[c], Some(colors[d as usize - 1]))),
                );
                b.colored_option(items).expect("distinct items");
                cell_digit.push(None);
            }
        }
        Ok(ExactCover { n, problem: b.build(), cell_digit })
    }
}

impl Reduction for ExactCover {
    type Solution = Grid;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Grid {
        let digits =
            crate::common::grid_digits(self.n, options, |o| self.cell_digit.get(o).copied().flatten());
        Grid::new(self.n, digits).expect("digits from 1 to n")
    }
}

/// Hands each solution (digits row by row) to `visit`, up to `query.limit`.
pub(crate) fn visit(puzzle: &Variant, query: &Query, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Count {
    let gave_up = |reason| Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats: Stats::default() };
    match ExactCover::with_budget(puzzle, &query.budget) {
        Ok(cover) => cover.visit(&query.cover(), &|grid: Grid| visit(grid.digits().to_vec())),
        Err(NotBuilt::GaveUp(reason)) => gave_up(reason),
        Err(NotBuilt::TooLarge { .. }) => gave_up(GaveUp::NodeLimit),
    }
}
