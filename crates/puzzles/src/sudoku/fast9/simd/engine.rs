// The SIMD engine's state and its propagation: boxes and bands sending each other eliminations
// until neither has anything new (see the header of `simd` for the clauses and the layout).
// Included once per instruction set by `simd/mod.rs`.

use super::popcounts;
use crate::sudoku::fast9::simd::lanes::{V16, V8};
use crate::sudoku::fast9::simd::tables::{
    ALL, BOX_MASK, CELLS, CELLS_1, CELLS_2, CELL_LANES, CONFIG_ELIM_A, CONFIG_ELIM_B, FULL_BOX, GATHER_HV,
    GIVEN_PEERS, MINIMUM, NEG, NOT_AT, ONE_LANE, PEER_ALL, PEER_T, PEER_U, POS_1, POS_2, ROW_1, ROW_2,
    TRIADS_A, TRIADS_B, TRIPLE_1, TRIPLE_2,
};

/// A search node: nine boxes and six bands (three horizontal, then three vertical).
#[derive(Debug, Clone, Copy)]
pub(super) struct State {
    /// Box `3 * box_row + box_column`: lane `4 * r + c` the candidates of cell `(r, c)`, lane
    /// `4 * r + 3` the digits that may be absent from row `r` of the box, lane `12 + c` those
    /// that may be absent from column `c`, lane 15 zero.
    pub(super) boxes: [V16; 9],
    /// Band `i` (`i < 3`: rows `3i..3i + 3`; `3 + j`: columns `3j..3j + 3`): lane `k < 6` holds
    /// the digits that configuration `k` (`tables::PERM`) is still open to; lanes 6, 7
    /// zero.
    pub(super) configs: [V8; 6],
    /// Configurations to take out of each band at its next update (sticky: already taken ones
    /// stay, which costs nothing).
    pub(super) elims: [V8; 6],
}

