//! The SIMD engine's constant vectors and shuffle controls, all derived by `const fn` from the
//! six ways a digit can cross a band ([`PERM`]) and the box layout (see the engine's header), so
//! that none is written out by hand.

use super::lanes::pick;

/// The nine candidate bits.
pub(super) const ALL: u16 = 0x1ff;

/// The six configurations of a digit in a band: `PERM[k][peer]` is the element (row of the box
/// in a horizontal band, column in a vertical one) that configuration `k` puts the digit in, in
/// each of the band's three boxes. Lexicographic order.
pub(super) const PERM: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// A sixteen-lane control from `src[lane]` (a lane of the same half, or `None` for zero).
const fn control16(src: [Option<usize>; 16]) -> [u16; 16] {
    let mut out = [0u16; 16];
    let mut lane = 0;
    while lane < 16 {
        out[lane] = match src[lane] {
            Some(s) => {
                assert!(s / 8 == lane / 8, "a shuffle stays in its half");
                pick(Some(s % 8))
            }
            None => pick(None),
        };
        lane += 1;
    }
    out
}

const fn control8(src: [Option<usize>; 8]) -> [u16; 8] {
    let mut out = [0u16; 8];
    let mut lane = 0;
    while lane < 8 {
        out[lane] = pick(src[lane]);
        lane += 1;
    }
    out
}

/// The triad lane of `(peer, element)` in a band's triad vector: peers 0 and 1 in the low half
/// (lanes 0-2, 4-6), peer 2 in the high half (lanes 8-10).
const fn triad_lane(peer: usize, element: usize) -> usize {
    4 * peer + element
}

/// Triads from configurations (the configurations in both halves): the `nth` (0 or 1) of the two
/// configurations that put the digit in each triad.
const fn triads_from_configs(nth: usize) -> [u16; 16] {
    let mut src = [None; 16];
    let mut peer = 0;
    while peer < 3 {
        let mut element = 0;
        while element < 3 {
            let mut k = 0;
            let mut seen = 0;
            while k < 6 {
                if PERM[k][peer] == element {
                    if seen == nth {
                        src[triad_lane(peer, element)] = Some(k + 8 * (triad_lane(peer, element) / 8));
                    }
                    seen += 1;
                }
                k += 1;
            }
            element += 1;
        }
        peer += 1;
    }
    control16(src)
}
pub(super) const TRIADS_A: [u16; 16] = triads_from_configs(0);
pub(super) const TRIADS_B: [u16; 16] = triads_from_configs(1);

/// Each group of three lanes (0-2, 4-6, 8-10, 12-14) rotated by `by`: lane `e` gets `e + by`.
const fn rotate_triples(by: usize) -> [u16; 16] {
    let mut src = [None; 16];
    let mut lane = 0;
    while lane < 16 {
        if lane % 4 < 3 {
            src[lane] = Some(lane - lane % 4 + (lane % 4 + by) % 3);
        }
        lane += 1;
    }
    control16(src)
}
pub(super) const TRIPLE_1: [u16; 16] = rotate_triples(1);
pub(super) const TRIPLE_2: [u16; 16] = rotate_triples(2);

/// From "the other two elements of each triad hold these digits" (triad layout) to the
/// configurations they rule out: lane `k` of the low half gets peer 0's lane for `PERM[k][0]`, of
/// the high half peer 2's; [`CONFIG_ELIM_B`] adds peer 1's in the low half.
const fn config_elims(first: bool) -> [u16; 16] {
    let mut src = [None; 16];
    let mut k = 0;
    while k < 6 {
        if first {
            src[k] = Some(triad_lane(0, PERM[k][0]));
            src[8 + k] = Some(triad_lane(2, PERM[k][2]));
        } else {
            src[k] = Some(triad_lane(1, PERM[k][1]));
        }
        k += 1;
    }
    control16(src)
}
pub(super) const CONFIG_ELIM_A: [u16; 16] = config_elims(true);
pub(super) const CONFIG_ELIM_B: [u16; 16] = config_elims(false);

