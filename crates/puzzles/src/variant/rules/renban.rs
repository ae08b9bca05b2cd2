//! Renban: the line's digits are different and consecutive, in any order.
//!
//! Propagator (beside an all-different group): a window of `k` consecutive digits (k the line's
//! length) is possible when every cell has a candidate inside it and the cells' candidates inside
//! it cover it; each cell keeps the candidates of its possible windows.

use super::{names, Broken};
use crate::variant::model::Cell;
use crate::variant::solve::{Builder, Propagator, Store, Wipeout};

pub(super) fn check(cells: &[Cell], at: impl Fn(Cell) -> u8) -> Broken {
    let mut digits: Vec<u8> = cells.iter().map(|&c| at(c)).collect();
    digits.sort_unstable();
    let ok = digits.windows(2).all(|w| w[1] == w[0] + 1);
    if ok {
        return Vec::new();
    }
    vec![(
        cells.to_vec(),
        format!("the renban {} holds {:?}, not a run of different consecutive digits", names(cells), digits),
    )]
}

pub(super) fn compile(cells: Vec<usize>, builder: &mut Builder) {
    builder.all_different(cells.clone());
    let n = builder.size() as u32;
    builder.custom(Box::new(Renban { cells: cells.into_iter().map(|c| c as u16).collect(), n }));
}

#[derive(Debug)]
struct Renban {
    cells: Vec<u16>,
    n: u32,
}

impl Propagator for Renban {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let k = self.cells.len() as u32;
        let mut keep = 0u32;
        for lo in 1..=(self.n + 1).saturating_sub(k) {
            let window = ((1u32 << k) - 1) << lo;
            let mut union = 0;
            let mut ok = true;
            for &c in &self.cells {
                let d = store.get(c as usize) & window;
                if d == 0 {
                    ok = false;
                    break;
                }
                union |= d;
            }
            if ok && union == window {
                keep |= window;
            }
        }
        for &c in &self.cells {
            store.restrict(c as usize, keep)?;
        }
        Ok(())
    }
}
