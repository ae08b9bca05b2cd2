//! The catalogue of constraint kinds: for each kind of [`Constraint`], one module with its
//! `validate` (the cells and values it may name), its `check` (the independent checker the
//! verifier runs on a filled grid) and its `compile` (what it asks of the solver: the engine's
//! generic propagators — all-different groups, pair relations by table, linear sums — or a
//! propagator of its own). The engine knows none of the kinds; adding a kind is a variant of
//! [`Constraint`], one module here, and its three arms below.

mod arrow;
mod between;
mod cage;
mod chess;
mod clone;
mod diagonal;
mod disjoint;
mod dots;
mod extremum;
mod innies;
mod little_killer;
mod negative;
mod nonconsecutive;
mod palindrome;
mod parity;
mod quadruple;
mod region;
mod region_sum;
mod renban;
mod sandwich;
mod skyscraper;
mod thermo;
mod whispers;

use crate::common::Relation;
use crate::variant::model::{Cell, Constraint, Variant};
use crate::variant::solve::Builder;

/// A skyscraper clue's line in view order and the buildings seen along one, for the generator.
pub(crate) use skyscraper::{
    cells as skyscraper_cells, opposite as skyscraper_opposite, seen as skyscrapers_seen,
};

/// The cells of a little killer's diagonal, for the generator.
pub(crate) fn little_killer_cells(
    n: usize,
    clue: Cell,
    direction: crate::variant::model::Direction,
) -> Vec<usize> {
    little_killer::cells(n, clue, direction)
}

/// What a checker reports: the cells at fault and what is wrong.
pub(crate) type Broken = Vec<(Vec<Cell>, String)>;

/// Checks that `constraint` names cells and values that `puzzle` can hold.
pub(crate) fn validate(puzzle: &Variant, constraint: &Constraint) -> Result<(), String> {
    use Constraint as C;
    match constraint {
        C::ExtraRegion { cells } => region::validate(puzzle, cells),
        C::DiagonalPositive | C::DiagonalNegative | C::AntiKnight | C::AntiKing | C::NonConsecutive => Ok(()),
        C::DisjointGroups => disjoint::validate(puzzle),
        C::Cage { cells, sum } => cage::validate(puzzle, cells, *sum),
        C::LittleKiller { clue, direction, sum } => little_killer::validate(puzzle, *clue, *direction, *sum),
        C::Sandwich { clue, sum } => sandwich::validate(puzzle, *clue, *sum),
        C::Skyscraper { clue, count } => skyscraper::validate(puzzle, *clue, *count),
        C::Less { cells } => {
            inside(puzzle, cells)?;
            match cells[0].touches(cells[1]) {
                true => Ok(()),
                false => Err(format!("{} and {} are not neighbours", cells[0], cells[1])),
            }
        }
        C::Thermometer { cells, slow } => thermo::validate(puzzle, cells, *slow),
        C::Arrow { circle, lines } => arrow::validate(puzzle, circle, lines),
        C::Difference { cells, value } => dots::validate(puzzle, cells, *value, "difference"),
        C::Ratio { cells, value } => dots::validate(puzzle, cells, *value, "ratio"),
        C::Xv { cells, sum } => dots::validate(puzzle, cells, *sum, "sum"),
        C::Negative { .. } => Ok(()),
        C::Odd { cell } | C::Even { cell } | C::Minimum { cell } | C::Maximum { cell } => {
            inside(puzzle, &[*cell])
        }
        C::Quadruple { cells, values } => quadruple::validate(puzzle, cells, values),
        C::Palindrome { cells } | C::Renban { cells } | C::Between { cells } | C::RegionSumLine { cells } => {
            line(puzzle, cells, 1)
        }
        C::Whispers { cells, difference } => whispers::validate(puzzle, cells, *difference),
        C::Clone { cells, clones } => clone::validate(puzzle, cells, clones),
    }
}

