//! The general solver's propagation: [`Tables`], the per-layout cell lists (cached per thread),
//! and the rules run to a fixed point on a state of one candidate mask per cell: naked singles,
//! hidden singles, then locked candidates (see the parent module).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use crate::sudoku::Layout;

/// Set in a cell's mask once its digit is placed and removed from its peers.
pub(super) const SOLVED: u32 = 1 << 31;

/// What the solver needs from a layout: the layout itself and the cell lists for locked
/// candidates.
pub(super) struct Tables {
    pub(super) layout: Arc<Layout>,
    /// The mask of all digits.
    pub(super) full: u32,
    /// For each pair of houses sharing two cells or more: the shared cells, the rest of the first
    /// house, the rest of the second, as `locked_cells[span[0]..span[1]]`, `[span[1]..span[2]]`,
    /// `[span[2]..span[3]]`.
    locked_cells: Vec<u16>,
    spans: Vec<[u32; 4]>,
}

thread_local! {
    /// The tables of the layout this thread solved last. Building them costs about as much as
    /// propagating a whole easy 9x9, and callers usually solve many puzzles of one shared layout.
    static LAST_TABLES: RefCell<Option<Rc<Tables>>> = const { RefCell::new(None) };
}

impl Tables {
    /// The tables of `layout`, reused when the last call on this thread had the same `Arc`.
    pub(super) fn for_layout(layout: &Arc<Layout>) -> Rc<Tables> {
        LAST_TABLES.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(tables) if Arc::ptr_eq(&tables.layout, layout) => tables.clone(),
                _ => {
                    let tables = Rc::new(Tables::new(layout.clone()));
                    *last = Some(tables.clone());
                    tables
                }
            }
        })
    }

    fn new(layout: Arc<Layout>) -> Self {
        let houses = layout.houses();
        let h = houses.len();
        // Count the cells each pair of houses shares.
        let mut shared = vec![0u8; h * h];
        for cell in 0..layout.cells() {
            let mine = layout.cell_houses(cell);
            for (i, &a) in mine.iter().enumerate() {
                for &b in &mine[i + 1..] {
                    shared[a as usize * h + b as usize] += 1;
                }
            }
        }
        let pairs = shared.iter().filter(|&&k| k >= 2).count();
        let mut locked_cells = Vec::with_capacity(pairs * 3 * layout.size());
        let mut spans = Vec::with_capacity(pairs);
        // `mark[cell]` is `b + 1` while the cells of house `b` are being compared with house `a`.
        let mut mark = vec![0u16; layout.cells()];
        for a in 0..h {
            for b in a + 1..h {
                if shared[a * h + b] < 2 {
                    continue;
                }
                let stamp = b as u16 + 1;
                houses[b].iter().for_each(|&c| mark[c as usize] = stamp);
                let start = locked_cells.len() as u32;
                locked_cells.extend(houses[a].iter().filter(|&&c| mark[c as usize] == stamp));
                let inner_end = locked_cells.len() as u32;
                locked_cells.extend(houses[a].iter().filter(|&&c| mark[c as usize] != stamp));
                let rest_a_end = locked_cells.len() as u32;
                houses[a].iter().for_each(|&c| mark[c as usize] = 0);
                locked_cells.extend(houses[b].iter().filter(|&&c| mark[c as usize] == stamp));
                spans.push([start, inner_end, rest_a_end, locked_cells.len() as u32]);
            }
        }
        let full = (1u32 << layout.size()) - 1;
        Tables { layout, full, locked_cells, spans }
    }

    /// The digits of a solved state.
    pub(super) fn digits(&self, cand: &[u32]) -> Vec<u8> {
        cand.iter().map(|&m| ((m & self.full).trailing_zeros() + 1) as u8).collect()
    }

    /// Runs the three rules to a fixed point; `false` on a contradiction. `queue` holds the cells
    /// left with one candidate but not yet placed.
    pub(super) fn propagate(&self, cand: &mut [u32], queue: &mut Vec<u16>) -> bool {
        loop {
            while let Some(cell) = queue.pop() {
                if !self.place(cand, queue, cell as usize) {
                    return false;
                }
            }
            match self.hidden_singles(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.locked_candidates(cand, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Places the single candidate of `cell` and removes it from the peers.
    fn place(&self, cand: &mut [u32], queue: &mut Vec<u16>, cell: usize) -> bool {
        let bit = cand[cell];
        if bit & SOLVED != 0 {
            return true;
        }
        debug_assert!(bit.is_power_of_two(), "only single-candidate cells are queued");
        cand[cell] = bit | SOLVED;
        for &peer in self.layout.peers(cell) {
            let before = cand[peer as usize];
            if before & bit == 0 {
                continue;
            }
            let after = before & !bit;
            cand[peer as usize] = after;
            // A peer emptied, or one already placed on the same digit.
            if after & self.full == 0 {
                return false;
            }
            if after.is_power_of_two() {
                queue.push(peer);
            }
        }
        true
    }

    /// Assigns every digit that only one cell of a house can take. `None` on a contradiction,
    /// else whether anything was found.
    fn hidden_singles(&self, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
        let mut found = false;
        for house in self.layout.houses() {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in house {
                let m = cand[cell as usize];
                if m & SOLVED != 0 {
                    placed |= m;
                } else {
                    twice |= once & m;
                    once |= m;
                }
            }
            if (once | placed) & self.full != self.full {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // Recomputed per house from the current masks, so the cell still holds `bit`.
                let cell = *house
                    .iter()
                    .find(|&&c| cand[c as usize] & bit != 0 && cand[c as usize] & SOLVED == 0)?;
                if cand[cell as usize] != bit {
                    cand[cell as usize] = bit;
                    queue.push(cell);
                    found = true;
                }
            }
            // Place them now, so that the houses after this one see the eliminations.
            while let Some(cell) = queue.pop() {
                if !self.place(cand, queue, cell as usize) {
                    return None;
                }
            }
        }
        Some(found)
    }

    /// Box/line (and region/line, box/diagonal) reduction. `None` on a contradiction, else
    /// whether anything was removed.
    fn locked_candidates(&self, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
        let open = |cells: &[u16], cand: &[u32]| {
            cells.iter().fold(0, |acc, &c| {
                let m = cand[c as usize];
                if m & SOLVED == 0 {
                    acc | m
                } else {
                    acc
                }
            })
        };
        let mut changed = false;
        for span in &self.spans {
            let [start, inner_end, rest_a_end, end] = span.map(|i| i as usize);
            let inner = open(&self.locked_cells[start..inner_end], cand);
            if inner == 0 {
                continue;
            }
            let rest_a = &self.locked_cells[inner_end..rest_a_end];
            let rest_b = &self.locked_cells[rest_a_end..end];
            let (in_a, in_b) = (open(rest_a, cand), open(rest_b, cand));
            // Digits the first house keeps to the shared cells leave the rest of the second.
            for (cells, remove) in [(rest_b, inner & !in_a & in_b), (rest_a, inner & !in_b & in_a)] {
                if remove == 0 {
                    continue;
                }
                changed = true;
                for &cell in cells {
                    let before = cand[cell as usize];
                    if before & SOLVED != 0 || before & remove == 0 {
                        continue;
                    }
                    let after = before & !remove;
                    if after == 0 {
                        return None;
                    }
                    cand[cell as usize] = after;
                    if after.is_power_of_two() {
                        queue.push(cell);
                    }
                }
            }
        }
        Some(changed)
    }

    /// The unplaced cell with the fewest candidates (the first of them), or `None` when all are
    /// placed.
    pub(super) fn choose(&self, cand: &[u32]) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (cell, &m) in cand.iter().enumerate() {
            if m & SOLVED == 0 && m.count_ones() < fewest {
                fewest = m.count_ones();
                best = Some(cell);
                if fewest == 2 {
                    break;
                }
            }
        }
        best
    }
}
