//! `auto`'s hand-off: a rule set that is plain Sudoku (classic boxes or jigsaw regions of N cells
//! each, with or without both diagonals, and no other constraint) goes to the dedicated Sudoku
//! solvers, which are several times faster on it. Never the other way round: anything else stays
//! with the rules engines.

use std::sync::Arc;

use tessera_xc::Count;

use crate::sudoku::{self, Layout, Sudoku};
use crate::variant::model::{default_regions, Constraint, Variant};
use crate::variant::Query;

/// The Sudoku this rule set is, if it is plain Sudoku.
pub(crate) fn as_sudoku(puzzle: &Variant) -> Option<Sudoku> {
    let n = puzzle.size;
    let (mut positive, mut negative) = (false, false);
    for constraint in &puzzle.constraints {
        match constraint {
            Constraint::DiagonalPositive => positive = true,
            Constraint::DiagonalNegative => negative = true,
            _ => return None,
        }
    }
    if positive != negative {
        return None;
    }
    let layout = if puzzle.regions == default_regions(n) {
        Layout::classic(n).ok()?
    } else {
        let regions: Vec<u8> = puzzle.regions.iter().map(|r| r.map(|r| r as u8)).collect::<Option<_>>()?;
        // The jigsaw layout wants region ids 0..n; renumber in order of appearance.
        let mut ids: Vec<u8> = Vec::new();
        let renumbered = regions
            .iter()
            .map(|r| match ids.iter().position(|x| x == r) {
                Some(i) => i as u8,
                None => {
                    ids.push(*r);
                    (ids.len() - 1) as u8
                }
            })
            .collect();
        Layout::jigsaw(n, renumbered).ok()?
    };
    let layout = if positive { layout.with_diagonals() } else { layout };
    Sudoku::from_digits(Arc::new(layout), puzzle.givens.clone()).ok()
}

/// The Sudoku solvers' answer when `puzzle` is plain Sudoku, `None` otherwise.
pub(crate) fn visit(puzzle: &Variant, query: &Query, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Option<Count> {
    let sudoku = as_sudoku(puzzle)?;
    let sudoku_query = sudoku::Query::default()
        .with_limit(query.limit)
        .with_threads(query.threads)
        .with_budget(query.budget.clone());
    Some(sudoku::visit(&sudoku, &sudoku_query, &|solution: Sudoku| visit(solution.cells().to_vec())))
}