/// Every way the filled `digits` break `constraint`.
pub(crate) fn check(puzzle: &Variant, constraint: &Constraint, digits: &[u8]) -> Broken {
    use Constraint as C;
    let at = |cell: Cell| digits[puzzle.index(cell)];
    match constraint {
        C::ExtraRegion { cells } => region::check(puzzle, cells, digits),
        C::DiagonalPositive => diagonal::check(puzzle, true, digits),
        C::DiagonalNegative => diagonal::check(puzzle, false, digits),
        C::AntiKnight => chess::check(puzzle, chess::KNIGHT, "a knight's move", digits),
        C::AntiKing => chess::check(puzzle, chess::KING, "a king's move", digits),
        C::NonConsecutive => nonconsecutive::check(puzzle, digits),
        C::DisjointGroups => disjoint::check(puzzle, digits),
        C::Cage { cells, sum } => cage::check(puzzle, cells, *sum, digits),
        C::LittleKiller { clue, direction, sum } => {
            little_killer::check(puzzle, *clue, *direction, *sum, digits)
        }
        C::Sandwich { clue, sum } => sandwich::check(puzzle, *clue, *sum, digits),
        C::Skyscraper { clue, count } => skyscraper::check(puzzle, *clue, *count, digits),
        C::Less { cells } => {
            let (a, b) = (at(cells[0]), at(cells[1]));
            if a == 0 || b == 0 || a < b {
                Vec::new()
            } else {
                vec![(cells.to_vec(), format!("{a} at {} is not less than {b} at {}", cells[0], cells[1]))]
            }
        }
        C::Thermometer { cells, slow } => thermo::check(puzzle, cells, *slow, digits),
        C::Arrow { circle, lines } => arrow::check(puzzle, circle, lines, digits),
        C::Difference { cells, value } => dots::check_difference(cells, *value, at),
        C::Ratio { cells, value } => dots::check_ratio(cells, *value, at),
        C::Xv { cells, sum } => dots::check_sum(cells, *sum, at),
        C::Negative { of } => negative::check(puzzle, of, digits),
        C::Odd { cell } => parity::check(*cell, 1, at),
        C::Even { cell } => parity::check(*cell, 0, at),
        C::Minimum { cell } => extremum::check(puzzle, *cell, true, digits),
        C::Maximum { cell } => extremum::check(puzzle, *cell, false, digits),
        C::Quadruple { cells, values } => quadruple::check(cells, values, at),
        C::Palindrome { cells } => palindrome::check(cells, at),
        C::Renban { cells } => renban::check(cells, at),
        C::Whispers { cells, difference } => whispers::check(cells, *difference, at),
        C::Between { cells } => between::check(cells, at),
        C::RegionSumLine { cells } => region_sum::check(puzzle, cells, digits),
        C::Clone { cells, clones } => clone::check(cells, clones, at),
    }
}

/// Hands `constraint` to the solver being built.
pub(crate) fn compile(puzzle: &Variant, constraint: &Constraint, builder: &mut Builder) {
    use Constraint as C;
    let ix = |cell: &Cell| puzzle.index(*cell);
    match constraint {
        C::ExtraRegion { cells } => builder.all_different(cells.iter().map(ix).collect()),
        C::DiagonalPositive => builder.all_different(diagonal::cells(puzzle.size, true)),
        C::DiagonalNegative => builder.all_different(diagonal::cells(puzzle.size, false)),
        C::AntiKnight => chess::compile(puzzle, chess::KNIGHT, builder),
        C::AntiKing => chess::compile(puzzle, chess::KING, builder),
        C::NonConsecutive => nonconsecutive::compile(puzzle, builder),
        C::DisjointGroups => disjoint::compile(puzzle, builder),
        C::Cage { cells, sum } => cage::compile(cells.iter().map(ix).collect(), *sum, builder),
        C::LittleKiller { clue, direction, sum } => {
            let cells = little_killer::cells(puzzle.size, *clue, *direction);
            builder.linear(cells.into_iter().map(|c| (c, 1)).collect(), *sum as i32);
        }
        C::Sandwich { clue, sum } => sandwich::compile(puzzle, *clue, *sum, builder),
        C::Skyscraper { clue, count } => skyscraper::compile(puzzle, *clue, *count, builder),
        C::Less { cells } => builder.relation(ix(&cells[0]), ix(&cells[1]), |a, b| a < b),
        C::Thermometer { cells, slow } => thermo::compile(cells.iter().map(ix).collect(), *slow, builder),
        C::Arrow { circle, lines } => arrow::compile(puzzle, circle, lines, builder),
        C::Difference { cells, value } => {
            let value = *value;
            builder.relation(ix(&cells[0]), ix(&cells[1]), move |a, b| a.abs_diff(b) == value);
        }
        C::Ratio { cells, value } => {
            let value = *value;
            builder.relation(ix(&cells[0]), ix(&cells[1]), move |a, b| a == b * value || b == a * value);
        }
        C::Xv { cells, sum } => {
            let sum = *sum;
            builder.relation(ix(&cells[0]), ix(&cells[1]), move |a, b| a + b == sum);
        }
        C::Negative { of } => negative::compile(puzzle, of, builder),
        C::Odd { cell } => builder.restrict(ix(cell), parity::mask(puzzle.size, 1)),
        C::Even { cell } => builder.restrict(ix(cell), parity::mask(puzzle.size, 0)),
        C::Minimum { cell } => extremum::compile(puzzle, *cell, true, builder),
        C::Maximum { cell } => extremum::compile(puzzle, *cell, false, builder),
        C::Quadruple { cells, values } => quadruple::compile(cells.iter().map(ix).collect(), values, builder),
        C::Palindrome { cells } => {
            let cells: Vec<usize> = cells.iter().map(ix).collect();
            for i in 0..cells.len() / 2 {
                builder.relation(cells[i], cells[cells.len() - 1 - i], |a, b| a == b);
            }
        }
        C::Renban { cells } => renban::compile(cells.iter().map(ix).collect(), builder),
        C::Whispers { cells, difference } => {
            let difference = *difference;
            for pair in cells.windows(2) {
                builder.relation(ix(&pair[0]), ix(&pair[1]), move |a, b| a.abs_diff(b) >= difference);
            }
        }
        C::Between { cells } => between::compile(cells.iter().map(ix).collect(), builder),
        C::RegionSumLine { cells } => region_sum::compile(puzzle, cells, builder),
        C::Clone { cells, clones } => {
            for (a, b) in cells.iter().zip(clones) {
                if a != b {
                    builder.relation(ix(a), ix(b), |x, y| x == y);
                }
            }
        }
    }
}