/// A peer's message (eight lanes: its three triads, all, the three "elsewhere" sets, all) from the
/// half holding its triads: lanes `base..base + 3` to lanes 0-2 (`to_high` false) or 4-6.
const fn peer_gather(base: usize, to_high: bool) -> [u16; 8] {
    let mut src = [None; 8];
    let mut e = 0;
    while e < 3 {
        src[if to_high { 4 + e } else { e }] = Some(base + e);
        e += 1;
    }
    control8(src)
}
/// For peers 0 and 2 (lanes 0-2 of their half) and peer 1 (lanes 4-6).
pub(super) const PEER_T: [[u16; 8]; 2] = [peer_gather(0, false), peer_gather(4, false)];
pub(super) const PEER_U: [[u16; 8]; 2] = [peer_gather(0, true), peer_gather(4, true)];
/// Lanes 3 and 7 of a peer's message.
pub(super) const PEER_ALL: [u16; 8] = [0, 0, 0, ALL, 0, 0, 0, ALL];

/// A box mask from a peer's message (in both halves): `[0]` from a horizontal band (cell `(r, c)`
/// gets triad `r`, row `r`'s negative triad the "elsewhere" set `r`, the column triads all), `[1]`
/// from a vertical one (the same with columns).
const fn box_mask(vertical: bool) -> [u16; 16] {
    let mut src = [None; 16];
    let mut lane = 0;
    while lane < 16 {
        let (r, c) = (lane / 4, lane % 4);
        let s = match (r < 3, c < 3) {
            (true, true) => {
                if vertical {
                    c
                } else {
                    r
                }
            }
            (true, false) => {
                if vertical {
                    3
                } else {
                    4 + r
                }
            }
            (false, true) => {
                if vertical {
                    4 + c
                } else {
                    3
                }
            }
            (false, false) => 3,
        };
        src[lane] = Some(s + 8 * (lane / 8));
        lane += 1;
    }
    control16(src)
}
pub(super) const BOX_MASK: [[u16; 16]; 2] = [box_mask(false), box_mask(true)];

/// The least number of candidates of each box lane: a cell one, a negative triad six (three of
/// the nine digits are in the row or column of the box), lane 15 none.
pub(super) const MINIMUM: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];
/// All nine digits in the nine cell lanes.
pub(super) const CELLS: [u16; 16] = [ALL, ALL, ALL, 0, ALL, ALL, ALL, 0, ALL, ALL, ALL, 0, 0, 0, 0, 0];
/// All ones in the nine cell lanes.
pub(super) const CELL_LANES: [u16; 16] = [!0, !0, !0, 0, !0, !0, !0, 0, !0, !0, !0, 0, 0, 0, 0, 0];
/// A box at the start: every digit everywhere except lane 15.
pub(super) const FULL_BOX: [u16; 16] =
    [ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, ALL, 0];

/// Each row of four lanes rotated by `by` (lane `c` gets `c + by`).
const fn rotate_rows(by: usize) -> [u16; 16] {
    let mut src = [None; 16];
    let mut lane = 0;
    while lane < 16 {
        src[lane] = Some(lane - lane % 4 + (lane % 4 + by) % 4);
        lane += 1;
    }
    control16(src)
}
pub(super) const ROW_1: [u16; 16] = rotate_rows(1);
pub(super) const ROW_2: [u16; 16] = rotate_rows(2);

/// The three cells of rows 0-2 rotated by `by`; the triad lanes unchanged.
const fn rotate_cells(by: usize) -> [u16; 16] {
    let mut src = [None; 16];
    let mut lane = 0;
    while lane < 16 {
        src[lane] =
            Some(if lane < 12 && lane % 4 < 3 { lane - lane % 4 + (lane % 4 + by) % 3 } else { lane });
        lane += 1;
    }
    control16(src)
}
pub(super) const CELLS_1: [u16; 16] = rotate_cells(1);
pub(super) const CELLS_2: [u16; 16] = rotate_cells(2);

