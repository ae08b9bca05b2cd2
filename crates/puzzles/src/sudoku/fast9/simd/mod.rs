//! The SIMD 9x9 engine: boxes and bands as vectors of sixteen-bit lanes, propagated into each
//! other, and DPLL over band configurations. Runs on x86-64 processors with AVX2, in its AVX-512
//! build where the processor has AVX-512 F, VL, BW and BITALG (both checked once at run time);
//! the portable bitboard solver of [`super`] stays the default (see there).
//!
//! # Algorithm
//!
//! The model is Tom Dillon's (tdoku, `solver_dpll_triad_simd`, and his write-up "Tdoku: a fast
//! Sudoku solver"): Sudoku as clauses over cells and *triads* (where a row or column meets a box:
//! the digits it holds), solved by unit propagation between two kinds of vectors and DPLL. The
//! code, tables and layout choices below are our own.
//!
//! - **A box** is a 4x4 matrix of lanes, each a 9-bit set of digits:
//!
//!   ```text
//!     c c c H      c: the cell's candidates
//!     c c c H      H: digits that may be absent from that row of the box (a negative triad)
//!     c c c H      V: digits that may be absent from that column of the box
//!     V V V .      .: zero
//!   ```
//!
//!   Each digit is in exactly one lane of each row and each column of the matrix (in a cell of
//!   the row of the box, or absent from it); a cell has at least one digit, a negative triad at
//!   least six (a row of a box holds three digits). A lane at its least asserts its digits; a
//!   digit left in one lane of a row or column of the matrix is asserted there. An asserted
//!   digit leaves the rest of the box, its row and column of lanes, and the rest of its cell
//!   ([`engine`]'s `restrict`, looped to a fixed point inside the box).
//! - **A band** (three boxes in a row, or in a column) holds, for each digit, which of the six
//!   ways it can cross the band's three boxes is still open: the permutation of box rows (or
//!   columns) it takes, lane `k` holding the digits open to configuration `k`. Its triads are the
//!   unions of two configurations each; a triad left with three digits holds them, which rules out
//!   the configurations putting them elsewhere. The band sends each of its boxes a mask (cells by
//!   their triad, negative triads by the other two triads) and the boxes send back which
//!   configurations their assertions rule out. Every box belongs to one band of each direction,
//!   so rows, columns and boxes all propagate: hidden and naked singles, locked candidates both
//!   ways, and the "three digits fill a row of a box" naked triples, with no scalar loop.
//! - **Search** (DPLL, [`search`]): the unsettled band with the fewest open configurations, in
//!   it a digit with two left (else three, else the fewest); assign its first configuration on a
//!   copy of the state, and when that branch is done, take the configuration out of the state
//!   itself and propagate before choosing again. A branch on a configuration settles a digit in
//!   three boxes at once, and the negation of a failed choice is itself propagated: on the
//!   hard puzzles this takes far fewer guesses than branching on cells (docs/performance.md).
//! - **Solutions**: when every band is settled (nine configurations), every digit has exactly
//!   one configuration per band and every cell one digit is checked (the propagation skips a few
//!   checks that cost more than they save, so a settled state is verified, not assumed; with
//!   `debug-checks` the grid is also checked against the givens and the rules).
//!
//! # Why
//!
//! - *Vectors of sixteen-bit lanes* over AVX2 (`vpshufb` shuffles within 128-bit halves, and
//!   `vpermq` to move rows of the 4x4 matrix): a box's propagation step is a few dozen
//!   instructions on one register, branch-free. The shuffle controls are derived by `const fn`
//!   ([`tables`]) from the six configurations and the lane layout, not written by hand.
//! - *`unsafe` in one module* ([`lanes`]): the engine's functions are compiled for AVX2
//!   (`#[target_feature]`) and call each other safely; the vectors' loads and stores and the one
//!   call into the engine from ordinary code are the only `unsafe` blocks.
//! - *Two builds of one source*: `engine.rs` and `search.rs` are `include!`d into `avx2` and
//!   `avx512`, each with its `simd_fn!` (the `#[target_feature]` list: `avx2` takes the one of
//!   `lanes.rs`, `avx512` its own) and lane bit count.
//!   With AVX-512 the compiler fuses chains of vector logic into `vpternlog` and a lane's bits
//!   are counted in one instruction (`vpopcntw`); it measured faster than the AVX2 build on the
//!   same processor (docs/performance.md). One source keeps the two from drifting apart; the
//!   tests run both.
//! - *Guesses are the budget's nodes*, one per branching point, as tdoku counts its decisions.

// `lanes` brings `simd_fn!` for AVX2, which the AVX2 engine below uses as it is.
#[macro_use]
pub(super) mod lanes;
mod tables;

/// The engine compiled for AVX2: [`lanes::Isa::Avx2`], with the `simd_fn!` of the vectors'
/// methods (`lanes.rs`).
mod avx2 {
    use super::lanes::V16;
    simd_fn! {
        /// Each lane's number of set bits.
        fn popcounts(v: V16) -> V16 {
            v.popcounts()
        }
    }

    /// The state and its propagation.
    mod engine {
        include!("engine.rs");
    }

    /// The search.
    pub(super) mod search {
        include!("search.rs");
    }
}

/// The same engine compiled for AVX-512 as well ([`lanes::Isa::Avx512`]): the compiler turns
/// chains of vector logic into three-input instructions (`vpternlog`), and counting a lane's bits
/// is one instruction (`vpopcntw`).
mod avx512 {
    macro_rules! simd_fn {
        ($($item:item)*) => {$(
            #[inline]
            #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512bitalg")]
            $item
        )*};
    }

    use super::lanes::V16;
    simd_fn! {
        /// Each lane's number of set bits.
        fn popcounts(v: V16) -> V16 {
            v.popcounts_bitalg()
        }
    }

    /// The state and its propagation.
    mod engine {
        include!("engine.rs");
    }

    /// The search.
    pub(super) mod search {
        include!("search.rs");
    }
}