/// The rules of a puzzle that a front end can check cell by cell while it is played, as plain
/// data: groups whose digits differ beyond rows and columns, cages and their sums, and pairs of
/// cells in a [`Relation`]. What it leaves out (arrows, sandwiches, little killers, renban, lines
/// over regions, the negative constraint, quadruples, extrema) is checked on the full grid by
/// [`crate::variant::verify`]; a grid breaking any rule listed here is refused by it too.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Live {
    /// Groups of cells (numbered row by row) whose digits differ: regions, extra regions,
    /// diagonals, disjoint groups, killer cages.
    pub distinct: Vec<Vec<usize>>,
    /// Killer cages with a sum: their cells and the sum.
    pub sums: Vec<(Vec<usize>, u32)>,
    /// Pairs of cells and their relation.
    pub pairs: Vec<(usize, usize, Relation)>,
}

/// The rules of `puzzle` a front end checks while it is played.
pub fn live(puzzle: &Variant) -> Live {
    use Constraint as C;
    let n = puzzle.size;
    let ix = |cell: &Cell| puzzle.index(*cell);
    let mut live = Live::default();
    let mut regions: Vec<(u16, Vec<usize>)> = Vec::new();
    for (cell, region) in puzzle.regions.iter().enumerate() {
        let Some(region) = region else { continue };
        match regions.iter_mut().find(|(id, _)| id == region) {
            Some((_, cells)) => cells.push(cell),
            None => regions.push((*region, vec![cell])),
        }
    }
    live.distinct.extend(regions.into_iter().map(|(_, cells)| cells));
    for constraint in &puzzle.constraints {
        let pairs = &mut live.pairs;
        let mut chain = |cells: &[Cell], relation: Relation| {
            pairs.extend(cells.windows(2).map(|w| (ix(&w[0]), ix(&w[1]), relation)));
        };
        match constraint {
            C::ExtraRegion { cells } => live.distinct.push(cells.iter().map(ix).collect()),
            C::DiagonalPositive => live.distinct.push(diagonal::cells(n, true)),
            C::DiagonalNegative => live.distinct.push(diagonal::cells(n, false)),
            C::DisjointGroups => live.distinct.extend(disjoint::groups(n)),
            C::AntiKnight => {
                live.pairs.extend(chess::pairs(n, chess::KNIGHT).map(|(a, b)| (a, b, Relation::Apart(1))));
            }
            C::AntiKing => {
                live.pairs.extend(chess::pairs(n, chess::KING).map(|(a, b)| (a, b, Relation::Apart(1))));
            }
            C::NonConsecutive => {
                live.pairs.extend(adjacent_pairs(n).map(|(a, b)| (a, b, Relation::Apart(2))));
            }
            C::Cage { cells, sum } => {
                let cells: Vec<usize> = cells.iter().map(ix).collect();
                if let Some(sum) = sum {
                    live.sums.push((cells.clone(), *sum));
                }
                live.distinct.push(cells);
            }
            C::Thermometer { cells, slow } => {
                chain(cells, if *slow { Relation::LessOrEqual } else { Relation::Less });
            }
            C::Difference { cells, value } => chain(cells, Relation::Difference(*value)),
            C::Less { cells } => chain(cells, Relation::Less),
            C::Ratio { cells, value } => chain(cells, Relation::Ratio(*value)),
            C::Xv { cells, sum } => chain(cells, Relation::Sum(*sum)),
            C::Whispers { cells, difference } => chain(cells, Relation::Apart(*difference)),
            C::Odd { cell } => live.pairs.push((ix(cell), ix(cell), Relation::Odd)),
            C::Even { cell } => live.pairs.push((ix(cell), ix(cell), Relation::Even)),
            C::Palindrome { cells } => {
                let k = cells.len();
                live.pairs
                    .extend((0..k / 2).map(|i| (ix(&cells[i]), ix(&cells[k - 1 - i]), Relation::Equal)));
            }
            C::Clone { cells, clones } => {
                live.pairs.extend(
                    cells
                        .iter()
                        .zip(clones)
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| (ix(a), ix(b), Relation::Equal)),
                );
            }
            _ => {}
        }
    }
    live.distinct.retain(|group| group.len() > 1);
    live
}

