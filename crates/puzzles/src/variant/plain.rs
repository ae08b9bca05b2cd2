//! `auto`'s hand-off: a rule set that is plain Sudoku (classic boxes or jigsaw regions of N cells
//! each, with or without both diagonals, and no other constraint) goes to the dedicated Sudoku
//! solvers, which are several times faster on it; one that is plain Killer Sudoku (classic
//! boxes, killer cages with sums covering every cell once, givens, nothing else) goes to the
//! Killer solver, whose cage reasoning (combinations against houses, innies and outies) settles
//! the hardest published killers that the generic search wanders in. Never the other way round:
//! anything else stays with the rules engines.

use std::sync::Arc;

use tessera_xc::Count;

use crate::killer::{self, Killer};
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

/// The Killer Sudoku this rule set is, if it is plain Killer Sudoku.
pub(crate) fn as_killer(puzzle: &Variant) -> Option<Killer> {
    let n = puzzle.size;
    if puzzle.regions != default_regions(n) || puzzle.constraints.is_empty() {
        return None;
    }
    let mut cages = Vec::with_capacity(puzzle.constraints.len());
    for constraint in &puzzle.constraints {
        let Constraint::Cage { cells, sum: Some(sum) } = constraint else { return None };
        let cells = cells.iter().map(|c| c.index(n)).collect::<Option<Vec<usize>>>()?;
        cages.push(killer::Cage::new(cells, *sum));
    }
    // The Killer refuses what is not a partition of the grid (a gap, an overlap) or a cage sum
    // its digits cannot make: those stay with the rules engines.
    Killer::new(n, cages, puzzle.givens.clone()).ok()
}

/// The dedicated solvers' answer when `puzzle` is plain Sudoku or plain Killer Sudoku, `None`
/// otherwise.
pub(crate) fn visit(puzzle: &Variant, query: &Query, visit: &(dyn Fn(Vec<u8>) + Sync)) -> Option<Count> {
    if let Some(killer) = as_killer(puzzle) {
        let killer_query = killer::Query::default()
            .with_limit(query.limit)
            .with_threads(query.threads)
            .with_budget(query.budget.clone());
        return Some(killer::visit(&killer, &killer_query, |grid: killer::Grid| {
            visit(grid.digits().to_vec());
        }));
    }
    let sudoku = as_sudoku(puzzle)?;
    let sudoku_query = sudoku::Query::default()
        .with_limit(query.limit)
        .with_threads(query.threads)
        .with_budget(query.budget.clone());
    Some(sudoku::visit(&sudoku, &sudoku_query, &|solution: Sudoku| visit(solution.cells().to_vec())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::model::Cell;

    /// A 4x4 whose cages are its rows (each summing to 10).
    fn rows() -> Variant {
        let mut puzzle = Variant::classic(4);
        for r in 0..4 {
            let cells = (0..4).map(|c| Cell::new(r, c)).collect();
            puzzle.constraints.push(Constraint::Cage { cells, sum: Some(10) });
        }
        puzzle
    }

    #[test]
    fn only_plain_killers_go_to_the_killer_solver() {
        assert!(as_killer(&rows()).is_some());
        let mut gap = rows();
        gap.constraints.pop();
        assert!(as_killer(&gap).is_none(), "a row in no cage");
        let mut sumless = rows();
        sumless.constraints[0] =
            Constraint::Cage { cells: (0..4).map(|c| Cell::new(0, c)).collect(), sum: None };
        assert!(as_killer(&sumless).is_none(), "a cage without a sum");
        let mut more = rows();
        more.constraints.push(Constraint::AntiKing);
        assert!(as_killer(&more).is_none(), "another rule");
        let mut jigsaw = rows();
        jigsaw.regions.swap(1, 2);
        assert!(as_killer(&jigsaw).is_none(), "jigsaw regions");
        assert!(as_sudoku(&rows()).is_none());
    }
}