impl State {
    simd_fn! {
        /// The empty grid, before any propagation.
        pub(super) fn new() -> State {
            let configs = V8::load(&[ALL, ALL, ALL, ALL, ALL, ALL, 0, 0]);
            State { boxes: [V16::load(&FULL_BOX); 9], configs: [configs; 6], elims: [V8::zero(); 6] }
        }

        /// Puts a given (`digit` in `0..9`) into its box, and its consequences for its two bands
        /// into their pending eliminations, without propagating: [`start`](Self::start) does that
        /// once for all the givens.
        pub(super) fn give(&mut self, cell: usize, digit: usize) {
            let (row, col) = (cell / 9, cell % 9);
            let (bi, bj, r, c) = (row / 3, col / 3, row % 3, col % 3);
            let lane = 4 * r + c;
            let bit = 1u16 << digit;
            // Tables, not a lane written into an array: a vector load right after a sixteen-bit
            // store to the same place waits for the store.
            let own = V16::load(&ONE_LANE[lane]).and(V16::splat(ALL ^ bit));
            let taken = V16::load(&GIVEN_PEERS[lane]).and(V16::splat(bit)).or(own);
            self.boxes[3 * bi + bj] = self.boxes[3 * bi + bj].and_not(taken);
            let digit_lanes = V8::splat(bit);
            self.elims[bi] = self.elims[bi].or(V8::load(&NOT_AT[bj][r]).and(digit_lanes));
            self.elims[3 + bj] = self.elims[3 + bj].or(V8::load(&NOT_AT[bi][c]).and(digit_lanes));
        }

        /// Whether every cell has exactly one digit left.
        pub(super) fn cells_single(&self) -> bool {
            let (one, cells) = (V16::splat(1), V16::load(&CELL_LANES));
            self.boxes.iter().all(|&b| cells.subset_of(popcounts(b).lanes_eq(one)))
        }

        /// Propagates the givens; `false`: a contradiction.
        pub(super) fn start(&mut self) -> bool {
            self.band::<0>(0, 1)
                && self.band::<1>(0, 1)
                && self.band::<0>(1, 2)
                && self.band::<1>(1, 2)
                && self.band::<0>(2, 0)
                && self.band::<1>(2, 0)
        }

        /// Applies band `band`'s pending eliminations (`band` as in [`State::configs`]) and
        /// propagates; `false`: a contradiction.
        pub(super) fn update_band(&mut self, band: usize) -> bool {
            if band < 3 {
                self.band::<0>(band, 0)
            } else {
                self.band::<1>(band - 3, 0)
            }
        }

        /// The band update: take the pending configurations out; a triad left with only three
        /// digits holds those three, so they leave the configurations that put them elsewhere in
        /// that box; then each of the three boxes is restricted to what the band allows, the box
        /// we came from (`from`, the box's place in the band) last.
        fn band<const VERTICAL: usize>(&mut self, index: usize, from: usize) -> bool {
            let i = 3 * VERTICAL + index;
            let (configs, elims) = (self.configs[i], self.elims[i]);
            if !configs.intersects(elims) {
                return true;
            }
            let mut configs = configs.and_not(elims);
            let triads = triads_of(configs);
            let full = triads.and(popcounts(triads).lanes_eq(V16::splat(3)));
            let elsewhere = full.shuffle(&TRIPLE_1).or(full.shuffle(&TRIPLE_2));
            let (a, b) = (elsewhere.shuffle(&CONFIG_ELIM_A), elsewhere.shuffle(&CONFIG_ELIM_B));
            configs = configs.and_not(a.lo().or(a.hi()).or(b.lo()));
            self.configs[i] = configs;

            let triads = triads_of(configs);
            let elsewhere = triads.shuffle(&TRIPLE_1).or(triads.shuffle(&TRIPLE_2));
            let masks = [
                box_mask::<VERTICAL>(triads.lo(), elsewhere.lo(), 0),
                box_mask::<VERTICAL>(triads.lo(), elsewhere.lo(), 1),
                box_mask::<VERTICAL>(triads.hi(), elsewhere.hi(), 0),
            ];
            for peer in [(from + 1) % 3, (from + 2) % 3, from] {
                let index_of_box = if VERTICAL == 1 { 3 * peer + index } else { 3 * index + peer };
                if !self.restrict::<VERTICAL>(index_of_box, masks[peer]) {
                    return false;
                }
            }
            true
        }

        /// Restricts a box to `mask` and propagates inside it to a fixed point: a cell left with
        /// one digit, a negative triad left with six, or a digit left in one lane of a row or
        /// column of the 4x4 lane matrix is asserted; an asserted digit leaves its box, its row
        /// and column of lanes, and the rest of its cell. What that says about triads goes to the
        /// box's two bands, which are then updated (the one across from where the mask came
        /// first). `false`: a contradiction.
        fn restrict<const FROM_VERTICAL: usize>(&mut self, index: usize, mask: V16) -> bool {
            let mut cells = self.boxes[index];
            if cells.subset_of(mask) {
                return true;
            }
            let (bi, bj) = (index / 3, index % 3);
            let minimum = V16::load(&MINIMUM);
            let mut elim = cells.and_not(mask);
            let (mut all_asserted, mut all_spread) = (V16::splat(0), V16::splat(0));
            loop {
                cells = cells.and_not(elim);
                let counts = popcounts(cells);
                if counts.any_below(minimum) {
                    return false;
                }
                let asserted = cells.and(counts.lanes_eq(minimum)).or(once_in_rows(cells)).or(once_in_columns(cells));
                let placed = asserted.and(V16::load(&CELLS));
                let mut rows = placed.or(placed.shuffle(&ROW_1));
                rows = rows.or(rows.shuffle(&ROW_2));
                let mut columns = placed.or(placed.rows_up());
                columns = columns.or(columns.rows_up2());
                let whole_box = columns.or(columns.shuffle(&CELLS_1)).or(columns.shuffle(&CELLS_2));
                let spread = whole_box.or(rows).or(placed.lanes_nonzero());
                elim = spread.and_not(placed);

                // What goes to the bands is linear in these (shuffles and ORs), so it is sent
                // once, from their union over the rounds.
                all_asserted = all_asserted.or(asserted);
                all_spread = all_spread.or(spread);
                if !elim.intersects(cells) {
                    break;
                }
            }
            let negative = all_asserted.shuffle(&GATHER_HV);
            let negative = negative.lo().or(negative.hi());
            let positive = all_spread.shuffle(&GATHER_HV);
            let positive = positive.lo().or(positive.hi());
            let (negative, positive) = (V16::halves(negative, negative), V16::halves(positive, positive));
            let messages = negative
                .shuffle(&NEG[index])
                .or(positive.shuffle(&POS_1[index]))
                .or(positive.shuffle(&POS_2[index]));
            self.elims[bi] = self.elims[bi].or(messages.lo());
            self.elims[3 + bj] = self.elims[3 + bj].or(messages.hi());
            self.boxes[index] = cells;
            // The same two updates, the band across from the mask's first.
            #[allow(clippy::if_same_then_else, reason = "the order differs, and matters for speed")]
            if FROM_VERTICAL == 1 {
                self.band::<0>(bi, bj) && self.band::<1>(bj, bi)
            } else {
                self.band::<1>(bj, bi) && self.band::<0>(bi, bj)
            }
        }
    }
}

simd_fn! {
    /// A band's nine triads from its configurations, peer `p`'s element `e` in lane `4p + e`.
    fn triads_of(configs: V8) -> V16 {
        let both = V16::halves(configs, configs);
        both.shuffle(&TRIADS_A).or(both.shuffle(&TRIADS_B))
    }

    /// The mask a band sends to one box: from the half of the triad vectors holding that peer
    /// (`which` 1 for peer 1, lanes 4-6 of the low half; 0 for the others).
    fn box_mask<const VERTICAL: usize>(triads: V8, elsewhere: V8, which: usize) -> V16 {
        let message = triads
            .shuffle(&PEER_T[which])
            .or(elsewhere.shuffle(&PEER_U[which]))
            .or(V8::load(&PEER_ALL));
        V16::halves(message, message).shuffle(&BOX_MASK[VERTICAL])
    }

    /// The digits that occur in one lane only of their row of four lanes, in that lane.
    fn once_in_rows(cells: V16) -> V16 {
        let mut one = cells;
        let mut turned = cells.shuffle(&ROW_1);
        let mut two = one.and(turned);
        one = one.or(turned);
        turned = turned.shuffle(&ROW_1);
        two = two.or(one.and(turned));
        one = one.or(turned);
        turned = turned.shuffle(&ROW_1);
        two = two.or(one.and(turned));
        cells.and_not(two)
    }

    /// The digits that occur in one lane only of their column of four lanes, in that lane.
    fn once_in_columns(cells: V16) -> V16 {
        let mut one = cells;
        let mut turned = cells.rows_up();
        let mut two = one.and(turned);
        one = one.or(turned);
        turned = turned.rows_up();
        two = two.or(one.and(turned));
        one = one.or(turned);
        turned = turned.rows_up();
        two = two.or(one.and(turned));
        cells.and_not(two)
    }
}