/// What the constraints imply together (the rule of 45 over cages and houses).
pub(crate) fn derive(puzzle: &Variant, builder: &mut Builder) {
    innies::derive(puzzle, builder);
}

/// Pairs of cells of `cells` holding the same digit (each repeat once, with the earlier cell).
pub(crate) fn repeats(digits: &[u8], cells: &[usize]) -> Vec<(usize, usize)> {
    let mut seen = [usize::MAX; 256];
    let mut found = Vec::new();
    for &cell in cells {
        let d = digits[cell] as usize;
        if d == 0 {
            continue;
        }
        if seen[d] == usize::MAX {
            seen[d] = cell;
        } else {
            found.push((seen[d], cell));
        }
    }
    found
}

/// Repeats in `cells` reported as `what` ("the cage at r1c1").
pub(crate) fn repeats_broken(puzzle: &Variant, digits: &[u8], cells: &[usize], what: &str) -> Broken {
    let n = puzzle.size;
    repeats(digits, cells)
        .into_iter()
        .map(|(a, b)| {
            let (ca, cb) = (Cell::at(a, n), Cell::at(b, n));
            (vec![ca, cb], format!("{} appears twice in {what}, at {ca} and {cb}", digits[a]))
        })
        .collect()
}

/// Every cell inside the grid.
pub(crate) fn inside(puzzle: &Variant, cells: &[Cell]) -> Result<(), String> {
    match cells.iter().find(|c| c.index(puzzle.size).is_none()) {
        Some(cell) => Err(format!("{cell} is outside the {0}x{0} grid", puzzle.size)),
        None => Ok(()),
    }
}

/// A line: at least `min` cells, all inside, none twice.
pub(crate) fn line(puzzle: &Variant, cells: &[Cell], min: usize) -> Result<(), String> {
    inside(puzzle, cells)?;
    if cells.len() < min {
        return Err(format!("{} cells; it needs at least {min}", cells.len()));
    }
    let mut seen = std::collections::HashSet::new();
    match cells.iter().find(|c| !seen.insert(**c)) {
        Some(cell) => Err(format!("{cell} is on it twice")),
        None => Ok(()),
    }
}

/// `cells` as r1c1 names joined by commas.
pub(crate) fn names(cells: &[Cell]) -> String {
    cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// The orthogonal neighbours of cell `i` in an `n`x`n` grid.
pub(crate) fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    crate::common::grid::orthogonal(n, n, i)
}

/// Pairs of orthogonal neighbours `(a, b)` with `a < b`, row by row.
pub(crate) fn adjacent_pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n * n).flat_map(move |a| neighbours(a, n).filter(move |&b| b > a).map(move |b| (a, b)))
}
