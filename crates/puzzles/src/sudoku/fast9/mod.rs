//! The dedicated classic 9x9 solver: digit bitboards by band, propagation of singles and locked
//! candidates to a fixed point, and depth-first guessing on a well-connected two-candidate cell.
//!
//! On x86-64 there is a second engine, `simd` (tdoku's model: boxes and bands as AVX2 or
//! AVX-512 vectors, DPLL over band configurations), with its own header. [`solve_9x9`] and
//! [`count_9x9`] run this module's solver unless the environment variable `TESSERA_FAST9` is
//! `simd` (or `avx2`) when the process first solves: on the processors measured so far the
//! bitboards below are faster on every set (docs/performance.md, "The SIMD engine (issue 29)").
//! Both give the same counts, and the same solution whenever it is unique (on puzzles with
//! several, each its own first); the tests hold each to the other and to the general solver.
//!
//! # Algorithm
//!
//! The representation follows the published JCZSolve idea (one bitboard per digit, laid out by
//! band, as in the `sudoku` crate); the inference uses the triad vocabulary of Tom Dillon's tdoku
//! notes. The code is our own.
//!
//! 1. **Band update**, for each digit-band word that changed since it was last looked at
//!    (`Board::update`):
//!    - squeeze the word to its nine *triads* (where a row meets a box: is any cell left?);
//!    - the digit takes exactly one triad in each row and each box of the band, i.e. one of the
//!      six 3x3 permutation patterns: keep only triads on a pattern still possible
//!      (`tables::LOCKED_CELLS`). This is locked candidates along rows (pointing and claiming) and
//!      finds hidden singles in boxes; no pattern left is a contradiction;
//!    - a box whose cells lie in one column *points*: that column leaves the other two bands;
//!    - a row left with one cell is a hidden single: the cell leaves the other eight digits.
//! 2. **Naked singles**, when every word is stable: count candidates per cell with bit-sliced
//!    adders over the nine words of a band (`three |= two & w; two |= one & w; one |= w`). An open
//!    cell in no word is a contradiction; a cell in one word is placed; the same pass records the
//!    cells with two candidates for step 4.
//! 3. **Column claiming** (`Board::claim`), when singles are stuck too: a column that can hold a
//!    digit in one band only pins the digit to that column in its box there. With step 1 this
//!    also finds hidden singles in columns. It fires rarely, but on hard unique puzzles it cuts
//!    the guesses enough to pay for itself.
//! 4. **Guess**: a cell with two candidates (there almost always is one), the one with the most
//!    open and two-candidate cells among its 20 peers, so that either answer propagates far (on
//!    the magictour set this takes 20 guesses a puzzle where the first such cell takes 44); the
//!    digit that leaves its band-peers with more candidates goes first. Without such a cell, one
//!    with three candidates, else any. Every branch but the last works on a copy of the board
//!    (244 bytes, on the stack); the last reuses it. The search takes its board by `&mut`, not
//!    by value: passed by value, the compiler copied each child twice (into the local, then into
//!    the callee's argument), two `memcpy` calls a node where one is needed.
//!
//! 5. **Minimizing** (the generator's loop, [`minimize_9x9`]): the clues are kept as board words
//!    and each test builds its board from them in one branch-free pass (`Board::from_givens`);
//!    uniqueness after emptying a cell is "no solution with that cell's digit forbidden", a search
//!    for one solution instead of a count to 2.
//!
//! # Layout
//!
//! ```text
//!   cand[3 * digit + band]: u32, 27 bits          band 0 = rows 0-2, band 1 = rows 3-5, ...
//!
//!   bit:  26 ........ 18 | 17 ......... 9 | 8 .......... 0
//!         row 2 of band  | row 1 of band  | row 0 of band      (bit 9 * row + column)
//!         c8 ....... c0  | c8 ........ c0 | c8 ......... c0
//!         [box2|box1|box0] three triads per row
//! ```
//!
//! A cell's index `0..81` row by row is `27 * band + bit`, so givens and answers need no
//! translation. Column `c` of a band is `0x40201 << c`, so clearing a column from all three bands
//! of a digit is three ANDs with one mask.
//!
//! # Why
//!
//! - *Band words rather than one 81-bit set per digit*: the row/box interplay (the triads) lives
//!   inside a band, so it is three table lookups on one word; only columns cross bands.
//! - *A `seen` copy of every word* instead of a work queue: a sweep compares the 27 words, in
//!   unrolled code so that each word has its own branch and constant indices. Digit-major order
//!   (`3 * digit + band`) measured faster than band-major.
//! - *Placed digits stay in their word*: each word is exactly "where this digit can be", so a row
//!   or box with nothing left is a contradiction with no special case for solved cells.
//! - *A guess or naked single only clears its peers in its own word*: the next update sees the row
//!   single and does the rest (other digits, other bands) in bulk. Givens, by contrast, are put in
//!   completely at the start, which measured faster on the 17-clue set.
//! - *Tables built by `const fn`* (`tables`): 512-entry arrays indexed by a masked 9-bit value, so
//!   the compiler drops every bounds check without `unsafe`.
//! - *Guesses are the budget's nodes*: a puzzle takes a few dozen at most, so the clock and the
//!   cancel flag are read only every [`check_every::SMALL_NODE`] guesses.

