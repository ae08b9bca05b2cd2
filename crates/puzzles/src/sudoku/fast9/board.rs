//! The bitboard state of a 9x9 search and its propagation to a fixed point.

use super::tables::{
    BAND, BAND_PEERS, CLAIMED, COLUMN, LOCKED_CELLS, POINTED, ROW_SINGLE, TRIADS_OF_ROW, TRIAD_PEERS,
};

/// One search node: every digit's candidates, band by band, and the cells still open.
///
/// A placed digit stays in its own word (and nowhere else), so every word always holds exactly
/// the cells where its digit may still be, including the ones where it already is.
#[derive(Debug, Clone, Copy)]
pub(super) struct Board {
    /// `cand[3 * digit + band]`: bit `9 * row + column` (row within the band) set while the digit
    /// may go there.
    cand: [u32; 27],
    /// Each word as it was when [`Board::update`] last looked at it; a word equal to it needs no work.
    seen: [u32; 27],
    /// Cells without a digit yet, per band.
    open: [u32; 3],
    /// Open cells with exactly two candidates, per band, as the last naked-singles pass saw them.
    pairs: [u32; 3],
    /// Digits (bit `d`) whose words changed since [`Board::claim`] last looked at them.
    unclaimed: u32,
}

/// A branching point: a cell, its candidate digits (bit `d` for digit `d + 1`) and the one to
/// try first.
#[derive(Debug, Clone, Copy)]
pub(super) struct Branch {
    pub(super) cell: usize,
    pub(super) digits: u32,
    /// The digit to try first.
    pub(super) first: usize,
}

/// Lowest set bit's index as a band position (always `< 32`).
#[inline(always)]
fn low(bits: u32) -> usize {
    bits.trailing_zeros() as usize
}

impl Board {
    /// The board of a puzzle with its givens placed, or `None` if two givens clash or a value is
    /// out of range.
    pub(super) fn from_cells(cells: &[u8; 81]) -> Option<Board> {
        let mut board =
            Board { cand: [BAND; 27], seen: [0; 27], open: [BAND; 3], pairs: [0; 3], unclaimed: 511 };
        // Givens go in completely at once (their cell from the other digits, their column from the
        // other bands): cheaper than letting the updates find them. Each given clears its peers in
        // its own digit's words now, which is what detects two clashing givens; the cells are
        // taken from the other digits' words in one pass at the end.
        let mut given = [0u32; 27];
        let mut filled = [0u32; 3];
        for (cell, &value) in cells.iter().enumerate() {
            match value {
                0 => {}
                1..=9 => {
                    let (band, pos) = (cell / 27, cell % 27);
                    if !board.put(usize::from(value - 1), band, pos) {
                        return None;
                    }
                    given[3 * usize::from(value - 1) + band] |= 1 << pos;
                    filled[band] |= 1 << pos;
                }
                _ => return None,
            }
        }
        for (k, word) in board.cand.iter_mut().enumerate() {
            *word = (*word & !filled[k % 3]) | given[k];
        }
        board.open = filled.map(|filled| BAND & !filled);
        Some(board)
    }

    /// The board of givens that are part of one solution (so never clash), given as words laid out
    /// like the board's: `given[3 * digit + band]` holds the cells given that digit. Built word by
    /// word without looking at cells one by one, for the generator, which tests a clue set
    /// differing by one or two clues from the last at every step.
    pub(super) fn from_givens(given: &[u32; 27]) -> Board {
        let mut filled = [0u32; 3];
        for (k, &word) in given.iter().enumerate() {
            filled[k % 3] |= word;
        }
        let mut board = Board { cand: [0; 27], seen: [0; 27], open: [0; 3], pairs: [0; 3], unclaimed: 511 };
        for digit in 0..9 {
            let words = [given[3 * digit], given[3 * digit + 1], given[3 * digit + 2]];
            let anywhere = words[0] | words[1] | words[2];
            let column_cells = ((anywhere | anywhere >> 9 | anywhere >> 18) & 511) * COLUMN;
            for band in 0..3 {
                let word = words[band];
                let triads = usize::from(TRIADS_OF_ROW[(word & 511) as usize])
                    | usize::from(TRIADS_OF_ROW[(word >> 9 & 511) as usize]) << 3
                    | usize::from(TRIADS_OF_ROW[(word >> 18 & 511) as usize]) << 6;
                let taken = TRIAD_PEERS[triads & 511] | column_cells | filled[band];
                board.cand[3 * digit + band] = (BAND & !taken) | word;
            }
        }
        board.open = filled.map(|filled| BAND & !filled);
        board
    }

