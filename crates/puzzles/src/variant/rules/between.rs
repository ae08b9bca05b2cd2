//! Between line: the digits inside lie strictly between those of its two ends (circles).
//!
//! Propagator: each pair of end digits the candidates allow is kept when every inner cell has a
//! candidate strictly between them; the cells keep what some kept pair supports.

use super::{names, Broken};
use crate::variant::model::Cell;
use crate::variant::solve::{Builder, Propagator, Store, Wipeout};

pub(super) fn check(cells: &[Cell], at: impl Fn(Cell) -> u8) -> Broken {
    let (Some(&first), Some(&last)) = (cells.first(), cells.last()) else { return Vec::new() };
    let (a, b) = (at(first).min(at(last)), at(first).max(at(last)));
    let out: Vec<Cell> =
        cells[1..cells.len() - 1].iter().copied().filter(|&c| at(c) <= a || at(c) >= b).collect();
    if out.is_empty() {
        return Vec::new();
    }
    vec![(
        out.clone(),
        format!(
            "on the between line from {first} to {last} ({a} and {b}), {} not strictly between",
            names(&out)
        ),
    )]
}

pub(super) fn compile(cells: Vec<usize>, builder: &mut Builder) {
    if cells.len() < 3 {
        return;
    }
    builder.custom(Box::new(Between { cells: cells.into_iter().map(|c| c as u16).collect() }));
}

#[derive(Debug)]
struct Between {
    cells: Vec<u16>,
}

impl Propagator for Between {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let k = self.cells.len();
        let (first, last) = (self.cells[0] as usize, self.cells[k - 1] as usize);
        let (da, db) = (store.get(first), store.get(last));
        let inner = &self.cells[1..k - 1];
        let (mut sa, mut sb) = (0u32, 0u32);
        let mut si = vec![0u32; inner.len()];
        let mut ma = da;
        while ma != 0 {
            let a = ma.trailing_zeros();
            ma &= ma - 1;
            let mut mb = db;
            while mb != 0 {
                let b = mb.trailing_zeros();
                mb &= mb - 1;
                let (lo, hi) = (a.min(b), a.max(b));
                if hi <= lo + 1 {
                    continue;
                }
                let band = ((1u32 << hi) - 1) & !((1u32 << (lo + 1)) - 1);
                if inner.iter().any(|&c| store.get(c as usize) & band == 0) {
                    continue;
                }
                sa |= 1 << a;
                sb |= 1 << b;
                for (s, &c) in si.iter_mut().zip(inner) {
                    *s |= store.get(c as usize) & band;
                }
            }
        }
        store.restrict(first, sa)?;
        store.restrict(last, sb)?;
        for (s, &c) in si.iter().zip(inner) {
            store.restrict(c as usize, *s)?;
        }
        Ok(())
    }
}