mod board;
#[cfg(target_arch = "x86_64")]
mod simd;
mod tables;
#[cfg(test)]
mod tests;

use tessera_xc::{Budget, Count, GaveUp, Outcome, Stats};

use crate::common::budget::{check_every, Stop};
use board::Board;

/// The first solution of a classic 9x9 puzzle (`cells[i]` in `0..=9`, 0 empty, row by row),
/// `None` when it has none (a value above 9 makes the puzzle unsolvable), or why the budget (its
/// node limit counts guesses) ran out first.
///
/// ```
/// use tessera::sudoku::{solve_9x9, Budget};
/// let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// let mut cells = [0u8; 81];
/// for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
///     *cell = if ch == b'.' { 0 } else { ch - b'0' };
/// }
/// let solution = solve_9x9(&cells, &Budget::unlimited()).unwrap().unwrap();
/// assert_eq!(&solution[..9], &[8, 1, 2, 7, 5, 3, 6, 4, 9]);
/// ```
pub fn solve_9x9(cells: &[u8; 81], budget: &Budget) -> Result<Option<[u8; 81]>, GaveUp> {
    #[cfg(target_arch = "x86_64")]
    if let Some((count, first)) = simd::lanes::enter(cells, 1, budget, true) {
        return match count.outcome {
            Outcome::GaveUp(reason) => Err(reason),
            _ => Ok(first),
        };
    }
    solve_portable(cells, budget)
}

/// [`solve_9x9`] on the portable bitboard solver, whatever the processor.
pub(crate) fn solve_portable(cells: &[u8; 81], budget: &Budget) -> Result<Option<[u8; 81]>, GaveUp> {
    let Some(mut board) = Board::from_cells(cells) else {
        return Ok(None);
    };
    let mut search = Search::new(1, budget, true);
    match search.run(&mut board) {
        Ok(()) | Err(Stop::Limit) => Ok(search.first),
        Err(Stop::GaveUp(reason)) => Err(reason),
    }
}

/// The solutions of a classic 9x9 puzzle, counted up to `limit`; its nodes are the guesses
/// (each candidate put in a cell by a guess counts one: tdoku's hardware-independent measure of
/// effort), which the budget's node limit counts too.
///
/// ```
/// use tessera::sudoku::{count_9x9, Budget, Outcome};
/// let count = count_9x9(&[0; 81], 5, &Budget::unlimited());
/// assert_eq!((count.solutions, count.outcome), (5, Outcome::LimitReached));
/// ```
pub fn count_9x9(cells: &[u8; 81], limit: u64, budget: &Budget) -> Count {
    #[cfg(target_arch = "x86_64")]
    if let Some((count, _)) = simd::lanes::enter(cells, limit, budget, false) {
        return count;
    }
    count_portable(cells, limit, budget)
}

/// [`count_9x9`] on the portable bitboard solver, whatever the processor.
pub(crate) fn count_portable(cells: &[u8; 81], limit: u64, budget: &Budget) -> Count {
    let done = |solutions, outcome, guesses| Count {
        solutions,
        outcome,
        stats: Stats { nodes: guesses, updates: 0 },
    };
    if limit == 0 {
        return done(0, Outcome::LimitReached, 0);
    }
    let Some(mut board) = Board::from_cells(cells) else {
        return done(0, Outcome::Exhausted, 0);
    };
    let mut search = Search::new(limit, budget, false);
    match search.run(&mut board) {
        Ok(()) => done(search.count, Outcome::Exhausted, search.guesses),
        Err(Stop::Limit) => done(search.count, Outcome::LimitReached, search.guesses),
        Err(Stop::GaveUp(reason)) => done(search.count, Outcome::GaveUp(reason), search.guesses),
    }
}

