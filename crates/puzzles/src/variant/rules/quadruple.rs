//! Quadruple: a clue on the corner of (usually) four cells; its digits appear among them, each as
//! many times as it is listed.
//!
//! Propagator: a required digit that fewer cells can hold than it is listed fails; one that
//! exactly that many cells can hold is placed there; when the listed digits fill every cell, each
//! cell takes only listed digits.

use super::{inside, names, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::{Builder, Propagator, Store, Wipeout};

pub(super) fn validate(puzzle: &Variant, cells: &[Cell], values: &[u8]) -> Result<(), String> {
    super::line(puzzle, cells, 1)?;
    inside(puzzle, cells)?;
    if values.is_empty() || values.len() > cells.len() {
        return Err(format!("{} digits for {} cells", values.len(), cells.len()));
    }
    if let Some(v) = values.iter().find(|&&v| v == 0 || v as usize > puzzle.size) {
        return Err(format!("the digit {v} is not from 1 to {}", puzzle.size));
    }
    Ok(())
}

fn needed(values: &[u8]) -> Vec<(u8, usize)> {
    let mut counts: Vec<(u8, usize)> = Vec::new();
    for &v in values {
        match counts.iter_mut().find(|(d, _)| *d == v) {
            Some((_, k)) => *k += 1,
            None => counts.push((v, 1)),
        }
    }
    counts
}

pub(super) fn check(cells: &[Cell], values: &[u8], at: impl Fn(Cell) -> u8) -> Broken {
    let missing: Vec<String> = needed(values)
        .into_iter()
        .filter(|&(v, k)| cells.iter().filter(|&&c| at(c) == v).count() < k)
        .map(|(v, _)| v.to_string())
        .collect();
    if missing.is_empty() {
        return Vec::new();
    }
    vec![(cells.to_vec(), format!("the quadruple on {} lacks {}", names(cells), missing.join(", ")))]
}

pub(super) fn compile(cells: Vec<usize>, values: &[u8], builder: &mut Builder) {
    let cells: Vec<u16> = cells.into_iter().map(|c| c as u16).collect();
    builder.custom(Box::new(Quadruple { cells, needed: needed(values), total: values.len() }));
}

#[derive(Debug)]
struct Quadruple {
    cells: Vec<u16>,
    needed: Vec<(u8, usize)>,
    total: usize,
}

impl Propagator for Quadruple {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let mut listed = 0u32;
        for &(v, k) in &self.needed {
            let bit = 1u32 << v;
            listed |= bit;
            let holders: Vec<u16> =
                self.cells.iter().copied().filter(|&c| store.get(c as usize) & bit != 0).collect();
            if holders.len() < k {
                return Err(Wipeout);
            }
            if holders.len() == k {
                for c in holders {
                    store.restrict(c as usize, bit)?;
                }
            }
        }
        if self.total == self.cells.len() {
            for &c in &self.cells {
                store.restrict(c as usize, listed)?;
            }
        }
        Ok(())
    }
}
