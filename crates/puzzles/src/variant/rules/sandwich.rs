//! Sandwich: a clue left or right of a row (above or below a column); the digits between the 1
//! and the N of that row add up to it (0 when they are neighbours).
//!
//! Its propagator tries every pair of places for the 1 and the N that the candidates allow and
//! keeps, for each cell, the digits some such placement supports: the crust cells take 1 or N,
//! the cells between take digits of a reachable sum (2..N-1 with a subset-sum table over their
//! candidates), the cells outside take any digit but 1 and N.

use super::{names, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::{Builder, Propagator, Store, Wipeout};

/// The row or column of the clue, in order.
pub(crate) fn cells(n: usize, clue: Cell) -> Vec<usize> {
    if clue.col == -1 || clue.col == n as i16 {
        (0..n).map(|c| clue.row as usize * n + c).collect()
    } else {
        (0..n).map(|r| r * n + clue.col as usize).collect()
    }
}

pub(super) fn validate(puzzle: &Variant, clue: Cell, sum: u32) -> Result<(), String> {
    let n = puzzle.size as i16;
    let row_clue = (clue.col == -1 || clue.col == n) && (0..n).contains(&clue.row);
    let col_clue = (clue.row == -1 || clue.row == n) && (0..n).contains(&clue.col);
    if !row_clue && !col_clue {
        return Err(format!("the clue {clue} is not beside a row or a column"));
    }
    let most: u32 = (2..puzzle.size as u32).sum();
    if sum > most {
        return Err(format!("sum {sum}: the most between 1 and {n} is {most}"));
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, clue: Cell, sum: u32, digits: &[u8]) -> Broken {
    let n = puzzle.size;
    let line = cells(n, clue);
    let place = |d: u8| line.iter().position(|&i| digits[i] == d);
    let (Some(a), Some(b)) = (place(1), place(n as u8)) else { return Vec::new() };
    let (lo, hi) = (a.min(b), a.max(b));
    let total: u32 = line[lo + 1..hi].iter().map(|&i| u32::from(digits[i])).sum();
    if total == sum {
        return Vec::new();
    }
    let cells: Vec<Cell> = line[lo..=hi].iter().map(|&i| Cell::at(i, n)).collect();
    vec![(
        cells.clone(),
        format!("the sandwich at {clue} holds {total} between 1 and {n}, not {sum} ({})", names(&cells)),
    )]
}

pub(super) fn compile(puzzle: &Variant, clue: Cell, sum: u32, builder: &mut Builder) {
    let n = puzzle.size;
    builder.custom(Box::new(Sandwich {
        cells: cells(n, clue).into_iter().map(|c| c as u16).collect(),
        sum,
        n,
    }));
}

#[derive(Debug)]
struct Sandwich {
    cells: Vec<u16>,
    sum: u32,
    n: usize,
}

impl Propagator for Sandwich {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let n = self.n;
        let (one, top) = (1u32 << 1, 1u32 << n);
        let crust = one | top;
        let dom: Vec<u32> = self.cells.iter().map(|&c| store.get(c as usize)).collect();
        let mut support = vec![0u32; n];
        for a in 0..n {
            if dom[a] & one == 0 {
                continue;
            }
            for b in 0..n {
                if a == b || dom[b] & top == 0 {
                    continue;
                }
                let (lo, hi) = (a.min(b), a.max(b));
                // Outside: not 1, not N.
                if (0..n).filter(|&i| i < lo || i > hi).any(|i| dom[i] & !crust == 0) {
                    continue;
                }
                let inner: Vec<u32> = (lo + 1..hi).map(|i| dom[i] & !crust).collect();
                let Some(inner_support) = sum_support(&inner, self.sum) else { continue };
                support[a] |= one;
                support[b] |= top;
                for (k, i) in (lo + 1..hi).enumerate() {
                    support[i] |= inner_support[k];
                }
                for i in (0..n).filter(|&i| i < lo || i > hi) {
                    support[i] |= dom[i] & !crust;
                }
            }
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            store.restrict(cell as usize, support[k])?;
        }
        Ok(())
    }
}

/// For cells with candidate masks `dom`, the digits of each that take part in some choice of
/// one digit per cell adding up to `sum` (repeats allowed: the row's own rule forbids them), or
/// `None` when no choice does.
fn sum_support(dom: &[u32], sum: u32) -> Option<Vec<u32>> {
    let terms: Vec<(u32, i32)> = dom.iter().map(|&d| (d, 1)).collect();
    crate::variant::solve::sums::support(&terms, sum as i32)
}