/// A minimal puzzle of a complete classic 9x9 grid: the cells of each orbit in turn are emptied,
/// and stay empty when `solution` is still the puzzle's only solution. With orbits of single cells
/// no clue of the result can be removed; with larger orbits, no orbit. `Err` when a search's
/// budget (its node limit counts guesses, per search) runs out.
///
/// The clues live in board-shaped words, so each test builds its board with
/// [`Board::from_givens`] instead of reading 81 cells. An emptied cell its peers' clues still force
/// needs no search. Otherwise another solution must differ from `solution` in an emptied cell:
/// each emptied cell in turn is searched with its digit forbidden and the cells before it fixed,
/// for one solution. These cases are disjoint and together cover every other solution, and
/// each is cheaper than counting to 2, which would find `solution` again on the way.
pub(crate) fn minimize_9x9(
    solution: &[u8; 81],
    orbits: &[Vec<usize>],
    budget: &Budget,
) -> Result<[u8; 81], GaveUp> {
    // Bits of `given` for a cell: its word (by the solution's digit) and its bit.
    let at = |cell: usize| (3 * usize::from(solution[cell] - 1) + cell / 27, 1u32 << (cell % 27));
    let mut given = [0u32; 27];
    for cell in 0..81 {
        let (k, bit) = at(cell);
        given[k] |= bit;
    }
    for orbit in orbits {
        for &cell in orbit {
            let (k, bit) = at(cell);
            given[k] &= !bit;
        }
        let board = Board::from_givens(&given);
        let forced = orbit.iter().all(|&cell| board.candidates(cell / 27, cell % 27).count_ones() == 1);
        if forced || !differs_in(board, solution, orbit, budget)? {
            continue;
        }
        for &cell in orbit {
            let (k, bit) = at(cell);
            given[k] |= bit;
        }
    }
    let mut cells = [0u8; 81];
    for (cell, value) in cells.iter_mut().enumerate() {
        let (k, bit) = at(cell);
        if given[k] & bit != 0 {
            *value = solution[cell];
        }
    }
    Ok(cells)
}

/// Whether the puzzle on `board` has a solution that differs from `solution` in one of the
/// `emptied` cells (see [`minimize_9x9`]).
fn differs_in(board: Board, solution: &[u8; 81], emptied: &[usize], budget: &Budget) -> Result<bool, GaveUp> {
    for (i, &cell) in emptied.iter().enumerate() {
        let mut case = board;
        let fixed = emptied[..i]
            .iter()
            .all(|&before| case.fix(usize::from(solution[before]) - 1, before / 27, before % 27));
        if !fixed {
            continue;
        }
        case.forbid(usize::from(solution[cell]) - 1, cell / 27, cell % 27);
        match Search::new(1, budget, false).run(&mut case) {
            Ok(()) => {}
            Err(Stop::Limit) => return Ok(true),
            Err(Stop::GaveUp(reason)) => return Err(reason),
        }
    }
    Ok(false)
}

/// The depth-first search over [`Board`]s.
struct Search<'a> {
    limit: u64,
    count: u64,
    guesses: u64,
    /// Its deadline and cancel flag, read every so many nodes.
    budget: &'a Budget,
    /// Keep the first solution (`solve`), or only count.
    keep_first: bool,
    first: Option<[u8; 81]>,
}

impl<'a> Search<'a> {
    fn new(limit: u64, budget: &'a Budget, keep_first: bool) -> Self {
        Search { limit, count: 0, guesses: 0, budget, keep_first, first: None }
    }

    fn run(&mut self, board: &mut Board) -> Result<(), Stop> {
        loop {
            if !board.propagate() {
                return Ok(());
            }
            if board.is_solved() {
                self.count += 1;
                if self.keep_first && self.first.is_none() {
                    self.first = Some(board.digits());
                }
                return if self.count >= self.limit { Err(Stop::Limit) } else { Ok(()) };
            }
            let branch = board.branch();
            let (band, pos) = (branch.cell / 27, branch.cell % 27);
            let mut digits = branch.digits & !(1 << branch.first);
            let mut digit = branch.first;
            loop {
                self.guess()?;
                if digits == 0 {
                    // The last candidate: no copy, carry on with this board.
                    board.place(digit, band, pos);
                    break;
                }
                let mut child = *board;
                child.place(digit, band, pos);
                self.run(&mut child)?;
                digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
            }
        }
    }

    /// Counts a guess against the budget.
    #[inline]
    fn guess(&mut self) -> Result<(), Stop> {
        self.guesses += 1;
        self.budget.spend(self.guesses, check_every::SMALL_NODE).map_err(Stop::GaveUp)
    }
}