    /// The candidates of a cell as bits `1 << digit`.
    pub(super) fn candidates(&self, band: usize, pos: usize) -> u32 {
        (0..9).fold(0, |digits, d| digits | (self.cand[3 * d + band] >> pos & 1) << d)
    }

    /// Takes a digit's band peers and its column in the other bands from a cell's digit, which
    /// keeps the cell; `false` if the digit could not go there. The cell stays open, and in the
    /// other digits' words, for the caller to settle.
    #[inline(always)]
    fn put(&mut self, digit: usize, band: usize, pos: usize) -> bool {
        let k = 3 * digit + band;
        let bit = 1 << pos;
        if self.cand[k] & bit == 0 {
            return false;
        }
        let column = COLUMN << (pos % 9);
        let own = (self.cand[k] & !(BAND_PEERS[pos] | column)) | bit;
        for b in 0..3 {
            self.cand[3 * digit + b] &= !column;
        }
        self.cand[k] = own;
        true
    }

    /// Fixes a digit in a cell of a board built by [`from_cells`](Self::from_cells) (as if it
    /// had been given); `false` if the digit could not go there.
    pub(super) fn fix(&mut self, digit: usize, band: usize, pos: usize) -> bool {
        if !self.put(digit, band, pos) {
            return false;
        }
        for d in 0..9 {
            if d != digit {
                self.cand[3 * d + band] &= !(1 << pos);
            }
        }
        self.open[band] &= !(1 << pos);
        true
    }

    /// Takes a digit out of a cell's candidates.
    pub(super) fn forbid(&mut self, digit: usize, band: usize, pos: usize) {
        self.cand[3 * digit + band] &= !(1 << pos);
    }