/// The negative triad lanes gathered: folded (low half | high half) this gives
/// `[H0, H1, H2, 0, V0, V1, V2, 0]`.
pub(super) const GATHER_HV: [u16; 16] = control16([
    Some(3),
    Some(7),
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    None,
    Some(11),
    None,
    Some(12),
    Some(13),
    Some(14),
    None,
]);

/// The band messages of box `(bi, bj)` (index `3 * bi + bj`) from gathered negative (`NEG`, from
/// `[N, N]`) and positive (`POS_1`, `POS_2`, from `[P, P]`) triad assertions: low half the
/// horizontal band's configuration eliminations (the box is its peer `bj`), high half the
/// vertical band's (peer `bi`). A digit kept out of element `e` rules out the configurations
/// that put it there; a digit put in element `e` rules out those that put it elsewhere.
const fn messages(which: usize) -> [[u16; 16]; 9] {
    let mut out = [[0u16; 16]; 9];
    let mut b = 0;
    while b < 9 {
        let (bi, bj) = (b / 3, b % 3);
        let mut src = [None; 16];
        let mut k = 0;
        while k < 6 {
            let (h, v) = (PERM[k][bj], PERM[k][bi]);
            src[k] = Some((h + which) % 3);
            src[8 + k] = Some(8 + 4 + (v + which) % 3);
            k += 1;
        }
        out[b] = control16(src);
        b += 1;
    }
    out
}
pub(super) const NEG: [[u16; 16]; 9] = messages(0);
pub(super) const POS_1: [[u16; 16]; 9] = messages(1);
pub(super) const POS_2: [[u16; 16]; 9] = messages(2);

/// A given in box lane `lane`: the lanes that lose its digit (the other cells of the box, and its
/// row's and column's negative triads).
const fn given_peers() -> [[u16; 16]; 16] {
    let mut out = [[0u16; 16]; 16];
    let mut lane = 0;
    while lane < 12 {
        if lane % 4 < 3 {
            let (r, c) = (lane / 4, lane % 4);
            let mut other = 0;
            while other < 12 {
                if other % 4 < 3 && other != lane {
                    out[lane][other] = 0xffff;
                }
                other += 1;
            }
            out[lane][4 * r + 3] = 0xffff;
            out[lane][12 + c] = 0xffff;
        }
        lane += 1;
    }
    out
}
pub(super) const GIVEN_PEERS: [[u16; 16]; 16] = given_peers();

/// `NOT_AT[peer][element]`: the configuration lanes that put a digit elsewhere in that peer.
const fn not_at() -> [[[u16; 8]; 3]; 3] {
    let mut out = [[[0u16; 8]; 3]; 3];
    let mut peer = 0;
    while peer < 3 {
        let mut element = 0;
        while element < 3 {
            let mut k = 0;
            while k < 6 {
                if PERM[k][peer] != element {
                    out[peer][element][k] = 0xffff;
                }
                k += 1;
            }
            element += 1;
        }
        peer += 1;
    }
    out
}
pub(super) const NOT_AT: [[[u16; 8]; 3]; 3] = not_at();

/// `ONE_LANE[lane]`: all ones in that lane of a box, zero elsewhere.
const fn one_lane16() -> [[u16; 16]; 16] {
    let mut out = [[0u16; 16]; 16];
    let mut lane = 0;
    while lane < 16 {
        out[lane][lane] = 0xffff;
        lane += 1;
    }
    out
}
pub(super) const ONE_LANE: [[u16; 16]; 16] = one_lane16();

/// `ONE_CONFIG[k]`: all ones in configuration lane `k`, zero elsewhere.
const fn one_lane8() -> [[u16; 8]; 8] {
    let mut out = [[0u16; 8]; 8];
    let mut lane = 0;
    while lane < 8 {
        out[lane][lane] = 0xffff;
        lane += 1;
    }
    out
}
pub(super) const ONE_CONFIG: [[u16; 8]; 8] = one_lane8();
