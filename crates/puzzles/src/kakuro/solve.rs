//! The propagating search: candidates as 9-bit masks, each run kept arc-consistent by an exact
//! look at its cells, and a branch on the cell with the fewest candidates.
//!
//! **A run's look** ([`Layout::supported`]). The digits of a run's cells are distinct and, with a
//! clue, add up to it; the cells' candidates say which digit each may take. A digit stays a
//! candidate of a cell when some filling of the whole run uses it there. The look walks the run's
//! cells in order over the *sets* of digits used so far (512 of them): forwards, from the empty
//! set, the sets the cells' candidates reach; backwards, those of them from which the cells left
//! still end in a set of the run's length and sum, and every digit that takes one such set to
//! the next. That is every combination and every placement of its digits at once, in at most
//! 2 x 512 x 9 steps a run whatever the clue, and only over reachable sets (few once the
//! candidates narrow, which is most of the looks a search makes): why not a table of combinations per clue (which sees the cells' candidates only
//! combination by combination, and misses a digit that fits every cell but no placement).
//!
//! **Fixpoint.** A queue of runs; a run whose cell lost a candidate is looked at again. A cell
//! left without candidates ends the branch.
//!
//! **Branching** on the open cell with the fewest candidates (the first such, row by row), its
//! digits in increasing order (or in the order a generator asks for, to fill a grid at random).
//! The budget's node limit and clock are read every [`PROPAGATING_NODE`](crate::common::budget::check_every::PROPAGATING_NODE) nodes.

use tessera_xc::Budget;

use crate::common::budget::check_every;
use crate::common::{Count, Outcome, Stats};
use crate::kakuro::{Digits, Kakuro};

/// The candidates of a cell: bit `d - 1` for digit `d`.
pub(crate) type Mask = u16;
/// Every digit.
pub(crate) const ALL: Mask = 0x1ff;

/// A set of sets of digits: 512 bits, one per 9-bit mask.
type Sets = [u64; 8];

fn has(sets: &Sets, mask: usize) -> bool {
    sets[mask >> 6] >> (mask & 63) & 1 == 1
}

fn put(sets: &mut Sets, mask: usize) {
    sets[mask >> 6] |= 1 << (mask & 63);
}

/// The 9-bit masks grouped by their number of digits.
fn by_size() -> &'static [Vec<u16>; 10] {
    static TABLE: std::sync::OnceLock<[Vec<u16>; 10]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: [Vec<u16>; 10] = Default::default();
        for mask in 0..512u16 {
            table[mask.count_ones() as usize].push(mask);
        }
        table
    })
}

/// The sum of a mask's digits.
pub(crate) fn digit_sum(mask: Mask) -> u32 {
    (0..9).filter(|d| mask >> d & 1 == 1).map(|d| d + 1).sum()
}

/// The digits of a mask, ascending.
pub(crate) fn digits(mask: Mask) -> impl Iterator<Item = u32> {
    (0..9u32).filter(move |d| mask >> d & 1 == 1).map(|d| d + 1)
}

/// The combinations (sets of distinct digits) a run of `length` cells with clue `sum` may hold.
pub(crate) fn combinations(length: usize, sum: Option<u32>) -> impl Iterator<Item = Mask> {
    by_size()[length.min(9)].iter().copied().filter(move |&m| sum.is_none_or(|s| digit_sum(m) == s))
}

/// A board as the search sees it: the white cells numbered densely, each run by those numbers.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// The grid cell of each white cell.
    pub(crate) whites: Vec<usize>,
    /// Each run's white cells.
    pub(crate) runs: Vec<Vec<u32>>,
    /// Each run's final sets: of its length and, with a clue, its sum.
    finals: Vec<Sets>,
    /// The runs of each white cell (one or two).
    pub(crate) through: Vec<Vec<u32>>,
}

/// Why a branch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dead {
    /// A run (its index) has no filling left.
    Run(usize),
}

impl Layout {
    pub(crate) fn new(board: &Kakuro) -> Layout {
        let whites = board.whites();
        let mut dense = vec![u32::MAX; board.cells().len()];
        for (k, &cell) in whites.iter().enumerate() {
            dense[cell] = k as u32;
        }
        let mut through = vec![Vec::with_capacity(2); whites.len()];
        let mut runs = Vec::with_capacity(board.runs().len());
        let mut finals = Vec::with_capacity(board.runs().len());
        for (r, run) in board.runs().iter().enumerate() {
            let cells: Vec<u32> = run.cells.iter().map(|&c| dense[c]).collect();
            for &k in &cells {
                through[k as usize].push(r as u32);
            }
            let mut sets = [0u64; 8];
            for mask in combinations(cells.len(), run.sum) {
                put(&mut sets, mask as usize);
            }
            runs.push(cells);
            finals.push(sets);
        }
        Layout { width: board.width(), height: board.height(), whites, runs, finals, through }
    }

    /// Every run, for a first fixpoint.
    pub(crate) fn all(&self) -> Vec<u32> {
        (0..self.runs.len() as u32).collect()
    }

    /// Run `run`'s look: the candidates of each of its cells that some filling of the run uses
    /// there (see the module's header). `None` when there is no filling.
    pub(crate) fn supported(&self, run: usize, domains: &[Mask]) -> Option<Vec<Mask>> {
        let own: Vec<Mask> = self.runs[run].iter().map(|&k| domains[k as usize]).collect();
        self.supported_cells(run, &own)
    }