    /// Whether every cell holds a digit.
    #[inline]
    pub(super) fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// The digits of a solved board, row by row.
    pub(super) fn digits(&self) -> [u8; 81] {
        let mut cells = [0u8; 81];
        for (k, &word) in self.cand.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                cells[27 * (k % 3) + low(bits)] = (k / 3) as u8 + 1;
                bits &= bits - 1;
            }
        }
        cells
    }

    /// Puts `digit` in an open cell that still allows it. Only the cell's peers in its own word go
    /// now; [`update`](Self::update) then sees a row with one cell, and clears the cell from the
    /// other digits and its column from the other bands.
    #[inline(always)]
    pub(super) fn place(&mut self, digit: usize, band: usize, pos: usize) {
        self.cand[3 * digit + band] &= !BAND_PEERS[pos];
    }

    /// Applies singles and locked candidates until nothing changes. `false`: a contradiction.
    pub(super) fn propagate(&mut self) -> bool {
        loop {
            loop {
                let mut changed = false;
                // Unrolled: every word gets its own branch (and branch history) and constant indices.
                macro_rules! sweep {
                    ($($k:literal)*) => {$(
                        if self.cand[$k] != self.seen[$k] {
                            changed = true;
                            if !self.update::<$k>() {
                                return false;
                            }
                        }
                    )*};
                }
                sweep!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
                if !changed {
                    break;
                }
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.is_solved() || !self.claim() {
                return true;
            }
        }
    }

    /// Everything one digit's band word `K = 3 * digit + band` says on its own (see the module
    /// header): locked triads, hidden singles in rows and boxes, and the columns boxes point at.
    #[inline(always)]
    fn update<const K: usize>(&mut self) -> bool {
        let (digit, band) = (K / 3, K % 3);
        let mut word = self.cand[K];
        let triads = usize::from(TRIADS_OF_ROW[(word & 511) as usize])
            | usize::from(TRIADS_OF_ROW[(word >> 9 & 511) as usize]) << 3
            | usize::from(TRIADS_OF_ROW[(word >> 18 & 511) as usize]) << 6;
        let locked = LOCKED_CELLS[triads & 511];
        if locked == 0 {
            return false;
        }
        word &= locked;
        // A box whose digit is confined to one column takes that column from the other bands.
        let pointed = !POINTED[((word | word >> 9 | word >> 18) & 511) as usize];
        self.cand[3 * digit] &= pointed;
        self.cand[3 * digit + 1] &= pointed;
        self.cand[3 * digit + 2] &= pointed;
        let singles = u32::from(ROW_SINGLE[(word & 511) as usize])
            | u32::from(ROW_SINGLE[(word >> 9 & 511) as usize]) << 9
            | u32::from(ROW_SINGLE[(word >> 18 & 511) as usize]) << 18;
        let fresh = singles & self.open[band];
        self.open[band] &= !fresh;
        for d in 0..9 {
            self.cand[3 * d + band] &= !fresh;
        }
        self.cand[K] = word;
        self.seen[K] = word;
        self.unclaimed |= 1 << digit;
        true
    }

    /// Locked candidates along columns, claiming type: a digit that a column can hold in only one
    /// band must be in that column's box there, so the box's other columns lose it. Together with
    /// [`update`](Self::update) this also finds hidden singles in columns. Returns whether a word
    /// changed.
    fn claim(&mut self) -> bool {
        #[inline(always)]
        fn columns(word: u32) -> u32 {
            (word | word >> 9 | word >> 18) & 511
        }
        let mut changed = false;
        let mut digits = self.unclaimed;
        self.unclaimed = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let (w0, w1, w2) = (self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]);
            let (c0, c1, c2) = (columns(w0), columns(w1), columns(w2));
            let n0 = w0 & (u32::from(CLAIMED[(c0 & !(c1 | c2)) as usize]) * COLUMN);
            let n1 = w1 & (u32::from(CLAIMED[(c1 & !(c0 | c2)) as usize]) * COLUMN);
            let n2 = w2 & (u32::from(CLAIMED[(c2 & !(c0 | c1)) as usize]) * COLUMN);
            changed |= (n0 != w0) | (n1 != w1) | (n2 != w2);
            self.cand[3 * d] = n0;
            self.cand[3 * d + 1] = n1;
            self.cand[3 * d + 2] = n2;
        }
        changed
    }

    /// Places every open cell left with one candidate. `None`: a cell has none (or two singles
    /// clash); `Some(placed anything)`.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                self.pairs[band] = 0;
                continue;
            }
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let word = self.cand[3 * d + band];
                three |= two & word;
                two |= one & word;
                one |= word;
            }
            if open & !one != 0 {
                return None;
            }
            self.pairs[band] = open & !three;
            let singles = open & !two;
            if singles == 0 {
                continue;
            }
            placed = true;
            for d in 0..9 {
                let mut mine = singles & self.cand[3 * d + band];
                while mine != 0 {
                    let pos = low(mine);
                    mine &= mine - 1;
                    if self.cand[3 * d + band] >> pos & 1 == 0 {
                        return None; // an earlier single of this digit took it
                    }
                    self.place(d, band, pos);
                }
            }
        }
        Some(placed)
    }

    /// The open cell to branch on, for a propagated board that is not solved (see the module
    /// header): the two-candidate cell with the most open and two-candidate cells among its peers;
    /// without one, the first cell with three candidates, else the first open cell.
    pub(super) fn branch(&self) -> Branch {
        if self.pairs != [0; 3] {
            let mut best = (0, 0, 0);
            for (band, &pairs) in self.pairs.iter().enumerate() {
                let mut pairs = pairs;
                while pairs != 0 {
                    let pos = low(pairs);
                    pairs &= pairs - 1;
                    let peers = BAND_PEERS[pos];
                    let column = COLUMN << (pos % 9);
                    let (others, more) = ((band + 1) % 3, (band + 2) % 3);
                    let score = 1
                        + (self.open[band] & peers).count_ones()
                        + (self.pairs[band] & peers).count_ones()
                        + ((self.open[others] | self.open[more]) & column).count_ones()
                        + ((self.pairs[others] | self.pairs[more]) & column).count_ones();
                    if score > best.0 {
                        best = (score, band, pos);
                    }
                }
            }
            return self.branch_at(best.1, best.2);
        }
        // No pairs (rare: early in puzzles with several solutions): a cell with three, else any.
        let mut first_open = None;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                continue;
            }
            let (mut one, mut two, mut three, mut four) = (0u32, 0u32, 0u32, 0u32);
            for d in 0..9 {
                let word = self.cand[3 * d + band];
                four |= three & word;
                three |= two & word;
                two |= one & word;
                one |= word;
            }
            let triples = open & !four;
            if triples != 0 {
                return self.branch_at(band, low(triples));
            }
            first_open.get_or_insert((band, low(open)));
        }
        let (band, pos) = first_open.unwrap_or((0, 0));
        self.branch_at(band, pos)
    }

    /// The candidates of a cell, the one leaving the most candidates among its band-peers first.
    /// Only the cell's own candidates (two, almost always) are scored, not all nine digits.
    fn branch_at(&self, band: usize, pos: usize) -> Branch {
        let digits = self.candidates(band, pos);
        let (mut first, mut first_score) = (0, 0);
        let mut rest = digits;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let score = (self.cand[3 * d + band] & BAND_PEERS[pos]).count_ones() + 1;
            if score > first_score {
                (first, first_score) = (d, score);
            }
        }
        Branch { cell: 27 * band + pos, digits, first }
    }
}
