//! Skyscraper: a clue left or right of a row (above or below a column); each digit is a building
//! of that height, and seen from the clue exactly `count` buildings are visible: a building is
//! seen when it is taller than every building before it.
//!
//! The propagator reads both clues of the line when both are given (a clue's propagator looks
//! for the one opposite). Every filling has the tallest building N at some place p: the cells
//! before p are seen from this end and show `count - 1` buildings, the cells after p are seen from
//! the far end and show its count less one, and the two sides are independent but for the row's
//! different digits. So for each place p that N may take, a dynamic programme over each side in
//! its view order, with the state (the tallest so far, the buildings seen so far): a forward pass
//! marks the states reachable, a backward pass those from which the side's end is reached with
//! its count; a digit is kept when some transition through it joins the two. A side's states are
//! a bitset over the count for each tallest height, and running ors over the heights make a
//! pass `O(N * N)` word operations for the whole line. Why not the classic bounds (a clue c puts N at least c - 1
//! cells in): the programme finds those and every other consequence of the line's two clues over
//! its candidates, which is what the technique "skyscraper view" explains; that the digits differ
//! is the row's own rule, left to its all-different.

use super::{names, Broken};
use crate::variant::model::{Cell, Variant};
use crate::variant::solve::{Builder, Propagator, Store, Wipeout};

/// The row or column of the clue, in the order seen from it.
pub(crate) fn cells(n: usize, clue: Cell) -> Vec<usize> {
    let n16 = n as i16;
    let mut line: Vec<usize> = if clue.col == -1 || clue.col == n16 {
        (0..n).map(|c| clue.row as usize * n + c).collect()
    } else {
        (0..n).map(|r| r * n + clue.col as usize).collect()
    };
    if clue.col == n16 || clue.row == n16 {
        line.reverse();
    }
    line
}

/// How many of `heights` (in view order) are seen.
pub(crate) fn seen(heights: impl IntoIterator<Item = u8>) -> u32 {
    let mut tallest = 0;
    let mut count = 0;
    for h in heights {
        if h > tallest {
            tallest = h;
            count += 1;
        }
    }
    count
}

pub(super) fn validate(puzzle: &Variant, clue: Cell, count: u32) -> Result<(), String> {
    let n = puzzle.size as i16;
    let row_clue = (clue.col == -1 || clue.col == n) && (0..n).contains(&clue.row);
    let col_clue = (clue.row == -1 || clue.row == n) && (0..n).contains(&clue.col);
    if !row_clue && !col_clue {
        return Err(format!("the clue {clue} is not beside a row or a column"));
    }
    if !(1..=puzzle.size as u32).contains(&count) {
        return Err(format!("{count} buildings: from a line of {n}, 1 to {n} can be seen"));
    }
    Ok(())
}

pub(super) fn check(puzzle: &Variant, clue: Cell, count: u32, digits: &[u8]) -> Broken {
    let line = cells(puzzle.size, clue);
    if line.iter().any(|&i| digits[i] == 0) {
        return Vec::new();
    }
    let got = seen(line.iter().map(|&i| digits[i]));
    if got == count {
        return Vec::new();
    }
    let cells: Vec<Cell> = line.iter().map(|&i| Cell::at(i, puzzle.size)).collect();
    vec![(
        cells.clone(),
        format!("from the clue {count} at {clue}, {got} buildings are seen ({})", names(&cells)),
    )]
}

pub(super) fn compile(puzzle: &Variant, clue: Cell, count: u32, builder: &mut Builder) {
    let n = puzzle.size;
    let far = opposite(puzzle, clue);
    // A line with two clues is one propagator, compiled from its top or left clue.
    if far.is_some() && (clue.row == n as i16 || clue.col == n as i16) {
        return;
    }
    builder.custom(Box::new(Skyscraper {
        cells: cells(n, clue).into_iter().map(|c| c as u16).collect(),
        count: count as usize,
        far: far.map(|(_, c)| c as usize),
        n,
    }));
}

/// The clue at the other end of `clue`'s line and its count, if the puzzle has one.
pub(crate) fn opposite(puzzle: &Variant, clue: Cell) -> Option<(Cell, u32)> {
    let n = puzzle.size as i16;
    let other = match (clue.row, clue.col) {
        (-1, c) => Cell::new(n, c),
        (r, c) if r == n => Cell::new(-1, c),
        (r, -1) => Cell::new(r, n),
        (r, _) => Cell::new(r, -1),
    };
    puzzle.constraints.iter().find_map(|c| match c {
        crate::variant::model::Constraint::Skyscraper { clue, count } if *clue == other => {
            Some((other, *count))
        }
        _ => None,
    })
}

#[derive(Debug)]
struct Skyscraper {
    /// In view order.
    cells: Vec<u16>,
    count: usize,
    /// The count seen from the other end, when that end has a clue too.
    far: Option<usize>,
    n: usize,
}