    /// [`Layout::supported`] with the run's cells' candidates given in the run's order.
    pub(crate) fn supported_cells(&self, run: usize, own: &[Mask]) -> Option<Vec<Mask>> {
        let n = own.len();
        // Forwards, the sets reachable after each cell (a list and a bitset per layer: the
        // layers hold at most C(9, 4) = 126 sets, and far fewer once the candidates narrow).
        let mut layers = [[0u16; 126]; 10];
        let mut sizes = [0usize; 10];
        sizes[0] = 1;
        for k in 0..n {
            let mut seen = [0u64; 8];
            let (done, rest) = layers.split_at_mut(k + 1);
            for &a in &done[k][..sizes[k]] {
                let mut free = own[k] & !a;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    let b = (a | bit) as usize;
                    if !has(&seen, b) {
                        put(&mut seen, b);
                        rest[0][sizes[k + 1]] = b as u16;
                        sizes[k + 1] += 1;
                    }
                }
            }
            if sizes[k + 1] == 0 {
                return None;
            }
        }
        // Backwards, the reachable sets from which the run still ends in one of its final sets;
        // a digit is supported where it takes such a set to another.
        let mut alive = self.finals[run];
        if !layers[n][..sizes[n]].iter().any(|&a| has(&alive, a as usize)) {
            return None;
        }
        let mut support = vec![0 as Mask; n];
        for k in (0..n).rev() {
            let mut before = [0u64; 8];
            for &a in &layers[k][..sizes[k]] {
                let mut free = own[k] & !a;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if has(&alive, (a | bit) as usize) {
                        support[k] |= bit;
                        put(&mut before, a as usize);
                    }
                }
            }
            alive = before;
        }
        Some(support)
    }

    /// The fixpoint of every run's look from the runs `queue`, narrowing `domains`.
    pub(crate) fn propagate(&self, domains: &mut [Mask], queue: Vec<u32>) -> Result<(), Dead> {
        let mut queued = vec![false; self.runs.len()];
        for &r in &queue {
            queued[r as usize] = true;
        }
        let mut queue = std::collections::VecDeque::from(queue);
        while let Some(run) = queue.pop_front() {
            let run = run as usize;
            queued[run] = false;
            let support = self.supported(run, domains).ok_or(Dead::Run(run))?;
            for (k, &cell) in self.runs[run].iter().enumerate() {
                let cell = cell as usize;
                if support[k] != domains[cell] {
                    domains[cell] = support[k];
                    for &other in &self.through[cell] {
                        if other as usize != run && !queued[other as usize] {
                            queued[other as usize] = true;
                            queue.push_back(other);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The answer of fixed `domains`.
    pub(crate) fn answer(&self, domains: &[Mask]) -> Digits {
        let mut cells = vec![0u8; self.width * self.height];
        for (k, &cell) in self.whites.iter().enumerate() {
            cells[cell] = domains[k].trailing_zeros() as u8 + 1;
        }
        Digits::new(self.width, self.height, cells).expect("the board's size")
    }
}

/// Solutions of `board`, up to `limit`, each handed to `visit`; digits tried in increasing
/// order, or in `order`'s (a permutation of 1 to 9 per white cell) when given.
pub(crate) fn search(
    board: &Kakuro,
    limit: u64,
    budget: &Budget,
    order: Option<&[[u8; 9]]>,
    visit: &mut dyn FnMut(Digits),
) -> Count {
    let mut stats = Stats::default();
    if limit == 0 {
        return Count { solutions: 0, outcome: Outcome::LimitReached, stats };
    }
    if let Some(reason) = budget.check_clock() {
        return Count { solutions: 0, outcome: Outcome::GaveUp(reason), stats };
    }
    let layout = Layout::new(board);
    let mut root = vec![ALL; layout.whites.len()];
    let mut stack = Vec::new();
    if layout.propagate(&mut root, layout.all()).is_ok() {
        stack.push(root);
    }
    let mut found = 0;
    while let Some(domains) = stack.pop() {
        stats.nodes += 1;
        if let Err(reason) = budget.spend(stats.nodes, check_every::PROPAGATING_NODE) {
            return Count { solutions: found, outcome: Outcome::GaveUp(reason), stats };
        }
        let open = (0..domains.len())
            .filter(|&k| domains[k].count_ones() > 1)
            .min_by_key(|&k| domains[k].count_ones());
        let Some(cell) = open else {
            visit(layout.answer(&domains));
            found += 1;
            if found >= limit {
                return Count { solutions: found, outcome: Outcome::LimitReached, stats };
            }
            continue;
        };
        let tried: Vec<u32> = match order {
            Some(order) => order[cell].iter().map(|&d| u32::from(d)).collect(),
            None => (1..=9).collect(),
        };
        // Pushed last first, so that the first digit is tried first.
        for &digit in tried.iter().rev() {
            let bit = 1 << (digit - 1);
            if domains[cell] & bit == 0 {
                continue;
            }
            let mut next = domains.clone();
            next[cell] = bit;
            let queue = layout.through[cell].clone();
            if layout.propagate(&mut next, queue).is_ok() {
                stack.push(next);
            }
        }
    }
    Count { solutions: found, outcome: Outcome::Exhausted, stats }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_keeps_exactly_the_placements() {
        // Two cells adding up to 4 (1+3): 2 is out; with the first cell 3, the second is 1.
        let board = Kakuro::from_digits(3, 1, &[0, 1, 3]).unwrap();
        let layout = Layout::new(&board);
        assert_eq!(layout.supported(0, &[ALL, ALL]), Some(vec![0b101, 0b101]));
        assert_eq!(layout.supported(0, &[0b100, ALL]), Some(vec![0b100, 0b001]));
        assert_eq!(layout.supported(0, &[0b010, ALL]), None);
    }

    #[test]
    fn every_combination_count() {
        // 2 cells sum 10: 1+9 2+8 3+7 4+6.
        assert_eq!(combinations(2, Some(10)).count(), 4);
        assert_eq!(combinations(9, Some(45)).count(), 1);
        assert_eq!(combinations(3, None).count(), 84);
    }
}