impl Propagator for Skyscraper {
    fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The places `p` the tallest building N can take: N among p's candidates, the cells before
    /// it able to show `count - 1` buildings (none of them N) and those after it, seen from the
    /// far end, `far - 1` (or anything without a far clue). Then each side's digits that some
    /// filling through such a place uses.
    fn propagate(&self, store: &mut Store) -> Result<(), Wipeout> {
        let n = self.n;
        let top = 1u32 << n;
        let mut low = [0u32; MAX];
        let mut has_top = [false; MAX];
        for (k, &c) in self.cells.iter().enumerate() {
            let d = store.get(c as usize);
            low[k] = d & !top;
            has_top[k] = d & top != 0;
        }
        let low = &low[..n];
        let mut reversed = [0u32; MAX];
        for k in 0..n {
            reversed[k] = low[n - 1 - k];
        }
        let reversed = &reversed[..n];
        let near = reach(low, n);
        let far = self.far.map(|_| reach(reversed, n));
        let mut valid = [false; MAX];
        for p in (0..n).filter(|&p| has_top[p]) {
            let before = near[p].iter().any(|&k| k >> (self.count - 1) & 1 == 1);
            let after = match (self.far, &far) {
                (Some(count), Some(states)) => states[n - 1 - p].iter().any(|&k| k >> (count - 1) & 1 == 1),
                _ => low[p + 1..].iter().all(|&d| d != 0),
            };
            valid[p] = before && after;
        }
        let mut support = [0u32; MAX];
        support_before(low, &near, &valid[..n], self.count - 1, n, &mut support);
        match self.far {
            Some(count) => {
                let mut mirrored = [false; MAX];
                for k in 0..n {
                    mirrored[k] = valid[n - 1 - k];
                }
                let mut back = [0u32; MAX];
                let states = far.as_ref().expect("the far clue's states");
                support_before(reversed, states, &mirrored[..n], count - 1, n, &mut back);
                for k in 0..n {
                    support[k] |= back[n - 1 - k];
                }
            }
            None => {
                // After the first valid place, any digit but N.
                if let Some(first) = valid[..n].iter().position(|&v| v) {
                    for k in first + 1..n {
                        support[k] |= low[k];
                    }
                }
            }
        }
        for (k, &cell) in self.cells.iter().enumerate() {
            let with_top = if valid[k] { top } else { 0 };
            store.restrict(cell as usize, support[k] | with_top)?;
        }
        Ok(())
    }
}

/// The longest line (a 16x16 grid's).
const MAX: usize = 17;

/// States of one side: for each cell index `i` (0 to len), for each tallest height `t`, the
/// bitset of the numbers seen.
type States = [[u32; MAX]; MAX];

/// The states reachable before each cell of `dom` (in view order) from the line's end. From the
/// states before a cell, a digit `d` is seen from every state whose tallest is below it (the
/// states below `d`, or-ed together, shifted by one seen) and hidden behind every state whose
/// tallest is at least `d`: so one pass over the heights with a running or, not one per digit.
fn reach(dom: &[u32], n: usize) -> States {
    let mut states = [[0u32; MAX]; MAX];
    states[0][0] = 1;
    for (i, &mask) in dom.iter().enumerate() {
        if mask == 0 {
            break;
        }
        let lowest = mask.trailing_zeros() as usize;
        let (before, after) = states.split_at_mut(i + 1);
        let (from, to) = (&before[i], &mut after[0]);
        let mut below = 0u32;
        for t in 0..=n {
            // `below`: the states whose tallest is under t.
            if mask >> t & 1 == 1 {
                to[t] |= below << 1;
            }
            if t >= lowest {
                to[t] |= from[t];
            }
            below |= from[t];
        }
    }
    states
}

/// Into `support`, the digits of the cells of `dom` (in view order, `forward` their reachable
/// states) that lie on a way from the line's end to a place `p` where `ends[p]`, having seen
/// exactly `want` buildings before it. The same running ors as [`reach`], backward.
fn support_before(dom: &[u32], forward: &States, ends: &[bool], want: usize, n: usize, support: &mut [u32]) {
    // next[t]: numbers seen, from the state (t, k) before the cell after this one, that reach an
    // end with `want` seen.
    let mut next = [0u32; MAX];
    for i in (0..dom.len()).rev() {
        let mask = dom[i];
        let mut here = [if ends[i] { 1u32 << want } else { 0 }; MAX];
        if mask != 0 {
            let lowest = mask.trailing_zeros() as usize;
            // Seen: from t to d > t, `next[d] >> 1`; or-ed over the digits above t.
            let mut above = 0u32;
            // Hidden: from t >= d, `next[t]`; whether some t >= d joins its forward states.
            let mut hidden_from = false;
            for t in (0..=n).rev() {
                if t >= lowest {
                    here[t] |= next[t];
                    if forward[i][t] & next[t] != 0 {
                        hidden_from = true;
                    }
                }
                here[t] |= above;
                if mask >> t & 1 == 1 {
                    above |= next[t] >> 1;
                    if hidden_from {
                        support[i] |= 1 << t;
                    }
                }
            }
            // Seen: digit d from some t < d.
            let mut below = 0u32;
            for d in 0..=n {
                if mask >> d & 1 == 1 && below & (next[d] >> 1) != 0 {
                    support[i] |= 1 << d;
                }
                below |= forward[i][d];
            }
        }
        next = here;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clue_is_read_from_its_side() {
        assert_eq!(cells(4, Cell::new(-1, 2)), vec![2, 6, 10, 14]);
        assert_eq!(cells(4, Cell::new(4, 2)), vec![14, 10, 6, 2]);
        assert_eq!(cells(4, Cell::new(1, 4)), vec![7, 6, 5, 4]);
        assert_eq!(seen([2, 1, 4, 3]), 2);
        assert_eq!(seen([1, 2, 3, 4]), 4);
    }
}
